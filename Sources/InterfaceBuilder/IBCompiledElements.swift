// What both translations of a compiled nib (the Mac's, IBCompiledNib.swift, and iOS's,
// IBCompiledNibTouch.swift) share: they write the same element tree of a legacy archive
// XIB, with the same ids, so `IBLegacyArchive` reads either.

/// A translation that appends the elements of a legacy archive tree, root first.
protocol IBCompiledElements {
    var archive: IBKeyedArchive { get }
    var elements: [IBArchiveElement] { get set }
    /// Whether a UID naming a string object is written as that string in place.
    var inlinesStringObjects: Bool { get }
}

extension IBCompiledElements {
    /// The element id of `$objects[n]`.
    static func id(_ n: Int) -> String { "k\(n)" }
    static var rootRecordID: String { "compiled-root" }

    /// Every element stands at the top of the file: a compiled nib has no lines.
    var location: IBLocation { IBLocation(line: 1, column: 1) }

    @discardableResult
    mutating func add(_ name: String, _ attributes: [String: String] = [:], text: String = "", to parent: Int?) -> Int {
        elements.append(IBArchiveElement(name: name, attributes: attributes, location: location, text: text))
        let index = elements.count - 1
        if let parent { elements[parent].children.append(index) }
        return index
    }

    /// The frame of every legacy archive: the root objects listed in order, then an object
    /// container whose records begin with the root's. Returns where the objects, the
    /// container's other parts and the object records go.
    mutating func addArchiveFrame(type: String, rootObjects: [Int]) -> (pool: Int, container: Int, records: Int) {
        let root = add("archive", ["type": type, "version": "7.10"], to: nil)
        let data = add("data", to: root)
        let pool = add("objects", to: root)
        let list = add("array", ["key": "IBDocument.RootObjects"], to: data)
        for k in rootObjects { add("reference", ["ref": Self.id(k)], to: list) }
        let container = add("object", ["class": "IBObjectContainer", "key": "IBDocument.Objects"], to: data)
        let recordSet = add("object", ["class": "IBMutableOrderedSet", "key": "objectRecords"], to: container)
        let records = add("array", ["key": "orderedObjects"], to: recordSet)
        let rootRecord = add("object", ["class": "IBObjectRecord"], to: records)
        add("int", ["key": "objectID", "value": "0"], to: rootRecord)
        add("array", ["key": "object", "id": Self.rootRecordID], to: rootRecord)
        add("nil", ["key": "parent"], to: rootRecord)
        return (pool, container, records)
    }

    /// `attributes` with `key` added when there is one (nil: an array member).
    func keyed(_ key: String?, _ attributes: [String: String] = [:]) -> [String: String] {
        var out = attributes
        if let key { out["key"] = key }
        return out
    }

    /// A value held under `key` (nil: an array member): a reference for a UID, the value itself otherwise.
    mutating func addValue(_ value: IBKeyedValue, key: String?, to parent: Int) {
        switch value {
        case .uid(0), .null: add("nil", keyed(key), to: parent)
        case .uid(let n):
            if inlinesStringObjects, case .string(let s)? = archive.object(n) {
                add("string", keyed(key), text: s, to: parent)
            } else {
                add("reference", keyed(key, ["ref": archive.object(n) == nil ? "$objects[\(n)]" : Self.id(n)]), to: parent)
            }
        case .string(let s): add("string", keyed(key), text: s, to: parent)
        case .integer(let n): add("int", keyed(key, ["value": String(n)]), to: parent)
        case .real(let x): add("double", keyed(key, ["value": String(x)]), to: parent)
        case .bool(let b): add("bool", keyed(key, ["value": b ? "YES" : "NO"]), to: parent)
        case .data: add("bytes", keyed(key), to: parent)
        case .array(let members):
            let array = add("array", keyed(key), to: parent)
            for member in members { addValue(member, key: nil, to: array) }
        case .dictionary(let entries):
            let dictionary = add("dictionary", keyed(key), to: parent)
            for (k, v) in entries { addValue(v, key: k, to: dictionary) }
        }
    }
}
