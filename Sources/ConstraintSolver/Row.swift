// A sparse row of the simplex tableau: `constant + Σ coefficient·symbol`, terms kept
// sorted by symbol id so that iteration order, and therefore every pivoting decision,
// is deterministic.

/// Constants (and the few coefficients tested on their own) whose magnitude is below this
/// are treated as zero.
let nearZeroEpsilon = 1.0e-8

@inline(__always) func nearZero(_ value: Double) -> Bool {
    value < nearZeroEpsilon && value > -nearZeroEpsilon
}

/// A coefficient whose magnitude is below this is dropped outright.
let negligibleCoefficient = 1.0e-12

/// The sum of two coefficients is zero when it is smaller than this fraction of the larger
/// of them: what is left is the rounding of the two, not a term.
let cancellationTolerance = 1.0e-10

/// Whether the coefficient `sum = a + b` is zero: negligible outright, or the rounding left by
/// `a` and `b` cancelling. Relative, because coefficients differ in scale by orders of
/// magnitude (100 · 0.01 · 0.25 …): an absolute threshold dropped small real terms, whose loss
/// a later pivot on a large coefficient amplified until a required constraint broke.
@inline(__always) func cancels(_ sum: Double, _ a: Double, _ b: Double) -> Bool {
    let s = abs(sum)
    return s < negligibleCoefficient || s <= cancellationTolerance * max(abs(a), abs(b))
}

/// The sum of two constants is zero when it is smaller than this fraction of the larger of
/// them (a few hundred units in the last place). Much tighter than for coefficients: a
/// constant is a value, and a real difference of 1e-5 between two values of 10^7 is 10^-12
/// of them (found by fuzzing: `v0 == 0` off by 2e-4 when it was taken for rounding).
let constantCancellationTolerance = 1.0e-13

/// The constant `a + b`, or exactly 0 when it is only the rounding of `a` and `b`: a phase one
/// that reaches zero in exact arithmetic leaves the rounding of its operands (6e-8 when they
/// are 5e8), which an absolute test took for a conflict.
@inline(__always) func sumCancelling(_ a: Double, _ b: Double) -> Double {
    let sum = a + b
    return abs(sum) <= constantCancellationTolerance * max(abs(a), abs(b)) ? 0 : sum
}

/// A simplex pivot needs an element larger than this fraction of its row's largest
/// coefficient; smaller ones are taken for rounding residue (terms that cancel in exact
/// arithmetic). Larger than ``cancellationTolerance``: residue grows with every pivot on a
/// small but real element, and fuzzing found residue of 1.5e-10 of its row chosen as a
/// pivot (phase one then moved a required equality by 4e-3).
let pivotTolerance = 1.0e-8

/// A row is only solved for a symbol (made its definition or basic row) when the symbol's
/// coefficient is at least this fraction of the row's largest: threshold pivoting, as sparse
/// LU factorisations do (u = 0.01). Dividing by a coefficient 10^-6 of the others, as this
/// solver once allowed, multiplies their rounding by up to 10^6: fuzzing found required
/// equalities off by 3e-6 to 8e-4 that way. Other subjects (the constraint's own slack or
/// error, or phase one) are always available, so a stricter rule costs nothing but a pivot.
let subjectThreshold = 1.0e-2

/// A phase one that pivots on an element below this fraction of its row's largest has its
/// verdict checked by a fresh build (see `Solver.add`); next to dummies, a term below this
/// fraction of the largest dummy's is rounding (see `Solver.artificialRowSubject`).
let phaseOneCheckThreshold = 1.0e-6

/// The tableau is rebuilt once the pivots since the last rebuild may have multiplied
/// rounding by more than this (see `Solver.noteElement`).
let amplificationLimit = 1.0e6

/// Past this ``Solver/amplification``, every operation checks the required constraints for
/// drift (`Solver.requiredDrift()`); layouts never get there.
let driftCheckAmplification = 10.0

/// Drift of the required constraints, relative to the largest value held and after refinement,
/// past which the tableau is rebuilt at once, and a verdict checked by its consequence is
/// overturned (see `Solver.drifts()`).
let driftTolerance = 1.0e-11

/// A term of a new constraint's expanded row at most this fraction of the largest product the
/// expansion summed is its rounding (see `Solver.dropExpansionRounding`): ten times the
/// rounding fuzzing found (1.4e-10), a hundredth of the pivot tolerance.
let expansionRoundingTolerance = 1.0e-9

