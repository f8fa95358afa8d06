// Symbols: the unknowns of the tableau. Every variable, slack, error and dummy gets an `Int32`
// id in order of creation; what the tableau keeps per symbol is one record in a table indexed
// by it, and its tableau row in an array beside; the sets and heaps of ids here keep every
// decision deterministic (smallest id first).

extension Tableau {
    /// What a symbol stands for: a variable of the model, the slack of an inequality, an error
    /// of an optional constraint, or the dummy marker of a required equality.
    enum Kind: UInt8, Sendable {
        case external, slack, error, dummy
    }

    /// The symbols' records, indexed by symbol id, in chunks that never move
    /// (ChunkedArray.swift).
    typealias SymbolTable = ChunkedArray<SymbolRecord>

    /// What the tableau keeps per symbol besides its tableau row (``Tableau/rowOf``), in one
    /// record, so that a new symbol is one append and the walks that read several of these
    /// for one symbol touch one place: 64 bytes (`StorageTests.testPerSymbolRecordsAreCompact`).
    /// What only a variable's symbol needs is in ``External``.
    struct SymbolRecord: Sendable {
        /// The symbol's lazy definition when it is a defined variable; it may refer to any
        /// other symbol (acyclic).
        var definition: Row? = nil
        /// The basic symbols whose tableau row contains this symbol.
        var column = SymbolSet()
        /// The defined variables whose definition refers to this symbol directly.
        var definitionUsers = SymbolSet()
        /// Creation stamp of the symbol's definition (expansion order).
        var stamp: Int32 = 0
        /// For an external symbol, its index in ``Tableau/externals``; for a marker or error
        /// symbol, the slot in ``constraints`` of its constraint; otherwise -1.
        var link: Int32 = -1
        /// What the symbol is.
        var kind: Kind

        init(kind: Kind, link: Int32 = -1) {
            self.kind = kind
            self.link = link
        }

        /// For a marker or error symbol, the slot in ``constraints`` of its constraint, or -1.
        var owner: Int32 {
            get { kind == .external ? -1 : link }
            set { if kind != .external { link = newValue } }
        }
    }

    /// What the tableau keeps of a variable's symbol, one record per external symbol in
    /// order of creation (``Tableau/externals``).
    struct External: Sendable {
        /// The variable; nil once no constraint uses it any more.
        var variable: Variable?
        /// The value last reported by ``updateVariables()``.
        var reported: Double = 0
        /// The symbol.
        var symbol: Int32
        /// The number of constraints that use the variable.
        var uses: Int32 = 0
    }

    /// The record of an external symbol.
    @inline(__always) func external(_ s: Int32) -> External { externals[Int(symbols[Int(s)].link)] }
    /// The kind of every symbol (for tests; the solver reads `symbols`).
    var kinds: [Kind] { symbols.map(\.kind) }
}

/// An unordered set of symbol ids. The first two live inline (most symbols are used by one
/// or two rows, so most sets never allocate); the rest go to one array, `more`, which also
/// holds a position index once they number more than 32. The whole set is 16 bytes: the
/// tableau keeps two sets in each symbol's record, and every byte of them is a byte per
/// symbol that the record table writes and faults in as it fills.
/// Callers never insert an id that is already present; equality ignores order.
struct SymbolSet: Sendable, Sequence, Equatable {
    /// Inline members; -1 when empty. `second` is only used when `first` is, and `more`
    /// only when both are.
    var first: Int32 = -1
    var second: Int32 = -1
    /// The members past the first two. Up to 32 of them the array is just those members
    /// ("plain"); beyond, it is "indexed": `[count, index, members…]`, where the index is an
    /// open-addressing table of (id, position) pairs, id -1 for an empty bucket, at most half
    /// full. An indexed array is longer than 32 (its index alone has 64 buckets) and a plain
    /// one is not, so the length tells the two apart. The index stays once built.
    private var more: [Int32] = []

    var isEmpty: Bool { first < 0 }
    var count: Int { (first >= 0 ? 1 : 0) + (second >= 0 ? 1 : 0) + spilled }

    /// The members as an array (in iteration order).
    var items: [Int32] { Array(self) }

    /// Whether `more` carries a position index.
    @inline(__always) private var indexed: Bool { more.count > 32 }
    /// How many members are in `more`.
    @inline(__always) private var spilled: Int { indexed ? Int(more[0]) : more.count }
    /// Where the members start in `more`.
    @inline(__always) private var base: Int { more.count - spilled }

    /// Adds an id known not to be present.
    @inline(__always) mutating func insert(_ id: Int32) {
        if first < 0 {
            first = id
        } else if second < 0 {
            second = id
        } else if more.count < 32 {
            more.append(id)
        } else {
            insertIndexed(id)
        }
    }

