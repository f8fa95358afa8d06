import AutoLayout
import Documents
import Foundation
import Typesetting

/// A layout file as read: a screen, a tree of views and constraints, in JSON or YAML.
/// docs/layout-files.md describes the format.
///
/// ```swift
/// let file = try LayoutFile(contentsOf: "Examples/sign-up.json")
/// let screen = try file.makeScreen()
/// let report = screen.layOut()
/// for view in report.views { print(view.name, view.frame) }
/// ```
public struct LayoutFile: Sendable {
    /// The text formats a layout file may be written in.
    public enum Format: String, Sendable, Hashable {
        /// JSON (RFC 8259).
        case json
        /// YAML 1.1.
        case yaml
    }

    /// The parsed document.
    public let document: DocumentNode
    /// The path it was read from, for error messages.
    public let path: String?
    /// The format it was written in.
    public let format: Format

    /// The largest layout file read, in bytes (16 MiB).
    public static let maximumSize = 16 << 20

    /// Reads and parses a file; `.yaml` and `.yml` are YAML, anything else JSON.
    ///
    /// - Throws: `unreadableFile` for a file that is missing, not a regular file or over
    ///   ``maximumSize`` (`DocumentFile.read(path:limit:)`), or a `syntax` error with the line
    ///   and column.
    public init(contentsOf path: String) throws(LayoutFileError) {
        let lowered = path.lowercased()
        let format: Format = lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") ? .yaml : .json
        let bytes: [UInt8]
        do {
            bytes = try DocumentFile.read(path: path, limit: LayoutFile.maximumSize)
        } catch {
            throw LayoutFileError(.unreadableFile, at: nil, error.message, path: path)
        }
        try self.init(bytes: bytes, format: format, path: path)
    }

    /// Parses the bytes of a layout file.
    ///
    /// - Throws: a `syntax` error with the line and column.
    public init(bytes: [UInt8], format: Format, path: String? = nil) throws(LayoutFileError) {
        do throws(LayoutFileError) {
            switch format {
            case .json: document = try DocumentNode.layoutJSON(bytes)
            case .yaml:
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw LayoutFileError(.syntax, at: nil, "the file is not valid UTF-8")
                }
                document = try DocumentNode.layoutYAML(text)
            }
        } catch {
            throw path.map { error.inFile($0) } ?? error
        }
        self.path = path
        self.format = format
    }

    /// Builds the window, views and constraints the file describes, ready to lay out.
    ///
    /// - Parameter options: settings that override the file's screen (the CLI's `--device`).
    /// - Throws: `invalidValue`, `invalidConstraint`, `unknownView`, `duplicateName`,
    ///   `cyclicHierarchy`, `unknownFont` or `unknownDevice`, with the position in the file.
    public func makeScreen(_ options: ScreenOptions = ScreenOptions()) throws(LayoutFileError) -> LayoutScreen {
        do throws(LayoutFileError) {
            var builder = ScreenBuilder(options: options)
            return try builder.build(document)
        } catch {
            throw path.map { error.inFile($0) } ?? error
        }
    }
}

/// Settings that override a layout file's `screen`.
public struct ScreenOptions: Sendable, Hashable {
    /// A device preset name to use instead of the file's screen.
    public var device: String?
    /// The orientation to use instead of the file's.
    public var orientation: Device.Orientation?
    /// The content size category to use instead of the file's.
    public var contentSizeCategory: ContentSizeCategory?
    /// The language texts are set in (a BCP 47 tag such as "ja"), instead of the file's
    /// `language`: what `measure check` sets to each catalog's language.
    public var language: String?

    /// Options that override nothing, or the parts given.
    public init(
        device: String? = nil, orientation: Device.Orientation? = nil, contentSizeCategory: ContentSizeCategory? = nil,
        language: String? = nil
    ) {
        self.device = device
        self.orientation = orientation
        self.contentSizeCategory = contentSizeCategory
        self.language = language
    }
}
