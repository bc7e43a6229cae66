public struct IBDiagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Severity: Equatable, Sendable {
        case error, warning
    }

    public var severity: Severity
    public var path: String
    public var location: IBLocation?
    public var message: String

    public init(severity: Severity, path: String, location: IBLocation?, message: String) {
        self.severity = severity
        self.path = path
        self.location = location
        self.message = message
    }

    public static func error(_ message: String, path: String, at location: IBLocation?) -> IBDiagnostic {
        IBDiagnostic(severity: .error, path: path, location: location, message: message)
    }

    public static func warning(_ message: String, path: String, at location: IBLocation?) -> IBDiagnostic {
        IBDiagnostic(severity: .warning, path: path, location: location, message: message)
    }

    /// "path:line:column: error: message", like a compiler.
    public var description: String {
        let label = severity == .error ? "error" : "warning"
        if let location {
            return "\(path):\(location.line):\(location.column): \(label): \(message)"
        }
        return "\(path): \(label): \(message)"
    }
}

/// Why a document could not be read: every error found, plus the warnings, in file order.
public struct IBReadFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [IBDiagnostic]

    public init(diagnostics: [IBDiagnostic]) {
        self.diagnostics = diagnostics
    }

    public var errors: [IBDiagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [IBDiagnostic] { diagnostics.filter { $0.severity == .warning } }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
