import Foundation
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

/// The audit report as text, JSON, or SARIF 2.1.0.
package enum AuditOutput {
    package static func text(_ r: Audit.Report) -> String {
        var out = "audit of \(r.dir): \(r.nibs.count) Interface Builder file\(r.nibs.count == 1 ? "" : "s"), \(r.classes) class\(r.classes == 1 ? "" : "es") read from \(r.sourceFiles) source file\(r.sourceFiles == 1 ? "" : "s")\n"
        out += "settings: " + r.settings.joined(separator: "\n") + "\n"
        for n in r.nibs {
            out += "  \(n.path): "
            if let p = n.problem, n.configurations.isEmpty { out += p + "\n" }
            else {
                out += "owner \(n.owner ?? "?") (\(n.ownerKind)), \(n.scenarios) run\(n.scenarios == 1 ? "" : "s") under \(n.configurations.joined(separator: ", "))\n"
                if let p = n.problem { out += "    \(p)\n" }
            }
            if !n.copies.isEmpty { out += "    localized copies, audited as this one: \(n.copies.joined(separator: ", "))\n" }
            if !n.loadedBy.isEmpty && !n.listed { out += "    loaded by: \(n.loadedBy.joined(separator: "; "))\n" }
            for note in n.notes { out += "    \(note)\n" }
        }
        if !r.skipped.isEmpty {
            out += "\nnot read (the audit stays inside the folder and says what it leaves out):\n"
            for k in r.skipped { out += "  \(k.path): \(k.reason)\n" }
        }
        if !r.missing.isEmpty {
            out += "\nclasses not found in the sources (loaded as their element's class, with no outlets):\n"
            for m in r.missing {
                out += "  \(m.name): \(m.loadedAs), in \(m.places.prefix(3).joined(separator: ", "))\(m.places.count > 3 ? " and \(m.places.count - 3) more" : "")\n"
            }
        }
        if !r.unconnected.isEmpty {
            out += "\noutlets no nib connects (renamed or wrong connections show here; not findings):\n"
            for u in r.unconnected { out += "  \(u.className).\(u.outlet) (\(u.place.text))\n" }
        }
        for (k, f) in r.findings.enumerated() {
            out += "\n\(f.location.text): \(f.label) [\(f.rule)] \(f.member.map { "`\($0)` of \(f.className)" } ?? "\(f.objectDescription) of \(f.className)")\n"
            out += "  finding \(k + 1): \(f.message)\n"
            let more = f.scenarios.count > 2 ? " and \(f.scenarios.count - 2) more" : ""
            out += "  where: \(f.configurations.joined(separator: ", ")); scenario\(f.scenarios.count == 1 ? "" : "s") \(f.scenarios.prefix(2).map { "\"\($0)\"" }.joined(separator: ", "))\(more)\n"
            for c in f.consequences {
                out += "  also \(c.label) [\(c.rule)]: \(c.message)\n"
                out += "    where: \(c.configurations.joined(separator: ", ")); scenario\(c.scenarios.count == 1 ? "" : "s") \(c.scenarios.prefix(2).map { "\"\($0)\"" }.joined(separator: ", "))\(c.scenarios.count > 2 ? " and \(c.scenarios.count - 2) more" : "")\n"
            }
            for p in f.related { out += "  see: \(p.text) (\(p.what))\n" }
            if f.objects.count > 1 { out += "  objects: \(f.objects.map(\.text).joined(separator: ", "))\n" }
            out += "  fix: \(f.fix)\n"
            if let c = f.confidence { out += "  confidence: \(c): \(f.confidenceReason ?? "")\n" }
        }
        // One line per class, as a reviewer would group the findings.
        // Grouped in one pass: searching the classes and filtering the findings for each
        // was quadratic (issue 27: ×33 the time for ×10 nibs).
        var byClass: [String: [Audit.Finding]] = [:]
        for f in r.findings { byClass[f.className, default: []].append(f) }
        if byClass.count > 1 {
            out += "\nby class:\n"
            for c in byClass.keys.sorted() {
                let fs = byClass[c]!
                let kinds = Audit.Kind.allCases.compactMap { k -> String? in
                    let n = fs.filter { $0.kind == k }.count
                    return n == 0 ? nil : "\(n) \(k.id)"
                }
                out += "  \(c) (\(fs[0].location.file.split(separator: "/").last ?? "")): \(kinds.joined(separator: ", ")): \(fs.map { $0.member ?? $0.objectDescription }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: ", "))\n"
            }
        }
        var counts: [String] = []
        for kind in Audit.Kind.allCases {
            let n = r.findings.filter { $0.kind == kind }.count
            if n > 0 { counts.append("\(n) \(kind.id)") }
        }
        out += "\n\(r.findings.count) finding\(r.findings.count == 1 ? "" : "s")"
        if !counts.isEmpty { out += " (\(counts.joined(separator: ", ")))" }
        if r.suppressed > 0 { out += "; \(r.suppressed) suppressed by the baseline" }
        let failed = r.nibs.filter(\.isError).count
        if failed > 0 { out += "; \(failed) Interface Builder file\(failed == 1 ? "" : "s") not audited" }
        let listed = r.nibs.filter(\.listed)
        if !listed.isEmpty {
            var why: [String: Int] = [:]
            for n in listed { why[reason(n), default: 0] += 1 }
            out += "; \(listed.count) listed with a reason (\(why.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")))"
        }
        out += "\n"
        return out
    }

    package static func place(_ p: Audit.Place) -> JSON {
        .object([("file", .string(p.file)), ("line", .int(p.line)), ("column", .int(p.column)), ("what", .string(p.what))])
    }

    /// An object as the audit names it: class, name, origin (its nib, or the line that makes
    /// it) and the text's words. No `id`: the audit's objects are the nib's, across runs.
    package static func object(_ o: Audit.Object) -> JSON {
        .object([("class", .string(o.className)), ("name", .string(o.name)), ("origin", .string(o.origin)), ("text", .string(o.text))])
    }

    package static func json(_ r: Audit.Report) -> String {
        JSON.object([
            ("command", .string("audit")),
            ("directory", .string(r.dir)),
            ("sourceFiles", .int(r.sourceFiles)),
            ("classes", .int(r.classes)),
            ("nibs", .array(r.nibs.map { n in .object([
                ("path", .string(n.path)), ("owner", JSON.optional(n.owner)), ("ownerKind", .string(n.ownerKind)),
                ("configurations", JSON.strings(n.configurations)), ("runs", .int(n.scenarios)), ("problem", JSON.optional(n.problem)),
                ("audited", .bool(!n.listed && !n.isError)), ("localizedCopies", JSON.strings(n.copies)),
                ("loadedBy", JSON.strings(n.loadedBy)), ("notes", JSON.strings(n.notes)),
            ]) })),
            ("settings", JSON.strings(r.settings)),
        ] + (r.skipped.isEmpty ? [] : [
            // Only when there are some, so a report of a plain folder keeps its shape.
            ("skipped", .array(r.skipped.map { k in .object([("path", .string(k.path)), ("reason", .string(k.reason))]) })),
        ]) + [
            ("missingClasses", .array(r.missing.map { m in .object([("name", .string(m.name)), ("loadedAs", .string(m.loadedAs)), ("places", JSON.strings(m.places))]) })),
            ("unconnectedOutlets", .array(r.unconnected.map { u in .object([("class", .string(u.className)), ("outlet", .string(u.outlet)), ("location", place(u.place))]) })),
            ("findings", .array(r.findings.map { f in .object([
                ("fingerprint", .string(f.fingerprint)), ("kind", .string(f.kind.id)), ("rule", .string(f.rule)),
                ("class", .string(f.className)), ("member", JSON.optional(f.member)), ("location", place(f.location)),
                ("related", .array(f.related.map(place))), ("configurations", JSON.strings(f.configurations)),
                ("scenarios", JSON.strings(f.scenarios)), ("objects", .array(f.objects.map(object))),
                ("message", .string(f.message)), ("fix", .string(f.fix)),
                ("fingerprints", JSON.strings(f.fingerprints)),
                ("confidence", .string(f.confidence ?? "normal")), ("confidenceReason", JSON.optional(f.confidenceReason)),
                ("consequences", .array(f.consequences.map { c in .object([
                    ("kind", .string(c.kind.id)), ("rule", .string(c.rule)), ("configurations", JSON.strings(c.configurations)),
                    ("scenarios", JSON.strings(c.scenarios)), ("message", .string(c.message)),
                ]) })),
            ]) })),
            ("suppressed", .int(r.suppressed)),
            ("status", .int(Int(r.status))),
        ]).render()
    }

    /// SARIF 2.1.0: one result per finding at the declaration, with the `.m` methods and the
    /// nib connection as related locations.
    /// `fixes`: the proven edits of each finding (by fingerprint), from `audit --fix`,
    /// written as SARIF `fixes` with `artifactChanges`.
    /// `version`: the nibscript version the log names as its tool's.
    package static func sarif(_ r: Audit.Report, version: String, fixes: [String: [AuditFix.Edit]] = [:]) -> String {
        // Relative to the audited folder, whatever form it was given in, with the base id
        // SRCROOT (code scanning resolves it against the checkout); percent-encoded as RFC 3986
        // asks (SARIFURI.swift).
        func uri(_ file: String) -> String { SARIFURI.percentEncoded(file, relative: true) }
        func location(_ p: Audit.Place, id: Int? = nil) -> JSON {
            var fields: [(String, JSON)] = []
            if let id { fields.append(("id", .int(id))) }
            fields.append(("physicalLocation", .object([
                ("artifactLocation", .object([("uri", .string(uri(p.file))), ("uriBaseId", .string("SRCROOT"))])),
                ("region", .object([("startLine", .int(p.line)), ("startColumn", .int(p.column))])),
            ])))
            if id != nil { fields.append(("message", .object([("text", .string(p.what))]))) }
            return .object(fields)
        }
        let rules = Audit.Kind.allCases.filter { k in r.findings.contains { $0.kind == k } }
        func change(_ file: String, _ es: [AuditFix.Edit]) -> JSON {
            let rel = file.hasPrefix(r.dir + "/") ? String(file.dropFirst(r.dir.count + 1)) : file
            return .object([
                ("artifactLocation", .object([("uri", .string(uri(rel))), ("uriBaseId", .string("SRCROOT"))])),
                ("replacements", .array(es.sorted { $0.line < $1.line }.map { e in .object([
                    // Whole lines: from the start of `line` to the start of the line after the deleted ones.
                    ("deletedRegion", .object([("startLine", .int(e.line)), ("startColumn", .int(1)),
                                               ("endLine", .int(e.line + e.delete)), ("endColumn", .int(1))])),
                    ("insertedContent", .object([("text", .string(e.insert.map { $0 + "\n" }.joined()))])),
                ]) })),
            ])
        }
        let results: [JSON] = r.findings.map { f in
            var fields: [(String, JSON)] = [
                ("ruleId", .string(f.kind.id)),
                ("level", .string(f.kind == .abandoned ? "warning" : "error")),
                ("message", .object([("text", .string("\(f.message) (\(f.configurations.joined(separator: ", "))). Fix: \(f.fix)"))])),
                ("locations", .array([location(f.location)])),
                ("relatedLocations", .array(f.related.enumerated().map { location($1, id: $0 + 1) })),
                ("partialFingerprints", .object([("nibscriptFinding/v1", .string(f.fingerprint))])),
                ("properties", .object([("rules", .string(f.rule)), ("configurations", JSON.strings(f.configurations)),
                                        ("confidence", .string(f.confidence ?? "normal"))])),
            ]
            if let es = fixes[f.fingerprint], !es.isEmpty {
                fields.append(("fixes", .array([.object([
                    ("description", .object([("text", .string(f.fix + " (proven: auditing the fixed sources no longer reports it)"))])),
                    ("artifactChanges", .array(Dictionary(grouping: es, by: \.file).sorted { $0.key < $1.key }.map { change($0.key, $0.value) })),
                ])])))
            }
            return .object(fields)
        }
        return JSON.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("nibscript")), ("version", .string(version)),
                    ("informationUri", .string("https://github.com/nibscript/nibscript")),
                    ("rules", .array(rules.map { k in .object([
                        ("id", .string(k.id)), ("name", .string(k.rawValue)),
                        ("shortDescription", .object([("text", .string(ruleText(k)))])),
                    ]) })),
                ]))])),
                ("originalUriBaseIds", .object([("SRCROOT", srcroot(r.dir))])),
                ("invocations", .array([.object([
                    ("executionSuccessful", .bool(r.status != 2)),
                    ("toolExecutionNotifications", .array(notifications(r, uri: uri))),
                ])])),
                ("results", .array(results)),
            ])])),
        ]).render()
    }

    /// SRCROOT as an absolute `file:` URI when the folder was given absolute; otherwise the
    /// folder as given, in a description (an absolute path would make the report depend on
    /// the machine it ran on).
    static func srcroot(_ dir: String) -> JSON {
        if dir.hasPrefix("/") {
            let d = (dir as NSString).standardizingPath
            let u = "file://" + SARIFURI.percentEncoded(d.hasSuffix("/") ? d : d + "/", relative: false)
            return .object([("uri", .string(u))])
        }
        return .object([("description", .object([("text", .string("the folder given to 'nibscript audit': \(dir)"))]))])
    }

    /// Every nib not audited, with its reason: SARIF's notifications of the run.
    static func notifications(_ r: Audit.Report, uri: (String) -> String) -> [JSON] {
        r.nibs.filter { $0.listed || $0.isError }.map { n -> JSON in
            .object([
                ("level", .string(n.isError ? "error" : "note")),
                ("message", .object([("text", .string("\(n.path): \(n.problem ?? "not audited")"))])),
                ("locations", .array([.object([("physicalLocation", .object([
                    ("artifactLocation", .object([("uri", .string(uri(n.path))), ("uriBaseId", .string("SRCROOT"))])),
                ]))])])),
            ])
        } + r.skipped.map { k in
            .object([
                ("level", .string("warning")),
                ("message", .object([("text", .string("\(k.path): not read: \(k.reason)"))])),
                ("locations", .array([.object([("physicalLocation", .object([
                    ("artifactLocation", .object([("uri", .string(uri(k.path))), ("uriBaseId", .string("SRCROOT"))])),
                ]))])])),
            ])
        }
    }

    package static func ruleText(_ k: Audit.Kind) -> String {
        switch k {
        case .leak: return "An outlet keeps a nib object that nothing releases once its owner is gone (O9)."
        case .abandoned: return "After a memory warning unloads the view, an outlet keeps objects of the old view (V7)."
        case .dangling: return "An unretained outlet points at a deallocated object (O10, V8)."
        case .zombie: return "A message reaches a deallocated object (O5)."
        case .overRelease: return "A deallocated object is released again (O4)."
        case .crash: return "A standard scenario crashes."
        case .cycle: return "Objects that keep each other and nothing else keeps: a retain cycle, broken by the reference back to the owner (O9)."
        }
    }
}
