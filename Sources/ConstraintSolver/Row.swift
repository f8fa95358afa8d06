// A sparse row of the simplex tableau: `constant + Σ coefficient·symbol`, terms kept
// sorted by symbol id so that iteration order, and therefore every pivoting decision,
// is deterministic. The rules by which sums cancel are here too; their tolerances are in
// Tolerances.swift.

/// Whether a constant is zero for the solver's decisions (``nearZeroEpsilon``).
@inline(__always) func nearZero(_ value: Double) -> Bool {
    value < nearZeroEpsilon && value > -nearZeroEpsilon
}

/// Whether the coefficient `sum = a + b` is zero: negligible outright, or the rounding left by
/// `a` and `b` cancelling. Relative, because coefficients differ in scale by orders of
/// magnitude (100 · 0.01 · 0.25 …): an absolute threshold dropped small real terms, whose loss
/// a later pivot on a large coefficient amplified until a required constraint broke.
@inline(__always) func cancels(_ sum: Double, _ a: Double, _ b: Double) -> Bool {
    let s = abs(sum)
    return s < negligibleCoefficient || s <= cancellationTolerance * max(abs(a), abs(b))
}

/// The coefficient `a + b`, or exactly 0 when it cancels (``cancels(_:_:_:)``): how a term is
/// added into the expansion's workspace and into an objective row.
@inline(__always) func coefficientSum(_ a: Double, _ b: Double) -> Double {
    let sum = a + b
    return cancels(sum, a, b) ? 0 : sum
}

/// The constant `a + b`, or exactly 0 when it is only the rounding of `a` and `b`: a phase one
/// that reaches zero in exact arithmetic leaves the rounding of its operands (6e-8 when they
/// are 5e8), which an absolute test took for a conflict.
@inline(__always) func sumCancelling(_ a: Double, _ b: Double) -> Double {
    let sum = a + b
    return abs(sum) <= constantCancellationTolerance * max(abs(a), abs(b)) ? 0 : sum
}

/// A sparse linear row with terms sorted by symbol id.
///
/// The terms are one array of (id, coefficient) pairs: one allocation per row, and a binary
/// search touches the coefficient it finds in the same cache line.
struct Row: Sendable, Equatable {
    /// One term of a row.
    struct Entry: Sendable, Equatable {
        var id: Int32
        var coefficient: Double
    }

    var constant: Double
    var terms: [Entry] = []

    init(constant: Double = 0) { self.constant = constant }

    var isEmpty: Bool { terms.isEmpty }
    var count: Int { terms.count }

    /// The ids of the terms, in order (a view; nothing is copied).
    var ids: IdView { IdView(terms: terms) }
    /// The coefficients of the terms, in the order of ``ids`` (a view).
    var coefficients: CoefficientView { CoefficientView(terms: terms) }

    struct IdView: RandomAccessCollection, Sendable {
        let terms: [Entry]
        var startIndex: Int { 0 }
        var endIndex: Int { terms.count }
        @inline(__always) subscript(position: Int) -> Int32 { terms[position].id }
    }

    struct CoefficientView: RandomAccessCollection, Sendable {
        let terms: [Entry]
        var startIndex: Int { 0 }
        var endIndex: Int { terms.count }
        @inline(__always) subscript(position: Int) -> Double { terms[position].coefficient }
    }

    /// The largest magnitude among the coefficients (0 for an empty row): the scale that
    /// threshold pivoting and residue tests compare a coefficient with.
    var largestMagnitude: Double {
        var largest = 0.0
        for t in terms { largest = max(largest, abs(t.coefficient)) }
        return largest
    }

    /// Index of `symbol` or the insertion point, by binary search.
    @inline(__always) func search(_ symbol: Int32) -> (found: Bool, index: Int) {
        terms.withUnsafeBufferPointer { t in
            var low = 0
            var high = t.count
            while low < high {
                let mid = (low + high) >> 1
                let v = t[mid].id
                if v < symbol {
                    low = mid + 1
                } else if v > symbol {
                    high = mid
                } else {
                    return (true, mid)
                }
            }
            return (false, low)
        }
    }

    func coefficient(for symbol: Int32) -> Double {
        let r = search(symbol)
        return r.found ? terms[r.index].coefficient : 0
    }

    /// Adds `coefficient·symbol`, dropping the term if it cancels.
    @inline(__always) mutating func insert(_ symbol: Int32, _ coefficient: Double) {
        // A new row is built in increasing ids (its marker and errors are the newest symbols),
        // so appending is the common case and is inlined into the caller.
        if terms.last.map({ $0.id < symbol }) ?? true {
            if abs(coefficient) >= negligibleCoefficient { terms.append(Entry(id: symbol, coefficient: coefficient)) }
            return
        }
        insertInOrder(symbol, coefficient)
    }

    /// ``insert(_:_:)`` of a symbol that does not come after every term.
    mutating func insertInOrder(_ symbol: Int32, _ coefficient: Double) {
        let r = search(symbol)
        if r.found {
            let c = terms[r.index].coefficient + coefficient
            if cancels(c, terms[r.index].coefficient, coefficient) {
                terms.remove(at: r.index)
            } else {
                terms[r.index].coefficient = c
            }
        } else if abs(coefficient) >= negligibleCoefficient {
            // Append and shift by hand: `Array.insert(_:at:)` goes through the generic
            // `replaceSubrange`, which costs far more than moving a few terms of a short row.
            let n = terms.count
            let entry = Entry(id: symbol, coefficient: coefficient)
            terms.append(entry)
            if r.index < n {
                terms.withUnsafeMutableBufferPointer { t in
                    var k = n
                    while k > r.index {
                        t[k] = t[k - 1]
                        k -= 1
                    }
                    t[r.index] = entry
                }
            }
        }
    }

