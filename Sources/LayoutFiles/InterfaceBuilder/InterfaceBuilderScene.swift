import AutoLayout
import Foundation
import Typesetting

/// One scene of an IB file built into a ``LayoutScreen``, with each view's IB object.
public final class InterfaceBuilderScene {
    /// The scene's id (storyboard `sceneID`, or the XIB view's id).
    public let id: String
    /// The scene's name.
    public let name: String
    /// The root view's object id.
    public let rootID: String
    /// The screen, laid out like a layout file's; each view is named by its object id.
    public let screen: LayoutScreen
    /// The objects laid out as views, root first, in document order.
    public let objects: [InterfaceBuilderObject]
    /// What reading found wrong (missing custom fonts, unknown elements).
    public let readingProblems: [LayoutReport.Problem]
    /// Whether the layout is the one the file stores (no other device, size or language).
    public let keepsStoredLayout: Bool
    /// The device laid out on (IB id, or the name given).
    public let deviceName: String
    let scrollViews: Set<String>
    let orientation: Device.Orientation
    private let objectIndex: [String: Int]

    init(
        id: String, name: String, rootID: String, screen: LayoutScreen, objects: [InterfaceBuilderObject],
        readingProblems: [LayoutReport.Problem], keepsStoredLayout: Bool, scrollViews: Set<String>, deviceName: String,
        orientation: Device.Orientation
    ) {
        self.orientation = orientation
        self.id = id
        self.name = name
        self.rootID = rootID
        self.screen = screen
        self.objects = objects
        self.readingProblems = readingProblems
        self.keepsStoredLayout = keepsStoredLayout
        self.scrollViews = scrollViews
        self.deviceName = deviceName
        objectIndex = Dictionary(objects.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The object with an id.
    public func object(id: String) -> InterfaceBuilderObject? { objectIndex[id].map { objects[$0] } }

    /// The view of an object id.
    public func view(id: String) -> UIView? { id == rootID ? screen.rootView : screen.view(named: id) }

    /// Lays the scene out and compares every view with the frame IB stores.
    ///
    /// With `tracingFollowers`, a view that differs only because it follows a view whose
    /// stored frame is the file's fault takes that view's cause (`followsStoredFrameOf`); that
    /// lays the scene out again once per cause found, so it is asked for where causes are
    /// reported (`measure layout`, `scripts/ib-fidelity`), not for layout alone.
    public func layOut(tracingFollowers: Bool = false) -> InterfaceBuilderReport {
        var layout = screen.layOut()
        // Content in a scroll view may reach past the screen: that is scrolling, not offscreen.
        let inScrollView = Set(
            objects.filter { object in
                var parent = object.superviewID
                while let current = parent {
                    if scrollViews.contains(current) { return true }
                    parent = self.object(id: current)?.superviewID
                }
                return false
            }.map(\.id))
        layout.problems.removeAll { $0.kind == .offscreen && $0.view.map(inScrollView.contains) == true }
        for index in layout.views.indices {
            if inScrollView.contains(layout.views[index].name) { layout.views[index].isOffscreen = false }
            if layout.views[index].superview == "view" { layout.views[index].superview = rootID }
        }
        if !layout.views.isEmpty { layout.views[0].name = rootID }
        layout.screen.orientation = orientation.rawValue
        layout.problems = readingProblems + layout.problems
        var views: [InterfaceBuilderReport.View] = []
        for (object, report) in zip(objects, layout.views) {
            let frame = report.frame
            let delta = object.storedFrame.map { InterfaceBuilderReport.delta(frame, from: $0) }
            views.append(
                InterfaceBuilderReport.View(
                    object: object, report: report, delta: delta, isCompared: keepsStoredLayout && object.isCompared))
        }
        if views.contains(where: \.differs) {
            let broken = brokenStoredFrames()
            for index in views.indices where views[index].differs {
                if let (cause, evidence) = storedFrameCause(
                    of: views[index].object, frame: views[index].report.frame, broken: broken.views)
                {
                    views[index].storedFrameCause = cause
                    views[index].storedFrameEvidence = evidence
                }
            }
            if tracingFollowers { attributeFollowers(&views, brokenConstraints: broken.constraints) }
        }
        return InterfaceBuilderReport(
            sceneID: id, sceneName: name, deviceName: deviceName, layout: layout, views: views,
            keepsStoredLayout: keepsStoredLayout)
    }
}

/// A laid-out scene: the layout file report, plus each view against IB's stored frame.
public struct InterfaceBuilderReport: Sendable {
    /// One view.
    public struct View: Sendable {
        /// The IB object.
        public var object: InterfaceBuilderObject
        /// Its layout report (named by object id).
        public var report: LayoutReport.ViewReport
        /// The largest of |Δx|, |Δy|, |Δw|, |Δh| against the stored frame; nil without one.
        public var delta: Double?
        /// Whether the frame is compared (Auto Layout views not marked stale, with stored frames).
        public var isCompared: Bool
        /// For a view that differs, why its stored frame is the file's fault and not the
        /// layout's (docs/interface-builder.md, "Frames that are the file's fault"); nil when
        /// an engine should reproduce it.
        public var storedFrameCause: StoredFrameCause?
        /// What shows the cause: the stored size and the rule it fits, or the broken constraint.
        public var storedFrameEvidence: String?
        /// For a view whose stored frame is the file's fault only because it follows other
        /// views' stored frames (their ids); empty when the cause is the view's own.
        public var followsStoredFrameOf: [String] = []
        /// Whether it is compared and differs by more than 0.01 pt.
        public var differs: Bool { isCompared && (delta ?? 0) > InterfaceBuilderReport.tolerance }
    }

    /// Frames within this many points of IB's are the same (0.01 pt).
    public static let tolerance = 0.01

    /// The largest of |Δx|, |Δy|, |Δw|, |Δh| between a solved frame and a stored one.
    public static func delta(_ frame: CGRect, from stored: CGRect) -> Double {
        [
            frame.minX - stored.minX, frame.minY - stored.minY, frame.width - stored.width,
            frame.height - stored.height,
        ].map { abs(Double($0)) }.max() ?? 0
    }

    /// The scene's id.
    public var sceneID: String
    /// The scene's name.
    public var sceneName: String
    /// The device laid out on.
    public var deviceName: String
    /// The layout, as for layout files (views named by object id, problems with IB positions).
    public var layout: LayoutReport
    /// The views, root first.
    public var views: [View]
    /// Whether frames are compared (nothing changed what the file stores).
    public var keepsStoredLayout: Bool

    /// The views compared.
    public var compared: [View] { views.filter(\.isCompared) }
    /// The compared views that differ, worst first.
    public var differing: [View] {
        views.filter(\.differs).sorted { ($0.delta ?? 0) > ($1.delta ?? 0) }
    }
}
