/// The first few answers of a lookup by name, searched by comparing names before a
/// dictionary hashes one: names in a script are short (two small strings compare in a few
/// instructions, where hashing one is dozens), and a statement run again (explore runs
/// each many times) asks for the same few names. Names and values are kept apart and
/// searched by index: iterating pairs would copy each value just to compare its name.
package struct RecentNames<Value> {
    package static var capacity: Int { 8 }
    private var names: [String] = []
    /// Each name's length in UTF-8 bytes: a kept name of another length is passed over
    /// without comparing strings (a comparison of two different small strings is a call
    /// into the runtime, and most kept names differ from the one asked for). Two equal
    /// strings may differ in length (canonically equivalent Unicode); then the name is only
    /// not found here, and every user falls back on its full lookup.
    private var lengths: [Int] = []
    private var values: [Value] = []

    package func value(for name: String) -> Value? {
        let length = name.utf8.count
        for i in names.indices where lengths[i] == length && names[i] == name { return values[i] }
        return nil
    }

    /// Keeps `value` for `name` while there is room; the first names asked for stay.
    package mutating func remember(_ name: String, _ value: Value) {
        guard names.count < Self.capacity else { return }
        names.append(name)
        lengths.append(name.utf8.count)
        values.append(value)
    }
}
