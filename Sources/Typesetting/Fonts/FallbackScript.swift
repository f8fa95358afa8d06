/// The writing systems the fallback knows a face for, so that a cluster the primary face lacks
/// is set in a face made for its script (and, for Han, for its language), as iOS's cascade
/// list for the system font does (`LanguageFonts.cascade(for:language:)`), rather than in
/// whichever face happens to come first and cover it.
public enum FallbackScript: String, Sendable, CaseIterable {
    /// Latin letters (the system font's own).
    case latin
    /// Greek.
    case greek
    /// Cyrillic.
    case cyrillic
    /// Armenian.
    case armenian
    /// Georgian (Mkhedruli, Asomtavruli, Mtavruli).
    case georgian
    /// Hebrew.
    case hebrew
    /// Arabic (also Persian, Urdu).
    case arabic
    /// Syriac.
    case syriac
    /// Thaana (Dhivehi).
    case thaana
    /// N'Ko.
    case nko
    /// Devanagari (Hindi, Marathi, Nepali, Sanskrit).
    case devanagari
    /// Bengali (Bangla, Assamese).
    case bengali
    /// Gurmukhi (Punjabi).
    case gurmukhi
    /// Gujarati.
    case gujarati
    /// Oriya (Odia).
    case oriya
    /// Tamil.
    case tamil
    /// Telugu.
    case telugu
    /// Kannada.
    case kannada
    /// Malayalam.
    case malayalam
    /// Sinhala.
    case sinhala
    /// Thai.
    case thai
    /// Lao.
    case lao
    /// Tibetan (also Dzongkha).
    case tibetan
    /// Myanmar (Burmese).
    case myanmar
    /// Khmer.
    case khmer
    /// Ethiopic (Amharic, Tigrinya).
    case ethiopic
    /// Cherokee.
    case cherokee
    /// Unified Canadian Aboriginal Syllabics (Inuktitut, Cree).
    case canadianSyllabics
    /// Mongolian.
    case mongolian
    /// Tifinagh (Tamazight).
    case tifinagh
    /// Ol Chiki (Santali).
    case olChiki
    /// Adlam (Fulani).
    case adlam
    /// Vai.
    case vai
    /// Javanese.
    case javanese
    /// Yi.
    case yi
    /// Han ideographs and CJK punctuation: Japanese, Chinese or Korean faces by language.
    case han
    /// Hiragana and katakana.
    case kana
    /// Hangul.
    case hangul

    /// The script's place in `allCases`, for tables indexed by script (a `switch`: a dictionary
    /// keyed by the enum would hash its raw string on every lookup).
    var slot: Int {
        switch self {
        case .latin: return 0
        case .greek: return 1
        case .cyrillic: return 2
        case .armenian: return 3
        case .georgian: return 4
        case .hebrew: return 5
        case .arabic: return 6
        case .syriac: return 7
        case .thaana: return 8
        case .nko: return 9
        case .devanagari: return 10
        case .bengali: return 11
        case .gurmukhi: return 12
        case .gujarati: return 13
        case .oriya: return 14
        case .tamil: return 15
        case .telugu: return 16
        case .kannada: return 17
        case .malayalam: return 18
        case .sinhala: return 19
        case .thai: return 20
        case .lao: return 21
        case .tibetan: return 22
        case .myanmar: return 23
        case .khmer: return 24
        case .ethiopic: return 25
        case .cherokee: return 26
        case .canadianSyllabics: return 27
        case .mongolian: return 28
        case .tifinagh: return 29
        case .olChiki: return 30
        case .adlam: return 31
        case .vai: return 32
        case .javanese: return 33
        case .yi: return 34
        case .han: return 35
        case .kana: return 36
        case .hangul: return 37
        }
    }

    /// The script's English name, as messages print it: "Tamil", "Canadian Aboriginal Syllabics".
    public var name: String {
        switch self {
        case .nko: return "N'Ko"
        case .oriya: return "Odia"
        case .canadianSyllabics: return "Canadian Aboriginal Syllabics"
        case .olChiki: return "Ol Chiki"
        case .han: return "Han (Chinese, Japanese, Korean)"
        case .kana: return "Japanese kana"
        default:
            let raw = rawValue
            return raw.prefix(1).uppercased() + raw.dropFirst()
        }
    }

