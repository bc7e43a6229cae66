// iOS compiled nibs, as a keyed archive (an NSKeyedArchiver nib for iOS 5 and earlier, or a
// NIBArchive read by `IBNibArchive`): `$top` holds
//
// - `UINibTopLevelObjectsKey`: the top-level objects, File's Owner and First Responder among
//   them as `UIProxyObject`s (`UIProxiedObjectIdentifier` "IBFilesOwner", "IBFirstResponder");
// - `UINibObjectsKey`: every object of the nib;
// - `UINibConnectionsKey`: `UIRuntimeOutletConnection` (`UISource` holds the outlet `UILabel`,
//   pointing at `UIDestination`), `UIRuntimeOutletCollectionConnection` (its `UIDestination`
//   one member), `UIRuntimeEventConnection` (`UISource` the control sending `UILabel`, the
//   action, to its target `UIDestination` on the events of `UIEventMask`).
//
// The objects are UIKit's own (`UIView` with `UISubviews`/`UISuperview`, `UIViewController`
// with `UIView`, …); an object of a custom class is a `UIClassSwapper` (`UIClassName`,
// `UIOriginalClassName`). Unlike a Mac nib, no table gives an object's parent: a view's is its
// `UISuperview`, another object's the first object that holds it by an owning key (directly
// or in a collection), and a top-level object's File's Owner. So the archive is translated
// into the legacy CocoaTouch archive it was compiled from (`IBUIView`, `NSSubviews`,
// `IBUIViewControllers`, IBCocoaTouch connection records), read by `IBLegacyArchive`, which
// already knows what those objects and keys mean. Names are not compiled: none is given.

struct IBCompiledNibTouch: IBCompiledElements {
    /// A string object is written where it is referenced, as the CocoaTouch archive does.
    var inlinesStringObjects: Bool { true }
    let archive: IBKeyedArchive
    var elements: [IBArchiveElement] = []

    init(archive: IBKeyedArchive) { self.archive = archive }

    struct Failure: Error { var message: String }

    /// Keys that point at an object without holding it (in UIKit's runtime names).
    static let pointers: Set<String> = [
        "UISuperview", "UINextResponder", "UIParentViewController", "UIDelegate", "UIDataSource", "UIWindow",
        "UITarget", "UIStoryboard", "UIPresentedViewController", "UIPresentingViewController", "UISelectedViewController",
        "UIParentView", "UITableView", "UICollectionView", "UIFirstItem", "UISecondItem", "UIProxiedObjectIdentifier",
    ]

    /// A runtime key as the legacy archive writes it: `UISubviews` → `NSSubviews`, `UIFoo` → `IBUIFoo`.
    static func legacyKey(_ key: String) -> String {
        switch key {
        case "UISubviews": return "NSSubviews"
        case "UISuperview": return "NSSuperview"
        case "UINextResponder": return "NSNextResponder"
        case "UIProxiedObjectIdentifier": return "IBProxiedObjectIdentifier"
        default: return key.hasPrefix("UI") ? "IB" + key : key
        }
    }

    /// A runtime class as the legacy archive names it: `UILabel` → `IBUILabel`, a plain object
    /// (`NSObject`, a class IB does not know) → `IBUICustomObject`.
    static func legacyClass(_ name: String) -> String {
        if name.hasPrefix("UI") { return "IB" + name }
        if name.hasPrefix("MK") || name.hasPrefix("GLK") || name.hasPrefix("AD") { return "IB" + name }
        if name == "NSLayoutConstraint" { return "IBNSLayoutConstraint" }
        return "IBUICustomObject"
    }

    /// NSArray, NSSet, NSOrderedSet and their mutable kinds (a keyed archive's chain, or a NIBArchive's one name).
    static func isCollection(_ chain: [String]) -> Bool {
        chain.contains { ["NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet"].contains($0) }
    }



    private func index(_ value: IBKeyedValue?) -> Int? {
        guard let n = value?.uidValue, n > 0, n < archive.objects.count else { return nil }
        return n
    }

    private func objects(_ key: String) -> [Int] {
        guard let value = archive.top.first(where: { $0.0 == key })?.1 else { return [] }
        return (archive.members(value) ?? []).compactMap(index)
    }


