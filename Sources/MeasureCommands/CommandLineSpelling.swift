import Foundation

/// Near misses on the command line: a subcommand or an option one typo away from a real one.
/// A typo is one edit of the optimal string alignment distance (an insertion, a deletion, a
/// substitution, or two neighbouring letters swapped), so `--widht` is one edit from `--width`
/// (and two from `--weight`), `chek` one from `check` (`MeasureUsageTests`).
enum CommandLineSpelling {
    /// The subcommands a first argument may be a typo of.
    static let subcommands = ["check", "layout", "help"]

    /// The edit distance between two words, with a swap of neighbouring letters one edit.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a)
        let y = Array(b)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { table[i][0] = i }
        for j in 0...y.count { table[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[x.count][y.count]
    }

    /// The candidate nearest `word`, when it is at most `limit` edits away (the first of a tie).
    static func nearest(_ word: String, among candidates: [String], limit: Int = 2) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let found = distance(word.lowercased(), candidate.lowercased())
            if found <= limit, found < (best?.distance ?? Int.max) { best = (candidate, found) }
        }
        return best?.name
    }

    /// The note for a first argument one edit from a subcommand: it is still measured as a
    /// text, and the note says how to run the subcommand or to measure the word quietly.
    static func subcommandNote(for word: String) -> String? {
        guard !word.hasPrefix("-"), word.count >= 3, !subcommands.contains(word),
            let match = subcommands.first(where: { distance(word.lowercased(), $0) == 1 })
        else { return nil }
        return "did you mean 'measure \(match)'? (measure -- \(word) measures the word)"
    }

    /// argument-parser's message for an unknown option with the suggestion made again by
    /// ``nearest(_:among:limit:)``: "unknown option '--widht'. Did you mean '--width'?". Nil
    /// when the message is of another kind.
    static func correctingSuggestion(in message: String, options: [String]) -> String? {
        guard let start = message.range(of: "nknown option '") else { return nil }
        let rest = message[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        let option = String(rest[..<end])
        guard option.hasPrefix("--") else { return nil }
        let head = message[..<rest.index(after: end)]
        guard let suggestion = nearest(option, among: options.filter { $0 != option }) else { return String(head) }
        return "\(head). Did you mean '\(suggestion)'?"
    }
}
