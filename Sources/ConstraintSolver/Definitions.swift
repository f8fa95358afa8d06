// The lazy-definition layer: variables that a constraint introduces are defined by it
// (`x := row`) outside the tableau, so chains of views never make the tableau dense. Here:
// when a variable can be defined, expansion of definitions (sparse and in a dense workspace,
// bit for bit the same), and evaluation of every value through a compiled program.

extension Tableau {
    // MARK: - Definitions

    /// Whether `p` can be defined by a row whose unexpanded definitions are those in `row`:
    /// an external symbol outside the tableau and objective, and no definition it feeds
    /// (directly or not) occurs in the row, so no cycle can form.
    /// Inlined, as ``wellConditioned(_:in:)`` is: ``expandInWorkspace(_:findCandidate:)`` calls
    /// both from a mutating context, where a call copied the whole tableau first.
    @inline(__always)
    func canDefine(_ p: Int32, in row: Row) -> Bool {
        canDefine(p) { row.coefficient(for: $0) != 0 }
    }

    /// ``canDefine(_:in:)`` for a row given by its membership test.
    @inline(__always)
    func canDefine(_ p: Int32, rowHolds: (Int32) -> Bool) -> Bool {
        guard symbols[Int(p)].kind == .external, rowOf[Int(p)] == nil, symbols[Int(p)].definition == nil,
            symbols[Int(p)].column.isEmpty
        else { return false }
        for k in objective.indices where objective[k][Int(p)] != 0 { return false }
        if symbols[Int(p)].definitionUsers.isEmpty { return true }
        var seen: [Int32] = []
        var stack = Array(symbols[Int(p)].definitionUsers)
        while let d = stack.popLast() {
            if seen.contains(d) { continue }
            seen.append(d)
            if seen.count > definitionSearchLimit { return false }
            if rowHolds(d) { return false }
            stack.append(contentsOf: symbols[Int(d)].definitionUsers)
        }
        return true
    }

    /// Expands defined symbols in `row`, newest definition first. With `findCandidate`, stops
    /// as soon as the row holds a symbol that can be defined by it and returns that symbol
    /// (the newest such); otherwise expands fully and returns -1.
    ///
    /// This sparse version serves ``range(of:)`` (with ``substituteBasics(_:)``) and is the
    /// reference that ``expandInWorkspace(_:findCandidate:)`` matches bit for bit.
    func expand(_ row: inout Row, findCandidate: Bool) -> Int32 {
        var heap = MinHeap<NewestFirst>()
        for id in row.ids where symbols[Int(id)].definition != nil {
            heap.push(NewestFirst(stamp: symbols[Int(id)].stamp, symbol: id))
        }
        if findCandidate {
            for id in row.ids.reversed() where canDefine(id, in: row) && wellConditioned(id, in: row) {
                return id
            }
        }
        while let next = heap.pop() {
            let d = next.symbol
            let c = row.coefficient(for: d)
            if c == 0 { continue }
            guard let def = symbols[Int(d)].definition else { continue }
            row.replace(d, by: def, c)
            for id in def.ids where symbols[Int(id)].definition != nil && row.coefficient(for: id) != 0 {
                heap.push(NewestFirst(stamp: symbols[Int(id)].stamp, symbol: id))
            }
            if findCandidate {
                var best: Int32 = -1
                for id in def.ids
                where id > best && row.coefficient(for: id) != 0 && canDefine(id, in: row)
                    && wellConditioned(id, in: row)
                {
                    best = id
                }
                if best >= 0 { return best }
            }
        }
        return -1
    }

