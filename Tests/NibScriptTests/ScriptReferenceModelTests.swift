import Foundation
import NibScriptSyntax
import XCTest
@testable import NibScript
@testable import NibScriptInterpreter
@testable import NibScriptCommandLine
import TestSupport

/// Issue 29, item 1, through the whole language: seeded random MRC scripts (retain,
/// release, autorelease, nested `autoreleasepool` blocks, `drain`, arrays' addObject: and
/// removeObject:, retain setters, and the cascades of arrays and holders deallocating)
/// whose `expect count` lines carry the counts a small reference counter written here
/// computes. The interpreter must pass every one of them; the counts go far above 4.
final class ScriptReferenceModelTests: XCTestCase {
    static let seed: UInt64 = 0x5343_5249_5054_5321   // "SCRIPTS!"

    func testScriptsAgreeWithTheReferenceCounter() throws {
        var rng = SplitMix64(seed: Self.seed)
        var expectations = 0, above4 = 0, maxCount = 0, deallocs = 0
        for p in 0..<40 {
            var g = ScriptModel()
            let text = g.program(&rng, statements: 120)
            expectations += g.expectations
            above4 += g.expectationsAbove4
            maxCount = max(maxCount, g.maxCount)
            deallocs += g.deallocated.filter { $0 }.count
            let file = SourceFile(path: "random-\(p).nibscript", bytes: Array(text.utf8))
            let r = Driver.runSource(file, quiet: true)
            let want = "  \(g.expectations) passed, 0 failed\n"
            if r.status != 0 || !r.stdout.hasSuffix(want) {
                let failures = r.stdout.split(separator: "\n").filter { $0.contains("FAIL") }.prefix(5).joined(separator: "\n")
                XCTFail("program \(p) (seed 0x\(String(Self.seed, radix: 16))): status \(r.status), expected '\(want)'\n\(r.stderr)\(failures)\n--- script ---\n\(text)")
                return
            }
        }
        XCTAssertGreaterThan(expectations, 5_000)
        XCTAssertGreaterThan(above4, 1_000, "too few counts above 4 checked")
        XCTAssertGreaterThanOrEqual(maxCount, 20)
        XCTAssertGreaterThan(deallocs, 150, "too few deallocations")
    }
}

/// The script writer and its reference counter. Objects: plain `NSObject`s, arrays
/// (`NSMutableArray`, whose dealloc releases its elements first to last) and holders (two
/// retain properties released by their `dealloc` body, `p` then `q`). Arrays and holders
/// hold plain objects only.
struct ScriptModel {
    enum Kind { case plain, array, holder }
    var kind: [Kind] = []
    var count: [Int] = []
    var deallocated: [Bool] = []
    var elements: [[Int]] = []
    var p: [Int?] = [], q: [Int?] = []
    var pools: [[Int]] = [[]]
    var lines: [String] = []
    var expectations = 0, expectationsAbove4 = 0, maxCount = 0

    func name(_ o: Int) -> String { "o\(o)" }

    mutating func new(_ k: Kind) {
        let o = kind.count
        kind.append(k); count.append(1); deallocated.append(false); elements.append([]); p.append(nil); q.append(nil)
        lines.append("\(name(o)) = new \(k == .plain ? "NSObject" : k == .array ? "NSMutableArray" : "Holder")")
    }

    mutating func release(_ o: Int) {
        count[o] -= 1
        guard count[o] == 0 else { return }
        deallocated[o] = true
        switch kind[o] {
        case .plain: break
        case .array:
            let taken = elements[o]
            elements[o] = []
            for e in taken { release(e) }
        case .holder:
            if let x = p[o] { release(x) }
            if let x = q[o] { release(x) }
        }
    }

    mutating func retain(_ o: Int) { count[o] += 1; maxCount = max(maxCount, count[o]) }

    /// The +1s the script's own variable holds (the rest are held by arrays, holders, pools).
    func owned(_ o: Int) -> Int {
        var held = 0
        for (h, l) in elements.enumerated() where !deallocated[h] { held += l.filter { $0 == o }.count }
        for h in 0..<kind.count where kind[h] == .holder && !deallocated[h] {
            if p[h] == o { held += 1 }
            if q[h] == o { held += 1 }
        }
        for pool in pools { held += pool.filter { $0 == o }.count }
        return count[o] - held
    }

    mutating func drain(_ depth: Int) {
        while let o = pools[depth].popLast() { release(o) }
    }

    mutating func expectAll() {
        for o in 0..<kind.count {
            if deallocated[o] { lines.append("expect deallocated \(name(o))") } else {
                lines.append("expect count \(name(o)) == \(count[o])")
                if count[o] > 4 { expectationsAbove4 += 1 }
            }
            expectations += 1
        }
    }

    mutating func program(_ rng: inout SplitMix64, statements: Int) -> String {
        for _ in 0..<3 { new(.plain) }
        new(.array); new(.array); new(.holder)
        for _ in 0..<statements {
            let live = (0..<kind.count).filter { !deallocated[$0] }
            let plain = live.filter { kind[$0] == .plain }
            let arrays = live.filter { kind[$0] == .array }
            let holders = live.filter { kind[$0] == .holder }
            func hot(_ xs: [Int]) -> Int { rng.chance(60) ? xs[rng.below(min(2, xs.count))] : xs[rng.below(xs.count)] }
            if plain.isEmpty || rng.chance(3) { new([Kind.plain, .plain, .array, .holder][rng.below(4)]); continue }
            let o = hot(plain)
            switch rng.below(100) {
            case 0..<30: retain(o); lines.append("retain \(name(o))")
            case 30..<45:
                let x = hot(live)
                if owned(x) > 0 { lines.append("release \(name(x))"); release(x) } else { retain(x); lines.append("retain \(name(x))") }
            case 45..<55:
                if owned(o) > 0 { pools[pools.count - 1].append(o); lines.append("autorelease \(name(o))") }
            case 55..<60:
                if pools.count < 5 { pools.append([]); lines.append("autoreleasepool {") }
            case 60..<66:
                if pools.count > 1 { drain(pools.count - 1); pools.removeLast(); lines.append("}") }
                else { drain(0); lines.append("drain") }
            case 66..<80:
                guard let a = arrays.isEmpty ? nil : arrays[rng.below(arrays.count)] else { continue }
                retain(o); elements[a].append(o); lines.append("send \(name(a)) addObject: \(name(o))")
            case 80..<85:
                guard let a = arrays.first(where: { !elements[$0].isEmpty }) else { continue }
                let x = elements[a][rng.below(elements[a].count)]
                lines.append("send \(name(a)) removeObject: \(name(x))")
                let n = elements[a].filter { $0 == x }.count
                elements[a].removeAll { $0 == x }
                for _ in 0..<n { release(x) }
            default:
                guard let h = holders.isEmpty ? nil : holders[rng.below(holders.count)] else { continue }
                let which = rng.chance(50)
                let old = which ? p[h] : q[h]
                retain(o)
                if which { p[h] = o } else { q[h] = o }
                lines.append("\(name(h)).\(which ? "p" : "q") = \(name(o))")
                if let old { release(old) }
            }
            if rng.chance(25) { expectAll() }
        }
        while pools.count > 1 { drain(pools.count - 1); pools.removeLast(); lines.append("}") }
        expectAll()
        return """
        platform ios 6.0
        memory mrc

        class Holder : NSObject {
            property p : NSObject retain
            property q : NSObject retain
            dealloc {
                release p
                release q
                super
            }
        }

        scenario "random" {
        \(lines.map { "    " + $0 }.joined(separator: "\n"))
        }

        """
    }
}
