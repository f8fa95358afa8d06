// The tableau: the constraints, their symbols and rows, the objective levels and the lazy
// definitions, with no accuracy check. ``Solver`` wraps one and checks what each public
// operation leaves (Robustness.swift); rebuilds, replays and the probes that decide or
// explain a conflict drive a `Tableau` directly. Below the stored state: the bookkeeping of
// symbols, rows and their column index, the undo journal, and the rows of new constraints.

/// An incremental Cassowary tableau with lexicographic priority levels and lazy definitions.
/// A value type: a copy is an independent tableau (shared until written).
struct Tableau: Sendable {
    // The constraints.
    var constraints = ConstraintTable()
    var nextOrder = 0
    /// Whether a refused required constraint is explained (``Solver/explainsFailures``).
    var explainsFailures = true

    // Symbols (Symbols.swift): one record per symbol, indexed by symbol id, with the symbol's
    // column, its definition and the definitions that refer to it.
    var symbols = SymbolTable()
    var variableSymbols = VariableTable()

    // The tableau (Tableau.swift).
    /// Tableau rows of basic symbols, in terms of parametric symbols only, indexed by symbol
    /// id (the columns, the basic symbols whose row contains a symbol, are in `symbols`).
    /// Apart from the records: a re-solve reads the constants of rows all over the tableau,
    /// and 16 bytes a symbol stay in the cache where 80-byte records did not (10,000 feed
    /// rows: 6 MB against 31 MB; re-solve 8.1 ms with the rows in the records, 6.3 ms apart,
    /// medians of five alternating runs).
    var rowOf: [Row?] = []
    var rowCount = 0
    /// Optional priorities in use, highest first; `objective[k]` belongs to `levels[k]`.
    var levels: [Double] = []
    var levelUses: [Int] = []
    /// Dense objective coefficients, `objective[level][symbol]`. Every level has
    /// `objectiveLength` entries (at least one per symbol; the rest are zero).
    var objective: [[Double]] = []
    var objectiveLength = 0
    var objectiveConstants: [Double] = []
    /// The undo log of the operation in progress, when it can fail halfway.
    var journal: Journal? = nil

    // The simplex (Simplex.swift, Optimize.swift).
    /// Min-heap of symbols that may be eligible to enter the basis (validated when popped).
    var enteringHeap = SymbolHeap()
    /// Eligible symbols that `optimize` passed over because their step would worsen a higher
    /// level (see ``worsensHigherLevel(_:_:leaving:)``); checked again whenever the heap runs
    /// out. Empty in layouts.
    var passedOver: [Int32] = []
    /// Restricted basic symbols whose row went negative, for the dual simplex.
    var infeasible = SymbolHeap()
    /// The artificial objective of phase one, while it runs.
    var artificial: Row? = nil

    // The lazy definitions (Definitions.swift): each defined variable's definition, which may
    // refer to any other symbol (acyclic), and the users of each symbol are in `symbols`.
    var definitionCount = 0
    var nextStamp: Int32 = 0
    /// Cached evaluation program of the definitions, in topological order (nil when
    /// definitions changed).
    var program: Program? = nil
    /// Whether ``updateVariables()`` has evaluated the definitions since they last changed
    /// (without compiling ``program``); both are reset by ``definitionsChanged()``.
    var definitionsEvaluated = false
    /// Scratch heap of ``expand(_:findCandidate:)``, kept to avoid an allocation per add.
    var expansionHeap = MinHeap<NewestFirst>()
    /// Scratch of ``expandInWorkspace(_:findCandidate:)``: dense coefficients by symbol, all
    /// zero between uses, and room for the ids it lists (the array only grows; an expansion
    /// lists ids in its first entries and counts them itself).
    var workspace: [Double] = []
    var workspaceTouched: [Int32] = []
    /// The positions in `externals` of the variables the last ``updateVariables()`` reported,
    /// in its first entries (the array only grows, so that a re-solve allocates nothing for
    /// them; a ``ChangedVariables`` still held when the next report writes it keeps a copy).
    var changeScratch: [Int32] = []
    /// Scratch: the symbols of the terms of the constraint being added, the first
    /// `termSymbolCount` entries (the array only grows, so that each add overwrites in place
    /// rather than appending and then removing one entry at a time).
    var termSymbols: [Int32] = []
    var termSymbolCount = 0
    /// Empty storage for the next new row (``createRow(_:)``): the storage of the last row that
    /// an expansion replaced, which would otherwise be freed as the next row is allocated.
    var spareTerms: [Row.Entry] = []
    /// Scratch of ``updateVariables()``: the values of the defined symbols, by slot of the
    /// definition program, kept between calls so that a re-solve allocates nothing for them.
    var valueScratch: [Double] = []
    /// The symbols created for variables, in order of creation (ascending ids), with their
    /// variables and the values last reported; a symbol whose variable was dropped stays
    /// listed and is skipped. ``updateVariables()`` reads these instead of every slack and
    /// error.
    var externals = ChunkedArray<External>()

