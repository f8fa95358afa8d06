// Lookup tables keyed by object identity: variable → symbol and constraint → its record.
// They replace `Dictionary`, whose SipHash hashing, rehashing and retain/release traffic
// dominated the per-constraint cost of `add`. They are only used for lookups and never
// iterated, so no result depends on object addresses.

/// An open-addressing hash map from an object's address to an `Int32`, with linear probing
/// and backward-shift deletion (no tombstones). The caller keeps every keyed object alive
/// while it is in the table, so an address is never reused for another key meanwhile.
struct IdentityTable: Sendable, Equatable {
    /// Keys (object addresses); 0 marks an empty bucket.
    private var keys: [UInt] = []
    private var values: [Int32] = []
    /// Number of entries.
    private(set) var count = 0

    @inline(__always) private static func bucket(_ key: UInt, _ mask: Int) -> Int {
        var h = key &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    /// The value stored for `key`, if any.
    @inline(__always) func find(_ key: UInt) -> Int32? {
        if count == 0 { return nil }
        return keys.withUnsafeBufferPointer { k in
            let mask = k.count - 1
            var i = Self.bucket(key, mask)
            while true {
                let here = k[i]
                if here == key { return values[i] }
                if here == 0 { return nil }
                i = (i + 1) & mask
            }
        }
    }

    /// Stores `value` for `key`, replacing any previous value.
    mutating func set(_ key: UInt, _ value: Int32) {
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var i = Self.bucket(key, mask)
        while true {
            let here = keys[i]
            if here == key {
                values[i] = value
                return
            }
            if here == 0 {
                keys[i] = key
                values[i] = value
                count += 1
                return
            }
            i = (i + 1) & mask
        }
    }

    /// Removes `key`; returns its value, if it was present.
    @discardableResult
    mutating func remove(_ key: UInt) -> Int32? {
        if count == 0 { return nil }
        let mask = keys.count - 1
        var i = Self.bucket(key, mask)
        while keys[i] != key {
            if keys[i] == 0 { return nil }
            i = (i + 1) & mask
        }
        let removed = values[i]
        keys[i] = 0
        count -= 1
        // Backward shift: move later entries of the probe run into the hole when their home
        // bucket does not lie cyclically in (hole, position].
        var j = i
        while true {
            j = (j + 1) & mask
            let key = keys[j]
            if key == 0 { break }
            let home = Self.bucket(key, mask)
            let stays = i <= j ? (i < home && home <= j) : (i < home || home <= j)
            if !stays {
                keys[i] = key
                values[i] = values[j]
                keys[j] = 0
                i = j
            }
        }
        return removed
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        let capacity = Swift.max(16, keys.count * 2)
        keys = [UInt](repeating: 0, count: capacity)
        values = [Int32](repeating: 0, count: capacity)
        count = 0
        for k in oldKeys.indices where oldKeys[k] != 0 { set(oldKeys[k], oldValues[k]) }
    }

    /// Equal when both hold the same entries (bucket layout may differ).
    static func == (lhs: IdentityTable, rhs: IdentityTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for k in lhs.keys.indices where lhs.keys[k] != 0 {
            if rhs.find(lhs.keys[k]) != lhs.values[k] { return false }
        }
        return true
    }
}

extension Variable {
    /// The key of this variable in an ``IdentityTable``.
    @inline(__always) var tableKey: UInt { UInt(bitPattern: ObjectIdentifier(identity)) }
}

extension Constraint {
    /// The key of this constraint in an ``IdentityTable``.
    @inline(__always) var tableKey: UInt { UInt(bitPattern: ObjectIdentifier(storage)) }
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
    private(set) var slots: [Solver.ConstraintInfo?] = []
    private var freeSlots: [Int32] = []

    var count: Int { index.count }

    /// The slot of a constraint in the table.
    @inline(__always) func slot(of constraint: Constraint) -> Int32? {
        index.find(constraint.tableKey)
    }

    subscript(constraint: Constraint) -> Solver.ConstraintInfo? {
        get {
            guard let s = index.find(constraint.tableKey) else { return nil }
            return slots[Int(s)]
        }
        set {
            if let newValue {
                if let s = index.find(constraint.tableKey) {
                    slots[Int(s)] = newValue
                } else {
                    _ = insert(newValue)
                }
            } else {
                _ = removeValue(forKey: constraint)
            }
        }
    }

    /// Inserts the record of a constraint that is not in the table; returns its slot.
    mutating func insert(_ info: Solver.ConstraintInfo) -> Int32 {
        let s: Int32
        if let free = freeSlots.popLast() {
            s = free
            slots[Int(s)] = info
        } else {
            s = Int32(slots.count)
            slots.append(info)
        }
        index.set(info.constraint.tableKey, s)
        return s
    }

    /// Removes a constraint's record and returns it.
    mutating func removeValue(forKey constraint: Constraint) -> Solver.ConstraintInfo? {
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
    var values: [Solver.ConstraintInfo] { slots.compactMap { $0 } }
}
