import Foundation
import CocoaSimulator

/// Where a command's text goes as it is produced. The command line writes to the standard
/// streams as it goes (a trace is never held whole); tests collect it in a string.
public protocol TextOutput: AnyObject {
    func write(_ text: String)
    /// Writes UTF-8 text held in a buffer (a trace line), without making a string of it.
    func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
    /// Hands on whatever is buffered (before another stream is written, and at the end).
    func flush()
}

extension TextOutput {
    public func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { write(String(decoding: bytes, as: UTF8.self)) }
}

/// Collects everything written, for tests and for the `Driver.Result` form of a command.
public final class StringOutput: TextOutput {
    public private(set) var text = ""
    public init() {}
    public func write(_ text: String) { self.text += text }
    public func flush() {}
}

/// Writes to a file descriptor through a buffer of its own, so a trace of millions of lines
/// costs a few thousand system calls, not one per line.
public final class FileDescriptorOutput: TextOutput {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16

    public init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(capacity)
    }
    deinit { flush() }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= capacity { flush() }
    }

    public func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { flush() }
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 { if errno == EINTR { continue }; break }  // a closed pipe: nothing more to do
                done += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