    /// How far rounding may have grown, and what the rebuilds have seen (Rebuild.swift).
    var rounding = RoundingState()
}

extension Tableau {
    /// How a constraint is represented.
    struct Tag: Sendable {
        /// The marker symbol: slack (inequality), dummy (required equality) or plus error.
        var marker: Int32
        /// The second symbol: minus error or inequality error; -1 when absent.
        var other: Int32
        /// Coefficient of `marker` in the creation row relative to the expression (μ): 1 or -1,
        /// exact as a `Float`, which keeps the tag at 16 bytes and the record at 40 (with a
        /// `Double`, 24 and 48: at 10,000 feed rows, 1.6 MB more of slots to write and fault in).
        var markerSign: Float
        /// The variable this constraint defines, or -1.
        var defines: Int32
    }

    /// What the tableau keeps of a constraint, one per slot of ``constraints``: 40 bytes
    /// (`StorageTests.testPerSymbolRecordsAreCompact`).
    struct ConstraintInfo: Sendable {
        var constraint: Constraint
        var tag: Tag
        /// The expression constant currently in force (changed by `updateConstant`).
        var constant: Double
        /// Insertion order, used to order conflict lists.
        var order: Int
    }

    /// Undo log of one `add` through the artificial-variable path, or of one required
    /// `updateConstant`: the first version of each row touched and every objective change.
    struct Journal: Sendable {
        var rows: [(Int32, Row?)] = []
        /// Definitions whose constant moved, with the constant before (``shiftSolution``).
        var definitionConstants: [(Int32, Double)] = []
        var recorded: Set<Int32> = []
        var objective: [(Int, Int32, Double)] = []
        var objectiveConstants: [Double] = []
        var rowCount = 0
    }

    /// All constraints, in the order they were added.
    var allConstraints: [Constraint] {
        constraints.values.sorted { $0.order < $1.order }.map(\.constraint)
    }

    /// Records the current values and returns the variables whose value changed since the
    /// previous call, in the order the tableau first saw them (``Solver/updateVariables()``).
    mutating func updateVariables() -> ChangedVariables {
        if program == nil {
            // The first evaluation of a set of definitions reads them where they are; the
            // second compiles the program, which then serves every re-solve. A layout that is
            // built and read once never pays for the compilation (at 10,000 feed rows, the
            // 11 MB it writes and the 8 ms it takes).
            if !definitionsEvaluated, let order = definitionsByStamp(),
                let changed = updateVariablesInPlace(order)
            {
                definitionsEvaluated = true
                return changed
            }
            program = compileProgram()
        }
        guard let p = program else { return changes(0) }
        // The buffer is taken out of `self` while it is written, so that it stays unique.
        var defined: [Double] = []
        swap(&defined, &valueScratch)
        if defined.count != p.targets.count { defined = [Double](repeating: 0, count: p.targets.count) }
        var changed = 0
        let n = symbols.count
        defined.withUnsafeMutableBufferPointer { d in
            evaluateDefinitions(p, into: d)
            rowOf.withUnsafeBufferPointer { rows in
                p.slot.withUnsafeBufferPointer { slot in
                    changed = Self.reportChanges(&externals, into: &changeScratch, below: n) { i in
                        let k = i < slot.count ? Int(slot[i]) : -1
                        return k >= 0 ? d[k] : (rows[i]?.constant ?? 0)
                    }
                }
            }
        }
        swap(&defined, &valueScratch)
        return changes(changed)
    }

