import Foundation

/// Something a layout pass reports instead of crashing: the layout goes on.
public struct LayoutDiagnostic: CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: String, Sendable, Hashable {
        /// Required constraints conflict; one of them was broken (left out).
        case unsatisfiableConstraints
        /// A constraint relates items that are not in one view tree, or mixes axes.
        case invalidConstraint
        /// A view's intrinsic size could not be measured (for example, a font is missing).
        case measurementFailed
        /// Text kept changing its wrap width, or safe-area insets and margins kept moving the
        /// views they are measured from; the pass stopped after a fixed number of rounds, and
        /// the next pass goes on from where this one stopped.
        case unstableLayout
        /// A view tree operation was refused (a view cannot be its own ancestor).
        case invalidHierarchy
    }

    /// What kind of problem it is.
    public let kind: Kind
    /// The message, in UIKit's words where UIKit has them.
    public let message: String
    /// For unsatisfiable constraints: the constraint that was broken.
    public let brokenConstraint: NSLayoutConstraint?
    /// For unsatisfiable constraints: the smallest set of required constraints that conflict,
    /// the broken one included.
    public let conflictingConstraints: [NSLayoutConstraint]

    init(
        _ kind: Kind, _ message: String, broken: NSLayoutConstraint? = nil, conflicting: [NSLayoutConstraint] = []
    ) {
        self.kind = kind
        self.message = message
        brokenConstraint = broken
        conflictingConstraints = conflicting
    }

    static func invalidHierarchy(_ message: String) -> LayoutDiagnostic { LayoutDiagnostic(.invalidHierarchy, message) }

    /// The message.
    public var description: String { message }

    /// UIKit's console message for a conflict among required constraints.
    static func unsatisfiable(broken: NSLayoutConstraint, conflicting: [NSLayoutConstraint]) -> LayoutDiagnostic {
        var lines = [
            "[LayoutConstraints] Unable to simultaneously satisfy constraints.",
            "\tProbably at least one of the constraints in the following list is one you don't want. ",
            "\tTry this: ",
            "\t\t(1) look at each constraint and try to figure out which you don't expect; ",
            "\t\t(2) find the code that added the unwanted constraint or constraints and fix it. ",
        ]
        if conflicting.contains(where: { $0 is NSAutoresizingMaskLayoutConstraint }) {
            lines.append(
                "\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the "
                    + "documentation for the UIView property translatesAutoresizingMaskIntoConstraints) ")
        }
        lines.append("(")
        lines.append(conflicting.map { "    \"\($0)\"" }.joined(separator: ",\n"))
        lines.append(")")
        lines.append("")
        lines.append("Will attempt to recover by breaking constraint ")
        lines.append("\(broken)")
        return LayoutDiagnostic(
            .unsatisfiableConstraints, lines.joined(separator: "\n"), broken: broken, conflicting: conflicting)
    }
}
