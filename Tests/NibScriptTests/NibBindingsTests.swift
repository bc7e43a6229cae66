import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine
import NibScriptSyntax
import OwnershipEngine
import TestSupport

/// Nib bindings are kept by the program's name ids, and by text for names the program never
/// wrote; they must answer, count and digest exactly as the String-keyed map they replaced.
final class NibBindingsTests: XCTestCase {
    func testBindingsAgreeWithAStringKeyedMap() {
        // The program's names: n0…n2999 and a few words; the nibs also bind names it lacks.
        var names = NameTable()
        for i in 0..<3000 { _ = names.intern("n\(i)") }
        _ = names.intern("label")
        let inTable = (0..<3000).map { "n\($0)" } + ["label", "owner", "retain"]
        let notInTable = (0..<200).map { "x\($0)" } + ["n3000", "labels", "é"]
        let all = inTable + notInTable

        var bindings = NibBindings(names: names)
        var reference = DigestedMap<String, ObjectID>()
        var rng = SplitMix64(state: 14)
        for step in 0..<20_000 {
            let name = all[rng.below(all.count)]
            let object = ObjectID(Int32(rng.below(5000)))
            bindings.bind(name, to: object)
            reference[name] = object
            if step % 1000 == 0 || step == 19_999 {
                XCTAssertEqual(bindings.count, reference.count, "step \(step)")
                XCTAssertEqual(bindings.digest, reference.digest, "step \(step)")
                XCTAssertEqual(bindings.computedDigest, bindings.digest, "step \(step)")
            }
        }
        for name in all + ["n3001", "", "nope"] { XCTAssertEqual(bindings[name], reference[name], name) }
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: bindings.all.map { ($0.name, $0.object) }), reference.storage)
    }

    func testABigNibBindsEveryObjectByName() {
        var names = NameTable()
        for i in 0..<5000 { _ = names.intern("v\(i)") }
        var bindings = NibBindings(names: names)
        bindings.reserveCapacity(5000)
        for i in 0..<5000 { bindings.bind("v\(i)", to: ObjectID(Int32(i))) }
        bindings.bind("v7", to: ObjectID(9))   // a later nib binds the name again
        XCTAssertEqual(bindings.count, 5000)
        XCTAssertEqual(bindings["v4999"], ObjectID(4999))
        XCTAssertEqual(bindings["v7"], ObjectID(9))
        XCTAssertNil(bindings["v5000"])
        XCTAssertEqual(bindings.computedDigest, bindings.digest)
    }

    /// `run` frees the nibs' syntax but keeps the file's names while a nib block's model
    /// is kept, so a loaded nib's objects are still found by name.
    func testRunKeepsTheNamesItBindsBy() throws {
        let script = """
        platform ios 5.1
        memory mrc
        nib N {
            owner : NSObject
            v1 : UIView {
                v2 : UIView
            }
        }
        scenario "s" {
            o = new NSObject
            load nib N owner o
            drain
            expect deallocated v1
            expect deallocated v2
        }
        """
        let (program, diagnostics) = Compiler.compile(SourceFile(path: "t", text: script), nibTables: true)
        let p = try XCTUnwrap(program, "\(diagnostics)").withoutNibSyntax()
        XCTAssertNotNil(p.names.id(of: "v2"))
        let run = ScenarioRun(program: p, scenario: p.scenarios[0], config: p.config)
        run.run()
        XCTAssertEqual(run.report().failed, 0)
        XCTAssertEqual(run.nibNames.count, 2)
        XCTAssertEqual(run.nibNames.all.map(\.name).sorted(), ["v1", "v2"])
        XCTAssertEqual(run.nibNames["v2"].map(run.engine.name), "v2")
    }
}