    /// The view of the last report: its first `count` positions in `changeScratch`.
    func changes(_ count: Int) -> ChangedVariables {
        ChangedVariables(records: externals, positions: changeScratch, count: count)
    }

    /// Records the value of each variable in `externals`, `value(symbol)` for a symbol below
    /// `n`; writes the positions in `externals` of the variables whose value changed since the
    /// previous report, in order, into the first entries of `positions` (made long enough
    /// first: it only grows), and returns how many there are. Static, on the stored properties
    /// it writes, so that the caller may read the others.
    @inline(__always)
    static func reportChanges(
        _ externals: inout ChunkedArray<External>, into positions: inout [Int32], below n: Int,
        _ value: (Int) -> Double
    ) -> Int {
        lengthen(&positions, to: externals.count)
        // Written in place: `append` called the runtime twice per changed variable
        // (1.3 M instructions in the first call at 1,000 feed rows).
        return positions.withUnsafeMutableBufferPointer { out in
            var count = 0
            externals.forEachChunk { start, records, length in
                for j in 0..<length {
                    let i = Int(records[j].symbol)
                    guard i < n else { continue }
                    let v = value(i)
                    guard v != records[j].reported, records[j].variable != nil else { continue }
                    records[j].reported = v
                    out[count] = Int32(start + j)
                    count += 1
                }
            }
            return count
        }
    }

    /// ``updateVariables()`` with the definitions evaluated where they are, in `order`
    /// (``definitionsByStamp()``), rather than by the compiled program: the same sums in the
    /// same order, so the same values to the bit (`StorageTests.testFirstEvaluationMatchesProgram`).
    /// The values of the defined symbols are kept in the expansion's workspace, which is zero
    /// again on return. Nil, with nothing recorded, when a definition refers to one that comes
    /// later in `order` (stamps out of order): the program's search then finds an order.
    mutating func updateVariablesInPlace(_ order: [Int32]) -> ChangedVariables? {
        var work: [Double] = []
        swap(&work, &workspace)
        defer { swap(&work, &workspace) }
        let n = symbols.count
        cover(&work)
        var changed: Int? = nil
        work.withUnsafeMutableBufferPointer { w in
            let evaluated: Bool = rowOf.withUnsafeBufferPointer { rows in
                symbols.withUnsafeElements { records in
                    for (k, d) in order.enumerated() {
                        let s = Int(d)
                        let definition = records[s].definition.unsafelyUnwrapped
                        var total = definition.constant
                        let inOrder: Bool = definition.terms.withUnsafeBufferPointer { terms in
                            for t in terms {
                                let i = Int(t.id)
                                let x: Double
                                if records[i].definition != nil {
                                    // A definition not evaluated yet: its stamp is not older.
                                    if records[i].stamp >= records[s].stamp { return false }
                                    x = w[i]
                                } else {
                                    x = rows[i]?.constant ?? 0
                                }
                                total += t.coefficient * x
                            }
                            return true
                        }
                        if !inOrder {
                            for j in 0..<k { w[Int(order[j])] = 0 }
                            return false
                        }
                        w[s] = total
                    }
                    return true
                }
            }
            guard evaluated else { return }
            // A basic symbol's value is its row's constant; any other's is in the workspace: a
            // defined symbol's value, 0 for a parametric one (a symbol is never both basic and
            // defined). So the records are not read again: at 10,000 feed rows, reading each
            // variable's record here took 1.5 ms of the 2.7 ms of this report.
            rowOf.withUnsafeBufferPointer { rows in
                changed = Self.reportChanges(&externals, into: &changeScratch, below: n) { i in
                    rows[i]?.constant ?? w[i]
                }
            }
            for d in order { w[Int(d)] = 0 }
        }
        return changed.map(changes)
    }

    // MARK: - Symbols and rows

