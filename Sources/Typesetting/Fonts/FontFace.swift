internal import CTextShim
import Foundation

/// One face of a font file, opened through FreeType and shaped through HarfBuzz.
///
/// A face is immutable once opened and may be used from any thread. Measurements use
/// the face's design units scaled to a point size, with no hinting, as Core Text does.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The file the face was read from.
    public let path: String
    /// The face's index within a collection file (0 for a single-face file).
    public let index: Int
    /// The typographic family name (name ID 16, else 1), for example "Inter".
    public let family: String
    /// The typographic style name (name ID 17, else 2), for example "Semi Bold Italic".
    public let style: String
    /// The PostScript name, for example "Inter-SemiBoldItalic".
    public let postScriptName: String
    /// The OpenType weight class of the face ('OS/2' usWeightClass).
    public let weight: FontWeight
    /// Whether the face is italic or oblique ('OS/2' fsSelection bit 0, or the style flags).
    public let isItalic: Bool
    /// Whether the face draws colour glyphs (CBDT, sbix, COLR or SVG), as emoji fonts do.
    public let isColor: Bool
    /// The number of faces in the face's file.
    public let faceCount: Int
    /// The raw metric values of the face, in font units.
    public let tables: FontTables

    let handle: OpaquePointer

    /// Opens face `index` of the font file at `path`.
    ///
    /// - Throws: `TypesettingError.unreadableFont` when the file is missing, not a font, or corrupt.
    public init(path: String, index: Int = 0) throws(TypesettingError) {
        // Only regular files (or links to them): opening a FIFO named like a font blocked
        // forever, and a device such as /dev/zero never ends.
        var file = stat()
        guard stat(path, &file) == 0, file.st_mode & S_IFMT == S_IFREG else {
            let what = access(path, F_OK) != 0 ? "the file does not exist" : "it is not a regular file"
            throw .unreadableFont(path: path, reason: what)
        }
        var face: OpaquePointer?
        var truncation = TSTruncation()
        let status = ts_face_open(path, Int32(clamping: index), &face, &truncation)
        guard status == 0, let face else {
            let reason = status == -6 ? FontFace.explain(truncation) : FontFace.explain(status)
            throw .unreadableFont(path: path, reason: reason)
        }
        self.handle = face
        self.path = path
        self.index = index
        var info = TSFaceInfo()
        ts_face_info(face, &info)
        self.family = FontFace.string { ts_face_family(face, $0, $1) }
        self.style = FontFace.string { ts_face_style(face, $0, $1) }
        self.postScriptName = FontFace.string { ts_face_postscript_name(face, $0, $1) }
        self.weight = FontWeight(value: Int(info.weightClass)) ?? .regular
        self.isItalic = info.isItalic != 0
        self.isColor = info.isColor != 0
        self.faceCount = Int(info.faceCount)
        func top(of scalar: Unicode.Scalar) -> Int {
            let glyph = ts_face_glyph(face, scalar.value)
            return glyph == 0 ? 0 : Int(ts_face_glyph_top(face, glyph))
        }
        self.tables = FontTables(
            unitsPerEm: Int(info.unitsPerEm),
            hheaAscender: Int(info.hheaAscender), hheaDescender: Int(info.hheaDescender),
            hheaLineGap: Int(info.hheaLineGap),
            typoAscender: Int(info.typoAscender), typoDescender: Int(info.typoDescender),
            typoLineGap: Int(info.typoLineGap),
            winAscent: Int(info.winAscent), winDescent: Int(info.winDescent),
            capHeight: info.capHeight > 0 ? Int(info.capHeight) : top(of: "H"),
            xHeight: info.xHeight > 0 ? Int(info.xHeight) : top(of: "x"),
            capHeightSource: info.capHeight > 0 ? .os2 : .glyphBounds,
            xHeightSource: info.xHeight > 0 ? .os2 : .glyphBounds,
            glyphCount: Int(info.glyphCount))
    }

    deinit { ts_face_close(handle) }

    /// Counts the faces in a font file (1 for a plain .ttf/.otf, more for a collection).
    public static func faceCount(path: String) throws(TypesettingError) -> Int {
        try FontFace(path: path, index: 0).faceCount
    }

    /// The nominal glyph for a code point, or nil when the face does not cover it.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        let glyph = ts_face_glyph(handle, scalar.value)
        return glyph == 0 ? nil : glyph
    }

    /// Whether the face has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { ts_face_glyph(handle, scalar.value) != 0 }

    /// The metrics of the face at a point size.
    public func metrics(size: Double) -> FontMetrics { FontMetrics(tables: tables, size: size) }

    /// "Family Style (path)".
    public var description: String { "\(family) \(style) (\(path)#\(index))" }

    /// Faces are equal when they are the same opened face.
    public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }
    /// Hashes the face's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    private static func string(_ read: (UnsafeMutablePointer<CChar>?, Int32) -> Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let needed = buffer.withUnsafeMutableBufferPointer { read($0.baseAddress, Int32($0.count)) }
        if needed >= 256 {
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
            _ = buffer.withUnsafeMutableBufferPointer { read($0.baseAddress, Int32($0.count)) }
        }
        guard needed > 0 else { return "" }
        let bytes = buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where a truncated file is cut (FreeType and HarfBuzz read tables lazily, so the shim
    /// checks the table directory against the file's size).
    private static func explain(_ cut: TSTruncation) -> String {
        switch cut.kind {
        case 2: return "the collection header is truncated"
        case 3: return "the font file is truncated: its table directory ends past byte \(cut.size)"
        case 4:
            let tag = withUnsafeBytes(of: cut.tag) { String(decoding: $0.prefix(4), as: UTF8.self) }
            return "the font file is truncated: table '\(tag)' ends at byte \(cut.end) of \(cut.size)"
        default: return "the font file is truncated (\(cut.size) bytes)"
        }
    }

    private static func explain(_ status: Int32) -> String {
        switch status {
        case -1: return "the file cannot be opened or is empty"
        case -2: return "not an OpenType/TrueType font (only sfnt faces can be shaped)"
        case -3: return "out of memory"
        case -5: return "the face has no glyphs or no units per em"
        case 0x01: return "the file cannot be opened"  // FT_Err_Cannot_Open_Resource
        case 0x02: return "unknown file format: not a font"  // FT_Err_Unknown_File_Format
        case 0x03: return "the font file is broken (invalid file format)"  // FT_Err_Invalid_File_Format
        case 0x06: return "the face index is out of range"  // FT_Err_Invalid_Argument
        case 0x08, 0x09: return "the font file is broken or truncated (FreeType error \(status))"
        default: return "FreeType error \(status): the file is not a valid font"
        }
    }
}

/// Font-unit values read from a face's tables; see `FontMetrics` for the point values.
public struct FontTables: Hashable, Sendable {
    /// Where a cap or x height came from.
    public enum Source: String, Sendable, Hashable {
        /// 'OS/2' version 2+ sCapHeight / sxHeight.
        case os2
        /// The top of the ink box of 'H' or 'x', for faces whose OS/2 table lacks the value.
        case glyphBounds
    }
    /// 'head' unitsPerEm.
    public var unitsPerEm: Int
    /// 'hhea' ascender, descender (negative) and lineGap: the values Core Text uses.
    public var hheaAscender: Int, hheaDescender: Int, hheaLineGap: Int
    /// 'OS/2' sTypoAscender, sTypoDescender, sTypoLineGap.
    public var typoAscender: Int, typoDescender: Int, typoLineGap: Int
    /// 'OS/2' usWinAscent, usWinDescent.
    public var winAscent: Int, winDescent: Int
    /// Cap height and x height in font units.
    public var capHeight: Int, xHeight: Int
    /// Where `capHeight` and `xHeight` came from.
    public var capHeightSource: Source, xHeightSource: Source
    /// The number of glyphs.
    public var glyphCount: Int
}
