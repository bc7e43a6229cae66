import Foundation

// Compiled Mac nibs: a `.nib` bundle's `keyedobjects.nib`, or a flat `.nib` file, is an
// NSKeyedArchiver archive whose `$top` holds `IB.objectdata`, an `NSIBObjectData`:
//
// - `NSRoot`: File's Owner (also the object `NSNamesKeys`/`NSNamesValues` name "File's Owner");
// - `NSObjectsKeys`/`NSObjectsValues`: each object and its parent; File's Owner's children are
//   the top-level objects (First Responder and the Application are custom objects among them,
//   of class `FirstResponder` and `NSApplication`);
// - `NSConnections`: `NSNibOutletConnector` (source holds the outlet), `NSNibControlConnector`
//   (source is the control, destination its target), `NSNibBindingConnector`, each with
//   `NSSource`, `NSDestination`, `NSLabel`;
// - `NSOidsKeys`/`NSOidsValues`: each object's id; `NSVisibleWindows`: windows shown at load.
//
// The objects themselves are the ones a legacy archive XIB writes (the same classes and keys:
// an IB 3 XIB is the runtime objects archived as XML), but for `NSClassSwapper`, which stands
// for an object of a custom class: its own keys plus `NSClassName` (the custom class) and
// `NSOriginalClassName`. So a compiled nib is translated into the element tree of the legacy
// archive it was compiled from — records from the parent map, connection records from the
// connectors, custom classes into `flattenedProperties` — and read by `IBLegacyArchive`, which
// already knows what the objects and keys mean (see grammar.md, "Compiled nibs").

enum IBCompiledNib {
    /// A compiled nib in UIKit's NIBArchive format (see `IBNibArchive`): iOS 6 and later, and
    /// the Mac since Xcode 13.
    static func read(nibArchive bytes: [UInt8], path: String) -> Result<IBDocument, IBReadFailure> {
        switch IBNibArchive.decode(bytes) {
        case .success(let contents):
            return read(archive: IBNibArchive.keyedArchive(contents), path: path)
        case .failure(let f):
            return .failure(IBReadFailure(diagnostics: [.error("an iOS compiled nib (NIBArchive format) that cannot be read (truncated or damaged): "
                                                               + "\(f.message); give the .xib it was compiled from",
                                                               path: path, at: IBLocation(line: 1, column: 1))]))
        }
    }

    /// A class name as its source spells it: a Swift class is compiled under its mangled name
    /// (`_TtC10TestModule10MyDelegate`, module and class each preceded by their length), which
    /// is `MyDelegate` in the source and in the XIB (`customModule="TestModule"`). A nested
    /// class (`_TtCC…`) is its innermost name; any other form is left as it is.
    static func sourceClassName(_ name: String) -> String {
        guard name.hasPrefix("_TtC") else { return name }
        var rest = Substring(name.dropFirst(3))
        var nesting = 0
        while rest.first == "C" { nesting += 1; rest = rest.dropFirst() }
        var last: Substring?
        for _ in 0...nesting {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let n = Int(digits), n > 0, n <= rest.count - digits.count else { return name }
            rest = rest.dropFirst(digits.count)
            last = rest.prefix(n)
            rest = rest.dropFirst(n)
        }
        guard rest.isEmpty, let last else { return name }
        return String(last)
    }

    /// An iOS compiled nib's keyed archive (UINib… keys in `$top`), translated by `IBCompiledNibTouch`.
    static func readTouch(_ archive: IBKeyedArchive, path: String) -> Result<IBDocument, IBReadFailure> {
        var translation = IBCompiledNibTouch(archive: archive)
        switch translation.translate() {
        case .success(let elements):
            return IBLegacyArchive.read(elements: elements, path: path)
        case .failure(let f):
            return .failure(IBReadFailure(diagnostics: [.error(f.message, path: path, at: IBLocation(line: 1, column: 1))]))
        }
    }

    static func read(data: Data, path: String) -> Result<IBDocument, IBReadFailure> {
        let at = IBLocation(line: 1, column: 1)
        func failure(_ message: String) -> Result<IBDocument, IBReadFailure> {
            .failure(IBReadFailure(diagnostics: [.error(message, path: path, at: at)]))
        }
        let archive: IBKeyedArchive
        switch IBKeyedArchive.read(data) {
        case .success(let a): archive = a
        case .failure(.notAPropertyList):
            return failure("a compiled nib that is not a readable property list (truncated or damaged): "
                           + "a compiled nib's keyedobjects.nib is a binary or XML property list")
        case .failure(.notAKeyedArchive(let why)):
            return failure("a compiled nib that is not an NSKeyedArchiver archive: \(why)")
        }
        guard archive.archiver == "NSKeyedArchiver" else {
            return failure("a compiled nib whose $archiver is \(archive.archiver.map { "'\($0)'" } ?? "missing"), not NSKeyedArchiver")
        }
        return read(archive: archive, path: path)
    }