    /// ``insert(_:)`` of a member past the 32nd: builds the index, or adds to it.
    private mutating func insertIndexed(_ id: Int32) {
        guard indexed else {
            rebuildIndex(more + [id])
            return
        }
        let m = Int(more[0]) + 1
        let buckets = (more.count - m) / 2  // `more` is [count, buckets × 2, m - 1 members]
        if m * 2 > buckets {  // more than half of the buckets
            rebuildIndex(Array(more[(more.count - m + 1)...]) + [id])
            return
        }
        // The count, the member and its position written through one buffer access: the
        // widely used symbols' columns take most of their members here.
        more.append(id)
        more.withUnsafeMutableBufferPointer { b in
            b[0] = Int32(m)
            Self.setPosition(id, Int32(m - 1), buckets - 1, b)
        }
    }

    /// Removes an id (nothing happens when it is absent). The last member takes its place.
    mutating func remove(_ id: Int32) {
        let last: Int32
        let m = spilled
        if m > 0 {
            last = more.removeLast()
            if indexed {
                more[0] = Int32(m - 1)
                removePosition(last)
            }
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
            let start = base
            let index: Int?
            if indexed {
                index = position(of: id).map { start + Int($0) }
            } else {
                index = more.lastIndex(of: id)
            }
            guard let k = index else {
                insert(last)  // absent: put the popped member back
                return
            }
            more[k] = last
            if indexed {
                setPosition(last, Int32(k - start))
                removePosition(id)
            }
        }
    }

    func contains(_ id: Int32) -> Bool {
        if id < 0 { return false }
        if first == id || second == id { return true }
        if indexed { return position(of: id) != nil }
        return more.contains(id)
    }

    func min() -> Int32? {
        if first < 0 { return nil }
        var m = first
        if second >= 0 && second < m { m = second }
        for v in more[base...] where v < m { m = v }
        return m
    }

    // MARK: Position index (buckets of two Int32 at more[1...]: id, position)

    /// Symbol ids are small dense integers, and a large set (a widely used variable's column)
    /// mostly gains recently created symbols: the id itself is the hash, so those land in
    /// neighbouring buckets.
    @inline(__always) private func home(_ id: Int32, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: id) & mask
    }

    /// The bucket mask of the index (its bucket count is a power of two).
    @inline(__always) private var mask: Int { (more.count - Int(more[0]) - 1) / 2 - 1 }

    private func position(of id: Int32) -> Int32? {
        let mask = mask
        return more.withUnsafeBufferPointer { b in
            var i = home(id, mask)
            while true {
                let key = b[1 + 2 * i]
                if key == id { return b[2 + 2 * i] }
                if key < 0 { return nil }
                i = (i + 1) & mask
            }
        }
    }

    private mutating func setPosition(_ id: Int32, _ position: Int32) {
        let mask = mask
        more.withUnsafeMutableBufferPointer { Self.setPosition(id, position, mask, $0) }
    }

    @inline(__always)
    private static func setPosition(
        _ id: Int32, _ position: Int32, _ mask: Int, _ b: UnsafeMutableBufferPointer<Int32>
    ) {
        var i = Int(truncatingIfNeeded: id) & mask
        while true {
            let key = b[1 + 2 * i]
            if key == id || key < 0 {
                b[1 + 2 * i] = id
                b[2 + 2 * i] = position
                return
            }
            i = (i + 1) & mask
        }
    }

    private mutating func removePosition(_ id: Int32) {
        let mask = mask
        more.withUnsafeMutableBufferPointer { b in
            var i = Int(truncatingIfNeeded: id) & mask
            while b[1 + 2 * i] != id {
                if b[1 + 2 * i] < 0 { return }
                i = (i + 1) & mask
            }
            b[1 + 2 * i] = -1
            var j = i
            while true {
                j = (j + 1) & mask
                let key = b[1 + 2 * j]
                if key < 0 { break }
                let h = Int(truncatingIfNeeded: key) & mask
                let stays = i <= j ? (i < h && h <= j) : (i < h || h <= j)
                if !stays {
                    b[1 + 2 * i] = key
                    b[2 + 2 * i] = b[2 + 2 * j]
                    b[1 + 2 * j] = -1
                    i = j
                }
            }
        }
    }

    /// Lays `more` out indexed for `members`, with room for twice them (load at most 1/2).
    private mutating func rebuildIndex(_ members: [Int32]) {
        var buckets = 64
        while buckets < members.count * 2 { buckets *= 2 }
        var fresh = [Int32](repeating: -1, count: 1 + 2 * buckets)
        fresh.reserveCapacity(1 + 2 * buckets + 2 * members.count)
        fresh[0] = Int32(members.count)
        fresh.append(contentsOf: members)
        fresh.withUnsafeMutableBufferPointer { b in
            for (k, v) in members.enumerated() { Self.setPosition(v, Int32(k), buckets - 1, b) }
        }
        more = fresh
    }

    struct Iterator: IteratorProtocol {
        let set: SymbolSet
        var position = 0
        let base: Int
        init(set: SymbolSet) {
            self.set = set
            self.base = set.base
        }
        @inline(__always) mutating func next() -> Int32? {
            defer { position += 1 }
            switch position {
            case 0: return set.first >= 0 ? set.first : nil
            case 1: return set.second >= 0 ? set.second : nil
            default:
                let k = base + position - 2
                return k < set.more.count ? set.more[k] : nil
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