    /// ``expand(_:findCandidate:)`` followed, when no candidate is returned, by
    /// ``substituteBasics(_:)``, computed in a dense scratch workspace.
    ///
    /// The arithmetic is exactly that of the sparse version (the same products added in the
    /// same order, the same near-zero drops), so results are bit-identical; only the cost
    /// differs: each term of an expanded definition is one indexed add instead of a merge
    /// that shifts the row, and membership tests are array reads instead of binary searches.
    mutating func expandInWorkspace(_ row: inout Row, findCandidate: Bool) -> Int32 {
        if findCandidate {
            let candidate = definableTerm(of: row)
            if candidate >= 0 { return candidate }
        }
        var heap = MinHeap<NewestFirst>()
        swap(&heap, &expansionHeap)
        var work: [Double] = []
        swap(&work, &workspace)
        var touched: [Int32] = []
        swap(&touched, &workspaceTouched)
        cover(&work)
        // The row's storage is kept for the next new row once the expansion has replaced it.
        var replaced = row.terms
        let candidate = expandCore(
            &row, findCandidate: findCandidate, heap: &heap, work: &work, touched: &touched)
        swap(&heap, &expansionHeap)
        swap(&work, &workspace)
        swap(&touched, &workspaceTouched)
        if spareTerms.capacity < replaced.capacity {
            replaced.removeAll(keepingCapacity: true)
            spareTerms = replaced
        }
        return candidate
    }

    /// The newest symbol of `row` that the row can define as it stands (``canDefine(_:in:)``
    /// and ``wellConditioned(_:in:)``), or -1: the first test of
    /// ``expandInWorkspace(_:findCandidate:)``, which most constraints of a layout pass (a view
    /// defined by the constraint that introduces it). The row's scale is found once and the
    /// cheap coefficient test runs before the search of the definitions. Inlined: called from
    /// a mutating context, a call copied the whole tableau (401 bytes) first.
    @inline(__always)
    func definableTerm(of row: Row) -> Int32 {
        let smallest = subjectThreshold * row.largestMagnitude
        return row.terms.withUnsafeBufferPointer { terms in
            var k = terms.count
            while k > 0 {
                k -= 1
                let t = terms[k]
                if abs(t.coefficient) >= smallest && canDefine(t.id, in: row) { return t.id }
            }
            return -1
        }
    }

