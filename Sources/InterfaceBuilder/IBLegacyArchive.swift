import Foundation

// Legacy archive XIBs: `<archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="7.10">`,
// as Interface Builder 3 and Xcode 4 saved them (2008–2013). The file is a keyed archive of IB's
// own document objects written as XML; this reader keeps what the ownership model needs and
// produces the same `IBDocument` as the modern reader does for the same nib saved by Xcode 5:
//
// - ids are IB's object ids (`objectRecords` … `objectID`), which Xcode 5 keeps when it converts
//   a file, so -1 is File's Owner on iOS and -2 on the Mac, as in modern files;
// - an object record's `objectName` becomes the user label, as Xcode 5 converts it;
// - the hierarchy follows the records' `parent`, the relationship the key the parent holds the
//   child by (`NSSubviews`, `NSWindowView`, `NSCell`, `IBUIViewControllers`, …);
// - connections come from `connectionRecords`, in the order a modern file lists them (by source,
//   actions before outlets, by name).

/// Reads a legacy archive into the document model.
struct IBLegacyArchive {
    let path: String
    let elements: [IBArchiveElement]
    private(set) var diagnostics: [IBDiagnostic] = []
    private var platform: IBPlatform = .ios
    // Lookup only: never iterated.
    private var byID: [String: Int] = [:]

    static func read(data: Data, bytes: [UInt8], path: String) -> Result<IBDocument, IBReadFailure> {
        let builder = IBArchiveTreeBuilder(path: path, bytes: bytes)
        guard let root = builder.build(data) else {
            return .failure(IBReadFailure(diagnostics: builder.diagnostics))
        }
        var reader = IBLegacyArchive(path: path, elements: builder.elements)
        return reader.read(root: root)
    }

    /// Reads an element tree made elsewhere (a compiled nib's archive, translated by
    /// `IBCompiledNib` into the archive a legacy XIB writes), its root at element 0.
    static func read(elements: [IBArchiveElement], path: String) -> Result<IBDocument, IBReadFailure> {
        guard !elements.isEmpty else { return .failure(IBReadFailure(diagnostics: [.error("empty archive", path: path, at: nil)])) }
        var reader = IBLegacyArchive(path: path, elements: elements)
        return reader.read(root: 0)
    }

    private init(path: String, elements: [IBArchiveElement]) {
        self.path = path
        self.elements = elements
    }

    // MARK: diagnostics

    private mutating func error(_ message: String, at element: Int) {
        diagnostics.append(.error(message, path: path, at: elements[element].location))
    }

    private func failure() -> Result<IBDocument, IBReadFailure> {
        .failure(IBReadFailure(diagnostics: IBAssembler.ordered(diagnostics)))
    }

    // MARK: the archive's own encodings

    func child(_ element: Int, key: String) -> Int? {
        elements[element].children.first { elements[$0].key == key }
    }

    /// What an element stands for: itself, or for `<reference ref="…">` the element with that id.
    /// nil for `<nil>`, an empty reference, or a reference to a missing id (reported once, by `resolve`).
    func target(_ element: Int) -> Int? {
        let e = elements[element]
        if e.name == "nil" { return nil }
        if e.name == "reference" {
            guard let ref = e.attributes["ref"], !ref.isEmpty else { return nil }
            return byID[ref]
        }
        return element
    }

    /// Like `target`, reporting a reference to an id no element has.
    private mutating func resolve(_ element: Int) -> Int? {
        let e = elements[element]
        if e.name == "reference", let ref = e.attributes["ref"], !ref.isEmpty, byID[ref] == nil {
            error("reference to a missing object id '\(ref)'", at: element)
            return nil
        }
        return target(element)
    }

    /// The members of an array: 7.x `<object class="NSMutableArray">` with its
    /// `EncodedWithXMLCoder` flag, or 8.x `<array>`; sets keep theirs in `set.sortedObjects`.
    func members(_ element: Int) -> [Int] {
        // A set keeps its members in an array; follow that (never round a cycle of references).
        var holder = element
        var visited: Set<Int> = [element]
        while let sorted = child(holder, key: "set.sortedObjects"), let inner = target(sorted),
              visited.insert(inner).inserted {
            holder = inner
        }
        return elements[holder].children.filter { elements[$0].key == nil }
    }

