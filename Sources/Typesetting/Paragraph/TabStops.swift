/// Where tabs stop: `NSParagraphStyle`'s default, left-aligned stops every 28 pt from the
/// start of the line.
///
/// UIKit's default paragraph style lists twelve stops, 28 pt apart (28 … 336), with a
/// `defaultTabInterval` of 0. Past the twelfth stop this model keeps placing stops every 28 pt,
/// which no iOS measurement here confirms (docs/autolayout.md, "Tabs"). A tab at a stop moves
/// to the next one, so a tab always takes some room. Tests: `TabStopTests`.
public enum TabStops {
    /// The distance between default tab stops, in points.
    public static let interval: Double = 28

    /// The first stop strictly after `x` (points from the start of the line).
    public static func next(after x: Double) -> Double {
        guard x.isFinite, x >= 0 else { return interval }
        return ((x / interval).rounded(.down) + 1) * interval
    }
}

extension Collection {
    /// The index of the first element for which `belongs` holds, in a collection where it
    /// holds for a suffix (binary search); `endIndex` when it holds for none.
    func partitioningIndex(where belongs: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if belongs(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
