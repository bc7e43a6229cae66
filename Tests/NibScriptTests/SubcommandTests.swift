import Foundation
import XCTest
@testable import NibScriptCommandLine

/// One command line (issue 28): every subcommand answers `--help` with its own usage, and an
/// unknown option, a missing file, a directory, a file it may not read and a binary file
/// are said with the same words and the same exit status by every subcommand.
final class SubcommandTests: XCTestCase {
    var dir: URL!
    /// The subcommands that read files, and those that read a folder.
    let fileCommands = ["run", "describe", "matrix", "explore", "graph", "report", "import"]
    let folderCommands = ["test", "audit"]

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibscript-subcommands-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder"), withIntermediateDirectories: true)
        // An ELF header and then bytes: what a compiled program named like a source looks like.
        var elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00]
        for i in 0..<2000 { elf.append(UInt8(truncatingIfNeeded: i &* 131 &+ 7)) }
        for name in ["binary.nibscript", "binary.xib", "binary.m"] {
            try Data(elf).write(to: dir.appendingPathComponent(name))
        }
        try "scenario \"s\" {\n}\n".write(to: dir.appendingPathComponent("text.nibscript"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// A binary input of the right kind for each file command.
    func binary(for command: String) -> String {
        switch command {
        case "describe": return path("binary.xib")
        case "import": return path("binary.m")
        default: return path("binary.nibscript")
        }
    }

    func testEverySubcommandHasItsOwnHelp() {
        for sub in SubcommandHelp.subcommands {
            for flag in ["--help", "-h"] {
                let r = Driver.main([sub, flag], environment: [:])
                XCTAssertEqual(r.status, 0, sub)
                XCTAssertEqual(r.stderr, "", sub)
                XCTAssertTrue(r.stdout.hasPrefix("USAGE: nibscript \(sub)"), "\(sub) \(flag): \(r.stdout.prefix(80))")
                XCTAssertNotEqual(r.stdout, Driver.help, sub)
            }
            // After other arguments too.
            XCTAssertEqual(Driver.main([sub, path("text.nibscript"), "--help"], environment: [:]).stdout, SubcommandHelp.text(sub), sub)
        }
    }

    /// Each option the README's command table gives a subcommand is in that subcommand's help.
    func testHelpListsTheReadmeOptions() throws {
        let readme = try String(contentsOfFile: "README.md", encoding: .utf8)
        var checked = 0
        for line in readme.split(separator: "\n") where line.hasPrefix("| `nibscript ") {
            let cell = line.dropFirst("| `".count).prefix { $0 != "`" }
            let words = cell.split(separator: " ").map(String.init)
            guard words.count > 1, let help = SubcommandHelp.text(words[1]) else { continue }
            for w in words.dropFirst(2) {
                let option = w.drop { $0 == "[" }.prefix { $0 == "-" || $0.isLetter || $0.isNumber }
                guard option.hasPrefix("-"), option.count > 1 else { continue }
                XCTAssertTrue(help.contains(String(option)), "'nibscript \(words[1]) --help' does not list \(option)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20, "the README's command table was not found")
    }

    func testUnknownOptionIsOneWordingEverywhere() {
        for sub in SubcommandHelp.subcommands {
            let r = Driver.main([sub, "--no-such-option", path("text.nibscript")], environment: [:])
            XCTAssertEqual(r.status, 2, sub)
            XCTAssertTrue(r.stderr.hasPrefix("error: unknown option '--no-such-option' for '\(sub)'\nUSAGE: nibscript \(sub) "), "\(sub): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasSuffix("\nSee 'nibscript \(sub) --help'.\n"), "\(sub): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", sub)
        }
    }

    func testMissingFolderAndBinaryAreOneWordingEverywhere() {
        let missing = path("missing.nibscript"), folder = path("folder"), text = path("text.nibscript")
        for sub in fileCommands {
            let cases: [(String, String)] = [
                (missing, "error: cannot read '\(missing)': no such file\n"),
                (folder, "error: cannot read '\(folder)': it is a directory, not a file\n"),
                (binary(for: sub), "error: cannot read '\(binary(for: sub))': it is not a text file (a NUL byte at byte 8); give a UTF-8 text file\n"),
            ]
            for (input, expected) in cases {
                let r = Driver.main([sub, input], environment: [:])
                XCTAssertEqual(r.stderr, expected, "\(sub) \(input)")
                XCTAssertEqual(r.status, 2, "\(sub) \(input)")
                XCTAssertEqual(r.stdout, "", "\(sub) \(input)")
            }
        }
        // `test` also takes one script (see testGoldenTestsTakeOneScript); any other file is refused.
        let notes = path("notes.txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: notes, contents: Data("notes\n".utf8)))
        for sub in folderCommands {
            for (input, expected) in [(missing, "error: cannot read '\(missing)': no such directory\n"),
                                      (sub == "test" ? notes : text,
                                       "error: cannot read '\(sub == "test" ? notes : text)': it is a file, not a directory\n")] {
                let r = Driver.main([sub, input], environment: [:])
                XCTAssertEqual(r.stderr, expected, "\(sub) \(input)")
                XCTAssertEqual(r.status, 2, "\(sub) \(input)")
            }
        }
        // A damaged compiled nib given to `describe`: one line, no bytes echoed.
        let compiled = path("Compiled.nib")
        XCTAssertTrue(FileManager.default.createFile(atPath: compiled, contents: Data("bplist00".utf8 + [0, 1, 2, 0xD1])))
        let d = Driver.main(["describe", compiled], environment: [:])
        XCTAssertEqual(d.stderr, "\(compiled):1:1: error: a compiled nib that is not a readable property list (truncated or damaged): "
                       + "a compiled nib's keyedobjects.nib is a binary or XML property list\n")
        XCTAssertEqual(d.status, 2)
        // A damaged iOS compiled nib (its header cut short): one line with the reason it is not read.
        let ios = path("View.nib")
        XCTAssertTrue(FileManager.default.createFile(atPath: ios, contents: Data("NIBArchive".utf8 + [1, 0, 0, 0, 9, 0, 0, 0])))
        let v = Driver.main(["describe", ios], environment: [:])
        XCTAssertTrue(v.stderr.hasPrefix("\(ios):1:1: error: an iOS compiled nib (NIBArchive format"), v.stderr)
        XCTAssertEqual(v.stderr.components(separatedBy: "\n").count, 2, v.stderr)
        XCTAssertEqual(v.status, 2)
        // Standard input holding a binary: the same words, no bytes echoed.
        let r = Driver.main(["run", "-"], stdin: { Data([0x7F, 0x45, 0x4C, 0x46, 0, 1]) }, environment: [:])
        XCTAssertEqual(r.stderr, "error: cannot read standard input: it is not a text file (a NUL byte at byte 5); give a UTF-8 text file\n")
        XCTAssertEqual(r.status, 2)
    }

    /// A file the user may not read, for every file command. Root reads any file: there the
    /// built binary runs as `nobody`, as `DriverRobustnessTests` does for `run`.
    func testUnreadableIsOneWordingEverywhere() throws {
        let locked = path("locked.nibscript")
        try "scenario \"s\" {\n}\n".write(toFile: locked, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked)
        let expected = "error: cannot read '\(locked)': permission denied\n"
        var run: ([String]) throws -> (status: Int32, stderr: String) = { args in
            let r = Driver.main(args, environment: [:])
            return (r.status, r.stderr)
        }
        if getuid() == 0 {
            let binary = dir.appendingPathComponent("nibscript")
            try FileManager.default.copyItem(at: try BuiltBinary.nibscript(), to: binary)
            for (p, mode) in [(dir.path, 0o755), (binary.path, 0o755)] {
                try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: p)
            }
            if let setpriv = BuiltBinary.tool("setpriv") {
                run = { let o = try BuiltBinary.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + $0); return (o.status, o.stderrText) }
            } else if let runuser = BuiltBinary.tool("runuser") {
                run = { let o = try BuiltBinary.run(runuser, ["-u", "nobody", "--", binary.path] + $0); return (o.status, o.stderrText) }
            } else {
                throw XCTSkip("running as root, and neither setpriv nor runuser can drop to an unprivileged user: permission denied is not tested")
            }
            guard try run(["--version"]).status == 0 else {
                throw XCTSkip("running as root, and the built binary does not run as nobody: permission denied is not tested")
            }
        }
        for sub in fileCommands {
            let input = sub == "import" ? path("locked.m") : sub == "describe" ? path("locked.xib") : locked
            if input != locked {
                try "x".write(toFile: input, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: input)
            }
            let r = try run([sub, input])
            XCTAssertEqual(r.stderr, input == locked ? expected : "error: cannot read '\(input)': permission denied\n", sub)
            XCTAssertEqual(r.status, 2, sub)
        }
    }

    /// `import` of a lone `.m`: its `@implementation` is a class, said to be one whose
    /// `@interface` was not read, and the `NSObject` superclass it gets is said, not invented.
    func testImportOfALoneImplementationSaysWhatItAssumes() throws {
        let m = path("Lone.m")
        try "#import \"Lone.h\"\n@implementation Lone\n- (void)dealloc {\n    [super dealloc];\n}\n@end\n"
            .write(toFile: m, atomically: true, encoding: .utf8)
        let r = Driver.main(["import", m], environment: [:])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("# nibscript import: 1 class from 1 file\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("# \(m):2: Lone, implemented here; its @interface was in no file read, so its superclass is taken to be NSObject (give its header too)\nclass Lone : NSObject {\n"), r.stdout)
        XCTAssertFalse(r.stdout.contains("@interface Lone"), r.stdout)
        XCTAssertFalse(r.stdout.contains("category"), r.stdout)
        // With its header, the class is declared by it, and nothing is assumed.
        let h = path("Lone.h")
        try "@interface Lone : UIViewController\n@end\n".write(toFile: h, atomically: true, encoding: .utf8)
        let both = Driver.main(["import", h, m], environment: [:])
        XCTAssertTrue(both.stdout.contains("class Lone : UIViewController {"), both.stdout)
        XCTAssertFalse(both.stdout.contains("implemented here"), both.stdout)
    }
}
