/// Writes an iOS compiled nib in UIKit's NIBArchive format for tests, from the format's public
/// description (nibsqueeze's NibArchive.md): the 50-byte header, then the objects, keys,
/// values and class names tables, counts and lengths as varints (7 bits a byte, least
/// significant first, the high bit set on the last byte). No ibtool output is copied: each
/// test says what its nib holds. Object 0 is the root; `setRoot` gives its keys.
public struct NIBArchiveWriter {
    public enum Value {
        case int(Int)
        case bool(Bool)
        case float(Float)
        case double(Double)
        case data([UInt8])
        case null
        case object(Int)
    }

    public var objects: [(className: String, values: [(String, Value)])] = [("NSObject", [])]

    public init() {}

    @discardableResult
    public mutating func add(_ className: String, _ values: [(String, Value)] = []) -> Int {
        objects.append((className, values))
        return objects.count - 1
    }

    public mutating func set(_ object: Int, _ values: [(String, Value)]) { objects[object].values = values }

    public mutating func setRoot(_ values: [(String, Value)]) { set(0, values) }

    /// An NSString holding `s` in `NS.bytes`.
    public mutating func string(_ s: String) -> Value { .object(add("NSString", [("NS.bytes", .data(Array(s.utf8)))])) }

    /// An NSArray (`NSInlinedValue`, then each member under `UINibEncoderEmptyKey`).
    public mutating func array(_ members: [Int], className: String = "NSArray") -> Value {
        .object(add(className, [("NSInlinedValue", .bool(false))] + members.map { ("UINibEncoderEmptyKey", .object($0)) }))
    }

    public static func varint(_ n: Int) -> [UInt8] {
        var out: [UInt8] = []
        var v = n
        repeat {
            let low = UInt8(v & 0x7F)
            v >>= 7
            out.append(v == 0 ? low | 0x80 : low)
        } while v != 0
        return out
    }

    static func little<T: FixedWidthInteger>(_ n: T) -> [UInt8] {
        (0..<MemoryLayout<T>.size).map { UInt8(truncatingIfNeeded: n >> (8 * $0)) }
    }

    /// The file's bytes. Integers take the smallest type that holds them, as ibtool writes them.
    public func bytes(coderVersion: UInt32 = 10) -> [UInt8] {
        var keys: [String] = [], keyIndex: [String: Int] = [:]
        var classes: [String] = [], classIndex: [String: Int] = [:]
        var objectTable: [UInt8] = [], valueTable: [UInt8] = []
        var valueCount = 0
        for object in objects {
            let c = classIndex[object.className] ?? { classes.append(object.className); classIndex[object.className] = classes.count - 1; return classes.count - 1 }()
            objectTable += Self.varint(c) + Self.varint(valueCount) + Self.varint(object.values.count)
            for (key, value) in object.values {
                let k = keyIndex[key] ?? { keys.append(key); keyIndex[key] = keys.count - 1; return keys.count - 1 }()
                valueTable += Self.varint(k)
                switch value {
                case .int(let n):
                    if let v = Int8(exactly: n) { valueTable += [0] + Self.little(v) }
                    else if let v = Int16(exactly: n) { valueTable += [1] + Self.little(v) }
                    else if let v = Int32(exactly: n) { valueTable += [2] + Self.little(v) }
                    else { valueTable += [3] + Self.little(Int64(n)) }
                case .bool(let b): valueTable += [b ? 4 : 5]
                case .float(let x): valueTable += [6] + Self.little(x.bitPattern)
                case .double(let x): valueTable += [7] + Self.little(x.bitPattern)
                case .data(let d): valueTable += [8] + Self.varint(d.count) + d
                case .null: valueTable += [9]
                case .object(let n): valueTable += [10] + Self.little(UInt32(n))
                }
                valueCount += 1
            }
        }
        var keyTable: [UInt8] = []
        for k in keys { keyTable += Self.varint(k.utf8.count) + Array(k.utf8) }
        var classTable: [UInt8] = []
        for c in classes { classTable += Self.varint(c.utf8.count + 1) + Self.varint(0) + Array(c.utf8) + [0] }
        let objectsAt = 50, keysAt = objectsAt + objectTable.count
        let valuesAt = keysAt + keyTable.count, classesAt = valuesAt + valueTable.count
        var out = Array("NIBArchive".utf8) + Self.little(UInt32(1)) + Self.little(coderVersion)
        for n in [objects.count, objectsAt, keys.count, keysAt, valueCount, valuesAt, classes.count, classesAt] {
            out += Self.little(UInt32(n))
        }
        return out + objectTable + keyTable + valueTable + classTable
    }