    /// A dictionary's entries in file order: 8.x `<dictionary>` children keyed by their key, 7.x
    /// `dict.sortedKeys` / `dict.values` arrays, or `NS.key.N` / `NS.object.N` pairs.
    private func entries(_ element: Int) -> [(String, Int)] {
        if let keys = child(element, key: "dict.sortedKeys").flatMap(target),
           let values = child(element, key: "dict.values").flatMap(target) {
            return zip(members(keys), members(values)).compactMap { k, v in string(k).map { ($0, v) } }
        }
        let children = elements[element].children
        if children.contains(where: { elements[$0].key?.hasPrefix("NS.key.") == true }) {
            return children.compactMap { k -> (String, Int)? in
                guard let key = elements[k].key, key.hasPrefix("NS.key."),
                      let value = child(element, key: "NS.object." + key.dropFirst("NS.key.".count)),
                      let name = string(k) else { return nil }
                return (name, value)
            }
        }
        return children.compactMap { c in
            guard let key = elements[c].key, key != "EncodedWithXMLCoder" else { return nil }
            return (key, c)
        }
    }

    /// A string value: `<string>`, base64 `<string type="base64-UTF8">`, an NSString or
    /// NSMutableString object with `NS.bytes`, or a reference to one of those.
    private func string(_ element: Int) -> String? { string(element, depth: 0) }

    private func string(_ element: Int, depth: Int) -> String? {
        guard depth < 8, let e = target(element).map({ elements[$0] }) else { return nil }
        switch e.name {
        case "string":
            if e.attributes["type"] == "base64-UTF8" { return Self.base64(e.text) }
            return e.text
        case "object":
            guard let bytes = e.children.first(where: { elements[$0].key == "NS.bytes" }) else { return nil }
            return string(bytes, depth: depth + 1)
        case "characters", "bytes":
            return e.text
        default:
            return nil
        }
    }

