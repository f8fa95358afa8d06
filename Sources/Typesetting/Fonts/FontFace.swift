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

    /// The variation axes of a variable font ('fvar'); empty for a static face.
    public let axes: [FontAxis]
    /// The design coordinates this face is set at, by axis tag: every axis of a variable face
    /// (its defaults for the file's own face), empty for a static face.
    public let coordinates: [String: Double]
    /// The 'trak' table's track 0 (Core Text's default tracking), when the face has one.
    public let trackingTable: TrackingTable?

    /// Whether this face stands in for the system font when SF Pro is not installed: a
    /// bundled face with SF Pro's line metrics (`FontRegistry.systemFont`).
    public let isSystemFontStandIn: Bool
    /// The Apple face this face stands in for, whose line metrics it carries: "SF Pro" for the
    /// system font's stand-in, or the face iOS falls back to for a script ("PingFang SC",
    /// `AppleFallbackMetrics`); nil for a face used as itself.
    public let standsInFor: String?

    let handle: OpaquePointer
    /// False for a stand-in, which shares the handle of the face it was made from.
    private let ownsHandle: Bool
    /// The face a stand-in shares its handle with, kept alive as long as the stand-in.
    private let shared: FontFace?
    /// For an instance of a variable face: the file's own face, whose bytes it reads (kept
    /// alive as long as the instance).
    private let root: FontFace?

    /// Instances made so far, by file face, coordinates and style, shared by the process. An
    /// entry keeps its instance (and so the file's face) alive, so an identity is not reused
    /// while it is listed. Bounded (`maximumInstances`): past it the list starts again, since
    /// every point size of a face with an optical size axis is an instance of its own.
    private static let instances = Locked([InstanceKey: FontFace]())

    /// The most instances `instances` keeps.
    static let maximumInstances = 128

    private struct InstanceKey: Hashable {
        let root: ObjectIdentifier
        let values: [Double]
        let style: String
    }

    /// Opens face `index` of the font file at `path`.
    ///
    /// - Throws: `TypesettingError.unreadableFont` when the file is missing, not a font, or corrupt.
    public convenience init(path: String, index: Int = 0) throws(TypesettingError) {
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
        let axes = FontFace.readAxes(face)
        self.init(
            handle: face, path: path, index: index, root: nil, axes: axes,
            coordinates: Dictionary(axes.map { ($0.tag, $0.defaultValue) }, uniquingKeysWith: { a, _ in a }),
            names: nil)
    }

    /// Wraps an opened face. `names` (family, style, PostScript name) are read from the face
    /// when nil.
    private init(
        handle face: OpaquePointer, path: String, index: Int, root: FontFace?, axes: [FontAxis],
        coordinates: [String: Double], names: (String, String, String)?
    ) {
        self.handle = face
        self.ownsHandle = true
        self.shared = nil
        self.isSystemFontStandIn = false
        self.standsInFor = nil
        self.path = path
        self.index = index
        self.root = root
        self.axes = axes
        self.coordinates = coordinates
        var info = TSFaceInfo()
        ts_face_info(face, &info)
        if let names {
            (self.family, self.style, self.postScriptName) = names
        } else {
            self.family = FontFace.string { ts_face_family(face, $0, $1) }
            self.style = FontFace.string { ts_face_style(face, $0, $1) }
            self.postScriptName = FontFace.string { ts_face_postscript_name(face, $0, $1) }
        }
        self.weight = FontWeight(value: Int(info.weightClass)) ?? .regular
        self.isItalic = info.isItalic != 0
        self.isColor = info.isColor != 0
        self.faceCount = Int(info.faceCount)
        self.trackingTable = root.map(\.trackingTable) ?? TrackingTable(data: FontFace.table("trak", of: face))
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

    /// A stand-in made from `face`: the same glyphs, with `lineMetrics` and `tracking`, and no
    /// variation axes of its own (it is set at `face`'s coordinates).
    private init(standingIn face: FontFace, for apple: StandIn) {
        self.handle = face.handle
        self.ownsHandle = false
        self.shared = face
        self.isSystemFontStandIn = apple.isSystemFont
        self.standsInFor = apple.name
        self.path = face.path
        self.index = face.index
        self.root = nil
        self.axes = []
        self.coordinates = [:]
        self.family = face.family
        self.style = face.style
        self.postScriptName = face.postScriptName
        self.weight = face.weight
        self.isItalic = face.isItalic
        self.isColor = face.isColor
        self.faceCount = face.faceCount
        self.trackingTable = apple.isSystemFont ? apple.tracking : face.trackingTable
        var tables = face.tables
        tables.lineMetrics = apple.lineMetrics
        self.tables = tables
    }

    /// What a stand-in carries of the Apple face it stands in for.
    struct StandIn: Hashable, Sendable {
        /// The Apple face's name ("SF Pro", "PingFang SC").
        var name: String
        /// Its line metrics.
        var lineMetrics: EmLineMetrics
        /// For the system font: the tracking the stand-in takes (its own 'trak' table is not used).
        var tracking: TrackingTable?
        /// Whether it stands in for the system font (`isSystemFontStandIn`).
        var isSystemFont: Bool
    }

    private struct StandInKey: Hashable {
        let face: ObjectIdentifier
        let apple: StandIn
    }

    /// Stand-ins made so far, by face and what they carry (bounded like `instances`).
    private static let standIns = Locked([StandInKey: FontFace]())

    /// This face standing in for the system font: its glyphs with SF Pro's line metrics
    /// (`EmLineMetrics.sfPro`) and `tracking` in place of any 'trak' table of its own, marked
    /// `isSystemFontStandIn`. The same face and tracking give the same stand-in while it is kept.
    public func systemFontStandIn(tracking: TrackingTable? = nil) -> FontFace {
        if isSystemFontStandIn { return self }
        return standIn(StandIn(name: "SF Pro", lineMetrics: .sfPro, tracking: tracking, isSystemFont: true))
    }

    /// This face standing in for Apple's face `name` with its line metrics: a fallback face set
    /// as iOS sets that script (`AppleFallbackMetrics`). The same arguments give the same face.
    func standIn(for name: String, lineMetrics: EmLineMetrics) -> FontFace {
        if standsInFor == name && tables.lineMetrics == lineMetrics { return self }
        return standIn(StandIn(name: name, lineMetrics: lineMetrics, tracking: nil, isSystemFont: false))
    }

    private func standIn(_ apple: StandIn) -> FontFace {
        // A stand-in of a stand-in wraps the face itself.
        let base = shared ?? self
        let key = StandInKey(face: ObjectIdentifier(base), apple: apple)
        if let known = FontFace.standIns.withLock({ $0[key] }) { return known }
        let made = FontFace(standingIn: base, for: apple)
        return FontFace.standIns.withLock { standIns in
            if let raced = standIns[key] { return raced }
            if standIns.count >= FontFace.maximumInstances { standIns.removeAll() }
            standIns[key] = made
            return made
        }
    }

    deinit { if ownsHandle { ts_face_close(handle) } }

    /// Whether the face is variable (has 'fvar' axes).
    public var isVariable: Bool { !axes.isEmpty }

    /// The axis with `tag` ("wght", "opsz", …), if the face has it.
    public func axis(_ tag: String) -> FontAxis? { axes.first { $0.tag == tag } }

    /// The named instances of a variable face ('fvar'): its style names and coordinates, in
    /// the font's order. Empty for a static face.
    public var namedInstances: [(name: String, coordinates: [String: Double])] {
        let base = root ?? self
        let count = Int(ts_face_named_instance_count(base.handle))
        return (0..<count).compactMap { index in
            var values = [Double](repeating: 0, count: axes.count)
            var name = ""
            let length = values.withUnsafeMutableBufferPointer { values in
                ts_face_named_instance(base.handle, Int32(index), values.baseAddress, Int32(values.count), nil, 0)
            }
            guard length >= 0 else { return nil }
            name = FontFace.string { ts_face_named_instance(base.handle, Int32(index), nil, 0, $0, $1) }
            var coordinates: [String: Double] = [:]
            for (axis, value) in zip(axes, values) { coordinates[axis.tag] = value }
            return (name.isEmpty ? "Instance \(index + 1)" : name, coordinates)
        }
    }

    /// The face at other design coordinates: `settings` (by axis tag, clamped to each axis)
    /// replace this face's own; other axes keep theirs. Returns `self` for a static face or
    /// when nothing changes. The same coordinates give the same face while it is kept (see
    /// `maximumInstances`), so caches keyed by face see one face per instance.
    ///
    /// HarfBuzz shapes the instance with these variations and FreeType draws it at the same
    /// design coordinates; its metrics include the 'MVAR' deltas. `style` names it (a named
    /// instance's name); by default it keeps this face's style.
    ///
    /// - Throws: `unreadableFont` when FreeType refuses the coordinates.
    public func instance(_ settings: [String: Double], style: String? = nil) throws(TypesettingError) -> FontFace {
        guard isVariable else { return self }
        var merged = coordinates
        for (tag, value) in settings {
            guard let axis = axis(tag), value.isFinite else { continue }
            merged[tag] = axis.clamp(value)
        }
        if merged == coordinates && (style == nil || style == self.style) { return self }
        let base = root ?? self
        let values = axes.map { merged[$0.tag] ?? $0.defaultValue }
        let styleName = style ?? self.style
        let key = InstanceKey(root: ObjectIdentifier(base), values: values, style: styleName)
        if let known = FontFace.instances.withLock({ $0[key] }) { return known }
        var handle: OpaquePointer?
        let status = values.withUnsafeBufferPointer {
            ts_face_instance(base.handle, $0.baseAddress, Int32($0.count), &handle)
        }
        guard status == 0, let handle else {
            throw .unreadableFont(path: path, reason: FontFace.explain(status) + " (variation \(merged))")
        }
        let made = FontFace(
            handle: handle, path: path, index: index, root: base, axes: axes, coordinates: merged,
            names: (family, styleName, FontFace.postScriptName(family: base.postScriptName, style: styleName)))
        return FontFace.instances.withLock { instances in
            if let raced = instances[key] { return raced }
            if instances.count >= FontFace.maximumInstances { instances.removeAll() }
            instances[key] = made
            return made
        }
    }

    /// The face Core Text's automatic optical sizing uses at `pointSize`: the 'opsz' axis set
    /// to the point size, clamped to the axis. `self` for a face without an 'opsz' axis.
    public func opticalSizeInstance(pointSize: Double) -> FontFace {
        guard let axis = axis("opsz") else { return self }
        let value = axis.clamp(pointSize)
        if coordinates["opsz"] == value { return self }
        return (try? instance(["opsz": value])) ?? self
    }

    /// The PostScript name of an instance: the family part of the file's PostScript name and
    /// the style without spaces ("Inter-SemiBold"), as Adobe's instance naming does.
    private static func postScriptName(family: String, style: String) -> String {
        let prefix = family.split(separator: "-").first.map(String.init) ?? family
        return prefix + "-" + style.filter { !$0.isWhitespace }
    }

    private static func readAxes(_ face: OpaquePointer) -> [FontAxis] {
        let count = Int(ts_face_axes(face, nil, 0))
        guard count > 0 else { return [] }
        var raw = [TSAxis](repeating: TSAxis(), count: min(count, 64))
        let written = raw.withUnsafeMutableBufferPointer { ts_face_axes(face, $0.baseAddress, Int32($0.count)) }
        return raw.prefix(Int(min(written, Int32(raw.count)))).map { axis in
            let tag = withUnsafeBytes(of: axis.tag) { String(decoding: $0.prefix(4), as: UTF8.self) }
            return FontAxis(
                tag: tag, minimum: axis.minimum, defaultValue: axis.defaultValue, maximum: axis.maximum,
                isHidden: axis.hidden != 0)
        }
    }

    /// The bytes of table `tag`, or empty when the face has none.
    static func table(_ tag: String, of face: OpaquePointer) -> [UInt8] {
        let length = ts_face_table(face, tag, nil, 0)
        guard length > 0, length < 1 << 26 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        _ = bytes.withUnsafeMutableBufferPointer { ts_face_table(face, tag, $0.baseAddress, Int64($0.count)) }
        return bytes
    }

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
    public var description: String {
        let varied = axes.filter { coordinates[$0.tag] != $0.defaultValue }
        let settings = varied.map { "\($0.tag)=\(PixelGrid.format(coordinates[$0.tag] ?? 0))" }
        let suffix = settings.isEmpty ? "" : " [" + settings.joined(separator: ",") + "]"
        return "\(family) \(style)\(suffix) (\(path)#\(index))"
    }

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
    /// Line metrics that replace the ones above (ascender, descender and line gap), in ems:
    /// set on the faces that stand in for the system font (SF Pro's, `EmLineMetrics.sfPro`).
    public var lineMetrics: EmLineMetrics? = nil
}

