/// An optional index for each object of a document, four bytes each where an `[Int?]` takes
/// sixteen: mapping a document of a million objects kept three such arrays, 48 MB at the
/// peak of loading it. (Indices past `Int32.max` cannot occur: a document that large would
/// not fit in memory.)
package struct OptionalIndices {
    private var storage: [Int32]

    /// `count` indices, all nil.
    package init(count: Int) { storage = Array(repeating: -1, count: count) }

    package subscript(i: Int) -> Int? {
        get {
            let v = storage[i]
            return v < 0 ? nil : Int(v)
        }
        set { storage[i] = newValue.map { Int32(truncatingIfNeeded: $0) } ?? -1 }
    }
}
