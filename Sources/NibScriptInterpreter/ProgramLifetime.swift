/// A program that is never freed. Freeing the syntax tree of a big script is a walk of
/// every node and a `free` for each boxed payload (9 % of a 5 MB script's compile and run,
/// grammar.md "Costs"); when the process ends right after the run, as `nibscript run`
/// does, the operating system takes the memory back at once and the walk is wasted.
private final class KeptProgram {
    let program: Program
    init(_ program: Program) { self.program = program }
}

extension Program {
    /// Keeps the program alive until the process exits. Only for a process that exits
    /// after its last run (a program kept this way is never freed).
    public func keepUntilExit() {
        _ = Unmanaged.passRetained(KeptProgram(self))
    }
}