    /// IB's base64 has line breaks inside and drops or mangles its padding ("RmlsZSdzIE93bmVyA"
    /// is "File's Owner"): decode the whole groups of four.
    static func base64(_ text: String) -> String? {
        var clean = text.filter { !$0.isWhitespace && $0 != "=" }
        // One character left over encodes nothing; two or three are a group short of its padding.
        if clean.count % 4 == 1 { clean.removeLast() }
        clean += String(repeating: "=", count: (4 - clean.count % 4) % 4)
        guard let data = Data(base64Encoded: clean) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// `<bool key="…">YES</bool>`.
    private func boolean(_ element: Int) -> Bool {
        guard let e = target(element).map({ elements[$0] }), e.name == "bool" else { return false }
        // `<bool key="K">YES</bool>` in an archive XIB; a compiled nib's translation writes `value="YES"`.
        return (e.attributes["value"] ?? e.text).trimmingCharacters(in: .whitespacesAndNewlines) == "YES"
    }

    private func integer(_ element: Int) -> Int? {
        guard let e = target(element).map({ elements[$0] }) else { return nil }
        return Int((e.attributes["value"] ?? e.text).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    // MARK: reading

    struct Record {
        var objectID: String
        var element: Int
        var parent: Int?
        var name: String?
    }

    private mutating func read(root: Int) -> Result<IBDocument, IBReadFailure> {
        let archive = elements[root]
        guard archive.name == "archive" else {
            error("not a legacy Interface Builder archive: the root element is <\(archive.name)>", at: root)
            return failure()
        }
        guard readHeader(root) else { return failure() }

        for (index, element) in elements.enumerated() {
            guard let id = element.attributes["id"], element.name != "reference" else { continue }
            if let first = byID[id] {
                error("duplicate id '\(id)'; first used on line \(elements[first].location.line)", at: index)
            } else {
                byID[id] = index
            }
        }

        guard let data = archive.children.first(where: { elements[$0].name == "data" }) else {
            error("the archive has no <data> element", at: root)
            return failure()
        }
        guard let rootObjects = child(data, key: "IBDocument.RootObjects").flatMap(target) else {
            error("the archive has no IBDocument.RootObjects", at: data)
            return failure()
        }
        guard let container = child(data, key: "IBDocument.Objects").flatMap(target) else {
            error("the archive has no IBDocument.Objects (its object and connection records)", at: data)
            return failure()
        }

        // Records whose parent is an object without a record, or that sit below their parent
        // through objects without one (nested scroll views), get records for those objects.
        let records = withRecordsForHolders(readRecords(container), container: container,
                                            rootObjects: Set(members(rootObjects).compactMap(target)))
        var recordOf: [Int: Int] = [:]   // element → position in records
        for (position, record) in records.enumerated() where recordOf[record.element] == nil {
            recordOf[record.element] = position
        }
        let properties = readProperties(container)

        // Layout constraints are kept only where an outlet points at one, as in modern files.
        let connected = connectionEnds(container)
        // The tree: the root objects, then each object's children by the records' parent.
        var childrenOf: [Int: [Int]] = [:]   // parent element → child elements, record order
        for record in records {
            guard let parent = record.parent else { continue }
            if IBLegacyClassMap.isConstraint(elements[record.element].archiveClass), !connected.contains(record.element) {
                continue
            }
            childrenOf[parent, default: []].append(record.element)
        }

        var objects: [IBObject] = []
        var indexOf: [Int: Int] = [:]   // element → object index

        // Depth first, each object before its children: the order of a modern file.
        var pending: [(element: Int, parent: Int?, relationship: IBRelationship, key: String?)] = []
        for member in members(rootObjects).reversed() {
            guard let element = resolve(member) else { continue }
            pending.append((element, nil, .topLevel, nil))
        }
        while let (element, parent, relationship, key) = pending.popLast() {
            guard indexOf[element] == nil else { continue }
            let record = recordOf[element].map { records[$0] }
            let id = record?.objectID ?? "archive-\(elements[element].attributes["id"] ?? String(element))"
            let object = makeObject(element, id: id, index: objects.count, name: record?.name,
                                    customClass: properties[id], parent: parent.flatMap { indexOf[$0] },
                                    parentClass: parent.flatMap { elements[$0].archiveClass },
                                    relationship: relationship, key: key)
            indexOf[element] = objects.count
            objects.append(object)
            let (placed, holders) = placeChildren(of: element, records: childrenOf[element] ?? [])
            for (holder, held) in holders { childrenOf[holder] = held }
            for (child, childRelationship, childKey) in placed.reversed() {
                pending.append((child, element, childRelationship, childKey))
            }
        }

        let connections = readConnections(container, indexOf: indexOf)
        let ordered = orderConnections(connections)

        diagnostics = IBAssembler.ordered(diagnostics)
        if diagnostics.contains(where: { $0.severity == .error }) {
            return .failure(IBReadFailure(diagnostics: diagnostics))
        }
        return .success(IBDocument(path: path, kind: .xib, platform: platform, objects: objects,
                                   connections: ordered, scenes: [], initialViewController: nil,
                                   warnings: diagnostics))
    }

    private mutating func readHeader(_ root: Int) -> Bool {
        let attributes = elements[root].attributes
        switch attributes["type"] {
        case "com.apple.InterfaceBuilder3.CocoaTouch.XIB", "com.apple.InterfaceBuilder3.CocoaTouch.iPad.XIB":
            platform = .ios
        case "com.apple.InterfaceBuilder3.Cocoa.XIB":
            platform = .mac
        case let type?:
            error("unknown archive type '\(type)'; expected com.apple.InterfaceBuilder3.CocoaTouch.XIB "
                  + "or com.apple.InterfaceBuilder3.Cocoa.XIB", at: root)
            return false
        case nil:
            error("the archive has no type attribute; expected com.apple.InterfaceBuilder3.CocoaTouch.XIB "
                  + "or com.apple.InterfaceBuilder3.Cocoa.XIB", at: root)
            return false
        }
        let version = attributes["version"] ?? ""
        let major = version.split(separator: ".").first.map(String.init) ?? ""
        guard major == "7" || major == "8" else {
            let shown = version.isEmpty ? "no version attribute" : "version '\(version)'"
            error("unknown legacy archive \(shown); this reader knows the archive versions 7.x and 8.x", at: root)
            return false
        }
        return true
    }

    private mutating func readRecords(_ container: Int) -> [Record] {
        guard let set = child(container, key: "objectRecords").flatMap(target) else { return [] }
        let list = child(set, key: "orderedObjects").flatMap(target) ?? set
        var records: [Record] = []
        for member in members(list) {
            guard let record = target(member), elements[record].archiveClass == "IBObjectRecord" else { continue }
            // `<int key="objectID">`, or (archive version 8, Xcode 5) `<string key="id">-2</string>`.
            guard let objectID = child(record, key: "objectID").flatMap(integer)
                    ?? child(record, key: "id").flatMap(string).flatMap({ Int($0) }) else { continue }
            guard let objectElement = child(record, key: "object"), let object = resolve(objectElement) else { continue }
            let parent = child(record, key: "parent").flatMap { resolve($0) }
            let name = child(record, key: "objectName").flatMap(string).flatMap { $0.isEmpty ? nil : $0 }
            records.append(Record(objectID: String(objectID), element: object, parent: parent, name: name))
        }
        return records
    }

    /// `N.CustomClassName` entries of `flattenedProperties`, by object id. Lookup only.
    private func readProperties(_ container: Int) -> [String: String] {
        guard let dictionary = child(container, key: "flattenedProperties").flatMap(target) else { return [:] }
        var classes: [String: String] = [:]
        for (key, value) in entries(dictionary) where key.hasSuffix(".CustomClassName") {
            let id = String(key.dropLast(".CustomClassName".count))
            if let name = string(value), !name.isEmpty { classes[id] = name }
        }
        return classes
    }

    // MARK: objects

    private func makeObject(_ element: Int, id: String, index: Int, name: String?, customClass: String?,
                            parent: Int?, parentClass: String?, relationship: IBRelationship, key: String?) -> IBObject {
        let e = elements[element]
        let archiveClass = e.archiveClass ?? e.name
        var placeholder: String?
        var custom = customClass
        var mapped = IBLegacyClassMap.element(for: archiveClass, platform: platform)

        if archiveClass == "IBProxyObject" {
            placeholder = child(element, key: "IBProxiedObjectIdentifier").flatMap(string) ?? ""
            mapped = ("placeholder",
                      placeholder == IBElementMap.firstResponderIdentifier ? IBElementMap.responderClass(platform) : "NSObject")
        } else if archiveClass == "NSCustomObject" || archiveClass == "NSCustomView" {
            // The Mac's custom objects and views name their class themselves; the proxies are
            // custom objects too, told apart by their ids.
            let named = child(element, key: "NSClassName").flatMap(string)
            if relationship == .topLevel, archiveClass == "NSCustomObject", let proxy = Self.macProxy(id: id) {
                placeholder = proxy.identifier
                mapped = ("customObject", proxy.className)
                custom = proxy.identifier == IBElementMap.filesOwnerIdentifier ? named : nil
            } else if let named, named != mapped.className {
                custom = named
            }
        } else if key == "contentView", archiveClass == "IBUIView", parent != nil,
                  ["IBUITableViewCell", "IBUICollectionViewCell"].contains(parentClass ?? "") {
            // A cell's content view, written as a plain view: a modern file names its class.
            mapped = parentClass == "IBUITableViewCell"
                ? ("tableViewCellContentView", "UITableViewCellContentView")
                : ("collectionViewCellContentView", "UIView")
        } else if archiveClass == "NSWindowTemplate" {
            let windowClass = child(element, key: "NSWindowClass").flatMap(string)
            if windowClass == "NSPanel" {
                mapped = ("panel", "NSPanel")
            } else if let windowClass, windowClass != "NSWindow", custom == nil {
                custom = windowClass
            }
        }
        if custom == "NSObject" { custom = nil }
        if placeholder == IBElementMap.firstResponderIdentifier, custom == "FirstResponder" { custom = nil }

        var attributes: [(String, String)] = []
        if let key { attributes.append(("key", key)) }
        // A window template's NSWTFlags: bit 0x40000000 set means not released when closed.
        if archiveClass == "NSWindowTemplate", let flags = child(element, key: "NSWTFlags").flatMap(integer) {
            attributes.append(("releasedWhenClosed", flags & 0x4000_0000 == 0 ? "YES" : "NO"))
        }
        // The Shared User Defaults Controller: decoded as the shared instance, not a new object.
        if archiveClass == "NSUserDefaultsController", child(element, key: "NSSharedInstance").map(boolean) == true {
            attributes.append(("representsSharedInstance", "YES"))
        }
        if let nibName = child(element, key: "IBUINibName").flatMap(string) ?? child(element, key: "NSNibName").flatMap(string) {
            attributes.append(("nibName", nibName))
        }
        let displayName: String
        if let name {
            displayName = name
        } else if let placeholder {
            switch placeholder {
            case IBElementMap.filesOwnerIdentifier: displayName = "File's Owner"
            case IBElementMap.firstResponderIdentifier: displayName = "First Responder"
            case IBElementMap.applicationIdentifier: displayName = "Application"
            case "": displayName = "Placeholder-\(id)"
            default: displayName = placeholder
            }
        } else {
            displayName = mapped.element + "-" + IBAssembler.shortID(id)
        }
        return IBObject(index: index, id: id, element: mapped.element, className: mapped.className,
                        customClass: custom, userLabel: name, placeholderIdentifier: placeholder,
                        parent: relationship == .topLevel ? nil : parent, relationship: relationship,
                        scene: nil, location: e.location, displayName: displayName, attributes: attributes)
    }

    /// Mac archives number File's Owner -2, First Responder -1 and the Application -3.
    private static func macProxy(id: String) -> (identifier: String, className: String)? {
        switch id {
        case "-2": return (IBElementMap.filesOwnerIdentifier, "NSObject")
        case "-1": return (IBElementMap.firstResponderIdentifier, "NSResponder")
        case "-3": return (IBElementMap.applicationIdentifier, "NSApplication")
        default: return nil
        }
    }

    /// Where each recorded child sits in its parent's element, in the parent's order: an array
    /// member (`NSSubviews`: a subview; another array: that collection) or a keyed value (a
    /// property). A child reached only through an object without a record of its own (a table
    /// cell's content view, a box's content view, a clip view) hangs from that object, which is
    /// placed instead and returned among the holders with the children it holds. Children found
    /// nowhere come last, in record order, as a "children" collection.
    private func placeChildren(of element: Int, records: [Int])
        -> (placed: [(Int, IBRelationship, String?)], holders: [(Int, [Int])]) {
        guard !records.isEmpty else { return ([], []) }
        let wanted = Set(records)
        var placed: [(Int, IBRelationship, String?)] = []
        var holders: [(Int, [Int])] = []
        var seen: Set<Int> = []

        func found(_ child: Int, _ relationship: IBRelationship, _ key: String?) {
            guard seen.insert(child).inserted else { return }
            if IBLegacyClassMap.isConstraint(elements[child].archiveClass) {
                placed.append((child, .collection("constraints"), nil))
            } else {
                placed.append((child, relationship, key))
            }
        }

        /// The wanted children an object without a record holds, in its order.
        func held(by holder: Int) -> [Int] {
            var out: [Int] = []
            for c in elements[holder].children {
                guard let key = elements[c].key, !IBLegacyClassMap.nonOwningKeys.contains(key),
                      let t = target(c) else { continue }
                if wanted.contains(t), !seen.contains(t), !out.contains(t) {
                    out.append(t)
                } else if IBLegacyClassMap.isArray(elements[t]) {
                    for m in members(t) {
                        if let mt = target(m), wanted.contains(mt), !seen.contains(mt), !out.contains(mt) { out.append(mt) }
                    }
                }
            }
            return out
        }

        func visitHolder(_ holder: Int, _ relationship: IBRelationship, _ key: String?) {
            guard !seen.contains(holder), holder != element, elements[holder].name == "object",
                  let archiveClass = elements[holder].archiveClass, !IBLegacyClassMap.isValueClass(archiveClass),
                  !IBLegacyClassMap.isArray(elements[holder]) else { return }
            let children = held(by: holder)
            guard !children.isEmpty else { return }
            seen.insert(holder)
            for child in children { seen.insert(child) }
            placed.append((holder, relationship, key))
            holders.append((holder, children))
        }

        // A subview the parent also holds by a key (a cell's IBUIContentView, a scroll view's
        // NSContentView) is that property, as a modern file writes it.
        var keyed: [Int: String] = [:]   // lookup only
        for c in elements[element].children {
            // A clip view's document view is its subview in a modern file too.
            guard let key = elements[c].key, !IBLegacyClassMap.nonOwningKeys.contains(key),
                  key != "NSSubviews", key != "NSDocView",
                  let t = target(c), keyed[t] == nil, !IBLegacyClassMap.isArray(elements[t]) else { continue }
            keyed[t] = IBLegacyClassMap.modernKey(key)
        }
        for c in elements[element].children {
            guard let key = elements[c].key, !IBLegacyClassMap.nonOwningKeys.contains(key),
                  let t = target(c) else { continue }
            let name = IBLegacyClassMap.modernKey(key)
            if wanted.contains(t) {
                found(t, .property(name), name)
            } else if IBLegacyClassMap.isArray(elements[t]) {
                let isSubviews = key == "NSSubviews"
                for m in members(t) {
                    guard let mt = target(m) else { continue }
                    let property = isSubviews ? keyed[mt] : nil
                    if wanted.contains(mt) {
                        found(mt, property.map { .property($0) } ?? (isSubviews ? .subview : .collection(name)), property)
                    } else if isSubviews {
                        visitHolder(mt, property.map { .property($0) } ?? .subview, property)
                    }
                }
            } else if elements[t].archiveClass != nil {
                visitHolder(t, .property(name), name)
            }
        }
        for record in records where !seen.contains(record) {
            found(record, .collection("children"), nil)
        }
        return (placed, holders)
    }

    /// The elements connection records name as source or destination. Lookup only.
    func connectionEnds(_ container: Int) -> Set<Int> {
        guard let list = child(container, key: "connectionRecords").flatMap(target) else { return [] }
        var ends: Set<Int> = []
        for member in members(list) {
            guard let record = target(member), let c = child(record, key: "connection").flatMap(target) else { continue }
            for end in ["source", "destination"] {
                if let e = child(c, key: end).flatMap(target) { ends.insert(e) }
            }
        }
        return ends
    }

    // MARK: connections

    private struct RawConnection {
        var connection: IBConnection
        var order: Int
        var rank: Int
    }

    private mutating func readConnections(_ container: Int, indexOf: [Int: Int]) -> [RawConnection] {
        guard let list = child(container, key: "connectionRecords").flatMap(target) else { return [] }
        var out: [RawConnection] = []
        for member in members(list) {
            guard let record = target(member), let connectionElement = child(record, key: "connection"),
                  let connection = target(connectionElement) else { continue }
            let archiveClass = elements[connection].archiveClass ?? ""
            let kind: IBConnectionKind
            switch archiveClass {
            case "IBCocoaTouchOutletConnection", "IBOutletConnection": kind = .outlet
            case "IBCocoaTouchOutletCollectionConnection", "IBOutletCollectionConnection": kind = .outletCollection
            case "IBCocoaTouchEventConnection", "IBActionConnection": kind = .action
            default: continue   // bindings and anything else the model does not use
            }
            let what = kind == .action ? "action" : (kind == .outlet ? "outlet" : "outlet collection")
            guard let label = child(connection, key: "label").flatMap(string), !label.isEmpty else {
                error("\(what) connection without a label", at: connection)
                continue
            }
            var ends: [Int] = []
            for end in ["source", "destination"] {
                guard let endElement = child(connection, key: end), elements[endElement].name != "nil",
                      elements[endElement].attributes["ref"].map({ !$0.isEmpty }) ?? (elements[endElement].name != "reference") else {
                    error("\(what) '\(label)' has no \(end)", at: connection)
                    continue
                }
                guard let endTarget = resolve(endElement) else { continue }
                guard let index = indexOf[endTarget] else {
                    let id = elements[endTarget].attributes["id"] ?? "?"
                    error("\(what) '\(label)' has a dangling \(end) '\(id)': the element with that id "
                          + "(line \(elements[endTarget].location.line)) is not an object of the document", at: endElement)
                    continue
                }
                ends.append(index)
            }
            guard ends.count == 2 else { continue }
            // A Mac action's source is its target and its destination the control that sends it.
            let (source, destination) = archiveClass == "IBActionConnection" ? (ends[1], ends[0]) : (ends[0], ends[1])
            var eventType: String?
            if archiveClass == "IBCocoaTouchEventConnection" {
                eventType = child(connection, key: "IBEventType").flatMap(integer).flatMap(IBLegacyClassMap.eventName)
            }
            let rank = kind == .action ? 0 : (kind == .outlet ? 1 : 2)
            out.append(RawConnection(connection: IBConnection(kind: kind, source: source, name: label,
                                                              destination: destination,
                                                              location: elements[connection].location,
                                                              eventType: eventType),
                                     order: out.count, rank: rank))
        }
        return out
    }

    /// As Xcode writes them into a modern file: by source in document order, actions before
    /// outlets before outlet collections, by name; an outlet collection keeps its members' order.
    private func orderConnections(_ raw: [RawConnection]) -> [IBConnection] {
        raw.sorted { a, b in
            let ca = a.connection, cb = b.connection
            if ca.source != cb.source { return ca.source < cb.source }
            if a.rank != b.rank { return a.rank < b.rank }
            if ca.name != cb.name { return ca.name < cb.name }
            return a.order < b.order
        }.map(\.connection)
    }
}
