import Foundation

func check(_ ok: Bool, _ what: String) {
    if !ok { FileHandle.standardError.write("nibscript-bench: sanity check failed: \(what)\n".data(using: .utf8)!); exit(1) }
}

func nanoseconds(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) * 1e9 + Double(c.attoseconds) / 1e9
}

let clock = ContinuousClock()
let million = 1_000_000

/// One timed run of a workload.
public struct Measurement: Equatable {
    public var seconds: Double
    /// Engine events (or operations) done in the timed part.
    public var events: Int
    /// Bytes read (compile) or written (trace).
    public var bytes: Int
    /// The process's peak resident memory, when the workload ran in a process of its own.
    public var peakKB: Int?

    /// One line a child process prints for its parent.
    var line: String { "\(seconds) \(events) \(bytes) \(peakKB ?? -1)" }
    init(seconds: Double, events: Int, bytes: Int, peakKB: Int? = nil) {
        self.seconds = seconds; self.events = events; self.bytes = bytes; self.peakKB = peakKB
    }
    init?(line: String) {
        let f = line.split(separator: " ")
        guard f.count == 4, let s = Double(f[0]), let e = Int(f[1]), let b = Int(f[2]), let k = Int(f[3]) else { return nil }
        self.init(seconds: s, events: e, bytes: b, peakKB: k < 0 ? nil : k)
    }
}

/// Peak resident memory of this process so far, in KB. On Linux it is VmHWM, the high-water
/// mark of this program's own memory: getrusage's ru_maxrss would also count the parent's
/// memory at the fork, which the kernel carries over an exec.
func peakResidentKB() -> Int {
    #if os(Linux)
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
        return kb
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss)
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss) / 1024
    #endif
}
