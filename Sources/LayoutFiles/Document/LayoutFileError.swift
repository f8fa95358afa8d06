/// Why a layout file could not be read or laid out: what was wrong, where, and what is allowed.
public struct LayoutFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem, each with its own message.
    public enum Kind: String, Sendable, Hashable {
        /// The file could not be read from disk.
        case unreadableFile
        /// The text is not valid JSON or YAML.
        case syntax
        /// A key or value the format does not allow (wrong type, unknown key, out of range).
        case invalidValue
        /// A constraint string that does not parse.
        case invalidConstraint
        /// A constraint names a view or guide that the file does not define.
        case unknownView
        /// Two views share a name.
        case duplicateName
        /// A view is placed inside itself.
        case cyclicHierarchy
        /// A font (family or file) that no registered face matches.
        case unknownFont
        /// A device name that is not a preset.
        case unknownDevice
    }

    /// The kind of problem.
    public var kind: Kind
    /// The file, when known.
    public var path: String?
    /// Where in the file, when known.
    public var position: SourcePosition?
    /// What was wrong and what is allowed.
    public var message: String

    /// An error of a kind at a position.
    public init(_ kind: Kind, at position: SourcePosition?, _ message: String, path: String? = nil) {
        self.kind = kind
        self.position = position
        self.message = message
        self.path = path
    }

    /// The same error, naming its file.
    public func inFile(_ path: String) -> LayoutFileError {
        var copy = self
        copy.path = path
        return copy
    }

    /// `signup.json:12:5: error: …`, the form compilers use, so editors can jump to it.
    public var description: String {
        var place = path ?? "layout"
        if let position { place += ":\(position.line):\(position.column)" }
        return "\(place): \(message)"
    }
}