    /// The body of ``expandInWorkspace(_:findCandidate:)``. Non-mutating, with the scratch
    /// passed in, so that reading the solver inside the loops never copies it.
    ///
    /// `touched` lists the ids whose workspace entry became nonzero, in its first `listed`
    /// entries; the array only grows, and ids are written into room made beforehand
    /// (``list(_:_:_:_:_:)``), so that listing one is a store rather than an `append` with its
    /// uniqueness and capacity checks (two of every three ids of the 1,000-row feed).
    func expandCore(
        _ row: inout Row, findCandidate: Bool, heap: inout MinHeap<NewestFirst>,
        work: inout [Double], touched: inout [Int32]
    ) -> Int32 {
        heap.removeAll()
        var listed = 0
        return work.withUnsafeMutableBufferPointer { w in
            var constant = row.constant
            var candidate: Int32 = -1
            // The row's own terms are set, not added as ``list(_:_:_:_:_:)`` adds: every one is
            // listed and keeps its coefficient as it is.
            row.terms.withUnsafeBufferPointer { terms in
                Self.lengthen(&touched, to: terms.count)
                touched.withUnsafeMutableBufferPointer { ids in
                    for (k, t) in terms.enumerated() {
                        w[Int(t.id)] = t.coefficient
                        ids[k] = t.id
                    }
                }
                listed = terms.count
                for t in terms where symbols[Int(t.id)].definition != nil {
                    Self.push(NewestFirst(stamp: symbols[Int(t.id)].stamp, symbol: t.id), &heap.items)
                }
            }
            // The definitions are read in place, through the records: a copy of each
            // (`let def = symbols[d].definition`) retained and released its terms, two calls per
            // definition expanded.
            symbols.withUnsafeElements { records in
                expansion: while let next = Self.popNewest(&heap.items) {
                    let d = Int(next.symbol)
                    let c = w[d]
                    if c == 0 || records[d].definition == nil { continue }
                    w[d] = 0
                    constant = sumCancelling(constant, records[d].definition.unsafelyUnwrapped.constant * c)
                    records[d].definition.unsafelyUnwrapped.terms.withUnsafeBufferPointer { terms in
                        Self.list(terms, c, w, &touched, &listed)
                        // The ids of a definition are distinct, so each one's coefficient is final.
                        for t in terms where records[Int(t.id)].definition != nil && w[Int(t.id)] != 0 {
                            Self.push(NewestFirst(stamp: records[Int(t.id)].stamp, symbol: t.id), &heap.items)
                        }
                        if findCandidate {
                            var best: Int32 = -1
                            for t in terms
                            where t.id > best && w[Int(t.id)] != 0
                                && canDefine(t.id, rowHolds: { w[Int($0)] != 0 })
                                && Self.wellConditioned(t.id, w, touched, listed)
                            {
                                best = t.id
                            }
                            candidate = best
                        }
                    }
                    if candidate >= 0 { break expansion }
                }
            }
            var sorted = false
            var sortedCount = 0
            // The ids whose terms cancelled are dropped before sorting (about half of a chain's):
            // every later pass skips them, and an id that becomes nonzero again is listed anew.
            listed = Self.dropCancelled(&touched, listed, w)
            if candidate < 0 {
                // Basic symbols, in increasing id order, replaced by their rows (which hold
                // parametric symbols only).
                Self.sort(&touched, listed)
                sorted = true
                sortedCount = listed
                rowOf.withUnsafeBufferPointer { rows in
                    for k in 0..<sortedCount {
                        let id = Int(touched[k])
                        if k > 0 && touched[k - 1] == touched[k] { continue }
                        let c = w[id]
                        if c == 0 || rows[id] == nil { continue }
                        w[id] = 0
                        constant = sumCancelling(constant, rows[id].unsafelyUnwrapped.constant * c)
                        rows[id].unsafelyUnwrapped.terms.withUnsafeBufferPointer {
                            Self.list($0, c, w, &touched, &listed)
                        }
                    }
                }
            }
            // Gather the nonzero terms in id order and clear the workspace. (A list sorted before
            // the basic rows were substituted only needs sorting again if they added ids.)
            if !sorted || listed > sortedCount { Self.sort(&touched, listed) }
            return touched.withUnsafeBufferPointer { ids in
                // Sized to the terms that remain plus two spare (a pivot's `solve(for:_:)`
                // inserts one): `touched` also lists the ids that cancelled, most of a chain's,
                // and the row is kept, as a definition or in the tableau.
                var remaining = 2
                for k in 0..<listed where (k == 0 || ids[k - 1] != ids[k]) && w[Int(ids[k])] != 0 {
                    remaining += 1
                }
                var result = Row(constant: constant)
                result.terms.reserveCapacity(remaining)
                for k in 0..<listed {
                    let id = ids[k]
                    if k > 0 && ids[k - 1] == id { continue }
                    let v = w[Int(id)]
                    if v != 0 {
                        result.terms.append(Row.Entry(id: id, coefficient: v))
                        w[Int(id)] = 0
                    }
                }
                row = result
                return candidate
            }
        }
    }

    /// Keeps the first `listed` ids of `touched` whose workspace entry is not zero, in their
    /// order; returns how many remain.
    @inline(__always)
    static func dropCancelled(_ touched: inout [Int32], _ listed: Int, _ w: UnsafeMutableBufferPointer<Double>) -> Int {
        touched.withUnsafeMutableBufferPointer { t in
            var n = 0
            for k in 0..<listed where w[Int(t[k])] != 0 {
                t[n] = t[k]
                n += 1
            }
            return n
        }
    }

    /// Sorts the first `listed` ids of `touched`.
    @inline(__always)
    static func sort(_ touched: inout [Int32], _ listed: Int) {
        touched.withUnsafeMutableBufferPointer { t in
            var prefix = UnsafeMutableBufferPointer(rebasing: t[0..<listed])
            prefix.sort()
        }
    }

