/// Where a command came from, as its driver counts it (a script's run: byte offsets in its
/// file). The simulator never reads it: it keeps it with the command that is running and
/// hands it back with the errors found there, so it needs nothing of the script's syntax
/// (the interpreter maps it to and from its `SourceRange`, Cocoa/SourceSpans.swift).
public struct SourceSpan: Hashable, Sendable {
    public let start: Int32
    public let end: Int32
    @inlinable public init(start: Int32, end: Int32) { self.start = start; self.end = end }
    /// No place: what a Swift user's nib or class is given.
    public static let none = SourceSpan(start: 0, end: 0)
}

/// An error the world found while running: an impossible order of commands (the command
/// does nothing) or a lifecycle callback its table does not allow. The host turns it into
/// its own kind of error (the interpreter: a diagnostic `path:line:col: error: …`).
public struct SimulatorError: Hashable, Sendable {
    public var message: String
    /// The command's place (its driver's, or the scenario's when the command has none).
    public var span: SourceSpan
    public init(_ message: String, at span: SourceSpan) { self.message = message; self.span = span }
}
