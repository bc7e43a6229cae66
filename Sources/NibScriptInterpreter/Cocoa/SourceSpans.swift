import CocoaSimulator
import NibScriptSyntax

// The world keeps a command's place as its own opaque `SourceSpan` and reports its errors
// as `SimulatorError`s (CocoaSimulator/SourceSpan.swift), so it needs nothing of the
// script's syntax: the run maps them to and from the script's ranges and diagnostics here.

extension SourceRange {
    /// The same place as the world keeps it.
    @inline(__always) var span: SourceSpan { SourceSpan(start: Int32(clamping: start), end: Int32(clamping: end)) }
    init(_ span: SourceSpan) { self.init(start: Int(span.start), end: Int(span.end)) }
}

extension Diagnostic {
    /// An error the world found at a command of the script.
    init(_ e: SimulatorError) { self = .error(e.message, at: SourceRange(e.span)) }
}

// A script's `platform ios` and `memory arc` words name the simulator's platforms and
// memory models (CocoaSimulator/Configuration.swift).

extension PlatformName {
    @inline(__always) init(_ p: ScriptPlatform) { self = p == .ios ? .ios : .mac }
}

extension MemoryModelName {
    @inline(__always) init(_ m: ScriptMemoryModel) {
        switch m {
        case .mrc: self = .mrc
        case .arc: self = .arc
        case .gc: self = .gc
        }
    }
}
