import AutoLayout
import Foundation
import LayoutFiles
import Pictures
import Synchronization
import Typesetting
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A small sign-in screen on an iPhone 15: a title, a wrapping subtitle, a one-line label too
/// long for its width, a text field, a button, a text view and an avatar.
private func signInScreen() -> (UIWindow, [String: UIView]) {
    let window = UIWindow(device: .iPhone15)
    window.logsLayoutDiagnostics = false
    let controller = UIViewController()
    window.rootViewController = controller
    let root = controller.view
    let title = UILabel(text: "Welcome back")
    title.font = .systemFont(ofSize: 28, weight: .bold)
    let subtitle = UILabel(text: "Sign in to pick up where you left off, on any of your devices.")
    subtitle.numberOfLines = 0
    subtitle.font = .systemFont(ofSize: 15)
    let hint = UILabel(text: "Your password must be at least twelve characters long and include a symbol")
    hint.font = .systemFont(ofSize: 13)
    let email = UITextField()
    email.placeholder = "Email address"
    email.borderStyle = .roundedRect
    let button = UIButton()
    button.setTitle("Sign In", for: .normal)
    button.contentEdgeInsets = UIEdgeInsets(top: 12, left: 24, bottom: 12, right: 24)
    let notes = UITextView(text: "Trouble signing in? Contact support.")
    notes.isScrollEnabled = false
    notes.font = .systemFont(ofSize: 12)
    let avatar = UIImageView(image: UIImage(size: CGSize(width: 48, height: 48)))
    let named: [String: UIView] = [
        "title": title, "subtitle": subtitle, "hint": hint, "email": email, "button": button, "notes": notes,
        "avatar": avatar,
    ]
    for (name, view) in named {
        view.name = name
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
    }
    let margins = root.layoutMarginsGuide
    NSLayoutConstraint.activate([
        avatar.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 16),
        avatar.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
        title.topAnchor.constraint(equalTo: avatar.bottomAnchor, constant: 16),
        title.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
        title.trailingAnchor.constraint(lessThanOrEqualTo: margins.trailingAnchor),
        subtitle.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
        subtitle.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
        subtitle.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
        email.topAnchor.constraint(equalTo: subtitle.bottomAnchor, constant: 24),
        email.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
        email.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
        hint.topAnchor.constraint(equalTo: email.bottomAnchor, constant: 8),
        hint.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
        hint.widthAnchor.constraint(equalToConstant: 240),
        button.topAnchor.constraint(equalTo: hint.bottomAnchor, constant: 24),
        button.centerXAnchor.constraint(equalTo: root.centerXAnchor),
        notes.topAnchor.constraint(equalTo: button.bottomAnchor, constant: 16),
        notes.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
        notes.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
    ])
    window.layoutIfNeeded()
    return (window, named)
}

/// The frame of `view` in the window's coordinates.
private func absoluteFrame(_ view: UIView) -> CGRect {
    var frame = view.frame
    var parent = view.superview
    while let p = parent {
        frame.origin.x += p.frame.minX
        frame.origin.y += p.frame.minY
        parent = p.superview
    }
    return frame
}

/// The value of an element's attribute (FoundationXML's `attribute(forName:)` misses plain
/// attributes of elements in a default namespace).
private func attr(_ element: XMLElement?, _ name: String) -> String? {
    element?.attributes?.first { $0.name == name || $0.localName == name }?.stringValue
}

/// A biography that takes four or five lines at phone widths.
private let longBio =
    "Mathematician and writer, chiefly known for her work on Charles Babbage's proposed mechanical "
    + "general-purpose computer, the Analytical Engine. She was the first to recognise that the machine "
    + "had applications beyond pure calculation."

/// Every element of `root` and below, depth first.
private func elements(_ root: XMLElement) -> [XMLElement] {
    var result = [root]
    for child in root.children ?? [] {
        if let element = child as? XMLElement { result += elements(element) }
    }
    return result
}

