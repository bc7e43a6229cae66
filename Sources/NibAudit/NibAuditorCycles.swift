import Foundation
import InterfaceBuilder
import NibScriptSyntax
import OwnershipEngine
import SourceImport
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

/// Retain cycles among the leaked objects of a run: a strongly connected group of objects
/// no root reaches is one defect — the reference that points back at the group's first
/// object (its owner: owners are made before what they hold) — not a leak per member.
extension NibAuditor {
    struct Cycle {
        var members: [ObjectID]
        /// The reference to break: holder, slot name, target.
        var back: (holder: ObjectID, slot: String, target: ObjectID)
        /// Every leaked object the cycle keeps (its members and what only they hold).
        var kept: Set<ObjectID>
        /// The group's other references back at its first object: breaking `back` alone
        /// leaves the cycle whole when another member also holds the owner (Briefs'
        /// `delegate` of one view and `controller` of another, both File's Owner).
        var alsoBack: [(holder: ObjectID, slot: String)] = []
    }

    /// The owning single-slot references of `o` (lists are owned collections, not back-edges).
    func owningEdges(_ e: Engine, _ o: ObjectID) -> [(String, ObjectID)] {
        let slots = e.slots(of: e.classOf(o))
        var out: [(String, ObjectID)] = []
        for (k, info) in slots.enumerated() where !info.isList {
            let r = SlotRef(o, k)
            if let t = e.read(r), e.claims(r) > 0 { out.append((info.name, t)) }
        }
        return out
    }

    func cycles(in e: Engine, leaked: [ObjectID]) -> [Cycle] {
        guard leaked.count >= 2, leaked.count <= 400 else { return [] }
        let set = Set(leaked)
        // What each leaked object reaches through owning references.
        var reach: [ObjectID: [Bool]] = [:]
        for o in leaked { reach[o] = e.reachable(from: [o]) }
        var done = Set<ObjectID>()
        var out: [Cycle] = []
        for o in leaked where !done.contains(o) {
            let group = leaked.filter { p in p == o || (reach[o]![p.index] && reach[p]![o.index]) }
            guard group.count >= 2 else { continue }
            done.formUnion(group)
            let first = group.min { $0.index < $1.index }!
            // The back-edge: a member of the group holding the group's first object.
            var backs: [(ObjectID, String)] = []
            for h in group.sorted(by: { $0.index < $1.index }) where h != first {
                for (slot, t) in owningEdges(e, h) where t == first { backs.append((h, slot)) }
            }
            guard let b = backs.first else { continue }
            var kept = Set<ObjectID>()
            for g in group { for x in leaked where reach[g]![x.index] { kept.insert(x) } }
            out.append(Cycle(members: group.sorted { $0.index < $1.index }, back: (b.0, b.1, first), kept: kept.intersection(set),
                             alsoBack: backs.dropFirst().map { (holder: $0.0, slot: $0.1) }))
        }
        return out
    }

    /// The cycle as a finding at the back-edge's member declaration.
    func cycleFinding(_ c: Cycle, in e: Engine, describe: (ObjectID) -> Audit.Object, platform: PlatformName, arc: Bool) -> Audit.Finding? {
        let holderClass = e.className(e.classOf(c.back.holder))
        guard let (ic, m) = member(c.back.slot, of: holderClass) else { return nil }
        let place = Audit.Place(m.place, base: dir, what: "declaration of '\(m.name)'")
        let objects = c.members.map(describe)
        let names = objects.map(\.text)
        let attr: String
        switch m.kind {
        case .property(let a, _): attr = a?.rawValue ?? (arc ? "strong" : "assign")
        case .ivar: attr = arc ? "strong ivar" : "ivar"
        }
        var f = Audit.Finding(kind: .cycle, rule: "O9", className: ic.name, member: m.name, objectDescription: "cycle",
                              location: place, message: "", fix: "")
        // The members in id order, not a path: a member need not hold the next one listed.
        f.message = "a retain cycle of \(c.members.count) objects no one else holds: \(names.joined(separator: ", ")); `\(m.name)` (\(attr), \(m.place.fileName):\(m.place.line)) of \(describe(c.back.holder).text) points back at its owner \(describe(c.back.target).text), so none of them is ever deallocated"
        if m.isProperty {
            f.fix = arc ? "declare `\(m.name)` weak (`@property (nonatomic, weak)`): a reference back to the owner must not keep it"
                        : "declare `\(m.name)` assign (`@property (nonatomic, assign)`): a reference back to the owner must not retain it"
        } else {
            f.fix = arc ? "declare the ivar `\(m.name)` `__weak`: a reference back to the owner must not keep it"
                        : "do not retain into `\(m.name)`: a reference back to the owner must not keep it"
        }
        // Every other reference back at the owner must go too, or the cycle stays.
        let others = c.alsoBack.map { "`\($0.slot)` of \(describe($0.holder).text)" }
        if !others.isEmpty {
            f.message += "; \(others.joined(separator: ", ")) also point\(others.count == 1 ? "s" : "") back at it"
            f.fix += "; the same for \(others.joined(separator: ", ")), or the cycle stays"
        }
        f.objects = objects
        return f
    }
}
