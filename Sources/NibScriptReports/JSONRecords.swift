import NibScriptInterpreter

/// The one JSON shape of each record every output shares (grammar.md, "JSON Lines output"):
/// an object is `{"id", "class", "name"}` wherever it appears, and a leak, a dangling
/// reference, a zombie, a crash or a warning is a record whose `text` is the summary's words.
extension JSON {
    package static func object(_ r: ObjectRef) -> JSON {
        .object([("id", .int(r.id)), ("class", .string(r.className)), ("name", .string(r.name))])
    }

    package static func object(_ r: ObjectRef?) -> JSON { r.map { JSON.object($0) } ?? .null }

    package static func record(_ r: ObjectRecord) -> JSON {
        .object([("object", .object(r.object)), ("count", .int(r.count)), ("text", .string(r.text))])
    }

    package static func record(_ d: DanglingRecord) -> JSON {
        .object([("holder", .object(d.holder)), ("reference", .string(d.reference)), ("target", .object(d.target)),
                 ("deallocatedAt", .int(d.deallocatedAt)), ("text", .string(d.text))])
    }

    package static func record(_ c: CrashRecord?) -> JSON {
        guard let c else { return .null }
        return .object([("line", .int(c.line)), ("message", .string(c.message)), ("object", .object(c.object)),
                        ("selector", .optional(c.selector)), ("text", .string(c.text))])
    }

    package static func record(_ w: WarningRecord) -> JSON {
        .object([("line", .int(w.line)), ("text", .string(w.text))])
    }
}