/// A removal whose marker pivot uses a coefficient below this fraction of its row's largest
/// rebuilds the tableau afterwards (see `Solver.remove`).
let removalRebuildThreshold = 1.0e-3

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
    mutating func insert(_ symbol: Int32, _ coefficient: Double) {
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
    @discardableResult
    mutating func remove(_ symbol: Int32) -> Double {
        let r = search(symbol)
        guard r.found else { return 0 }
        return terms.remove(at: r.index).coefficient
    }

    mutating func reverseSign() {
        constant = -constant
        for k in terms.indices { terms[k].coefficient = -terms[k].coefficient }
    }

    /// Solves `0 = self` for `symbol`, which must be in the row: the row becomes the
    /// expression equal to `symbol`.
    mutating func solve(for symbol: Int32) {
        let c = remove(symbol)
        let factor = -1.0 / c
        constant *= factor
        for k in terms.indices { terms[k].coefficient *= factor }
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

/// An unordered set of symbol ids. The first two live inline (most symbols are used by one
/// or two rows, so most sets never allocate); the rest go to an array, with a position index
/// once it grows large. The whole set is 24 bytes, which keeps the per-symbol arrays compact.
/// Callers never insert an id that is already present; equality ignores order.
struct SymbolSet: Sendable, Sequence, Equatable {
    /// Inline members; -1 when empty. `second` is only used when `first` is, and `overflow`
    /// only when both are.
    var first: Int32 = -1
    var second: Int32 = -1
    var overflow: [Int32] = []
    /// Position of each id in `overflow`, once it holds more than 32 ids: an open-addressing
    /// table of (id, position) pairs, id -1 for an empty bucket; empty while unused.
    var positions: [Int32] = []

    var isEmpty: Bool { first < 0 }
    var count: Int { (first >= 0 ? 1 : 0) + (second >= 0 ? 1 : 0) + overflow.count }

    /// The members as an array (in iteration order).
    var items: [Int32] { Array(self) }

    /// Adds an id known not to be present.
    @inline(__always) mutating func insert(_ id: Int32) {
        if first < 0 {
            first = id
        } else if second < 0 {
            second = id
        } else {
            overflow.append(id)
            if !positions.isEmpty {
                if overflow.count * 4 > positions.count {
                    rebuildPositions()
                } else {
                    setPosition(id, Int32(overflow.count - 1))
                }
            } else if overflow.count > 32 {
                rebuildPositions()
            }
        }
    }

    /// Removes an id (nothing happens when it is absent). The last member takes its place.
    mutating func remove(_ id: Int32) {
        let last: Int32
        if let l = overflow.last {
            overflow.removeLast()
            if !positions.isEmpty { removePosition(l) }
            last = l
        } else if second >= 0 {
            last = second
            second = -1
        } else if first >= 0 {
            last = first
            first = -1
        } else {
            return
        }
        if last == id { return }
        if first == id {
            first = last
        } else if second == id {
            second = last
        } else {
            let index: Int?
            if !positions.isEmpty {
                index = position(of: id).map { Int($0) }
            } else {
                index = overflow.lastIndex(of: id)
            }
            guard let k = index else {
                insert(last)  // absent: put the popped member back
                return
            }
            overflow[k] = last
            if !positions.isEmpty {
                setPosition(last, Int32(k))
                removePosition(id)
            }
        }
    }

    func contains(_ id: Int32) -> Bool {
        if id < 0 { return false }
        if first == id || second == id { return true }
        if !positions.isEmpty { return position(of: id) != nil }
        return overflow.contains(id)
    }

    func min() -> Int32? {
        if first < 0 { return nil }
        var m = first
        if second >= 0 && second < m { m = second }
        for v in overflow where v < m { m = v }
        return m
    }

    // MARK: Position index (buckets of two Int32: id, position)

    /// Symbol ids are small dense integers, and a large set (a widely used variable's column)
    /// mostly gains recently created symbols: the id itself is the hash, so those land in
    /// neighbouring buckets.
    @inline(__always) private func home(_ id: Int32, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: id) & mask
    }

    private func position(of id: Int32) -> Int32? {
        let mask = positions.count / 2 - 1
        var i = home(id, mask)
        while true {
            let key = positions[2 * i]
            if key == id { return positions[2 * i + 1] }
            if key < 0 { return nil }
            i = (i + 1) & mask
        }
    }

    private mutating func setPosition(_ id: Int32, _ position: Int32) {
        let mask = positions.count / 2 - 1
        var i = home(id, mask)
        while true {
            let key = positions[2 * i]
            if key == id || key < 0 {
                positions[2 * i] = id
                positions[2 * i + 1] = position
                return
            }
            i = (i + 1) & mask
        }
    }

    private mutating func removePosition(_ id: Int32) {
        let mask = positions.count / 2 - 1
        var i = home(id, mask)
        while positions[2 * i] != id {
            if positions[2 * i] < 0 { return }
            i = (i + 1) & mask
        }
        positions[2 * i] = -1
        var j = i
        while true {
            j = (j + 1) & mask
            let key = positions[2 * j]
            if key < 0 { break }
            let h = home(key, mask)
            let stays = i <= j ? (i < h && h <= j) : (i < h || h <= j)
            if !stays {
                positions[2 * i] = key
                positions[2 * i + 1] = positions[2 * j + 1]
                positions[2 * j] = -1
                i = j
            }
        }
    }

    /// Rebuilds the index with room for twice the members (load at most 1/2).
    private mutating func rebuildPositions() {
        var buckets = 64
        while buckets < overflow.count * 2 { buckets *= 2 }
        positions = [Int32](repeating: -1, count: 2 * buckets)
        for (k, v) in overflow.enumerated() { setPosition(v, Int32(k)) }
    }

    struct Iterator: IteratorProtocol {
        let set: SymbolSet
        var position = 0
        @inline(__always) mutating func next() -> Int32? {
            defer { position += 1 }
            switch position {
            case 0: return set.first >= 0 ? set.first : nil
            case 1: return set.second >= 0 ? set.second : nil
            default:
                let k = position - 2
                return k < set.overflow.count ? set.overflow[k] : nil
            }
        }
    }

    func makeIterator() -> Iterator { Iterator(set: self) }

    static func == (lhs: SymbolSet, rhs: SymbolSet) -> Bool {
        lhs.count == rhs.count && lhs.sorted() == rhs.sorted()
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

/// Watches the primal simplex for cycles that rounding causes (see `Solver.optimize`).
///
/// It only starts after more pivots than an optimisation of that many rows needs, so it
/// costs nothing in ordinary solves. It then records the entering symbols; when one enters
/// again with its reduced cost at the same level, the pivots since then form a cycle, and
/// the entering symbol of the cycle whose cost is smallest relative to the largest of its
/// level is the suspect whose cost is rounding. Levels do not decide: fuzzing found a cycle
/// driven by a level-750 cost of 1.2e-8 next to costs of 50, while the least significant
/// level's costs of 2 were real, and clearing those never ended it (finding 38).
struct CycleGuard {
    /// Pivots after which an optimisation of `rows` rows is watched.
    static func watchAfter(rows: Int) -> Int { 10 * rows + 100 }
    /// Pivots after which an optimisation is given up (a backstop: each cycle found clears a
    /// cost, so this is not reached in practice).
    static func giveUpAfter(rows: Int) -> Int { 1000 * rows + 10_000 }

    /// Entering symbols since watching began: (symbol, leading level, magnitude of its cost
    /// relative to the largest of that level).
    var entered: [(symbol: Int32, level: Int, cost: Double)] = []
    /// Position in `entered` of each symbol's last entry.
    var last: [Int32: Int] = [:]
    /// Symbols whose leading cost was taken for rounding; cleared when they leave the basis.
    var suspects: Set<Int32> = []

    /// Records that `symbol` enters; returns the suspect when this closes a cycle.
    mutating func note(_ symbol: Int32, level: Int, cost: Double) -> Int32? {
        defer {
            last[symbol] = entered.count
            entered.append((symbol, level, cost))
        }
        guard let previous = last[symbol], entered[previous].level == level else { return nil }
        var suspect = entered[previous]
        for e in entered[previous...] where e.cost < suspect.cost { suspect = e }
        // The cycle is handled: watching starts afresh.
        entered.removeAll(keepingCapacity: true)
        last.removeAll(keepingCapacity: true)
        return suspect.symbol
    }
}
