import Foundation
import NibScriptInterpreter
import NibScriptCommandLine

// A thin shell over NibScriptCommandLine.Driver, which tests call in-process. Output is written as it
// is produced, so a long trace starts at once and is never held whole.
let stdout = FileDescriptorOutput(fd: 1), stderr = FileDescriptorOutput(fd: 2)
// Progress of long work is drawn on standard error only when it is a terminal.
let status = Driver.main(Array(CommandLine.arguments.dropFirst()), stdout: stdout, stderr: stderr,
                         progress: Driver.standardErrorIfTerminal())
stdout.flush(); stderr.flush()
exit(status)
