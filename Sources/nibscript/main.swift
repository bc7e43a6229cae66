import Foundation
import NibScript

// A thin shell over NibScript.Driver, which tests call in-process.
let result = Driver.main(Array(CommandLine.arguments.dropFirst()))
result.write(stdout: { FileHandle.standardOutput.write($0.data(using: .utf8)!) },
             stderr: { FileHandle.standardError.write($0.data(using: .utf8)!) })
exit(result.status)
