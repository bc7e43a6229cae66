import Foundation

/// Progress of long work (`audit`, `explore`, `matrix`, `test`) on standard error, redrawn
/// in place: how much is done of how much, and about how long is left (issue 28, item 6).
/// Only the executable turns it on, and only when standard error is a terminal and
/// `--quiet` was not given: output redirected to a file, the goldens and the in-process
/// `Driver.main` of the tests never see it.
package final class ProgressLine: @unchecked Sendable {
    /// Where lines go, when progress is shown: set by `Driver.main` for the command it runs.
    /// Boxed in a class: a task-local of an optional closure type crashes an optimized build
    /// (Swift 6.3.1 on Linux: `swift_task_localValuePush` reads a bad pointer on the first
    /// `withValue`, so every command of a release build trapped at start).
    @TaskLocal package static var sink: Sink?

    /// A progress writer, as the task-local holds it.
    package final class Sink: Sendable {
        let write: @Sendable (String) -> Void
        package init(_ write: @escaping @Sendable (String) -> Void) { self.write = write }
    }

    /// The subcommands that draw one, and take `--quiet` to draw none.
    package static let commands: Set<String> = ["audit", "explore", "matrix", "test"]

    private let label: String, unit: String
    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> Double
    private let start: Double
    private var lastDraw = -Double.infinity
    private var drawn = false
    private let lock = NSLock()

    package init(_ label: String, unit: String, write: @escaping @Sendable (String) -> Void,
                 now: @escaping @Sendable () -> Double = { Date().timeIntervalSinceReferenceDate }) {
        self.label = label; self.unit = unit; self.write = write; self.now = now
        start = now()
    }

    /// A progress line for this command, or nil when none is shown.
    package static func start(_ label: String, unit: String) -> ProgressLine? {
        sink.map { ProgressLine(label, unit: unit, write: $0.write) }
    }

    /// `done` of `total` finished. Redrawn at most ten times a second (and at the end), so
    /// a fast loop does not spend its time on the terminal. Safe from any thread.
    package func update(done: Int, total: Int) {
        lock.lock(); defer { lock.unlock() }
        let t = now()
        guard done >= total || t - lastDraw >= 0.1 else { return }
        lastDraw = t
        drawn = true
        write("\r\u{1B}[K" + Self.text(label: label, unit: unit, done: done, total: total, elapsed: t - start))
    }

    /// Clears the line, so that what the command prints next starts on a clean one.
    package func finish() {
        lock.lock(); defer { lock.unlock() }
        if drawn { write("\r\u{1B}[K") }
        drawn = false
    }

    /// `audit: 3/12 nibs, about 20 s left`.
    package static func text(label: String, unit: String, done: Int, total: Int, elapsed: Double) -> String {
        var s = "\(label): \(done)/\(total) \(unit)"
        if done > 0 && done < total {
            let estimate = elapsed / Double(done) * Double(total - done)
            // Under half a second (the first item was quick) nothing useful can be said.
            guard estimate >= 0.5 else { return s }
            let left = Int(estimate.rounded())
            s += left >= 60 ? ", about \(left / 60) min \(left % 60) s left" : ", about \(left) s left"
        }
        return s
    }
}

extension Driver {
    /// Writes straight to standard error when it is a terminal (nil otherwise): the sink the
    /// executable gives `main` for progress lines.
    public static func standardErrorIfTerminal() -> (@Sendable (String) -> Void)? {
        guard isatty(2) == 1 else { return nil }
        return { text in
            let bytes = Array(text.utf8)
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let n = write(2, buffer.baseAddress! + offset, buffer.count - offset)
                    if n <= 0 { return }
                    offset += n
                }
            }
        }
    }
}
