// iOS compiled nibs (`NIBArchive`, what ibtool writes for iOS 6 and later: UIKit's
// UINibEncoder), read into the same plain keyed archive (`IBKeyedArchive`) an NSKeyedArchiver
// nib is read into, so that one translation (`IBCompiledNibTouch`) serves both forms of an
// iOS compiled nib.
//
// The format (public descriptions: nibsqueeze's NibArchive.md, Mothers Ruin's "UIKit NIB
// Archives"): "NIBArchive", two uint32 (1, and the coder version: 9 or 10), then four
// (count, offset) pairs of uint32 little-endian for the tables of objects, keys, values and
// class names. Counts and lengths in the tables are varints: 7 bits a byte, least
// significant first, the high bit set on the LAST byte.
//
// - an object: varint class index, varint first value, varint value count;
// - a key: varint length, UTF-8 bytes;
// - a value: varint key index, a type byte, then 0 int8, 1 int16, 2 int32, 3 int64,
//   4 true, 5 false, 6 float, 7 double (little-endian), 8 data (varint length, bytes),
//   9 nil, 10 object reference (uint32 index);
// - a class name: varint length (with its NUL), varint count of int32 fallbacks, the
//   fallbacks, the name.
//
// Object 0 is the root (its keys are the keyed archive's `$top`: UINibTopLevelObjectsKey,
// UINibObjectsKey, UINibConnectionsKey, …). Collections keep their members under the key
// `UINibEncoderEmptyKey`, repeated (a dictionary: key, value, key, value…); a string is an
// NSString object holding its UTF-8 in `NS.bytes`.
//
// Every offset, count, index and length is checked against the file before use; counts are
// bounded by the bytes that could hold them, so a damaged header cannot make the reader
// allocate more than the file's size. Nothing here traps on any input.

enum IBNibArchive {
    static let magic = Array("NIBArchive".utf8)
    static let emptyKey = "UINibEncoderEmptyKey"

    /// A value as the file holds it.
    enum Value: Equatable {
        case integer(Int)
        case bool(Bool)
        case real(Double)
        case data([UInt8])
        case null
        case object(Int)
    }

    struct Object {
        var classIndex: Int
        /// (key index, value), in the file's order.
        var values: [(Int, Value)]
    }

    struct Contents {
        var objects: [Object]
        var keys: [String]
        var classNames: [String]
    }

    /// Why a file is no readable NIBArchive.
    struct Failure: Error, Equatable { var message: String }

    // MARK: reading the tables

