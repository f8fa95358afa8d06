import Foundation
import XCTest

/// `--report FILE.html` opened in headless Chromium (Debian's `chromium`, which `scripts/test`
/// installs): the page, written into a folder of its own, loads without console errors and
/// every link to a source file resolves from there, its matrix has one cell per language ×
/// category, a filter hides the other languages, and a screenshot of one finding shows the
/// failing view outlined at its frame. The fixture is `Fixtures/ib-localized` (three languages,
/// two categories), as in `ReportFormatsTests`: its 6 findings (a finding identical at both
/// categories is one).
final class HTMLReportTests: XCTestCase {
    static let storyboard = ReportFormatsTests.storyboard

    var folder: URL!
    var report: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            throw XCTSkip("Chromium is not installed (Debian's chromium; scripts/test installs it when it can)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        report = folder.appendingPathComponent("report.html")
        let output = try MeasureProcess.run([
            "check", Self.storyboard, "--categories", "large,AX3", "--no-progress", "--report", report.path,
        ])
        XCTAssertEqual(output.status, 1, output.summary)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Runs headless Chromium on the report (with a hash), returning stdout and stderr.
    func chromium(_ arguments: [String], hash: String = "") throws -> (out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
        process.currentDirectoryURL = folder
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                "--force-device-scale-factor=1", "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                "--enable-logging=stderr", "--v=0",
            ] + arguments + [report.absoluteString + hash]
        let out = Pipe()
        let err = folder.appendingPathComponent("stderr-\(UUID().uuidString).txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: err.path, contents: nil), "cannot create \(err.path)")
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    func testPageLoadsWithoutConsoleErrorsAndHasOneMatrixCellPerLanguageAndCategory() throws {
        let (dom, log) = try chromium(["--dump-dom"])
        XCTAssertTrue(dom.contains("id=\"matrix\""), "the page was rendered: \(dom.prefix(300))")
        let consoleLines = log.split(separator: "\n").filter { $0.contains("CONSOLE") || $0.contains("Uncaught") }
        XCTAssertEqual(consoleLines, [], "console messages")
        // The script ran: it counts the findings shown.
        XCTAssertTrue(dom.contains("6 of 6 findings"), "the filter script ran")
        let cells = dom.components(separatedBy: "<td class=\"cell\"").count - 1
        XCTAssertEqual(cells, 3 * 2, "Base, ar, de × large, accessibilityExtraLarge")
        for language in ["Base", "ar", "de"] {
            for category in ["large", "accessibilityExtraLarge"] {
                XCTAssertTrue(
                    dom.contains("class=\"cell\" style=\"background:")
                        && dom.contains("data-language=\"\(language)\" data-category=\"\(category)\" data-failed="),
                    "\(language) × \(category)")
            }
        }
    }

    func testLanguageFilterHidesTheOtherLanguages() throws {
        let (dom, _) = try chromium(["--dump-dom"], hash: "#language=de")
        let articles = dom.components(separatedBy: "<article ").dropFirst().map { $0.prefix { $0 != ">" } }
        XCTAssertEqual(articles.count, 6)
        let german = articles.filter { $0.contains("data-languages=\"de\"") }
        XCTAssertEqual(german.count, 3)
        for article in articles {
            XCTAssertEqual(article.contains(" hidden"), !article.contains("data-languages=\"de\""), String(article))
        }
        XCTAssertTrue(dom.contains("3 of 6 findings"))
    }

    /// The page is in a folder of its own, away from the fixture and from the folder the
    /// command ran in: each link to a file, resolved against the page's address as Chromium
    /// resolves it, names a file that exists, at a line it has.
    func testEverySourceLinkResolvesFromTheReportsFolder() throws {
        let (dom, log) = try chromium(["--dump-dom"])
        XCTAssertTrue(dom.contains("id=\"findings\""), "the page opened: \(log.suffix(300))")
        let links = dom.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            .filter { !$0.hasPrefix("#") }
        XCTAssertGreaterThanOrEqual(links.count, 6 + 5, "a link to the element, and to each translation")
        for link in links {
            let href = ReportFormatsTests.unescape(link)
            XCTAssertFalse(href.hasPrefix("/") || href.hasPrefix("file:"), "relative: \(href)")
            let resolved = try XCTUnwrap(URL(string: href, relativeTo: report)?.absoluteURL, href)
            XCTAssertTrue(FileManager.default.fileExists(atPath: resolved.path), "\(href) → \(resolved.path)")
            let line = try XCTUnwrap(Int(resolved.fragment?.dropFirst() ?? ""), href)
            let lines = try String(contentsOf: resolved, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            XCTAssertTrue(line >= 1 && line <= lines.count, "\(href): line \(line) of \(lines.count)")
        }
    }

    func testScreenshotOfOneFindingShowsTheOutlinedView() throws {
        let html = try String(contentsOf: report, encoding: .utf8)
        // The German title cut at AX3: its article id and its outline's frame.
        let articles = html.components(separatedBy: "<article ").dropFirst()
        let title = try XCTUnwrap(
            articles.first {
                $0.contains(
                    "data-languages=\"de\" data-categories=\"accessibilityExtraLarge\" data-kind=\"truncated\" data-subject=\"ttl-AB-cde.text\""
                )
            })
        let id = try XCTUnwrap(title.components(separatedBy: "id=\"").dropFirst().first?.prefix { $0 != "\"" })
        let outline = try XCTUnwrap(title.components(separatedBy: "<rect class=\"outline\"").dropFirst().first)
        func number(_ name: String) throws -> Double {
            let value = outline.components(separatedBy: " \(name)=\"").dropFirst().first?.prefix { $0 != "\"" }
            return try XCTUnwrap(value.flatMap { Double(String($0)) }, name)
        }
        let (x, y, width, height) = (try number("x"), try number("y"), try number("width"), try number("height"))
        XCTAssertEqual(width, 343, "the title spans the margins of a 375 pt screen")
        let png = folder.appendingPathComponent("finding.png")
        _ = try chromium(["--window-size=500,800", "--screenshot=\(png.path)"], hash: "#only=\(id)")
        let pixels = try Self.pixels(
            png,
            at: [
                (Int(x), Int(y + height / 2)), (Int(x + width / 2), Int(y)), (Int(x + width / 2), Int(y + height)),
                (Int(x + width / 2), Int(y + height / 2) + 9),
            ])
        for pixel in pixels.prefix(3) {
            XCTAssertTrue(pixel[0] > 200 && pixel[1] < 80 && pixel[2] > 200, "outline colour at the frame: \(pixel)")
        }
        XCTAssertFalse(pixels[3][0] > 200 && pixels[3][1] < 80 && pixels[3][2] > 200, "not outlined inside")
    }

    /// RGB at points of a PNG, decoded by Python's zlib (8-bit RGB or RGBA, as Chromium writes).
    static func pixels(_ png: URL, at points: [(Int, Int)]) throws -> [[Int]] {
        let script = """
            import sys, zlib, struct, json
            data = open(sys.argv[1], 'rb').read(); pos = 8; idat = b''
            while pos < len(data):
                length, kind = struct.unpack('>I4s', data[pos:pos + 8]); chunk = data[pos + 8:pos + 8 + length]
                if kind == b'IHDR': w, h, depth, color = struct.unpack('>IIBB', chunk[:10])
                if kind == b'IDAT': idat += chunk
                pos += 12 + length
            bpp = {2: 3, 6: 4}[color]; raw = zlib.decompress(idat); stride = w * bpp; rows = []; prev = bytearray(stride)
            for r in range(h):
                f = raw[r * (stride + 1)]; line = bytearray(raw[r * (stride + 1) + 1:(r + 1) * (stride + 1)])
                for i in range(stride):
                    a = line[i - bpp] if i >= bpp else 0; b = prev[i]; c = prev[i - bpp] if i >= bpp else 0
                    if f == 1: line[i] = (line[i] + a) & 255
                    elif f == 2: line[i] = (line[i] + b) & 255
                    elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
                    elif f == 4:
                        p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                rows.append(line); prev = line
            out = []
            for x, y in json.loads(sys.argv[2]):
                best = None
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        px = rows[y + dy][(x + dx) * bpp:(x + dx) * bpp + 3]
                        if best is None or (px[0] - px[1]) > (best[0] - best[1]): best = list(px)
                out.append(best)
            print(json.dumps(out))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let list = "[" + points.map { "[\($0.0),\($0.1)]" }.joined(separator: ",") + "]"
        process.arguments = ["python3", "-c", script, png.path, list]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try XCTUnwrap(
            try JSONSerialization.jsonObject(with: data) as? [[Int]], String(decoding: data, as: UTF8.self))
    }
}