    /// A new symbol of `kind`, with its record's ``SymbolRecord/link`` (-1 until known).
    mutating func newSymbol(_ kind: Kind, link: Int32 = -1) -> Int32 {
        let s = Int32(symbols.count)
        if rowOf.count == rowOf.capacity {
            // Eightfold up to 131,072 symbols (the 1000-row feed has 39,000), then by half:
            // at 10,000 rows an eightfold step reserved hundreds of megabytes and was slower
            // (paired runs, build medians 252 ms eightfold against 233 ms), and growing by
            // half rather than twofold reserves 442,368 rows for the 390,000 symbols
            // instead of 524,288 (build-only runs, page faults per later build 14,800 →
            // 13,800-14,200, build 149-155 → 144-148 ms).
            let count = symbols.count
            rowOf.reserveCapacity(count < 131_072 ? Swift.max(256, 8 * count) : count + count / 2)
        }
        symbols.append(SymbolRecord(kind: kind, link: link))
        rowOf.append(nil)
        if symbols.count > objectiveLength { growObjective() }
        return s
    }

    /// The number of symbols the rows hold before they must grow: the room to reserve in the
    /// dense per-symbol arrays, so that they grow with the rows rather than by themselves.
    var symbolRoom: Int { rowOf.capacity }

    /// Drops the symbols created from `count` on (by a failed add), with their variables.
    mutating func undoNewSymbols(_ count: Int, objectiveLength length: Int) {
        while let last = externals.last, Int(last.symbol) >= count {
            if let v = last.variable { variableSymbols[v] = nil }
            externals.removeLast()
        }
        symbols.removeSubrange(count...)
        rowOf.removeSubrange(count...)
        for k in objective.indices {
            for s in count..<Swift.min(length, objective[k].count) where objective[k][s] != 0 {
                objective[k][s] = 0
            }
            objective[k].removeSubrange(length...)
        }
        objectiveLength = length
    }

    /// Lengthens the objective rows ahead of the symbols (in chunks rather than one entry per
    /// new symbol); entries past the last symbol stay zero.
    mutating func growObjective() {
        let length = Self.scratchLength(for: symbols.count, from: objectiveLength)
        for k in objective.indices { Self.lengthen(&objective[k], to: length, room: symbolRoom) }
        objectiveLength = length
    }

    /// Lengthens `work`, a dense per-symbol scratch array (the expansion's workspace), with
    /// zeros so that it covers every symbol.
    @inline(__always) func cover(_ work: inout [Double]) {
        if work.count < symbols.count {
            Self.lengthen(&work, to: Self.scratchLength(for: symbols.count, from: work.count), room: symbolRoom)
        }
    }

    /// Lengthens a dense per-symbol array with zeros to `length`, reserving room for `room`
    /// entries when it must grow, so that lengthening it up to the symbols' capacity does not
    /// copy it.
    static func lengthen(_ array: inout [Double], to length: Int, room: Int) {
        if array.capacity < length { array.reserveCapacity(Swift.max(length, room)) }
        array.append(contentsOf: repeatElement(0, count: length - array.count))
    }

    /// Lengthens a scratch list of ids that only grows (the caller counts the entries in use;
    /// the rest are stale) to at least `count` entries, with 64 to spare, so that ids can be
    /// written into it through its buffer.
    @inline(__always)
    static func lengthen(_ scratch: inout [Int32], to count: Int) {
        if scratch.count < count { scratch.append(contentsOf: repeatElement(0, count: count - scratch.count + 64)) }
    }

    /// The length to give a dense per-symbol array (the objective rows, the expansion's
    /// workspace) that must cover `count` symbols and covers `length`: twofold up to 16,384
    /// entries, then 16,384 at a time. Every entry is written (zero) when the array
    /// lengthens, so doubling a large one wrote, and faulted in, up to twice what the symbols
    /// need: at 10,000 feed rows, 3.2 MB of the objective's 12.6 MB.
    static func scratchLength(for count: Int, from length: Int) -> Int {
        Swift.max(count, length + Swift.min(Swift.max(64, length), 16_384))
    }

