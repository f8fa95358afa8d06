// Lookup tables keyed by creation serial: variable → symbol and constraint → its record.
// They replace `Dictionary`, whose SipHash hashing, rehashing and retain/release traffic
// dominated the per-constraint cost of `add`. They are only used for lookups and never
// iterated, so no result depends on the serials.

/// An open-addressing hash map from an object's creation serial (``Serials``) to an `Int32`,
/// with linear probing and backward-shift deletion (no tombstones). A serial is never
/// reused, so a key identifies its object for as long as the entry lives.
struct IdentityTable: Sendable, Equatable {
    /// The key of each bucket (a serial); 0 marks an empty bucket. A power of two in number
    /// once allocated. Keys and values are two arrays, 12 bytes a bucket rather than the 16
    /// of a (key, value) pair padded to 8 bytes: at 10,000 feed rows the two tables hold 2^18 and
    /// 2^19 buckets, and every byte is faulted in and copied as they grow.
    private var keys: [UInt64] = []
    /// The value of each bucket, read only when its key matches.
    private var values: [Int32] = []
    /// Number of entries.
    private(set) var count = 0

    /// The home bucket of a key: the serial itself, modulo the table size. Objects created one
    /// after the other have consecutive serials, so the variables and constraints a layout has
    /// just created land in neighbouring buckets and their lookups stay in cache however large
    /// the table is (keyed by address, the first lookup of each new object missed the cache
    /// once the allocator handed out scattered addresses: at 10,000 feed rows it was 73 % of
    /// `addToTableau`'s own time). Any run of consecutive serials no longer than the table
    /// fills distinct buckets; keys that skip serials with a power-of-two stride `s` share a
    /// home bucket with at most `7s / 8` others at the table's largest load of 7/8. That load,
    /// rather than 1/2, is safe because the keys are serials, not random: at 10,000 feed rows it
    /// keeps the variable table (140,000 keys) and the constraint table (200,000) at 2^18
    /// buckets instead of 2^19 (3 MB less each to fault in and rehash into), and at 1,000 rows
    /// it saves one growth of both (`Solver.add` 87.95 M → 87.41 M instructions).
    @inline(__always) private static func bucket(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: key) & mask
    }

    /// The value stored for `key`, if any.
    @inline(__always) func find(_ key: UInt64) -> Int32? {
        if count == 0 { return nil }
        let i: Int? = keys.withUnsafeBufferPointer { k in
            let mask = k.count - 1
            var i = Self.bucket(key, mask)
            while true {
                let here = k[i]
                if here == key { return i }
                if here == 0 { return nil }
                i = (i + 1) & mask
            }
        }
        return i.map { values[$0] }
    }

    /// The bucket of `key`: where it is stored (`found`), or the empty bucket where
    /// ``fill(_:_:_:)`` would store it. Makes room for one more entry first, so that the bucket
    /// stays valid until the entry is filled, however the caller computes its value: a
    /// find-or-insert probes once instead of a ``find(_:)`` and then a ``set(_:_:)``.
    @inline(__always) mutating func probe(_ key: UInt64) -> (bucket: Int, found: Int32?) {
        if (count + 1) * 8 > keys.count * 7 { grow() }
        let (i, found) = keys.withUnsafeBufferPointer { k in
            let mask = k.count - 1
            var i = Self.bucket(key, mask)
            while true {
                let here = k[i]
                if here == key { return (i, true) }
                if here == 0 { return (i, false) }
                i = (i + 1) & mask
            }
        }
        return (i, found ? values[i] : nil)
    }

    /// Stores a new entry in the empty bucket that ``probe(_:)`` returned for `key`, with no
    /// change to the table in between.
    @inline(__always) mutating func fill(_ bucket: Int, _ key: UInt64, _ value: Int32) {
        keys[bucket] = key
        values[bucket] = value
        count += 1
    }

    /// Stores `value` for `key`, replacing any previous value.
    mutating func set(_ key: UInt64, _ value: Int32) {
        let (bucket, found) = probe(key)
        if found == nil {
            fill(bucket, key, value)
        } else {
            values[bucket] = value
        }
    }

    /// Removes `key`; returns its value, if it was present.
    @discardableResult
    mutating func remove(_ key: UInt64) -> Int32? {
        if count == 0 { return nil }
        let removed: Int32? = keys.withUnsafeMutableBufferPointer { k in
            values.withUnsafeMutableBufferPointer { v in
                let mask = k.count - 1
                var i = Self.bucket(key, mask)
                while k[i] != key {
                    if k[i] == 0 { return nil }
                    i = (i + 1) & mask
                }
                let removed = v[i]
                k[i] = 0
                // Backward shift: move later entries of the probe run into the hole when their
                // home bucket does not lie cyclically in (hole, position].
                var j = i
                while true {
                    j = (j + 1) & mask
                    let key = k[j]
                    if key == 0 { break }
                    let home = Self.bucket(key, mask)
                    let stays = i <= j ? (i < home && home <= j) : (i < home || home <= j)
                    if !stays {
                        k[i] = key
                        v[i] = v[j]
                        k[j] = 0
                        i = j
                    }
                }
                return removed
            }
        }
        if removed != nil { count -= 1 }
        return removed
    }

    private mutating func grow() {
        let size = Swift.max(16, keys.count * 2)
        var freshKeys = [UInt64](repeating: 0, count: size)
        var freshValues = [Int32](repeating: 0, count: size)
        freshKeys.withUnsafeMutableBufferPointer { k in
            freshValues.withUnsafeMutableBufferPointer { v in
                let mask = size - 1
                keys.withUnsafeBufferPointer { oldKeys in
                    values.withUnsafeBufferPointer { oldValues in
                        for j in oldKeys.indices where oldKeys[j] != 0 {
                            var i = Self.bucket(oldKeys[j], mask)
                            while k[i] != 0 { i = (i + 1) & mask }
                            k[i] = oldKeys[j]
                            v[i] = oldValues[j]
                        }
                    }
                }
            }
        }
        keys = freshKeys
        values = freshValues
    }

    /// Equal when both hold the same entries (bucket layout may differ).
    static func == (lhs: IdentityTable, rhs: IdentityTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in zip(lhs.keys, lhs.values) where key != 0 {
            if rhs.find(key) != value { return false }
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

    /// ``IdentityTable/probe(_:)`` by a variable's key.
    @inline(__always) mutating func probe(_ key: UInt64) -> (bucket: Int, found: Int32?) {
        table.probe(key)
    }

    /// ``IdentityTable/fill(_:_:_:)`` by a variable's key.
    @inline(__always) mutating func fill(_ bucket: Int, _ key: UInt64, _ symbol: Int32) {
        table.fill(bucket, key, symbol)
    }

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
    /// Records by slot; nil for a free slot. In chunks that never move, as the symbols'
    /// records are (200,000 constraints, 8 MB, at 10,000 feed rows).
    private(set) var slots = ChunkedArray<Tableau.ConstraintInfo?>()
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
        // The key is read first so that the record can be moved into its slot, not copied;
        // its bucket is found first too, one probe that needs no check for a present key.
        let key = info.constraint.tableKey
        let (bucket, present) = index.probe(key)
        assert(present == nil, "the constraint is already in the table")
        let s: Int32
        if !freeSlots.isEmpty {
            s = freeSlots.removeLast()
            slots[Int(s)] = consume info
        } else {
            s = Int32(slots.count)
            slots.append(consume info)
        }
        index.fill(bucket, key, s)
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
