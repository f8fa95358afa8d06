// A sparse row of the simplex tableau: `constant + Σ coefficient·symbol`, terms kept
// sorted by symbol id so that iteration order, and therefore every pivoting decision,
// is deterministic.

/// Coefficients whose magnitude is below this are treated as zero and dropped.
let nearZeroEpsilon = 1.0e-8

@inline(__always) func nearZero(_ value: Double) -> Bool {
    value < nearZeroEpsilon && value > -nearZeroEpsilon
}

/// A sparse linear row with terms sorted by symbol id.
struct Row: Sendable, Equatable {
    var constant: Double
    var ids: [Int32] = []
    var coefficients: [Double] = []

    init(constant: Double = 0) { self.constant = constant }

    var isEmpty: Bool { ids.isEmpty }
    var count: Int { ids.count }

    /// Index of `symbol` or the insertion point, by binary search.
    @inline(__always) func search(_ symbol: Int32) -> (found: Bool, index: Int) {
        var low = 0
        var high = ids.count
        while low < high {
            let mid = (low + high) >> 1
            let v = ids[mid]
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

    func coefficient(for symbol: Int32) -> Double {
        let r = search(symbol)
        return r.found ? coefficients[r.index] : 0
    }

    /// Adds `coefficient·symbol`, dropping the term if it cancels.
    mutating func insert(_ symbol: Int32, _ coefficient: Double) {
        let r = search(symbol)
        if r.found {
            let c = coefficients[r.index] + coefficient
            if nearZero(c) {
                ids.remove(at: r.index)
                coefficients.remove(at: r.index)
            } else {
                coefficients[r.index] = c
            }
        } else if !nearZero(coefficient) {
            // Append and shift by hand: `Array.insert(_:at:)` goes through the generic
            // `replaceSubrange`, which costs far more than moving a few elements of a short row.
            let n = ids.count
            ids.append(symbol)
            coefficients.append(coefficient)
            if r.index < n {
                ids.withUnsafeMutableBufferPointer { p in
                    var k = n
                    while k > r.index {
                        p[k] = p[k - 1]
                        k -= 1
                    }
                    p[r.index] = symbol
                }
                coefficients.withUnsafeMutableBufferPointer { p in
                    var k = n
                    while k > r.index {
                        p[k] = p[k - 1]
                        k -= 1
                    }
                    p[r.index] = coefficient
                }
            }
        }
    }

    /// Grows the storage to hold at least `count` terms, geometrically.
    @inline(__always) mutating func reserve(_ count: Int) {
        if ids.capacity < count { ids.reserveCapacity(Swift.max(count, 2 * ids.capacity)) }
        if coefficients.capacity < count {
            coefficients.reserveCapacity(Swift.max(count, 2 * coefficients.capacity))
        }
    }

    /// Adds `coefficient·other`: a merge of the two sorted term lists, done in place from the
    /// back, so a row with spare capacity is never reallocated.
    mutating func insert(_ other: Row, _ coefficient: Double) {
        constant += other.constant * coefficient
        let m = other.ids.count
        if m == 0 { return }
        if m <= 2 && ids.count > 16 {
            for k in 0..<m { insert(other.ids[k], other.coefficients[k] * coefficient) }
            return
        }
        let n = ids.count
        // Size of the union of the two id lists.
        var union = n
        other.ids.withUnsafeBufferPointer { o in
            ids.withUnsafeBufferPointer { a in
                var i = 0
                var j = 0
                while j < m {
                    if i == n || o[j] < a[i] {
                        union += 1
                        j += 1
                    } else if a[i] < o[j] {
                        i += 1
                    } else {
                        i += 1
                        j += 1
                    }
                }
            }
        }
        reserve(union)
        for _ in n..<union {
            ids.append(0)
            coefficients.append(0)
        }
        // Merge from the back into positions union-1, union-2, …; writes never overtake reads.
        var start = 0
        other.ids.withUnsafeBufferPointer { oi in
            other.coefficients.withUnsafeBufferPointer { oc in
                ids.withUnsafeMutableBufferPointer { ai in
                    coefficients.withUnsafeMutableBufferPointer { ac in
                        var i = n - 1
                        var j = m - 1
                        var k = union - 1
                        while j >= 0 {
                            if i >= 0 && ai[i] > oi[j] {
                                ai[k] = ai[i]
                                ac[k] = ac[i]
                                i -= 1
                                k -= 1
                            } else if i < 0 || oi[j] > ai[i] {
                                let c = oc[j] * coefficient
                                if !nearZero(c) {
                                    ai[k] = oi[j]
                                    ac[k] = c
                                    k -= 1
                                }
                                j -= 1
                            } else {
                                let c = ac[i] + oc[j] * coefficient
                                let id = ai[i]
                                i -= 1
                                j -= 1
                                if !nearZero(c) {
                                    ai[k] = id
                                    ac[k] = c
                                    k -= 1
                                }
                            }
                        }
                        // The rest of self is already in place when nothing was dropped;
                        // otherwise it moves up to close the gap.
                        let gap = k - i
                        if gap > 0 {
                            while i >= 0 {
                                ai[k] = ai[i]
                                ac[k] = ac[i]
                                i -= 1
                                k -= 1
                            }
                        }
                        start = gap > 0 ? k + 1 : 0
                    }
                }
            }
        }
        if start > 0 {
            ids.removeSubrange(0..<start)
            coefficients.removeSubrange(0..<start)
        }
    }

    /// Removes a symbol's term; returns its coefficient (0 if absent).
    @discardableResult
    mutating func remove(_ symbol: Int32) -> Double {
        let r = search(symbol)
        guard r.found else { return 0 }
        let c = coefficients[r.index]
        ids.remove(at: r.index)
        coefficients.remove(at: r.index)
        return c
    }

    mutating func reverseSign() {
        constant = -constant
        for k in coefficients.indices { coefficients[k] = -coefficients[k] }
    }

    /// Solves `0 = self` for `symbol`, which must be in the row: the row becomes the
    /// expression equal to `symbol`.
    mutating func solve(for symbol: Int32) {
        let c = remove(symbol)
        let factor = -1.0 / c
        constant *= factor
        for k in coefficients.indices { coefficients[k] *= factor }
    }

    /// The row currently reads `lhs = self`; rewrite it as `rhs = …`.
    mutating func solve(for lhs: Int32, _ rhs: Int32) {
        insert(lhs, -1.0)
        solve(for: rhs)
    }

    /// Replaces `symbol` by the expression `row`. Returns whether the symbol was present.
    @discardableResult
    mutating func substitute(_ symbol: Int32, _ row: Row) -> Bool {
        let c = remove(symbol)
        if c == 0 { return false }
        insert(row, c)
        return true
    }
}

/// An unordered set of symbol ids kept in an array, with a position index once it grows
/// large. Callers never insert an id that is already present; equality ignores order.
struct SymbolSet: Sendable, Sequence, Equatable {
    var items: [Int32] = []
    var positions: [Int32: Int]? = nil

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }

    /// Appends an id known not to be present.
    @inline(__always) mutating func insert(_ id: Int32) {
        items.append(id)
        if positions != nil {
            positions?[id] = items.count - 1
        } else if items.count > 32 {
            var map: [Int32: Int] = [:]
            map.reserveCapacity(items.count * 2)
            for (k, v) in items.enumerated() { map[v] = k }
            positions = map
        }
    }

    mutating func remove(_ id: Int32) {
        let index: Int?
        if let positions {
            index = positions[id]
        } else {
            index = items.lastIndex(of: id)
        }
        guard let k = index else { return }
        let last = items.count - 1
        if k != last {
            let moved = items[last]
            items[k] = moved
            positions?[moved] = k
        }
        items.removeLast()
        positions?[id] = nil
    }

    func contains(_ id: Int32) -> Bool {
        if let positions { return positions[id] != nil }
        return items.contains(id)
    }

    func min() -> Int32? { items.min() }
    func makeIterator() -> IndexingIterator<[Int32]> { items.makeIterator() }

    static func == (lhs: SymbolSet, rhs: SymbolSet) -> Bool {
        lhs.items.sorted() == rhs.items.sorted()
    }
}

/// A binary min-heap; duplicates are allowed and validated by the caller.
struct MinHeap<Element: Comparable & Sendable>: Sendable {
    var items: [Element] = []

    var isEmpty: Bool { items.isEmpty }
    var first: Element? { items.first }

    mutating func push(_ element: Element) {
        items.append(element)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if items[parent] <= items[i] { break }
            items.swapAt(parent, i)
            i = parent
        }
    }

    mutating func pop() -> Element? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            let n = items.count
            while true {
                let l = 2 * i + 1
                let r = l + 1
                var m = i
                if l < n && items[l] < items[m] { m = l }
                if r < n && items[r] < items[m] { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
        }
        return first
    }

    mutating func removeAll() { items.removeAll(keepingCapacity: true) }
}

/// Symbols popped smallest id first (Bland's rule).
typealias SymbolHeap = MinHeap<Int32>

/// A definition in expansion order: the newest (largest stamp) first.
struct NewestFirst: Comparable, Sendable {
    var stamp: Int32
    var symbol: Int32

    static func < (lhs: NewestFirst, rhs: NewestFirst) -> Bool {
        (lhs.stamp, lhs.symbol) > (rhs.stamp, rhs.symbol)
    }
}
