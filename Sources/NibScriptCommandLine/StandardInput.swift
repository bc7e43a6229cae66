import FileBytes
import Foundation

extension Driver {
    /// Standard input as `run -` reads it: at most one byte more than `FileBytes.maxFileSize`,
    /// so that the reader can say it is too long (`readDataToEndOfFile` read `/dev/zero` until
    /// memory ran out, then trapped on its own `try!`). A read error gives what came before it.
    public static func standardInput() -> Data {
        switch FileBytes.readPrefix(fileDescriptor: 0, count: FileBytes.maxFileSize + 1) {
        case .success(let bytes): return Data(bytes)
        case .failure: return Data()
        }
    }
}
