import OwnershipEngine

/// What a nib load does with one of its top-level objects (N3, N4, N5, G1): the rule of the
/// platform and of whoever loads the nib, as a value. The loader (NibScriptInterpreter's
/// `loadNib`) carries it out on the engine; a Swift user or a test can ask it directly.
@usableFromInline package enum TopLevelDisposal: Equatable, Sendable {
    /// N5: a main nib's top-level objects are not autoreleased; the application keeps them.
    case keptByApplication
    /// N4: iOS autoreleases every top-level object; whatever should keep one retains it.
    case autoreleased
    /// A Mac storyboard scene: `instantiateControllerWithIdentifier:` returns its controller +0.
    case autoreleasedByStoryboard
    /// N3: a Mac window or view controller keeps its nib's top-level objects in
    /// `topLevelObjects` and releases them in its dealloc.
    case keptByController
    /// G1: under garbage collection an object lives while something references it.
    case collected
    /// N3: left at +1 for File's Owner, who must release it.
    case keptByOwner
    /// N3: left at +1 with no File's Owner to release it.
    case leftAtPlusOne

    /// The rule for a top-level object of a nib.
    /// - Parameters:
    ///   - config: the platform, its version and the memory model.
    ///   - isMainNib: the application's main nib (`NSMainNibFile`).
    ///   - fromStoryboard: a storyboard scene rather than a nib.
    ///   - controllerKeepsTopLevelObjects: a Mac controller loads the nib and its class has
    ///     the `topLevelObjects` list (NSWindowController, NSViewController).
    ///   - hasOwner: the load has a File's Owner.
    @inlinable package static func rule(_ config: Configuration, isMainNib: Bool, fromStoryboard: Bool,
                             controllerKeepsTopLevelObjects: Bool, hasOwner: Bool) -> TopLevelDisposal {
        if isMainNib { return .keptByApplication }
        if config.isIOS { return .autoreleased }
        if fromStoryboard && !config.isGC { return .autoreleasedByStoryboard }
        if controllerKeepsTopLevelObjects { return .keptByController }
        if config.isGC { return .collected }
        return hasOwner ? .keptByOwner : .leftAtPlusOne
    }
}

/// An outlet whose target (`OutletTarget`) comes down to one engine store of the value:
/// the slot and the rule the loader uses. Not one for a copy, a setter written in the
/// script, or an outlet that finds nothing.
package struct OutletStore: Sendable {
    package let slot: Int32
    package let rule: StoreRule

    package init(slot: Int32, rule: StoreRule) {
        self.slot = slot
        self.rule = rule
    }
}

extension OutletTarget {
    /// The one store this target comes down to (see `OutletStore`), in a configuration:
    /// a synthesized setter by its property's attribute; iOS KVC's ivar retained unless
    /// weak or assign (N7); the Mac's ivar set directly without a retain under MRC (N6),
    /// by its ownership under ARC. nil when the outlet is not one plain store, and for a
    /// weak store on the Mac (checked for the classes that cannot be weakly referenced).
    package func plainStore(_ config: Configuration) -> OutletStore? {
        switch self {
        case .setter(let p):
            switch p.ownership {
            case .strong, .none: return .init(slot: Int32(p.slot), rule: .retain)
            case .assign: return .init(slot: Int32(p.slot), rule: .assign)
            case .weak: return config.isMac ? nil : .init(slot: Int32(p.slot), rule: .weak)
            case .copy: return nil
            }
        case .kvcIvar(let iv):
            return .init(slot: Int32(iv.slot), rule: iv.ownership == .weak ? .weak : (iv.ownership == .assign ? .assign : .retain))
        case .directIvar(let iv):
            guard config.isARC else { return .init(slot: Int32(iv.slot), rule: .direct(adoptsClaim: false)) }
            // As a store of a value that is not fresh into the ivar, by its ownership.
            switch iv.ownership {
            case .none: return .init(slot: Int32(iv.slot), rule: .direct(adoptsClaim: false))
            case .strong, .copy: return .init(slot: Int32(iv.slot), rule: .retain)
            case .weak: return config.isMac ? nil : .init(slot: Int32(iv.slot), rule: .weak)
            case .assign: return .init(slot: Int32(iv.slot), rule: .assign)
            }
        case .method, .undefinedKeyOverride, .undefinedKey, .notConnected:
            return nil
        }
    }
}

extension KeyValueCoding {
    /// Where the platform's search sends outlet `key` of an object of class `cls`: iOS's
    /// `setValue:forKey:` (N7) or the Mac's nib loader (N6).
    package static func outletTarget(_ key: String, in cls: RuntimeClass, config: Configuration) -> OutletTarget {
        config.isIOS ? iosSearch(key, in: cls) : macSearch(key, in: cls)
    }
}
