import Foundation
import NibScript

// A thin shell over NibScript.Driver, which tests call in-process.
let result = Driver.main(Array(CommandLine.arguments.dropFirst()))
FileHandle.standardOutput.write(result.stdout.data(using: .utf8)!)
FileHandle.standardError.write(result.stderr.data(using: .utf8)!)
exit(result.status)
