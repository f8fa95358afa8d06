import AutoLayout
import Foundation
import Typesetting

/// Why a stored frame is one no correct engine reproduces: the file's fault, not the layout's.
/// docs/interface-builder.md ("Frames that are the file's fault") gives each class's evidence.
public enum StoredFrameCause: String, Sendable, Hashable, CaseIterable {
    /// A label in a custom font stored at Helvetica Neue's line (1.165 em a line, raised to the
    /// pixel grid): IB laid it out while the font was missing on the Mac that saved the file.
    case missingFont
    /// An image view stored at 16 × 16, or at a size that is not its image's in `<resources>`
    /// where the image's size sets its frame: the image was missing when IB laid it out.
    case missingImage
    /// A label stored at IB's default frame for a new label (42 × 21 or 42 × 20.5 with the
    /// text "Label"), never laid out since.
    case defaultLabelFrame
    /// A custom class IB draws live (`IBDesignable`, listed in `<designables>`): only its own
    /// code sizes it.
    case designable
    /// The stored frame breaks one of the file's own required constraints by more than 0.5 pt:
    /// Xcode did not update it.
    case brokenConstraints
}

/// What the reader records about an object for telling a stored frame that is the file's
/// fault (``StoredFrameCause``).
struct StoredFrameFacts: Sendable, Hashable {
    /// A label's custom font size (nil for other views and the system font).
    var customFontSize: Double?
    /// A label's number of lines (0: any).
    var numberOfLines = 1
    /// An image view's image size from `<resources>`.
    var imageSize: CGSize?
    /// Whether `<designables>` lists it.
    var isDesignable = false
    /// Whether it shows an SF Symbol (constraints hold its alignment rectangle, not its frame).
    var showsSymbol = false
}

/// Helvetica Neue's line, ascender + descender (0.952 + 0.213 em), which IB's canvas uses for a
/// font it cannot find.
let missingFontLineHeight = 1.165

/// A stored frame that breaks a required constraint by more than this is stale (points).
let brokenConstraintTolerance = 0.5

