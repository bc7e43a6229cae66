import FileBytes
import Foundation

/// The one gate every subcommand passes its files and folders through, so that a missing
/// file, a directory, a file it may not read and a binary file are said the same way, with
/// the same exit status (2), whatever the command (issue 28: `audit` said "is not a
/// directory" where `test` said "no .nibscript files under", a binary script printed a
/// kilobyte of `\u{0}` escapes, an ELF binary named `.m` imported as "0 classes").
package enum CommandInput {
    /// How many leading bytes are looked at for a NUL, as git and grep do: a text file in any
    /// of the encodings read here has none.
    static let binaryProbe = 8000

    /// Why `path` cannot be read as a text file, or nil when it can be tried.
    /// `allowDirectory`: a folder is a valid input too (a `.nib` bundle for `describe`).
    /// `allowBinary`: the reader knows binary kinds of its own (a compiled `.nib`).
    package static func fileProblem(_ path: String, allowDirectory: Bool = false, allowBinary: Bool = false) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return message(path, "no such file")
        }
        if isDirectory.boolValue {
            return allowDirectory ? nil : message(path, "it is a directory, not a file")
        }
        guard let head = FileBytes.prefix(atPath: path, count: binaryProbe) else {
            // Not opened, or not a regular file: FileBytes says which, in its words.
            if case .failure(let f) = FileBytes.read(atPath: path, limit: 0) { return message(path, "\(f)") }
            return message(path, "it could not be opened")
        }
        if !allowBinary, let nul = head.firstIndex(of: 0) {
            return message(path, "it is not a text file (a NUL byte at byte \(nul + 1)); give a UTF-8 text file")
        }
        return nil
    }

    /// Why `path` cannot be read as a folder, or nil when it can.
    package static func directoryProblem(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return message(path, "no such directory")
        }
        guard isDirectory.boolValue else { return message(path, "it is a file, not a directory") }
        guard (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil else {
            return message(path, "permission denied")
        }
        return nil
    }

    /// The bytes of a script (checked by `fileProblem` first), or the one-line reason.
    package static func readText(_ path: String) -> Result<[UInt8], Driver.UsageError> {
        if let problem = fileProblem(path) { return .failure(Driver.UsageError(message: problem)) }
        return FileBytes.read(atPath: path).mapError { Driver.UsageError(message: message(path, "\($0)")) }
    }

    static func message(_ path: String, _ reason: String) -> String { "cannot read '\(path)': \(reason)" }

    /// The result of a command stopped by an input it cannot read.
    package static func failure(_ message: String) -> Driver.Result {
        Driver.Result(status: 2, stdout: "", stderr: "error: \(message)\n")
    }
}
