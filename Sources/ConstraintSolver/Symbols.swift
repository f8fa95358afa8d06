// Symbols: the unknowns of the tableau. Every variable, slack, error and dummy gets an `Int32`
// id in order of creation, and all per-symbol storage is arrays indexed by it; the sets and
// heaps of ids here keep every decision deterministic (smallest id first).

extension Tableau {
    /// What a symbol stands for: a variable of the model, the slack of an inequality, an error
    /// of an optional constraint, or the dummy marker of a required equality.
    enum Kind: UInt8, Sendable {
        case external, slack, error, dummy
    }

    /// Small per-symbol bookkeeping, kept in one array so that a new symbol costs one append.
    /// (The fields are ordered so that the record packs into 32 bytes.)
    struct SymbolInfo: Sendable {
        /// For an external symbol, its variable.
        var variable: Variable? = nil
        /// For an external symbol, the value last reported by ``updateVariables()``.
        var reported: Double = 0
        /// Creation stamp of the symbol's definition (expansion order).
        var stamp: Int32 = 0
        /// For an external variable, the number of constraints that use it.
        var uses: Int32 = 0
        /// For a marker or error symbol, the slot in ``constraints`` of its constraint, or -1.
        var owner: Int32 = -1
        /// What the symbol is.
        var kind: Kind

        init(kind: Kind) { self.kind = kind }
    }
    /// The kind of every symbol (for tests; the solver reads `symbolInfo`).
    var kinds: [Kind] { symbolInfo.map(\.kind) }
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
