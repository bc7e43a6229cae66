import XCTest
@testable import OwnershipEngine
import TestSupport

/// explore's incremental state digest and the index of which lists hold an object: both are
/// kept as the state changes, so after any sequence of operations (snapshots and restores
/// included) they must equal what a walk over the whole state finds.
final class StateDigestTests: XCTestCase {
    /// Which list slots hold `o`, found by walking every object's lists.
    private func scannedHolders(_ w: World, _ o: ObjectID) -> [SlotRef] {
        var out: [SlotRef] = []
        for h in w.engine.allObjects {
            for (k, s) in w.engine.slots(of: w.engine.classOf(h)).enumerated() where s.isList {
                let r = SlotRef(h, k)
                out += w.engine.list(r).filter { $0 == o }.map { _ in r }
            }
        }
        return out
    }

    private func checkIndexes(_ w: World, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let d = w.engine.stateDigests
        XCTAssertEqual(d.kept, d.computed, "digest after \(what)", file: file, line: line)
        for o in w.engine.allObjects {
            let kept = w.engine.listHolders(of: o).sorted { ($0.holder, $0.slot) < ($1.holder, $1.slot) }
            let scanned = scannedHolders(w, o).sorted { ($0.holder, $0.slot) < ($1.holder, $1.slot) }
            XCTAssertEqual(kept, scanned, "holders of \(o) after \(what)", file: file, line: line)
        }
    }

    /// One random operation of every kind the engine offers.
    private func randomOperation(_ w: World, _ rng: inout SplitMix64, frames: [ObjectID]) -> String {
        // Live objects only, mostly: a message to a dead one crashes, and a crashed engine
        // changes nothing more (a crash comes now and then below).
        let objects = w.engine.allObjects.filter { w.engine.isAlive($0) && !w.engine.isHidden($0) }
        guard !objects.isEmpty else { _ = w.label("l"); return "alloc label" }
        func any() -> ObjectID { objects[rng.below(objects.count)] }
        func owner() -> ObjectID? {
            let owners = objects.filter { w.engine.classOf($0) == w.owner }
            return owners.isEmpty ? nil : owners[rng.below(owners.count)]
        }
        switch rng.below(14) {
        case 0: _ = w.label("l"); return "alloc label"
        case 1: _ = w.view("v"); return "alloc view"
        case 2: w.engine.retain(any()); return "retain"
        case 3: w.engine.release(any()); return "release"
        case 4: w.engine.autorelease(any()); return "autorelease"
        case 5: w.engine.drainPool(); return "drain"
        case 6: w.engine.pushPool(); return "push pool"
        case 7:
            let rules: [StoreRule] = [.retain, .adopt, .assign, .weak, .direct(adoptsClaim: true)]
            let f = frames[rng.below(frames.count)]
            w.engine.store(ref(f, rng.below(8)), rng.below(4) == 0 ? nil : any(), rule: rules[rng.below(rules.count)])
            return "store in a frame"
        case 8:
            guard let v = owner() else { return "nothing" }
            w.engine.store(ref(v, rng.below(2) == 0 ? World.label : World.delegate), any(), rule: rng.below(2) == 0 ? .retain : .weak)
            return "store in a view"
        case 9:
            guard let v = owner() else { return "nothing" }
            w.engine.listAppend(ref(v, World.subviews), any())
            return "list append"
        case 10:
            guard let v = owner() else { return "nothing" }
            let l = w.engine.list(ref(v, World.subviews))
            guard !l.isEmpty else { return "nothing" }
            w.engine.listRemove(ref(v, World.subviews), l[rng.below(l.count)])
            return "list remove"
        case 11:
            guard let v = owner() else { return "nothing" }
            let o = any()
            w.engine.adopt(o, by: v)
            if rng.below(2) == 0 { w.engine.consumeAdopted(o, by: v) }
            return "adopt"
        case 12: w.engine.dropClaims(ref(frames[rng.below(frames.count)], rng.below(8))); return "drop claims"
        default:
            if rng.below(40) == 0 { w.engine.raise("boom", object: nil, selector: "x"); return "crash" }
            return "nothing"
        }
    }

