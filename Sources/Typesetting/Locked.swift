import Foundation

/// A value behind a lock, for state that threads share (the font registry, the shaping
/// cache, fallback orders).
///
/// It stands in for the standard library's `Mutex`, which on Linux locks with futexes inside
/// a library ThreadSanitizer does not instrument: TSan could not see that lock, reported
/// every access under it as a race (hundreds per test run, a plain counter behind a `Mutex`
/// included), and so could not find real ones. `NSLock` is a pthread mutex, which TSan
/// understands; uncontended it costs about the same. See docs/reliability.md.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Puts `value` behind a new lock.
    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
