// An incremental Cassowary solver with strictly lexicographic Auto Layout priorities.
// See docs/solver.md for the representation, pivot rules and priorities.

/// An incremental linear constraint solver (Cassowary) with Auto Layout priorities.
///
/// Required constraints (priority 1000) always hold. Optional constraints are satisfied
/// lexicographically: all constraints of a higher priority before any number of lower ones,
/// minimising the total violation within each priority. The solver is a value type; a copy
/// is an independent solver.
///
/// Internally, variables that a constraint introduces are *defined* by it (kept as a lazy
/// definition outside the simplex tableau) whenever that is possible, so chains of views do
/// not make the tableau dense; everything else is a classic Cassowary tableau whose
/// objective is a vector of rows, one per priority level, compared lexicographically.
public struct Solver: Sendable {
    enum Kind: UInt8, Sendable {
        case external, slack, error, dummy
    }

    /// How a constraint is represented.
    struct Tag: Sendable {
        /// The marker symbol: slack (inequality), dummy (required equality) or plus error.
        var marker: Int32
        /// The second symbol: minus error or inequality error; -1 when absent.
        var other: Int32
        /// Coefficient of `marker` in the creation row relative to the expression (μ).
        var markerSign: Double
        /// The variable this constraint defines, or -1.
        var defines: Int32
    }

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

    // Per-symbol storage, indexed by symbol id.
    /// Tableau rows of basic symbols, in terms of parametric symbols only.
    var rowOf: [Row?] = []
    /// For each symbol, the basic symbols whose tableau row contains it.
    var columns: [SymbolSet] = []
    /// Lazy definitions of defined variables; they may refer to any other symbol (acyclic).
    var definition: [Row?] = []
    /// For each symbol, the defined variables whose definition refers to it directly.
    var definitionUsers: [SymbolSet] = []
    var variableSymbols = VariableTable()
    var rowCount = 0
    var definitionCount = 0
    var nextStamp: Int32 = 0
    /// Optional priorities in use, highest first; `objective[k]` belongs to `levels[k]`.
    var levels: [Double] = []
    var levelUses: [Int] = []
    /// Dense objective coefficients, `objective[level][symbol]`. Every level has
    /// `objectiveLength` entries (at least one per symbol; the rest are zero).
    var objective: [[Double]] = []
    var objectiveLength = 0
    var objectiveConstants: [Double] = []
    /// Min-heap of symbols that may be eligible to enter the basis (validated when popped).
    var enteringHeap = SymbolHeap()
    /// Eligible symbols that `optimize` passed over because their step would worsen a higher
    /// level (see ``worsensHigherLevel(_:_:leaving:)``); checked again whenever the heap runs
    /// out. Empty in layouts.
    var passedOver: [Int32] = []
    var artificial: Row? = nil
    var journal: Journal? = nil
    /// Cached evaluation program of the definitions, in topological order (nil when
    /// definitions changed).
    var program: Program? = nil
    var constraints = ConstraintTable()
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
    var symbolInfo: [SymbolInfo] = []
    /// The kind of every symbol (for tests; the solver reads `symbolInfo`).
    var kinds: [Kind] { symbolInfo.map(\.kind) }
    /// Edit variable → its edit constraint (`variable == suggestion` at the edit priority).
    var edits: [Variable: Constraint] = [:]
    var infeasible = SymbolHeap()
    var nextOrder = 0
    /// Whether an unsatisfiable required constraint is reported with its irreducible conflict
    /// set (the default). Finding the set re-solves subsets of the required constraints, which
    /// costs far more than the failed add itself when failures are many and systems dense; with
    /// `false` the error's conflict list is empty. Either way the solver is rolled back.
    public var explainsFailures = true
    /// Number of rebuilds so far (reported in ``Statistics``).
    var rebuildCount = 0
    /// Set when an optimisation failed through rounding: rebuild at the end of the operation.
    var mustRebuild = false
    /// Public operations since the last rebuild (amortises rebuilds after small pivots).
    var operationsSinceRebuild = 0
    /// Scratch heap of ``expand(_:findCandidate:heap:)``, kept to avoid an allocation per add.
    var expansionHeap = MinHeap<NewestFirst>()
    /// Scratch of ``expandInWorkspace(_:findCandidate:)``: dense coefficients by symbol, all
    /// zero between uses, and the symbols it touched.
    var workspace: [Double] = []
    var workspaceTouched: [Int32] = []
    /// Scratch: the symbols of the terms of the constraint being added.
    var termSymbols: [Int32] = []
    /// False while a rebuild replays the constraints (no nested rebuilds).
    var allowsRebuild = true
    /// True while ``replayed()`` adds constraints that this solver's original had accepted.
    var isReplay = false
    /// How much the pivots since the last rebuild may have multiplied rounding: the product
    /// of their rows' largest coefficient over the pivot element. Past ``amplificationLimit``
    /// the tableau is rebuilt once enough operations have passed (a sixteenth of the
    /// constraints) to amortise it.
    var amplification = 1.0
    /// ``requiredDrift()`` of the last fresh build: what the system's own rounding gives.
    var inherentDrift = 0.0
    /// Set for good once ``amplification`` passed ``driftCheckAmplification``: from then on
    /// every operation checks the required constraints for drift. (Constant updates of 10^5
    /// drift too, without any small pivot, once the rows hold such coefficients.)
    var checksDrift = false
    /// Set for good once a constraint with a coefficient outside 0.1...10 in magnitude was
    /// added: from then on every operation keeps the state before it, so that the accuracy
    /// check can undo it (see ``verifying(_:adding:_:)``).
    var hasWideCoefficients = false
    /// False in the probes that decide or explain a conflict: they must not check (and so
    /// probe) in turn, which recursed until the stack overflowed.
    var checksAccuracy = true

    /// Creates an empty solver.
    public init() {}

    // MARK: - Public API

    /// Adds a constraint and re-solves.
    ///
    /// - Throws: ``SolverError/unsatisfiableConstraint(_:conflicts:)`` when a required
    ///   constraint conflicts with the required constraints already present, or
    ///   ``SolverError/illConditioned(_:)`` when double precision cannot hold the required
    ///   constraints with it; the solver is then left exactly as it was. Also throws for
    ///   duplicates and invalid priorities.
    public mutating func add(_ constraint: Constraint) throws(SolverError) {
        try verifying("adding \(constraint)", adding: constraint) { (solver) throws(SolverError) in
            try solver.addUnverified(constraint)
        }
    }

    /// ``add(_:)`` without the accuracy check of an ill-conditioned system.
    mutating func addUnverified(_ constraint: Constraint) throws(SolverError) {
        if constraints.slot(of: constraint) != nil { throw .duplicateConstraint(constraint) }
        let priority = constraint.priority
        guard priority.isValid else { throw .invalidPriority(priority.rawValue) }
        let symbolsBefore = symbolInfo.count
        let objectiveLengthBefore = objectiveLength
        let amplificationBefore = amplification
        // Undoes what this add did: the journaled rows and objectives, the growth of rounding
        // and the new symbols.
        func undo() {
            rollback()
            amplification = amplificationBefore
            undoNewSymbols(symbolsBefore, objectiveLength: objectiveLengthBefore)
        }
        // Refuses the constraint as a conflict that `candidates` explain, after undoing the
        // add; when the verdict hangs on a constant within the tableau's rounding, a fresh
        // build decides instead (finding 24).
        func refuse(_ constant: Double, _ candidates: [Constraint]) throws(SolverError) {
            undo()
            if isRoundingOfTheTableau(constant), allowsRebuild, let fresh = replayed() {
                return try adopt(fresh, adding: constraint)
            }
            throw unsatisfiable(constraint, candidates: candidates)
        }
        var (row, tag) = createRow(constraint)
        let candidate = expandInWorkspace(&row, findCandidate: true)
        if candidate >= 0 {
            noteElement(candidate, in: row)
            row.solve(for: candidate)
            define(candidate, row)
            tag.defines = candidate
            register(constraint, tag)
            return
        }
        if row.constant < 0 { row.reverseSign() }
        var subject = chooseSubject(row, tag)
        if subject < 0 { dropExpansionRounding(&row, of: constraint, tag) }
        if subject < 0 && allDummies(row) {
            // A replay adds constraints this solver's original accepted: a conflict within
            // the tableau's rounding is a redundant copy (a replay refused a copy of
            // `10·v0 == 0` for a constant of 1.6e-7 beside values of 375, and the rebuild
            // failed; finding 35).
            if isReplay && !nearZero(row.constant) && isRoundingOfTheTableau(row.constant) {
                row.constant = 0
            }
            if !nearZero(row.constant) { return try refuse(row.constant, markerConstraints(in: row)) }
            subject = tag.marker
        }
        if subject < 0 {
            journal = Journal(objectiveConstants: objectiveConstants, rowCount: rowCount)
            let (success, failedRow, smallPivot) = addWithArtificialVariable(row)
            if !success { return try refuse(failedRow.constant, markerConstraints(in: failedRow)) }
            // Phase one found the constraint satisfiable through a small pivot element, which
            // may be rounding that outgrew the residue test: a required `100·v0 + 375 == 0`
            // next to a required `v0 == 0` was accepted through an element of 2.9e-7 of its
            // row (fuzzing, finding 23). In a system whose rounding has grown (the drift check
            // is on), the verdict is also checked by its consequence: a satisfiable constraint
            // leaves the other required constraints holding. A required `3·v0 == 0` beside
            // `-2·v0 - 1 == 0` was accepted through an element of 1.1e-6 of its row, rounding
            // of the tableau's coefficients, and left the other 1.0 off (finding 29). Either way
            // a fresh build of the same constraints decides. Where none can (this is one, or
            // the replay failed), the consequence decides: refined, the required constraints
            // no longer hold, so the constraint conflicts (a required `v0 + 1 == 0` beside
            // `v0 == 0` was accepted through an element of 5.5e-7 when the replay failed;
            // finding 35). The consequence includes the constraint itself: phase one pivoted on
            // an unrestricted variable's rounding (2e-6 beside a magnitude of 20000 summed into
            // it) and moved it by 8e7, and a required `100·v0 + 375 == 0` beside a required
            // `3·v0 + 10 >= 0` was accepted 41.7 off, while every other constraint held
            // (finding 39).
            let drifting = (smallPivot || checksDrift) && drifts(adding: constraint)
            if smallPivot || drifting, allowsRebuild, let fresh = replayed() {
                undo()
                return try adopt(fresh, adding: constraint)
            }
            if drifting && !isReplay {
                undo()
                throw unsatisfiable(constraint, candidates: allConstraints.filter { $0.priority.isRequired })
            }
            journal = nil
        } else {
            noteElement(subject, in: row)
            row.solve(for: subject)
            substitute(subject, row)
            putRow(subject, row)
        }
        register(constraint, tag)
        try optimizeOrRebuild()
    }

    /// Removes a constraint previously added (any copy of it) and re-solves.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` when it is not in the solver, or
    ///   ``SolverError/illConditioned(_:)`` when double precision cannot hold the required
    ///   constraints left; the solver is then left exactly as it was.
    public mutating func remove(_ constraint: Constraint) throws(SolverError) {
        try verifying("removing \(constraint)") { (solver) throws(SolverError) in
            try solver.removeUnverified(constraint)
        }
    }