    /// A few letters of the script: a face that has them all is said to cover it (`--list-fonts`).
    public var sampleLetters: [Unicode.Scalar] {
        let values: [UInt32]
        switch self {
        case .latin: values = [0x41, 0x61, 0xE9]
        case .greek: values = [0x391, 0x3B1, 0x3C9]
        case .cyrillic: values = [0x410, 0x430, 0x44F]
        case .armenian: values = [0x531, 0x561, 0x582]
        case .georgian: values = [0x10D0, 0x10D8, 0x10F0]
        case .hebrew: values = [0x5D0, 0x5E9, 0x5EA]
        case .arabic: values = [0x627, 0x628, 0x645]
        case .syriac: values = [0x710, 0x712, 0x72C]
        case .thaana: values = [0x780, 0x78B, 0x7A6]
        case .nko: values = [0x7CA, 0x7D3, 0x7DE]
        case .devanagari: values = [0x915, 0x928, 0x93F]
        case .bengali: values = [0x995, 0x9A8, 0x9BF]
        case .gurmukhi: values = [0xA15, 0xA28, 0xA3F]
        case .gujarati: values = [0xA95, 0xAA8, 0xABF]
        case .oriya: values = [0xB15, 0xB28, 0xB3F]
        case .tamil: values = [0xB95, 0xBA4, 0xBBF]
        case .telugu: values = [0xC15, 0xC28, 0xC3F]
        case .kannada: values = [0xC95, 0xCA8, 0xCBF]
        case .malayalam: values = [0xD15, 0xD28, 0xD3F]
        case .sinhala: values = [0xD9A, 0xDB1, 0xDD2]
        case .thai: values = [0xE01, 0xE19, 0xE32]
        case .lao: values = [0xE81, 0xE99, 0xEB2]
        case .tibetan: values = [0xF40, 0xF53, 0xF72]
        case .myanmar: values = [0x1000, 0x1014, 0x102D]
        case .khmer: values = [0x1780, 0x1793, 0x17B6]
        case .ethiopic: values = [0x1200, 0x1208, 0x1260]
        case .cherokee: values = [0x13A0, 0x13A9, 0x13F4]
        case .canadianSyllabics: values = [0x1401, 0x140A, 0x1466]
        case .mongolian: values = [0x1820, 0x1828, 0x1832]
        case .tifinagh: values = [0x2D30, 0x2D3C, 0x2D4F]
        case .olChiki: values = [0x1C5A, 0x1C63, 0x1C6F]
        case .adlam: values = [0x1E900, 0x1E922, 0x1E944]
        case .vai: values = [0xA500, 0xA50B, 0xA58F]
        case .javanese: values = [0xA984, 0xA9A4, 0xA9B6]
        case .yi: values = [0xA000, 0xA001, 0xA0C0]
        case .han: values = [0x4E00, 0x6587, 0x5B57]
        case .kana: values = [0x3042, 0x30A2, 0x30F3]
        case .hangul: values = [0xAC00, 0xD55C, 0x1100]
        }
        return values.compactMap(Unicode.Scalar.init)
    }

