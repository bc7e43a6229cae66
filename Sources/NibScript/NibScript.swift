// The `NibScript` library product: one import for Swift users (see README, "Use it from
// XCTest"). It holds no code of its own; it re-exports the layers a user calls.
@_exported import CocoaSimulator
@_exported import NibScriptInterpreter
@_exported import NibScriptExplore
@_exported import NibScriptReports
@_exported import NibAudit
@_exported import NibScriptCommandLine