    /// Grows the storage to hold at least `count` terms, geometrically.
    @inline(__always) mutating func reserve(_ count: Int) {
        if terms.capacity < count { terms.reserveCapacity(Swift.max(count, 2 * terms.capacity)) }
    }

    /// Adds `coefficient·other` and drops the term of `symbol` (`other` must not hold it):
    /// replaces `symbol` by `other` when `coefficient` is the symbol's coefficient.
    mutating func replace(_ symbol: Int32, by other: Row, _ coefficient: Double) {
        var none: [Int32] = []
        var nothing: [Int32] = []
        merge(other, coefficient, dropping: symbol, track: false, added: &none, removed: &nothing)
    }

    /// The in-place merge behind ``replace(_:by:_:)`` and the tracked substitutions.
    ///
    /// Adds `coefficient·other` and drops the term of `symbol` (if `symbol >= 0`). The merge
    /// runs from the back into storage grown to the size of the union, so a row with spare
    /// capacity is never reallocated and no temporary row is built. With `track`, the ids that
    /// `other` brings in are appended to `added` and the ids of this row that cancel out to
    /// `removed` (the dropped symbol is in neither), so callers can update their indexes
    /// without copying the id list first.
    @inline(__always)
    mutating func merge(
        _ other: Row, _ coefficient: Double, dropping symbol: Int32, track: Bool,
        added: inout [Int32], removed: inout [Int32]
    ) {
        constant = sumCancelling(constant, other.constant * coefficient)
        let m = other.terms.count
        let n = terms.count
        var p = -1
        if symbol >= 0 {
            let r = search(symbol)
            if r.found { p = r.index }
        }
        if m == 0 {
            if p >= 0 { terms.remove(at: p) }
            return
        }
        // Size of the union of the two id lists.
        var union = n
        other.terms.withUnsafeBufferPointer { o in
            terms.withUnsafeBufferPointer { a in
                var i = 0
                var j = 0
                while j < m {
                    if i == n || o[j].id < a[i].id {
                        union += 1
                        j += 1
                    } else if a[i].id < o[j].id {
                        i += 1
                    } else {
                        i += 1
                        j += 1
                    }
                }
            }
        }
        reserve(union)
        if union > n {
            let blank = Entry(id: 0, coefficient: 0)
            for _ in n..<union { terms.append(blank) }
        }
        // Merge from the back into positions union-1, union-2, …; writes never overtake reads.
        var gap = 0
        other.terms.withUnsafeBufferPointer { o in
            terms.withUnsafeMutableBufferPointer { a in
                var i = n - 1
                var j = m - 1
                var k = union - 1
                while j >= 0 {
                    if i >= 0 && a[i].id > o[j].id {
                        if i != p {
                            a[k] = a[i]
                            k -= 1
                        }
                        i -= 1
                    } else if i < 0 || o[j].id > a[i].id {
                        let c = o[j].coefficient * coefficient
                        if abs(c) >= negligibleCoefficient {
                            a[k] = Entry(id: o[j].id, coefficient: c)
                            k -= 1
                            if track { added.append(o[j].id) }
                        }
                        j -= 1
                    } else {
                        let id = a[i].id
                        let old = i == p ? 0 : a[i].coefficient
                        let product = o[j].coefficient * coefficient
                        let c = old + product
                        if !cancels(c, old, product) {
                            a[k] = Entry(id: id, coefficient: c)
                            k -= 1
                        } else if track && i != p {
                            removed.append(id)
                        }
                        i -= 1
                        j -= 1
                    }
                }
                // The rest of this row is already in place unless terms were dropped;
                // then everything moves down to close the gap at the front.
                if k != i || (p >= 0 && p <= i) {
                    while i >= 0 {
                        if i != p {
                            a[k] = a[i]
                            k -= 1
                        }
                        i -= 1
                    }
                    gap = k + 1
                    if gap > 0 {
                        for t in gap..<union { a[t - gap] = a[t] }
                    }
                }
            }
        }
        for _ in 0..<gap { terms.removeLast() }
    }

    /// Removes a symbol's term; returns its coefficient (0 if absent).
    /// The terms after the removed one move down by hand: `Array.remove(at:)` goes through the
    /// generic path, which costs several times the few moves of a short row.
    @discardableResult
    mutating func remove(_ symbol: Int32) -> Double {
        let r = search(symbol)
        guard r.found else { return 0 }
        let coefficient = terms.withUnsafeMutableBufferPointer { t in
            let c = t[r.index].coefficient
            var k = r.index + 1
            while k < t.count {
                t[k - 1] = t[k]
                k += 1
            }
            return c
        }
        terms.removeLast()
        return coefficient
    }

    mutating func reverseSign() {
        constant = -constant
        terms.withUnsafeMutableBufferPointer { t in
            for k in t.indices { t[k].coefficient = -t[k].coefficient }
        }
    }

    /// Solves `0 = self` for `symbol`, which must be in the row: the row becomes the
    /// expression equal to `symbol`.
    mutating func solve(for symbol: Int32) {
        let c = remove(symbol)
        let factor = -1.0 / c
        constant *= factor
        terms.withUnsafeMutableBufferPointer { t in
            for k in t.indices { t[k].coefficient *= factor }
        }
    }

    /// The row currently reads `lhs = self`; rewrite it as `rhs = …`.
    mutating func solve(for lhs: Int32, _ rhs: Int32) {
        insert(lhs, -1.0)
        solve(for: rhs)
    }

    /// Replaces `symbol` by the expression `row`. Returns whether the symbol was present.
    @discardableResult
    mutating func substitute(_ symbol: Int32, _ row: Row) -> Bool {
        let c = coefficient(for: symbol)
        if c == 0 { return false }
        replace(symbol, by: row, c)
        return true
    }
}