    func testKeptDigestAndHoldersEqualAWalkAfterRandomOperations() {
        for seed in 1...40 {
            var rng = SplitMix64(seed: UInt64(seed))
            let w = World(events: false)
            w.planner.recordsCalls = false
            w.planner.set(w.owner, [.release(slot: World.label), .releaseList(slot: World.subviews), .releaseAdopted])
            let frames = [w.root(), w.root()]
            w.engine.maintainsStateDigest = true
            var snapshots: [(Engine.Snapshot, UInt64)] = []
            for step in 0..<300 {
                let what = randomOperation(w, &rng, frames: frames)
                checkIndexes(w, "\(what) (seed \(seed), step \(step))")
                if rng.below(10) == 0 { snapshots.append((w.engine.snapshot(), w.engine.stateDigests.kept)) }
                if rng.below(25) == 0, !snapshots.isEmpty {
                    let (snap, digest) = snapshots[rng.below(snapshots.count)]
                    w.engine.restore(snap)
                    XCTAssertEqual(w.engine.stateDigests.kept, digest, "restored digest (seed \(seed))")
                    checkIndexes(w, "a restore (seed \(seed), step \(step))")
                }
            }
        }
    }

    /// Turning the digest on midway computes it from the state reached.
    func testTurningTheDigestOnLateAgrees() {
        let w = World(events: false)
        let r = w.root(), v = w.view("v"), a = w.label("a")
        w.engine.store(ref(r, 0), v, rule: .adopt)
        w.engine.listAppend(ref(v, World.subviews), a)
        w.engine.maintainsStateDigest = true
        w.engine.release(a)
        XCTAssertEqual(w.engine.stateDigests.kept, w.engine.stateDigests.computed)
    }

    private func digest(_ w: World) -> UInt64 {
        var h = StableHash()
        w.engine.stateDigest(into: &h)
        return h.value
    }

    /// Each kind of fact the old walked fingerprint covered still changes the digest, kept
    /// or walked, and equal states give equal digests.
    func testEachKindOfStateChangesTheDigest() {
        func drive(_ w: World) {
            let r = w.root()
            let v = w.view("v"), a = w.label("a"), b = w.label("b"), c = w.label("c")
            w.engine.store(ref(r, 0), v, rule: .adopt)
            w.engine.store(ref(v, World.label), a, rule: .retain)
            w.engine.listAppend(ref(v, World.subviews), b)
            w.engine.listAppend(ref(v, World.subviews), c)
            w.engine.store(ref(v, World.delegate), c, rule: .weak)
            w.engine.adopt(c, by: v)
            w.engine.autorelease(b)
            w.engine.release(a)
        }
        let changes: [(String, (World) -> Void)] = [
            ("a claim", { $0.engine.dropClaims(ref(ObjectID(0), 0)) }),
            ("a pool entry", { $0.engine.autorelease(ObjectID(1)) }),
            ("a pushed pool", { $0.engine.pushPool() }),
            ("a list element", { $0.engine.listAppend(ref(ObjectID(1), World.subviews), ObjectID(2)) }),
            ("a list's order", { w in
                w.engine.listRemove(ref(ObjectID(1), World.subviews), ObjectID(3))
                w.engine.listAppend(ref(ObjectID(1), World.subviews), ObjectID(3))
                w.engine.release(ObjectID(3))   // the re-append's retain
            }),
            ("a slot pointer", { $0.engine.store(ref(ObjectID(1), World.delegate), nil, rule: .weak) }),
            ("a new object", { _ = $0.label("extra") }),
            ("a dealloc", { w in w.engine.store(ref(ObjectID(1), World.label), nil, rule: .retain) }),
            ("an adoption", { $0.engine.adopt(ObjectID(2), by: ObjectID(1)) }),
            ("a crash", { $0.engine.raise("boom", object: ObjectID(1), selector: "x") }),
        ]
        for kept in [false, true] {
            let base = World(events: false)
            base.engine.maintainsStateDigest = kept
            drive(base)
            let same = World(events: false)
            drive(same)
            XCTAssertEqual(digest(same), digest(base), "the same operations, kept: \(kept)")
            for (what, change) in changes {
                let w = World(events: false)
                w.engine.maintainsStateDigest = kept
                drive(w)
                change(w)
                XCTAssertNotEqual(digest(w), digest(base), "\(what), kept: \(kept)")
            }
        }
    }
}
