import Foundation
import XCTest
@testable import InterfaceBuilder

/// Locates test files at run time (the Fixtures folder is excluded from the target's sources
/// and is not a resource bundle).
enum TestFiles {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    /// The package root's parent + "shared/ib": real files from Xcode, present on the team's machines.
    static let sharedIB = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/ib")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
    static func shared(_ name: String) -> String { sharedIB.appendingPathComponent(name).path }
}

func readFixture(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> IBDocument {
    switch IBReader.read(path: TestFiles.fixture(name), displayPath: name) {
    case .success(let document):
        return document
    case .failure(let failure):
        XCTFail("\(name) failed to read:\n\(failure)", file: file, line: line)
        throw failure
    }
}

func failureOf(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> IBReadFailure {
    switch IBReader.read(path: TestFiles.fixture(name), displayPath: name) {
    case .success:
        XCTFail("\(name) read without errors", file: file, line: line)
        throw IBReadFailure(diagnostics: [])
    case .failure(let failure):
        return failure
    }
}

extension IBDocument {
    /// The object with this XML id; fails the test when absent.
    func object(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws -> IBObject {
        guard let object = object(withID: id) else {
            XCTFail("no object with id \(id)", file: file, line: line)
            throw IBReadFailure(diagnostics: [])
        }
        return object
    }

    /// "kind source.name -> destination" for each connection, by XML id, for compact assertions.
    var connectionSummary: [String] {
        connections.map { connection in
            let kind: String
            switch connection.kind {
            case .outlet: kind = "outlet"
            case .outletCollection: kind = "outletCollection"
            case .action: kind = "action"
            case .segue: kind = "segue"
            }
            return "\(kind) \(objects[connection.source].id).\(connection.name) -> \(objects[connection.destination].id)"
        }
    }
}