    /// A compiled nib's archive, however it was stored: a Mac nib's `IB.objectdata`, or an
    /// iOS nib's UINib keys. (Xcode 13 and later compile Mac nibs into NIBArchives too.)
    static func read(archive: IBKeyedArchive, path: String) -> Result<IBDocument, IBReadFailure> {
        func failure(_ message: String) -> Result<IBDocument, IBReadFailure> {
            .failure(IBReadFailure(diagnostics: [.error(message, path: path, at: IBLocation(line: 1, column: 1))]))
        }
        guard let objectDataRef = archive.top.first(where: { $0.0 == "IB.objectdata" })?.1 else {
            if archive.top.contains(where: { $0.0.hasPrefix("UINib") }) {
                // An iOS compiled nib (iOS 5 and earlier): UINibTopLevelObjectsKey, UINibObjectsKey, …
                return readTouch(archive, path: path)
            }
            let keys = archive.top.map(\.0).joined(separator: ", ")
            return failure("a keyed archive without IB.objectdata in $top (it has \(keys.isEmpty ? "nothing" : keys)): not a compiled nib")
        }
        let objectData = archive.resolve(objectDataRef)
        guard archive.classes(of: objectData).contains("NSIBObjectData") else {
            return failure("IB.objectdata is not an NSIBObjectData object")
        }
        var translation = IBCompiledNibTranslation(archive: archive, objectData: objectData, objectDataIndex: objectDataRef.uidValue)
        switch translation.translate() {
        case .success(let elements):
            return IBLegacyArchive.read(elements: elements, path: path)
        case .failure(let f):
            return failure(f.message)
        }
    }
}

/// A compiled nib's objects as the element tree of a legacy archive XIB (IBArchiveTree.swift).
struct IBCompiledNibTranslation: IBCompiledElements {
    /// A string the archive holds as an object stays an object of its own (the Mac's legacy
    /// archive references NSString objects).
    var inlinesStringObjects: Bool { false }
    let archive: IBKeyedArchive
    let objectData: IBKeyedValue
    let objectDataIndex: Int?
    var elements: [IBArchiveElement] = []

    init(archive: IBKeyedArchive, objectData: IBKeyedValue, objectDataIndex: Int?) {
        self.archive = archive
        self.objectData = objectData
        self.objectDataIndex = objectDataIndex
    }

    struct Failure: Error { var message: String }


    // MARK: building elements



    /// `$objects[n]` as an element with id `k<n>`, under `pool`.
    private mutating func addObject(_ n: Int, to pool: Int, customClasses: inout [Int: String]) {
        let value = archive.objects[n]
        let id = Self.id(n)
        guard case .dictionary(let entries) = value else {
            // A string, number or data object.
            switch value {
            case .string(let s): add("string", ["id": id], text: s, to: pool)
            case .integer(let i): add("int", ["id": id, "value": String(i)], to: pool)
            case .real(let x): add("double", ["id": id, "value": String(x)], to: pool)
            case .bool(let b): add("bool", ["id": id, "value": b ? "YES" : "NO"], to: pool)
            default: add("bytes", ["id": id], to: pool)
            }
            return
        }
        let chain = archive.classes(of: value)
        guard let className = chain.first else {
            // A class description (`$classname`/`$classes`) or a dictionary without a class.
            add("classDescription", ["id": id], to: pool)
            return
        }
        let set: Set<String> = Set(chain)
        if !set.isDisjoint(with: ["NSArray", "NSSet", "NSOrderedSet"]) {
            let kind = set.contains("NSArray") ? "NSMutableArray" : (set.contains("NSSet") ? "NSMutableSet" : "NSMutableOrderedSet")
            let array = add("object", ["id": id, "class": kind], to: pool)
            for member in value["NS.objects"]?.arrayValue ?? [] { addValue(member, key: nil, to: array) }
            return
        }
        if set.contains("NSDictionary") {
            let dictionary = add("object", ["id": id, "class": "NSMutableDictionary"], to: pool)
            let keys = value["NS.keys"]?.arrayValue ?? [], values = value["NS.objects"]?.arrayValue ?? []
            for (k, (key, object)) in zip(keys, values).enumerated() {
                addValue(key, key: "NS.key.\(k)", to: dictionary)
                addValue(object, key: "NS.object.\(k)", to: dictionary)
            }
            return
        }
        if set.contains("NSString"), let s = archive.string(value) {
            add("string", ["id": id], text: s, to: pool)
            return
        }
        var archiveClass = className
        var skipped: Set<String> = ["$class"]
        if className == "NSClassSwapper" {
            // An object of a custom class: its original class's keys, and both class names.
            archiveClass = value["NSOriginalClassName"].flatMap(archive.string) ?? "NSObject"
            if let custom = value["NSClassName"].flatMap(archive.string), !custom.isEmpty { customClasses[n] = IBCompiledNib.sourceClassName(custom) }
            skipped.formUnion(["NSClassName", "NSOriginalClassName"])
        }
        let object = add("object", ["id": id, "class": archiveClass], to: pool)
        // Keys in a fixed order (a keyed archive keeps none): NSSubviews first, as an archive
        // XIB writes it before the keys that name one of the subviews again (a clip view's
        // NSDocView): the legacy reader places a child by the first key that holds it.
        let ordered = entries.filter { $0.0 == "NSSubviews" } + entries.filter { $0.0 != "NSSubviews" }
        for (key, member) in ordered where !skipped.contains(key) {
            // A custom object's or view's class, as its source names it.
            if key == "NSClassName", let name = archive.string(member) {
                add("string", ["key": key], text: IBCompiledNib.sourceClassName(name), to: object)
                continue
            }
            addValue(member, key: key, to: object)
        }
    }