    /// ``remove(_:)`` without the accuracy check of an ill-conditioned system.
    mutating func removeUnverified(_ constraint: Constraint) throws(SolverError) {
        guard let info = constraints.removeValue(forKey: constraint) else {
            throw .unknownConstraint(constraint)
        }
        let tag = info.tag
        symbolInfo[Int(tag.marker)].owner = -1
        if tag.other >= 0 { symbolInfo[Int(tag.other)].owner = -1 }
        var levelIndex = -1
        if !constraint.priority.isRequired,
            let k = levels.firstIndex(of: constraint.priority.rawValue)
        {
            levelIndex = k
            if symbolInfo[Int(tag.marker)].kind == .error { removeMarkerEffects(tag.marker, level: k) }
            if tag.other >= 0 && symbolInfo[Int(tag.other)].kind == .error {
                removeMarkerEffects(tag.other, level: k)
            }
        }
        if tag.defines >= 0 && definition[Int(tag.defines)] != nil { undefine(tag.defines) }
        let m = tag.marker
        if rowOf[Int(m)] == nil && columns[Int(m)].isEmpty,
            let user = definitionUsers[Int(m)].min()
        {
            undefine(user)
        }
        if rowOf[Int(m)] != nil {
            let row = takeRow(m)
            substituteIntoDefinitions(m, row)
        } else {
            dropRounding(of: m)
            // A marker that occurs nowhere belongs to a redundant constraint: nothing to undo.
            if let leaving = markerLeavingRow(m) {
                var row = takeRow(leaving)
                // Feasibility forces this row, whatever its coefficient of the marker. Below
                // 1e-3 of the row's largest, the pivot multiplies the row's rounding by 10^3 or
                // more, and what removal added stays (fuzzing found a required equality 8.2e-6
                // off that a fresh build holds to 2e-16): the tableau is rebuilt at the end of
                // the removal. The random benchmark's 2,700 removals rebuild 12 times.
                if abs(row.coefficient(for: m)) < removalRebuildThreshold * row.largestMagnitude {
                    mustRebuild = true
                }
                noteElement(m, in: row)
                row.solve(for: leaving, m)
                substitute(m, row)
                substituteIntoDefinitions(m, row)
            }
        }
        if tag.other >= 0 { purgeSymbol(tag.other) }
        purgeSymbol(m)
        if levelIndex >= 0 {
            levelUses[levelIndex] -= 1
            if levelUses[levelIndex] == 0 {
                levels.remove(at: levelIndex)
                levelUses.remove(at: levelIndex)
                objective.remove(at: levelIndex)
                objectiveConstants.remove(at: levelIndex)
            }
        }
        // `uses` counts terms, so a variable written twice reaches 0 at its last term.
        for term in constraint.expression.terms where !nearZero(term.coefficient) {
            guard let s = variableSymbols[term.variable] else { continue }
            symbolInfo[Int(s)].uses -= 1
            if symbolInfo[Int(s)].uses == 0 && isUnreferenced(s) {
                variableSymbols[term.variable] = nil
                symbolInfo[Int(s)].variable = nil
            }
        }
        try optimizeOrRebuild()
    }

    /// Restores optimality after a change; when rounding makes that fail, rebuilds the tableau
    /// instead (or, inside a rebuild's replay, reports the failure).
    mutating func optimizeOrRebuild() throws(SolverError) {
        do {
            try optimize()
        } catch {
            mustRebuild = true
            if !allowsRebuild { throw error }
        }
        rebuildIfNeeded()
    }

    /// Rebuilds the tableau from the constraints (in their original order, with their
    /// current constants) when a pivot on a tiny element may have amplified rounding
    /// errors, or when rounding made an optimisation fail. Deterministic; rare in practice
    /// (never in layouts whose coefficients are ±1). `driftChecked`: the operation has just
    /// checked the required constraints for drift itself, on this very state.
    mutating func rebuildIfNeeded(driftChecked: Bool = false) {
        operationsSinceRebuild += 1
        // A failed optimisation forces a rebuild; grown rounding triggers one only when
        // enough operations have passed to amortise its cost.
        var due =
            mustRebuild
            || (amplification > amplificationLimit && 16 * operationsSinceRebuild >= constraints.count)
        guard allowsRebuild else { return }
        // Once pivots may have multiplied rounding, the required constraints are checked
        // against the values: drift past 10^-11 of the largest value (or twice what the last
        // fresh build had) rebuilds now.
        if amplification > driftCheckAmplification { checksDrift = true }
        if !due && checksDrift && !driftChecked { due = drifts() }
        guard due else { return }
        guard let fresh = replayed() else {
            // The replay itself failed: the system is too ill-conditioned for a clean rebuild
            // (it happens with near-singular random systems, and a replay took a redundant
            // copy of `v0 == 0` for a conflict by rounding); keep the current tableau, refined
            // (a removal left a required equality 2.8e-4 off, which one step removes; fuzzing,
            // finding 33).
            mustRebuild = false
            amplification = 1
            operationsSinceRebuild = 0
            if checksDrift { _ = refined() }
            return
        }
        become(fresh)
    }

    /// Takes the place of `fresh`, a fresh build of this solver's constraints: counts the
    /// rebuild, keeps whether drift and accuracy are checked and whether wide coefficients were
    /// seen, and records the fresh build's own drift.
    mutating func become(_ fresh: Solver) {
        var next = fresh
        next.rebuildCount = rebuildCount + 1
        next.inherentDrift = next.refined()
        next.checksDrift = checksDrift
        next.hasWideCoefficients = hasWideCoefficients
        next.checksAccuracy = checksAccuracy
        self = next
    }

    /// The largest violation of a required constraint by the current values, relative to the
    /// largest value the solver holds (at least 1). In exact arithmetic it is 0; a fresh build
    /// leaves the rounding of its own pivots, an incremental history may add to it.
    mutating func requiredDrift() -> Double { requiredDrift(including: nil).required }

    /// ``requiredDrift()``, and apart from it the violation of `added`, a required constraint
    /// being added (not yet registered), relative to the same scale, from one evaluation.
    mutating func requiredDrift(including added: Constraint?) -> (required: Double, added: Double) {
        let values = evaluate()
        var largest = 1.0
        for v in values { largest = Swift.max(largest, abs(v)) }
        var worst = 0.0
        for case let info? in constraints.slots where info.constraint.priority.isRequired {
            let off = info.constraint.violation(constant: info.constant) { value(of: $0, in: values) }
            worst = Swift.max(worst, off)
        }
        let off = added?.violation { value(of: $0, in: values) } ?? 0
        return (worst / largest, off / largest)
    }

    /// The value of `variable` among `values`, an ``evaluate()`` of every symbol (0 for a
    /// variable the solver does not know).
    @inline(__always) func value(of variable: Variable, in values: [Double]) -> Double {
        variableSymbols[variable].map { values[Int($0)] } ?? 0
    }

    /// Records a row solved for `id`: below a tenth of the row's largest coefficient, the
    /// division multiplies the row's rounding, and the product of those factors since the last
    /// rebuild bounds how far rounding may have grown (see ``amplification``). Layouts
    /// (coefficients ±1) never get there.
    @inline(__always) mutating func noteElement(_ id: Int32, in row: Row) {
        let a = abs(row.coefficient(for: id))
        guard a < 1 else { return }
        let largest = row.largestMagnitude
        if a < 0.1 * largest { amplification *= largest / a }
    }

    /// Adds `constraint` to `fresh` (this solver's constraints built afresh, see
    /// ``replayed()``) and takes its place; when the fresh build refuses the constraint, its
    /// error is thrown and this solver is unchanged. For verdicts that rounding in this
    /// tableau may have decided.
    mutating func adopt(_ fresh: Solver, adding constraint: Constraint) throws(SolverError) {
        var probe = fresh
        probe.allowsRebuild = false
        try probe.add(constraint)
        probe.allowsRebuild = true
        become(probe)
    }

    /// Whether a constant that decides a conflict could be rounding: at most 10^-9 of the
    /// largest value the tableau holds. Fuzzing found a redundant required `v0 == 0` refused
    /// for a constant of 3e-5 beside values of 10^5 (finding 24); an absolute test cannot
    /// tell that from a real conflict of 3e-5 at a scale of 1.
    func isRoundingOfTheTableau(_ constant: Double) -> Bool {
        abs(constant) <= 1.0e-9 * Swift.max(1, largestRowConstant())
    }

    /// The largest value held by a basic slack, error or dummy: the scale of the tableau's
    /// rounding. A scan of every row, for the rare paths that judge rounding (never taken by
    /// layouts).
    func largestRowConstant() -> Double {
        var largest = 0.0
        for r in rowOf.indices where symbolInfo[r].kind != .external {
            if let c = rowOf[r]?.constant { largest = Swift.max(largest, abs(c)) }
        }
        return largest
    }

    /// A new solver given this one's constraints in their original order, with their current
    /// constants (so edit variables keep their suggestions), and the values this one last
    /// reported: the same system without this solver's history of removals, failed adds and
    /// re-solves. Nil when the replay fails through rounding.
    func replayed() -> Solver? {
        var fresh = Solver()
        fresh.explainsFailures = explainsFailures
        fresh.allowsRebuild = false
        fresh.isReplay = true
        do throws(SolverError) {
            for info in constraints.values.sorted(by: { $0.order < $1.order }) {
                let c = info.constraint
                try fresh.add(c)
                if info.constant != c.expression.constant {
                    try fresh.updateConstant(of: c, to: info.constant)
                }
            }
        } catch {
            return nil
        }
        fresh.edits = edits
        fresh.nextOrder = nextOrder
        for s in fresh.symbolInfo.indices {
            if let variable = fresh.symbolInfo[s].variable, let old = variableSymbols[variable] {
                fresh.symbolInfo[s].reported = symbolInfo[Int(old)].reported
            }
        }
        fresh.isReplay = false
        fresh.mustRebuild = false
        fresh.amplification = 1
        fresh.operationsSinceRebuild = 0
        fresh.allowsRebuild = true
        return fresh
    }

    /// Whether the constraint (or a copy of it) is in the solver.
    public func contains(_ constraint: Constraint) -> Bool { constraints.slot(of: constraint) != nil }

    /// All constraints in the solver, in the order they were added.
    public var allConstraints: [Constraint] {
        constraints.values.sorted { $0.order < $1.order }.map(\.constraint)
    }

    /// Makes `variable` an edit variable whose value can be suggested.
    /// - Parameters:
    ///   - variable: The variable to edit.
    ///   - priority: The priority of suggestions; must be optional (below 1000).
    /// - Throws: ``SolverError/requiredEditVariable(_:)``, ``SolverError/invalidPriority(_:)``
    ///   or ``SolverError/duplicateEditVariable(_:)``.
    public mutating func addEditVariable(_ variable: Variable, priority: Priority)
        throws(SolverError)
    {
        if edits[variable] != nil { throw .duplicateEditVariable(variable) }
        guard priority.isValid else { throw .invalidPriority(priority.rawValue) }
        if priority.isRequired { throw .requiredEditVariable(variable) }
        let constraint = Constraint(variable.expression, .equal, priority: priority)
        try add(constraint)
        edits[variable] = constraint
    }

