import XCTest

@testable import ConstraintSolver

/// The solver's storage types checked against the standard library's, and the dense expansion
/// checked against the sparse one it replaces.
final class StorageTests: XCTestCase {
    /// Real serials (consecutive, as the solver sees them) and synthetic keys 16 and 32 apart,
    /// which share home buckets and so stress probing and backward-shift deletion.
    func identityTableKeys() -> [UInt64] {
        let objects = (0..<300).map { _ in Variable() }
        return objects.map(\.tableKey) + (1...300).map { UInt64($0) * 16 }
            + (1...300).map { 0x7000_0000 + UInt64($0) * 32 }
    }

    func testIdentityTableMatchesDictionary() {
        var rng = TestRandom(11)
        let keys = identityTableKeys()
        var table = IdentityTable()
        var reference: [UInt64: Int32] = [:]
        for step in 0..<20_000 {
            let key = keys[rng.int(0...keys.count - 1)]
            if rng.int(0...2) == 0 {
                XCTAssertEqual(table.remove(key), reference.removeValue(forKey: key), "step \(step)")
            } else {
                let value = Int32(rng.int(0...1000))
                table.set(key, value)
                reference[key] = value
            }
            XCTAssertEqual(table.count, reference.count)
            let probe = keys[rng.int(0...keys.count - 1)]
            XCTAssertEqual(table.find(probe), reference[probe], "step \(step)")
        }
        for key in keys { XCTAssertEqual(table.find(key), reference[key]) }
    }

    /// The find-or-insert of `createRow` and `ConstraintTable.insert`: `probe` either finds the
    /// key or returns the empty bucket where `fill` stores it, growing first so that the bucket
    /// stays valid; mixed with removals, which shift entries back into the probe runs.
    func testIdentityTableProbeAndFillMatchDictionary() {
        var rng = TestRandom(12)
        let keys = identityTableKeys()
        var table = IdentityTable()
        var reference: [UInt64: Int32] = [:]
        for step in 0..<20_000 {
            let key = keys[rng.int(0...keys.count - 1)]
            if rng.int(0...3) == 0 {
                XCTAssertEqual(table.remove(key), reference.removeValue(forKey: key), "step \(step)")
            } else {
                let (bucket, found) = table.probe(key)
                XCTAssertEqual(found, reference[key], "step \(step)")
                if found == nil {
                    let value = Int32(rng.int(0...1000))
                    table.fill(bucket, key, value)
                    reference[key] = value
                }
            }
            XCTAssertEqual(table.count, reference.count)
        }
        for key in keys { XCTAssertEqual(table.find(key), reference[key]) }
    }

    func testSerialsAreUniqueAndFollowCreationOrder() {
        // The lookup tables rely on this: a serial is never shared, and objects created one
        // after the other get increasing serials (neighbouring buckets).
        let variables = (0..<100).map { _ in Variable() }
        let serials = variables.map(\.tableKey)
        XCTAssertEqual(Set(serials).count, serials.count)
        XCTAssertEqual(serials, serials.sorted())
        XCTAssertFalse(serials.contains(0))  // 0 marks an empty bucket
        let x = variables[0]
        let constraints = (0..<100).map { _ in Constraint(x - 1, .equal) }
        let constraintSerials = constraints.map(\.tableKey)
        XCTAssertEqual(Set(constraintSerials).count, constraintSerials.count)
        XCTAssertEqual(constraintSerials, constraintSerials.sorted())
        XCTAssertEqual(constraints[0].withPriority(.defaultLow).tableKey == constraints[0].tableKey, false)
    }

    /// The per-symbol records, and the constraints' records, stay small: every byte of them is
    /// a byte per symbol (per constraint) that the arrays copy as they grow and fault in as they
    /// fill (10,000 feed rows hold 390,000 symbols and 250,000 constraints).
    func testPerSymbolRecordsAreCompact() {
        XCTAssertEqual(MemoryLayout<SymbolSet>.size, 16)
        // The definition (16 bytes), two sets, stamp, link and kind: 57 bytes, stride 64; the
        // tableau rows are an array of their own, 16 bytes a symbol.
        XCTAssertEqual(MemoryLayout<Row?>.size, 16)
        XCTAssertEqual(MemoryLayout<Tableau.SymbolRecord>.stride, 64)
        // A constraint's record, one per slot (262,144 slots at 10,000 feed rows).
        XCTAssertEqual(MemoryLayout<Tableau.Tag>.stride, 16)
        XCTAssertEqual(MemoryLayout<Tableau.ConstraintInfo?>.stride, 40)
    }