extension InterfaceBuilderScene {
    /// The cause and its evidence for a view whose solved frame differs from the stored one,
    /// or nil when the stored frame is one an engine should reproduce.
    func storedFrameCause(
        of object: InterfaceBuilderObject, frame: CGRect, broken: [String: String]
    ) -> (StoredFrameCause, String)? {
        guard let storedFrame = object.storedFrame else { return nil }
        let facts = object.facts
        let scale = Double(screen.window.traitCollection.displayScale)
        let storedWidth = Double(storedFrame.width)
        let storedHeight = Double(storedFrame.height)
        let solvedWidth = Double(frame.width)
        let solvedHeight = Double(frame.height)
        func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= InterfaceBuilderReport.tolerance }
        let storedText = "\(PixelGrid.format(storedWidth)) × \(PixelGrid.format(storedHeight))"
        if object.kind == "label", object.texts["text"] == "Label", same(storedWidth, 42),
            same(storedHeight, 21) || same(storedHeight, 20.5)
        {
            return (.defaultLabelFrame, "stored at IB's default label frame, " + storedText)
        }
        if facts.isDesignable {
            return (.designable, "its class is drawn live by IB (`<designables>`); only its code sizes it")
        }
        if let size = facts.customFontSize, object.kind == "label", !same(solvedHeight, storedHeight) {
            let most = facts.numberOfLines > 0 ? facts.numberOfLines : 20
            for lines in 1...max(1, most) {
                let line = Double(lines) * missingFontLineHeight * size
                guard same(PixelGrid.ceil(line, scale: scale > 0 ? scale : 1), storedHeight) else { continue }
                let count = lines == 1 ? "1 line" : "\(lines) lines"
                let evidence = "stored \(PixelGrid.format(storedHeight)) tall: \(count) of Helvetica Neue's 1.165 em"
                return (.missingFont, evidence + " at \(PixelGrid.format(size)) pt, IB's stand-in for a missing font")
            }
        }
        if object.kind == "imageView", let image = facts.imageSize, !facts.showsSymbol {
            let imageWidth = Double(image.width)
            let imageHeight = Double(image.height)
            if same(storedWidth, 16), same(storedHeight, 16), !(same(imageWidth, 16) && same(imageHeight, 16)) {
                return (.missingImage, "stored 16 × 16, IB's size for an image it cannot find")
            }
            let widthFromImage = same(solvedWidth, imageWidth) && !same(storedWidth, imageWidth)
            let heightFromImage = same(solvedHeight, imageHeight) && !same(storedHeight, imageHeight)
            if widthFromImage || heightFromImage {
                let imageText = "\(PixelGrid.format(imageWidth)) × \(PixelGrid.format(imageHeight))"
                return (
                    .missingImage,
                    "its image is " + imageText + " in <resources>; the stored frame, " + storedText
                        + ", is not sized by it"
                )
            }
        }
        if let evidence = broken[object.id] { return (.brokenConstraints, evidence) }
        return nil
    }

    /// The views whose stored frames break one of the file's own required constraints by more
    /// than 0.5 pt, with the constraint: edges, sizes and centres of views only (not margins,
    /// baselines or guides), not SF Symbol image views (constraints hold their alignment
    /// rectangle) nor scroll views (their edges mean their content). Of a view and a view it
    /// lies in, the inner one holds the stale frame. Frames are taken to scene coordinates by
    /// adding the stored origins of the views they lie in. Also returns the broken
    /// constraints, as indices into the screen's constraints.
    func brokenStoredFrames() -> (views: [String: String], constraints: [Int]) {
        var absolute: [String: CGRect] = [:]
        func frame(_ id: String) -> CGRect? {
            if let known = absolute[id] { return known }
            guard let object = object(id: id), var rect = object.storedFrame else { return nil }
            if object.isRoot {
                rect.origin = .zero
            } else if let parent = object.superviewID, let outer = frame(parent) {
                rect.origin.x += outer.minX
                rect.origin.y += outer.minY
            }
            absolute[id] = rect
            return rect
        }
        func edge(_ attribute: NSLayoutConstraint.Attribute, _ rect: CGRect) -> Double? {
            let value: CGFloat
            switch attribute {
            case .left, .leading: value = rect.minX
            case .right, .trailing: value = rect.maxX
            case .top: value = rect.minY
            case .bottom: value = rect.maxY
            case .width: value = rect.width
            case .height: value = rect.height
            case .centerX: value = rect.midX
            case .centerY: value = rect.midY
            default: return nil
            }
            return Double(value)
        }
        func encloses(_ outer: String, _ inner: String) -> Bool {
            var parent = object(id: inner)?.superviewID
            while let current = parent {
                if current == outer { return true }
                parent = object(id: current)?.superviewID
            }
            return false
        }
        var broken: [String: String] = [:]
        var brokenConstraints: [Int] = []
        for (index, constraint) in screen.constraints.enumerated() {
            let expression = constraint.expression
            guard expression.priority >= 1000, expression.first.guide == nil, expression.second?.guide == nil else {
                continue
            }
            let items = [expression.first.item] + (expression.second.map { [$0.item] } ?? [])
            guard
                items.allSatisfy({ id in
                    guard let object = object(id: id) else { return false }
                    return !object.facts.showsSymbol && !scrollViews.contains(id)
                })
            else { continue }
            guard let firstFrame = frame(expression.first.item),
                let value = edge(expression.first.attribute, firstFrame)
            else { continue }
            var target = expression.constant
            if let second = expression.second {
                guard let secondFrame = frame(second.item), let other = edge(second.attribute, secondFrame) else {
                    continue
                }
                target += other * expression.multiplier
            }
            let error = value - target
            let amount: Double
            switch expression.relation {
            case .equal: amount = abs(error)
            case .greaterThanOrEqual: amount = -error
            case .lessThanOrEqual: amount = error
            }
            guard amount > brokenConstraintTolerance else { continue }
            brokenConstraints.append(index)
            let evidence =
                "the stored frames break the required constraint \(constraint.text) by \(PixelGrid.format(amount)) pt"
            for item in items where !items.contains(where: { $0 != item && encloses(item, $0) }) {
                if broken[item] == nil { broken[item] = evidence }
            }
        }
        return (broken, brokenConstraints)
    }
}
