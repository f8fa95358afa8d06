import Catalogs

extension RequestError {
    /// A catalog that could not be read: 66 for a missing file or a directory, 64 for a file
    /// that is not a catalog, 65 for a malformed one; the message names the file and line.
    init(_ error: CatalogError) {
        switch error.kind {
        case .notFound: self.init(kind: "catalogNotFound", error.description, exitCode: 66)
        case .isDirectory: self.init(kind: "catalogNotFound", error.description, exitCode: 66)
        case .unknownType: self.init(kind: "unknownCatalogType", error.description)
        case .invalid: self.init(kind: "invalidCatalog", error.description, exitCode: 65)
        }
    }
}