    /// The symbol table is a value: a copy shares the records until one side writes, and
    /// growing, shrinking and writing in place keep every record, across the chunks of 512
    /// records that hold them and the growth of the table of chunks (past 2,048 records).
    func testSymbolTableCopiesOnWrite() {
        var table = Tableau.SymbolTable()
        for k in 0..<2500 {
            var record = Tableau.SymbolRecord(kind: k % 2 == 0 ? .external : .slack, link: Int32(k))
            var row = Row(constant: Double(k))
            row.insert(Int32(k), 1)
            record.definition = row
            record.column.insert(Int32(k + 1))
            table.append(record)
        }
        let copy = table
        table[7].definition?.constant = -1
        table[8].column.insert(99)
        table[2100].column.insert(98)
        table.removeSubrange(600...)
        XCTAssertEqual(table.count, 600)
        XCTAssertEqual(copy.count, 2500)
        XCTAssertEqual(table[7].definition?.constant, -1)
        XCTAssertEqual(copy[7].definition?.constant, 7)
        XCTAssertEqual(Set(table[8].column), [9, 99])
        XCTAssertEqual(Set(copy[8].column), [9])
        XCTAssertEqual(Set(copy[2100].column), [2101])
        XCTAssertEqual(copy.map(\.link), (0..<2500).map { Int32($0) })
        XCTAssertEqual(table.withUnsafeElements { $0[550].definition?.constant }, 550)
        table.withUnsafeMutableElements { $0[550].definition = nil }
        XCTAssertNil(table[550].definition)
        XCTAssertEqual(copy[550].definition?.constant, 550)
        // Appending after a shrink reuses the chunks left in place.
        for k in 600..<1030 { table.append(Tableau.SymbolRecord(kind: .dummy, link: Int32(-k))) }
        XCTAssertEqual(table.count, 1030)
        XCTAssertEqual(table[1029].link, -1029)
        XCTAssertEqual(table[1029].kind, .dummy)
        XCTAssertEqual(copy[1029].link, 1029)
        XCTAssertEqual(Array(table.map(\.link).prefix(600)), (0..<600).map { Int32($0) })
        // A walk a chunk at a time visits every record once, in order.
        let links = table.map(\.link)
        var visited: [Int32] = []
        table.forEachChunk { start, records, length in
            XCTAssertEqual(start, visited.count)
            for j in 0..<length { visited.append(records[j].link) }
        }
        XCTAssertEqual(visited, links)
    }

    func testSymbolSetMatchesSet() {
        var rng = TestRandom(12)
        var set = SymbolSet()
        var reference = Set<Int32>()
        // Grow well past the inline members and the position index, then shrink again.
        for phase in 0..<4 {
            let growing = phase % 2 == 0
            for _ in 0..<3000 {
                let id = Int32(rng.int(0...199))
                if growing ? rng.int(0...3) != 0 : rng.int(0...3) == 0 {
                    if !reference.contains(id) {
                        set.insert(id)
                        reference.insert(id)
                    }
                } else {
                    set.remove(id)  // also ids that are absent
                    reference.remove(id)
                }
                XCTAssertEqual(set.count, reference.count)
                XCTAssertEqual(set.isEmpty, reference.isEmpty)
                let probe = Int32(rng.int(0...199))
                XCTAssertEqual(set.contains(probe), reference.contains(probe))
            }
            XCTAssertEqual(Set(set), reference)
            XCTAssertEqual(set.items.count, reference.count)
            XCTAssertEqual(set.min(), reference.min())
        }
    }