    static func decode(_ bytes: [UInt8]) -> Result<Contents, Failure> {
        var r = Reader(bytes: bytes)
        return r.contents()
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func fail(_ message: String) -> Result<Contents, Failure> { .failure(Failure(message: message)) }

        func uint32(_ offset: Int) -> Int? {
            guard offset >= 0, offset <= bytes.count - 4 else { return nil }
            var n = 0
            for i in 0..<4 { n |= Int(bytes[offset + i]) << (8 * i) }
            return n
        }

        /// `n` little-endian bytes at the cursor, as an unsigned number.
        mutating func little(_ n: Int) -> UInt64? {
            guard at >= 0, at <= bytes.count - n else { return nil }
            var v: UInt64 = 0
            for i in 0..<n { v |= UInt64(bytes[at + i]) << (8 * UInt64(i)) }
            at += n
            return v
        }

        /// A varint; nil past the end or past what an `Int32` holds (no table is that large).
        mutating func varint() -> Int? {
            var v = 0, shift = 0
            while at < bytes.count {
                let b = bytes[at]
                at += 1
                v |= Int(b & 0x7F) << shift
                if b & 0x80 != 0 { return v <= Int(Int32.max) ? v : nil }
                shift += 7
                if shift > 28 { return nil }
            }
            return nil
        }

        mutating func take(_ n: Int) -> [UInt8]? {
            guard n >= 0, at >= 0, n <= bytes.count - at else { return nil }
            defer { at += n }
            return Array(bytes[at..<at + n])
        }

        mutating func contents() -> Result<Contents, Failure> {
            guard bytes.count >= 50, bytes.starts(with: IBNibArchive.magic) else {
                return fail("a NIBArchive shorter than its 50-byte header (truncated)")
            }
            guard let format = uint32(10), let coder = uint32(14) else { return fail("no header") }
            guard format == 1 else { return fail("a NIBArchive of format \(format) (this reader knows format 1)") }
            _ = coder   // 9 or 10 seen; the tables are the same
            var header: [Int] = []
            for i in 0..<8 {
                guard let v = uint32(18 + 4 * i) else { return fail("no header") }
                header.append(v)
            }
            let (objectCount, objectsAt, keyCount, keysAt) = (header[0], header[1], header[2], header[3])
            let (valueCount, valuesAt, classCount, classesAt) = (header[4], header[5], header[6], header[7])
            // Each entry takes at least a byte (an object three, a value two): counts past that are damage.
            for (name, count, offset, least) in [("objects", objectCount, objectsAt, 3), ("keys", keyCount, keysAt, 1),
                                                 ("values", valueCount, valuesAt, 2), ("class names", classCount, classesAt, 2)] {
                guard offset >= 50, offset <= bytes.count, count <= (bytes.count - offset) / least else {
                    return fail("the \(name) table (\(count) at offset \(offset)) does not fit in the file's \(bytes.count) bytes")
                }
            }

            var keys: [String] = []
            keys.reserveCapacity(keyCount)
            at = keysAt
            for k in 0..<keyCount {
                guard let n = varint(), let name = take(n) else { return fail("key \(k) runs past the end of the file") }
                keys.append(String(decoding: name, as: UTF8.self))
            }

            var classNames: [String] = []
            classNames.reserveCapacity(classCount)
            at = classesAt
            for c in 0..<classCount {
                guard let n = varint(), let extra = varint(), extra <= (bytes.count - at) / 4, take(4 * extra) != nil,
                      var name = take(n) else { return fail("class name \(c) runs past the end of the file") }
                if name.last == 0 { name.removeLast() }
                classNames.append(String(decoding: name, as: UTF8.self))
            }

            var values: [(Int, Value)] = []
            values.reserveCapacity(valueCount)
            at = valuesAt
            for v in 0..<valueCount {
                guard let key = varint(), key < keyCount, let type = little(1) else {
                    return fail("value \(v) runs past the end of the file or names no key")
                }
                let value: Value?
                switch type {
                case 0: value = little(1).map { .integer(Int(Int8(truncatingIfNeeded: $0))) }
                case 1: value = little(2).map { .integer(Int(Int16(truncatingIfNeeded: $0))) }
                case 2: value = little(4).map { .integer(Int(Int32(truncatingIfNeeded: $0))) }
                case 3: value = little(8).map { .integer(Int(Int64(bitPattern: $0))) }
                case 4: value = .bool(true)
                case 5: value = .bool(false)
                case 6: value = little(4).map { .real(Double(Float(bitPattern: UInt32(truncatingIfNeeded: $0)))) }
                case 7: value = little(8).map { .real(Double(bitPattern: $0)) }
                case 8: value = varint().flatMap { take($0) }.map { .data($0) }
                case 9: value = .null
                case 10:
                    guard let n = little(4) else { value = nil; break }
                    guard n < UInt64(objectCount) else { return fail("value \(v) refers to object \(n) of \(objectCount)") }
                    value = .object(Int(n))
                default: return fail("value \(v) has an unknown type \(type)")
                }
                guard let value else { return fail("value \(v) runs past the end of the file") }
                values.append((key, value))
            }

            var objects: [Object] = []
            objects.reserveCapacity(objectCount)
            at = objectsAt
            for o in 0..<objectCount {
                guard let c = varint(), let first = varint(), let count = varint() else {
                    return fail("object \(o) runs past the end of the file")
                }
                guard c < classCount else { return fail("object \(o) names class \(c) of \(classCount)") }
                guard first <= valueCount, count <= valueCount - first else {
                    return fail("object \(o)'s values \(first)..<\(first + count) are not among the \(valueCount) values")
                }
                objects.append(Object(classIndex: c, values: Array(values[first..<first + count])))
            }
            guard !objects.isEmpty else { return fail("a NIBArchive without objects (no root object)") }
            return .success(Contents(objects: objects, keys: keys, classNames: classNames))
        }
    }