    /// ``MinHeap/push(_:)`` on the heap's storage, through its buffer: `expandCore` pushes and
    /// pops a few definitions per constraint, and the generic heap's calls and uniqueness
    /// checks cost more than the sifting. A heap pops its elements in order whatever their
    /// arrangement, so the definitions are expanded in the same order.
    @inline(__always)
    static func push(_ element: NewestFirst, _ items: inout [NewestFirst]) {
        items.append(element)
        items.withUnsafeMutableBufferPointer { a in
            var i = a.count - 1
            while i > 0 {
                let parent = (i - 1) >> 1
                if !(element < a[parent]) { break }
                a[i] = a[parent]
                i = parent
            }
            a[i] = element
        }
    }

    /// ``MinHeap/pop()`` on the heap's storage (see ``push(_:_:)``).
    @inline(__always)
    static func popNewest(_ items: inout [NewestFirst]) -> NewestFirst? {
        guard let last = items.popLast() else { return nil }
        let n = items.count
        if n == 0 { return last }
        return items.withUnsafeMutableBufferPointer { a in
            let top = a[0]
            var i = 0
            while true {
                let l = 2 * i + 1
                if l >= n { break }
                var m = l
                if l + 1 < n && a[l + 1] < a[l] { m = l + 1 }
                if !(a[m] < last) { break }
                a[i] = a[m]
                i = m
            }
            a[i] = last
            return top
        }
    }

    /// Adds `c · terms` to the workspace, dropping near-zero results exactly as
    /// ``Row/merge(_:_:dropping:track:added:removed:)`` does, and lists the newly nonzero ids
    /// after the first `listed` entries of `touched` (made long enough first: it only grows).
    @inline(__always)
    static func list(
        _ terms: UnsafeBufferPointer<Row.Entry>, _ c: Double, _ w: UnsafeMutableBufferPointer<Double>,
        _ touched: inout [Int32], _ listed: inout Int
    ) {
        lengthen(&touched, to: listed + terms.count)
        touched.withUnsafeMutableBufferPointer { ids in
            var n = listed
            for t in terms {
                let old = w[Int(t.id)]
                let v = coefficientSum(old, t.coefficient * c)
                if old == 0 && v != 0 {
                    ids[n] = t.id
                    n += 1
                }
                w[Int(t.id)] = v
            }
            listed = n
        }
    }

    /// ``wellConditioned(_:in:)`` for a row held in the workspace.
    @inline(__always)
    static func wellConditioned(
        _ id: Int32, _ work: UnsafeMutableBufferPointer<Double>, _ touched: [Int32], _ listed: Int
    ) -> Bool {
        var largest = 0.0
        for k in 0..<listed { largest = Swift.max(largest, abs(work[Int(touched[k])])) }
        return abs(work[Int(id)]) >= subjectThreshold * largest
    }

    /// Symbol `s` written in parametric symbols only: its definitions expanded and the basic
    /// symbols they reach replaced by their rows (the sparse path, for the ambiguity queries).
    func parametricRow(of s: Int32) -> Row {
        var row = Row()
        row.insert(s, 1)
        _ = expand(&row, findCandidate: false)
        substituteBasics(&row)
        return row
    }

    /// Replaces tableau-basic symbols in `row` by their rows.
    func substituteBasics(_ row: inout Row) {
        let basics = row.ids.filter { rowOf[Int($0)] != nil }
        for id in basics {
            guard let basic = rowOf[Int(id)] else { continue }
            let c = row.coefficient(for: id)
            if c != 0 { row.replace(id, by: basic, c) }
        }
    }

    /// Defines `p` by `row` (`p := row`), with the newest stamp.
    ///
    /// The stamps order expansion (newest first) and must be topological: a definition is
    /// newer than every definition it refers to, so that expanding newest first reaches each
    /// defined symbol only after every definition in the row that refers to it, and its terms
    /// gather into one coefficient before it is expanded, once. A variable that definitions
    /// already refer to can be defined (``canDefine(_:in:)``); those definitions, and the ones
    /// that refer to them in turn, are then older than `p`, and are restamped after it. Without
    /// that, in a stack of cells each cell's top was defined after the cell's inner views had
    /// been defined in terms of it, and expanding a view's height walked the chain of cells to
    /// the top of the stack and back, once with each sign, before the two walks cancelled
    /// (`testExpansionStampsStayTopological`).
    mutating func define(_ p: Int32, _ row: Row) {
        definitionsChanged()
        Self.insert(p, intoSetsOf: row, &symbols, .definitionUsers)
        symbols[Int(p)].definition = row
        symbols[Int(p)].stamp = nextStamp
        nextStamp += 1
        definitionCount += 1
        if !symbols[Int(p)].definitionUsers.isEmpty { restampUsers(of: p) }
    }