    func testRowMergeMatchesReference() {
        var rng = TestRandom(13)
        func randomRow(_ n: Int) -> Row {
            var row = Row(constant: Double(rng.int(-5...5)))
            for _ in 0..<n { row.insert(Int32(rng.int(0...40)), Double(rng.int(-4...4)) / 2) }
            return row
        }
        for _ in 0..<2000 {
            var row = randomRow(rng.int(0...12))
            let other = randomRow(rng.int(0...12))
            let dropped: Int32 = rng.int(0...1) == 0 ? -1 : Int32(rng.int(0...40))
            let coefficient = Double(rng.int(-4...4)) / 2
            guard dropped < 0 || other.coefficient(for: dropped) == 0 else { continue }
            // Reference: a dictionary with the same arithmetic and drop rule.
            var expected: [Int32: Double] = [:]
            for (id, c) in zip(row.ids, row.coefficients) where id != dropped { expected[id] = c }
            var added: [Int32] = []
            var removed: [Int32] = []
            for (id, c) in zip(other.ids, other.coefficients) {
                let old = expected[id]
                let v = (old ?? 0) + c * coefficient
                if nearZero(v) {
                    expected[id] = nil
                    if old != nil { removed.append(id) }
                } else {
                    expected[id] = v
                    if old == nil { added.append(id) }
                }
            }
            let constant = row.constant + other.constant * coefficient
            var gotAdded: [Int32] = []
            var gotRemoved: [Int32] = []
            row.merge(
                other, coefficient, dropping: dropped, track: true, added: &gotAdded,
                removed: &gotRemoved)
            XCTAssertEqual(row.constant, constant)
            XCTAssertEqual(Array(row.ids), expected.keys.sorted())
            for (id, c) in zip(row.ids, row.coefficients) { XCTAssertEqual(c, expected[id]) }
            XCTAssertEqual(gotAdded.sorted(), added.sorted())
            XCTAssertEqual(gotRemoved.sorted(), removed.sorted())
        }
    }

