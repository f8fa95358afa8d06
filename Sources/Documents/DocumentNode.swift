/// A place in a document: 1-based line and column (columns count Unicode scalars).
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// A position from its line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Orders by line, then column.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line 4, column 17`.
    public var description: String { "line \(line), column \(column)" }
}

/// A value read from a document, JSON or YAML, with the place each part was written, so every
/// later error can point at it. Objects keep their members in the order written.
public struct DocumentNode: Sendable {
    /// The kinds of value a document holds.
    public indirect enum Value: Sendable {
        /// `null` (JSON) or `~`/`null`/empty (YAML).
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A finite number.
        case number(Double)
        /// A string.
        case string(String)
        /// An array.
        case array([DocumentNode])
        /// An object: its members in the order written, each key with its position.
        case object([Member])
    }

    /// One member of an object.
    public struct Member: Sendable {
        /// The key.
        public var key: String
        /// Where the key was written.
        public var keyPosition: SourcePosition
        /// The value.
        public var value: DocumentNode

        /// A member from its key, the key's position and its value.
        public init(key: String, keyPosition: SourcePosition, value: DocumentNode) {
            self.key = key
            self.keyPosition = keyPosition
            self.value = value
        }
    }

    /// The value.
    public var value: Value
    /// Where the value starts.
    public var position: SourcePosition

    /// A node from its value and position.
    public init(value: Value, position: SourcePosition) {
        self.value = value
        self.position = position
    }

    /// The kind of value, as error messages name it: "a string", "an object", ….
    public var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The most nested arrays and objects a document may hold: ``DocumentLimits/maximumDepth``.
    public static var maximumDepth: Int { DocumentLimits.maximumDepth }

    /// Whether the value is `null`.
    public var isNull: Bool { if case .null = value { true } else { false } }
    /// The number, or nil for another kind of value.
    public var numberValue: Double? { if case .number(let number) = value { number } else { nil } }
    /// The string, or nil for another kind of value.
    public var stringValue: String? { if case .string(let text) = value { text } else { nil } }
    /// The boolean, or nil for another kind of value.
    public var boolValue: Bool? { if case .bool(let flag) = value { flag } else { nil } }
    /// The elements of an array, or nil for another kind of value.
    public var arrayValue: [DocumentNode]? { if case .array(let elements) = value { elements } else { nil } }
    /// The members of an object, or nil for another kind of value.
    public var members: [Member]? { if case .object(let members) = value { members } else { nil } }

    /// The member named `key` of an object, or nil (also for another kind of value).
    public subscript(key: String) -> DocumentNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }
}