    /// Removes an edit variable and its suggestion.
    /// - Throws: ``SolverError/unknownEditVariable(_:)``, or
    ///   ``SolverError/illConditioned(_:)`` as ``remove(_:)`` does; the solver is then left as
    ///   it was.
    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let constraint = edits[variable] else { throw .unknownEditVariable(variable) }
        // The edit goes once its constraint has: a refused removal
        // (``SolverError/illConditioned(_:)``) leaves the solver as it was (finding 44).
        try remove(constraint)
        edits[variable] = nil
    }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable] != nil }

    /// Suggests a value for an edit variable and re-solves incrementally (dual simplex).
    /// - Throws: ``SolverError/unknownEditVariable(_:)``.
    public mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard let constraint = edits[variable] else { throw .unknownEditVariable(variable) }
        try updateConstant(of: constraint, to: -value)
    }

    /// Changes the constant of a constraint's expression (the constraint reads
    /// `expression relation 0`) in place, without removing and re-adding it, and re-solves
    /// incrementally with the dual simplex.
    ///
    /// For `w == 100`, built as `w - 100 == 0`, the constant is -100.
    /// - Throws: ``SolverError/unknownConstraint(_:)``, or
    ///   ``SolverError/unsatisfiableConstraint(_:conflicts:)`` when a required constraint can
    ///   no longer hold, or ``SolverError/illConditioned(_:)`` when double precision cannot
    ///   hold the required constraints with the new constant; the solver is then left as it
    ///   was.
    public mutating func updateConstant(of constraint: Constraint, to constant: Double)
        throws(SolverError)
    {
        try verifying("updating the constant of \(constraint) to \(constant)") { (solver) throws(SolverError) in
            try solver.updateConstantUnverified(of: constraint, to: constant)
        }
    }

    /// ``updateConstant(of:to:)`` without the accuracy check of an ill-conditioned system.
    mutating func updateConstantUnverified(of constraint: Constraint, to constant: Double)
        throws(SolverError)
    {
        guard let slot = constraints.slot(of: constraint), let info = constraints.slots[Int(slot)] else {
            throw .unknownConstraint(constraint)
        }
        let delta = constant - info.constant
        if delta == 0 { return }
        let required = constraint.priority.isRequired
        // A required update can fail; it then runs under the undo journal (the rows,
        // objectives and definition constants it touches), and what the journal does not
        // cover is saved here.
        let heapBefore = required ? enteringHeap : SymbolHeap()
        let passedOverBefore = required ? passedOver : []
        let amplificationBefore = amplification
        if required { journal = Journal(objectiveConstants: objectiveConstants, rowCount: rowCount) }
        constraints.setConstant(constant, slot: slot)
        let tag = info.tag
        shiftSolution(marker: tag.marker, by: delta / tag.markerSign)
        let checksVerdict = required && checksDrift
        do throws(SolverError) {
            try dualOptimize()
            // The dual simplex skips entering candidates whose coefficient is residue for
            // pivoting; when one was real after all, optimality is lost and the primal simplex
            // restores it (usually with nothing to do).
            try optimize()
            // Only rows the update touched (all journaled) can have moved a dummy off zero.
            if let log = journal, !dummyRowsAreZero(log.rows.map(\.0)) { throw .internalError("dummy row") }
            // In a system whose rounding has grown, the verdict is also checked by its
            // consequence, as phase one's is: the dual simplex made a required `v0 <= -10`
            // feasible beside a required `v0 == 0` through rounding, and v0 went to -9.99
            // (fuzzing, finding 34). The solution is refined first, so that only a real
            // violation counts.
            if checksVerdict && drifts() { throw .internalError("required constraints drift") }
            journal = nil
        } catch {
            if required {
                rollback()
                constraints.setConstant(info.constant, slot: slot)
                enteringHeap = heapBefore
                passedOver = passedOverBefore
                amplification = amplificationBefore
                throw unsatisfiable(
                    constraint,
                    candidates: allConstraints.filter { $0.priority.isRequired && $0 != constraint },
                    overrideConstant: constant)
            }
            mustRebuild = true
            if !allowsRebuild { throw error }
        }
        rebuildIfNeeded(driftChecked: checksVerdict)
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
            if symbolInfo[Int(m)].kind != .external && updated < 0 { infeasible.push(m) }
        } else {
            let users = columns[Int(m)]
            if journal != nil { for r in users { record(r) } }
            rowOf.withUnsafeMutableBufferPointer { rows in
                for r in users {
                    let i = Int(r)
                    guard let c = rows[i]?.coefficient(for: m), let old = rows[i]?.constant else { continue }
                    let updated = sumCancelling(old, c * shift)
                    rows[i]?.constant = updated
                    if symbolInfo[i].kind != .external && updated < 0 { infeasible.push(r) }
                }
            }
            for k in objective.indices {
                objectiveConstants[k] += objective[k][Int(m)] * shift
            }
        }
        // The compiled program holds its own copy of each definition's constant.
        for d in definitionUsers[Int(m)] {
            guard let def = definition[Int(d)] else { continue }
            journal?.definitionConstants.append((d, def.constant))
            let c = def.coefficient(for: m)
            definition[Int(d)]?.constant += c * shift
            if let k = program?.slot[Int(d)], k >= 0 { program?.constants[Int(k)] += c * shift }
        }
    }

    /// The current value of a variable (0 for a variable the solver does not know).
    public func value(of variable: Variable) -> Double {
        guard let s = variableSymbols[variable] else { return 0 }
        return valueOfSymbol(s)
    }

    /// The values of many variables at once. One evaluation of every definition serves
    /// them all, so reading a whole layout costs about as much as reading a few variables
    /// with ``value(of:)`` one at a time.
    public mutating func values(of variables: [Variable]) -> [Double] {
        let all = evaluate()
        return variables.map { variable in
            guard let s = variableSymbols[variable] else { return 0 }
            return all[Int(s)]
        }
    }

    /// Records the current values and returns the variables whose value changed since the
    /// previous call, in the order the solver first saw them.
    public mutating func updateVariables() -> [Variable] {
        let values = evaluate()
        var changed: [Variable] = []
        for s in symbolInfo.indices where values[s] != symbolInfo[s].reported {
            guard let variable = symbolInfo[s].variable else { continue }
            symbolInfo[s].reported = values[s]
            changed.append(variable)
        }
        return changed
    }

    /// Removes every constraint and edit variable.
    public mutating func reset() { self = Solver() }

    // MARK: - Ambiguity

    /// The range of values `variable` can take while every constraint stays satisfied
    /// equally well (the same lexicographic optimum). Infinite bounds mean the variable is
    /// free in that direction.
    public func range(of variable: Variable) -> ClosedRange<Double> {
        guard let s = variableSymbols[variable] else { return -Double.infinity...Double.infinity }
        let target = parametricRow(of: s)
        var bounds: [Double] = []
        for direction in [1.0, -1.0] {
            var probe = self
            let k = probe.objective.count
            probe.levels.append(0)
            probe.levelUses.append(1)
            probe.objective.append([Double](repeating: 0, count: probe.objectiveLength))
            probe.objectiveConstants.append(direction * target.constant)
            for (id, c) in zip(target.ids, target.coefficients) {
                probe.addObjective(k, id, direction * c)
            }
            do {
                try probe.optimize(boundedObjective: false)
                bounds.append(probe.valueOfSymbol(s))
            } catch {
                bounds.append(direction > 0 ? -Double.infinity : Double.infinity)
            }
        }
        let low = bounds[0]
        let high = max(bounds[1], low)
        return low...high
    }

    /// The variables among `variables` that could take other values while every constraint
    /// is satisfied equally well, i.e. whose layout is ambiguous (free variables).
    ///
    /// Most variables are settled from the optimal tableau alone (see `settledAmbiguity`);
    /// only the rest are settled by minimising and maximising them (`range(of:)`), which
    /// copies the solver.
    public func ambiguousVariables(among variables: [Variable]) -> [Variable] {
        ambiguousVariables(among: variables, movable: symbolsReachedByCostlessMoves())
    }

    /// `ambiguousVariables(among:)` with the pass over the symbols done once by the caller
    /// (`symbolsReachedByCostlessMoves()`), for many queries against an unchanged solver:
    /// the layout engine asks once per view.
    package func ambiguousVariables(among variables: [Variable], movable: [Bool]) -> [Variable] {
        variables.filter { variable in
            guard let s = variableSymbols[variable] else { return true }
            // Only what a costless parametric symbol reaches can move; most variables of a
            // determined layout are not reached, and need no expansion.
            guard Int(s) < movable.count, movable[Int(s)] else { return false }
            if let settled = settledAmbiguity(of: parametricRow(of: s)) { return settled }
            return rangeIsWide(variable)
        }
    }

    /// The symbols whose value a parametric symbol with zero reduced cost at every level could
    /// change: those symbols, the basic symbols whose rows hold them, and the definitions that
    /// use any of these, transitively. An over-approximation (terms may cancel), found in one
    /// pass over the symbols.
    package func symbolsReachedByCostlessMoves() -> [Bool] {
        var reached = [Bool](repeating: false, count: symbolInfo.count)
        var queue: [Int32] = []
        // Parametric symbols: neither basic nor defined (a definition is not a degree of freedom).
        for p in symbolInfo.indices
        where rowOf[p] == nil && definition[p] == nil && symbolInfo[p].kind != .dummy && leadingCost(Int32(p)) == 0 {
            reached[p] = true
            queue.append(Int32(p))
        }
        while let x = queue.popLast() {
            for next in columns[Int(x)] where !reached[Int(next)] {
                reached[Int(next)] = true
                queue.append(next)
            }
            for next in definitionUsers[Int(x)] where !reached[Int(next)] {
                reached[Int(next)] = true
                queue.append(next)
            }
        }
        return reached
    }

    /// Whether `range(of:)` leaves room to move: the exact answer, by linear programming.
    func rangeIsWide(_ variable: Variable) -> Bool {
        let r = range(of: variable)
        return r.upperBound - r.lowerBound > 1.0e-7
    }

    /// Whether a variable, written as `target` in parametric symbols, could move with every
    /// constraint satisfied equally well, when the optimal tableau tells alone; nil otherwise.
    ///
    /// At a lexicographic optimum every parametric symbol's reduced costs are, level by level,
    /// lexicographically non-negative (zero for unrestricted ones), so a move that keeps every
    /// level optimal can only use symbols whose reduced costs are zero at every level. Hence:
    /// - no such symbol in `target`: the variable cannot move (false);
    /// - one such symbol that can move alone (both ways if unrestricted, up if a slack or an
    ///   error) without driving a restricted basic symbol that is at zero below it, or a basic
    ///   dummy off zero: the variable moves (true);
    /// - otherwise only a combination could move it, and `range(of:)` decides (nil).
    func settledAmbiguity(of target: Row) -> Bool? {
        var undecided = false
        for (p, a) in zip(target.ids, target.coefficients) where abs(a) > 1.0e-9 {
            let kind = symbolInfo[Int(p)].kind
            if kind == .dummy || rowOf[Int(p)] != nil || leadingCost(p) != 0 { continue }
            for direction in kind == .external ? [1.0, -1.0] : [1.0] {
                var blocked = false
                for basic in columns[Int(p)] {
                    let basicKind = symbolInfo[Int(basic)].kind
                    guard basicKind != .external, let row = rowOf[Int(basic)] else { continue }
                    let change = row.coefficient(for: p) * direction
                    if nearZero(change) { continue }
                    if basicKind == .dummy || (change < 0 && nearZero(row.constant)) {
                        blocked = true
                        break
                    }
                }
                if !blocked { return true }
            }
            undecided = true
        }
        return undecided ? nil : false
    }

    /// Whether any of `variables` could take another value with every constraint satisfied
    /// equally well (what `hasAmbiguousLayout` reports for a view's frame variables).
    public func hasAmbiguousLayout(_ variables: [Variable]) -> Bool {
        !ambiguousVariables(among: variables).isEmpty
    }

    // MARK: - Statistics

    /// Sizes of the internal representation, for tests and diagnostics.
    public struct Statistics: Sendable, Equatable {
        /// Number of basic rows in the simplex tableau.
        public var rows: Int
        /// Number of variables held as definitions outside the tableau.
        public var definitions: Int
        /// Number of distinct symbols in use (basic, defined or referenced).
        public var columns: Int
        /// Number of nonzero terms over all objective levels.
        public var objectiveTerms: Int
        /// Number of priority levels in the objective.
        public var levels: Int
        /// Number of variables known to the solver.
        public var variables: Int
        /// Number of constraints.
        public var constraints: Int
        /// Number of times the tableau was rebuilt because of ill-conditioning.
        public var rebuilds: Int
    }

    /// The largest magnitude among the values of all the solver's symbols (variables, slacks
    /// and errors): the scale of the numbers it computes with. Rounding makes results accurate
    /// relative to this scale, not to each variable's own value: a constraint violated by 10^5
    /// elsewhere in the system leaves errors of about 10^-11 × 10^5 in others.
    public func magnitude() -> Double {
        evaluate(program ?? compileProgram()).reduce(0) { max($0, abs($1)) }
    }

    /// The current internal sizes.
    public var statistics: Statistics {
        var used = 0
        for s in symbolInfo.indices
        where rowOf[s] != nil || !columns[s].isEmpty || definition[s] != nil
            || !definitionUsers[s].isEmpty
        {
            used += 1
        }
        var terms = 0
        for level in objective { for c in level where c != 0 { terms += 1 } }
        return Statistics(
            rows: rowCount, definitions: definitionCount, columns: used, objectiveTerms: terms,
            levels: levels.count, variables: variableSymbols.count, constraints: constraints.count,
            rebuilds: rebuildCount)
    }

    // MARK: - Symbols and rows

    mutating func newSymbol(_ kind: Kind) -> Int32 {
        let s = Int32(symbolInfo.count)
        if symbolInfo.count == symbolInfo.capacity {
            // Eightfold up to 131,072 symbols (the 1000-row feed has 39,000), twofold beyond:
            // at 10,000 rows an eightfold step reserved hundreds of megabytes and was slower
            // (paired runs, build medians 252 ms eightfold against 233 ms).
            let factor = symbolInfo.count < 131_072 ? 8 : 2
            reserveSymbols(Swift.max(256, factor * symbolInfo.count))
        }
        symbolInfo.append(SymbolInfo(kind: kind))
        rowOf.append(nil)
        columns.append(SymbolSet())
        definition.append(nil)
        definitionUsers.append(SymbolSet())
        if symbolInfo.count > objectiveLength { growObjective() }
        return s
    }

    /// Makes room for `capacity` symbols in the per-symbol arrays.
    mutating func reserveSymbols(_ capacity: Int) {
        symbolInfo.reserveCapacity(capacity)
        rowOf.reserveCapacity(capacity)
        columns.reserveCapacity(capacity)
        definition.reserveCapacity(capacity)
        definitionUsers.reserveCapacity(capacity)
    }

    /// Drops the symbols created from `count` on (by a failed add), with their variables.
    mutating func undoNewSymbols(_ count: Int, objectiveLength length: Int) {
        for info in symbolInfo[count...] {
            if let v = info.variable { variableSymbols[v] = nil }
        }
        symbolInfo.removeSubrange(count...)
        rowOf.removeSubrange(count...)
        columns.removeSubrange(count...)
        definition.removeSubrange(count...)
        definitionUsers.removeSubrange(count...)
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
        let length = Swift.max(64, 2 * objectiveLength, symbolInfo.count)
        for k in objective.indices {
            // Room up to the symbols' capacity, so that lengthening does not copy the row.
            if objective[k].capacity < length { objective[k].reserveCapacity(Swift.max(length, symbolInfo.capacity)) }
            objective[k].append(contentsOf: repeatElement(0, count: length - objectiveLength))
        }
        objectiveLength = length
    }

    func isUnreferenced(_ s: Int32) -> Bool {
        rowOf[Int(s)] == nil && columns[Int(s)].isEmpty && definition[Int(s)] == nil
            && definitionUsers[Int(s)].isEmpty && !objective.contains { $0[Int(s)] != 0 }
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
            definition[Int(d)]?.constant = old
            if let k = program?.slot[Int(d)], k >= 0 { program?.constants[Int(k)] = old }
        }
        objectiveConstants = log.objectiveConstants
        rowCount = log.rowCount
        artificial = nil
        infeasible.removeAll()
    }

    mutating func putRow(_ basic: Int32, _ row: Row) {
        record(basic)
        for id in row.ids { columns[Int(id)].insert(basic) }
        rowOf[Int(basic)] = row
        rowCount += 1
    }

    mutating func takeRow(_ basic: Int32) -> Row {
        guard let row = rowOf[Int(basic)] else { return Row() }
        record(basic)
        rowOf[Int(basic)] = nil
        for id in row.ids { columns[Int(id)].remove(basic) }
        rowCount -= 1
        return row
    }

    /// Adds `delta` to the objective coefficient of `s` at level `k`.
    @inline(__always) mutating func addObjective(_ k: Int, _ s: Int32, _ delta: Double) {
        let old = objective[k][Int(s)]
        var c = old + delta
        if cancels(c, old, delta) { c = 0 }
        if journal != nil { journal?.objective.append((k, s, old)) }
        objective[k][Int(s)] = c
        // Eligibility may change even when the coefficient becomes zero (a lower level decides).
        if isEligible(s) { pushEntering(s) }
    }

    /// Replaces `symbol` by `row` in every tableau row containing it and in the objectives.
    mutating func substitute(_ symbol: Int32, _ row: Row) {
        let users = columns[Int(symbol)]
        if !users.isEmpty {
            columns[Int(symbol)] = SymbolSet()
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
                    for id in removed { columns[Int(id)].remove(r) }
                    for id in added { columns[Int(id)].insert(r) }
                }
                if symbolInfo[Int(r)].kind != .external && target.constant < 0 { infeasible.push(r) }
                rowOf[Int(r)] = target
            }
        }
        for k in objective.indices {
            let c = objective[k][Int(symbol)]
            if c == 0 { continue }
            addObjective(k, symbol, -c)
            objectiveConstants[k] += c * row.constant
            for (id, a) in zip(row.ids, row.coefficients) { addObjective(k, id, c * a) }
        }
        if artificial != nil { artificial?.substitute(symbol, row) }
    }

    mutating func updateColumns(_ basic: Int32, _ old: [Int32], _ new: [Int32]) {
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && old[i] < new[j]) {
                columns[Int(old[i])].remove(basic)
                i += 1
            } else if i == old.count || new[j] < old[i] {
                columns[Int(new[j])].insert(basic)
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
    }

    /// Removes a symbol that should occur nowhere any more (numerical residue only).
    mutating func purgeSymbol(_ s: Int32) {
        program = nil
        if rowOf[Int(s)] != nil {
            let row = takeRow(s)
            substituteIntoDefinitions(s, row)
        }
        let users = columns[Int(s)]
        columns[Int(s)] = SymbolSet()
        for r in users { rowOf[Int(r)]?.remove(s) }
        for k in objective.indices where objective[k][Int(s)] != 0 { objective[k][Int(s)] = 0 }
        // In place: a copy taken out of the array would share its terms and be copied on write.
        for d in definitionUsers[Int(s)] { definition[Int(d)]?.remove(s) }
        definitionUsers[Int(s)] = SymbolSet()
    }

    mutating func symbol(for variable: Variable) -> Int32 {
        if let s = variableSymbols[variable] { return s }
        let s = newSymbol(.external)
        variableSymbols[variable] = s
        symbolInfo[Int(s)].variable = variable
        return s
    }

    mutating func levelIndex(for priority: Double) -> Int {
        var k = 0
        while k < levels.count && levels[k] > priority { k += 1 }
        if k < levels.count && levels[k] == priority { return k }
        levels.insert(priority, at: k)
        levelUses.insert(0, at: k)
        var level: [Double] = []
        level.reserveCapacity(Swift.max(objectiveLength, symbolInfo.capacity))
        level.append(contentsOf: repeatElement(0, count: objectiveLength))
        objective.insert(level, at: k)
        objectiveConstants.insert(0, at: k)
        return k
    }

    /// Builds the row of a new constraint over variable symbols (defined ones unexpanded).
    mutating func createRow(_ constraint: Constraint) -> (Row, Tag) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        // Room for the terms and the marker and error symbols.
        row.reserve(expression.terms.count + 2)
        while !termSymbols.isEmpty { termSymbols.removeLast() }
        for term in expression.terms where !nearZero(term.coefficient) {
            let s = symbol(for: term.variable)
            termSymbols.append(s)
            row.insert(s, term.coefficient)
        }
        let priority = constraint.priority
        var tag = Tag(marker: -1, other: -1, markerSign: 1, defines: -1)
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            tag.marker = slack
            tag.markerSign = sign
            row.insert(slack, sign)
            if !priority.isRequired {
                let error = newSymbol(.error)
                tag.other = error
                row.insert(error, -sign)
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
        symbolInfo[Int(tag.marker)].owner = slot
        if tag.other >= 0 { symbolInfo[Int(tag.other)].owner = slot }
        if !constraint.priority.isRequired,
            let k = levels.firstIndex(of: constraint.priority.rawValue)
        {
            levelUses[k] += 1
        }
        for s in termSymbols { symbolInfo[Int(s)].uses += 1 }
        while !termSymbols.isEmpty { termSymbols.removeLast() }
    }

    // MARK: - Definitions

    /// Whether `p` can be defined by a row whose unexpanded definitions are those in `row`:
    /// an external symbol outside the tableau and objective, and no definition it feeds
    /// (directly or not) occurs in the row, so no cycle can form.
    func canDefine(_ p: Int32, in row: Row) -> Bool {
        canDefine(p) { row.coefficient(for: $0) != 0 }
    }

    /// ``canDefine(_:in:)`` for a row given by its membership test.
    @inline(__always)
    func canDefine(_ p: Int32, rowHolds: (Int32) -> Bool) -> Bool {
        guard symbolInfo[Int(p)].kind == .external, rowOf[Int(p)] == nil, definition[Int(p)] == nil,
            columns[Int(p)].isEmpty
        else { return false }
        for k in objective.indices where objective[k][Int(p)] != 0 { return false }
        if definitionUsers[Int(p)].isEmpty { return true }
        var seen: [Int32] = []
        var stack = Array(definitionUsers[Int(p)])
        while let d = stack.popLast() {
            if seen.contains(d) { continue }
            seen.append(d)
            if seen.count > 64 { return false }
            if rowHolds(d) { return false }
            stack.append(contentsOf: definitionUsers[Int(d)])
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
        for id in row.ids where definition[Int(id)] != nil {
            heap.push(NewestFirst(stamp: symbolInfo[Int(id)].stamp, symbol: id))
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
            guard let def = definition[Int(d)] else { continue }
            row.replace(d, by: def, c)
            for id in def.ids where definition[Int(id)] != nil && row.coefficient(for: id) != 0 {
                heap.push(NewestFirst(stamp: symbolInfo[Int(id)].stamp, symbol: id))
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
            for id in row.ids.reversed() where canDefine(id, in: row) && wellConditioned(id, in: row) {
                return id
            }
        }
        var heap = MinHeap<NewestFirst>()
        swap(&heap, &expansionHeap)
        var work: [Double] = []
        swap(&work, &workspace)
        var touched: [Int32] = []
        swap(&touched, &workspaceTouched)
        if work.count < symbolInfo.count {
            if work.capacity < symbolInfo.count { work.reserveCapacity(symbolInfo.capacity) }
            work.append(
                contentsOf: repeatElement(0, count: Swift.max(symbolInfo.count, 2 * work.count) - work.count))
        }
        let candidate = expandCore(
            &row, findCandidate: findCandidate, heap: &heap, work: &work, touched: &touched)
        swap(&heap, &expansionHeap)
        swap(&work, &workspace)
        swap(&touched, &workspaceTouched)
        return candidate
    }

    /// The body of ``expandInWorkspace(_:findCandidate:)``. Non-mutating, with the scratch
    /// passed in, so that reading the solver inside the loops never copies it.
    func expandCore(
        _ row: inout Row, findCandidate: Bool, heap: inout MinHeap<NewestFirst>,
        work: inout [Double], touched: inout [Int32]
    ) -> Int32 {
        heap.removeAll()
        touched.removeAll(keepingCapacity: true)
        return work.withUnsafeMutableBufferPointer { w in
            var constant = row.constant
            var candidate: Int32 = -1
            for t in row.terms {
                w[Int(t.id)] = t.coefficient
                touched.append(t.id)
                if definition[Int(t.id)] != nil {
                    heap.push(NewestFirst(stamp: symbolInfo[Int(t.id)].stamp, symbol: t.id))
                }
            }
            expansion: while let next = heap.pop() {
                let d = next.symbol
                let c = w[Int(d)]
                if c == 0 { continue }
                guard let def = definition[Int(d)] else { continue }
                w[Int(d)] = 0
                constant = sumCancelling(constant, def.constant * c)
                def.terms.withUnsafeBufferPointer { terms in
                    Self.accumulate(terms, c, w, &touched)
                    // The ids of a definition are distinct, so each one's coefficient is final.
                    for t in terms where definition[Int(t.id)] != nil && w[Int(t.id)] != 0 {
                        heap.push(NewestFirst(stamp: symbolInfo[Int(t.id)].stamp, symbol: t.id))
                    }
                    if findCandidate {
                        var best: Int32 = -1
                        for t in terms
                        where t.id > best && w[Int(t.id)] != 0
                            && canDefine(t.id, rowHolds: { w[Int($0)] != 0 })
                            && Self.wellConditioned(t.id, w, touched)
                        {
                            best = t.id
                        }
                        candidate = best
                    }
                }
                if candidate >= 0 { break expansion }
            }
            var sorted = false
            var sortedCount = 0
            if candidate < 0 {
                // Basic symbols, in increasing id order, replaced by their rows (which hold
                // parametric symbols only).
                touched.sort()
                sorted = true
                sortedCount = touched.count
                for k in touched.indices {
                    let id = touched[k]
                    if k > 0 && touched[k - 1] == id { continue }
                    let c = w[Int(id)]
                    if c == 0 { continue }
                    guard let basic = rowOf[Int(id)] else { continue }
                    w[Int(id)] = 0
                    constant = sumCancelling(constant, basic.constant * c)
                    basic.terms.withUnsafeBufferPointer { Self.accumulate($0, c, w, &touched) }
                }
            }
            // Gather the nonzero terms in id order and clear the workspace. (A list sorted before
            // the basic rows were substituted only needs sorting again if they added ids.)
            if !sorted || touched.count > sortedCount { touched.sort() }
            var result = Row(constant: constant)
            result.terms.reserveCapacity(touched.count + 2)
            for k in touched.indices {
                let id = touched[k]
                if k > 0 && touched[k - 1] == id { continue }
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

    /// Adds `c · terms` to the workspace, dropping near-zero results exactly as
    /// ``Row/merge(_:_:dropping:track:added:removed:)`` does, and records newly nonzero ids.
    @inline(__always)
    static func accumulate(
        _ terms: UnsafeBufferPointer<Row.Entry>, _ c: Double, _ w: UnsafeMutableBufferPointer<Double>,
        _ touched: inout [Int32]
    ) {
        for t in terms {
            let old = w[Int(t.id)]
            let product = t.coefficient * c
            var v = old + product
            if cancels(v, old, product) { v = 0 }
            if old == 0 && v != 0 { touched.append(t.id) }
            w[Int(t.id)] = v
        }
    }

    /// ``wellConditioned(_:in:)`` for a row held in the workspace.
    @inline(__always)
    static func wellConditioned(
        _ id: Int32, _ work: UnsafeMutableBufferPointer<Double>, _ touched: [Int32]
    ) -> Bool {
        var largest = 0.0
        for t in touched { largest = Swift.max(largest, abs(work[Int(t)])) }
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

    mutating func define(_ p: Int32, _ row: Row) {
        program = nil
        for id in row.ids { definitionUsers[Int(id)].insert(p) }
        definition[Int(p)] = row
        symbolInfo[Int(p)].stamp = nextStamp
        nextStamp += 1
        definitionCount += 1
    }

    /// Moves a defined variable into the tableau as a basic row (its full expansion).
    mutating func undefine(_ p: Int32) {
        program = nil
        guard var row = definition[Int(p)] else { return }
        for id in row.ids { definitionUsers[Int(id)].remove(p) }
        definition[Int(p)] = nil
        definitionCount -= 1
        _ = expandInWorkspace(&row, findCandidate: false)
        putRow(p, row)
    }

    /// Replaces `symbol` by `row` in the definitions that refer to it directly.
    mutating func substituteIntoDefinitions(_ symbol: Int32, _ row: Row) {
        program = nil
        let users = definitionUsers[Int(symbol)]
        if users.isEmpty { return }
        definitionUsers[Int(symbol)] = SymbolSet()
        var added: [Int32] = []
        var removed: [Int32] = []
        for d in users {
            guard var def = definition[Int(d)] else { continue }
            definition[Int(d)] = nil
            let c = def.coefficient(for: symbol)
            if c != 0 {
                added.removeAll(keepingCapacity: true)
                removed.removeAll(keepingCapacity: true)
                def.merge(row, c, dropping: symbol, track: true, added: &added, removed: &removed)
                for id in removed { definitionUsers[Int(id)].remove(d) }
                for id in added { definitionUsers[Int(id)].insert(d) }
            }
            definition[Int(d)] = def
        }
    }

    /// The value of a symbol: row constant when basic, 0 when parametric, or its definition.
    func valueOfSymbol(_ s: Int32) -> Double {
        if let row = rowOf[Int(s)] { return row.constant }
        if definition[Int(s)] == nil { return 0 }
        var memo: [Int32: Double] = [:]
        var stack: [Int32] = [s]
        while let top = stack.last {
            if memo[top] != nil {
                stack.removeLast()
                continue
            }
            guard let def = definition[Int(top)] else {
                memo[top] = rowOf[Int(top)]?.constant ?? 0
                stack.removeLast()
                continue
            }
            var ready = true
            var total = def.constant
            for (id, c) in zip(def.ids, def.coefficients) {
                if let row = rowOf[Int(id)] {
                    total += c * row.constant
                } else if definition[Int(id)] != nil {
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
        var terms: [Row.Entry] = []
        /// Index in `targets` of each defined symbol, -1 otherwise.
        var slot: [Int32] = []
    }

    /// Flattens the definitions and orders them topologically: every definition follows
    /// those it refers to. The definitions are first copied, in symbol order, into one flat
    /// array, and an iterative depth-first search (with colours, in symbol order) then runs
    /// on that: reading a definition row once per edge would retain and release its storage
    /// each time.
    func compileProgram() -> Program {
        let n = symbolInfo.count
        var first = [Int32](repeating: -1, count: n)  // start of each definition, -1 if none
        var end = [Int32](repeating: 0, count: n)
        var constants = [Double](repeating: 0, count: n)
        var count = 0
        // One pass over the definitions: each row's storage is a separate heap block, and in a
        // large solver touching it is a cache miss.
        var flat: [Row.Entry] = []
        flat.reserveCapacity(4 * definitionCount)
        for s in 0..<n {
            guard let def = definition[s] else { continue }
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
                        for j in Int(first[t])..<Int(end[t]) { p.terms.append(f[j]) }
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
        var values = [Double](repeating: 0, count: symbolInfo.count)
        for s in rowOf.indices {
            if let row = rowOf[s] { values[s] = row.constant }
        }
        values.withUnsafeMutableBufferPointer { v in
            p.terms.withUnsafeBufferPointer { terms in
                for k in p.targets.indices {
                    var total = p.constants[k]
                    for j in Int(p.starts[k])..<Int(p.starts[k + 1]) {
                        total += terms[j].coefficient * v[Int(terms[j].id)]
                    }
                    v[Int(p.targets[k])] = total
                }
            }
        }
        return values
    }

    // MARK: - Simplex

    /// Whether the coefficient of `id` in `row` is large enough to solve for it without
    /// amplifying rounding residue: at least ``subjectThreshold`` of the row's largest.
    func wellConditioned(_ id: Int32, in row: Row) -> Bool {
        abs(row.coefficient(for: id)) >= subjectThreshold * row.largestMagnitude
    }

    /// The symbol a new tableau row is solved for: a parametric external variable whose new
    /// value keeps the tableau feasible, else the constraint's own slack or error when its
    /// coefficient is negative (the row's constant is not), else -1 (artificial variable).
    func chooseSubject(_ row: Row, _ tag: Tag) -> Int32 {
        // Threshold pivoting (``wellConditioned(_:in:)``), with the row's scale found once.
        let smallest = subjectThreshold * row.largestMagnitude
        for (id, c) in zip(row.ids, row.coefficients)
        where symbolInfo[Int(id)].kind == .external && abs(c) >= smallest
            && keepsFeasible(id, value: -row.constant / c)
        {
            return id
        }
        for s in [tag.marker, tag.other] where s >= 0 {
            let kind = symbolInfo[Int(s)].kind
            if (kind == .slack || kind == .error) && row.coefficient(for: s) < 0 { return s }
        }
        // Any other slack or error that the row can hold at a nonnegative value without
        // making another row infeasible: one pivot of phase one, without phase one (the
        // constant is nonnegative here, so a negative coefficient gives a nonnegative value).
        for (id, c) in zip(row.ids, row.coefficients) where c < 0 {
            let kind = symbolInfo[Int(id)].kind
            if (kind == .slack || kind == .error) && -c >= smallest
                && keepsFeasible(id, value: -row.constant / c)
            {
                return id
            }
        }
        return -1
    }

    /// Whether making the parametric symbol `s` basic with the value `value` keeps every
    /// restricted row that holds it feasible and every basic dummy at zero.
    ///
    /// Unlike in kiwi, a parametric external variable can sit in restricted rows (definitions
    /// and ill-conditioned coefficients keep it out of the basis), and the primal simplex that
    /// follows an add assumes a feasible tableau. Found by fuzzing: solving a new optional row
    /// for such a variable drove a required inequality's slack to -2.76.
    func keepsFeasible(_ s: Int32, value: Double) -> Bool {
        if value == 0 { return true }
        for r in columns[Int(s)] {
            let kind = symbolInfo[Int(r)].kind
            guard kind != .external, let basic = rowOf[Int(r)] else { continue }
            let k = basic.constant + basic.coefficient(for: s) * value
            if kind == .dummy ? !nearZero(k) : k < 0 { return false }
        }
        return true
    }

    func allDummies(_ row: Row) -> Bool {
        row.ids.allSatisfy { symbolInfo[Int($0)].kind == .dummy }
    }

    /// Adds a row through an artificial variable (phase one). Returns success, the final
    /// artificial objective row, whose markers explain a failure, and whether phase one
    /// pivoted on an element below ``phaseOneCheckThreshold`` of its row.
    mutating func addWithArtificialVariable(_ row: Row) -> (success: Bool, finalRow: Row, smallPivot: Bool) {
        let art = newSymbol(.slack)
        putRow(art, row)
        artificial = row
        var smallPivot: Bool
        do {
            smallPivot = try optimizeArtificial()
        } catch {
            artificial = nil
            return (false, row, false)
        }
        let finalRow = artificial ?? Row()
        let success = nearZero(finalRow.constant)
        artificial = nil
        if rowOf[Int(art)] != nil {
            var basic = takeRow(art)
            if !success || basic.isEmpty { return (success, finalRow, smallPivot) }
            basic.constant = 0
            guard let entering = artificialRowSubject(&basic, judgedRounding: &smallPivot) else {
                return (true, finalRow, smallPivot)
            }
            basic.solve(for: art, entering)
            substitute(entering, basic)
            putRow(entering, basic)
        }
        purgeSymbol(art)
        return (true, finalRow, smallPivot)
    }

    /// The symbol to make basic in place of an artificial variable that phase one left basic
    /// at zero: the symbol other than a dummy with the largest coefficient (threshold
    /// pivoting: the first slack or error, which kiwi takes, may be a coefficient 10^-12 of
    /// the row, whose division multiplied every rounding error by 10^12). The row's constant
    /// is zero, so any choice keeps every value. An external variable qualifies too: a row
    /// of dummies and `v1` says that the required constraints fix `v1`, and kiwi reported such
    /// a satisfiable constraint as a conflict. Terms that are only rounding next to the row's
    /// largest are dropped first; when nothing but dummies is left, the new constraint is
    /// redundant and its row is solved for the dummy with the largest coefficient (every
    /// dummy stays at zero as a parameter). Nil when nothing is left at all.
    ///
    /// Terms other than dummies below ``phaseOneCheckThreshold`` of the largest dummy's are
    /// taken for rounding too, and `judgedRounding` is set (so that a fresh build decides when
    /// one may be made): a second required `v0 == 0` expanded to `d15 - d14 + 1.36e-8·e2`,
    /// rounding of coefficients of ±100 that a rebuild had summed, and the row was solved for
    /// the error, which then held 7.3e7·(d14 - d15); updating the first copy's constant to
    /// 10^5 was accepted and broke the second by 10^5 (fuzzing, finding 31).
    func artificialRowSubject(_ row: inout Row, judgedRounding: inout Bool) -> Int32? {
        let largest = row.largestMagnitude
        row.terms.removeAll { abs($0.coefficient) <= cancellationTolerance * largest }
        var best: Int32 = -1
        var bestMagnitude = 0.0
        var dummy: Int32 = -1
        var dummyMagnitude = 0.0
        for term in row.terms {
            let magnitude = abs(term.coefficient)
            if symbolInfo[Int(term.id)].kind == .dummy {
                if magnitude > dummyMagnitude { (dummy, dummyMagnitude) = (term.id, magnitude) }
            } else if magnitude > bestMagnitude {
                (best, bestMagnitude) = (term.id, magnitude)
            }
        }
        if best >= 0 && dummy >= 0 && bestMagnitude < phaseOneCheckThreshold * dummyMagnitude {
            row.terms.removeAll { symbolInfo[Int($0.id)].kind != .dummy }
            judgedRounding = true
            return dummy
        }
        if best >= 0 { return best }
        return dummy >= 0 ? dummy : nil
    }

    /// Whether `s` can enter: parametric, and its first objective coefficient that is not
    /// near zero improves the objective. A coefficient near zero is rounding residue (6e-12
    /// where exact arithmetic gives 0, found by fuzzing), and letting its sign decide hid
    /// the real coefficient at the next level; the ambiguity probes use the same test.
    @inline(__always) func isEligible(_ s: Int32) -> Bool {
        let kind = symbolInfo[Int(s)].kind
        if kind == .dummy || rowOf[Int(s)] != nil || definition[Int(s)] != nil { return false }
        let c = leadingCost(s)
        return c != 0 && (c < 0 || kind == .external)
    }

    /// The reduced cost of `s` at the highest level where it is not near zero, or 0 when it is
    /// near zero at every level (the symbol can move without changing any level's objective).
    @inline(__always) func leadingCost(_ s: Int32) -> Double {
        let k = leadingLevel(s)
        return k < objective.count ? objective[k][Int(s)] : 0
    }

    /// The direction an eligible symbol should move in (+1 increases it).
    func direction(_ s: Int32) -> Double {
        leadingCost(s) > 0 ? -1 : 1
    }

    @inline(__always) mutating func pushEntering(_ s: Int32) { enteringHeap.push(s) }

    /// Smallest-id eligible symbol (Bland's rule) with its direction.
    mutating func enteringSymbol() -> (Int32, Double)? {
        while let s = enteringHeap.pop() {
            while enteringHeap.first == s { _ = enteringHeap.pop() }
            // Ids of symbols dropped by a failed add may linger in the heap.
            if Int(s) < symbolInfo.count && isEligible(s) { return (s, direction(s)) }
        }
        return nil
    }

    /// Primal simplex on the lexicographic objective, Bland's rule (smallest id enters,
    /// smallest id leaves on ties), so it terminates in exact arithmetic.
    ///
    /// The priority objectives are sums of nonnegative error variables and cannot be
    /// unbounded; a symbol that seems to improve them without limit carries only rounding
    /// residue (no row holds it any more), so its coefficients are cleared. With
    /// `boundedObjective` false (the ambiguity probes), such a symbol means the objective is
    /// unbounded and ``SolverError/unboundedObjective`` is thrown.
    ///
    /// In floating point, rounding can decide a pivot and so break Bland's guarantee: fuzzing
    /// found two symbols entering in turn forever, one on a reduced cost of -3.5e-6 (rounding,
    /// next to costs of 1400) through a pivot element of 2.5e-9. Past a number of pivots no
    /// optimisation needs (``CycleGuard``), a repeated pivot marks a cycle; the reduced cost
    /// of its entering symbol that is smallest next to its level's costs is then taken for
    /// rounding and cleared (cost shifting, as LP solvers do against stalling), which ends the
    /// cycle.
    mutating func optimize(boundedObjective: Bool = true) throws(SolverError) {
        var pivots = 0
        var cycles: CycleGuard? = nil
        while true {
            guard let (entering, direction) = enteringSymbol() else {
                if retryPassedOver() { continue }
                return
            }
            pivots += 1
            if pivots > CycleGuard.watchAfter(rows: rowCount) {
                if pivots > CycleGuard.giveUpAfter(rows: rowCount) {
                    throw .internalError("optimize: pivoting does not end")
                }
                if cycles == nil { cycles = CycleGuard() }
                let level = leadingLevel(entering)
                let cost = level < objective.count ? relativeCost(of: entering, at: level) : 0
                if let cycle = cycles?.note(entering, level: level, cost: cost) {
                    cycles?.suspects.insert(cycle)
                    if rowOf[Int(cycle)] == nil { clearLeadingCost(of: cycle) }
                    // Cleared, the suspect no longer enters; another goes on with the cycle
                    // until the suspect leaves the basis and is cleared then.
                    if cycle == entering { continue }
                }
            }
            // A direction that no row bounds, or only residue bounds, is unbounded in exact
            // arithmetic, which an objective of nonnegative errors cannot be: the reduced cost
            // that chose it is rounding. Fuzzing found an edit error entering on a level-999
            // cost of 5e-7 (a residue coefficient of 5e-8 times 9.98) through an element of
            // 1.7e-10 of its row; the step of 5e9 broke a required equality by 2260 (finding
            // 30). An error entering on a level-999 cost of -2e-8 that no row bounded, with
            // costs of 2 below it, threw, and the tableau was left unoptimised (finding 37).
            // Its leading cost (and near-zero ones above) is cleared, so it no longer enters.
            // Only the probe level of `range(of:)` (the last, when the objective is not
            // bounded) can be unbounded for real, and is treated as such.
            let test = ratioTest(entering, direction)
            guard let (leaving, residueOnly) = test, !residueOnly else {
                if boundedObjective || leadingLevel(entering) < objective.count - 1 {
                    clearLeadingCost(of: entering)
                    continue
                }
                pushEntering(entering)
                throw .unboundedObjective
            }
            // Left out of the heap until its costs change again, or the step that decided it.
            if worsensHigherLevel(entering, direction, leaving: leaving) {
                passedOver.append(entering)
                continue
            }
            pivot(entering: entering, leaving: leaving)
            if cycles?.suspects.contains(leaving) == true { clearLeadingCost(of: leaving) }
        }
    }

    /// Returns the symbols passed over for worsening a higher level to the heap when their
    /// step no longer does; whether any returned. Whether a step worsens a level depends on
    /// the leaving row's constant and the level's value, which later pivots and updates move
    /// without touching the symbol's costs: fuzzing found a symbol passed over for a change of
    /// 1.8e-4 in a level of 1.8e5, which an add then raised to 3e5, where the change was
    /// rounding, and the tableau was left unoptimised (finding 38).
    mutating func retryPassedOver() -> Bool {
        if passedOver.isEmpty { return false }
        let symbols = passedOver
        passedOver.removeAll()
        var returned = false
        for s in symbols where Int(s) < symbolInfo.count && isEligible(s) && !passedOver.contains(s) {
            if improves(s) {
                pushEntering(s)
                returned = true
            } else {
                passedOver.append(s)
            }
        }
        return returned
    }

    /// Whether moving `entering` in `direction` until `leaving` reaches zero would make a level
    /// above its leading level worse by more than rounding. Entering reads reduced costs below
    /// 1e-8 as zero, because residue must not decide a pivot (finding 15); but over a long
    /// step a small cost is real: fuzzing found a cost of 5e-10 and a step of 2e7 through a
    /// pivot element of 2.5e-9, which raised the highest level by 0.01, and a cycle followed
    /// (finding 21). So a small cost counts when the step makes it count.
    func worsensHigherLevel(_ entering: Int32, _ direction: Double, leaving: Int32) -> Bool {
        let level = leadingLevel(entering)
        guard level > 0, let row = rowOf[Int(leaving)] else { return false }
        let a = row.coefficient(for: entering)
        guard a != 0 else { return false }
        let step = abs(row.constant / a)
        for k in 0..<Swift.min(level, objective.count) {
            let c = objective[k][Int(entering)]
            if c == 0 { continue }
            let change = c * direction * step
            if change > nearZeroEpsilon + 1.0e-9 * abs(objectiveConstants[k]) { return true }
        }
        return false
    }

    /// The reduced cost of `s` at `level` relative to the level's largest: how likely it is to
    /// be rounding, for ``CycleGuard`` to compare across levels.
    func relativeCost(of s: Int32, at level: Int) -> Double {
        var largest = 0.0
        for c in objective[level] { largest = Swift.max(largest, abs(c)) }
        return largest > 0 ? abs(objective[level][Int(s)]) / largest : 0
    }

    /// Whether `s` would improve the objective if it entered, as ``optimize(boundedObjective:)``
    /// decides it: eligible, and its step worsens no higher level.
    func improves(_ s: Int32) -> Bool {
        guard isEligible(s) else { return false }
        let d = direction(s)
        guard let (leaving, residueOnly) = ratioTest(s, d) else { return true }
        // Only residue bounds it: `optimize` clears its cost instead (rounding).
        if residueOnly { return false }
        return !worsensHigherLevel(s, d, leaving: leaving)
    }

    /// The index of the first level where the reduced cost of `s` is not near zero
    /// (`objective.count` when there is none).
    @inline(__always) func leadingLevel(_ s: Int32) -> Int {
        for k in objective.indices where !nearZero(objective[k][Int(s)]) { return k }
        return objective.count
    }

    /// Takes the reduced cost of parametric `s` at its leading level, and the near-zero ones
    /// above it, for rounding: sets them to zero.
    mutating func clearLeadingCost(of s: Int32) {
        let level = leadingLevel(s)
        for k in objective.indices where k <= level && objective[k][Int(s)] != 0 {
            addObjective(k, s, -objective[k][Int(s)])
        }
    }

    /// Phase one: drives the artificial variable to zero. Returns whether a pivot used an
    /// element below ``phaseOneCheckThreshold`` of its row.
    mutating func optimizeArtificial() throws(SolverError) -> Bool {
        var smallPivot = false
        while true {
            // The artificial variable is nonnegative: at zero, phase one is done. Going on
            // would only pivot degenerately, on coefficients that may be rounding residue.
            guard let row = artificial, !nearZero(row.constant) else { return smallPivot }
            var found: (Int32, Double)? = nil
            for k in row.ids.indices {
                let s = row.ids[k]
                let c = row.coefficients[k]
                let kind = symbolInfo[Int(s)].kind
                if kind == .dummy || isResidue(c, in: row) { continue }
                if c < 0 {
                    found = (s, 1)
                    break
                }
                if c > 0 && kind == .external {
                    found = (s, -1)
                    break
                }
            }
            guard let (entering, direction) = found else { return smallPivot }
            guard let leaving = ratioTest(entering, direction)?.row else { throw .unboundedObjective }
            if let pivotRow = rowOf[Int(leaving)],
                abs(pivotRow.coefficient(for: entering)) < phaseOneCheckThreshold * pivotRow.largestMagnitude
            {
                smallPivot = true
            }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// Ratio test: the restricted row that first reaches zero as `entering` moves.
    ///
    /// A pivot element that is residue next to its row's others (see ``isResidue(_:in:)``)
    /// is passed over when its row stays feasible at the step the other rows allow, to 1e-9
    /// of its own value or to the tableau's rounding level (10^-12 of the largest value it
    /// holds or of the step), whichever is larger: pivoting on it multiplied every rounding
    /// error of the tableau by 10^12 (fuzzing found required equalities 2e-5 and 1.2e-3 off
    /// that way), while the row only moves by that residue times the step. When a small
    /// element does bind (fuzzing found a row left 1e-3 infeasible), the plain ratio test
    /// decides.
    ///
    /// `residueOnly` says that every row that reaches zero holds `entering` at a residue
    /// element: in exact arithmetic nothing bounds the step, and the direction is unbounded.
    /// Nil when no row reaches zero at all.
    func ratioTest(_ entering: Int32, _ direction: Double) -> (row: Int32, residueOnly: Bool)? {
        var best: Int32 = -1
        var bestRatio = Double.infinity
        var plain: Int32 = -1
        var plainRatio = Double.infinity
        var skippedResidue = false
        for r in columns[Int(entering)] {
            if symbolInfo[Int(r)].kind == .external { continue }
            guard let row = rowOf[Int(r)] else { continue }
            let a = row.coefficient(for: entering) * direction
            if a < 0 {
                let ratio = -row.constant / a
                if ratio < plainRatio || (ratio == plainRatio && r < plain) {
                    plainRatio = ratio
                    plain = r
                }
                if isResidue(a, in: row) {
                    skippedResidue = true
                } else if ratio < bestRatio || (ratio == bestRatio && r < best) {
                    bestRatio = ratio
                    best = r
                }
            }
        }
        if plain < 0 { return nil }
        if !skippedResidue || best == plain || best < 0 { return (plain, best < 0) }
        // Rounding level of the tableau: 10^-12 of the largest value it holds or of the step.
        let roundingLevel = 1.0e-12 * Swift.max(abs(bestRatio), largestRowConstant())
        for r in columns[Int(entering)] {
            if symbolInfo[Int(r)].kind == .external { continue }
            guard let row = rowOf[Int(r)] else { continue }
            let a = row.coefficient(for: entering) * direction
            guard a < 0 else { continue }
            // The row's value after the step, if it is not the leaving row.
            let after = row.constant + a * bestRatio
            let allowed = Swift.max(1.0e-9 * Swift.max(1, abs(row.constant)), roundingLevel)
            if !(after >= -allowed) { return (plain, false) }
        }
        return (best, false)
    }

    /// Whether a coefficient of `row` is only rounding residue for pivoting: at most
    /// ``pivotTolerance`` of the row's largest coefficient. Rows are only scanned for
    /// coefficients below 10^-3, which layouts (coefficients of ±1) never have.
    @inline(__always) func isResidue(_ coefficient: Double, in row: Row) -> Bool {
        let magnitude = abs(coefficient)
        return magnitude < 1.0e-3 && magnitude <= pivotTolerance * row.largestMagnitude
    }

    mutating func pivot(entering: Int32, leaving: Int32) {
        var row = takeRow(leaving)
        noteElement(entering, in: row)
        row.solve(for: leaving, entering)
        substitute(entering, row)
        putRow(entering, row)
        if isEligible(leaving) { pushEntering(leaving) }
    }

    /// Dual simplex: restores feasibility after constants changed, keeping optimality.
    mutating func dualOptimize() throws(SolverError) {
        var pivots = 0
        while true {
            guard let leaving = infeasible.pop() else { return }
            // A backstop against a cycle that rounding might cause (see `optimize`).
            pivots += 1
            if pivots > CycleGuard.giveUpAfter(rows: rowCount) {
                infeasible.removeAll()
                throw .internalError("dual optimize: pivoting does not end")
            }
            while infeasible.first == leaving { _ = infeasible.pop() }
            guard Int(leaving) < symbolInfo.count, let row = rowOf[Int(leaving)],
                symbolInfo[Int(leaving)].kind != .external, row.constant < 0,
                !nearZero(row.constant)
            else { continue }
            var entering: Int32 = -1
            var enteringCoefficient = 0.0
            for k in row.ids.indices {
                let s = row.ids[k]
                let a = row.coefficients[k]
                let kind = symbolInfo[Int(s)].kind
                if kind == .dummy { continue }
                if a <= 0 && kind != .external { continue }
                if isResidue(a, in: row) { continue }
                if entering < 0 || ratioLess(s, a, than: entering, enteringCoefficient) {
                    entering = s
                    enteringCoefficient = a
                }
            }
            if entering < 0 {
                infeasible.removeAll()
                throw .internalError("dual optimize failed")
            }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// Whether symbol `s` (row coefficient `a`) has a lexicographically smaller ratio of
    /// objective coefficient to row coefficient than symbol `t` (coefficient `b`), level by
    /// level; components within a relative 1e-9 count as equal, so a rounding difference at a
    /// higher level never hides a real difference at a lower one. No ratio arrays are built.
    @inline(__always) func ratioLess(_ s: Int32, _ a: Double, than t: Int32, _ b: Double) -> Bool {
        for level in objective.indices {
            let x = objective[level][Int(s)] / a
            let y = objective[level][Int(t)] / b
            let tolerance = 1.0e-9 * max(1, abs(x), abs(y))
            if abs(x - y) > tolerance { return x < y }
        }
        return false
    }

    /// Drops the terms of a new constraint's expanded row that are only the rounding of its
    /// expansion: at most ``expansionRoundingTolerance`` of the largest product the expansion
    /// summed, estimated as a term's coefficient times the largest coefficient of the row or
    /// definition that replaced its variable. Relative to the expanded row itself such terms
    /// can look real: `-2·v0 + 10 == 0` expanded to `10 + 2·d14 + d21 - 2.7e-8·e1` where v0's
    /// definition holds coefficients of 100 (rounding of 1.4e-10 of them), phase one made the
    /// error 1.5e9, and a conflicting constraint was accepted, by a fresh build too (fuzzing,
    /// finding 34). The constraint's own marker and error stay. Only rows with no subject
    /// come here (phase one or a row of dummies): rare in layouts (the enaml form spends 7,700
    /// of its 110 million instructions here; the 1000-row feed never comes).
    func dropExpansionRounding(_ row: inout Row, of constraint: Constraint, _ tag: Tag) {
        var scale = 0.0
        for term in constraint.expression.terms {
            guard let s = variableSymbols[term.variable] else { continue }
            let largest = rowOf[Int(s)]?.largestMagnitude ?? definition[Int(s)]?.largestMagnitude ?? 1
            scale = Swift.max(scale, abs(term.coefficient) * largest)
        }
        let floor = expansionRoundingTolerance * scale
        row.terms.removeAll { term in
            term.id != tag.marker && term.id != tag.other && abs(term.coefficient) <= floor
        }
    }

    /// Drops the terms of `marker` that are only rounding next to their rows' largest
    /// coefficient (at most ``cancellationTolerance`` of it, the level at which sums cancel)
    /// before a removal pivots the marker in and substitutes its row everywhere: the
    /// substitution would turn each into a constant of rounding times the marker's value.
    /// Three basic dummies of copies of `v0 == 0` held a removed marker at 4e-11 of their
    /// rows, its row's constant of 740 left them 3.1e-8 off zero, and the dual simplex then
    /// pivoted them out through rounding (fuzzing, finding 33). The pivot tolerance
    /// (``isResidue(_:in:)``) would be too coarse here: it took a real 1e-4 (0.01 · 0.01)
    /// next to 10^4 for residue, and dropping it broke a required equality by 2.2.
    mutating func dropRounding(of marker: Int32) {
        for r in columns[Int(marker)] {
            guard let row = rowOf[Int(r)],
                abs(row.coefficient(for: marker)) <= cancellationTolerance * row.largestMagnitude
            else { continue }
            rowOf[Int(r)]?.remove(marker)
            columns[Int(marker)].remove(r)
        }
    }

    func markerLeavingRow(_ marker: Int32) -> Int32? {
        // A basic dummy is a redundant required equality that leans on the marker. Its row's
        // constant is zero, so pivoting there moves no other row's constant and the dummy
        // stays at zero as a parameter; any other row would give the dummy row that row's
        // constant and break the equality (found by fuzzing: two copies of `v == 0`, an
        // optional `v == -375`, then removing the first copy left v at -375). Every basic dummy
        // is at zero, so the best-conditioned one is taken: the marker's coefficient largest
        // relative to its row's, the lowest id among equals. Residue is never taken: a dummy
        // row holding the marker at 4e-11 of its row was the lowest id, and the pivot moved
        // the other copy's dummy off zero (fuzzing, finding 28).
        var dummy: Int32 = -1
        var best = 0.0
        for r in columns[Int(marker)] where symbolInfo[Int(r)].kind == .dummy {
            guard let row = rowOf[Int(r)] else { continue }
            let c = row.coefficient(for: marker)
            if c == 0 || isResidue(c, in: row) { continue }
            let relative = abs(c) / row.largestMagnitude
            if relative > best || (relative == best && r < dummy) {
                best = relative
                dummy = r
            }
        }
        if dummy >= 0 { return dummy }
        var first: Int32 = -1
        var second: Int32 = -1
        var third: Int32 = -1
        var r1 = Double.infinity
        var r2 = Double.infinity
        for r in columns[Int(marker)] {
            guard let row = rowOf[Int(r)] else { continue }
            let c = row.coefficient(for: marker)
            // Residue is no pivot here either: a coefficient of 6e-12 next to 2 gave the
            // smallest ratio, and the pivot sent a variable to 10^12 (fuzzing, finding 19).
            if c == 0 || isResidue(c, in: row) { continue }
            if symbolInfo[Int(r)].kind == .external {
                if third < 0 || r < third { third = r }
            } else if c < 0 {
                let ratio = -row.constant / c
                if ratio < r1 || (ratio == r1 && r < first) {
                    r1 = ratio
                    first = r
                }
            } else {
                let ratio = row.constant / c
                if ratio < r2 || (ratio == r2 && r < second) {
                    r2 = ratio
                    second = r
                }
            }
        }
        if first >= 0 { return first }
        if second >= 0 { return second }
        return third >= 0 ? third : nil
    }

    mutating func removeMarkerEffects(_ marker: Int32, level: Int) {
        if let row = rowOf[Int(marker)] {
            objectiveConstants[level] -= row.constant
            for (id, c) in zip(row.ids, row.coefficients) { addObjective(level, id, -c) }
        } else {
            addObjective(level, marker, -1)
        }
    }

    /// Whether the rows of the dummy symbols among `symbols` (if basic) are zero, as the
    /// required equalities they stand for demand.
    func dummyRowsAreZero(_ symbols: [Int32]) -> Bool {
        for s in symbols where symbolInfo[Int(s)].kind == .dummy {
            if let row = rowOf[Int(s)], !nearZero(row.constant) { return false }
        }
        return true
    }

    // MARK: - Conflict explanation

    func markerConstraints(in row: Row) -> [Constraint] {
        var found: [Constraint] = []
        for id in row.ids {
            let slot = symbolInfo[Int(id)].owner
            if slot >= 0, let c = constraints.slots[Int(slot)]?.constraint, c.priority.isRequired,
                !found.contains(c)
            {
                found.append(c)
            }
        }
        return found
    }

    /// Builds the unsatisfiable error with an irreducible conflict set: the marker-based
    /// explanation (or, if it does not suffice, every required constraint connected to the
    /// new one), reduced by deletion filtering.
    func unsatisfiable(
        _ constraint: Constraint, candidates: [Constraint], overrideConstant: Double? = nil
    ) -> SolverError {
        guard explainsFailures else { return .unsatisfiableConstraint(constraint, conflicts: []) }
        let newConstant = overrideConstant ?? constraint.expression.constant
        let target = Constraint(
            Expression(constraint.expression.terms, constant: newConstant), constraint.relation)
        func feasible(_ set: [Constraint]) -> Bool {
            guard var probe = freshProbe(of: set) else { return false }
            do { try probe.add(target) } catch { return false }
            return true
        }
        let order: (Constraint, Constraint) -> Bool = {
            (constraints[$0]?.order ?? 0) < (constraints[$1]?.order ?? 0)
        }
        var set = candidates.filter { $0.priority.isRequired }.sorted(by: order)
        if feasible(set) {
            set = connectedRequired(to: constraint).sorted(by: order)
            if feasible(set) { return .unsatisfiableConstraint(constraint, conflicts: set) }
        }
        var k = 0
        while k < set.count {
            var trial = set
            trial.remove(at: k)
            if feasible(trial) {
                k += 1
            } else {
                set = trial
            }
        }
        return .unsatisfiableConstraint(constraint, conflicts: set)
    }

    /// A fresh solver given `set` as required constraints, each with the constant currently in
    /// force here, to decide or explain a conflict; nil when it refuses one of them. It
    /// explains no failure and checks no accuracy itself: checked, a probe's failing add
    /// asked a probe in turn, until the stack overflowed (finding 46).
    func freshProbe(of set: [Constraint]) -> Solver? {
        var probe = Solver()
        probe.explainsFailures = false
        probe.checksAccuracy = false
        for c in set {
            let constant = constraints[c]?.constant ?? c.expression.constant
            do {
                try probe.add(Constraint(Expression(c.expression.terms, constant: constant), c.relation))
            } catch {
                return nil
            }
        }
        return probe
    }

    func connectedRequired(to constraint: Constraint) -> [Constraint] {
        let required = allConstraints.filter { $0.priority.isRequired && $0 != constraint }
        var reached = Set(constraint.expression.terms.map(\.variable))
        var taken = [Bool](repeating: false, count: required.count)
        var result: [Constraint] = []
        var changed = true
        while changed {
            changed = false
            for (i, c) in required.enumerated() where !taken[i] {
                if c.expression.terms.contains(where: { reached.contains($0.variable) }) {
                    taken[i] = true
                    result.append(c)
                    for t in c.expression.terms { reached.insert(t.variable) }
                    changed = true
                }
            }
        }
        return result
    }

    // MARK: - Invariants (for tests)

    /// What rounding may not leave at symbol `b`, with `scale` the largest value held (at
    /// least 1): a basic dummy off zero, or a basic slack or error below zero, by more than
    /// 1e-7 + 1e-11 × scale; or, for a parametric symbol, a step that would still improve the
    /// objective. Nil when none. The numeric part of ``invariantViolations(scale:)``, and all
    /// the accuracy check asks of the tableau. Rounding is relative to the scale, for a dummy
    /// as for any restricted symbol: a redundant `100·v0 == 0`'s dummy held 3.9e-7 beside
    /// values of 5·10^6, a fresh build's own rounding (8e-14 of them), and was taken for a
    /// broken equality (finding 43).
    @inline(__always) func numericProblem(of b: Int, scale: Double) -> String? {
        guard let constant = rowOf[b]?.constant else {
            return improves(Int32(b)) ? "not optimal: \(b) can enter" : nil
        }
        let rounding = 1.0e-7 + 1.0e-11 * scale
        switch symbolInfo[b].kind {
        case .external: return nil
        case .dummy: return abs(constant) > rounding ? "dummy row \(b) is not zero: \(constant)" : nil
        case .slack, .error: return constant < -rounding ? "restricted row \(b) is infeasible: \(constant)" : nil
        }
    }

    /// Checks the internal invariants and returns a description of each violation (empty
    /// when consistent): rows over parametric symbols only, consistent column and definition
    /// indexes, acyclic definitions, feasibility and optimality. Used by the test suite.
    ///
    /// - Parameter scale: The largest magnitude the solver has held (see ``magnitude()``), if
    ///   larger than now: a row counts as infeasible below -(1e-7 + 1e-11 × scale), and a
    ///   basic dummy as off zero beyond that, since rounding left by larger values outlives
    ///   them.
    public func invariantViolations(scale: Double = 0) -> [String] {
        var problems: [String] = []
        let n = symbolInfo.count
        // Rounding is relative to the largest value the solver computes with.
        let scale = max(1, scale, magnitude())
        for b in 0..<n {
            if let row = rowOf[b] {
                if definition[b] != nil { problems.append("symbol \(b) is basic and defined") }
                for id in row.ids {
                    if rowOf[Int(id)] != nil { problems.append("row \(b) contains basic symbol \(id)") }
                    if definition[Int(id)] != nil {
                        problems.append("row \(b) contains defined symbol \(id)")
                    }
                    if !columns[Int(id)].contains(Int32(b)) {
                        problems.append("column \(id) misses row \(b)")
                    }
                }
            }
            for r in columns[b] where rowOf[Int(r)]?.coefficient(for: Int32(b)) ?? 0 == 0 {
                problems.append("column \(b) lists row \(r) without the symbol")
            }
            if let def = definition[b] {
                for id in def.ids where !definitionUsers[Int(id)].contains(Int32(b)) {
                    problems.append("definition users of \(id) miss \(b)")
                }
            }
            for d in definitionUsers[b] where definition[Int(d)]?.coefficient(for: Int32(b)) ?? 0 == 0 {
                problems.append("definition users of \(b) list \(d) wrongly")
            }
            for level in objective where level[b] != 0 && (rowOf[b] != nil || definition[b] != nil) {
                problems.append("objective contains basic or defined symbol \(b)")
            }
            if let problem = numericProblem(of: b, scale: scale) { problems.append(problem) }
        }
        // Acyclic definitions: a depth-first search with colours.
        var colour = [UInt8](repeating: 0, count: n)
        for s in 0..<n where definition[s] != nil && colour[s] == 0 {
            var stack: [(Int32, Int)] = [(Int32(s), 0)]
            colour[s] = 1
            while let (top, index) = stack.last {
                guard let def = definition[Int(top)], index < def.ids.count else {
                    colour[Int(top)] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].1 += 1
                let next = def.ids[index]
                if definition[Int(next)] == nil { continue }
                if colour[Int(next)] == 1 {
                    problems.append("definitions form a cycle through \(next)")
                    return problems
                }
                if colour[Int(next)] == 0 {
                    colour[Int(next)] = 1
                    stack.append((next, 0))
                }
            }
        }
        if levels.count != objective.count || levels.count != levelUses.count {
            problems.append("level bookkeeping")
        }
        return problems
    }
}