    /// Forgets the compiled program and the first evaluation, as a definition was added,
    /// changed or dropped: the next ``updateVariables()`` evaluates the definitions in place.
    @inline(__always) mutating func definitionsChanged() {
        if program != nil { program = nil }
        definitionsEvaluated = false
    }

    /// Gives every definition that refers to `p`, directly or not, a new stamp, each newer than
    /// the definitions it refers to: the reverse postorder of a depth-first search up the
    /// definition-user graph (acyclic, ``canDefine(_:in:)``), in the sets' deterministic order.
    /// A stamp of -1 marks a definition the search has reached.
    mutating func restampUsers(of p: Int32) {
        // Most often no definition refers to the users in turn: the search would emit them in
        // reverse order of the set, which is stamped here without it.
        let users = symbols[Int(p)].definitionUsers
        if users.allSatisfy({ symbols[Int($0)].definitionUsers.isEmpty }) {
            let last = nextStamp + Int32(users.count) - 1
            for (k, user) in users.enumerated() { symbols[Int(user)].stamp = last - Int32(k) }
            nextStamp = last + 1
            return
        }
        var postorder: [Int32] = []
        var stack: [(users: SymbolSet.Iterator, symbol: Int32)] = [(symbols[Int(p)].definitionUsers.makeIterator(), p)]
        while !stack.isEmpty {
            guard let user = stack[stack.count - 1].users.next() else {
                postorder.append(stack.removeLast().symbol)
                continue
            }
            if symbols[Int(user)].stamp < 0 { continue }
            symbols[Int(user)].stamp = -1
            stack.append((symbols[Int(user)].definitionUsers.makeIterator(), user))
        }
        // The postorder ends with `p`, which keeps the stamp it was just given.
        for user in postorder.reversed().dropFirst() {
            symbols[Int(user)].stamp = nextStamp
            nextStamp += 1
        }
    }

    /// Moves a defined variable into the tableau as a basic row (its full expansion).
    mutating func undefine(_ p: Int32) {
        definitionsChanged()
        guard var row = symbols[Int(p)].definition else { return }
        Self.remove(p, fromSetsOf: row, &symbols, .definitionUsers)
        symbols[Int(p)].definition = nil
        definitionCount -= 1
        _ = expandInWorkspace(&row, findCandidate: false)
        putRow(p, row)
    }

    /// Replaces `symbol` by `row` in the definitions that refer to it directly.
    mutating func substituteIntoDefinitions(_ symbol: Int32, _ row: Row) {
        definitionsChanged()
        let users = symbols[Int(symbol)].definitionUsers
        if users.isEmpty { return }
        symbols[Int(symbol)].definitionUsers = SymbolSet()
        var added: [Int32] = []
        var removed: [Int32] = []
        for d in users {
            guard var def = symbols[Int(d)].definition else { continue }
            symbols[Int(d)].definition = nil
            let c = def.coefficient(for: symbol)
            if c != 0 {
                added.removeAll(keepingCapacity: true)
                removed.removeAll(keepingCapacity: true)
                def.merge(row, c, dropping: symbol, track: true, added: &added, removed: &removed)
                for id in removed { symbols[Int(id)].definitionUsers.remove(d) }
                for id in added { symbols[Int(id)].definitionUsers.insert(d) }
            }
            symbols[Int(d)].definition = def
        }
    }

