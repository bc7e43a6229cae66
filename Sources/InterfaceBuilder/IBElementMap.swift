// What the elements of an Interface Builder document mean. Dictionaries and sets here
// are for lookup only; nothing iterates them into output.

enum IBElementMap {
    static let filesOwnerIdentifier = "IBFilesOwner"
    static let firstResponderIdentifier = "IBFirstResponder"
    // Mac xibs write the application proxy as customObject id -3, not as a <placeholder>;
    // there is no IB identifier for it, so this one is ours.
    static let applicationIdentifier = "IBApplication"
    // Storyboard <exit> placeholders have no placeholderIdentifier either; ours too.
    static let exitIdentifier = "IBExit"

    /// The class an object element stands for on each platform (nil: not on that platform).
    static let classes: [String: (ios: String?, mac: String?)] = [
        // Views and controls, both platforms.
        "view": ("UIView", "NSView"),
        "customView": ("UIView", "NSView"),
        "label": ("UILabel", "NSTextField"),  // Mac labels are written as textField; accept label too
        "button": ("UIButton", "NSButton"),
        "imageView": ("UIImageView", "NSImageView"),
        "textField": ("UITextField", "NSTextField"),
        "textView": ("UITextView", "NSTextView"),
        "scrollView": ("UIScrollView", "NSScrollView"),
        "tableView": ("UITableView", "NSTableView"),
        "collectionView": ("UICollectionView", "NSCollectionView"),
        "collectionViewFlowLayout": ("UICollectionViewFlowLayout", "NSCollectionViewFlowLayout"),
        "collectionViewLayout": ("UICollectionViewLayout", "NSCollectionViewLayout"),
        "stackView": ("UIStackView", "NSStackView"),
        "switch": ("UISwitch", "NSSwitch"),
        "slider": ("UISlider", "NSSlider"),
        "stepper": ("UIStepper", "NSStepper"),
        "segmentedControl": ("UISegmentedControl", "NSSegmentedControl"),
        "datePicker": ("UIDatePicker", "NSDatePicker"),
        "colorWell": ("UIColorWell", "NSColorWell"),
        "toolbar": ("UIToolbar", "NSToolbar"),
        "window": ("UIWindow", "NSWindow"),
        "visualEffectView": ("UIVisualEffectView", "NSVisualEffectView"),
        "containerView": ("UIView", "NSView"),
        "mapView": ("MKMapView", "MKMapView"),
        "webView": ("UIWebView", "WebView"),
        "wkWebView": ("WKWebView", "WKWebView"),
        "wkWebViewConfiguration": ("WKWebViewConfiguration", "WKWebViewConfiguration"),
        "sceneKitView": ("SCNView", "SCNView"),
        "sceneView": ("SCNView", "SCNView"),
        "skView": ("SKView", "SKView"),
        "spriteKitView": ("SKView", "SKView"),
        "mtkView": ("MTKView", "MTKView"),
        "arscnView": ("ARSCNView", nil),
        "arskView": ("ARSKView", nil),
        "customObject": ("NSObject", "NSObject"),
        "menu": ("UIMenu", "NSMenu"),

        // Controllers.
        "viewController": ("UIViewController", "NSViewController"),
        "splitViewController": ("UISplitViewController", "NSSplitViewController"),
        "hostingController": ("UIHostingController", "NSHostingController"),
        "viewControllerPlaceholder": ("UIViewController", "NSViewController"),
        "tableViewController": ("UITableViewController", nil),
        "collectionViewController": ("UICollectionViewController", nil),
        "navigationController": ("UINavigationController", nil),
        "tabBarController": ("UITabBarController", nil),
        "pageViewController": ("UIPageViewController", nil),
        "glkViewController": ("GLKViewController", nil),
        "avPlayerViewController": ("AVPlayerViewController", nil),
        "searchDisplayController": ("UISearchDisplayController", nil),
        "windowController": (nil, "NSWindowController"),
        "tabViewController": (nil, "NSTabViewController"),
        "pagecontroller": (nil, "NSPageController"),
        "pageController": (nil, "NSPageController"),
        "controllerPlaceholder": (nil, "NSViewController"),
        "arrayController": (nil, "NSArrayController"),
        "objectController": (nil, "NSObjectController"),
        "treeController": (nil, "NSTreeController"),
        "dictionaryController": (nil, "NSDictionaryController"),
        "userDefaultsController": (nil, "NSUserDefaultsController"),

        // UIKit only.
        "tableViewCell": ("UITableViewCell", nil),
        "tableViewCellContentView": ("UITableViewCellContentView", nil),
        // IB's record of a static table section; it has an id and owns its cells.
        "tableViewSection": ("UITableViewSection", nil),
        "collectionViewCell": ("UICollectionViewCell", nil),
        "collectionViewCellContentView": ("UIView", nil),
        "collectionReusableView": ("UICollectionReusableView", nil),
        "activityIndicatorView": ("UIActivityIndicatorView", nil),
        "progressView": ("UIProgressView", nil),
        "pageControl": ("UIPageControl", nil),
        "pickerView": ("UIPickerView", nil),
        "searchBar": ("UISearchBar", nil),
        "navigationBar": ("UINavigationBar", nil),
        "tabBar": ("UITabBar", nil),
        "barButtonItem": ("UIBarButtonItem", nil),
        "barButtonItemGroup": ("UIBarButtonItemGroup", nil),
        "navigationItem": ("UINavigationItem", nil),
        "tabBarItem": ("UITabBarItem", nil),
        "refreshControl": ("UIRefreshControl", nil),
        "glkView": ("GLKView", nil),
        "command": ("UICommand", nil),
        "navigationBarAppearance": ("UINavigationBarAppearance", nil),
        "tabBarAppearance": ("UITabBarAppearance", nil),
        "toolbarAppearance": ("UIToolbarAppearance", nil),
        "tapGestureRecognizer": ("UITapGestureRecognizer", nil),
        "pinchGestureRecognizer": ("UIPinchGestureRecognizer", nil),
        "swipeGestureRecognizer": ("UISwipeGestureRecognizer", nil),
        "screenEdgePanGestureRecognizer": ("UIScreenEdgePanGestureRecognizer", nil),
        "pongPressGestureRecognizer": ("UILongPressGestureRecognizer", nil),  // sic: IB's own spelling
        "longPressGestureRecognizer": ("UILongPressGestureRecognizer", nil),
        "hoverGestureRecognizer": ("UIHoverGestureRecognizer", nil),
        "panGestureRecognizer": ("UIPanGestureRecognizer", "NSPanGestureRecognizer"),
        "rotationGestureRecognizer": ("UIRotationGestureRecognizer", "NSRotationGestureRecognizer"),

        // AppKit only.
        "application": (nil, "NSApplication"),
        "panel": (nil, "NSPanel"),
        "menuItem": (nil, "NSMenuItem"),
        "popover": (nil, "NSPopover"),
        "drawer": (nil, "NSDrawer"),
        "toolbarItem": (nil, "NSToolbarItem"),
        "searchToolbarItem": (nil, "NSSearchToolbarItem"),
        "box": (nil, "NSBox"),
        "splitView": (nil, "NSSplitView"),
        "splitViewItem": (nil, "NSSplitViewItem"),
        "tabView": (nil, "NSTabView"),
        "tabViewItem": (nil, "NSTabViewItem"),
        "outlineView": (nil, "NSOutlineView"),
        "tableColumn": (nil, "NSTableColumn"),
        "tableHeaderView": (nil, "NSTableHeaderView"),
        "tableHeaderCell": (nil, "NSTableHeaderCell"),
        "tableCellView": (nil, "NSTableCellView"),
        "tableRowView": (nil, "NSTableRowView"),
        "clipView": (nil, "NSClipView"),
        "scroller": (nil, "NSScroller"),
        "collectionViewItem": (nil, "NSCollectionViewItem"),
        "collectionViewGridLayout": (nil, "NSCollectionViewGridLayout"),
        "predicateEditorRowTemplate": (nil, "NSPredicateEditorRowTemplate"),
        "form": (nil, "NSForm"),
        "formCell": (nil, "NSFormCell"),
        "toolbarItemGroup": (nil, "NSToolbarItemGroup"),
        "menuToolbarItem": (nil, "NSMenuToolbarItem"),
        "touchBar": (nil, "NSTouchBar"),
        "matrix": (nil, "NSMatrix"),
        "popUpButton": (nil, "NSPopUpButton"),
        "comboBox": (nil, "NSComboBox"),
        "progressIndicator": (nil, "NSProgressIndicator"),
        "levelIndicator": (nil, "NSLevelIndicator"),
        "searchField": (nil, "NSSearchField"),
        "secureTextField": (nil, "NSSecureTextField"),
        "tokenField": (nil, "NSTokenField"),
        "pathControl": (nil, "NSPathControl"),
        "browser": (nil, "NSBrowser"),
        "gridView": (nil, "NSGridView"),
        "gridRow": (nil, "NSGridRow"),
        "gridColumn": (nil, "NSGridColumn"),
        "gridCell": (nil, "NSGridCell"),
        "ruleEditor": (nil, "NSRuleEditor"),
        "predicateEditor": (nil, "NSPredicateEditor"),
        "openGLView": (nil, "NSOpenGLView"),
        "avPlayerView": (nil, "AVPlayerView"),
        "pdfView": (nil, "PDFView"),
        "textContainer": (nil, "NSTextContainer"),
        "buttonCell": (nil, "NSButtonCell"),
        "textFieldCell": (nil, "NSTextFieldCell"),
        "imageCell": (nil, "NSImageCell"),
        "popUpButtonCell": (nil, "NSPopUpButtonCell"),
        "comboBoxCell": (nil, "NSComboBoxCell"),
        "sliderCell": (nil, "NSSliderCell"),
        "stepperCell": (nil, "NSStepperCell"),
        "segmentedCell": (nil, "NSSegmentedCell"),
        "levelIndicatorCell": (nil, "NSLevelIndicatorCell"),
        "datePickerCell": (nil, "NSDatePickerCell"),
        "searchFieldCell": (nil, "NSSearchFieldCell"),
        "secureTextFieldCell": (nil, "NSSecureTextFieldCell"),
        "tokenFieldCell": (nil, "NSTokenFieldCell"),
        "pathCell": (nil, "NSPathCell"),
        "browserCell": (nil, "NSBrowserCell"),
        "actionCell": (nil, "NSActionCell"),
        "customCell": (nil, "NSCell"),
        "clickGestureRecognizer": (nil, "NSClickGestureRecognizer"),
        "magnificationGestureRecognizer": (nil, "NSMagnificationGestureRecognizer"),
        "pressGestureRecognizer": (nil, "NSPressGestureRecognizer"),
    ]

