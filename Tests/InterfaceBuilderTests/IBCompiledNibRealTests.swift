import Foundation
import XCTest
@testable import InterfaceBuilder

/// Compiled nibs of real projects read as the same model as the designable.nib beside them.
/// The projects are not the repository's and not in `../shared` (which has no compiled nib):
/// a developer who has fetched some names their folder in `NIBSCRIPT_REAL_PROJECTS`. Without
/// it the test is skipped as opt-in, which CI allows (.ci/summarize).
final class IBCompiledNibRealTests: XCTestCase {
    static let realProjects = ProcessInfo.processInfo.environment["NIBSCRIPT_REAL_PROJECTS"] ?? ""

    /// Every `.nib` bundle folder under `dir` that holds `keyedobjects.nib`, sorted.
    static func compiledBundles(under dir: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: dir) else { return [] }
        var out: [String] = []
        while let rel = walker.nextObject() as? String {
            if rel.hasSuffix(".nib/keyedobjects.nib") { out.append(dir + "/" + (rel as NSString).deletingLastPathComponent) }
        }
        return out.sorted()
    }

    /// What the compiled form keeps of a document, ids and lines aside: each object by its class
    /// and its parent's class and how the parent holds it; each connection by its ends' classes.
    /// First Responder is left out (a compiled nib keeps it only when a connection names it), and
    /// so are user labels (Interface Builder 3 compiles them as numbers).
    static func shape(_ d: IBDocument) -> [String] {
        func name(_ i: Int) -> String {
            let o = d.objects[i]
            return o.placeholderIdentifier ?? o.effectiveClass
        }
        var lines: [String] = []
        for o in d.objects where o.placeholderIdentifier != IBElementMap.firstResponderIdentifier {
            // A custom object of class NSApplication is the application when loaded (NSCustomObject
            // makes no second one): a compiled nib that has no Application proxy reads it as that.
            if o.relationship == .topLevel, o.element == "customObject", o.effectiveClass == "NSApplication" { continue }
            lines.append("object \(name(o.index)) in \(o.parent.map(name) ?? "-") \(o.relationship)")
        }
        for c in d.connections {
            lines.append("\(c.kind) \(name(c.source)).\(c.name) -> \(name(c.destination))")
        }
        return lines.sorted()
    }

    func testEveryRealCompiledNibReadsAsItsDesignableNib() throws {
        guard !Self.realProjects.isEmpty, FileManager.default.fileExists(atPath: Self.realProjects) else {
            throw XCTSkip("opt-in: set NIBSCRIPT_REAL_PROJECTS to a folder of real projects with compiled nibs")
        }
        var compared = 0, read = 0
        var differences: [String] = []
        for bundle in Self.compiledBundles(under: Self.realProjects) {
            let archive = bundle + "/keyedobjects.nib"
            guard case .success(let compiled) = IBReader.read(path: archive) else {
                differences.append("\(bundle): not read: \(IBReader.read(path: archive))")
                continue
            }
            read += 1
            let designable = bundle + "/designable.nib"
            guard FileManager.default.fileExists(atPath: designable),
                  case .success(let source) = IBReader.read(path: designable) else { continue }
            compared += 1
            let a = Self.shape(compiled), b = Self.shape(source)
            if a != b {
                let onlyCompiled = a.filter { !b.contains($0) }, onlySource = b.filter { !a.contains($0) }
                differences.append("\(bundle):\n  compiled only: \(onlyCompiled.prefix(6))\n  designable only: \(onlySource.prefix(6))")
            }
        }
        print("compiled nibs read: \(read), compared with their designable.nib: \(compared), differing: \(differences.count)")
        XCTAssertEqual(differences, [], differences.prefix(40).joined(separator: "\n"))
    }
}