    /// The value of a symbol: row constant when basic, 0 when parametric, or its definition.
    func valueOfSymbol(_ s: Int32) -> Double {
        if let row = rowOf[Int(s)] { return row.constant }
        if symbols[Int(s)].definition == nil { return 0 }
        var memo: [Int32: Double] = [:]
        var stack: [Int32] = [s]
        while let top = stack.last {
            if memo[top] != nil {
                stack.removeLast()
                continue
            }
            guard let def = symbols[Int(top)].definition else {
                memo[top] = rowOf[Int(top)]?.constant ?? 0
                stack.removeLast()
                continue
            }
            var ready = true
            var total = def.constant
            for (id, c) in zip(def.ids, def.coefficients) {
                if let row = rowOf[Int(id)] {
                    total += c * row.constant
                } else if symbols[Int(id)].definition != nil {
                    if let v = memo[id] {
                        total += c * v
                    } else {
                        ready = false
                        stack.append(id)
                    }
                }
            }
            if ready {
                memo[top] = total
                stack.removeLast()
            }
        }
        return memo[s] ?? 0
    }

    /// Definitions flattened in topological order, for fast evaluation.
    struct Program: Sendable {
        var targets: [Int32] = []
        var constants: [Double] = []
        var starts: [Int32] = [0]
        /// The terms of the definitions, each naming where its value is read: `id >= 0` is
        /// the slot of a definition emitted before, `id < 0` the symbol `-1 - id` (a basic
        /// row's constant, or 0). Evaluation then reads no per-symbol table for a term that
        /// is a definition; at 10,000 feed rows those lookups were the most frequent
        /// last-level cache misses of a re-solve.
        var terms: [Row.Entry] = []
        /// Index in `targets` of each defined symbol, -1 otherwise.
        var slot: [Int32] = []
    }

    /// The defined symbols, oldest stamp first, or nil when two share a stamp or one has none
    /// (``restampUsers(of:)`` in progress). Stamps are unique (each is a fresh `nextStamp`),
    /// so a table indexed by stamp sorts them in one pass; when removals have left the stamps
    /// sparse, the pairs are sorted instead.
    func definitionsByStamp() -> [Int32]? {
        let n = symbols.count
        let span = Int(nextStamp)
        if span <= 4 * definitionCount + 1024 {
            var byStamp = [Int32](repeating: -1, count: span)
            var distinct = true
            symbols.withUnsafeElements { records in
                for s in 0..<n where records[s].definition != nil {
                    let stamp = Int(records[s].stamp)
                    guard stamp >= 0, stamp < span, byStamp[stamp] < 0 else {
                        distinct = false
                        return
                    }
                    byStamp[stamp] = Int32(s)
                }
            }
            if !distinct { return nil }
            byStamp.removeAll { $0 < 0 }
            return byStamp
        }
        var pairs: [UInt64] = []
        pairs.reserveCapacity(definitionCount)
        for s in 0..<n where symbols[s].definition != nil {
            let stamp = symbols[s].stamp
            if stamp < 0 { return nil }
            pairs.append(UInt64(UInt32(stamp)) << 32 | UInt64(UInt32(s)))
        }
        pairs.sort()
        return pairs.map { Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }
    }

