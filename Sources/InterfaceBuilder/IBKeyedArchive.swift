import Foundation

// An NSKeyedArchiver archive (a compiled Mac nib's `keyedobjects.nib`, binary or XML property
// list), read (binary: IBBinaryPropertyList.swift; XML: Foundation's PropertyListSerialization)
// and made plain: every value of
// `$objects` becomes an `IBKeyedValue`, its UIDs numbers. What the objects mean is
// IBCompiledNib.swift's.
//
// UIDs come back differently by platform and format: on Linux (swift-corelibs-foundation) as an
// internal `_NSKeyedArchiverUID` object, on macOS as a CF `CFKeyedArchiverUID`, and a reader that
// does not know them gives the XML form's `{"CF$UID": n}` dictionary. `uid(_:)` takes all three.

/// One value of a keyed archive, with UIDs as object numbers.
enum IBKeyedValue: Equatable {
    case null
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    /// Bytes the model never reads: only their count is kept.
    case data(Int)
    /// A reference to `$objects[n]`.
    case uid(Int)
    case array([IBKeyedValue])
    /// Keys sorted (a keyed archive's dictionaries keep no order of their own).
    case dictionary([(String, IBKeyedValue)])

    static func == (a: IBKeyedValue, b: IBKeyedValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.string(let x), .string(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.real(let x), .real(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.data(let x), .data(let y)): return x == y
        case (.uid(let x), .uid(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.dictionary(let x), .dictionary(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The value of `key`, for a dictionary.
    subscript(key: String) -> IBKeyedValue? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.first { $0.0 == key }?.1
    }

    var uidValue: Int? { if case .uid(let n) = self { return n } else { return nil } }
    var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    var arrayValue: [IBKeyedValue]? { if case .array(let a) = self { return a } else { return nil } }
}

/// A keyed archive's `$top` and `$objects`, plain.
struct IBKeyedArchive {
    var archiver: String?
    var top: [(String, IBKeyedValue)]
    var objects: [IBKeyedValue]

    /// How deep values may nest (an object's dictionary holds arrays of UIDs: three levels in a
    /// real archive); deeper is refused rather than walked.
    static let maxDepth = 32

    enum Failure: Error, Equatable {
        case notAPropertyList
        case notAKeyedArchive(String)
    }

    /// Reads `data` (binary or XML property list).
    static func read(_ data: Data) -> Result<IBKeyedArchive, Failure> {
        if data.starts(with: Array("bplist".utf8)) { return readBinary([UInt8](data)) }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            return .failure(.notAPropertyList)
        }
        // An OpenStep-format text such as "bplist00" alone reads as a string: not an archive,
        // and for a file that begins as a binary property list, a truncated one.
        guard let root = plist as? [String: Any] else {
            if data.starts(with: Array("bplist".utf8)) { return .failure(.notAPropertyList) }
            return .failure(.notAKeyedArchive("the property list is not a dictionary"))
        }
        guard let rawObjects = root["$objects"] as? [Any] else {
            return .failure(.notAKeyedArchive("it has no $objects array"))
        }
        guard let rawTop = root["$top"] as? [String: Any] else {
            return .failure(.notAKeyedArchive("it has no $top dictionary"))
        }
        var objects: [IBKeyedValue] = []
        objects.reserveCapacity(rawObjects.count)
        for raw in rawObjects {
            guard let value = plain(raw, depth: 0) else {
                return .failure(.notAKeyedArchive("$objects[\(objects.count)] nests deeper than \(maxDepth) levels"))
            }
            objects.append(value)
        }
        var top: [(String, IBKeyedValue)] = []
        for key in rawTop.keys.sorted() {
            guard let value = plain(rawTop[key]!, depth: 0) else {
                return .failure(.notAKeyedArchive("$top's \(key) nests deeper than \(maxDepth) levels"))
            }
            top.append((key, value))
        }
        return .success(IBKeyedArchive(archiver: root["$archiver"] as? String, top: top, objects: objects))
    }

    /// Reads a binary property list with IBBinaryPropertyList, which checks every offset
    /// (Foundation's reader on Linux does not: a damaged file could crash it).
    static func readBinary(_ bytes: [UInt8]) -> Result<IBKeyedArchive, Failure> {
        // The root dictionary and `$objects` are two levels above an object's own values.
        let root: IBKeyedValue
        switch IBBinaryPropertyList.decode(bytes, maxDepth: maxDepth + 2) {
        case .success(let value): root = value
        case .failure(.tooDeep): return .failure(.notAKeyedArchive("its values nest deeper than \(maxDepth) levels, or contain themselves"))
        case .failure(.malformed): return .failure(.notAPropertyList)
        }
        guard case .dictionary = root else {
            return .failure(.notAKeyedArchive("the property list is not a dictionary"))
        }
        guard let objects = root["$objects"]?.arrayValue else {
            return .failure(.notAKeyedArchive("it has no $objects array"))
        }
        guard case .dictionary(let top)? = root["$top"] else {
            return .failure(.notAKeyedArchive("it has no $top dictionary"))
        }
        return .success(IBKeyedArchive(archiver: root["$archiver"]?.stringValue, top: top, objects: objects))
    }

    /// A property-list value made plain; nil when nested deeper than `maxDepth`.
    static func plain(_ value: Any, depth: Int) -> IBKeyedValue? {
        guard depth < maxDepth else { return nil }
        if let string = value as? String { return .string(string) }
        if let data = value as? Data { return .data(data.count) }
        if value is Date { return .null }
        if let number = value as? NSNumber {
            // A Bool is a Swift Bool on Linux and an NSNumber of type "c" on macOS, where `is
            // Bool` is also true of the numbers 0 and 1: the type code tells them apart.
            let type = String(cString: number.objCType)
            if type == "c" || type == "B" { return .bool(number.boolValue) }
            if type == "d" || type == "f" { return .real(number.doubleValue) }
            return .integer(Int(truncatingIfNeeded: number.int64Value))
        }
        if let array = value as? [Any] {
            var out: [IBKeyedValue] = []
            out.reserveCapacity(array.count)
            for member in array {
                guard let plainMember = plain(member, depth: depth + 1) else { return nil }
                out.append(plainMember)
            }
            return .array(out)
        }
        if let dictionary = value as? [String: Any] {
            if let n = uidInDictionary(dictionary) { return .uid(n) }
            var out: [(String, IBKeyedValue)] = []
            for key in dictionary.keys.sorted() {
                guard let plainValue = plain(dictionary[key]!, depth: depth + 1) else { return nil }
                out.append((key, plainValue))
            }
            return .dictionary(out)
        }
        if let n = uid(value) { return .uid(n) }
        return .null
    }

    /// The XML form of a UID: a dictionary whose only key is `CF$UID`.
    static func uidInDictionary(_ dictionary: [String: Any]) -> Int? {
        guard dictionary.count == 1, let number = dictionary["CF$UID"] as? NSNumber else { return nil }
        let n = number.int64Value
        return n >= 0 && n <= Int64(UInt32.max) ? Int(n) : nil
    }

    /// The number of a UID object PropertyListSerialization made: its stored `value` (Linux's
    /// `_NSKeyedArchiverUID`), its description's `{value = n}` (macOS's `CFKeyedArchiverUID`),
    /// or, failing both, the number the value writes itself as in an XML property list.
    static func uid(_ value: Any) -> Int? {
        if let dictionary = value as? [String: Any] { return uidInDictionary(dictionary) }
        for child in Mirror(reflecting: value).children where child.label == "value" {
            switch child.value {
            case let n as UInt32: return Int(n)
            case let n as UInt64: return n <= UInt64(UInt32.max) ? Int(n) : nil
            case let n as Int: return n >= 0 ? n : nil
            default: break
            }
        }
        let description = String(describing: value)
        if let range = description.range(of: "{value = ") {
            let digits = description[range.upperBound...].prefix { $0.isNumber }
            if let n = Int(digits) { return n }
        }
        guard let xml = try? PropertyListSerialization.data(fromPropertyList: ["u": value], format: .xml, options: 0),
              let text = String(data: xml, encoding: .utf8), text.contains("CF$UID"),
              let start = text.range(of: "<integer>"), let end = text.range(of: "</integer>"),
              start.upperBound <= end.lowerBound else { return nil }
        return Int(text[start.upperBound..<end.lowerBound])
    }

    // MARK: objects

    /// `$objects[n]`, or nil when `n` is out of range.
    func object(_ n: Int) -> IBKeyedValue? {
        n >= 0 && n < objects.count ? objects[n] : nil
    }

    /// What a value stands for: a UID's object (one step: `$objects` holds no UIDs of its own
    /// at the top), else the value itself. `$null` (the string at `$objects[0]`) is `.null`.
    func resolve(_ value: IBKeyedValue) -> IBKeyedValue {
        guard case .uid(let n) = value else { return value }
        if n == 0 { return .null }
        return object(n) ?? .null
    }

    /// The class chain of an object (`$classes` of its `$class`), most derived first; empty for
    /// a value that is no object.
    func classes(of value: IBKeyedValue) -> [String] {
        guard let classRef = value["$class"], case .dictionary = resolve(classRef) else { return [] }
        let description = resolve(classRef)
        if let chain = description["$classes"]?.arrayValue {
            let names = chain.compactMap(\.stringValue)
            if !names.isEmpty { return names }
        }
        return description["$classname"]?.stringValue.map { [$0] } ?? []
    }

    /// An object's class name (`$classname`), or nil.
    func className(of value: IBKeyedValue) -> String? {
        guard let classRef = value["$class"] else { return nil }
        return resolve(classRef)["$classname"]?.stringValue ?? classes(of: value).first
    }

    /// A string value: a plain string, or an NSString object's `NS.string`.
    func string(_ value: IBKeyedValue) -> String? {
        let resolved = resolve(value)
        if case .string(let s) = resolved { return s }
        if let inner = resolved["NS.string"], case .string(let s) = resolve(inner) { return s }
        return nil
    }

    /// The members of an NSArray or NSSet object (`NS.objects`), or of a plain array.
    func members(_ value: IBKeyedValue) -> [IBKeyedValue]? {
        let resolved = resolve(value)
        if let array = resolved.arrayValue { return array }
        return resolved["NS.objects"].map(resolve)?.arrayValue
    }
}
