import Foundation

/// Builds a compiled Mac nib (`keyedobjects.nib`) for tests: an NSKeyedArchiver archive whose
/// `IB.objectdata` is an `NSIBObjectData`, written with PropertyListSerialization. No project's
/// file is copied: each test says what its nib holds.
///
/// UIDs are written as `{"CF$UID": n}` dictionaries: the XML form reads them back as the
/// platform's UID objects; `binary(realUIDs: true)` turns them into a binary property list's
/// own UID type (by a round trip through XML), `binary(realUIDs: false)` keeps them as dictionaries.
public struct CompiledNibArchive {
    public var objects: [Any] = ["$null"]
    private var classIndex: [String: Int] = [:]
    /// Object → parent, in the order given.
    public var parents: [(Int, Int)] = []
    public var names: [(Int, String)] = []
    public var oids: [(Int, Int)] = []
    public var connections: [Int] = []
    public var root: Int?
    public var visibleWindows: [Int] = []

    public init() {}

    public static func uid(_ n: Int) -> [String: Any] { ["CF$UID": n] }

    /// Appends a raw `$objects` entry; returns its index.
    @discardableResult
    public mutating func add(_ value: Any) -> Int {
        objects.append(value)
        return objects.count - 1
    }

    /// The class description for `name` (its chain: `name`, then `superclasses`).
    public mutating func classRef(_ name: String, superclasses: [String] = ["NSObject"]) -> [String: Any] {
        if let k = classIndex[name] { return Self.uid(k) }
        let k = add(["$classname": name, "$classes": [name] + superclasses] as [String: Any])
        classIndex[name] = k
        return Self.uid(k)
    }

    public mutating func string(_ s: String) -> [String: Any] { Self.uid(add(s)) }

    /// An object of `className` with `fields` (values: UID dictionaries, numbers, strings).
    @discardableResult
    public mutating func object(_ className: String, superclasses: [String] = ["NSObject"], _ fields: [String: Any] = [:]) -> Int {
        var dictionary = fields
        dictionary["$class"] = classRef(className, superclasses: superclasses)
        return add(dictionary)
    }

    /// An NSMutableArray of the given objects.
    public mutating func array(_ members: [Int]) -> [String: Any] {
        Self.uid(object("NSMutableArray", superclasses: ["NSArray", "NSObject"], ["NS.objects": members.map { Self.uid($0) }]))
    }

    /// A custom object (File's Owner, First Responder, the Application, a controller).
    public mutating func customObject(_ className: String) -> Int {
        object("NSCustomObject", ["NSClassName": string(className)])
    }

    public mutating func outlet(_ source: Int, _ label: String, _ destination: Int) {
        connections.append(object("NSNibOutletConnector", superclasses: ["NSNibConnector", "NSObject"],
                                  ["NSSource": Self.uid(source), "NSDestination": Self.uid(destination), "NSLabel": string(label)]))
    }

    /// An action: `control` sends `selector` to `target` (nil: the first responder).
    public mutating func action(_ control: Int, _ selector: String, _ target: Int?) {
        var fields: [String: Any] = ["NSSource": Self.uid(control), "NSLabel": string(selector)]
        if let target { fields["NSDestination"] = Self.uid(target) }
        connections.append(object("NSNibControlConnector", superclasses: ["NSNibConnector", "NSObject"], fields))
    }

    public mutating func binding(_ source: Int, _ label: String, _ destination: Int) {
        connections.append(object("NSNibBindingConnector", superclasses: ["NSNibConnector", "NSObject"],
                                  ["NSSource": Self.uid(source), "NSDestination": Self.uid(destination), "NSLabel": string(label)]))
    }

    /// `object`'s parent is `parent`, its IB name `name` (when given), its id `oid`.
    public mutating func place(_ object: Int, in parent: Int, name: String? = nil, oid: Int? = nil) {
        parents.append((object, parent))
        if let name { names.append((object, name)) }
        oids.append((object, oid ?? (oids.count + 1)))
    }