/// Ascender, descender (negative) and line gap in ems: line metrics carried from one font to
/// a face that stands in for it.
public struct EmLineMetrics: Hashable, Sendable {
    /// The ascender, descender (negative, as in UIKit) and line gap, in ems.
    public var ascender: Double, descender: Double, lineGap: Double

    /// Makes line metrics from font units and the units per em they are in.
    public init(ascender: Double, descender: Double, lineGap: Double, unitsPerEm: Double) {
        self.ascender = ascender / unitsPerEm
        self.descender = descender / unitsPerEm
        self.lineGap = lineGap / unitsPerEm
    }

    /// Whether a line set in this face is raised to whole points (before the pixel grid), as
    /// iOS sets Chinese and Japanese text that falls back from the system font
    /// (docs/typesetting.md, "Line heights of fallback text").
    public var roundsLineHeightToPoints = false

    /// SF Pro's 'hhea' values, the same in SF Pro Text, SF Pro Display and the variable SF Pro
    /// at every instance: ascender 1950, descender −494, line gap 0, at 2048 units per em
    /// (docs/system-font.md gives the sources). A 17 pt line is 20.287 pt, 20.5 at @2x.
    public static let sfPro = EmLineMetrics(ascender: 1950, descender: -494, lineGap: 0, unitsPerEm: 2048)
}

/// One axis of a variable font, in design units ('fvar').
public struct FontAxis: Hashable, Sendable {
    /// The axis tag: "wght", "opsz", "ital", "slnt", "wdth", ….
    public let tag: String
    /// The smallest, default and largest values.
    public let minimum: Double, defaultValue: Double, maximum: Double
    /// Whether the font asks for the axis not to be shown to users.
    public let isHidden: Bool

    /// `value` limited to the axis's range.
    public func clamp(_ value: Double) -> Double { min(max(value, minimum), maximum) }
}
