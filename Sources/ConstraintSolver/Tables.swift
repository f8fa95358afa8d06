// Lookup tables keyed by creation serial: variable → symbol and constraint → its record.
// They replace `Dictionary`, whose SipHash hashing, rehashing and retain/release traffic
// dominated the per-constraint cost of `add`. They are only used for lookups and never
// iterated, so no result depends on the serials.

/// An open-addressing hash map from an object's creation serial (``Serials``) to an `Int32`,
/// with linear probing and backward-shift deletion (no tombstones). A serial is never
/// reused, so a key identifies its object for as long as the entry lives.
struct IdentityTable: Sendable, Equatable {
    struct Entry: Sendable {
        /// The key (a serial); 0 marks an empty bucket.
        var key: UInt64
        var value: Int32
    }

    /// Buckets; a power of two in number once allocated.
    private var buckets: [Entry] = []
    /// Number of entries.
    private(set) var count = 0

    /// The home bucket of a key: the serial itself, modulo the table size. Objects created one
    /// after the other have consecutive serials, so the variables and constraints a layout has
    /// just created land in neighbouring buckets and their lookups stay in cache however large
    /// the table is (keyed by address, the first lookup of each new object missed the cache
    /// once the allocator handed out scattered addresses: at 10,000 feed rows it was 73 % of
    /// `addToTableau`'s own time). Any run of consecutive serials no longer than the table
    /// fills distinct buckets; keys that skip serials with a power-of-two stride `s` share a
    /// bucket with at most `s / 2` others at the table's load of 1/2.
    @inline(__always) private static func bucket(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: key) & mask
    }

    /// The value stored for `key`, if any.
    @inline(__always) func find(_ key: UInt64) -> Int32? {
        if count == 0 { return nil }
        return buckets.withUnsafeBufferPointer { b in
            let mask = b.count - 1
            var i = Self.bucket(key, mask)
            while true {
                let here = b[i].key
                if here == key { return b[i].value }
                if here == 0 { return nil }
                i = (i + 1) & mask
            }
        }
    }

    /// Stores `value` for `key`, replacing any previous value.
    mutating func set(_ key: UInt64, _ value: Int32) {
        if (count + 1) * 2 > buckets.count { grow() }
        let added = buckets.withUnsafeMutableBufferPointer { b in
            let mask = b.count - 1
            var i = Self.bucket(key, mask)
            while true {
                let here = b[i].key
                if here == key {
                    b[i].value = value
                    return false
                }
                if here == 0 {
                    b[i] = Entry(key: key, value: value)
                    return true
                }
                i = (i + 1) & mask
            }
        }
        if added { count += 1 }
    }

    /// Removes `key`; returns its value, if it was present.
    @discardableResult
    mutating func remove(_ key: UInt64) -> Int32? {
        if count == 0 { return nil }
        let removed: Int32? = buckets.withUnsafeMutableBufferPointer { b in
            let mask = b.count - 1
            var i = Self.bucket(key, mask)
            while b[i].key != key {
                if b[i].key == 0 { return nil }
                i = (i + 1) & mask
            }
            let removed = b[i].value
            b[i].key = 0
            // Backward shift: move later entries of the probe run into the hole when their
            // home bucket does not lie cyclically in (hole, position].
            var j = i
            while true {
                j = (j + 1) & mask
                let key = b[j].key
                if key == 0 { break }
                let home = Self.bucket(key, mask)
                let stays = i <= j ? (i < home && home <= j) : (i < home || home <= j)
                if !stays {
                    b[i] = b[j]
                    b[j].key = 0
                    i = j
                }
            }
            return removed
        }
        if removed != nil { count -= 1 }
        return removed
    }

    private mutating func grow() {
        let old = buckets
        var fresh = [Entry](repeating: Entry(key: 0, value: 0), count: Swift.max(16, old.count * 2))
        fresh.withUnsafeMutableBufferPointer { b in
            let mask = b.count - 1
            old.withUnsafeBufferPointer { o in
                for e in o where e.key != 0 {
                    var i = Self.bucket(e.key, mask)
                    while b[i].key != 0 { i = (i + 1) & mask }
                    b[i] = e
                }
            }
        }
        buckets = fresh
    }

    /// Equal when both hold the same entries (bucket layout may differ).
    static func == (lhs: IdentityTable, rhs: IdentityTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for e in lhs.buckets where e.key != 0 {
            if rhs.find(e.key) != e.value { return false }
        }
        return true
    }
}

extension Variable {
    /// The key of this variable in an ``IdentityTable``.
    @inline(__always) var tableKey: UInt64 { identity.serial }
}

extension Constraint {
    /// The key of this constraint in an ``IdentityTable``.
    @inline(__always) var tableKey: UInt64 { storage.serial }
}

/// Variable → symbol id. The solver's `symbolVariable` array keeps the variables alive.
struct VariableTable: Sendable {
    private var table = IdentityTable()

    var count: Int { table.count }

    subscript(variable: Variable) -> Int32? {
        get { table.find(variable.tableKey) }
        set {
            if let newValue {
                table.set(variable.tableKey, newValue)
            } else {
                table.remove(variable.tableKey)
            }
        }
    }
}

/// Constraint → its record, stored in slots that are reused after removals. Each record holds
/// the constraint, which keeps its identity alive while it is in the table.
struct ConstraintTable: Sendable {
    private var index = IdentityTable()
    /// Records by slot; nil for a free slot.
    private(set) var slots: [Tableau.ConstraintInfo?] = []
    private var freeSlots: [Int32] = []

    var count: Int { index.count }

    /// The slot of a constraint in the table.
    @inline(__always) func slot(of constraint: Constraint) -> Int32? {
        index.find(constraint.tableKey)
    }

    subscript(constraint: Constraint) -> Tableau.ConstraintInfo? {
        guard let s = index.find(constraint.tableKey) else { return nil }
        return slots[Int(s)]
    }

    /// Inserts the record of a constraint that is not in the table; returns its slot.
    mutating func insert(_ info: consuming Tableau.ConstraintInfo) -> Int32 {
        // The key is read first so that the record can be moved into its slot, not copied.
        let key = info.constraint.tableKey
        let s: Int32
        if !freeSlots.isEmpty {
            s = freeSlots.removeLast()
            slots[Int(s)] = consume info
        } else {
            s = Int32(slots.count)
            // Eightfold, as the solver's per-symbol arrays: fewer copies of a large table.
            if slots.count == slots.capacity { slots.reserveCapacity(Swift.max(64, 8 * slots.count)) }
            slots.append(consume info)
        }
        index.set(key, s)
        return s
    }

    /// Removes a constraint's record and returns it.
    mutating func removeValue(forKey constraint: Constraint) -> Tableau.ConstraintInfo? {
        guard let s = index.remove(constraint.tableKey) else { return nil }
        let info = slots[Int(s)]
        slots[Int(s)] = nil
        freeSlots.append(s)
        return info
    }

    /// Updates the constant in force of the record in slot `s`.
    mutating func setConstant(_ constant: Double, slot s: Int32) {
        slots[Int(s)]?.constant = constant
    }

    /// All records, in slot order (callers sort by insertion order where order matters).
    var values: [Tableau.ConstraintInfo] { slots.compactMap { $0 } }
}