    func isUnreferenced(_ s: Int32) -> Bool {
        rowOf[Int(s)] == nil && symbols[Int(s)].column.isEmpty && symbols[Int(s)].definition == nil
            && symbols[Int(s)].definitionUsers.isEmpty && !objective.contains { $0[Int(s)] != 0 }
    }

    @inline(__always) mutating func record(_ basic: Int32) {
        guard journal != nil else { return }
        if journal?.recorded.insert(basic).inserted == true {
            journal?.rows.append((basic, rowOf[Int(basic)]))
        }
    }

    mutating func rollback() {
        guard let log = journal else { return }
        journal = nil
        for (s, old) in log.rows.reversed() {
            let current = rowOf[Int(s)]
            updateColumns(s, current.map { Array($0.ids) } ?? [], old.map { Array($0.ids) } ?? [])
            rowOf[Int(s)] = old
        }
        for (k, s, old) in log.objective.reversed() { objective[k][Int(s)] = old }
        for (d, old) in log.definitionConstants.reversed() {
            symbols[Int(d)].definition?.constant = old
            if let k = program?.slot[Int(d)], k >= 0 { program?.constants[Int(k)] = old }
        }
        objectiveConstants = log.objectiveConstants
        rowCount = log.rowCount
        artificial = nil
        infeasible.removeAll()
    }

    mutating func putRow(_ basic: Int32, _ row: Row) {
        record(basic)
        Self.insert(basic, intoSetsOf: row, &symbols, .column)
        rowOf[Int(basic)] = row
        rowCount += 1
    }

    /// The two sets of symbol ids in a ``SymbolRecord``.
    enum SymbolSetField {
        /// ``SymbolRecord/column``: the basic symbols whose row holds the symbol.
        case column
        /// ``SymbolRecord/definitionUsers``: the defined symbols whose definition refers to it.
        case definitionUsers
    }

    /// Adds `member` to the set `field` of each symbol of `row`, through the buffers: one
    /// uniqueness check of `records` for the whole row rather than one per term, and no copy of
    /// the row's term array to iterate.
    @inline(__always)
    static func insert(
        _ member: Int32, intoSetsOf row: Row, _ records: inout SymbolTable, _ field: SymbolSetField
    ) {
        row.terms.withUnsafeBufferPointer { terms in
            records.withUnsafeMutableElements { r in
                switch field {
                case .column: for t in terms { r[Int(t.id)].column.insert(member) }
                case .definitionUsers: for t in terms { r[Int(t.id)].definitionUsers.insert(member) }
                }
            }
        }
    }

    /// ``insert(_:intoSetsOf:_:_:)`` undone: removes `member` from the set `field` of each
    /// symbol of `row`.
    @inline(__always)
    static func remove(
        _ member: Int32, fromSetsOf row: Row, _ records: inout SymbolTable, _ field: SymbolSetField
    ) {
        row.terms.withUnsafeBufferPointer { terms in
            records.withUnsafeMutableElements { r in
                switch field {
                case .column: for t in terms { r[Int(t.id)].column.remove(member) }
                case .definitionUsers: for t in terms { r[Int(t.id)].definitionUsers.remove(member) }
                }
            }
        }
    }

    mutating func takeRow(_ basic: Int32) -> Row {
        guard let row = rowOf[Int(basic)] else { return Row() }
        record(basic)
        rowOf[Int(basic)] = nil
        Self.remove(basic, fromSetsOf: row, &symbols, .column)
        rowCount -= 1
        return row
    }

    /// Adds `delta` to the objective coefficient of `s` at level `k`.
    @inline(__always) mutating func addObjective(_ k: Int, _ s: Int32, _ delta: Double) {
        let old = objective[k][Int(s)]
        let c = coefficientSum(old, delta)
        if journal != nil { journal?.objective.append((k, s, old)) }
        objective[k][Int(s)] = c
        // Eligibility may change even when the coefficient becomes zero (a lower level decides).
        if isEligible(s) { pushEntering(s) }
    }

