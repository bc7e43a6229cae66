import XCTest
@testable import CocoaSimulator

/// A nib model's objects and connections keep their optional fields and endpoints as plain
/// numbers (72 and 48 bytes, for nibs of a million objects): every value reads back as it was
/// written, through the initializer and through the setters.
final class NibModelStorageTests: XCTestCase {
    func testObjectFieldsReadBackAsWritten() {
        var o = NibModel.Object(name: "v", className: "UIView", parent: nil, relationship: .topLevel, range: .none)
        XCTAssertNil(o.parent); XCTAssertNil(o.createdWithInit); XCTAssertNil(o.nameID)
        o.parent = 0; o.createdWithInit = false; o.nameID = 0
        XCTAssertEqual(o.parent, 0); XCTAssertEqual(o.createdWithInit, false); XCTAssertEqual(o.nameID, 0)
        o.parent = 1_000_000; o.createdWithInit = true; o.nameID = Int32.max
        XCTAssertEqual(o.parent, 1_000_000); XCTAssertEqual(o.createdWithInit, true); XCTAssertEqual(o.nameID, Int32.max)
        o.parent = nil; o.createdWithInit = nil; o.nameID = nil
        XCTAssertNil(o.parent); XCTAssertNil(o.createdWithInit); XCTAssertNil(o.nameID)
        let p = NibModel.Object(name: "w", className: "UILabel", parent: 3, relationship: .property("view"),
                                range: SourceSpan(start: 4, end: 9), createdWithInit: true, nameID: 12)
        XCTAssertEqual(p.parent, 3); XCTAssertEqual(p.createdWithInit, true); XCTAssertEqual(p.nameID, 12)
        XCTAssertEqual(p.relationship, .property("view")); XCTAssertEqual(p.range, SourceSpan(start: 4, end: 9))
        #if arch(x86_64) || arch(arm64)
        XCTAssertEqual(MemoryLayout<NibModel.Object>.stride, 72)
        XCTAssertEqual(MemoryLayout<NibModel.Connection>.stride, 48)
        #endif
    }

    func testConnectionEndpointsReadBackAsWritten() {
        let endpoints: [NibModel.Endpoint] = [.owner, .application, .object(0), .object(7), .object(Int(Int32.max))]
        for s in endpoints {
            for d in endpoints {
                var c = NibModel.Connection(kind: .outlet, source: s, name: "peer", destination: d, isStale: false, range: .none)
                XCTAssertEqual(c.source, s); XCTAssertEqual(c.destination, d)
                c.source = d; c.destination = s
                XCTAssertEqual(c.source, d); XCTAssertEqual(c.destination, s)
            }
        }
        let c = NibModel.Connection(kind: .action, source: .object(2), name: "tap:", destinations: [.object(1), .owner, .application],
                                    isStale: true, range: .none, isCollection: true)
        XCTAssertEqual(c.kind, .action); XCTAssertTrue(c.isStale); XCTAssertTrue(c.isCollection)
        XCTAssertEqual(c.destinations, [.object(1), .owner, .application])
        XCTAssertTrue(c.hasDestination(.application)); XCTAssertFalse(c.hasDestination(.object(2)))
    }
}
