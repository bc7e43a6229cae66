/// The attributes nibscript reads, by number. An element's other attributes are never looked
/// at, so the plain reader makes no strings of them, and finding one is comparing a byte.
enum IBAttribute: UInt8, CaseIterable {
    // Kept on every object, in this order (`IBElementMap.keptAttributes`):
    case key, sceneMemberID, storyboardIdentifier, nibName, customModule, customModuleProvider
    case storyboardName, referencedIdentifier, reuseIdentifier, restorationIdentifier, systemMenu
    case systemItem, identifier, type, title
    // A window's (the audit closes a main nib's windows that are released when closed).
    case releasedWhenClosed
    // A user defaults controller's: YES for the shared one (`IBObject.isSharedInstance`).
    case representsSharedInstance
    // Read while scanning:
    case id, userLabel, customClass, placeholderIdentifier, destination, property, selector, target
    case kind, relationship, eventType, targetRuntime, initialViewController, sceneID

    var isKept: Bool { rawValue <= Self.representsSharedInstance.rawValue }

    var name: String { Self.names[Int(rawValue)] }

    private static let names: [String] = allCases.map { "\($0)" }

    static let byName: [String: IBAttribute] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    /// The names' bytes, by length, for the plain reader.
    private static let byLength: [[(bytes: [UInt8], attribute: IBAttribute)]] = {
        var table = [[(bytes: [UInt8], attribute: IBAttribute)]](repeating: [], count: 32)
        for attribute in allCases {
            let bytes = Array(attribute.name.utf8)
            table[bytes.count].append((bytes, attribute))
        }
        return table
    }()

    /// The attribute whose name is `bytes`, if nibscript reads it.
    static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> IBAttribute? {
        guard bytes.count < byLength.count else { return nil }
        for candidate in byLength[bytes.count] where candidate.bytes.elementsEqual(bytes) {
            return candidate.attribute
        }
        return nil
    }
}

/// The attributes of one element that nibscript reads. An element has a handful, so a linear
/// search by number beats hashing names, and one array is one allocation (a dictionary of
/// strings per element was most of the cost of reading a large document).
struct IBAttributes {
    private(set) var pairs: [(attribute: IBAttribute, value: String)] = []

    init() {}

    /// XMLParser's dictionary; only lookups and `IBScanner.kept` (which puts what it keeps in
    /// a fixed order) read attributes, so the dictionary's order never reaches output.
    init(_ dictionary: [String: String]) {
        for (name, value) in dictionary {
            if let attribute = IBAttribute.byName[name] { pairs.append((attribute, value)) }
        }
    }

    subscript(attribute: IBAttribute) -> String? {
        for pair in pairs where pair.attribute == attribute { return pair.value }
        return nil
    }

    mutating func append(_ attribute: IBAttribute, _ value: String) { pairs.append((attribute, value)) }

    /// Empties the list but keeps its storage, for the next element.
    mutating func removeAll() { pairs.removeAll(keepingCapacity: true) }
}
