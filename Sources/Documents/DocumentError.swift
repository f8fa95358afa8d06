/// Why a document could not be read: what was wrong, where, and what is allowed.
public struct DocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem.
    public enum Kind: String, Sendable, Hashable {
        /// The bytes are not UTF-8 text.
        case encoding
        /// The text is not valid JSON or YAML (RFC 8259; YAML 1.1).
        case syntax
        /// The document is past one of ``DocumentLimits``: too large, too deeply nested, or
        /// YAML aliases that expand past the bound.
        case limit
    }

    /// The kind of problem.
    public var kind: Kind
    /// Where in the document, when known.
    public var position: SourcePosition?
    /// What was wrong and what is allowed.
    public var message: String

    /// An error of a kind at a position.
    public init(_ kind: Kind, at position: SourcePosition?, _ message: String) {
        self.kind = kind
        self.position = position
        self.message = message
    }

    /// `4:17: message`, or the message alone without a position.
    public var description: String {
        guard let position else { return message }
        return "\(position.line):\(position.column): \(message)"
    }
}