    /// Replaces `symbol` by `row` in every tableau row containing it and in the objectives.
    mutating func substitute(_ symbol: Int32, _ row: Row) {
        let users = symbols[Int(symbol)].column
        if !users.isEmpty {
            symbols[Int(symbol)].column = SymbolSet()
            var added: [Int32] = []
            var removed: [Int32] = []
            for r in users {
                guard var target = rowOf[Int(r)] else { continue }
                record(r)
                rowOf[Int(r)] = nil
                let c = target.coefficient(for: symbol)
                if c != 0 {
                    added.removeAll(keepingCapacity: true)
                    removed.removeAll(keepingCapacity: true)
                    target.merge(
                        row, c, dropping: symbol, track: true, added: &added, removed: &removed)
                    for id in removed { symbols[Int(id)].column.remove(r) }
                    for id in added { symbols[Int(id)].column.insert(r) }
                }
                if symbols[Int(r)].kind != .external && target.constant < 0 { infeasible.push(r) }
                rowOf[Int(r)] = target
            }
        }
        for k in objective.indices {
            let c = objective[k][Int(symbol)]
            if c == 0 { continue }
            addObjective(k, symbol, -c)
            objectiveConstants[k] += c * row.constant
            addObjective(k, row, times: c)
        }
        if artificial != nil { artificial?.substitute(symbol, row) }
    }

    mutating func updateColumns(_ basic: Int32, _ old: [Int32], _ new: [Int32]) {
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && old[i] < new[j]) {
                symbols[Int(old[i])].column.remove(basic)
                i += 1
            } else if i == old.count || new[j] < old[i] {
                symbols[Int(new[j])].column.insert(basic)
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
    }

    /// Removes a symbol that should occur nowhere any more (numerical residue only).
    mutating func purgeSymbol(_ s: Int32) {
        definitionsChanged()
        if rowOf[Int(s)] != nil {
            let row = takeRow(s)
            substituteIntoDefinitions(s, row)
        }
        let users = symbols[Int(s)].column
        symbols[Int(s)].column = SymbolSet()
        for r in users { rowOf[Int(r)]?.remove(s) }
        for k in objective.indices where objective[k][Int(s)] != 0 { objective[k][Int(s)] = 0 }
        // In place: a copy taken out of the array would share its terms and be copied on write.
        for d in symbols[Int(s)].definitionUsers { symbols[Int(d)].definition?.remove(s) }
        symbols[Int(s)].definitionUsers = SymbolSet()
    }

    mutating func symbol(for variable: Variable) -> Int32 {
        symbol(forKey: variable.tableKey) { variable }
    }

    /// The symbol of the variable whose table key is `key`, created when the variable is new
    /// (then `variable` supplies it). One probe of the table either way; the variable is only
    /// read, and retained, for a new symbol.
    @inline(__always)
    mutating func symbol(forKey key: UInt64, _ variable: () -> Variable) -> Int32 {
        let (bucket, found) = variableSymbols.probe(key)
        if let s = found { return s }
        let s = newSymbol(.external, link: Int32(externals.count))
        variableSymbols.fill(bucket, key, s)
        externals.append(External(variable: variable(), symbol: s))
        return s
    }

    mutating func levelIndex(for priority: Double) -> Int {
        var k = 0
        while k < levels.count && levels[k] > priority { k += 1 }
        if k < levels.count && levels[k] == priority { return k }
        levels.insert(priority, at: k)
        levelUses.insert(0, at: k)
        var level: [Double] = []
        Self.lengthen(&level, to: objectiveLength, room: symbolRoom)
        objective.insert(level, at: k)
        objectiveConstants.insert(0, at: k)
        return k
    }

