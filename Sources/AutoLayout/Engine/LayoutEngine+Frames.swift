import Foundation

// The end of a layout pass: what the solved layout feeds back into the next round (wrapping
// text's width, safe-area insets) and the frames written once the layout is stable.
extension LayoutEngine {
    // MARK: Feedback

    /// Gives wrapping text its solved width; true when any changed (they are measured again).
    func updateWrapWidths(_ views: [UIView]) -> Bool {
        var changed = false
        for view in views where view.wrapsAtLayoutWidth {
            let width = CGFloat(pixelRound(absoluteRect(view).width))
            if view.automaticWrapWidth != width {
                view.automaticWrapWidth = width
                view.cachedIntrinsicSize = nil
                changed = true
            }
        }
        return changed
    }

    /// Safe-area insets of subviews: their overlap with the superview's unsafe area. True
    /// when a view whose guides are in use changed.
    func updateSafeAreas(_ views: [UIView]) -> Bool {
        guard fitting == nil else { return false }
        // Only views whose guides are in use, and the superviews they inherit from, need
        // their insets: reading every frame each round would cost a solver lookup per view.
        var needed = Set<ObjectIdentifier>()
        for view in views where !view.builtInGuides.isEmpty {
            var current: UIView? = view
            while let node = current, needed.insert(ObjectIdentifier(node)).inserted { current = node.superview }
        }
        guard !needed.isEmpty else { return false }
        var changed = false
        for view in views where needed.contains(ObjectIdentifier(view)) {
            guard let parent = view.superview else { continue }
            let p = absoluteRect(parent)
            let r = absoluteRect(view)
            let s = parent.safeAreaInsets
            // How far each of the parent's insets reaches into the view, clamped to the view.
            func reach(_ e: UIEdgeInsets) -> UIEdgeInsets {
                func overlap(_ value: Double, _ limit: Double) -> CGFloat { CGFloat(min(max(value, 0), max(limit, 0))) }
                return UIEdgeInsets(
                    top: overlap(p.minY + Double(e.top) - r.minY, r.height),
                    left: overlap(p.minX + Double(e.left) - r.minX, r.width),
                    bottom: overlap(r.maxY - (p.maxY - Double(e.bottom)), r.height),
                    right: overlap(r.maxX - (p.maxX - Double(e.right)), r.width))
            }
            let insets = reach(s)
            if insets != view.safeAreaInsets {
                view.safeAreaInsets = insets
                changed = true
            }
            guard view.preservesSuperviewLayoutMargins else { continue }
            let marginOverlap = reach(parent.effectiveLayoutMargins)
            if marginOverlap != view.superviewMarginOverlap {
                view.superviewMarginOverlap = marginOverlap
                changed = true
            }
        }
        return changed
    }

    // MARK: Frames

    func writeFrames(_ views: [UIView]) {
        var rounded: [ObjectIdentifier: (x: Double, y: Double)] = [:]
        rounded.reserveCapacity(views.count)
        for view in views {
            var (x0, y0, x1, y1) = pixelEdges(absoluteRect(view))
            // The solver places the alignment rectangle; the frame reaches past it by the
            // view's alignment insets (whole points: the grid is kept).
            let reach = view.alignmentRectInsets
            if reach != .zero {
                x0 -= Double(reach.left)
                y0 -= Double(reach.top)
                x1 += Double(reach.right)
                y1 += Double(reach.bottom)
            }
            rounded[ObjectIdentifier(view)] = (x0, y0)
            var originX = x0
            var originY = y0
            if let parent = view.superview, let p = rounded[ObjectIdentifier(parent)] {
                originX -= p.x
                originY -= p.y
            }
            let frame = CGRect(x: originX, y: originY, width: x1 - x0, height: y1 - y0)
            if view.frameStorage != frame { view.frameStorage = frame }
            for guide in view.layoutGuides + view.builtInGuides {
                let g = pixelEdges(absoluteRect(guide))
                guide.layoutFrame = CGRect(x: g.x0 - x0, y: g.y0 - y0, width: g.x1 - g.x0, height: g.y1 - g.y0)
            }
        }
    }
}
