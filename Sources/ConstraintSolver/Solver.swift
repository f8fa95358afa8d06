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
    /// The constraints and their simplex tableau, with no accuracy check (Tableau.swift).
    var tableau = Tableau()
    /// Edit variable → its edit constraint (`variable == suggestion` at the edit priority).
    var edits: [Variable: Constraint] = [:]
    /// Set for good once a constraint with a coefficient outside 0.1...10 in magnitude was
    /// added: from then on every operation keeps the state before it, so that the accuracy
    /// check can undo it (see ``verifying(_:adding:_:)``).
    var hasWideCoefficients = false

    /// Whether an unsatisfiable required constraint is reported with its irreducible conflict
    /// set (the default). Finding the set re-solves subsets of the required constraints, which
    /// costs far more than the failed add itself when failures are many and systems dense; with
    /// `false` the error's conflict list is empty. Either way the solver is rolled back.
    public var explainsFailures: Bool {
        get { tableau.explainsFailures }
        set { tableau.explainsFailures = newValue }
    }

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
        // The path of ``verifying(_:adding:_:)`` that layouts take, written out: through the
        // closure, the constraint was retained and released around every add.
        guard keepsStateBefore(adding: constraint) else {
            try tableau.addToTableau(constraint, doubts: .rebuild)
            if tableau.isIllConditioned { try settle({ "adding \(constraint)" }, adding: constraint, before: nil) }
            return
        }
        try addVerifying(constraint)
    }

    /// ``add(_:)`` in a system that keeps the state before each operation, apart so that the
    /// layout path does not reserve the stack for a copy of the tableau.
    @inline(never)
    mutating func addVerifying(_ constraint: Constraint) throws(SolverError) {
        try verifying("adding \(constraint)", adding: constraint) { (tableau) throws(SolverError) in
            try tableau.addToTableau(constraint, doubts: .rebuild)
        }
    }

    /// Removes a constraint previously added (any copy of it) and re-solves.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` when it is not in the solver, or
    ///   ``SolverError/illConditioned(_:)`` when double precision cannot hold the required
    ///   constraints left; the solver is then left exactly as it was.
    public mutating func remove(_ constraint: Constraint) throws(SolverError) {
        try verifying("removing \(constraint)") { (tableau) throws(SolverError) in
            try tableau.removeFromTableau(constraint)
        }
    }

    /// Whether the constraint (or a copy of it) is in the solver.
    public func contains(_ constraint: Constraint) -> Bool { tableau.constraints.slot(of: constraint) != nil }

    /// All constraints in the solver, in the order they were added.
    public var allConstraints: [Constraint] { tableau.allConstraints }

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
        try verifying("updating the constant of \(constraint) to \(constant)") { (tableau) throws(SolverError) in
            try tableau.updateConstantInTableau(of: constraint, to: constant, doubts: .rebuild)
        }
    }

    /// The current value of a variable (0 for a variable the solver does not know).
    public func value(of variable: Variable) -> Double {
        guard let s = tableau.variableSymbols[variable] else { return 0 }
        return tableau.valueOfSymbol(s)
    }

    /// The values of many variables at once. One evaluation of every definition serves
    /// them all, so reading a whole layout costs about as much as reading a few variables
    /// with ``value(of:)`` one at a time.
    public mutating func values(of variables: [Variable]) -> [Double] {
        let all = tableau.evaluate()
        return variables.map { variable in
            guard let s = tableau.variableSymbols[variable] else { return 0 }
            return all[Int(s)]
        }
    }

    /// Records the current values and returns the variables whose value changed since the
    /// previous call, in the order the solver first saw them.
    @discardableResult
    public mutating func updateVariables() -> ChangedVariables { tableau.updateVariables() }

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
    public func magnitude() -> Double { tableau.magnitude() }

    /// The current internal sizes.
    public var statistics: Statistics { tableau.statistics }

    // MARK: - Ambiguity (Ambiguity.swift)

    /// The range of values `variable` can take while every constraint stays satisfied
    /// equally well (the same lexicographic optimum). Infinite bounds mean the variable is
    /// free in that direction.
    public func range(of variable: Variable) -> ClosedRange<Double> { tableau.range(of: variable) }

    /// The variables among `variables` that could take other values while every constraint
    /// is satisfied equally well, i.e. whose layout is ambiguous (free variables).
    public func ambiguousVariables(among variables: [Variable]) -> [Variable] {
        tableau.ambiguousVariables(among: variables, movable: tableau.symbolsReachedByCostlessMoves())
    }

    /// `ambiguousVariables(among:)` with the pass over the symbols done once by the caller
    /// (`symbolsReachedByCostlessMoves()`), for many queries against an unchanged solver:
    /// the layout engine asks once per view.
    package func ambiguousVariables(among variables: [Variable], movable: [Bool]) -> [Variable] {
        tableau.ambiguousVariables(among: variables, movable: movable)
    }

    /// The symbols whose value a costless move could change (see
    /// ``ambiguousVariables(among:movable:)``).
    package func symbolsReachedByCostlessMoves() -> [Bool] { tableau.symbolsReachedByCostlessMoves() }

    /// Whether any of `variables` could take another value with every constraint satisfied
    /// equally well (what `hasAmbiguousLayout` reports for a view's frame variables).
    public func hasAmbiguousLayout(_ variables: [Variable]) -> Bool {
        !ambiguousVariables(among: variables).isEmpty
    }

    // MARK: - Tests

    /// The tableau's internal inconsistencies, for tests and the fuzz harness (see
    /// ``Tableau/invariantViolations(scale:)``).
    package func invariantViolations(scale: Double = 0) -> [String] {
        tableau.invariantViolations(scale: scale)
    }
}

/// The variables whose value changed in one ``Solver/updateVariables()``, in the order the
/// solver first saw them.
///
/// A view of the solver's variable records as they were when it was returned: it holds two
/// references (the records and the positions of the changed ones, both shared with the solver
/// until it next writes them), not a reference to each variable. Returning an array retained
/// every reported variable, and in the first report of a large layout every variable is
/// reported, each cold in memory: at 10,000 feed rows, 140,000 retains took 4 ms of the
/// build. Read the view, or copy what you need (`Array(changes)`), before changing the solver
/// again: a solver that writes its records while a view is still held copies them, and so
/// retains every variable once.
public struct ChangedVariables: RandomAccessCollection, Sendable, Equatable, CustomStringConvertible {
    /// The solver's variable records when the view was made.
    let records: ChunkedArray<Tableau.External>
    /// The positions in `records` of the changed variables, ascending, in the first `count`
    /// entries.
    let positions: [Int32]
    /// The number of variables that changed.
    public let count: Int

    init(records: ChunkedArray<Tableau.External>, positions: [Int32], count: Int) {
        precondition(count >= 0 && count <= positions.count, "more changes than positions")
        self.records = records
        self.positions = positions
        self.count = count
    }

    /// The position of the first variable: 0.
    public var startIndex: Int { 0 }
    /// The number of variables that changed.
    public var endIndex: Int { count }

    /// The `position`th variable that changed.
    public subscript(position: Int) -> Variable {
        precondition(position >= 0 && position < count, "index out of range")
        // `reportChanges` lists only records that hold a variable.
        guard let variable = records[Int(positions[position])].variable else {
            preconditionFailure("a reported variable record holds its variable")
        }
        return variable
    }

    /// Whether two views list the same variables in the same order.
    public static func == (lhs: ChangedVariables, rhs: ChangedVariables) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// The variables, as an array would print them.
    public var description: String { Array(self).description }
}