    /// Builds the row of a new constraint over variable symbols (defined ones unexpanded).
    mutating func createRow(_ constraint: Constraint) -> (Row, Tag) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        // Room for the terms and the marker and error symbols, in the storage an expansion
        // handed back when there is one.
        swap(&row.terms, &spareTerms)
        row.reserve(expression.terms.count + 2)
        termSymbolCount = 0
        Self.lengthen(&termSymbols, to: expression.terms.count)
        // By index, reading each term in place: a `for term in` copy retained and released
        // every term's variable, though only a new variable's symbol keeps it.
        let terms = expression.terms
        for i in terms.indices where !nearZero(terms[i].coefficient) {
            let s = symbol(forKey: terms[i].variable.tableKey) { terms[i].variable }
            termSymbols[termSymbolCount] = s
            termSymbolCount += 1
            row.insert(s, terms[i].coefficient)
        }
        let priority = constraint.priority
        var tag = Tag(marker: -1, other: -1, markerSign: 1, defines: -1)
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Float = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            tag.marker = slack
            tag.markerSign = sign
            row.insert(slack, Double(sign))
            if !priority.isRequired {
                let error = newSymbol(.error)
                tag.other = error
                row.insert(error, -Double(sign))
                let k = levelIndex(for: priority.rawValue)
                addObjective(k, error, 1)
            }
        case .equal:
            if !priority.isRequired {
                let plus = newSymbol(.error)
                let minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                tag.markerSign = -1
                row.insert(plus, -1)
                row.insert(minus, 1)
                let k = levelIndex(for: priority.rawValue)
                addObjective(k, plus, 1)
                addObjective(k, minus, 1)
            } else {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                tag.markerSign = 1
                row.insert(dummy, 1)
            }
        }
        return (row, tag)
    }

    mutating func register(_ constraint: Constraint, _ tag: Tag) {
        let slot = constraints.insert(
            ConstraintInfo(
                constraint: constraint, tag: tag, constant: constraint.expression.constant,
                order: nextOrder))
        nextOrder += 1
        symbols[Int(tag.marker)].owner = slot
        if tag.other >= 0 { symbols[Int(tag.other)].owner = slot }
        if !constraint.priority.isRequired,
            let k = levels.firstIndex(of: constraint.priority.rawValue)
        {
            levelUses[k] += 1
        }
        for k in 0..<termSymbolCount { externals[Int(symbols[Int(termSymbols[k])].link)].uses += 1 }
        termSymbolCount = 0
    }

    /// Moves the rows' constants (and the definitions') as a change of `shift` in the
    /// constant of the constraint whose marker is `m` moves the solution: through the marker's
    /// row when it is basic, else through its column. The journal, when there is one, records
    /// the rows and definition constants it moves. Restricted rows that go negative are
    /// queued for the dual simplex.
    mutating func shiftSolution(marker m: Int32, by shift: Double) {
        if let old = rowOf[Int(m)]?.constant {
            record(m)
            let updated = sumCancelling(old, -shift)
            rowOf[Int(m)]?.constant = updated
            if symbols[Int(m)].kind != .external && updated < 0 { infeasible.push(m) }
        } else {
            let users = symbols[Int(m)].column
            if journal != nil { for r in users { record(r) } }
            // Through the buffers, so that reading a row's coefficient copies nothing.
            rowOf.withUnsafeMutableBufferPointer { rows in
                symbols.withUnsafeElements { records in
                    for r in users {
                        let i = Int(r)
                        guard let old = rows[i]?.constant else { continue }
                        let c = rows[i].unsafelyUnwrapped.coefficient(for: m)
                        let updated = sumCancelling(old, c * shift)
                        rows[i]?.constant = updated
                        if records[i].kind != .external && updated < 0 { infeasible.push(r) }
                    }
                }
            }
            for k in objective.indices {
                objectiveConstants[k] += objective[k][Int(m)] * shift
            }
        }
        // The compiled program holds its own copy of each definition's constant.
        let users = symbols[Int(m)].definitionUsers
        if users.isEmpty { return }
        var compiled = program
        program = nil  // taken out while its constants move, so that they stay unique
        symbols.withUnsafeMutableElements { records in
            for d in users {
                guard let constant = records[Int(d)].definition?.constant else { continue }
                journal?.definitionConstants.append((d, constant))
                let c = records[Int(d)].definition.unsafelyUnwrapped.coefficient(for: m)
                records[Int(d)].definition?.constant += c * shift
                if let k = compiled?.slot[Int(d)], k >= 0 { compiled?.constants[Int(k)] += c * shift }
            }
        }
        program = compiled
    }
}
