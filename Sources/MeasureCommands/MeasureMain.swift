import ArgumentParser
import Foundation

/// The entry point: a first argument that names a subcommand runs it (`measure check …`);
/// anything else is the classic `measure "TEXT" [options]`, parsed exactly as before.
/// Each subcommand lives in its own folder (Check/) and is listed here.
package enum MeasureMain {
    /// The subcommands by name.
    static let subcommands: [String: ParsableCommand.Type] = ["check": CheckCommand.self, "layout": LayoutCommand.self]

    package static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, let command = subcommands[first] {
            command.main(Array(arguments.dropFirst()))
        } else {
            Measure.main(arguments)
        }
    }
}

extension RequestError {
    /// How a subcommand ends on this error: its message, when it has one, on stderr after
    /// "COMMAND: error: ", and the exit status it carries (to throw from `run()`).
    func reported(by command: String) -> ExitCode {
        if !message.isEmpty { FileHandle.standardError.write(Data("\(command): error: \(message)\n".utf8)) }
        return ExitCode(exitCode)
    }
}
