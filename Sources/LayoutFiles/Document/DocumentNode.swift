import Documents

/// A value read from a layout file, JSON or YAML, with the place each part was written: the
/// `Documents` module's node, which every document the product reads shares.
public typealias DocumentNode = Documents.DocumentNode

/// A place in a layout file: 1-based line and column (columns count Unicode scalars).
public typealias SourcePosition = Documents.SourcePosition

extension DocumentNode {
    /// Reads a layout file's JSON text with the shared reader (``DocumentNode/parseJSON(_:)``),
    /// its errors as layout file errors of kind `.syntax`.
    static func layoutJSON(_ bytes: [UInt8]) throws(LayoutFileError) -> DocumentNode {
        do {
            return try DocumentNode.parseJSON(bytes)
        } catch {
            throw LayoutFileError(error)
        }
    }

    /// Reads a layout file's YAML text with the shared reader (``DocumentNode/parseYAML(_:)``,
    /// aliases expanded within ``DocumentLimits``), its errors as layout file errors.
    static func layoutYAML(_ text: String) throws(LayoutFileError) -> DocumentNode {
        do {
            return try DocumentNode.parseYAML(text)
        } catch {
            throw LayoutFileError(error)
        }
    }
}

extension LayoutFileError {
    /// A document the reader refused: a syntax error (past a bound too) at its position.
    init(_ error: DocumentError) {
        self.init(.syntax, at: error.position, error.message)
    }
}
