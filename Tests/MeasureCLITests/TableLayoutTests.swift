import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `measure check`'s table as a terminal shows it: columns line up by display width (CJK two
/// columns, combining marks none), and no cell breaks or stretches its row.
final class TableLayoutTests: XCTestCase {
    /// The columns a terminal gives `text`: the C library's `wcwidth` in a UTF-8 locale, an
    /// oracle independent of the command's own table.
    /// (Swift's Glibc module does not declare `wcwidth`, so it is looked up by name.)
    static func terminalWidth(_ text: String) -> Int {
        guard let wcwidth = Self.wcwidth else { return -1 }
        return text.unicodeScalars.reduce(0) { $0 + max(0, Int(wcwidth(Int32(bitPattern: $1.value)))) }
    }

    typealias WidthFunction = @convention(c) (Int32) -> Int32
    static let wcwidth: WidthFunction? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "wcwidth") else { return nil }
        return unsafeBitCast(symbol, to: WidthFunction.self)
    }()

    override func setUpWithError() throws {
        guard Self.wcwidth != nil else { throw XCTSkip("the C library has no wcwidth") }
        guard setlocale(LC_CTYPE, "C.UTF-8") != nil || setlocale(LC_CTYPE, "en_US.UTF-8") != nil else {
            throw XCTSkip("no UTF-8 locale for wcwidth")
        }
    }

    func write(_ text: String, to name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The display column where each cell of `line` starts (cells are two or more spaces apart).
    static func cellStarts(_ line: String) -> [Int] {
        var starts: [Int] = []
        var column = 0
        var spaces = 0
        for character in line {
            if character == " " {
                spaces += 1
            } else {
                if starts.isEmpty || spaces >= 2 { starts.append(column) }
                spaces = 0
            }
            column += terminalWidth(String(character))
        }
        return starts
    }

    func testColumnsLineUpWithCJKDevanagariAccentsAndEmoji() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        var catalogs: [String] = []
        let texts = [
            "ja": "ダウンロードフォルダ", "zh_CN": "下载文件夹里的东西", "hi": "डाउनलोड किए गए दस्तावेज़",
            "th": "ดาวน์โหลดเอกสาร", "fr": "Téléchargements récents", "ko": "다운로드한 문서들",
            "es": "🎉 Descargas listas", "de": "Zu\u{0308}ruck\u{200B}gelegte Downloads",
        ]
        for (language, text) in texts.sorted(by: { $0.key < $1.key }) {
            catalogs.append(
                try write("\"Downloads\" = \"\(text)\";\n", to: "\(language).lproj/Localizable.strings", in: directory))
        }
        let spec = try write(
            #"{"rules": [{"key": "*", "control": "label", "width": 60, "lines": 1, "font": "Inter", "size": 17}]}"#,
            to: "spec.json", in: directory)
        let output = try MeasureProcess.run(["check"] + catalogs + ["--spec", spec])
        XCTAssertEqual(output.status, 1, output.summary)
        let rows = output.lines.filter { !$0.contains("checks (") }
        XCTAssertEqual(rows.count, texts.count + 1, "a header and one row per language: \(output.text)")
        guard let header = rows.first else { return }
        let expected = Self.cellStarts(header)
        XCTAssertEqual(expected.count, 8, header)
        for row in rows.dropFirst() {
            XCTAssertEqual(
                Self.cellStarts(row), expected, "every column starts where its heading does:\n\(header)\n\(row)")
        }
    }

    func testAMultiLineShownCellStaysOnOneShortRow() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let long = String(repeating: "Tap here to read the terms and conditions before continuing. ", count: 8)
        // Keyed by its own text, as String Catalogs often are: the KEY cell is cut too.
        let catalog = try write(
            "\"\(long)\" = \"\(long)\\nand a second paragraph\";\n", to: "en.strings", in: directory)
        let spec = try write(
            #"{"rules": [{"key": "*", "control": "label", "width": 200, "lines": 4, "font": "Inter", "size": 17}]}"#,
            to: "spec.json", in: directory)
        let output = try MeasureProcess.run(["check", catalog, "--spec", spec])
        XCTAssertEqual(output.status, 1, output.summary)
        XCTAssertEqual(output.lines.count, 3, "header, one row, summary: \(output.text)")
        let row = output.lines[1]
        let location = "\(catalog):1"
        XCTAssertTrue(row.hasSuffix("…  " + location), "the SHOWN cell is cut with …: \(row)")
        XCTAssertTrue(row.contains("⏎"), "the shown lines are joined on one row: \(row)")
        XCTAssertTrue(row.hasPrefix("Tap here to read the terms and conditio…  en"), "the KEY cell is cut: \(row)")
        let cells = Self.terminalWidth(String(row.dropLast(location.count)))
        XCTAssertLessThanOrEqual(cells, 160, "the cells before WHERE stay short: \(row)")
        // --json keeps every line in full.
        let json = try MeasureProcess.run(["check", catalog, "--spec", spec, "--json"])
        let object = try MeasureProcess.object(json.lines.first ?? "")
        let finding = try XCTUnwrap((object["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual((finding["shown"] as? [String])?.count, 4, "\(finding)")
    }

    func testNewlinesAndTabsInACellAreEscaped() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let catalog = try write("\"a\\tb\" = \"Downloads\\tfolder\";\n", to: "en.strings", in: directory)
        let spec = try write(
            #"{"rules": [{"key": "*", "control": "label", "width": 30, "lines": 1, "font": "Inter", "size": 17}]}"#,
            to: "spec.json", in: directory)
        let output = try MeasureProcess.run(["check", catalog, "--spec", spec])
        XCTAssertEqual(output.status, 1, output.summary)
        XCTAssertFalse(output.text.contains("\t"), "no raw tab in the table: \(output.text)")
        XCTAssertTrue(output.text.contains("a\\tb"), output.text)
    }
}
