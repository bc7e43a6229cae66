import Foundation
import NibScriptSyntax
import SourceImport
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports
import NibAudit

/// `nibscript import FILE…`: the classes read from Objective-C and Swift sources, printed
/// as nibscript, each member with a comment giving its source file and line.
package enum ImportCommand {
    static func command(_ args: [String]) -> Driver.Result {
        var files: [String] = []
        var memory: MemoryModelName?
        var platform: PlatformName?
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "-h" || a == "--help" { return Driver.Result(status: 0, stdout: SubcommandHelp.text("import") ?? Driver.help, stderr: "") }
            if a == "--memory" || a == "--platform" {
                guard i + 1 < args.count else { return Driver.usage("'\(a)' needs a value") }
                let v = args[i + 1]
                if a == "--memory" { guard let m = MemoryModelName(rawValue: v), m != .gc else { return Driver.usage("'--memory' takes 'mrc' or 'arc'") }; memory = m }
                else { guard let p = PlatformName(rawValue: v) else { return Driver.usage("'--platform' takes 'ios' or 'mac'") }; platform = p }
                i += 2; continue
            }
            if a.hasPrefix("-") { return Driver.usage("unknown option '\(a)' for 'import'") }
            files.append(a); i += 1
        }
        guard !files.isEmpty else { return Driver.usage("'import' needs Objective-C or Swift files") }
        // Missing, a folder, not readable, or binary (an ELF file named `.m` is no source):
        // said as every command says it, before the reader sees it.
        for f in files { if let problem = CommandInput.fileProblem(f) { return CommandInput.failure(problem) } }
        let settings = ReaderSettings(arc: memory.map { $0 == .arc }, platform: platform.map { $0 == .ios ? .ios : .mac })
        let (project, errors) = SourceReading.read(paths: files, settings: settings)
        if !errors.isEmpty { return Driver.Result(status: 2, stdout: "", stderr: errors.joined(separator: "\n") + "\n") }
        let p = platform ?? ProjectFacts.platform(of: project.classes)
        var m = memory ?? ProjectFacts.memory(of: project.classes)
        // Swift has no MRC and needs iOS 7 or OS X 10.9: classes all Swift stay ARC (their
        // `weak` stays weak) whatever `--memory` says, on the first version Swift runs on.
        // Mixed with Objective-C, the script keeps one model for all (its `weak` notes say).
        let allSwift = !project.classes.isEmpty && project.classes.allSatisfy { $0.language == .swift }
        var swiftNote = ""
        if allSwift && m != .arc { m = .arc; swiftNote = "# Swift has no MRC: --memory mrc applies to Objective-C only\n" }
        let lowering = ImportLowering(project: project, platform: p, memory: m)
        // An `@implementation` whose `@interface` no file given declares (a lone `.m`): a class
        // of the project all the same, printed with what is assumed of it.
        let implemented = project.categories.filter(\.hasImplementation)
        let categories = project.categories.filter { !$0.hasImplementation }
        let n = project.classes.count + implemented.count
        var out = "# nibscript import: \(n) class\(n == 1 ? "" : "es") from \(files.count) file\(files.count == 1 ? "" : "s")\n"
        out += "platform \(p == .ios ? (allSwift ? "ios 7.0" : "ios 5.1") : (allSwift ? "mac 10.9" : "mac 10.7"))\n"
        out += swiftNote + "memory \(m.rawValue)\n"
        for c in project.classes { out += "\n" + lowering.render(c) }
        for c in implemented { out += "\n" + lowering.render(c, interfaceNotRead: true) }
        // Categories and extensions of classes the sources do not define (a framework's):
        // read, and no class of the project.
        if !categories.isEmpty { out += "\n" }
        for c in categories {
            let n = c.members.count
            out += "# \(lowering.place(c.place)): category on \(c.name)\(n > 0 ? " (\(n) propert\(n == 1 ? "y" : "ies"))" : ""): not a class of the project\n"
        }
        return Driver.Result(status: 0, stdout: out, stderr: "")
    }
}
