import Foundation

/// Reading a document from disk with a bound on its size, for every file the product parses
/// (layout files, storyboards and XIBs).
///
/// ```swift
/// let bytes = try DocumentFile.read(path: "Examples/sign-up.json", limit: 16 << 20)
/// ```
public enum DocumentFile {
    /// Why a file could not be read: which file, and what was wrong with it.
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The kinds of problem.
        public enum Kind: String, Sendable, Hashable {
            /// The file is missing or may not be opened.
            case cannotOpen
            /// The path names a directory, a device, a pipe or a socket.
            case notRegularFile
            /// Reading the opened file failed.
            case cannotRead
            /// The file is larger than the limit it was read with.
            case tooLarge
        }

        /// The kind of problem.
        public var kind: Kind
        /// The path as given.
        public var path: String
        /// What was wrong, without the path: "cannot open the file (missing or not readable)".
        public var message: String

        /// An error of a kind for a path.
        public init(_ kind: Kind, path: String, _ message: String) {
            self.kind = kind
            self.path = path
            self.message = message
        }

        /// `path: message`.
        public var description: String { "\(path): \(message)" }
    }

    /// The bytes of the file at `path`, when it is a regular file (or a link to one) of at most
    /// `limit` bytes.
    ///
    /// Only regular files are read: a directory cannot be, a FIFO blocks until something writes
    /// to it, and a device such as /dev/zero never ends. At most `limit + 1` bytes are read, so
    /// a file that grows while it is read is still bounded.
    ///
    /// - Parameters:
    ///   - path: the file to read.
    ///   - limit: the largest size accepted, in bytes (a negative limit counts as 0).
    /// - Throws: `ReadError` with kind `cannotOpen` ("cannot open the file (missing or not
    ///   readable)"), `notRegularFile` ("cannot read the file: it is a directory"),
    ///   `cannotRead` ("cannot read the file: " and the system's reason) or `tooLarge` ("the
    ///   file is larger than 16 MiB").
    public static func read(path: String, limit: Int) throws(ReadError) -> [UInt8] {
        let limit = max(limit, 0)
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw ReadError(.cannotOpen, path: path, "cannot open the file (missing or not readable)")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let what = status.st_mode & S_IFMT == S_IFDIR ? "it is a directory" : "it is not a regular file"
            throw ReadError(.notRegularFile, path: path, "cannot read the file: \(what)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ReadError(.cannotOpen, path: path, "cannot open the file (missing or not readable)")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit == Int.max ? limit : limit + 1) ?? Data()
        } catch {
            throw ReadError(.cannotRead, path: path, "cannot read the file: \(error.localizedDescription)")
        }
        guard data.count <= limit else {
            throw ReadError(.tooLarge, path: path, "the file is larger than \(describe(size: limit))")
        }
        return Array(data)
    }

    /// A size for a message: whole mebibytes as "16 MiB", anything else in bytes.
    static func describe(size: Int) -> String {
        size > 0 && size % (1 << 20) == 0 ? "\(size >> 20) MiB" : "\(size) bytes"
    }
}
