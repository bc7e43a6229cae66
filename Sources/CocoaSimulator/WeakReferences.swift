import OwnershipEngine

/// AppKit classes whose instances cannot be weakly referenced. Apple's *Transitioning to
/// ARC Release Notes* ("Which classes don't support weak references?"): NSATSTypesetter,
/// NSColorSpace, NSFont, NSMenuView, NSParagraphStyle, NSSimpleHorizontalTypesetter and
/// NSTextView; and in OS X v10.7 also NSFontManager, NSFontPanel, NSImage, NSTableCellView,
/// NSViewController, NSWindow and NSWindowController. The runtime's `objc_storeWeak` asks
/// the object (`-allowsWeakReference`) and, refused, stops the app: "cannot form weak
/// reference to instance (0x…) of class NSWindow".
package enum WeakReferences {
    static let neverWeak = ["NSATSTypesetter", "NSColorSpace", "NSFont", "NSMenuView", "NSParagraphStyle",
                            "NSSimpleHorizontalTypesetter", "NSTextView"]
    static let notWeakIn10_7 = ["NSFontManager", "NSFontPanel", "NSImage", "NSTableCellView",
                                "NSViewController", "NSWindow", "NSWindowController"]

    /// The class of the list `cls` is, or nil if it can be weakly referenced on `config`.
    package static func refusing(_ cls: RuntimeClass, _ config: Configuration) -> String? {
        guard config.isMac, config.isARC else { return nil }
        let names = config.atLeast(10, 8) ? neverWeak : neverWeak + notWeakIn10_7
        return cls.ancestors.lazy.map(\.name).first { names.contains($0) }
    }
}

extension CocoaWorld {
    /// Whether a weak reference to `o` can be formed; if not, the runtime's fatal error.
    package func canFormWeakReference(to o: ObjectID) -> Bool {
        let cls = runtimeClass(of: o)
        guard let listed = WeakReferences.refusing(cls, config) else { return true }
        let why = listed == cls.name ? "" : " (a subclass of \(listed))"
        note("\(shortLabel(o)) is an \(cls.name)\(why): OS X \(config.versionText) cannot form a weak reference to it (Transitioning to ARC Release Notes)")
        engine.raise("cannot form weak reference to instance (\(shortLabel(o))) of class \(cls.name)", object: o, selector: "allowsWeakReference")
        return false
    }

    /// What a Mac loader's direct ivar store does (N6): nothing under MRC; a strong pointer
    /// under GC; under ARC the ivar's own memory management, as `object_setIvar` does for
    /// ivars of an ARC class (see grammar.md, "Mac ivar outlets under ARC").
    func macIvarOutletWords(_ iv: RuntimeIvar) -> String {
        if config.isGC { return "a strong pointer for the collector (N6, G1)" }
        guard config.isARC else { return "not retained (N6)" }
        switch iv.ownership {
        case .strong, .copy: return "by object_setIvar: the ARC ivar is strong, so it is retained (N6, O8)"
        case .weak: return "by object_setIvar: the ARC ivar is weak, so it is stored zeroing, not retained (N6, O8)"
        case .assign, .none: return "by object_setIvar: the ARC ivar is unsafe_unretained, so it is not retained (N6, O8)"
        }
    }
}