    // MARK: as a keyed archive

    /// A NIBArchive names one class an object; a keyed archive its chain, which the
    /// translations read a collection's kind from (`NSMutableArray` is an `NSArray`).
    static let foundationSuperclasses: [String: [String]] = [
        "NSMutableArray": ["NSArray", "NSObject"], "NSArray": ["NSObject"],
        "NSMutableSet": ["NSSet", "NSObject"], "NSSet": ["NSObject"],
        "NSMutableOrderedSet": ["NSOrderedSet", "NSObject"], "NSOrderedSet": ["NSObject"],
        "NSMutableDictionary": ["NSDictionary", "NSObject"], "NSDictionary": ["NSObject"],
        "NSMutableString": ["NSString", "NSObject"], "NSString": ["NSObject"],
    ]

    static func sameKind(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.integer, .integer), (.real, .real), (.bool, .bool): return true
        default: return false
        }
    }

    /// Object `n` of the file is `$objects[n + 1]` (`$objects[0]` is `$null`, as in a keyed
    /// archive); class `c` is described by `$objects[objects + 1 + c]`. The root's keys are `$top`.
    static func keyedArchive(_ contents: Contents) -> IBKeyedArchive {
        let classBase = contents.objects.count + 1
        var objects: [IBKeyedValue] = [.string("$null")]
        objects.reserveCapacity(classBase + contents.classNames.count)
        func plain(_ value: Value) -> IBKeyedValue {
            switch value {
            case .integer(let n): return .integer(n)
            case .bool(let b): return .bool(b)
            case .real(let x): return .real(x)
            case .data(let d): return .data(d.count)
            case .null: return .uid(0)
            case .object(let n): return .uid(n + 1)
            }
        }
        for object in contents.objects {
            let className = contents.classNames[object.classIndex]
            let classRef = IBKeyedValue.uid(classBase + object.classIndex)
            let members = object.values.filter { contents.keys[$0.0] == emptyKey }.map { plain($0.1) }
            switch className {
            case "NSString", "NSMutableString", "NSLocalizableString":
                if case .data(let utf8)? = object.values.first(where: { contents.keys[$0.0] == "NS.bytes" })?.1 {
                    objects.append(.string(String(decoding: utf8, as: UTF8.self)))
                    continue
                }
            case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet":
                objects.append(.dictionary([("$class", classRef), ("NS.objects", .array(members))]))
                continue
            case "NSNumber":
                // `NS.intval`, `NS.dblval` (or a bool): the number itself, as a keyed archive has it.
                if let (_, v) = object.values.first(where: { ["NS.intval", "NS.dblval", "NS.boolval", "NS.longval"].contains(contents.keys[$0.0]) }),
                   [.integer(0), .real(0), .bool(true)].contains(where: { Self.sameKind(v, $0) }) {
                    objects.append(plain(v))
                    continue
                }
            case "NSDictionary", "NSMutableDictionary":
                let keys = stride(from: 0, to: members.count - 1, by: 2).map { members[$0] }
                let values = stride(from: 1, to: members.count, by: 2).map { members[$0] }
                objects.append(.dictionary([("$class", classRef), ("NS.keys", .array(keys)), ("NS.objects", .array(values))]))
                continue
            default:
                break
            }
            // Keys sorted, each once (the first value kept), as a keyed archive has them.
            var entries: [(String, IBKeyedValue)] = [("$class", classRef)]
            var seen: Set<String> = ["$class"]
            for (k, v) in object.values where seen.insert(contents.keys[k]).inserted {
                entries.append((contents.keys[k], plain(v)))
            }
            objects.append(.dictionary(entries.sorted { $0.0 < $1.0 }))
        }
        for name in contents.classNames {
            let chain = [name] + (foundationSuperclasses[name] ?? [])
            objects.append(.dictionary([("$classes", .array(chain.map { .string($0) })), ("$classname", .string(name))]))
        }
        let top: [(String, IBKeyedValue)] = objects[1]["$class"] == nil ? [] : {
            guard case .dictionary(let entries) = objects[1] else { return [] }
            return entries.filter { $0.0 != "$class" }
        }()
        return IBKeyedArchive(archiver: "UINibEncoder", top: top, objects: objects)
    }
}
