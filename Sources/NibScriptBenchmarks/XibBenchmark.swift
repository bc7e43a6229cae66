import Foundation
import InterfaceBuilder
import NibScript
import NibScriptSyntax

/// Large Interface Builder documents, for measuring that reading and loading them stays
/// linear (nibscript-bench calls this; the tests use the documents without timing them).
public enum XibBenchmark {
    public enum Shape: Sendable {
        /// Every view a subview of one root view.
        case flat
        /// Each view the only subview of the one before: `objects` levels deep.
        case nested
    }

    /// An iOS xib with File's Owner and `objects` views.
    public static func document(objects: Int, shape: Shape) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\" targetRuntime=\"iOS.CocoaTouch\">\n"
            + "<objects>\n<placeholder placeholderIdentifier=\"IBFilesOwner\" id=\"-1\"/>\n"
        switch shape {
        case .flat:
            text += "<view id=\"root\"><subviews>\n"
            for i in 1..<max(objects, 1) {
                text += "<label text=\"Label \(i)\" id=\"l\(i)\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"42\" height=\"21\"/></label>\n"
            }
            text += "</subviews></view>\n"
        case .nested:
            for i in 0..<objects { text += "<view id=\"v\(i)\"><subviews>\n" }
            for _ in 0..<objects { text += "</subviews></view>\n" }
        }
        return text + "</objects>\n</document>\n"
    }

    /// A script that loads the document saved as `file` and expects its deepest or last view alive.
    public static func script(loading file: String, objects: Int, shape: Shape) -> String {
        let last = shape == .flat ? (objects > 1 ? "label_l\(objects - 1)" : "view_root") : "view_v\(objects - 1)"
        return "nib Big from \"\(file)\"\n\nscenario \"load\" {\n    o = new NSObject\n"
            + "    autoreleasepool {\n        load nib Big owner o\n        expect alive \(last)\n    }\n}\n"
    }

    public struct Timing: Sendable {
        /// Reading the document alone (`IBReader.read`).
        public var read: Double
        /// Compiling and running a script that loads it (`nibscript run --quiet`).
        public var run: Double
        /// The run's exit status: 0 when the nib loaded and the expectation held.
        public var status: Int32
    }

    /// Saves the document in a temporary folder, then times reading it and running a script
    /// that loads it, in seconds.
    public static func measure(objects: Int, shape: Shape) throws -> Timing {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("nibscript-xib-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let xib = dir.appendingPathComponent("Big.xib")
        try document(objects: objects, shape: shape).write(to: xib, atomically: true, encoding: .utf8)
        let script = SourceFile(path: dir.appendingPathComponent("big.nibscript").path,
                                text: Self.script(loading: "Big.xib", objects: objects, shape: shape))
        func seconds(_ body: () -> Void) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        let read = seconds { _ = IBReader.read(path: xib.path) }
        var status: Int32 = 0
        let run = seconds { status = Driver.runSource(script, quiet: true).status }
        return Timing(read: read, run: run, status: status)
    }
}
