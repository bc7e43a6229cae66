import XCTest
@testable import InterfaceBuilder

final class IBElementMapTests: XCTestCase {
    private func classes(_ elements: [String], _ platform: IBPlatform) -> [String?] {
        elements.map { IBElementMap.className(element: $0, platform: platform)?.name }
    }

    func testSharedElementsMapPerPlatform() {
        let elements = ["view", "label", "button", "imageView", "textField", "textView", "scrollView", "tableView",
                        "collectionView", "stackView", "switch", "slider", "window", "viewController",
                        "customObject", "customView", "menu", "mapView", "toolbar", "datePicker"]
        XCTAssertEqual(classes(elements, .ios), [
            "UIView", "UILabel", "UIButton", "UIImageView", "UITextField", "UITextView", "UIScrollView", "UITableView",
            "UICollectionView", "UIStackView", "UISwitch", "UISlider", "UIWindow", "UIViewController",
            "NSObject", "UIView", "UIMenu", "MKMapView", "UIToolbar", "UIDatePicker",
        ])
        XCTAssertEqual(classes(elements, .mac), [
            "NSView", "NSTextField", "NSButton", "NSImageView", "NSTextField", "NSTextView", "NSScrollView", "NSTableView",
            "NSCollectionView", "NSStackView", "NSSwitch", "NSSlider", "NSWindow", "NSViewController",
            "NSObject", "NSView", "NSMenu", "MKMapView", "NSToolbar", "NSDatePicker",
        ])
    }

    func testPlatformSpecificElements() {
        XCTAssertEqual(classes(["tableViewCell", "tableViewCellContentView", "collectionViewCell", "activityIndicatorView",
                                "progressView", "pageControl", "pickerView", "searchBar", "navigationBar", "tabBar",
                                "barButtonItem", "navigationItem", "tabBarItem", "tableViewController",
                                "navigationController", "tabBarController", "collectionViewController",
                                "tapGestureRecognizer", "pongPressGestureRecognizer", "segmentedControl"], .ios), [
            "UITableViewCell", "UITableViewCellContentView", "UICollectionViewCell", "UIActivityIndicatorView",
            "UIProgressView", "UIPageControl", "UIPickerView", "UISearchBar", "UINavigationBar", "UITabBar",
            "UIBarButtonItem", "UINavigationItem", "UITabBarItem", "UITableViewController",
            "UINavigationController", "UITabBarController", "UICollectionViewController",
            "UITapGestureRecognizer", "UILongPressGestureRecognizer", "UISegmentedControl",
        ])
        XCTAssertEqual(classes(["windowController", "menuItem", "matrix", "buttonCell", "textFieldCell", "box", "splitView",
                                "outlineView", "tableColumn", "arrayController", "objectController",
                                "userDefaultsController", "clipView", "popUpButton"], .mac), [
            "NSWindowController", "NSMenuItem", "NSMatrix", "NSButtonCell", "NSTextFieldCell", "NSBox", "NSSplitView",
            "NSOutlineView", "NSTableColumn", "NSArrayController", "NSObjectController",
            "NSUserDefaultsController", "NSClipView", "NSPopUpButton",
        ])
        // Elements of the other platform still map, flagged as foreign (the reader warns).
        XCTAssertEqual(IBElementMap.className(element: "tableViewCell", platform: .mac)?.foreign, true)
        XCTAssertEqual(IBElementMap.className(element: "view", platform: .mac)?.foreign, false)
        XCTAssertNil(IBElementMap.className(element: "rect", platform: .ios))
        XCTAssertNil(IBElementMap.className(element: "constraint", platform: .ios))
    }

    func testForeignElementWarns() {
        let text = """
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" targetRuntime="MacOSX.Cocoa">
            <objects>
                <tableViewCell id="c1"/>
            </objects>
        </document>
        """
        guard case .success(let document) = IBReader.read(data: Data(text.utf8), path: "f.xib") else {
            return XCTFail("should read")
        }
        XCTAssertEqual(document.objects.map(\.className), ["UITableViewCell"])
        XCTAssertEqual(document.warnings.map(\.description),
                       ["f.xib:3:9: warning: element 'tableViewCell' is not a Mac element; treated as UITableViewCell"])
    }
}