    /// Flattens the definitions in topological order: every definition follows those it
    /// refers to. The stamps already are such an order (``define(_:_:)`` keeps every
    /// definition newer than the definitions it refers to), so the definitions are emitted
    /// oldest stamp first, each row read once, with no search and no intermediate copy. A
    /// definition that would refer to one not yet emitted (stamps out of order, which
    /// `invariantViolations` reports) falls back to ``compileProgramBySearch()``. Any
    /// topological order gives the same values: each definition is the same sum, in the same
    /// order, of values already computed (`StorageTests.testProgramIgnoresStampOrder`).
    /// - Parameter readingAheadFrom: The number of definitions from which rows are read ahead
    ///   in batches (tests lower it to run that path on small systems).
    func compileProgram(readingAheadFrom threshold: Int = 32_768) -> Program {
        // The number of definitions whose rows are read ahead at once (see below): at 10,000
        // feed rows, 64 took 10 % less time than 16, and 256 no less than 64.
        let prefetchBatch = 64
        let n = symbols.count
        guard let byStamp = definitionsByStamp() else { return compileProgramBySearch() }
        var p = Program()
        // -2 marks a definition not emitted yet: a term that reads it is out of order.
        p.slot = [Int32](repeating: -1, count: n)
        for s in byStamp { p.slot[Int(s)] = -2 }
        p.targets = byStamp
        p.constants.reserveCapacity(byStamp.count)
        p.starts.reserveCapacity(byStamp.count + 1)
        p.terms.reserveCapacity(4 * byStamp.count)
        var ordered = true
        let readsAhead = byStamp.count >= threshold
        symbols.withUnsafeElements { records in
            p.slot.withUnsafeMutableBufferPointer { slot in
                var batch = 0
                while batch < byStamp.count {
                    let end = Swift.min(batch + prefetchBatch, byStamp.count)
                    // Each row's terms are a heap block of their own, and in a large solver
                    // reading one is a cache miss: waited for one at a time, they were two
                    // thirds of the time of this pass (13 ms at 10,000 feed rows). The next
                    // rows' term counts and last (largest) ids are read together first, so
                    // that their misses overlap: the counts reserve the program's room, and
                    // the ids are checked to lie within the slot table read below unchecked.
                    // Below 32,768 definitions (2.5 MB of rows) the rows mostly stay in the
                    // cache and the extra reads cost more than they save (1,000 feed rows:
                    // 14,000 definitions, 0.45 M instructions, build median +0.15 ms).
                    if readsAhead {
                        var upcoming = 0
                        var largest: Int32 = -1
                        for j in batch..<end {
                            upcoming &+= records[Int(byStamp[j])].definition?.terms.count ?? 0
                            largest = Swift.max(largest, records[Int(byStamp[j])].definition?.terms.last?.id ?? -1)
                        }
                        guard Int(largest) < n else {
                            ordered = false
                            return
                        }
                        p.terms.reserveCapacity(p.terms.count + upcoming)
                    }
                    for k in batch..<end {
                        let s = Int(byStamp[k])
                        // The row is read in place through its buffer: binding it (`guard let`)
                        // retained and released its storage twice per definition.
                        let constant = records[s].definition?.constant
                        let read = records[s].definition?.terms.withUnsafeBufferPointer { terms in
                            for t in terms {
                                let q = slot[Int(t.id)]
                                if q == -2 { return false }
                                p.terms.append(Row.Entry(id: q >= 0 ? q : -1 - t.id, coefficient: t.coefficient))
                            }
                            return true
                        }
                        guard let constant, read == true else {
                            ordered = false
                            return
                        }
                        slot[s] = Int32(k)
                        p.constants.append(constant)
                        p.starts.append(Int32(p.terms.count))
                    }
                    batch = end
                }
            }
        }
        return ordered ? p : compileProgramBySearch()
    }

    /// ``compileProgram()`` by a depth-first search, for stamps that are not topological.
    /// The definitions are first copied, in symbol order, into one flat array, and an
    /// iterative depth-first search (with colours, in symbol order) then runs on that:
    /// reading a definition row once per edge would retain and release its storage each time.
    func compileProgramBySearch() -> Program {
        let n = symbols.count
        var first = [Int32](repeating: -1, count: n)  // start of each definition, -1 if none
        var end = [Int32](repeating: 0, count: n)
        var constants = [Double](repeating: 0, count: n)
        var count = 0
        // One pass over the definitions: each row's storage is a separate heap block, and in a
        // large solver touching it is a cache miss.
        var flat: [Row.Entry] = []
        flat.reserveCapacity(4 * definitionCount)
        for s in 0..<n {
            guard let def = symbols[s].definition else { continue }
            first[s] = Int32(flat.count)
            flat.append(contentsOf: def.terms)
            end[s] = Int32(flat.count)
            constants[s] = def.constant
            count += 1
        }
        let total = flat.count
        var p = Program()
        p.slot = [Int32](repeating: -1, count: n)
        p.targets.reserveCapacity(count)
        p.constants.reserveCapacity(count)
        p.starts.reserveCapacity(count + 1)
        p.terms.reserveCapacity(total)
        // 0: not visited, 1: on the stack, 2: emitted.
        var state = [UInt8](repeating: 0, count: n)
        var stack: [(symbol: Int32, position: Int32)] = []
        flat.withUnsafeBufferPointer { f in
            for s in 0..<n where first[s] >= 0 && state[s] == 0 {
                state[s] = 1
                stack.append((Int32(s), first[s]))
                while let (top, position) = stack.last {
                    let t = Int(top)
                    if position == end[t] {
                        state[t] = 2
                        stack.removeLast()
                        p.slot[t] = Int32(p.targets.count)
                        p.targets.append(top)
                        p.constants.append(constants[t])
                        for j in Int(first[t])..<Int(end[t]) {
                            // Every definition a term names was emitted before it (postorder).
                            let q = p.slot[Int(f[j].id)]
                            p.terms.append(Row.Entry(id: q >= 0 ? q : -1 - f[j].id, coefficient: f[j].coefficient))
                        }
                        p.starts.append(Int32(p.terms.count))
                        continue
                    }
                    stack[stack.count - 1].position = position + 1
                    let following = Int(f[Int(position)].id)
                    if first[following] >= 0 && state[following] == 0 {
                        state[following] = 1
                        stack.append((Int32(following), first[following]))
                    }
                }
            }
        }
        return p
    }

