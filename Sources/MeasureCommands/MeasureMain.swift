import ArgumentParser
import Foundation
import Typesetting

/// The entry point: a first argument that names a subcommand runs it (`measure check …`,
/// `measure layout …`); anything else is the classic `measure "TEXT" [options]`.
/// Each subcommand lives in its own folder (Check/, Layout/) and is listed here.
package enum MeasureMain {
    /// The version `measure --version` prints, with a second line when shaping takes no
    /// shortcuts (`ShapingShortcuts.note`: an unverified HarfBuzz, or INTRINSIC_EXACT_SHAPING=1).
    package static let version = "0.1.0" + (ShapingShortcuts.note.map { "\n" + $0 } ?? "")

    /// The subcommands by name.
    static let subcommands: [String: ParsableCommand.Type] = ["check": CheckCommand.self, "layout": LayoutCommand.self]

    /// Every form of the command line, as `measure --help` shows it under USAGE and the
    /// README's synopsis repeats it (`ReadmeExamplesTests` compares the two).
    static let synopsis = """
        measure "TEXT" [--font NAME|PATH] [--size PT] [--weight W] [--italic] [--width PT]
                       [--lines N] [--scale 1|2|3] [--padding t,l,b,r]
                       [--control label|textview|button] [--content-insets t,l,b,r]
                       [--line-break-mode MODE] [--letter-spacing PT] [--line-spacing PT]
                       [--line-height-multiple M] [--scroll-enabled] [--font-dir DIR]... [--json]
                       [--text-style STYLE [--category CATEGORY]] [--language BCP47]
        measure --batch FILE [--jobs N] [--font-dir DIR]...
        measure --list-fonts [--font-dir DIR]...
        measure check CATALOG... --spec SPEC [--json] [--font-dir DIR]... [--sample KIND=VALUE]... [--no-progress]
        measure check DIR|FILE.storyboard|FILE.xib... [--languages L,...] [--categories C,...|all]
                      [--pseudo NAME]... [--device ID] [--spec SPEC] [--format table|json|github]
                      [--fail-on KIND,...] [--baseline FILE] [--write-baseline FILE] [--font-dir DIR]...
        measure layout FILE [--device NAME] [--orientation O] [--category CATEGORY] [--json]
                       [--svg FILE] [--png FILE] [--font-dir DIR]...
        measure layout FILE.storyboard|FILE.xib [--scene NAME|ID] [--diff] [--device NAME] [--json] …
        measure help [check|layout]
        measure --version
        """

    package static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, let command = subcommands[first] {
            run(command, Array(arguments.dropFirst()), name: "measure \(first)")
        } else if arguments.first == "help" {
            help(Array(arguments.dropFirst()))
        } else {
            if let first = arguments.first, let note = CommandLineSpelling.subcommandNote(for: first) {
                FileHandle.standardError.write(Data("measure: note: \(note)\n".utf8))
            }
            run(Measure.self, arguments, name: "measure")
        }
    }

    /// `measure help` prints the help, `measure help check` a subcommand's; a word after
    /// `help` that names no subcommand is an error (64). To measure the word "help" itself:
    /// `measure -- help`.
    static func help(_ arguments: [String]) -> Never {
        guard let name = arguments.first else {
            print(Measure.helpMessage())
            exit(0)
        }
        guard arguments.count == 1, let command = subcommands[name] else {
            let known = subcommands.keys.sorted().joined(separator: ", ")
            let suggestion = CommandLineSpelling.nearest(name, among: Array(subcommands.keys)).map {
                " Did you mean '\($0)'?"
            }
            FileHandle.standardError.write(
                Data(
                    "measure: error: 'measure help' takes one subcommand (\(known)), not '\(arguments.joined(separator: " "))'.\(suggestion ?? "")\nSee 'measure --help'.\n"
                        .utf8))
            exit(64)
        }
        print(command.helpMessage())
        exit(0)
    }

    /// Parses and runs `command`. Help and `--version` go to stdout with status 0; every
    /// error goes to stderr as "measure: error: …" (argument-parser's own errors included,
    /// with a pointer to the help), with its exit status: 64 for a bad argument, or the one
    /// the command chose.
    static func run(_ command: ParsableCommand.Type, _ arguments: [String], name: String) -> Never {
        do {
            var parsed = try command.parseAsRoot(arguments)
            try parsed.run()
            SystemFontNotice.noteIfUsed(.shared)
            exit(0)
        } catch let code as ExitCode {
            // Thrown by the commands after they printed their own message.
            SystemFontNotice.noteIfUsed(.shared)
            exit(code.rawValue)
        } catch {
            let status = command.exitCode(for: error)
            if status == .success {
                print(command.fullMessage(for: error))
                exit(0)
            }
            var message = command.message(for: error)
            if let corrected = CommandLineSpelling.correctingSuggestion(in: message, options: optionNames(of: command))
            {
                message = corrected
            }
            if !message.isEmpty {
                FileHandle.standardError.write(
                    Data("measure: error: \(lowercasingFirstWord(message))\nSee '\(name) --help'.\n".utf8))
            }
            exit(status == .failure ? 64 : status.rawValue)
        }
    }

    /// The long options a command's help lists (`--width`, `--font-dir`, …).
    static func optionNames(of command: ParsableCommand.Type) -> [String] {
        var names: [String] = []
        for word in command.helpMessage(columns: 1000).split(whereSeparator: {
            !($0.isLetter || $0 == "-" || $0.isNumber)
        })
        where word.hasPrefix("--") && word.count > 2 && !names.contains(String(word)) {
            names.append(String(word))
        }
        return names
    }

    /// argument-parser's messages start with a capital ("Unexpected argument"); ours do not.
    static func lowercasingFirstWord(_ message: String) -> String {
        guard let first = message.first, first.isUppercase,
            message.dropFirst().first.map({ $0.isLowercase || $0 == " " }) ?? true
        else { return message }
        return first.lowercased() + message.dropFirst()
    }
}

extension RequestError {
    /// How a subcommand ends on this error: its message, when it has one, on stderr after
    /// "measure: error: ", and the exit status it carries (to throw from `run()`).
    func reported() -> ExitCode {
        if !message.isEmpty { FileHandle.standardError.write(Data("measure: error: \(message)\n".utf8)) }
        return ExitCode(exitCode)
    }
}
