// The per-symbol records of the tableau (``Tableau/SymbolRecord``), indexed by symbol id: an
// array whose subscript reads and writes a record's fields in place. A record holds a
// definition and two sets; through `Array`'s subscript getter, reading one field copied the
// whole record (every reference in it retained and released), which made a re-solve, reading
// records by the thousand, cost 75 % more instructions (`benchmarks feed`, 1,000 rows).

extension Tableau {
    /// The symbols' records, indexed by symbol id, with copy-on-write value semantics: a copy
    /// of the table (of the tableau) shares the storage until one of them is written.
    ///
    /// The subscript is an addressor: `symbols[s].definition` reads the definition where it
    /// lies, and `symbols[s].definition?.constant = c` writes it there, after making the
    /// storage unique.
    struct SymbolTable: Sendable, RandomAccessCollection {
        /// The records, owned by one table at a time except while a copy shares them.
        final class Storage: @unchecked Sendable {
            // `@unchecked`: the records are only written through a table that holds the sole
            // reference (``SymbolTable/makeUnique()``), as with `Array`'s storage.
            var base: UnsafeMutablePointer<SymbolRecord>
            var count: Int
            var capacity: Int

            init(capacity: Int) {
                self.base = UnsafeMutablePointer<SymbolRecord>.allocate(capacity: capacity)
                self.count = 0
                self.capacity = capacity
            }

            deinit {
                base.deinitialize(count: count)
                base.deallocate()
            }

            /// Room for `capacity` records. The records are moved, not copied: nothing is
            /// retained or released.
            func grow(to capacity: Int) {
                let new = UnsafeMutablePointer<SymbolRecord>.allocate(capacity: capacity)
                new.moveInitialize(from: base, count: count)
                base.deallocate()
                base = new
                self.capacity = capacity
            }
        }

        private var storage = Storage(capacity: 0)

        var startIndex: Int { 0 }
        var endIndex: Int { storage.count }
        var count: Int { storage.count }
        /// The number of records the storage holds before it must grow.
        var capacity: Int { storage.capacity }

        /// The record of symbol `i`, read and written in place.
        subscript(i: Int) -> SymbolRecord {
            @inline(__always) unsafeAddress {
                precondition(i >= 0 && i < storage.count, "symbol id out of range")
                return UnsafePointer(storage.base + i)
            }
            @inline(__always) unsafeMutableAddress {
                precondition(i >= 0 && i < storage.count, "symbol id out of range")
                makeUnique()
                return storage.base + i
            }
        }

        /// Makes the storage this table's own before a write.
        @inline(__always) private mutating func makeUnique() {
            if !isKnownUniquelyReferenced(&storage) { storage = copy(capacity: storage.capacity) }
        }

        /// A new storage holding copies of the records, with room for `capacity`.
        private func copy(capacity: Int) -> Storage {
            let new = Storage(capacity: capacity)
            new.base.initialize(from: storage.base, count: storage.count)
            new.count = storage.count
            return new
        }

        /// Makes room for at least `capacity` records.
        mutating func reserveCapacity(_ capacity: Int) {
            guard capacity > storage.capacity else { return }
            if isKnownUniquelyReferenced(&storage) {
                storage.grow(to: capacity)
            } else {
                storage = copy(capacity: capacity)
            }
        }

        /// Adds a record at the end (the caller has made room: ``reserveCapacity(_:)``, or
        /// growth here, twofold).
        @inline(__always) mutating func append(_ record: SymbolRecord) {
            makeUnique()
            if storage.count == storage.capacity { reserveCapacity(Swift.max(16, 2 * storage.capacity)) }
            (storage.base + storage.count).initialize(to: record)
            storage.count += 1
        }

        /// Drops the records from `range.lowerBound` on.
        mutating func removeSubrange(_ range: PartialRangeFrom<Int>) {
            precondition(range.lowerBound >= 0 && range.lowerBound <= storage.count, "symbol id out of range")
            makeUnique()
            (storage.base + range.lowerBound).deinitialize(count: storage.count - range.lowerBound)
            storage.count = range.lowerBound
        }

        /// Calls `body` with a pointer to the first of the ``count`` records. A pointer, not a
        /// buffer: `UnsafeBufferPointer`'s subscript is a getter and a `_modify` coroutine,
        /// through which reading or writing one field of a record copied the whole record.
        @inline(__always)
        func withUnsafeRecords<R>(_ body: (UnsafePointer<SymbolRecord>) throws -> R) rethrows -> R {
            try withExtendedLifetime(storage) { try body(UnsafePointer(storage.base)) }
        }

        /// Calls `body` with a pointer to the first of the ``count`` records, to write them (after
        /// making the storage unique).
        @inline(__always)
        mutating func withUnsafeMutableRecords<R>(_ body: (UnsafeMutablePointer<SymbolRecord>) throws -> R) rethrows
            -> R
        {
            makeUnique()
            return try withExtendedLifetime(storage) { try body(storage.base) }
        }
    }
}
