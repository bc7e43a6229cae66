import Foundation
import CocoaSimulator
import NibScriptInterpreter

extension Explore {
    /// The lock of what explore's workers share: the nodes (seen and passing), held for one
    /// lookup or for marking a few of a merged run's nodes, and the queue of variants, held
    /// to take a variant or to merge the results next in order: well under a microsecond,
    /// a few microseconds at most. A worker that finds it taken tries again for a while before it
    /// sleeps: being put to sleep and woken (a futex wait and wake) costs far more than the
    /// wait, and with a plain lock that took a tenth of the time of both cores.
    package final class SpinningLock {
        private let lock = NSLock()
        /// Tries before sleeping: about a hundred microseconds, longer than the lock is held
        /// unless its holder was descheduled.
        private static let tries = 4096

        func withLock<T>(_ body: () -> T) -> T {
            var n = 0
            while !lock.try() {
                n += 1
                if n == Self.tries { lock.lock(); break }
            }
            defer { lock.unlock() }
            return body()
        }
    }
}