/// Writes the picture's files when PICTURES_DIR is set, to look at them.
private func keep(_ picture: Picture, named name: String) throws {
    guard let directory = ProcessInfo.processInfo.environment["PICTURES_DIR"] else { return }
    try picture.svg().write(toFile: "\(directory)/\(name).svg", atomically: true, encoding: .utf8)
    try Data(picture.png()).write(to: URL(fileURLWithPath: "\(directory)/\(name).png"))
}

final class PicturesTests: XCTestCase {
    func testSVGParsesAsXMLWithABoxPerView() throws {
        let (window, named) = signInScreen()
        let picture = Picture(window: window)
        try keep(picture, named: "sign-in")
        let document = try XMLDocument(data: Data(picture.svg().utf8))
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.name, "svg")
        XCTAssertEqual(attr(root, "width"), "393")
        XCTAssertEqual(attr(root, "height"), "852")
        let groups = elements(root).filter { $0.name == "g" && attr($0, "data-kind") != nil }
        // The window, the controller's root view and the seven views.
        XCTAssertEqual(groups.count, 9)
        for (name, view) in named {
            let group = try XCTUnwrap(
                groups.first { attr($0, "id") == "view-\(name)" }, "no group for \(name)")
            let rect = try XCTUnwrap(
                (group.children ?? []).compactMap { $0 as? XMLElement }.first { $0.name == "rect" },
                "no rect for \(name)")
            let frame = absoluteFrame(view)
            for (attribute, expected) in [
                ("x", frame.minX), ("y", frame.minY), ("width", frame.width), ("height", frame.height),
            ] {
                let value = try XCTUnwrap(Double(attr(rect, attribute) ?? ""))
                XCTAssertEqual(value, Double(expected), accuracy: 0.01, "\(name).\(attribute)")
            }
        }
        let kinds = Dictionary(
            uniqueKeysWithValues: groups.map {
                (attr($0, "id") ?? "", attr($0, "data-kind") ?? "")
            })
        XCTAssertEqual(kinds["view-title"], "label")
        XCTAssertEqual(kinds["view-button"], "button")
        XCTAssertEqual(kinds["view-email"], "textField")
        XCTAssertEqual(kinds["view-notes"], "textView")
        XCTAssertEqual(kinds["view-avatar"], "imageView")
        XCTAssertEqual(kinds["view-window"], "window")
        // Subviews nest in their superview's group.
        let title = try XCTUnwrap(groups.first { attr($0, "id") == "view-title" })
        XCTAssertEqual(attr(title.parent as? XMLElement, "id"), "view-root")
    }

    /// An example file, laid out from JSON: its SVG parses and has a box per view of the file,
    /// at the frame the report gives.
    func testExampleFileSVGHasABoxPerView() throws {
        let (report, screen) = try layOutExample("feed-cell.json")
        let document = try XMLDocument(data: Data(Picture(window: screen.window).svg().utf8))
        let root = try XCTUnwrap(document.rootElement())
        let groups = elements(root).filter { $0.name == "g" && attr($0, "data-kind") != nil }
        for view in report.views where view.name != "view" {
            let group = try XCTUnwrap(
                groups.first { attr($0, "id") == "view-\(view.name)" }, "no group for \(view.name)")
            let rect = try XCTUnwrap(
                (group.children ?? []).compactMap { $0 as? XMLElement }.first { $0.name == "rect" }, view.name)
            XCTAssertEqual(try XCTUnwrap(Double(attr(rect, "y") ?? "")), Double(view.windowFrame.minY), accuracy: 0.01)
            XCTAssertEqual(
                try XCTUnwrap(Double(attr(rect, "width") ?? "")), Double(view.windowFrame.width), accuracy: 0.01)
        }
        XCTAssertTrue(elements(root).contains { $0.name == "path" }, "text is drawn as glyph outlines")
    }

    func testTruncatedLabelIsHighlighted() throws {
        let (window, named) = signInScreen()
        let hint = try XCTUnwrap(named["hint"] as? UILabel)
        XCTAssertTrue(hint.isTruncated)
        let picture = Picture(window: window)
        let box = try XCTUnwrap(picture.boxes.first { $0.name == "hint" })
        XCTAssertEqual(box.problems, [.truncated])
        XCTAssertFalse(try XCTUnwrap(picture.boxes.first { $0.name == "title" }).problems.contains(.truncated))
        let svg = picture.svg()
        XCTAssertTrue(svg.contains("data-problems=\"truncated\""))
        XCTAssertTrue(svg.contains("<rect data-problem=\"truncated\" data-view=\"view-hint\""))
        // The truncated line ends in "…": the last glyph is the ellipsis, inside the label.
        let text = try XCTUnwrap(picture.texts.first { picture.boxes[$0.box].name == "hint" })
        let last = try XCTUnwrap(text.runs.last)
        XCTAssertTrue(last.isEllipsis)
        XCTAssertLessThanOrEqual(text.x + last.x + last.width, box.frame.maxX + 0.5)
        // The highlight is red in the raster: the middle of the label's left edge, 1 pt in.
        let raster = try picture.raster()
        let pixel = raster.pixel(
            x: Int((box.frame.x + 1) * picture.scale), y: Int((box.frame.y + box.frame.height / 2) * picture.scale))
        XCTAssertEqual(pixel.r, 0xFF)
        XCTAssertLessThan(pixel.g, 0x60)
    }

    func testGlyphOutlinesAreTheFontsOwn() throws {
        let font = try FontRegistry.shared.font("Inter", size: 17)
        let glyph = try XCTUnwrap(font.face.glyph(for: "H"))
        let outline = try font.face.outline(of: glyph, size: 17)
        XCTAssertFalse(outline.isEmpty)
        guard case .move = outline.elements.first else { return XCTFail("an outline starts with a move") }
        let bounds = try XCTUnwrap(outline.controlBounds)
        // "H" stands on the baseline and is as tall as the cap height.
        XCTAssertEqual(bounds.minY, 0, accuracy: 0.05)
        XCTAssertEqual(bounds.maxY, font.metrics.capHeight, accuracy: 0.2)
        XCTAssertGreaterThan(bounds.minX, 0)
        XCTAssertLessThan(bounds.maxX, 17)
        // Twice the size, twice the outline.
        let double = try XCTUnwrap(try font.face.outline(of: glyph, size: 34).controlBounds)
        XCTAssertEqual(double.maxY, 2 * bounds.maxY, accuracy: 0.01)
        // A space has none.
        let space = try XCTUnwrap(font.face.glyph(for: " "))
        XCTAssertTrue(try font.face.outline(of: space, size: 17).isEmpty)
        // In the SVG, glyphs are paths defined once and used per occurrence.
        let (window, _) = signInScreen()
        let svg = Picture(window: window).svg()
        let document = try XMLDocument(data: Data(svg.utf8))
        let all = elements(try XCTUnwrap(document.rootElement()))
        let paths = all.filter { $0.name == "path" && (attr($0, "id") ?? "").hasPrefix("g") }
        XCTAssertGreaterThan(paths.count, 20)
        XCTAssertTrue(paths.allSatisfy { (attr($0, "d") ?? "").hasPrefix("M") })
        XCTAssertEqual(Set(paths.compactMap { attr($0, "id") }).count, paths.count)
        let uses = all.filter { $0.name == "use" }
        XCTAssertGreaterThan(uses.count, paths.count)
        XCTAssertFalse(svg.contains("<text"))
    }

    func testPNGHasTheWindowsPixelSizeAndDrawsText() throws {
        let (window, _) = signInScreen()
        let picture = Picture(window: window)
        let png = try picture.png()
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: the first chunk, width and height big-endian after its length and type.
        XCTAssertEqual(Array(png[12..<16]), Array("IHDR".utf8))
        func be32(_ at: Int) -> Int { png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(be32(16), 393 * 3)
        XCTAssertEqual(be32(20), 852 * 3)
        // libpng reads back what was drawn.
        let decoded = try PNGCodec.decode(png)
        let raster = try picture.raster()
        XCTAssertEqual(decoded.width, raster.width)
        XCTAssertEqual(decoded.height, raster.height)
        for (x, y) in [(0, 0), (600, 900), (1178, 2555), (300, 1500)] {
            let a = decoded.pixel(x: x, y: y)
            let b = raster.pixel(x: x, y: y)
            XCTAssertEqual([a.r, a.g, a.b, a.a], [b.r, b.g, b.b, 255])
        }
        // Inside the title's first line there are dark text pixels; its box's corner is not text.
        let text = try XCTUnwrap(picture.texts.first { picture.boxes[$0.box].name == "title" })
        let width = text.runs.reduce(0) { $0 + $1.width }
        var dark = 0
        let y0 = Int((text.baseline - 15) * 3)
        let y1 = Int(text.baseline * 3)
        for y in y0..<y1 {
            for x in Int(text.x * 3)..<Int((text.x + width) * 3) where raster.pixel(x: x, y: y).r < 80 {
                dark += 1
            }
        }
        XCTAssertGreaterThan(dark, 500)
        XCTAssertThrowsError(try PNGCodec.decode([0x89, 0x50, 1, 2, 3]))
    }

    func testScaleChangesThePixelSize() throws {
        let (window, _) = signInScreen()
        let picture = Picture(window: window, scale: 1)
        let raster = try picture.raster()
        XCTAssertEqual(raster.width, 393)
        XCTAssertEqual(raster.height, 852)
        var bad = picture
        bad.scale = 0
        XCTAssertThrowsError(try bad.png()) { XCTAssertEqual($0 as? PictureError, .invalidScale(0)) }
        bad.scale = 8
        bad.width = 100_000
        XCTAssertThrowsError(try bad.png()) { error in
            guard case .tooLarge = error as? PictureError else { return XCTFail("\(error)") }
        }
    }

    func testAmbiguousAndConflictingViewsAreHighlighted() throws {
        let window = UIWindow(size: CGSize(width: 320, height: 200), scale: 2)
        window.logsLayoutDiagnostics = false
        let loose = UIView()
        loose.name = "loose"
        loose.translatesAutoresizingMaskIntoConstraints = false
        let fixed = UIView()
        fixed.name = "fixed"
        fixed.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(loose)
        window.addSubview(fixed)
        NSLayoutConstraint.activate([
            loose.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
            loose.heightAnchor.constraint(equalToConstant: 40),
            loose.widthAnchor.constraint(equalToConstant: 80),
            fixed.topAnchor.constraint(equalTo: window.topAnchor, constant: 100),
            fixed.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            fixed.heightAnchor.constraint(equalToConstant: 40),
            fixed.widthAnchor.constraint(equalToConstant: 100),
            fixed.widthAnchor.constraint(equalToConstant: 150),
        ])
        window.layoutIfNeeded()
        let picture = Picture(window: window)
        try keep(picture, named: "problems")
        XCTAssertEqual(picture.boxes.first { $0.name == "loose" }?.problems, [.ambiguous])
        XCTAssertEqual(picture.boxes.first { $0.name == "fixed" }?.problems, [.conflictingConstraints])
        XCTAssertTrue(picture.boxes.first { $0.name == "fixed" }?.notes.contains { $0.contains("broken") } ?? false)
        XCTAssertTrue(picture.title.contains("1 ambiguous"))
        let svg = picture.svg()
        XCTAssertTrue(svg.contains("data-problem=\"ambiguous\" data-view=\"view-loose\""))
        XCTAssertTrue(svg.contains("data-problem=\"conflictingConstraints\" data-view=\"view-fixed\""))
    }

    func testSafeAreaAndMarginsAreShaded() throws {
        let (window, _) = signInScreen()
        let picture = Picture(window: window)
        XCTAssertEqual(picture.safeArea, Picture.Rect(x: 0, y: 59, width: 393, height: 852 - 59 - 34))
        let root = try XCTUnwrap(picture.boxes.first { $0.name == "root" })
        XCTAssertEqual(try XCTUnwrap(root.margins).x, 16, accuracy: 0.01)
        XCTAssertNil(picture.boxes.first { $0.name == "title" }?.margins)
        let svg = picture.svg()
        XCTAssertTrue(svg.contains("id=\"unsafe-area\""))
        XCTAssertTrue(svg.contains("class=\"margins\""))
        // The status bar area is striped: some of its pixels are not white.
        let raster = try picture.raster()
        var tinted = 0
        for x in 0..<60 where raster.pixel(x: x, y: 30) != (255, 255, 255) { tinted += 1 }
        XCTAssertGreaterThan(tinted, 10)
    }

    func testTextIsPlacedWhereUIKitDrawsIt() throws {
        let window = UIWindow(size: CGSize(width: 300, height: 200), scale: 2)
        window.logsLayoutDiagnostics = false
        let label = UILabel(text: "Hi")
        label.name = "centred"
        label.textAlignment = .center
        label.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
        let right = UILabel(text: "Hi")
        right.name = "right"
        right.textAlignment = .right
        right.frame = CGRect(x: 0, y: 100, width: 300, height: 50)
        window.addSubview(label)
        window.addSubview(right)
        window.layoutIfNeeded()
        let picture = Picture(window: window)
        let centred = try XCTUnwrap(picture.texts.first { picture.boxes[$0.box].name == "centred" })
        let width = centred.runs.reduce(0) { $0 + $1.width }
        XCTAssertEqual(centred.x + width / 2, 150, accuracy: 0.01)
        // Vertically centred: the line's box (ascent + descent) sits around the middle.
        let font = try UIFont.systemFont(ofSize: 17).resolve()
        let lineTop = centred.baseline - font.metrics.ascender
        let lineHeight = PixelGrid.ceil(font.lineHeight, scale: 2)
        XCTAssertEqual(lineTop + lineHeight / 2, 50, accuracy: 0.01)
        let rightText = try XCTUnwrap(picture.texts.first { picture.boxes[$0.box].name == "right" })
        XCTAssertEqual(rightText.x + width, 300, accuracy: 0.01)
    }

    func testColourEmojiAndRightToLeftText() throws {
        let window = UIWindow(size: CGSize(width: 300, height: 120), scale: 2)
        window.logsLayoutDiagnostics = false
        let emoji = UILabel(text: "Party 🎉")
        emoji.name = "emoji"
        emoji.frame = CGRect(x: 10, y: 10, width: 200, height: 40)
        let hebrew = UILabel(text: "שלום world")
        hebrew.name = "hebrew"
        hebrew.frame = CGRect(x: 10, y: 60, width: 200, height: 40)
        window.addSubview(emoji)
        window.addSubview(hebrew)
        window.layoutIfNeeded()
        let picture = Picture(window: window)
        try keep(picture, named: "emoji-rtl")
        XCTAssertTrue(picture.svg().contains("<image id=\"e"))
        let raster = try picture.raster()
        // Some pixel of the emoji is strongly coloured (not grey text).
        let text = try XCTUnwrap(picture.texts.first { picture.boxes[$0.box].name == "emoji" })
        let run = try XCTUnwrap(text.runs.last)
        XCTAssertTrue(run.font.face.isColor)
        var coloured = 0
        for y in Int((text.baseline - 14) * 2)..<Int(text.baseline * 2) {
            for x in Int((text.x + run.x) * 2)..<Int((text.x + run.x + run.width) * 2) {
                let p = raster.pixel(x: x, y: y)
                if abs(Int(p.r) - Int(p.b)) > 80 || abs(Int(p.g) - Int(p.b)) > 80 { coloured += 1 }
            }
        }
        XCTAssertGreaterThan(coloured, 20)
        // The paragraph is right to left (its first strong letter is Hebrew): "world" is drawn
        // leftmost, then the space, then the Hebrew word, whose glyphs come out last letter first.
        let prepared = try PreparedText("שלום world", font: try UIFont.systemFont(ofSize: 17).resolve())
        let layout = try prepared.layout(LayoutOptions())
        let runs = try prepared.glyphRuns(of: try XCTUnwrap(layout.lines.first))
        XCTAssertEqual(runs.map(\.range), [5..<10, 4..<5, 0..<4])
        XCTAssertEqual(runs.map(\.isRightToLeft), [false, true, true])
        XCTAssertEqual(runs[2].glyphs.map(\.cluster), [3, 2, 1, 0])
        XCTAssertEqual(runs.flatMap(\.glyphs).map(\.x), runs.flatMap(\.glyphs).map(\.x).sorted())
        XCTAssertEqual(runs.reduce(0) { $0 + $1.width }, layout.lines[0].width, accuracy: 0.01)
    }

    func testGlyphRunsOfTruncatedLines() throws {
        let font = try FontRegistry.shared.font("Inter", size: 17)
        let prepared = try PreparedText("The quick brown fox jumps over the lazy dog", font: font)
        for mode in [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle] {
            let layout = try prepared.layout(LayoutOptions(width: 150, numberOfLines: 1, lineBreakMode: mode))
            let line = try XCTUnwrap(layout.lines.first)
            let runs = try prepared.glyphRuns(of: line)
            let ellipsis = try XCTUnwrap(runs.first { $0.isEllipsis }, "\(mode)")
            XCTAssertEqual(ellipsis.glyphs.map(\.glyph), [try XCTUnwrap(font.face.glyph(for: "\u{2026}"))])
            let index = try XCTUnwrap(runs.firstIndex { $0.isEllipsis })
            switch mode {
            case .byTruncatingTail: XCTAssertEqual(index, runs.count - 1)
            case .byTruncatingHead: XCTAssertEqual(index, 0)
            default: XCTAssertTrue(index > 0 && index < runs.count - 1)
            }
            let glyphCount = runs.reduce(0) { $0 + $1.glyphs.count }
            XCTAssertEqual(glyphCount, prepared.displayedText(of: line).count)
            XCTAssertEqual(runs.reduce(0) { $0 + $1.width }, line.width, accuracy: 0.05, "\(mode)")
        }
        // Letter spacing goes after every grapheme cluster, as when measuring.
        let spaced = try PreparedText("Spaced out text", font: font, letterSpacing: 2)
        let lines = try spaced.layout(LayoutOptions(width: 90)).lines
        XCTAssertGreaterThan(lines.count, 1)
        for (line, runs) in zip(lines, try spaced.glyphRuns(of: spaced.layout(LayoutOptions(width: 90)))) {
            XCTAssertEqual(runs.reduce(0) { $0 + $1.width }, line.width, accuracy: 0.05)
        }
    }

    func testStacksControlsAndLabelsShorterThanTheirText() throws {
        let window = UIWindow(device: .iPhone8)
        window.logsLayoutDiagnostics = false
        let controller = UIViewController()
        window.rootViewController = controller
        let root = controller.view
        let avatar = UIImageView(image: UIImage(size: CGSize(width: 64, height: 64)))
        avatar.name = "avatar"
        let name = UILabel(text: "Ada Lovelace")
        name.name = "name"
        name.font = .systemFont(ofSize: 22, weight: .semibold)
        let bio = UILabel(text: longBio)
        bio.name = "bio"
        bio.numberOfLines = 0
        bio.font = .systemFont(ofSize: 15)
        let texts = UIStackView(arrangedSubviews: [name, bio])
        texts.name = "texts"
        texts.axis = .vertical
        texts.spacing = 4
        let header = UIStackView(arrangedSubviews: [avatar, texts])
        header.name = "header"
        header.alignment = .top
        header.spacing = 12
        header.isLayoutMarginsRelativeArrangement = true
        let tabs = UISegmentedControl(items: ["Posts", "Replies", "Likes"])
        tabs.name = "tabs"
        let toggle = UISwitch()
        toggle.name = "toggle"
        for view in [header, tabs, toggle] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        NSLayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            header.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            // Shorter than the bio wants: its lines are cut to those that fit.
            bio.heightAnchor.constraint(equalToConstant: 40),
            tabs.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 16),
            tabs.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            toggle.topAnchor.constraint(equalTo: tabs.bottomAnchor, constant: 16),
            toggle.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
        ])
        window.layoutIfNeeded()
        let picture = Picture(window: window)
        try keep(picture, named: "profile")
        let kinds = Dictionary(uniqueKeysWithValues: picture.boxes.map { ($0.name, $0.kind) })
        XCTAssertEqual(kinds["header"], .stackView)
        XCTAssertEqual(kinds["tabs"], .control)
        XCTAssertEqual(kinds["toggle"], .control)
        XCTAssertEqual(kinds["avatar"], .imageView)
        XCTAssertNotNil(picture.boxes.first { $0.name == "header" }?.margins)
        XCTAssertNotNil(picture.boxes.first { $0.name == "avatar" }?.imageRect)
        // Three segment titles.
        XCTAssertEqual(picture.texts.filter { picture.boxes[$0.box].name == "tabs" }.count, 3)
        // The bio shows the two lines that fit in 40 pt, the second ending in "…".
        let bioBox = try XCTUnwrap(picture.boxes.first { $0.name == "bio" })
        XCTAssertEqual(bioBox.frame.height, 40, accuracy: 0.01)
        XCTAssertEqual(bioBox.problems, [.truncated])
        let bioLines = picture.texts.filter { picture.boxes[$0.box].name == "bio" }
        XCTAssertEqual(bioLines.count, 2)
        XCTAssertTrue(bioLines.last?.runs.last?.isEllipsis ?? false)
        XCTAssertGreaterThan(bioLines[0].baseline, bioBox.frame.y)
        XCTAssertLessThan(bioLines[1].baseline, bioBox.frame.maxY)
    }

    func testOddScenesDrawWithoutTrapping() throws {
        let (window, _) = signInScreen()
        var picture = Picture(window: window, scale: 1)
        picture.boxes[2].frame.x = .nan
        picture.boxes[3].frame = Picture.Rect(x: -1e300, y: 1e300, width: .infinity, height: 5)
        picture.texts[0].x = 1e300
        picture.texts[1].baseline = -.infinity
        picture.texts[2].clip = Picture.Rect(x: .nan, y: 0, width: 10, height: 10)
        let raster = try picture.raster()
        XCTAssertEqual(raster.width, 393)
        XCTAssertNoThrow(try XMLDocument(data: Data(picture.svg().utf8)))
        picture.width = 0
        XCTAssertThrowsError(try picture.png()) { XCTAssertEqual($0 as? PictureError, .empty(width: 0, height: 852)) }
        picture.width = .nan
        XCTAssertThrowsError(try picture.png()) { error in
            guard case .empty = error as? PictureError else { return XCTFail("\(error)") }
        }
    }

    func testGlyphsRenderTheSameFromManyThreads() throws {
        let font = try FontRegistry.shared.font("Inter", size: 17)
        let glyphs = "Sphinx of black quartz, judge my vow".unicodeScalars.compactMap { font.face.glyph(for: $0) }
        let serial = try glyphs.map { try font.face.bitmap(of: $0, pixelSize: 34 + Double($0 % 5)) }
        let outlines = try glyphs.map { try font.face.outline(of: $0, size: 17) }
        let results = Mutex<[Int: Bool]>([:])
        DispatchQueue.concurrentPerform(iterations: 64) { iteration in
            let index = iteration % glyphs.count
            let same =
                (try? font.face.bitmap(of: glyphs[index], pixelSize: 34 + Double(glyphs[index] % 5)))
                == serial[index] && (try? font.face.outline(of: glyphs[index], size: 17)) == outlines[index]
            results.withLock { $0[iteration] = same }
        }
        XCTAssertEqual(results.withLock { $0.count }, 64)
        XCTAssertTrue(results.withLock { $0.values.allSatisfy { $0 } })
        XCTAssertTrue(serial.contains { !$0.isEmpty && $0.format == .coverage && $0.pixels.contains(255) })
    }
}
