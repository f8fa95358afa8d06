/// The default track of a font's 'trak' table (Apple's tracking table): tracking by point
/// size, as Core Text applies it.
///
/// Core Text reads track 0 (the "normal" track), interpolates linearly between the table's
/// point sizes and holds the first and last values outside them (it does not extrapolate;
/// HarfBuzz 6.0 does, which is why this is read here rather than left to HarfBuzz, which the
/// shim never asks to track: it gives HarfBuzz no point size). `Font.tracking` is the result in
/// points, added after every grapheme cluster exactly as letter spacing is (see
/// `docs/system-font.md`; `TrackingTests` pins the values).
public struct TrackingTable: Hashable, Sendable {
    /// The table's point sizes, ascending.
    public let sizes: [Double]
    /// Track 0's value at each size, in font units.
    public let values: [Double]

    /// Reads track 0 of the horizontal track data of a 'trak' table; nil when the bytes hold
    /// no such track (no table, a vertical-only table, a broken one).
    init?(data: [UInt8]) {
        func u16(_ at: Int) -> Int? {
            at >= 0 && at + 2 <= data.count ? Int(data[at]) << 8 | Int(data[at + 1]) : nil
        }
        func i16(_ at: Int) -> Int? { u16(at).map { $0 >= 0x8000 ? $0 - 0x10000 : $0 } }
        func fixed(_ at: Int) -> Double? {
            guard let high = u16(at), let low = u16(at + 2) else { return nil }
            let raw = Int32(bitPattern: UInt32(high << 16 | low))
            return Double(raw) / 65536
        }
        guard data.count >= 12, let horizontal = u16(6), horizontal > 0,
            let trackCount = u16(horizontal), let sizeCount = u16(horizontal + 2), sizeCount > 0,
            let sizeHigh = u16(horizontal + 4), let sizeLow = u16(horizontal + 6)
        else { return nil }
        let sizeTable = sizeHigh << 16 | sizeLow
        var sizes: [Double] = []
        for i in 0..<sizeCount {
            guard let size = fixed(sizeTable + 4 * i), size.isFinite else { return nil }
            sizes.append(size)
        }
        for track in 0..<trackCount {
            let entry = horizontal + 8 + 8 * track
            guard let value = fixed(entry), let offset = u16(entry + 6) else { return nil }
            guard value == 0 else { continue }
            var values: [Double] = []
            for i in 0..<sizeCount {
                guard let v = i16(offset + 2 * i) else { return nil }
                values.append(Double(v))
            }
            let pairs = zip(sizes, values).sorted { $0.0 < $1.0 }
            self.sizes = pairs.map(\.0)
            self.values = pairs.map(\.1)
            return
        }
        return nil
    }

    /// Creates a table from sizes (points) and track 0's values (font units), one per size.
    public init(sizes: [Double], values: [Double]) {
        let pairs = zip(sizes, values).sorted { $0.0 < $1.0 }
        self.sizes = pairs.map(\.0)
        self.values = pairs.map(\.1)
    }

    /// The tracking at `pointSize`, in font units: linear between the table's sizes, the first
    /// or last value outside them.
    public func value(atPointSize pointSize: Double) -> Double {
        guard let first = sizes.first, let last = sizes.last else { return 0 }
        if pointSize <= first { return values[0] }
        if pointSize >= last { return values[values.count - 1] }
        var upper = 1
        while upper < sizes.count - 1 && sizes[upper] < pointSize { upper += 1 }
        let (s0, s1) = (sizes[upper - 1], sizes[upper])
        let (v0, v1) = (values[upper - 1], values[upper])
        guard s1 > s0 else { return v1 }
        return v0 + (v1 - v0) * (pointSize - s0) / (s1 - s0)
    }
}

extension TrackingTable {
    /// The tracking the system font's stand-in takes, by size band, in 1/1000 em: fitted to the
    /// stored widths of system-font labels in Interface Builder files, so that the stand-in's
    /// widths come as close to SF Pro's as one number per glyph can bring them
    /// (docs/system-font.md, "Widths without SF Pro"; `scripts/system-font-fit` refits them).
    enum StandInBand: Hashable, Sendable {
        /// Inter below 20 pt: SF Pro's own published tracking plus 3/1000 em. Fitted on 192
        /// labels in 22 repositories; predicting each repository from the others, the median
        /// label is 0.7% from its stored width and 90% are within 3.7%.
        case text
        /// Inter Display from 20 pt: +13.5/1000 em at every size. Fitted on 21 labels in 8
        /// repositories (held out: median 1.8%, 90% within 3.7%).
        case display
        /// Inter from 20 pt, for the italic system font (the bundled Inter Display has no
        /// italic): −41.5/1000 em, fitted on the same 21 labels measured in Inter.
        case textFaceAtDisplaySizes

        /// Sizes (points) and values (1/1000 em), interpolated and held as a 'trak' table is.
        var thousandths: (sizes: [Double], values: [Double]) {
            switch self {
            // SF Pro's tracking where its table turns (6, 12, 17 and 20 pt: +41, 0, −26, −23),
            // each plus 3.
            case .text: return ([6, 12, 17, 20], [44, 3, -23, -20])
            case .display: return ([20], [13.5])
            case .textFaceAtDisplaySizes: return ([20], [-41.5])
            }
        }
    }

    /// The stand-in tracking of `band` in the font units of a face with `unitsPerEm`.
    static func standIn(_ band: StandInBand, unitsPerEm: Int) -> TrackingTable {
        let (sizes, values) = band.thousandths
        let scale = Double(max(unitsPerEm, 1)) / 1000
        return TrackingTable(sizes: sizes, values: values.map { $0 * scale })
    }
}
