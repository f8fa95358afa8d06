import ArgumentParser
import Controls
import Foundation
import Typesetting

/// `benchmarks text`: the text engine's two phases on a mixed corpus, the way pretext
/// reports them: prepare 500 texts (itemize, shape, break opportunities), then lay all of
/// them out at a new width (the resize case). Medians over `--runs`.
struct TextBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text", abstract: "Prepare and lay out a mixed-script corpus; medians over runs.")

    @Option(help: "How many texts (built from a fixed mixed-script corpus).")
    var texts: Int = 500

    @Option(help: "Runs; the medians are reported.")
    var runs: Int = 9

    @Option(help: "Font size in points.")
    var size: Double = 16

    func validate() throws {
        guard texts > 0, runs > 0, size > 0 else {
            throw ValidationError("--texts, --runs and --size must be positive")
        }
    }

    func run() throws {
        let font = try FontRegistry.shared.font(size: size)
        let corpus = TextBenchmark.corpus(count: texts)
        var prepareTimes: [Double] = []
        var layoutTimes: [Double] = []
        var labelTimes: [Double] = []
        var lineCount = 0
        var prepared: [PreparedText] = []
        for _ in 0..<runs {
            var start = ContinuousClock.now
            prepared = try corpus.map { try PreparedText($0, font: font) }
            prepareTimes.append(milliseconds(since: start))
            start = ContinuousClock.now
            var lines = 0
            for text in prepared {
                lines += try text.layout(LayoutOptions(width: 300)).lineCount
            }
            layoutTimes.append(milliseconds(since: start))
            start = ContinuousClock.now
            for text in corpus {
                var label = Label(text: text, font: font)
                label.numberOfLines = 0
                label.preferredMaxLayoutWidth = 343
                _ = try label.intrinsicContentSize(scale: 3)
            }
            labelTimes.append(milliseconds(since: start))
            lineCount = lines
        }
        let characters = corpus.reduce(0) { $0 + $1.utf16.count }
        /// Milliseconds to the microsecond.
        func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        print(
            json([
                ("benchmark", "text"), ("texts", texts), ("utf16", characters), ("runs", runs),
                ("prepareMs", rounded(median(prepareTimes))), ("layoutMs", rounded(median(layoutTimes))),
                ("labelIntrinsicMs", rounded(median(labelTimes))), ("linesAt300", lineCount),
            ]))
    }

    /// A fixed corpus: UI strings and paragraphs in English, German, French, Russian, Greek,
    /// Arabic, Hebrew, Hindi, Thai, Chinese, Japanese, Korean, with emoji.
    static func corpus(count: Int) -> [String] {
        let seeds = [
            "Sign up", "Continue", "Forgot your password?", "Einstellungen für Datenschutzbenachrichtigungen",
            "The quick brown fox jumps over the lazy dog while the five boxing wizards jump quickly.",
            "Donaudampfschifffahrtsgesellschaftskapitän und Rechtsschutzversicherungsgesellschaften",
            "Paramètres de confidentialité et de sécurité de votre compte — « modifiables » à tout moment.",
            "Съешь же ещё этих мягких французских булок, да выпей чаю.", "Γειά σου Κόσμε, καλημέρα σας!",
            "مرحبا بالعالم، هذا نص عربي طويل لاختبار التفاف الأسطر في التطبيق.", "שלום עולם, זהו טקסט בעברית לבדיקה.",
            "नमस्ते दुनिया, यह हिंदी में एक लंबा वाक्य है।", "สวัสดีชาวโลก นี่คือข้อความภาษาไทย",
            "你好，世界！这是一个用于测试换行的中文长句子，包含标点符号。", "こんにちは世界。これは日本語の改行テスト用の文章です。",
            "안녕하세요 세계, 이것은 줄 바꿈 테스트를 위한 한국어 문장입니다.", "Great job! 🎉👏 See you soon 👨‍👩‍👧‍👦 🇩🇪",
            "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris.",
        ]
        return (0..<count).map { index in
            let seed = seeds[index % seeds.count]
            return index % 3 == 0 ? seed : "\(seed) \(index)"
        }
    }
}
