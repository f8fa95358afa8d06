import AutoLayout
import Foundation

/// The priority that holds a view at its stored size when views are laid out again around
/// the stored frames that are the file's fault: above every content priority (hugging,
/// compression resistance), below the file's required constraints.
let storedSizePriority = UILayoutPriority(999)

extension InterfaceBuilderScene {
    /// Names the views that differ only because they follow a view whose stored frame is the
    /// file's fault.
    ///
    /// A label IB laid out in Helvetica Neue is wider or taller than its font makes it, so the
    /// views constrained to it are stored where that wrong size put them; no correct engine
    /// reproduces them either. For each cause, the scene is laid out again with the views of
    /// that cause held at their stored sizes; for `brokenConstraints`, the constraints the
    /// stored frames break also drop to the lowest priority, as they were not in force when
    /// Xcode last laid those views out. When the scene has views of several causes, a last
    /// round holds them all, for views that follow more than one. A differing view without a
    /// cause of its own that lands on its stored frame takes the cause (in a last round, the
    /// first of its causes in ``StoredFrameCause`` order), with the views that moved it as
    /// evidence. The replays run on an engine of their own and the scene is laid out again as
    /// the file has it, so its frames (and pictures) stay the engine's own.
    /// `InterfaceBuilderStoredFrameTests` (`testViewsThatFollowAMissingFontLabelShareItsCause`,
    /// `testViewsThatFollowAStaleFrameShareItsCause`, `testViewsThatFollowTwoCausesTakeTheFirst`)
    /// pins it.
    func attributeFollowers(_ views: inout [InterfaceBuilderReport.View], brokenConstraints: [Int]) {
        var waiting = views.indices.filter { views[$0].differs && views[$0].storedFrameCause == nil }
        guard !waiting.isEmpty else { return }
        // A cause is only ever given to a view with a stored frame (`storedFrameCause(of:)`).
        let present = StoredFrameCause.allCases.filter { cause in views.contains { $0.storedFrameCause == cause } }
        let rounds = present.map { [$0] } + (present.count > 1 ? [present] : [])
        for causes in rounds where !waiting.isEmpty {
            guard let cause = causes.first else { continue }
            let sources = views.filter {
                $0.storedFrameCause.map(causes.contains) == true && $0.followsStoredFrameOf.isEmpty
            }
            guard
                let replay = replay(
                    holding: sources, relaxing: causes.contains(.brokenConstraints) ? brokenConstraints : [])
            else { continue }
            let names =
                sources.prefix(3).map { "\($0.object.name) [\($0.object.id)]" }.joined(separator: ", ")
                + (sources.count > 3 ? " and \(sources.count - 3) more" : "")
                + (sources.count == 1 ? " at its stored size" : " at their stored sizes")
                + (causes.contains(.brokenConstraints) ? " and the constraints the stored frames break relaxed" : "")
            let causeNames = causes.map(\.rawValue).joined(separator: ", ")
            waiting.removeAll { index in
                guard let stored = views[index].object.storedFrame, index < replay.views.count else { return false }
                let delta = InterfaceBuilderReport.delta(replay.views[index].frame, from: stored)
                guard delta <= InterfaceBuilderReport.tolerance else { return false }
                views[index].storedFrameCause = cause
                views[index].storedFrameEvidence =
                    "it follows views whose stored frames are the file's fault (\(causeNames)): "
                    + "with \(names), it lands on its stored frame"
                views[index].followsStoredFrameOf = sources.map(\.object.id)
                return true
            }
        }
    }

    /// Lays the scene out with `sources` held at their stored sizes and the constraints at
    /// `relaxing` (indices into the screen's constraints) at priority 1, with an engine of its
    /// own (`UIView.withSeparateLayout`), then as the file has it again; returns the first of
    /// the two (nil when nothing was held).
    private func replay(holding sources: [InterfaceBuilderReport.View], relaxing: [Int]) -> LayoutReport? {
        var held: [NSLayoutConstraint] = []
        for source in sources {
            guard let view = view(id: source.object.id), let stored = source.object.storedFrame else { continue }
            let width = view.widthAnchor.constraint(equalToConstant: stored.width)
            let height = view.heightAnchor.constraint(equalToConstant: stored.height)
            width.priority = storedSizePriority
            height.priority = storedSizePriority
            held += [width, height]
        }
        guard !held.isEmpty else { return nil }
        // Priorities change in place: a constraint keeps its place in the solving order.
        let relaxed = relaxing.filter { screen.constraints.indices.contains($0) }.map {
            (screen.constraints[$0].constraint, screen.constraints[$0].constraint.priority)
        }
        // A separate engine: the scene's own never sees the held sizes, so the layout after
        // is the one before, ambiguous views included.
        return screen.window.withSeparateLayout {
            for (constraint, _) in relaxed { constraint.priority = UILayoutPriority(1) }
            NSLayoutConstraint.activate(held)
            let replay = screen.layOut()
            NSLayoutConstraint.deactivate(held)
            for (constraint, priority) in relaxed { constraint.priority = priority }
            return replay
        }
    }
}