    /// The code point ranges of each script, ascending and apart, for `of(_:)`'s bisection.
    /// Common and inherited characters (digits, punctuation, combining marks) belong to none:
    /// the primary face or the general fallback sets them.
    static let ranges: [(lower: UInt32, upper: UInt32, script: FallbackScript)] = [
        (0x41, 0x5A, .latin), (0x61, 0x7A, .latin), (0xAA, 0xAA, .latin), (0xBA, 0xBA, .latin),
        (0xC0, 0xD6, .latin), (0xD8, 0xF6, .latin), (0xF8, 0x2AF, .latin),
        (0x370, 0x373, .greek), (0x375, 0x37D, .greek), (0x37F, 0x3FF, .greek),
        (0x400, 0x52F, .cyrillic), (0x531, 0x58F, .armenian),
        (0x590, 0x5FF, .hebrew), (0x600, 0x6FF, .arabic), (0x700, 0x74F, .syriac), (0x750, 0x77F, .arabic),
        (0x780, 0x7BF, .thaana), (0x7C0, 0x7FF, .nko), (0x860, 0x86F, .syriac), (0x870, 0x8FF, .arabic),
        (0x900, 0x97F, .devanagari), (0x980, 0x9FF, .bengali), (0xA00, 0xA7F, .gurmukhi),
        (0xA80, 0xAFF, .gujarati), (0xB00, 0xB7F, .oriya), (0xB80, 0xBFF, .tamil), (0xC00, 0xC7F, .telugu),
        (0xC80, 0xCFF, .kannada), (0xD00, 0xD7F, .malayalam), (0xD80, 0xDFF, .sinhala), (0xE00, 0xE7F, .thai),
        (0xE80, 0xEFF, .lao), (0xF00, 0xFFF, .tibetan), (0x1000, 0x109F, .myanmar),
        (0x10A0, 0x10FF, .georgian), (0x1100, 0x11FF, .hangul), (0x1200, 0x139F, .ethiopic),
        (0x13A0, 0x13FF, .cherokee), (0x1400, 0x167F, .canadianSyllabics), (0x1780, 0x17FF, .khmer),
        (0x1800, 0x18AF, .mongolian), (0x18B0, 0x18FF, .canadianSyllabics), (0x19E0, 0x19FF, .khmer),
        (0x1C50, 0x1C7F, .olChiki), (0x1C80, 0x1C8F, .cyrillic), (0x1C90, 0x1CBF, .georgian),
        (0x1E00, 0x1EFF, .latin), (0x1F00, 0x1FFF, .greek), (0x2C60, 0x2C7F, .latin),
        (0x2D00, 0x2D2F, .georgian), (0x2D30, 0x2D7F, .tifinagh), (0x2D80, 0x2DDF, .ethiopic),
        (0x2DE0, 0x2DFF, .cyrillic), (0x2E80, 0x2FFF, .han), (0x3000, 0x303F, .han), (0x3040, 0x30FF, .kana),
        (0x3130, 0x318F, .hangul), (0x3190, 0x31EF, .han), (0x31F0, 0x31FF, .kana), (0x3200, 0x9FFF, .han),
        (0xA000, 0xA4CF, .yi), (0xA500, 0xA63F, .vai), (0xA640, 0xA69F, .cyrillic), (0xA720, 0xA7FF, .latin),
        (0xA8E0, 0xA8FF, .devanagari), (0xA960, 0xA97F, .hangul), (0xA980, 0xA9DF, .javanese),
        (0xA9E0, 0xA9FF, .myanmar), (0xAA60, 0xAA7F, .myanmar), (0xAB00, 0xAB2F, .ethiopic),
        (0xAB30, 0xAB6F, .latin), (0xAB70, 0xABBF, .cherokee), (0xAC00, 0xD7FF, .hangul),
        (0xF900, 0xFAFF, .han), (0xFB00, 0xFB06, .latin), (0xFB13, 0xFB17, .armenian), (0xFB1D, 0xFB4F, .hebrew),
        (0xFB50, 0xFDFF, .arabic), (0xFE30, 0xFE4F, .han), (0xFE70, 0xFEFF, .arabic), (0xFF00, 0xFF65, .han),
        (0xFF66, 0xFF9F, .kana), (0x11FC0, 0x11FFF, .tamil), (0x1B000, 0x1B16F, .kana),
        (0x1E900, 0x1E95F, .adlam), (0x20000, 0x3FFFF, .han),
    ]

    /// `ranges` over the Basic Multilingual Plane as one byte per code point (1 + the script's
    /// slot, 0 for none), made on first use: the itemizer asks for every letter its primary
    /// face lacks, and a lookup beats the bisection there. 64 KiB for the process.
    /// `allCases`, made once.
    private static let cases = allCases

    private static let bmpSlots: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 0x10000)
        table.withUnsafeMutableBufferPointer { table in
            for range in ranges where range.lower < 0x10000 {
                let span = Int(range.lower)...Int(min(range.upper, 0xFFFF))
                UnsafeMutableBufferPointer(rebasing: table[span]).update(repeating: UInt8(range.script.slot + 1))
            }
        }
        return table
    }()

    /// The script of one code point, or nil for a common or inherited one or a script the
    /// fallback has no entry for.
    public static func of(_ scalar: Unicode.Scalar) -> FallbackScript? {
        let value = scalar.value
        // Below "A" nothing belongs to a script: digits, punctuation, controls.
        if value < 0x41 { return nil }
        if value < 0x10000 {
            let slot = bmpSlots[Int(value)]
            return slot == 0 ? nil : cases[Int(slot) - 1]
        }
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upper < value { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].lower <= value ? ranges[low].script : nil
    }

    /// The script of the first code point in `scalars` that belongs to one of these scripts, or nil.
    public static func of<S: Sequence>(_ scalars: S) -> FallbackScript? where S.Element == Unicode.Scalar {
        for scalar in scalars {
            if let script = of(scalar) { return script }
        }
        return nil
    }
}