    /// Values of every symbol: basic rows' constants, 0 for parametric symbols, and the
    /// definitions evaluated in topological order by the definition program (compiled first
    /// when the definitions changed since it was last compiled).
    mutating func evaluate() -> [Double] {
        if let p = program { return evaluate(p) }
        let p = compileProgram()
        program = p
        return evaluate(p)
    }

    /// ``evaluate()`` with the program given. Non-mutating, so that reading the rows in the
    /// loop retains nothing.
    func evaluate(_ p: Program) -> [Double] {
        var values = [Double](repeating: 0, count: symbols.count)
        values.withUnsafeMutableBufferPointer { v in evaluate(p, into: v) }
        return values
    }

    /// Writes the value of every symbol into `v` (one entry per symbol): each basic row's
    /// constant, 0 for a parametric symbol, then the definitions in the program's order. The
    /// rows are read through their buffer, so that no row is copied (retained and released).
    func evaluate(_ p: Program, into v: UnsafeMutableBufferPointer<Double>) {
        rowOf.withUnsafeBufferPointer { rows in
            for s in rows.indices {
                v[s] = rows[s]?.constant ?? 0
            }
        }
        p.terms.withUnsafeBufferPointer { terms in
            p.starts.withUnsafeBufferPointer { starts in
                p.constants.withUnsafeBufferPointer { constants in
                    p.targets.withUnsafeBufferPointer { targets in
                        for k in targets.indices {
                            var total = constants[k]
                            for j in Int(starts[k])..<Int(starts[k + 1]) {
                                let source = Int(terms[j].id)
                                let id = source >= 0 ? Int(targets[source]) : -1 - source
                                total += terms[j].coefficient * v[id]
                            }
                            v[Int(targets[k])] = total
                        }
                    }
                }
            }
        }
    }

    /// The values of the defined symbols, by program slot, into `d` (one entry per
    /// definition): the definitions in the program's order, reading each term as the
    /// definition already computed, else the symbol's row constant, else 0 (parametric). The
    /// same sums in the same order as ``evaluate(_:into:)``, without a pass over every symbol.
    func evaluateDefinitions(_ p: Program, into d: UnsafeMutableBufferPointer<Double>) {
        rowOf.withUnsafeBufferPointer { rows in
            p.terms.withUnsafeBufferPointer { terms in
                p.starts.withUnsafeBufferPointer { starts in
                    p.constants.withUnsafeBufferPointer { constants in
                        for k in constants.indices {
                            var total = constants[k]
                            for j in Int(starts[k])..<Int(starts[k + 1]) {
                                let source = Int(terms[j].id)
                                let x = source >= 0 ? d[source] : (rows[-1 - source]?.constant ?? 0)
                                total += terms[j].coefficient * x
                            }
                            d[k] = total
                        }
                    }
                }
            }
        }
    }
}
