import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML document read into a flat tree: elements in document order, each with its
/// attributes, children and the line and column of its start tag.
///
/// Interface Builder files come from strangers, so reading is bounded: the file size, the
/// number of elements and the depth are capped, and a document type declaration is refused
/// before parsing, so no entity (internal, which can expand exponentially, or external, which
/// would read other files) is ever declared, expanded or resolved.
struct XMLTree: Sendable {
    /// One attribute.
    struct Attribute: Sendable, Hashable {
        var name: String
        var value: String
    }

    /// One element.
    struct Element: Sendable {
        var name: String
        var attributes: [Attribute]
        var children: [Int] = []
        var parent: Int?
        var position: SourcePosition
        /// The text of `<string>` and `<mutableString>` elements.
        var text: String?

        func attribute(_ key: String) -> String? {
            for attribute in attributes where attribute.name == key { return attribute.value }
            return nil
        }
    }

    /// The largest file read, in bytes (64 MiB).
    static let maximumSize = 64 << 20
    /// The most elements read (4 million).
    static let maximumElements = 4_000_000
    /// The deepest nesting read.
    static let maximumDepth = 256

    /// Every element in document order; the first is the root.
    var elements: [Element]

    subscript(_ index: Int) -> Element { elements[index] }

    /// The children of an element with a name (all children when nil).
    func children(of index: Int, named name: String? = nil) -> [Int] {
        let all = elements[index].children
        guard let name else { return all }
        return all.filter { elements[$0].name == name }
    }

    /// The first child with a name and, optionally, a `key` attribute.
    func child(of index: Int, named name: String, key: String? = nil) -> Int? {
        elements[index].children.first { child in
            elements[child].name == name && (key == nil || elements[child].attribute("key") == key)
        }
    }

    /// Parses XML bytes.
    ///
    /// - Throws: `syntax` for malformed XML (with the line and column), a document type
    ///   declaration, or a file past the limits.
    init(bytes: [UInt8]) throws(LayoutFileError) {
        guard bytes.count <= XMLTree.maximumSize else {
            throw LayoutFileError(
                .unreadableFile, at: nil, "the file is larger than \(XMLTree.maximumSize >> 20) MiB")
        }
        if let offset = XMLTree.find(Array("<!DOCTYPE".utf8), in: bytes)
            ?? XMLTree.find(Array("<!ENTITY".utf8), in: bytes)
        {
            throw LayoutFileError(
                .syntax, at: XMLTree.position(ofOffset: offset, in: bytes),
                "the file declares a document type (<!DOCTYPE …>): Interface Builder files never do, and entity "
                    + "declarations are refused so that nothing is expanded or read from elsewhere")
        }
        // Interface Builder writes UTF-8 only; Foundation's XMLParser on Linux traps on names
        // that are not valid UTF-8, so anything else is refused first, with its place.
        if let offset = XMLTree.firstInvalidUTF8(in: bytes) {
            throw LayoutFileError(
                .syntax, at: XMLTree.position(ofOffset: offset, in: bytes),
                "the file is not valid UTF-8 (byte 0x\(String(bytes[offset], radix: 16, uppercase: true))); "
                    + "Interface Builder files are UTF-8")
        }
        let lines = XMLTree.lineStarts(bytes)
        let builder = TreeBuilder(bytes: bytes, lineStarts: lines)
        let stream = InputStream(data: Data(bytes))
        let parser = XMLParser(stream: stream)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = builder
        builder.parser = parser
        let parsed = parser.parse()
        if let failure = builder.failure { throw failure }
        // libxml2 reports some well-formedness errors (a control character in an attribute
        // value, a tag cut short) and then goes on, rebuilding what it could not read, and the
        // parse still returns true: the tree would then hold guesses, such as an `id` whose
        // value was dropped. The first complaint is final, as XML requires
        // (`InterfaceBuilderBadInputTests.testRecoveredParseErrorIsMalformed`).
        if !parsed || builder.firstError != nil || builder.elements.isEmpty {
            // Where the parser first complained (libxml2 goes on after some errors and
            // reports them again at the end).
            let line = builder.firstError?.line ?? max(parser.lineNumber, 1)
            let column = builder.firstError?.column ?? max(parser.columnNumber, 1)
            let code = builder.firstError?.code ?? (parser.parserError as NSError?)?.code
            throw LayoutFileError(
                .syntax, at: SourcePosition(line: line, column: column),
                builder.elements.isEmpty && parsed
                    ? "the file has no XML element: an Interface Builder file starts with <document>"
                    : "malformed XML: \(XMLTree.describe(code))")
        }
        if !builder.stack.isEmpty {
            throw LayoutFileError(
                .syntax, at: SourcePosition(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)),
                "malformed XML: the file ends inside <\(builder.elements[builder.stack.last ?? 0].name)>")
        }
        elements = builder.elements
    }

    /// Our words for libxml2's error codes (Foundation on Linux prints refused entities as "(null)").
    static func describe(_ code: Int?) -> String {
        guard let code else { return "the parser stopped" }
        switch code {
        case 4: return "the document is empty or does not start with an element"
        case 5: return "the file ends before the document does"
        case 9: return "a character that XML does not allow"
        case 23: return "an unexpected '>' or unterminated start tag"
        case 26: return "a reference to an undeclared entity (only &amp; &lt; &gt; &apos; &quot; are allowed)"
        case 27: return "a reference to an undeclared entity"
        case 38, 39, 40, 41: return "an attribute without a quoted value"
        case 42: return "an attribute given twice in one tag"
        case 43, 44: return "an attribute value that is not quoted or not closed"
        case 45: return "a comment that is not closed (<!-- … -->)"
        case 46, 47: return "a processing instruction that is not closed (<? … ?>)"
        case 64: return "an XML or text declaration in the wrong place"
        case 65: return "a space was expected between attributes"
        case 68, 73: return "a name was expected after '<'"
        case 76: return "an end tag that does not match its start tag"
        case 77: return "a tag that is not closed"
        case 85: return "the end of the file inside a tag"
        case 89: return "an entity that refers to itself"
        case 104: return "elements nested too deeply"
        case 109: return "text after the document's end"
        case 111: return "an entity expands too much"
        default: return "the parser stopped (libxml2 error \(code))"
        }
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence
    /// (overlong forms, surrogates and values past U+10FFFF included), or nil.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            var length = 0
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            if bytes[index + 1] < low || bytes[index + 1] > high { return index }
            for k in 2..<max(length, 2) where bytes[index + k] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = true
                for k in 1..<needle.count where bytes[index + k] != needle[k] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        return starts
    }

    static func position(ofOffset offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return SourcePosition(line: line, column: offset - lineStart + 1)
    }
}

