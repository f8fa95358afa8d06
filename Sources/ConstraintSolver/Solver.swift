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
    // The constraints.
    var constraints = ConstraintTable()
    var nextOrder = 0
    /// Edit variable → its edit constraint (`variable == suggestion` at the edit priority).
    var edits: [Variable: Constraint] = [:]
    /// Whether an unsatisfiable required constraint is reported with its irreducible conflict
    /// set (the default). Finding the set re-solves subsets of the required constraints, which
    /// costs far more than the failed add itself when failures are many and systems dense; with
    /// `false` the error's conflict list is empty. Either way the solver is rolled back.
    public var explainsFailures = true

    // Symbols (Symbols.swift), indexed by symbol id.
    var symbolInfo: [SymbolInfo] = []
    var variableSymbols = VariableTable()

    // The tableau (Tableau.swift).
    /// Tableau rows of basic symbols, in terms of parametric symbols only.
    var rowOf: [Row?] = []
    /// For each symbol, the basic symbols whose tableau row contains it.
    var columns: [SymbolSet] = []
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

    // The lazy definitions (Definitions.swift).
    /// Lazy definitions of defined variables; they may refer to any other symbol (acyclic).
    var definition: [Row?] = []
    /// For each symbol, the defined variables whose definition refers to it directly.
    var definitionUsers: [SymbolSet] = []
    var definitionCount = 0
    var nextStamp: Int32 = 0
    /// Cached evaluation program of the definitions, in topological order (nil when
    /// definitions changed).
    var program: Program? = nil
    /// Scratch heap of ``expand(_:findCandidate:)``, kept to avoid an allocation per add.
    var expansionHeap = MinHeap<NewestFirst>()
    /// Scratch of ``expandInWorkspace(_:findCandidate:)``: dense coefficients by symbol, all
    /// zero between uses, and the symbols it touched.
    var workspace: [Double] = []
    var workspaceTouched: [Int32] = []
    /// Scratch: the symbols of the terms of the constraint being added.
    var termSymbols: [Int32] = []

    // Numerical robustness (Robustness.swift, Rebuild.swift, Refinement.swift).
    /// How much the pivots since the last rebuild may have multiplied rounding: the product
    /// of their rows' largest coefficient over the pivot element. Past ``amplificationLimit``
    /// the tableau is rebuilt once enough operations have passed (a sixteenth of the
    /// constraints) to amortise it.
    var amplification = 1.0
    /// Number of rebuilds so far (reported in ``Statistics``).
    var rebuildCount = 0
    /// Set when an optimisation failed through rounding: rebuild at the end of the operation.
    var mustRebuild = false
    /// Public operations since the last rebuild (amortises rebuilds after small pivots).
    var operationsSinceRebuild = 0
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
            try solver.addToTableau(constraint, doubts: .rebuild)
        }
    }

    /// Removes a constraint previously added (any copy of it) and re-solves.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` when it is not in the solver, or
    ///   ``SolverError/illConditioned(_:)`` when double precision cannot hold the required
    ///   constraints left; the solver is then left exactly as it was.
    public mutating func remove(_ constraint: Constraint) throws(SolverError) {
        try verifying("removing \(constraint)") { (solver) throws(SolverError) in
            try solver.removeFromTableau(constraint)
        }
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
        // (``SolverError/illConditioned(_:)``) leaves the solver as it was
        // (`testARefusedEditVariableRemovalKeepsTheEditVariable`).
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
            try solver.updateConstantInTableau(of: constraint, to: constant, doubts: .rebuild)
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
}
