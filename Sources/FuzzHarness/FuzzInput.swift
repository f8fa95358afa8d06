/// Reads a fuzzer's bytes as a stream of small decisions, so that each input maps to one
/// run of a harness and a mutated byte changes one decision. Past the end every read
/// returns zero, so any input, even an empty one, is a complete run.
package struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    package var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or 0 past the end.
    package mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0..<count` (0 when `count` is 0).
    package mutating func index(_ count: Int) -> Int { count == 0 ? 0 : Int(byte()) % count }

    /// One of `choices`, chosen by the next byte.
    package mutating func pick<T>(_ choices: [T]) -> T { choices[index(choices.count)] }

    /// A Boolean from the next byte's low bit.
    package mutating func bool() -> Bool { byte() & 1 == 1 }
}

/// Stops the process with `message` when `condition` is false: the fuzzer records the input
/// as a crash, and a test replaying it fails loudly.
package func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
) {
    if !condition() {
        fatalError("invariant violated: \(message())", file: file, line: line)
    }
}

/// The fuzz targets, by the name `scripts/fuzz` and the `fuzz` tool use.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// Text API: random Unicode at random widths, line limits, modes and fonts.
    case text
    /// Font loading from random and mutated font bytes.
    case fonts
    /// `measure --batch` lines through measuring (and layout files, when the library has them).
    case json
    /// The constraint solver with random streams of add, remove, suggest and updateConstant.
    case solver
    /// Storyboards and XIBs through reading, building and layout.
    case ib
    /// The engine's widths against whole-line `hb_shape`, in fonts from mutated font files.
    case shaping

    /// Runs one input through the target's harness; traps on a broken invariant.
    package func run(_ bytes: [UInt8]) {
        switch self {
        case .text: TextHarness.run(bytes)
        case .fonts: FontHarness.run(bytes)
        case .json: JSONHarness.run(bytes)
        case .solver: SolverHarness.run(bytes)
        case .ib: IBHarness.run(bytes)
        case .shaping: ShapingHarness.run(bytes)
        }
    }
}
