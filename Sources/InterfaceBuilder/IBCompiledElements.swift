// What both translations of a compiled nib (the Mac's, IBCompiledNib.swift, and iOS's,
// IBCompiledNibTouch.swift) share: they write the same element tree of a legacy archive
// XIB, with the same ids, so `IBLegacyArchive` reads either.

/// A translation that appends the elements of a legacy archive tree, root first.
protocol IBCompiledElements {
    var elements: [IBArchiveElement] { get set }
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

    /// `attributes` with `key` added when there is one (nil: an array member).
    func keyed(_ key: String?, _ attributes: [String: String] = [:]) -> [String: String] {
        var out = attributes
        if let key { out["key"] = key }
        return out
    }
}
