import NibScriptSyntax

/// A class Cocoa provides: where it sits in the hierarchy, the properties and owned lists
/// that matter for memory, and on which platform it exists.
struct BuiltinClass {
    enum Availability { case both, ios, mac }
    var name: String
    var superclass: String?
    var availability: Availability
    /// Properties the class declares itself: the retained ones are released by its dealloc.
    var properties: [(name: String, type: String, attribute: PropertyAttribute)] = []
    /// Owned lists (each element retained), released by its dealloc.
    var lists: [String] = []
    /// `copy` gives an object of this class (NSMutableArray → NSArray).
    var copyClass: String? = nil
}

/// The built-in catalogue. Only what decides ownership is modelled; everything else a
/// class does is left out. Mac classes with a UIKit twin are spelled separately.
enum Catalogue {
    static let classes: [BuiltinClass] = foundation + uikit + appkit

    static let foundation: [BuiltinClass] = [
        // `children`: objects an Interface Builder file nests in another without a property or
        // list the catalogue knows (toolbar items, table columns…); the parent retains them.
        BuiltinClass(name: "NSObject", superclass: nil, availability: .both, lists: ["children"]),
        BuiltinClass(name: "NSString", superclass: "NSObject", availability: .both, copyClass: "NSString"),
        BuiltinClass(name: "NSMutableString", superclass: "NSString", availability: .both, copyClass: "NSString"),
        BuiltinClass(name: "NSArray", superclass: "NSObject", availability: .both, lists: ["objects"], copyClass: "NSArray"),
        BuiltinClass(name: "NSMutableArray", superclass: "NSArray", availability: .both, copyClass: "NSArray"),
        BuiltinClass(name: "NSDictionary", superclass: "NSObject", availability: .both, lists: ["objects"], copyClass: "NSDictionary"),
        BuiltinClass(name: "NSMutableDictionary", superclass: "NSDictionary", availability: .both, copyClass: "NSDictionary"),
        BuiltinClass(name: "NSSet", superclass: "NSObject", availability: .both, lists: ["objects"], copyClass: "NSSet"),
        BuiltinClass(name: "NSNumber", superclass: "NSObject", availability: .both, copyClass: "NSNumber"),
        BuiltinClass(name: "NSData", superclass: "NSObject", availability: .both, copyClass: "NSData"),
        BuiltinClass(name: "NSDate", superclass: "NSObject", availability: .both, copyClass: "NSDate"),
        BuiltinClass(name: "NSTimer", superclass: "NSObject", availability: .both),
        BuiltinClass(name: "NSLayoutConstraint", superclass: "NSObject", availability: .both),
    ]

    static let uikit: [BuiltinClass] = [
        BuiltinClass(name: "UIResponder", superclass: "NSObject", availability: .ios),
        BuiltinClass(name: "UIImage", superclass: "NSObject", availability: .ios),
        BuiltinClass(name: "UIView", superclass: "UIResponder", availability: .ios, lists: ["subviews"]),
        BuiltinClass(name: "UIWindow", superclass: "UIView", availability: .ios,
                     properties: [("rootViewController", "UIViewController", .retain)]),
        BuiltinClass(name: "UILabel", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "UIImageView", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "UIControl", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "UIButton", superclass: "UIControl", availability: .ios),
        BuiltinClass(name: "UITextField", superclass: "UIControl", availability: .ios,
                     properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "UISwitch", superclass: "UIControl", availability: .ios),
        BuiltinClass(name: "UISlider", superclass: "UIControl", availability: .ios),
        BuiltinClass(name: "UISegmentedControl", superclass: "UIControl", availability: .ios),
        BuiltinClass(name: "UIActivityIndicatorView", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "UIProgressView", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "UIScrollView", superclass: "UIView", availability: .ios,
                     properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "UITextView", superclass: "UIScrollView", availability: .ios),
        BuiltinClass(name: "UITableView", superclass: "UIScrollView", availability: .ios,
                     properties: [("dataSource", "NSObject", .assign)]),
        BuiltinClass(name: "UICollectionView", superclass: "UIScrollView", availability: .ios,
                     properties: [("dataSource", "NSObject", .assign)]),
        BuiltinClass(name: "UITableViewCell", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "UITableViewCellContentView", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "UICollectionViewCell", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "UIStackView", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "UIPickerView", superclass: "UIView", availability: .ios,
                     properties: [("delegate", "NSObject", .assign), ("dataSource", "NSObject", .assign)]),
        BuiltinClass(name: "UIDatePicker", superclass: "UIControl", availability: .ios),
        BuiltinClass(name: "UISearchBar", superclass: "UIView", availability: .ios,
                     properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "UIWebView", superclass: "UIView", availability: .ios,
                     properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "UIToolbar", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "UINavigationBar", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "UITabBar", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "MKMapView", superclass: "UIView", availability: .ios,
                     properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "UIBarItem", superclass: "NSObject", availability: .ios),
        BuiltinClass(name: "UIBarButtonItem", superclass: "UIBarItem", availability: .ios,
                     properties: [("target", "NSObject", .assign)]),
        BuiltinClass(name: "UITabBarItem", superclass: "UIBarItem", availability: .ios),
        BuiltinClass(name: "UINavigationItem", superclass: "NSObject", availability: .ios),
        BuiltinClass(name: "UIGestureRecognizer", superclass: "NSObject", availability: .ios,
                     properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "UITapGestureRecognizer", superclass: "UIGestureRecognizer", availability: .ios),
        BuiltinClass(name: "UILayoutGuide", superclass: "NSObject", availability: .ios),
        BuiltinClass(name: "UIViewController", superclass: "UIResponder", availability: .ios,
                     properties: [("view", "UIView", .retain), ("presentedViewController", "UIViewController", .retain)],
                     // UIKit's private array for a storyboard scene's other top-level objects.
                     lists: ["topLevelObjectsToKeepAliveFromStoryboard"]),
        BuiltinClass(name: "UITableViewController", superclass: "UIViewController", availability: .ios),
        BuiltinClass(name: "UICollectionViewController", superclass: "UIViewController", availability: .ios),
        BuiltinClass(name: "UINavigationController", superclass: "UIViewController", availability: .ios,
                     lists: ["viewControllers"]),
        BuiltinClass(name: "UITabBarController", superclass: "UIViewController", availability: .ios,
                     lists: ["viewControllers"]),
        BuiltinClass(name: "UIApplication", superclass: "UIResponder", availability: .ios,
                     properties: [("delegate", "NSObject", .assign)]),
    ]