    /// The same objects as a keyed archive's property list (`CompiledNibArchive`), written as
    /// UIKit's encoder writes them: strings as NSString objects (`NS.bytes`), numbers as
    /// NSNumber objects (`NS.intval`, `NS.dblval`), collections' members under
    /// `UINibEncoderEmptyKey`, `$top` as the root's keys. (Xcode 13 and later compile Mac nibs so.)
    public static func from(keyedArchive plist: [String: Any]) -> NIBArchiveWriter {
        let keyed = plist["$objects"] as? [Any] ?? []
        let top = plist["$top"] as? [String: Any] ?? [:]
        var w = NIBArchiveWriter()
        func uid(_ v: Any) -> Int? { (v as? [String: Any])?["CF$UID"] as? Int }
        func className(_ object: [String: Any]) -> String? {
            uid(object["$class"] as Any).flatMap { keyed[$0] as? [String: Any] }?["$classname"] as? String
        }
        // Every object but `$null` and the class descriptions gets a number first: values refer ahead.
        var number: [Int: Int] = [:]
        for (n, object) in keyed.enumerated() where n > 0 {
            if let d = object as? [String: Any], d["$classname"] != nil { continue }
            number[n] = w.add("NSObject")
        }
        func value(_ v: Any) -> Value {
            if let n = uid(v) { return n == 0 ? .null : number[n].map { .object($0) } ?? .null }
            if let s = v as? String { return w.string(s) }
            if let b = v as? Bool { return .bool(b) }
            if let i = v as? Int { return .int(i) }
            if let x = v as? Double { return .double(x) }
            return .null
        }
        for (n, object) in keyed.enumerated() {
            guard let k = number[n] else { continue }
            switch object {
            case let s as String:
                w.objects[k] = ("NSString", [("NS.bytes", .data(Array(s.utf8)))])
            case let i as Int:
                w.objects[k] = ("NSNumber", [("NS.intval", .int(i))])
            case let d as [String: Any]:
                let name = className(d) ?? "NSObject"
                if let members = d["NS.objects"] as? [Any], name.hasSuffix("Array") || name.hasSuffix("Set") {
                    w.objects[k] = (name, [("NSInlinedValue", .bool(false))] + members.map { ("UINibEncoderEmptyKey", value($0)) })
                } else {
                    w.objects[k] = (name, d.keys.sorted().filter { $0 != "$class" }.map { ($0, value(d[$0]!)) })
                }
            default:
                continue
            }
        }
        w.setRoot(top.keys.sorted().map { ($0, value(top[$0]!)) })
        return w
    }

    /// A small iOS nib: File's Owner and First Responder (proxies), a top-level view holding a
    /// label and a `MyButton` (a class-swapped UIButton), a top-level `Helper` (a class-swapped
    /// NSObject); outlets `view`, `label`, `helper` of File's Owner; the button sends `doIt:`
    /// to File's Owner on touch up inside. Returns the writer and the objects' numbers.
    public static func sample() -> (writer: NIBArchiveWriter, owner: Int, view: Int, label: Int, button: Int, helper: Int) {
        var w = NIBArchiveWriter()
        let ownerID = w.string("IBFilesOwner"), responderID = w.string("IBFirstResponder")
        let owner = w.add("UIProxyObject", [("UIProxiedObjectIdentifier", ownerID)])
        let responder = w.add("UIProxyObject", [("UIProxiedObjectIdentifier", responderID)])
        let view = w.add("UIView")
        let label = w.add("UILabel", [("UISuperview", .object(view)), ("UIText", w.string("Hello")), ("UIOpaque", .bool(true)),
                                      ("UIAlpha", .float(1)), ("UIFontSize", .double(17)), ("UITag", .int(300_000))])
        let button = w.add("UIClassSwapper", [("UIClassName", w.string("MyButton")), ("UIOriginalClassName", w.string("UIButton")),
                                              ("UISuperview", .object(view)), ("UINextResponder", .object(view))])
        let color = w.add("UIColor", [("UIWhite", .double(1)), ("UIColorComponentCount", .int(2))])
        w.set(view, [("UISubviews", w.array([label, button], className: "NSMutableArray")), ("UIBackgroundColor", .object(color)),
                     ("UIBounds", .data([0, 0, 0, 0])), ("UIDelegate", .null)])
        let helper = w.add("UIClassSwapper", [("UIClassName", w.string("Helper")), ("UIOriginalClassName", w.string("NSObject"))])
        func outlet(_ source: Int, _ name: String, _ destination: Int) -> Int {
            w.add("UIRuntimeOutletConnection", [("UILabel", w.string(name)), ("UISource", .object(source)), ("UIDestination", .object(destination))])
        }
        let connections = [outlet(owner, "view", view), outlet(owner, "label", label), outlet(owner, "helper", helper),
                           w.add("UIRuntimeEventConnection", [("UILabel", w.string("doIt:")), ("UISource", .object(button)),
                                                               ("UIDestination", .object(owner)), ("UIEventMask", .int(1 << 6))])]
        w.setRoot([("UINibTopLevelObjectsKey", w.array([owner, responder, view, helper])),
                   ("UINibObjectsKey", w.array([owner, responder, view, label, button, helper])),
                   ("UINibConnectionsKey", w.array(connections)),
                   ("UINibVisibleWindowsKey", w.array([])),
                   ("UINibKeyValuePairsKey", w.array([]))])
        return (w, owner, view, label, button, helper)
    }
}