    /// The compiled definition program (what `updateVariables()` evaluates) gives every symbol
    /// exactly the value that `value(of:)` computes from the definitions directly.
    func testProgramEvaluationMatchesDirectValues() throws {
        for seed in 0..<20 {
            var rng = TestRandom(UInt64(200 + seed))
            var s = Solver()
            let v = (0..<12).map { Variable("v\($0)") }
            var added: [Constraint] = []
            for step in 0..<40 {
                if step % 7 == 6, !added.isEmpty {
                    try s.remove(added.remove(at: rng.int(0...added.count - 1)))
                } else {
                    var terms: [Term] = []
                    for _ in 0..<rng.int(1...3) {
                        terms.append(Term(v[rng.int(0...11)], Double(rng.int(-3...3))))
                    }
                    let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][rng.int(0...2)]
                    let c = Constraint(
                        Expression(terms, constant: Double(rng.int(-20...20))), relation,
                        priority: [.required, 750, 250][rng.int(0...2)])
                    if (try? s.add(c)) != nil { added.append(c) }
                }
                _ = s.updateVariables()
                let values = s.tableau.evaluate()
                for symbol in 0..<s.tableau.symbols.count {
                    XCTAssertEqual(values[symbol], s.tableau.valueOfSymbol(Int32(symbol)), "seed \(seed)")
                }
                for x in v {
                    guard let symbol = s.tableau.variableSymbols[x] else { continue }
                    XCTAssertEqual(s.tableau.external(symbol).reported, s.value(of: x))
                }
            }
        }
    }

    /// The dense workspace expansion gives bit-identical rows, and the same candidate, as the
    /// sparse expansion followed by the substitution of basic rows.
    func testWorkspaceExpansionMatchesSparseExpansion() throws {
        var checked = 0
        for seed in 0..<30 {
            var rng = TestRandom(UInt64(100 + seed))
            var s = Solver()
            let v = (0..<10).map { Variable("v\($0)") }
            for _ in 0..<25 {
                var terms: [Term] = []
                for _ in 0..<rng.int(1...3) {
                    terms.append(Term(v[rng.int(0...9)], Double(rng.int(-3...3))))
                }
                let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][rng.int(0...2)]
                let priority: Priority = [.required, 750, 250][rng.int(0...2)]
                _ = try? s.add(
                    Constraint(
                        Expression(terms, constant: Double(rng.int(-20...20))), relation,
                        priority: priority))
            }
            for symbol in 0..<s.tableau.symbols.count {
                for findCandidate in [false, true] {
                    var sparse = Row(constant: 1)
                    sparse.insert(Int32(symbol), 2)
                    sparse.insert(Int32(rng.int(0...s.tableau.symbols.count - 1)), -1)
                    var dense = sparse
                    let sparseCandidate = s.tableau.expand(&sparse, findCandidate: findCandidate)
                    if sparseCandidate < 0 { s.tableau.substituteBasics(&sparse) }
                    var copy = s
                    let denseCandidate = copy.tableau.expandInWorkspace(&dense, findCandidate: findCandidate)
                    XCTAssertEqual(denseCandidate, sparseCandidate)
                    XCTAssertEqual(dense, sparse, "seed \(seed) symbol \(symbol)")
                    XCTAssertTrue(copy.tableau.workspace.allSatisfy { $0 == 0 }, "workspace left dirty")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 500)
    }

    /// A variable that a definition already refers to can be defined later; the definitions
    /// that refer to it are then restamped newer (`Tableau.define`), so that expansion, newest
    /// first, stays topological. Without the restamp, in a stack of cells, expanding a view's
    /// height walked the chain of cells to the top of the stack and back.
    func testExpansionStampsStayTopological() throws {
        var solver = Solver()
        let u = Variable("u")
        let v = Variable("v")
        try solver.add(u == v + 1)  // defines v := u - 1 (the newer symbol)
        try solver.add(u == 10)  // defines u, which v's definition refers to
        let t = solver.tableau
        let su = try XCTUnwrap(t.variableSymbols[u])
        let sv = try XCTUnwrap(t.variableSymbols[v])
        XCTAssertNotNil(t.symbols[Int(su)].definition)
        XCTAssertNotNil(t.symbols[Int(sv)].definition)
        XCTAssertGreaterThan(t.symbols[Int(sv)].stamp, t.symbols[Int(su)].stamp)
        XCTAssertEqual(solver.value(of: v), 9)
        XCTAssertEqual(t.invariantViolations(), [])

        // A stack of cells: each cell's top follows the previous cell, and inside a cell a
        // title and a body are placed before the cell's own top is tied to the stack.
        var stack = Solver()
        let stackTop = Variable("stack.top")
        try stack.add(stackTop == 0)
        var previousBottom = stackTop
        var heights: [Variable] = []
        for k in 0..<60 {
            let top = Variable("cell\(k).top")
            let height = Variable("cell\(k).height")
            let titleTop = Variable("title\(k).top")
            let titleHeight = Variable("title\(k).height")
            let bodyTop = Variable("body\(k).top")
            let bodyHeight = Variable("body\(k).height")
            try stack.add(titleTop == bodyTop - titleHeight - 2)
            try stack.add(bodyTop + bodyHeight == top + height)
            try stack.add(titleTop == top)
            try stack.add(top == previousBottom + 8)
            for (h, size) in [(titleHeight, 20.0), (bodyHeight, Double(18 + k % 5))] {
                try stack.add((h == size).withPriority(.defaultLow))
                try stack.add((h <= size).withPriority(.defaultLow))
                try stack.add((h >= size).withPriority(.defaultHigh))
            }
            previousBottom = Variable("cell\(k).bottom")
            try stack.add(previousBottom == top + height)
            heights.append(height)
            XCTAssertEqual(stack.tableau.invariantViolations(), [], "cell \(k)")
        }
        _ = stack.updateVariables()
        for (k, height) in heights.enumerated() {
            XCTAssertEqual(stack.value(of: height), 20 + 2 + Double(18 + k % 5), "cell \(k)")
        }
    }

    /// The definition program is emitted in stamp order; any topological order gives the same
    /// values, and stamps that are sparse or out of order fall back to a sort or a search.
    func testProgramIgnoresStampOrder() throws {
        var s = Solver()
        let top = Variable("top")
        try s.add(top == 0)
        var previous = top
        for k in 0..<40 {
            let cellTop = Variable("cell\(k).top")
            let height = Variable("cell\(k).height")
            let bottom = Variable("cell\(k).bottom")
            try s.add(cellTop == previous + 8)
            try s.add(bottom == cellTop + height)
            try s.add((height == Double(20 + k % 7)).withPriority(.defaultLow))
            try s.add((height >= 10).withPriority(.defaultHigh))
            previous = bottom
        }
        var t = s.tableau
        XCTAssertGreaterThan(t.definitionCount, 40)
        let bySearch = t.evaluate(t.compileProgramBySearch())
        let byStamp = t.compileProgram()
        XCTAssertEqual(byStamp.targets.count, t.definitionCount)
        XCTAssertEqual(t.evaluate(byStamp), bySearch)
        // Rows read ahead in batches (the path of large systems): the same program.
        let readingAhead = t.compileProgram(readingAheadFrom: 0)
        XCTAssertEqual(readingAhead.targets, byStamp.targets)
        XCTAssertEqual(readingAhead.terms, byStamp.terms)
        XCTAssertEqual(readingAhead.starts, byStamp.starts)
        XCTAssertEqual(t.evaluate(readingAhead), bySearch)
        // Sparse stamps: sorted instead of indexed.
        t.nextStamp += 1_000_000
        XCTAssertEqual(t.compileProgram().targets, byStamp.targets)
        // Stamps out of order (the newest definitions made oldest): the search takes over.
        let defined = (0..<t.symbols.count).filter { t.symbols[$0].definition != nil }
        for (k, d) in defined.enumerated() { t.symbols[d].stamp = Int32(defined.count - k) }
        XCTAssertFalse(t.invariantViolations().isEmpty)
        XCTAssertEqual(t.evaluate(t.compileProgram()), bySearch)
        XCTAssertEqual(t.evaluate(t.compileProgram(readingAheadFrom: 0)), bySearch)
        var bottom: Double = 0
        for k in 0..<40 { bottom += Double(8 + 20 + k % 7) }
        XCTAssertEqual(s.value(of: previous), bottom)
    }

    /// The first ``Tableau/updateVariables()`` after the definitions change evaluates them in
    /// place; the values it reports are those of the compiled program, to the bit, with stamps
    /// in order or not, and the expansion's workspace is left zero.
    func testFirstEvaluationMatchesProgram() throws {
        var s = Solver()
        let width = Variable("W")
        try s.addEditVariable(width, priority: 999)
        try s.suggestValue(390, for: width)
        var previous = Variable("top")
        try s.add(previous == 0)
        var all = [width, previous]
        for k in 0..<60 {
            let top = Variable("cell\(k).top")
            let left = Variable("cell\(k).left")
            let labelWidth = Variable("cell\(k).width")
            let height = Variable("cell\(k).height")
            let bottom = Variable("cell\(k).bottom")
            try s.add(top == previous + 8)
            try s.add(left == 16)
            try s.add(left + labelWidth <= width - 16)
            try s.add((labelWidth == Double(40 + (k * 37) % 361)).withPriority(.defaultLow))
            try s.add(bottom == top + height)
            try s.add((height == Double(20 + k % 7) / 3).withPriority(.defaultLow))
            try s.add((height >= 10.1).withPriority(.defaultHigh))
            previous = bottom
            all += [top, left, labelWidth, height, bottom]
        }
        func reported(_ t: Tableau) -> [Double] { t.externals.map(\.reported) }
        for outOfOrder in [false, true] {
            var t = s.tableau
            if outOfOrder {
                let defined = (0..<t.symbols.count).filter { t.symbols[$0].definition != nil }
                for (k, d) in defined.enumerated() { t.symbols[d].stamp = Int32(defined.count - k) }
            }
            XCTAssertGreaterThan(t.definitionCount, 100)
            XCTAssertNil(t.program)
            var compiled = t
            compiled.program = compiled.compileProgram()
            _ = compiled.updateVariables()
            _ = t.updateVariables()
            XCTAssertEqual(t.program == nil, !outOfOrder, "evaluated in place only in stamp order")
            XCTAssertEqual(reported(t).map(\.bitPattern), reported(compiled).map(\.bitPattern))
            XCTAssertTrue(t.workspace.allSatisfy { $0 == 0 })
            // The second evaluation compiles the program, and reports nothing new.
            XCTAssertEqual(Array(t.updateVariables()), [])
            XCTAssertNotNil(t.program)
        }
        _ = s.updateVariables()
        XCTAssertEqual(s.value(of: previous), s.tableau.externals.first { $0.variable == previous }?.reported)
        XCTAssertEqual(all.count, 302)
    }
}
