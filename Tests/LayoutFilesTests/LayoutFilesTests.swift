import XCTest

@testable import LayoutFiles

final class LayoutFilesModuleTests: XCTestCase {
    func testModuleLinks() {
        XCTAssertEqual(String(describing: LayoutFiles.self), "LayoutFiles")
    }
}