/// Builds the flat tree from the parser's events.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    let bytes: [UInt8]
    let lineStarts: [Int]
    weak var parser: XMLParser?
    var elements: [XMLTree.Element] = []
    var stack: [Int] = []
    var failure: LayoutFileError?
    /// The first error the parser reported, and where.
    var firstError: (line: Int, column: Int, code: Int)?
    private var collectingText = false

    init(bytes: [UInt8], lineStarts: [Int]) {
        self.bytes = bytes
        self.lineStarts = lineStarts
    }

    private func stop(_ error: LayoutFileError) {
        if failure == nil { failure = error }
        parser?.abortParsing()
    }

    /// The column of the `<` that opens `name` on `line`, searching back from where the parser
    /// stands (libxml2 reports the end of the start tag).
    private func startColumn(of name: String, line: Int, reported column: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return max(column, 1) }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        let tag = Array(("<" + name).utf8)
        var index = min(start + max(column, 1), end) - 1
        while index >= start {
            if bytes[index] == 0x3C, index + tag.count <= end, Array(bytes[index..<(index + tag.count)]) == tag {
                return index - start + 1
            }
            index -= 1
        }
        // A start tag over several lines: the first non-blank character of the line.
        var first = start
        while first < end, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
        return first - start + 1
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        if elements.count >= XMLTree.maximumElements {
            return stop(
                LayoutFileError(
                    .invalidValue, at: SourcePosition(line: parser.lineNumber, column: 1),
                    "the file has more than \(XMLTree.maximumElements) elements"))
        }
        if stack.count >= XMLTree.maximumDepth {
            return stop(
                LayoutFileError(
                    .invalidValue, at: SourcePosition(line: parser.lineNumber, column: 1),
                    "elements are nested more than \(XMLTree.maximumDepth) deep"))
        }
        let line = max(parser.lineNumber, 1)
        let column = startColumn(of: elementName, line: line, reported: parser.columnNumber)
        // An empty `id` names no object (IB never writes one, and no translation key or
        // constraint can name it), so it is read as absent, the same for every element
        // (`InterfaceBuilderBadInputTests.testEmptyIDNamesNothing`).
        let attributes = attributeDict.compactMap { name, value in
            name == "id" && value.isEmpty ? nil : XMLTree.Attribute(name: name, value: value)
        }
        .sorted { $0.name < $1.name }
        let index = elements.count
        elements.append(
            XMLTree.Element(
                name: elementName, attributes: attributes, parent: stack.last,
                position: SourcePosition(line: line, column: column)))
        if let parent = stack.last { elements[parent].children.append(index) }
        stack.append(index)
        collectingText = elementName == "string" || elementName == "mutableString"
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard failure == nil else { return }
        _ = stack.popLast()
        collectingText = false
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard collectingText, let current = stack.last else { return }
        elements[current].text = (elements[current].text ?? "") + string
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if firstError == nil {
            firstError = (max(parser.lineNumber, 1), max(parser.columnNumber, 1), (parseError as NSError).code)
        }
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        stop(
            LayoutFileError(
                .syntax, at: SourcePosition(line: max(parser.lineNumber, 1), column: 1),
                "the file declares the entity \"\(name)\": entity declarations are refused"))
    }

    func parser(
        _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?
    ) {
        stop(
            LayoutFileError(
                .syntax, at: SourcePosition(line: max(parser.lineNumber, 1), column: 1),
                "the file declares the external entity \"\(name)\": external entities are never read"))
    }
}