    /// The archive's property list; `change` may alter the object data's fields before it is added.
    public mutating func propertyList(change: (inout [String: Any]) -> Void = { _ in }) -> [String: Any] {
        // Names and oids are objects of their own: strings and numbers.
        let nameValues = names.map { add($0.1) }, oidValues = oids.map { add($0.1) }
        var data: [String: Any] = [
            "NSObjectsKeys": array(parents.map(\.0)), "NSObjectsValues": array(parents.map(\.1)),
            "NSNamesKeys": array(names.map(\.0)), "NSNamesValues": array(nameValues),
            "NSOidsKeys": array(oids.map(\.0)), "NSOidsValues": array(oidValues),
            "NSConnections": array(connections), "NSVisibleWindows": array(visibleWindows),
        ]
        if let root { data["NSRoot"] = Self.uid(root) }
        change(&data)
        let objectData = object("NSIBObjectData", data)
        return ["$archiver": "NSKeyedArchiver", "$version": 100000, "$objects": objects,
                "$top": ["IB.objectdata": Self.uid(objectData)]]
    }

    public static func xml(_ plist: [String: Any]) -> Data {
        try! PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
    }

    /// A binary property list; with `realUIDs`, its UIDs are the format's own type.
    public static func binary(_ plist: [String: Any], realUIDs: Bool = true) -> Data {
        var value: Any = plist
        if realUIDs {
            value = try! PropertyListSerialization.propertyList(from: xml(plist), options: [], format: nil)
        }
        return try! PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
    }

    /// A small nib: File's Owner `MyController` holding a window (released when closed or not)
    /// whose content view holds a `MyButton` (class-swapped NSButton) and a text field, a
    /// top-level `Helper` object and the Application; outlets `window`, `button`, `helper`;
    /// the button sends `doIt:` to File's Owner, the text field `copy:` to the first responder;
    /// a binding. Returns the archive and the objects' numbers.
    public static func sample(releasedWhenClosed: Bool = true)
        -> (archive: CompiledNibArchive, owner: Int, window: Int, content: Int, button: Int, field: Int, helper: Int) {
        var a = CompiledNibArchive()
        let owner = a.customObject("MyController")
        let application = a.customObject("NSApplication")
        let helper = a.customObject("Helper")
        let content = a.object("NSView", superclasses: ["NSResponder", "NSObject"])
        let buttonCell = a.object("NSButtonCell", superclasses: ["NSActionCell", "NSCell", "NSObject"])
        let button = a.object("NSClassSwapper", ["NSClassName": a.string("MyButton"), "NSOriginalClassName": a.string("NSButton"),
                                                 "NSCell": uid(buttonCell), "NSSuperview": uid(content), "NSNextResponder": uid(content)])
        let field = a.object("NSTextField", superclasses: ["NSControl", "NSView", "NSResponder", "NSObject"],
                             ["NSSuperview": uid(content)])
        var contentFields = a.objects[content] as! [String: Any]
        contentFields["NSSubviews"] = a.array([button, field])
        a.objects[content] = contentFields
        // NSWTFlags' 0x40000000 bit set: not released when closed.
        let window = a.object("NSWindowTemplate", ["NSWindowView": uid(content), "NSWindowClass": a.string("NSWindow"),
                                                   "NSWTFlags": releasedWhenClosed ? 0x3078_0000 : 0x7078_0000,
                                                   "NSWindowTitle": a.string("Window")])
        a.root = owner
        a.names.append((owner, "File's Owner"))
        a.place(application, in: owner, name: "5", oid: 2)
        a.place(window, in: owner, name: "Main Window", oid: 3)
        a.place(content, in: window, name: "1", oid: 4)
        a.place(button, in: content, oid: 5)
        a.place(buttonCell, in: button, oid: 6)
        a.place(field, in: content, oid: 7)
        a.place(helper, in: owner, name: "Helper", oid: 8)
        a.oids.append((owner, 1))
        a.outlet(owner, "window", window)
        a.outlet(owner, "button", button)
        a.outlet(owner, "helper", helper)
        a.action(button, "doIt:", owner)
        a.action(field, "copy:", nil)
        a.binding(field, "value", helper)
        a.visibleWindows = [window]
        return (a, owner, window, content, button, field, helper)
    }
}