    /// Elements that are a storyboard scene's view controller.
    static let controllerElements: Set<String> = [
        "viewController", "tableViewController", "collectionViewController", "navigationController",
        "tabBarController", "splitViewController", "pageViewController", "glkViewController",
        "avPlayerViewController", "hostingController", "viewControllerPlaceholder", "windowController",
        "tabViewController", "pagecontroller", "pageController", "controllerPlaceholder",
    ]

    /// Non-object elements that carry ids. Kept as objects only when a connection points at them
    /// (an outlet to a constraint or a layout guide); decided after the whole document is read.
    static let candidates: [String: (ios: String, mac: String, collection: String)] = [
        "constraint": ("NSLayoutConstraint", "NSLayoutConstraint", "constraints"),
        "viewControllerLayoutGuide": ("UILayoutGuide", "NSLayoutGuide", "layoutGuides"),
        "viewLayoutGuide": ("UILayoutGuide", "NSLayoutGuide", "layoutGuides"),
        "layoutGuide": ("UILayoutGuide", "NSLayoutGuide", "layoutGuides"),
    ]

    /// Elements inside `<connections>` that are connections we record.
    static let connectionElements: Set<String> = ["outlet", "outletCollection", "action", "segue"]

    /// Elements with ids that are never objects.
    static let nonObjectElements: Set<String> = [
        "connections", "outlet", "outletCollection", "action", "segue", "binding",
        "constraint", "viewControllerLayoutGuide", "viewLayoutGuide", "layoutGuide",
        "device", "adaptation", "exclude", "include",
    ]

