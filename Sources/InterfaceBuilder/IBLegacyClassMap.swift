// What the classes and keys of a legacy archive XIB mean in terms of the modern document:
// IB's archive classes (IBUILabel, NSWindowTemplate, …) become the element a modern file would
// write and the runtime class. Dictionaries and sets here are for lookup only.

enum IBLegacyClassMap {
    /// Archive classes whose element or class the generic rule (IBUIFoo → foo / UIFoo,
    /// NSFoo → foo / NSFoo) gets wrong.
    static let special: [String: (element: String, className: String)] = [
        "IBUICustomObject": ("customObject", "NSObject"),
        "NSCustomObject": ("customObject", "NSObject"),
        "NSCustomView": ("customView", "NSView"),
        "NSWindowTemplate": ("window", "NSWindow"),
        "IBUIRoundedRectButton": ("button", "UIButton"),
        "IBUIWebView": ("webView", "UIWebView"),
        "IBMKMapView": ("mapView", "MKMapView"),
        "IBGLKView": ("glkView", "GLKView"),
        "IBGLKViewController": ("glkViewController", "GLKViewController"),
        "IBADBannerView": ("adBannerView", "ADBannerView"),
        "IBNSLayoutConstraint": ("constraint", "NSLayoutConstraint"),
        "NSLayoutConstraint": ("constraint", "NSLayoutConstraint"),
        "IBUILongPressGestureRecognizer": ("pongPressGestureRecognizer", "UILongPressGestureRecognizer"),
        "PDFView": ("pdfView", "PDFView"),
        "QTMovieView": ("customView", "QTMovieView"),
    ]

    /// The modern element and the runtime class for an archive class.
    static func element(for archiveClass: String, platform: IBPlatform) -> (element: String, className: String) {
        if let known = special[archiveClass] { return known }
        var stem = Substring(archiveClass)
        var runtimePrefix = ""
        if stem.hasPrefix("IBUI") {
            stem = stem.dropFirst(4)
            runtimePrefix = "UI"
        } else if stem.hasPrefix("IBNS") {
            stem = stem.dropFirst(4)
            runtimePrefix = "NS"
        } else if stem.hasPrefix("IB") {
            stem = stem.dropFirst(2)
        } else if stem.hasPrefix("NS") {
            stem = stem.dropFirst(2)
            runtimePrefix = "NS"
        }
        guard let first = stem.first else { return ("customObject", "NSObject") }
        let element = first.lowercased() + stem.dropFirst()
        // The modern element map knows the class for most; otherwise the archive's own name.
        if let mapped = IBElementMap.className(element: element, platform: platform), !mapped.foreign,
           runtimePrefix.isEmpty || mapped.name.hasPrefix(runtimePrefix) {
            return (element, mapped.name)
        }
        return (element, runtimePrefix + stem)
    }

    static func isConstraint(_ archiveClass: String?) -> Bool {
        archiveClass.map { special[$0]?.element == "constraint" } ?? false
    }

    /// Keys that point at other objects without holding them.
    static let nonOwningKeys: Set<String> = [
        "NSNextResponder", "NSSuperview", "NSWindow", "NSNextKeyView", "NSControlView", "NSTarget",
        "NSDelegate", "NSDataSource", "NSMenu", "NSTableView", "NSCornerView", "IBUIDelegate",
        "IBUIDataSource", "NSInitialFirstResponder",
        "NSWindowInitialFirstResponder", "NSTabView", "NSPreviousConnector", "NSSource", "NSDestination",
        "NSSearchButtonCell", "NSCancelButtonCell", "IBUISelectedViewController",
        // A tab view holds its items in NSTabViewItems; the selected one is only pointed at.
        "NSSelectedTabViewItem",
    ]

    /// Arrays (7.x `<object class="NSMutableArray">` and friends, 8.x `<array>`).
    static func isArray(_ element: IBArchiveElement) -> Bool {
        if element.name == "array" || element.name == "set" { return true }
        guard element.name == "object", let archiveClass = element.archiveClass else { return false }
        return ["NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet"]
            .contains(archiveClass)
    }

    /// Value objects that never hold a document object.
    static func isValueClass(_ archiveClass: String) -> Bool {
        ["NSColor", "NSFont", "NSCustomResource", "NSMutableString", "NSString", "NSPSMatrix",
         "IBUIFontDescription", "NSColorSpace", "NSImage", "NSDictionary", "NSMutableDictionary",
         "NSParagraphStyle", "NSAttributedString", "NSMutableAttributedString", "NSData", "NSMutableData",
        ].contains(archiveClass) || archiveClass.hasPrefix("IBUISimulated")
    }

    /// The modern name for the key a parent holds a child by.
    static func modernKey(_ key: String) -> String {
        switch key {
        case "NSWindowView", "NSContentView", "IBUIContentView": return "contentView"
        case "NSSubviews": return "subviews"
        case "NSMenuItems": return "items"
        case "NSCell": return "cell"
        case "NSSubmenu": return "submenu"
        case "NSDocView": return "documentView"
        case "NSHScroller": return "horizontalScroller"
        case "NSVScroller": return "verticalScroller"
        case "IBUIToolbarItems", "IBUIItems": return "items"
        case "IBUIView": return "view"
        default: break
        }
        var stem = Substring(key)
        if stem.hasPrefix("IBUI") { stem = stem.dropFirst(4) } else if stem.hasPrefix("NS") { stem = stem.dropFirst(2) }
        guard let first = stem.first else { return key }
        return first.lowercased() + stem.dropFirst()
    }

    /// IB's control event numbers (the bit of UIControlEvents, plus one) by modern name.
    static func eventName(_ number: Int) -> String? {
        switch number {
        case 1: return "touchDown"
        case 2: return "touchDownRepeat"
        case 3: return "touchDragInside"
        case 4: return "touchDragOutside"
        case 5: return "touchDragEnter"
        case 6: return "touchDragExit"
        case 7: return "touchUpInside"
        case 8: return "touchUpOutside"
        case 9: return "touchCancel"
        case 13: return "valueChanged"
        case 14: return "primaryActionTriggered"
        case 17: return "editingDidBegin"
        case 18: return "editingChanged"
        case 19: return "editingDidEnd"
        case 20: return "editingDidEndOnExit"
        default: return nil
        }
    }
}
