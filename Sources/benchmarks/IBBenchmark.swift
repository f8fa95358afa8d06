import ArgumentParser
import Foundation
import LayoutFiles
import Typesetting

/// `benchmarks ib --corpus DIR`: lays out every storyboard and XIB of a corpus folder (one
/// folder per repository, its fonts registered first) and reports views laid out per second;
/// then lays out the largest file in 10 languages × 12 content size categories
/// (pseudolanguages that lengthen every text by 0 to 90 %), built once and updated in place:
/// the work of checking one storyboard in every language and text size.
struct IBBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ib", abstract: "Lay out a corpus of storyboards and XIBs; views per second.")

    @Option(help: "A folder of repositories (OWNER+REPO/…) holding .storyboard and .xib files.")
    var corpus: String

    @Option(help: "Runs over the corpus; the median is reported.")
    var runs: Int = 3

    @Option(help: "Languages for the check of the largest file (0 skips it).")
    var languages: Int = 10

    func validate() throws {
        guard runs > 0, (0...100).contains(languages) else {
            throw ValidationError("--runs must be positive and --languages within 0...100")
        }
    }

    /// The IB files under a folder, sorted.
    static func files(under folder: String) -> [String] {
        var found: [String] = []
        if let enumerator = FileManager.default.enumerator(atPath: folder) {
            for case let relative as String in enumerator
            where relative.hasSuffix(".storyboard") || relative.hasSuffix(".xib") {
                found.append((folder as NSString).appendingPathComponent(relative))
            }
        }
        return found.sorted()
    }

    func run() throws {
        let repositories = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).sorted()
            .map { (corpus as NSString).appendingPathComponent($0) }
            .filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            }
        guard !repositories.isEmpty else { throw ValidationError("\(corpus) holds no repository folders") }
        var files: [(path: String, fonts: String)] = []
        for repository in repositories {
            _ = try? FontRegistry.shared.addFonts(at: repository)
            files += IBBenchmark.files(under: repository).map { ($0, repository) }
        }
        var times: [Double] = []
        var views = 0
        var scenes = 0
        var failures = 0
        for _ in 0..<runs {
            views = 0
            scenes = 0
            failures = 0
            let start = ContinuousClock.now
            for file in files {
                do {
                    let document = try InterfaceBuilderFile(contentsOf: file.path)
                    for scene in try document.makeScenes(InterfaceBuilderOptions(fontDirectories: [file.fonts])) {
                        views += scene.layOut().views.count
                        scenes += 1
                    }
                } catch {
                    failures += 1
                }
            }
            times.append(milliseconds(since: start))
        }
        let total = median(times)
        print(
            json([
                ("files", files.count), ("scenes", scenes), ("views", views), ("unreadable", failures),
                ("corpusMs", total), ("viewsPerSecond", Double(views) / max(total / 1000, 1e-9)),
            ]))
        guard languages > 0,
            let largest = files.max(by: { size(of: $0.path) < size(of: $1.path) })
        else { return }
        try check(largest.path, fonts: largest.fonts)
    }

    func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// Lays out every scene of one file in `languages` × 12 categories: built once, then
    /// updated in place (texts and text-style fonts) and re-solved incrementally.
    func check(_ path: String, fonts: String) throws {
        let start = ContinuousClock.now
        let document = try InterfaceBuilderFile(contentsOf: path)
        let scenes = try document.makeScenes(InterfaceBuilderOptions(fontDirectories: [fonts]))
        var views = 0
        for scene in scenes {
            // The texts to translate, by `ObjectID.property`.
            var texts: [String: String] = [:]
            for object in scene.objects {
                for (property, text) in object.texts { texts["\(object.id).\(property)"] = text }
            }
            for language in 0..<languages {
                // Pseudolanguage N lengthens each text by N × 10 %.
                let strings = texts.mapValues { text in
                    text + String(repeating: "ä", count: text.count * language / 10)
                }
                for category in ContentSizeCategory.allCases {
                    scene.update(contentSizeCategory: category, strings: strings)
                    views += scene.layOut().views.count
                }
            }
        }
        let elapsed = milliseconds(since: start)
        print(
            json([
                ("checkFile", (path as NSString).lastPathComponent), ("bytes", size(of: path)),
                ("scenes", document.scenes.count), ("languages", languages),
                ("categories", ContentSizeCategory.allCases.count), ("views", views), ("checkMs", elapsed),
            ]))
    }
}
