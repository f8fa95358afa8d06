/// Rounding to a screen's pixel grid, the way UIKit does it.
///
/// Doubles flow unrounded through measuring and solving; rounding happens once, at the edge:
/// intrinsic sizes are raised to the grid (`ceil`), frames are rounded to the nearest pixel.
public enum PixelGrid {
    /// The screen scales UIKit uses: 1, 2 and 3 points-to-pixels.
    public static let scales: [Double] = [1, 2, 3]

    /// Raises `value` to the pixel grid: `ceil(value × scale) / scale`. A value within a
    /// millionth of a pixel of a grid line stays on that line, so floating-point noise never
    /// adds a whole pixel.
    public static func ceil(_ value: Double, scale: Double) -> Double {
        let pixels = value * scale
        let nearest = pixels.rounded()
        if abs(pixels - nearest) < 1e-6 { return nearest / scale }
        return pixels.rounded(.up) / scale
    }

    /// Rounds `value` to the nearest pixel, halves up (Auto Layout's frame rounding). A value
    /// within a millionth of a pixel below a half counts as the half, as in ``ceil(_:scale:)``:
    /// a frame edge that is 9.5 pixels exactly may compute as 9.4999…, and Auto Layout, which
    /// has the half, rounds it up (`PixelRoundingTests.testHalvesFromFloatingPointNoiseRoundUp`).
    public static func round(_ value: Double, scale: Double) -> Double {
        (value * scale + 0.5 + 1e-6).rounded(.down) / scale
    }

    /// A number of points for messages: "343", "20.5", "20.333" (at most three decimals).
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        if abs(value) >= 1e15 { return "\(value)" }
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
    }

    /// Checks a scale: 1, 2 or 3.
    public static func validate(scale: Double) throws(TypesettingError) {
        guard scales.contains(scale) else { throw .invalidScale(scale) }
    }
}
