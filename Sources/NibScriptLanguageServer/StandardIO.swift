#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import Foundation

extension LanguageServer {
    /// Serves one client on standard input and output until `exit` or the end of input.
    /// Returns the exit status: 0 after `shutdown` then `exit`, else 1 (LSP's rule).
    public static func serveStandardIO(version: String) -> Int32 {
        // A client that goes away must end the server with a status, not kill it by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let server = LanguageServer(version: version) { bytes in writeAll(1, bytes) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            if !server.receive(buffer[0..<n]) { break }
        }
        server.endOfInput()
        return server.exitCode ?? 1
    }

    /// Writes every byte, across short writes and interruptions; gives up on an error (the
    /// client has gone: the next read ends the loop).
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var at = 0
            while at < raw.count {
                let n = write(fd, raw.baseAddress! + at, raw.count - at)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                at += n
            }
        }
    }
}
