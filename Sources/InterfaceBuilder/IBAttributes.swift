/// An element's attributes. An element has a handful, so finding one by a linear search is
/// cheaper than hashing its name, and one array is one allocation (a dictionary per element
/// was most of the cost of reading a large document).
struct IBAttributes {
    private(set) var pairs: [(name: String, value: String)] = []

    init() {}

    /// XMLParser's dictionary, in its order: only lookups and `IBScanner.kept` (which puts
    /// what it keeps in a fixed order) read attributes, so the order never reaches output.
    init(_ dictionary: [String: String]) {
        pairs.reserveCapacity(dictionary.count)
        for (name, value) in dictionary { pairs.append((name, value)) }
    }

    subscript(name: String) -> String? {
        for pair in pairs where pair.name == name { return pair.value }
        return nil
    }

    func contains(_ name: String) -> Bool { self[name] != nil }

    mutating func append(name: String, value: String) { pairs.append((name, value)) }

    /// Empties the list but keeps its storage, for the next element.
    mutating func removeAll() { pairs.removeAll(keepingCapacity: true) }
}
