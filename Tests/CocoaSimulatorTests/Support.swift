import OwnershipEngine
@testable import CocoaSimulator

/// A class as a test describes it: a name, a superclass, ivars and outlet properties, as
/// the simulator's own `ClassDescription`.
struct ClassSpec {
    var name: String
    var superclass: String
    var ivars: [String] = []
    var ivarType = "NSObject"
    var outlets: [(name: String, type: String, attribute: ClassDescription.Attribute)] = []

    init(_ name: String, superclass: String, ivars: [String] = [], ivarType: String = "NSObject",
         outlets: [(name: String, type: String, attribute: ClassDescription.Attribute)] = []) {
        self.name = name
        self.superclass = superclass
        self.ivars = ivars
        self.ivarType = ivarType
        self.outlets = outlets
    }

    var description: ClassDescription {
        ClassDescription(name, superclass: superclass, properties: outlets.map { .init($0.name, $0.type, $0.attribute) },
                         ivars: ivars.map { .init($0, ivarType) })
    }
}

/// An engine and the class table of a configuration: the catalogue's classes and the
/// test's. Its own dealloc planner: each class releases what the simulator's rules say a
/// Cocoa class releases (`DeallocRules`), as none of these classes has a dealloc body.
final class Classes: DeallocPlanner {
    let engine = Engine()
    let classes: ClassTable
    let config: Configuration

    init(_ config: Configuration, _ specs: [ClassSpec]) {
        self.config = config
        var problems: [ClassProblem] = []
        let described = specs.map(\.description)
        classes = ClassTable(described: described, config: config, engine: engine, problems: &problems)
        precondition(problems.isEmpty, "\(problems.map { $0.message(described) })")
        engine.planner = self
        engine.garbageCollected = config.isGC
    }

    func runtimeClass(of o: ObjectID) -> RuntimeClass { classes[engine.className(engine.classOf(o))]! }

    func deallocPlan(for o: ObjectID, in engine: Engine) -> DeallocPlan {
        DeallocRules.plan(for: runtimeClass(of: o), isARC: config.isARC)
    }

    /// A UIKit class's name, or its AppKit twin's on the Mac (as `nibscript matrix` runs a
    /// script written for iOS).
    static func twin(_ name: String, _ config: Configuration) -> String {
        guard config.isMac else { return name }
        return ["UIViewController": "NSViewController", "UIView": "NSView", "UITextField": "NSTextField"][name] ?? name
    }
}

/// A nib loaded on the engine as the nib loader does it, by the simulator's rules: objects
/// made in order, each +1 from its alloc; a subview appended to its superview's subviews and
/// its alloc balanced; a top-level object disposed of by `TopLevelDisposal`; then each
/// outlet stored where the platform's KVC search sends it.
struct NibLoad {
    /// (name, class, index of the superview or nil for a top-level object).
    var objects: [(name: String, cls: String, parent: Int?)]
    /// (outlet of File's Owner, object name).
    var outlets: [(key: String, object: String)]

    func load(in world: Classes, owner: ObjectID, controller: ObjectID?) -> [String: ObjectID] {
        let engine = world.engine, config = world.config
        var made: [ObjectID] = []
        let keptList = controller.flatMap { world.runtimeClass(of: $0).list("topLevelObjects") }
        for (name, cls, parent) in objects {
            let o = engine.alloc(world.classes[cls]!.engineClass, name: name)
            made.append(o)
            if let p = parent {
                let slot = world.classes.subviewsSlot(engineClass: engine.classOf(made[p]))!
                _ = engine.listAppend(SlotRef(made[p], slot), o)
                _ = engine.release(o)
                continue
            }
            switch TopLevelDisposal.rule(config, isMainNib: false, fromStoryboard: false,
                                         controllerKeepsTopLevelObjects: keptList != nil, hasOwner: true) {
            case .autoreleased, .autoreleasedByStoryboard: _ = engine.autorelease(o)
            case .keptByController: engine.listAdopt(SlotRef(controller!, keptList!), o)
            case .keptByOwner: engine.adopt(o, by: owner)
            case .keptByApplication, .collected, .leftAtPlusOne: break
            }
        }
        var byName: [String: ObjectID] = [:]
        for (i, o) in made.enumerated() { byName[objects[i].name] = o }
        let ownerClass = world.runtimeClass(of: owner)
        for (key, name) in outlets {
            let target = KeyValueCoding.outletTarget(key, in: ownerClass, config: config)
            guard let store = target.plainStore(config) else { preconditionFailure("outlet \(key): \(target)") }
            _ = engine.store(SlotRef(owner, Int(store.slot)), byName[name], rule: store.rule)
        }
        return byName
    }
}

/// Rows 1–4: a view controller `c` of class Panel whose view loads the nib Panel
/// (`root : UIView { field : UITextField }`, `list : NSMutableArray`, `owner.view -> root`,
/// `owner.field -> field`), then the run loop's pool drains.
struct PanelRow {
    enum Field {
        /// `ivar field : UITextField` (with an ARC qualifier when given).
        case ivar(ClassDescription.Qualifier?)
        /// `outlet field : UITextField ATTRIBUTE`.
        case property(ClassDescription.Attribute)
    }

    let world: Classes
    let objects: [String: ObjectID]
    var engine: Engine { world.engine }

    init(_ config: Configuration, field: Field) {
        let tf = Classes.twin("UITextField", config)
        var spec = ClassSpec("Panel", superclass: Classes.twin("UIViewController", config))
        switch field {
        case .ivar: spec.ivars = ["field"]; spec.ivarType = tf
        case .property(let a): spec.outlets = [("field", tf, a)]
        }
        world = Classes(config, [spec])
        let engine = world.engine
        engine.pushPool()
        let c = engine.alloc(world.classes["Panel"]!.engineClass, name: "c")
        let nib = NibLoad(objects: [("root", Classes.twin("UIView", config), nil), ("field", tf, 0), ("list", "NSMutableArray", nil)],
                          outlets: [("view", "root"), ("field", "field")])
        var made = nib.load(in: world, owner: c, controller: config.isMac ? c : nil)
        made["c"] = c
        objects = made
        engine.drainPool()
    }

    func count(_ name: String) -> Int { engine.count(objects[name]!) }
}

/// Row 5: the nib Loose (`root : UIView { field : UITextField }`, `list : NSMutableArray`,
/// `owner.view -> root`) loaded directly with File's Owner `o`, a Loader (an NSObject with
/// an assign `view` outlet); the pool drains, then `o` is released.
struct LoaderRow {
    let world: Classes
    let objects: [String: ObjectID]
    var engine: Engine { world.engine }
    /// `root`'s count after the drain, before `o` goes.
    private let rootCount: Int

    init(_ config: Configuration) {
        let spec = ClassSpec("Loader", superclass: "NSObject", outlets: [("view", Classes.twin("UIView", config), .assign)])
        world = Classes(config, [spec])
        let engine = world.engine
        engine.pushPool()
        let o = engine.alloc(world.classes["Loader"]!.engineClass, name: "o")
        let nib = NibLoad(objects: [("root", Classes.twin("UIView", config), nil), ("field", Classes.twin("UITextField", config), 0),
                                    ("list", "NSMutableArray", nil)],
                          outlets: [("view", "root")])
        var made = nib.load(in: world, owner: o, controller: nil)
        made["o"] = o
        objects = made
        engine.drainPool()
        rootCount = engine.count(made["root"]!)
        _ = engine.release(o)
    }

    func count(_ name: String) -> Int { name == "root" ? rootCount : engine.count(objects[name]!) }
}