    /// The elements, root first; or why the archive is no iOS nib the model can take.
    mutating func translate() -> Result<[IBArchiveElement], Failure> {
        let all = objects("UINibObjectsKey")
        let topLevel = objects("UINibTopLevelObjectsKey")
        guard !all.isEmpty || !topLevel.isEmpty else {
            return .failure(Failure(message: "an iOS compiled nib without UINibObjectsKey or UINibTopLevelObjectsKey objects"))
        }
        let objectsList = archive.objects
        func className(_ k: Int) -> String { archive.className(of: objectsList[k]) ?? "NSObject" }
        func proxy(_ k: Int) -> String? {
            guard className(k) == "UIProxyObject" else { return nil }
            return objectsList[k]["UIProxiedObjectIdentifier"].flatMap(archive.string)
        }
        let connectionIndices = Set(objects("UINibConnectionsKey"))
        // Every object: the listed ones, then the top-level ones not listed (in order, once).
        var order: [Int] = []
        var listed: Set<Int> = []
        for k in all + topLevel where !connectionIndices.contains(k) && listed.insert(k).inserted { order.append(k) }
        let owner = order.first { proxy($0) == IBElementMap.filesOwnerIdentifier }
        let firstResponder = order.first { proxy($0) == IBElementMap.firstResponderIdentifier }

        // Parents: a view's superview; else the first object (in order) holding it by an owning
        // key, directly or in a collection; a top-level object's is the root. Lookup only.
        let topSet = Set(topLevel)
        var parentOf: [Int: Int] = [:]
        for k in order where !topSet.contains(k) {
            if let s = index(objectsList[k]["UISuperview"]), listed.contains(s), s != k { parentOf[k] = s }
        }
        for holder in order {
            guard case .dictionary(let entries) = objectsList[holder], proxy(holder) == nil else { continue }
            for (key, value) in entries where key != "$class" && !Self.pointers.contains(key) {
                var held: [Int] = []
                if let t = index(value) {
                    if listed.contains(t) { held.append(t) } else { held += (archive.members(value) ?? []).compactMap(index) }
                }
                for t in held where t != holder && !topSet.contains(t) && listed.contains(t) && parentOf[t] == nil {
                    parentOf[t] = holder
                }
            }
        }
        // A parent chain that loops (damage) is cut where it meets itself.
        for k in order {
            var seen: Set<Int> = [k]
            var p = parentOf[k]
            while let q = p {
                if !seen.insert(q).inserted { parentOf[k] = nil; break }
                p = parentOf[q]
            }
        }
        func objectID(_ k: Int) -> Int {
            if k == owner { return -1 }
            if k == firstResponder { return -2 }
            return k
        }

        let proxies = [owner, firstResponder].compactMap { $0 }
        let listedTop = topLevel.filter { !proxies.contains($0) && listed.contains($0) }
        let (pool, container, records) = addArchiveFrame(type: "com.apple.InterfaceBuilder3.CocoaTouch.XIB", rootObjects: proxies + listedTop)
        let recorded = proxies + order.filter { !proxies.contains($0) && (topSet.contains($0) || parentOf[$0] != nil) }
        for k in recorded {
            let record = add("object", ["class": "IBObjectRecord"], to: records)
            add("int", ["key": "objectID", "value": String(objectID(k))], to: record)
            add("reference", ["key": "object", "ref": Self.id(k)], to: record)
            if let p = parentOf[k] {
                add("reference", ["key": "parent", "ref": Self.id(p)], to: record)
            } else {
                add("reference", ["key": "parent", "ref": Self.rootRecordID], to: record)
            }
        }

        // Connection records.
        let connectionList = add("array", ["key": "connectionRecords"], to: container)
        for (position, c) in objects("UINibConnectionsKey").enumerated() {
            let kind: String
            switch className(c) {
            case "UIRuntimeOutletConnection": kind = "IBCocoaTouchOutletConnection"
            case "UIRuntimeOutletCollectionConnection": kind = "IBCocoaTouchOutletCollectionConnection"
            case "UIRuntimeEventConnection": kind = "IBCocoaTouchEventConnection"
            default: continue
            }
            let value = objectsList[c]
            // An outlet collection is one connection to all its members (an array): the
            // legacy archive has a record per member, in the collection's order.
            var destinations = [value["UIDestination"] ?? .null]
            if kind == "IBCocoaTouchOutletCollectionConnection", let d = index(destinations[0]),
               Self.isCollection(archive.classes(of: objectsList[d])), let members = archive.members(.uid(d)) {
                destinations = members
            }
            for destination in destinations {
                let record = add("object", ["class": "IBConnectionRecord"], to: connectionList)
                let connection = add("object", ["class": kind, "key": "connection"], to: record)
                if let label = value["UILabel"].flatMap(archive.string) { add("string", ["key": "label"], text: label, to: connection) }
                addValue(value["UISource"] ?? .null, key: "source", to: connection)
                addValue(destination, key: "destination", to: connection)
                if kind == "IBCocoaTouchEventConnection", case .integer(let mask)? = value["UIEventMask"].map(archive.resolve), mask > 0 {
                    // UIControlEvents bit n is IB's event type n + 1 (touchUpInside: 1 << 6, type 7).
                    add("int", ["key": "IBEventType", "value": String(mask.trailingZeroBitCount + 1)], to: connection)
                }
                add("int", ["key": "connectionID", "value": String(position)], to: record)
            }
        }

        // The objects, in the legacy archive's classes and keys: every one (a view's colour and
        // font too, so that no reference dangles) but the root and the connections (read
        // above; as elements they would seem to hold every object they name) and the
        // collections (written in place, where they are held).
        var customClasses: [Int: String] = [:]
        for k in 1..<max(objectsList.count, 1) where !connectionIndices.contains(k) {
            let value = objectsList[k]
            let id = Self.id(k)
            guard case .dictionary(let entries) = value else {
                if case .string(let s) = value { add("string", ["id": id], text: s, to: pool) } else { add("bytes", ["id": id], to: pool) }
                continue
            }
            if value["UINibObjectsKey"] != nil || value["UINibTopLevelObjectsKey"] != nil { continue }
            guard value["$class"] != nil else {
                add("classDescription", ["id": id], to: pool)
                continue
            }
            if Self.isCollection(archive.classes(of: value)) { continue }
            var runtimeClass = className(k)
            var skipped: Set<String> = ["$class"]
            if runtimeClass == "UIClassSwapper" {
                runtimeClass = value["UIOriginalClassName"].flatMap(archive.string) ?? "NSObject"
                if let custom = value["UIClassName"].flatMap(archive.string), !custom.isEmpty { customClasses[k] = IBCompiledNib.sourceClassName(custom) }
                skipped.formUnion(["UIClassName", "UIOriginalClassName"])
            }
            let archiveClass = proxy(k) != nil ? "IBProxyObject" : Self.legacyClass(runtimeClass)
            if archiveClass == "IBUICustomObject", runtimeClass != "NSObject", customClasses[k] == nil {
                customClasses[k] = IBCompiledNib.sourceClassName(runtimeClass)
            }
            let object = add("object", ["id": id, "class": archiveClass], to: pool)
            let ordered = entries.filter { $0.0 == "UISubviews" } + entries.filter { $0.0 != "UISubviews" }
            for (key, member) in ordered where !skipped.contains(key) {
                if let members = index(member).flatMap({ archive.members(.uid($0)) }), Self.isCollection(archive.classes(of: archive.resolve(member))) {
                    // A collection: written in place, as a legacy archive writes its arrays.
                    let array = add("array", keyed(Self.legacyKey(key)), to: object)
                    for m in members { addValue(m, key: nil, to: array) }
                } else {
                    addValue(member, key: Self.legacyKey(key), to: object)
                }
            }
        }
        let properties = add("dictionary", ["key": "flattenedProperties"], to: container)
        for k in recorded where customClasses[k] != nil {
            add("string", ["key": "\(objectID(k)).CustomClassName"], text: customClasses[k]!, to: properties)
        }
        return .success(elements)
    }
}
