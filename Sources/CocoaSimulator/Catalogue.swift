
/// A class Cocoa provides: where it sits in the hierarchy, the properties and owned lists
/// that matter for memory, and on which platform it exists.
package struct BuiltinClass {
    package enum Availability { case both, ios, mac }
    package var name: String
    package var superclass: String?
    package var availability: Availability
    /// Properties the class declares itself: the retained ones are released by its dealloc.
    package var properties: [(name: String, type: String, attribute: ClassDescription.Attribute)] = []
    /// Owned lists (each element retained), released by its dealloc.
    package var lists: [String] = []
    /// Instance variables with no property, where the framework has them (a nib may connect
    /// one as an outlet, N6). The frameworks were built under MRC: such an ivar retains
    /// nothing under either memory model (`__unsafe_unretained`).
    package var ivars: [(name: String, type: String)] = []
    /// `copy` gives an object of this class (NSMutableArray → NSArray).
    package var copyClass: String? = nil
}

/// The built-in catalogue. Only what decides ownership is modelled; everything else a
/// class does is left out. Mac classes with a UIKit twin are spelled separately.
package enum Catalogue {
    package static let classes: [BuiltinClass] = foundation + uikit + appkit

    package static let foundation: [BuiltinClass] = [
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
        // The ownership traps beside nibs (T1–T5, grammar.md): a timer retains its target, a
        // URL connection its delegate, a heap block what it captures; the notification
        // center keeps its observers in a list of its own that retains nothing.
        BuiltinClass(name: "NSTimer", superclass: "NSObject", availability: .both,
                     properties: [("target", "NSObject", .retain)]),
        BuiltinClass(name: "NSURLConnection", superclass: "NSObject", availability: .both,
                     properties: [("delegate", "NSObject", .retain)]),
        BuiltinClass(name: "NSNotificationCenter", superclass: "NSObject", availability: .both),
        BuiltinClass(name: "NSBlock", superclass: "NSObject", availability: .both,
                     properties: [("captured", "NSObject", .retain), ("weakCaptured", "NSObject", .weak)],
                     copyClass: "NSBlock"),
        BuiltinClass(name: "NSLayoutConstraint", superclass: "NSObject", availability: .both),
    ]

    package static let uikit: [BuiltinClass] = [
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
        BuiltinClass(name: "UICollectionViewCell", superclass: "UICollectionReusableView", availability: .ios),
        BuiltinClass(name: "UIStackView", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "UIPickerView", superclass: "UIView", availability: .ios,
                     properties: [("delegate", "NSObject", .assign), ("dataSource", "NSObject", .assign)]),
        BuiltinClass(name: "UIDatePicker", superclass: "UIControl", availability: .ios),
        BuiltinClass(name: "UISearchBar", superclass: "UIView", availability: .ios,
                     properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "UIWebView", superclass: "UIView", availability: .ios,
                     properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "UIToolbar", superclass: "UIView", availability: .ios),
        // Their `delegate` (assign, as UIKit declares it) is connected in real nibs: without
        // it KVC found no key and the load crashed (ioctocat's Account.xib).
        BuiltinClass(name: "UINavigationBar", superclass: "UIView", availability: .ios,
                     properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "UITabBar", superclass: "UIView", availability: .ios,
                     properties: [("delegate", "NSObject", .assign)]),
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
        // The keys Interface Builder lets a nib connect on a view controller besides `view`
        // (UIKit's headers: `navigationItem`, `tabBarItem`, `searchDisplayController`; the
        // controller keeps them and releases them in its own dealloc). Without them the load
        // raised an undefined key on a project's controller that connects its navigation item
        // (TwitterFon's nibs, 2009): a crash the shipped app never had.
        BuiltinClass(name: "UIViewController", superclass: "UIResponder", availability: .ios,
                     properties: [("view", "UIView", .retain), ("presentedViewController", "UIViewController", .retain),
                                  ("navigationItem", "UINavigationItem", .retain), ("tabBarItem", "UITabBarItem", .retain),
                                  ("searchDisplayController", "UISearchDisplayController", .retain)],
                     // UIKit's private array for a storyboard scene's other top-level objects.
                     lists: ["topLevelObjectsToKeepAliveFromStoryboard"]),
        // `tableView` (retain, UIKit's header), which a nib connects beside `view`.
        BuiltinClass(name: "UITableViewController", superclass: "UIViewController", availability: .ios,
                     properties: [("tableView", "UITableView", .retain)]),
        BuiltinClass(name: "UICollectionViewController", superclass: "UIViewController", availability: .ios),
        // Their `delegate` is assign, as UIKit declares it; a main nib connects it.
        BuiltinClass(name: "UINavigationController", superclass: "UIViewController", availability: .ios,
                     properties: [("delegate", "NSObject", .assign)], lists: ["viewControllers"]),
        BuiltinClass(name: "UITabBarController", superclass: "UIViewController", availability: .ios,
                     properties: [("delegate", "NSObject", .assign)], lists: ["viewControllers"]),
        BuiltinClass(name: "UIApplication", superclass: "UIResponder", availability: .ios,
                     properties: [("delegate", "NSObject", .assign)]),
        // Seen in Interface Builder files and Xcode's templates (storyboards, collection views,
        // gesture recognizers, bar appearances): only the hierarchy and assign delegates matter.
        BuiltinClass(name: "UICollectionReusableView", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "UICollectionViewLayout", superclass: "NSObject", availability: .ios),
        BuiltinClass(name: "UICollectionViewFlowLayout", superclass: "UICollectionViewLayout", availability: .ios),
        BuiltinClass(name: "UIPageControl", superclass: "UIControl", availability: .ios),
        BuiltinClass(name: "UIStepper", superclass: "UIControl", availability: .ios),
        BuiltinClass(name: "UIRefreshControl", superclass: "UIControl", availability: .ios),
        BuiltinClass(name: "UIColorWell", superclass: "UIControl", availability: .ios),
        BuiltinClass(name: "UIVisualEffectView", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "UILongPressGestureRecognizer", superclass: "UIGestureRecognizer", availability: .ios),
        BuiltinClass(name: "UIPanGestureRecognizer", superclass: "UIGestureRecognizer", availability: .ios),
        BuiltinClass(name: "UIScreenEdgePanGestureRecognizer", superclass: "UIPanGestureRecognizer", availability: .ios),
        BuiltinClass(name: "UIPinchGestureRecognizer", superclass: "UIGestureRecognizer", availability: .ios),
        BuiltinClass(name: "UIRotationGestureRecognizer", superclass: "UIGestureRecognizer", availability: .ios),
        BuiltinClass(name: "UISwipeGestureRecognizer", superclass: "UIGestureRecognizer", availability: .ios),
        BuiltinClass(name: "UIHoverGestureRecognizer", superclass: "UIGestureRecognizer", availability: .ios),
        BuiltinClass(name: "UIBarButtonItemGroup", superclass: "NSObject", availability: .ios),
        BuiltinClass(name: "UIBarAppearance", superclass: "NSObject", availability: .ios),
        BuiltinClass(name: "UINavigationBarAppearance", superclass: "UIBarAppearance", availability: .ios),
        BuiltinClass(name: "UITabBarAppearance", superclass: "UIBarAppearance", availability: .ios),
        BuiltinClass(name: "UIToolbarAppearance", superclass: "UIBarAppearance", availability: .ios),
        BuiltinClass(name: "UIMenuElement", superclass: "NSObject", availability: .ios),
        BuiltinClass(name: "UIMenu", superclass: "UIMenuElement", availability: .ios),
        BuiltinClass(name: "UICommand", superclass: "UIMenuElement", availability: .ios),
        BuiltinClass(name: "UITableViewSection", superclass: "NSObject", availability: .ios),
        BuiltinClass(name: "UISearchDisplayController", superclass: "NSObject", availability: .ios,
                     properties: [("delegate", "NSObject", .assign), ("searchBar", "UISearchBar", .retain),
                                  ("searchContentsController", "UIViewController", .assign),
                                  ("searchResultsDataSource", "NSObject", .assign), ("searchResultsDelegate", "NSObject", .assign)]),
        BuiltinClass(name: "UIPageViewController", superclass: "UIViewController", availability: .ios, properties: [("delegate", "NSObject", .assign), ("dataSource", "NSObject", .assign)]),
        BuiltinClass(name: "UISplitViewController", superclass: "UIViewController", availability: .ios, properties: [("delegate", "NSObject", .assign)], lists: ["viewControllers"]),
        BuiltinClass(name: "UIHostingController", superclass: "UIViewController", availability: .ios),
        BuiltinClass(name: "AVPlayerViewController", superclass: "UIViewController", availability: .ios),
        BuiltinClass(name: "GLKView", superclass: "UIView", availability: .ios, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "GLKViewController", superclass: "UIViewController", availability: .ios, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "ARSCNView", superclass: "SCNView", availability: .ios, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "ARSKView", superclass: "SKView", availability: .ios, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "SCNView", superclass: "UIView", availability: .ios, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "SKView", superclass: "UIView", availability: .ios),
        BuiltinClass(name: "MTKView", superclass: "UIView", availability: .ios, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "PDFView", superclass: "UIView", availability: .ios, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "WKWebView", superclass: "UIView", availability: .ios, properties: [("navigationDelegate", "NSObject", .assign), ("UIDelegate", "NSObject", .assign)]),
        BuiltinClass(name: "WKWebViewConfiguration", superclass: "NSObject", availability: .both),
    ]

    package static let appkit: [BuiltinClass] = [
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
                     properties: [("contentView", "NSView", .retain), ("delegate", "NSObject", .assign),
                                  ("contentViewController", "NSViewController", .retain)]),
        BuiltinClass(name: "NSPanel", superclass: "NSWindow", availability: .mac),
        BuiltinClass(name: "NSWindowController", superclass: "NSResponder", availability: .mac,
                     properties: [("window", "NSWindow", .retain)], lists: ["topLevelObjects"]),
        BuiltinClass(name: "NSViewController", superclass: "NSResponder", availability: .mac,
                     properties: [("view", "NSView", .retain)], lists: ["topLevelObjects"]),
        BuiltinClass(name: "NSApplication", superclass: "NSResponder", availability: .mac,
                     properties: [("delegate", "NSObject", .assign), ("mainMenu", "NSMenu", .retain)]),
        // A System Preferences pane (L2): its nib's `_window` (an ivar outlet with no property,
        // the window at +1 for the pane, N3) gives up its content view to the retained
        // `mainView` in `assignMainView`, which then releases the window. The key views are
        // assign properties whose ivars (`_initialKeyView`, …) the nib connects (Apple's
        // NSPreferencePane reference: "connecting a view to the receiver's `_initialKeyView`
        // outlet").
        BuiltinClass(name: "NSPreferencePane", superclass: "NSObject", availability: .mac,
                     properties: [("mainView", "NSView", .retain), ("initialKeyView", "NSView", .assign),
                                  ("firstKeyView", "NSView", .assign), ("lastKeyView", "NSView", .assign)],
                     ivars: [("_window", "NSWindow")]),
        // A document owns its window controllers (`-addWindowController:` retains, closing
        // the document removes them); the one it makes for `-windowNibName` loads that nib
        // with the document as File's Owner (L6). Its `window` outlet is only a setter
        // (`-setWindow:`) that hands the window to that window controller: it retains nothing.
        BuiltinClass(name: "NSDocument", superclass: "NSObject", availability: .mac,
                     properties: [("window", "NSWindow", .assign)], lists: ["windowControllers"]),
        BuiltinClass(name: "NSPersistentDocument", superclass: "NSDocument", availability: .mac),
        // A value object: nothing of its own to release that a nib could see.
        BuiltinClass(name: "NSColor", superclass: "NSObject", availability: .mac, copyClass: "NSColor"),
        // Seen in Interface Builder files and Xcode's templates (MainMenu.xib, window and
        // document templates, preferences panes): only the hierarchy, retained cells and
        // assign delegates matter.
        BuiltinClass(name: "NSActionCell", superclass: "NSCell", availability: .mac),
        BuiltinClass(name: "NSImageCell", superclass: "NSCell", availability: .mac),
        BuiltinClass(name: "NSBrowserCell", superclass: "NSCell", availability: .mac),
        BuiltinClass(name: "NSComboBoxCell", superclass: "NSTextFieldCell", availability: .mac),
        BuiltinClass(name: "NSSearchFieldCell", superclass: "NSTextFieldCell", availability: .mac),
        BuiltinClass(name: "NSSecureTextFieldCell", superclass: "NSTextFieldCell", availability: .mac),
        BuiltinClass(name: "NSTokenFieldCell", superclass: "NSTextFieldCell", availability: .mac),
        BuiltinClass(name: "NSTableHeaderCell", superclass: "NSTextFieldCell", availability: .mac),
        BuiltinClass(name: "NSPopUpButtonCell", superclass: "NSButtonCell", availability: .mac),
        BuiltinClass(name: "NSDatePickerCell", superclass: "NSActionCell", availability: .mac),
        BuiltinClass(name: "NSFormCell", superclass: "NSActionCell", availability: .mac),
        BuiltinClass(name: "NSLevelIndicatorCell", superclass: "NSActionCell", availability: .mac),
        BuiltinClass(name: "NSPathCell", superclass: "NSActionCell", availability: .mac),
        BuiltinClass(name: "NSSegmentedCell", superclass: "NSActionCell", availability: .mac),
        BuiltinClass(name: "NSSliderCell", superclass: "NSActionCell", availability: .mac),
        BuiltinClass(name: "NSStepperCell", superclass: "NSActionCell", availability: .mac),
        BuiltinClass(name: "NSPopUpButton", superclass: "NSButton", availability: .mac),
        BuiltinClass(name: "NSSecureTextField", superclass: "NSTextField", availability: .mac),
        BuiltinClass(name: "NSSearchField", superclass: "NSTextField", availability: .mac),
        BuiltinClass(name: "NSComboBox", superclass: "NSTextField", availability: .mac, properties: [("dataSource", "NSObject", .assign)]),
        BuiltinClass(name: "NSTokenField", superclass: "NSTextField", availability: .mac),
        BuiltinClass(name: "NSSlider", superclass: "NSControl", availability: .mac),
        BuiltinClass(name: "NSStepper", superclass: "NSControl", availability: .mac),
        BuiltinClass(name: "NSSegmentedControl", superclass: "NSControl", availability: .mac),
        BuiltinClass(name: "NSColorWell", superclass: "NSControl", availability: .mac),
        BuiltinClass(name: "NSDatePicker", superclass: "NSControl", availability: .mac, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSLevelIndicator", superclass: "NSControl", availability: .mac),
        BuiltinClass(name: "NSPathControl", superclass: "NSControl", availability: .mac, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSScroller", superclass: "NSControl", availability: .mac),
        BuiltinClass(name: "NSSwitch", superclass: "NSControl", availability: .mac),
        BuiltinClass(name: "NSBrowser", superclass: "NSControl", availability: .mac, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSForm", superclass: "NSMatrix", availability: .mac),
        BuiltinClass(name: "NSRuleEditor", superclass: "NSControl", availability: .mac, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSPredicateEditor", superclass: "NSRuleEditor", availability: .mac),
        BuiltinClass(name: "NSPredicateEditorRowTemplate", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSProgressIndicator", superclass: "NSView", availability: .mac),
        BuiltinClass(name: "NSClipView", superclass: "NSView", availability: .mac),
        BuiltinClass(name: "NSStackView", superclass: "NSView", availability: .mac, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSGridView", superclass: "NSView", availability: .mac),
        BuiltinClass(name: "NSGridRow", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSGridColumn", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSGridCell", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSTabView", superclass: "NSView", availability: .mac, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSTabViewItem", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSTableCellView", superclass: "NSView", availability: .mac),
        BuiltinClass(name: "NSTableRowView", superclass: "NSView", availability: .mac),
        BuiltinClass(name: "NSTableHeaderView", superclass: "NSView", availability: .mac),
        BuiltinClass(name: "NSVisualEffectView", superclass: "NSView", availability: .mac),
        BuiltinClass(name: "NSOpenGLView", superclass: "NSView", availability: .mac),
        BuiltinClass(name: "NSCollectionView", superclass: "NSView", availability: .mac, properties: [("delegate", "NSObject", .assign), ("dataSource", "NSObject", .assign)]),
        BuiltinClass(name: "NSCollectionViewLayout", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSCollectionViewFlowLayout", superclass: "NSCollectionViewLayout", availability: .mac),
        BuiltinClass(name: "NSCollectionViewGridLayout", superclass: "NSCollectionViewLayout", availability: .mac),
        BuiltinClass(name: "NSCollectionViewItem", superclass: "NSViewController", availability: .mac),
        BuiltinClass(name: "NSTextContainer", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSToolbar", superclass: "NSObject", availability: .mac, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSToolbarItem", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSToolbarItemGroup", superclass: "NSToolbarItem", availability: .mac),
        BuiltinClass(name: "NSMenuToolbarItem", superclass: "NSToolbarItem", availability: .mac),
        BuiltinClass(name: "NSSearchToolbarItem", superclass: "NSToolbarItem", availability: .mac),
        BuiltinClass(name: "NSTouchBar", superclass: "NSObject", availability: .mac, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSGestureRecognizer", superclass: "NSObject", availability: .mac, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSClickGestureRecognizer", superclass: "NSGestureRecognizer", availability: .mac),
        BuiltinClass(name: "NSPanGestureRecognizer", superclass: "NSGestureRecognizer", availability: .mac),
        BuiltinClass(name: "NSPressGestureRecognizer", superclass: "NSGestureRecognizer", availability: .mac),
        BuiltinClass(name: "NSMagnificationGestureRecognizer", superclass: "NSGestureRecognizer", availability: .mac),
        BuiltinClass(name: "NSRotationGestureRecognizer", superclass: "NSGestureRecognizer", availability: .mac),
        BuiltinClass(name: "NSDrawer", superclass: "NSResponder", availability: .mac, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSPopover", superclass: "NSResponder", availability: .mac, properties: [("contentViewController", "NSViewController", .retain), ("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSTreeController", superclass: "NSObjectController", availability: .mac),
        BuiltinClass(name: "NSDictionaryController", superclass: "NSArrayController", availability: .mac),
        BuiltinClass(name: "NSPageController", superclass: "NSViewController", availability: .mac, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "NSSplitViewController", superclass: "NSViewController", availability: .mac),
        BuiltinClass(name: "NSSplitViewItem", superclass: "NSObject", availability: .mac),
        BuiltinClass(name: "NSTabViewController", superclass: "NSViewController", availability: .mac),
        BuiltinClass(name: "NSHostingController", superclass: "NSViewController", availability: .mac),
        BuiltinClass(name: "AVPlayerView", superclass: "NSView", availability: .mac),
        BuiltinClass(name: "WebView", superclass: "NSView", availability: .mac),
    ]

    /// Classes of both platforms whose superclass differs: a view is an NSView on the Mac.
    package static let macTwins: [BuiltinClass] = [
        BuiltinClass(name: "MKMapView", superclass: "NSView", availability: .mac,
                     properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "SCNView", superclass: "NSView", availability: .mac, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "SKView", superclass: "NSView", availability: .mac),
        BuiltinClass(name: "MTKView", superclass: "NSView", availability: .mac, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "PDFView", superclass: "NSView", availability: .mac, properties: [("delegate", "NSObject", .assign)]),
        BuiltinClass(name: "WKWebView", superclass: "NSView", availability: .mac, properties: [("navigationDelegate", "NSObject", .assign), ("UIDelegate", "NSObject", .assign)]),
    ]
    package static let macTwinNames: Set<String> = Set(macTwins.map(\.name))

    package static func classes(for platform: PlatformName) -> [BuiltinClass] {
        switch platform {
        case .ios: return classes.filter { $0.availability != .mac }
        case .mac: return classes.filter { $0.availability != .ios && !macTwinNames.contains($0.name) } + macTwins
        }
    }

    /// Every built-in name on either platform, for "not available on this platform" errors.
    package static let allNames: Set<String> = Set((classes + macTwins).map(\.name))
}