    static let appkit: [BuiltinClass] = [
        BuiltinClass(name: "NSResponder", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSImage", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSView", superclass: "NSResponder", availability: .mac, lists: ["subviews"]),
        BuiltinClass(name: "NSControl", superclass: "NSView", availability: .mac,
                     properties: [("cell", "NSCell", .retain)]),
        BuiltinClass(name: "NSButton", superclass: "NSControl", availability: .mac),
        BuiltinClass(name: "NSTextField", superclass: "NSControl", availability: .mac,
                     properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSImageView", superclass: "NSControl", availability: .mac),
        BuiltinClass(name: "NSMatrix", superclass: "NSControl", availability: .mac),
        BuiltinClass(name: "NSTableView", superclass: "NSControl", availability: .mac,
                     properties: [("delegate", "NSObject", .assign), ("dataSource", "NSObject", .assign)]),
        BuiltinClass(name: "NSOutlineView", superclass: "NSTableView", availability: .mac),
        BuiltinClass(name: "NSScrollView", superclass: "NSView", availability: .mac),
        BuiltinClass(name: "NSTextView", superclass: "NSView", availability: .mac,
                     properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSBox", superclass: "NSView", availability: .mac),
        BuiltinClass(name: "NSSplitView", superclass: "NSView", availability: .mac,
                     properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSCell", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSButtonCell", superclass: "NSCell", availability: .mac),
        BuiltinClass(name: "NSTextFieldCell", superclass: "NSCell", availability: .mac),
        BuiltinClass(name: "NSTableColumn", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSMenu", superclass: "NSObject", availability: .mac, lists: ["items"]),
        BuiltinClass(name: "NSMenuItem", superclass: "NSObject", availability: .mac,
                     properties: [("submenu", "NSMenu", .retain), ("target", "NSObject", .assign)]),
        BuiltinClass(name: "NSFontManager", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSController", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSObjectController", superclass: "NSController", availability: .mac),
        BuiltinClass(name: "NSArrayController", superclass: "NSObjectController", availability: .mac),
        BuiltinClass(name: "NSUserDefaultsController", superclass: "NSController", availability: .mac),
        BuiltinClass(name: "NSWindow", superclass: "NSResponder", availability: .mac,
                     properties: [("contentView", "NSView", .retain), ("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSPanel", superclass: "NSWindow", availability: .mac),
        BuiltinClass(name: "NSWindowController", superclass: "NSResponder", availability: .mac,
                     properties: [("window", "NSWindow", .retain)], lists: ["topLevelObjects"]),
        BuiltinClass(name: "NSViewController", superclass: "NSResponder", availability: .mac,
                     properties: [("view", "NSView", .retain)], lists: ["topLevelObjects"]),
        BuiltinClass(name: "NSApplication", superclass: "NSResponder", availability: .mac,
                     properties: [("delegate", "NSObject", .assign)]),
    ]

    /// MapKit's view is an NSView on the Mac.
    static let macTwins: [BuiltinClass] = [
        BuiltinClass(name: "MKMapView", superclass: "NSView", availability: .mac,
                     properties: [("delegate", "NSObject", .assign)]),
    ]

    static func classes(for platform: PlatformName) -> [BuiltinClass] {
        switch platform {
        case .ios: return classes.filter { $0.availability != .mac }
        case .mac: return classes.filter { $0.availability != .ios && $0.name != "MKMapView" } + macTwins
        }
    }

    /// Every built-in name on either platform, for "not available on this platform" errors.
    static let allNames: Set<String> = Set((classes + macTwins).map(\.name))
}
