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
    /// Processor time (user and system) of the timed part: unlike `seconds`, it does not grow
    /// when other work on a shared machine takes the processor away.
    public var cpuSeconds: Double?

    /// One line a child process prints for its parent.
    var line: String { "\(seconds) \(events) \(bytes) \(peakKB ?? -1) \(cpuSeconds ?? -1)" }
    init(seconds: Double, events: Int, bytes: Int, peakKB: Int? = nil, cpuSeconds: Double? = nil) {
        self.seconds = seconds; self.events = events; self.bytes = bytes; self.peakKB = peakKB
        self.cpuSeconds = cpuSeconds
    }
    init?(line: String) {
        let f = line.split(separator: " ")
        guard f.count == 4 || f.count == 5, let s = Double(f[0]), let e = Int(f[1]), let b = Int(f[2]),
              let k = Int(f[3]) else { return nil }
        let cpu = f.count == 5 ? Double(f[4]) : nil
        self.init(seconds: s, events: e, bytes: b, peakKB: k < 0 ? nil : k, cpuSeconds: cpu.flatMap { $0 < 0 ? nil : $0 })
    }
}

/// This process's processor time so far, user and system, in seconds.
func processCPUSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
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
