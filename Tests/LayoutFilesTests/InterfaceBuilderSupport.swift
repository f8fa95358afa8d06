import AutoLayout
import Foundation
import LayoutFiles
import XCTest

/// Interface Builder documents written for the tests, one construct each.
enum IB {
    /// A XIB whose objects are `objects` (after File's Owner), for `device`.
    static func xib(_ objects: String, device: String = "retina4_7", tools: String = "21701", extra: String = "")
        -> String
    {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(tools)" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
            <device id="\(device)" orientation="portrait" appearance="light"/>
            \(extra)
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                \(objects)
            </objects>
        </document>
        """
    }

    /// A storyboard with one view controller whose root view holds `content`.
    static func storyboard(
        _ content: String, device: String = "retina6_12", orientation: String = "portrait", tools: String = "21701",
        width: Int = 393, height: Int = 852, controllerExtra: String = "", extra: String = ""
    ) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(tools)" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
            <device id="\(device)" orientation="\(orientation)" appearance="light"/>
            \(extra)
            <scenes>
                <scene sceneID="scene-1">
                    <objects>
                        <viewController id="vc-1" customClass="MainViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="root">
                                <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                \(content)
                            </view>
                            \(controllerExtra)
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    /// Reads a document and lays out its scenes.
    static func layOut(
        _ text: String, options: InterfaceBuilderOptions = InterfaceBuilderOptions(), path: String? = nil
    ) throws -> [InterfaceBuilderReport] {
        let file = try InterfaceBuilderFile(bytes: Array(text.utf8), path: path)
        return try file.makeScenes(options).map { $0.layOut() }
    }

    /// The error reading or building a document raises, or nil (and a failure).
    static func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LayoutFileError? {
        do {
            _ = try layOut(text)
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch let error as LayoutFileError {
            return error
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
            return nil
        }
    }
}

extension InterfaceBuilderReport {
    /// The view of an object id.
    func view(_ id: String, file: StaticString = #filePath, line: UInt = #line) -> View? {
        let found = views.first { $0.object.id == id }
        if found == nil { XCTFail("no view \(id)", file: file, line: line) }
        return found
    }

    /// A view's frame in its superview.
    func frame(_ id: String, file: StaticString = #filePath, line: UInt = #line) -> CGRect {
        view(id, file: file, line: line)?.report.frame ?? .zero
    }
}

/// A rect as IB writes it.
func ibRect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> String {
    "<rect key=\"frame\" x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\"/>"
}
