internal import CTextShim

/// Whether shaping takes its shortcuts: cutting runs at spaces into words shaped once and
/// kept in a `ShapingCache`, and shaping simple words without HarfBuzz's shaper. Each gives
/// exactly HarfBuzz's glyphs for the whole line, by facts of HarfBuzz that were checked for
/// the releases in `verifiedHarfBuzzVersions` only (docs/typesetting.md, "Checked against the
/// HarfBuzz it runs with"). With any other HarfBuzz, or with `INTRINSIC_EXACT_SHAPING=1` in the
/// environment, every run is shaped whole by `hb_shape`: slower, never different. Read once
/// per process.
///
/// ```swift
/// if let note = ShapingShortcuts.note { print(note) }
/// ```
public enum ShapingShortcuts {
    /// Whether the shortcuts run, or why not.
    public enum State: Sendable, Hashable {
        /// The linked HarfBuzz was verified and nothing turned them off.
        case on
        /// `INTRINSIC_EXACT_SHAPING=1` turned them off.
        case offByRequest
        /// The linked HarfBuzz lies outside `verifiedHarfBuzzVersions`.
        case offForUnverifiedHarfBuzz
    }

    /// The state this process runs in.
    public static let state: State = {
        switch ts_shaping_shortcuts() {
        case Int32(TS_SHORTCUTS_ON): return .on
        case Int32(TS_SHORTCUTS_OFF_BY_REQUEST): return .offByRequest
        default: return .offForUnverifiedHarfBuzz
        }
    }()

    /// Whether runs are cut, cached and shaped by the simple path.
    static var areOn: Bool { state == .on }

    /// The version of the HarfBuzz library the process runs with ("6.0.0").
    public static var harfBuzzVersion: String { versionString(ts_harfbuzz_version()) }

    /// The HarfBuzz releases the shortcuts were verified against, as text ("6.0.0 to 6.0.99").
    public static var verifiedHarfBuzzVersions: String {
        "\(versionString(TS_HARFBUZZ_VERIFIED_FIRST)) to \(versionString(TS_HARFBUZZ_VERIFIED_LAST))"
    }

    /// Whether HarfBuzz `major.minor.micro` lies in the verified range.
    public static func isVerified(major: Int, minor: Int, micro: Int) -> Bool {
        guard (0...200).contains(major), (0...99).contains(minor), (0...99).contains(micro) else { return false }
        return ts_harfbuzz_version_verified(Int32(major * 10000 + minor * 100 + micro)) != 0
    }

    /// One line saying why the shortcuts are off (what `measure --version` adds), or nil
    /// when they run.
    public static var note: String? {
        switch state {
        case .on:
            return nil
        case .offByRequest:
            return "INTRINSIC_EXACT_SHAPING=1: every text is shaped whole by HarfBuzz (slower)"
        case .offForUnverifiedHarfBuzz:
            return "HarfBuzz \(harfBuzzVersion) is outside the verified \(verifiedHarfBuzzVersions): "
                + "every text is shaped whole by HarfBuzz (slower)"
        }
    }

    private static func versionString(_ encoded: Int32) -> String {
        "\(encoded / 10000).\(encoded / 100 % 100).\(encoded % 100)"
    }
}