    // MARK: the translation

    /// The elements, root first; or why the archive is no compiled nib the model can take.
    mutating func translate() -> Result<[IBArchiveElement], Failure> {
        let objects = archive.objects
        func index(_ value: IBKeyedValue?) -> Int? {
            guard let n = value?.uidValue, n > 0, n < objects.count else { return nil }
            return n
        }
        func list(_ key: String) -> [IBKeyedValue]? {
            guard let value = objectData[key] else { return nil }
            return archive.members(value)
        }
        guard let objectKeys = list("NSObjectsKeys"), let objectValues = list("NSObjectsValues") else {
            return .failure(Failure(message: "NSIBObjectData has no NSObjectsKeys/NSObjectsValues arrays (the objects and their parents)"))
        }
        guard objectKeys.count == objectValues.count else {
            return .failure(Failure(message: "NSIBObjectData's NSObjectsKeys has \(objectKeys.count) objects "
                                    + "but NSObjectsValues \(objectValues.count) parents"))
        }
        // Names and ids by object; lookup only.
        var names: [Int: String] = [:]
        for (key, value) in zip(list("NSNamesKeys") ?? [], list("NSNamesValues") ?? []) {
            if let k = index(key), names[k] == nil, let name = archive.string(value) { names[k] = name }
        }
        var oids: [Int: Int] = [:]
        for (key, value) in zip(list("NSOidsKeys") ?? [], list("NSOidsValues") ?? []) {
            if let k = index(key), oids[k] == nil, case .integer(let oid) = archive.resolve(value) { oids[k] = oid }
        }
        // File's Owner: the object so named, else NSRoot.
        let named = names.filter { $0.value == "File's Owner" }.keys.min()
        guard let owner = named ?? index(objectData["NSRoot"]) else {
            return .failure(Failure(message: "NSIBObjectData names no File's Owner (no NSRoot, no object named \"File's Owner\")"))
        }
        var parentOf: [Int: Int?] = [:]   // object → parent (nil: none); lookup only
        var order: [Int] = []
        for (key, value) in zip(objectKeys, objectValues) {
            guard let k = index(key), k != owner, parentOf[k] == nil else { continue }
            parentOf[k] = index(value)
            order.append(k)
        }

        // The proxies among File's Owner's children: First Responder and the Application are
        // custom objects of class FirstResponder and NSApplication.
        func customClassName(_ k: Int) -> String? {
            guard archive.className(of: objects[k]) == "NSCustomObject" else { return nil }
            return objects[k]["NSClassName"].flatMap(archive.string)
        }
        let topLevel = order.filter { parentOf[$0] == owner }
        // First Responder is compiled only when a connection names it; a nil-targeted action
        // (NSDestination nil) is sent to it all the same. Without one, it is made here (as
        // `$objects.count`, a number no object has), as the XIB it was compiled from has it.
        let firstResponder = topLevel.filter { customClassName($0) == "FirstResponder" }.min { (oids[$0] ?? $0, $0) < (oids[$1] ?? $1, $1) }
            ?? objects.count
        if firstResponder == objects.count { parentOf[firstResponder] = .some(owner) }
        let application = topLevel.filter { customClassName($0) == "NSApplication" }.min { (oids[$0] ?? $0, $0) < (oids[$1] ?? $1, $1) }
        func objectID(_ k: Int) -> Int {
            if k == owner { return -2 }
            if k == firstResponder { return -1 }
            if k == application { return -3 }
            // Without an oid: a number no oid takes (oids count up from 1).
            return oids[k] ?? 1_000_000 + k
        }
        // Records in oid order: the order objects were made in Interface Builder.
        order.sort { (objectID($0), $0) < (objectID($1), $1) }

        // The root objects: File's Owner, First Responder, the Application, then the others.
        let proxies = [owner, firstResponder, application].compactMap { $0 }
        let others = topLevel.filter { !proxies.contains($0) }.sorted { (objectID($0), $0) < (objectID($1), $1) }
        let (pool, container, records) = addArchiveFrame(type: "com.apple.InterfaceBuilder3.Cocoa.XIB", rootObjects: proxies + others)
        let made = firstResponder == objects.count ? [firstResponder] : []
        for k in [owner] + made + order {
            let record = add("object", ["class": "IBObjectRecord"], to: records)
            add("int", ["key": "objectID", "value": String(objectID(k))], to: record)
            add("reference", ["key": "object", "ref": Self.id(k)], to: record)
            let parent = k == owner ? owner : (parentOf[k] ?? nil)
            switch parent {
            case owner?: add("reference", ["key": "parent", "ref": Self.rootRecordID], to: record)
            case let p?: add("reference", ["key": "parent", "ref": Self.id(p)], to: record)
            case nil: add("nil", ["key": "parent"], to: record)
            }
            if let name = Self.label(k == owner ? "File's Owner" : (k == firstResponder ? "First Responder" : names[k])) {
                add("string", ["key": "objectName"], text: name, to: record)
            }
        }

        // Connection records: outlets and actions; bindings and the rest are not the model's.
        let connectionList = add("array", ["key": "connectionRecords"], to: container)
        var connectors: Set<Int> = []
        for (position, connector) in (list("NSConnections") ?? []).enumerated() {
            guard let c = index(connector) else { continue }
            connectors.insert(c)
            let chain = archive.classes(of: objects[c])
            let isAction = chain.contains("NSNibControlConnector")
            guard isAction || chain.contains("NSNibOutletConnector") else { continue }
            let record = add("object", ["class": "IBConnectionRecord"], to: connectionList)
            let connection = add("object", ["class": isAction ? "IBActionConnection" : "IBOutletConnection", "key": "connection"], to: record)
            if let label = objects[c]["NSLabel"].flatMap(archive.string) {
                add("string", ["key": "label"], text: label, to: connection)
            }
            // A legacy action runs from its target (source) to the control (destination).
            let (source, destination) = isAction ? ("NSDestination", "NSSource") : ("NSSource", "NSDestination")
            for (end, key) in [(source, "source"), (destination, "destination")] {
                let value = objects[c][end] ?? .null
                if isAction, end == "NSDestination", value == .null || value == .uid(0) {
                    add("reference", ["key": key, "ref": Self.id(firstResponder)], to: connection)
                } else {
                    addValue(value, key: key, to: connection)
                }
            }
            add("int", ["key": "connectionID", "value": String(position)], to: record)
        }

        // Custom classes of class-swapped objects, by record id.
        var customClasses: [Int: String] = [:]
        // The objects, but for the object data and its connectors (read above, and not objects
        // of the document: as elements they would seem to hold every object they name).
        for n in 1..<max(objects.count, 1) where n != objectDataIndex && !connectors.contains(n) {
            addObject(n, to: pool, customClasses: &customClasses)
        }
        if firstResponder == objects.count {
            let made = add("object", ["id": Self.id(firstResponder), "class": "NSCustomObject"], to: pool)
            add("string", ["key": "NSClassName"], text: "FirstResponder", to: made)
        }
        let properties = add("dictionary", ["key": "flattenedProperties"], to: container)
        for k in ([owner] + order) where customClasses[k] != nil {
            add("string", ["key": "\(objectID(k)).CustomClassName"], text: customClasses[k]!, to: properties)
        }
        return .success(elements)
    }

    /// A name from `NSNamesValues` as the user label a legacy XIB's `objectName` gives: none for
    /// the numbers Interface Builder 3 names unnamed objects by ("0", "1", …).
    static func label(_ name: String?) -> String? {
        guard let name, !name.isEmpty, !name.allSatisfy(\.isNumber) else { return nil }
        return name
    }
}