    /// Value, layout and bookkeeping elements: read past with their content (only
    /// constraint and layout-guide candidates are picked out of them).
    static let ignored: Set<String> = [
        "rect", "size", "point", "color", "fontDescription", "font", "autoresizingMask",
        "constraints", "constraint", "layoutGuides", "viewLayoutGuide", "viewControllerLayoutGuide",
        "layoutGuide", "simulatedMetricsContainer", "simulatedStatusBarMetrics",
        "simulatedOrientationMetrics", "simulatedScreenMetrics", "simulatedNavigationBarMetrics",
        "simulatedTabBarMetrics", "simulatedToolbarMetrics", "freeformSimulatedSizeMetrics",
        "string", "nil", "state", "inset", "edgeInsets", "directionalEdgeInsets", "offsetWrapper",
        "userDefinedRuntimeAttributes", "userDefinedRuntimeAttribute", "accessibility",
        "resources", "dependencies", "deployment", "plugIn", "capability", "textInputTraits",
        "windowStyleMask", "windowPositionMask", "behavior", "modifierMask", "animations",
        "variation", "mask", "exclude", "include", "attributedString", "fragment", "attributes",
        "paragraphStyle", "mutableString", "image", "imageReference", "systemColor", "namedColor",
        "integer", "real", "bool", "date", "locale", "timeZone", "calendar", "data",
        "extendedEdge", "dataDetectorType", "tableViewGridLines", "sortDescriptor",
        "preferredSymbolConfiguration", "buttonConfiguration", "backgroundConfiguration",
        "textAttributes", "blurEffect", "vibrancyEffect", "segments", "segment",
        "scopeButtonTitles", "binding", "device", "adaptation", "customFonts",
        "designables", "classes", "keyCommands", "keyCommand",
    ]

    /// Raw attributes kept on each object, in this order.
    static let keptAttributes: [String] = IBAttribute.allCases.filter(\.isKept).map(\.name)

    static func className(element: String, platform: IBPlatform) -> (name: String, foreign: Bool)? {
        guard let entry = classes[element] else { return nil }
        switch platform {
        case .ios:
            if let name = entry.ios { return (name, false) }
            return entry.mac.map { ($0, true) }
        case .mac:
            if let name = entry.mac { return (name, false) }
            return entry.ios.map { ($0, true) }
        }
    }

    static func baseViewClass(_ platform: IBPlatform) -> String { platform == .ios ? "UIView" : "NSView" }
    static func responderClass(_ platform: IBPlatform) -> String { platform == .ios ? "UIResponder" : "NSResponder" }
    static func viewControllerClass(_ platform: IBPlatform) -> String {
        platform == .ios ? "UIViewController" : "NSViewController"
    }
}
