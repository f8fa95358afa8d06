// An incremental Cassowary solver with strictly lexicographic Auto Layout priorities.
// See docs/solver.md for the representation, pivot rules and priorities.

/// An incremental linear constraint solver (Cassowary) with Auto Layout priorities.
///
/// Required constraints (priority 1000) always hold. Optional constraints are satisfied
/// lexicographically: all constraints of a higher priority before any number of lower ones,
/// minimising the total violation within each priority. The solver is a value type; a copy
/// is an independent solver.
public struct Solver: Sendable {
  enum Kind: UInt8, Sendable {
    case external, slack, error, dummy
  }

  /// How a constraint is represented in the tableau.
  struct Tag: Sendable {
    /// The marker symbol: slack (inequality), dummy (required equality) or plus error.
    var marker: Int32
    /// The second symbol: minus error or inequality error; -1 when absent.
    var other: Int32
    /// Coefficient of `marker` in the creation row relative to the expression (μ).
    var markerSign: Double
  }

  struct ConstraintInfo: Sendable {
    var constraint: Constraint
    var tag: Tag
    /// The expression constant currently in force (changed by `updateConstant`).
    var constant: Double
    /// Insertion order, used to order conflict lists.
    var order: Int
  }

  struct EditInfo: Sendable {
    var constraint: Constraint
  }

  // Per-symbol storage, indexed by symbol id.
  var kinds: [Kind] = []
  var rowOf: [Row?] = []
  var columns: [Set<Int32>] = []
  var symbolVariable: [Variable?] = []
  var reportedValues: [Double] = []
  var variableUses: [Int32] = []

  var variableSymbols: [Variable: Int32] = [:]
  var rowCount = 0
  /// Optional priorities in use, highest first; `objective[k]` belongs to `levels[k]`.
  var levels: [Double] = []
  var levelUses: [Int] = []
  var objective: [Row] = []
  var artificial: Row? = nil
  var constraints: [Constraint: ConstraintInfo] = [:]
  var markerOwner: [Int32: Constraint] = [:]
  var edits: [Variable: EditInfo] = [:]
  var infeasible: Set<Int32> = []
  var nextOrder = 0
  /// When false, failures are reported without computing the conflict set.
  var explainsFailures = true

  /// Creates an empty solver.
  public init() {}

  // MARK: - Public API

  /// Adds a constraint and re-solves.
  ///
  /// - Throws: ``SolverError/unsatisfiableConstraint(_:conflicts:)`` when a required
  ///   constraint conflicts with the required constraints already present; the solver is
  ///   then left exactly as it was. Also throws for duplicates and invalid priorities.
  public mutating func add(_ constraint: Constraint) throws(SolverError) {
    if constraints[constraint] != nil { throw .duplicateConstraint(constraint) }
    let priority = constraint.priority
    guard priority.isValid else { throw .invalidPriority(priority.rawValue) }
    let symbolsBefore = kinds.count
    var newVariables: [Variable] = []
    var (row, tag) = createRow(constraint, newVariables: &newVariables)
    var subject = chooseSubject(row, tag)
    if subject < 0 && allDummies(row) {
      if !nearZero(row.constant) {
        let candidates = markerConstraints(in: row)
        undoNewSymbols(newVariables, symbolsBefore)
        throw unsatisfiable(constraint, candidates: candidates)
      }
      subject = tag.marker
    }
    if subject < 0 {
      let saved = self
      let (success, failedRow) = addWithArtificialVariable(row)
      if !success {
        let candidates = markerConstraints(in: failedRow)
        self = saved
        undoNewSymbols(newVariables, symbolsBefore)
        throw unsatisfiable(constraint, candidates: candidates)
      }
    } else {
      row.solve(for: subject)
      substitute(subject, row)
      putRow(subject, row)
    }
    register(constraint, tag)
    try optimize()
  }

  /// Removes a constraint previously added (any copy of it) and re-solves.
  /// - Throws: ``SolverError/unknownConstraint(_:)`` when it is not in the solver.
  public mutating func remove(_ constraint: Constraint) throws(SolverError) {
    guard let info = constraints.removeValue(forKey: constraint) else {
      throw .unknownConstraint(constraint)
    }
    let tag = info.tag
    markerOwner[tag.marker] = nil
    if tag.other >= 0 { markerOwner[tag.other] = nil }
    let priority = constraint.priority.rawValue
    var levelIndex = -1
    if !constraint.priority.isRequired, let k = levels.firstIndex(of: priority) {
      levelIndex = k
      removeMarkerEffects(tag.marker, level: k)
      if tag.other >= 0 { removeMarkerEffects(tag.other, level: k) }
    }
    if rowOf[Int(tag.marker)] != nil {
      _ = takeRow(tag.marker)
    } else {
      guard let leaving = markerLeavingRow(tag.marker) else {
        throw .internalError("failed to find leaving row")
      }
      var row = takeRow(leaving)
      row.solve(for: leaving, tag.marker)
      substitute(tag.marker, row)
    }
    // The other symbol (if any) no longer occurs in any row; make sure of it.
    if tag.other >= 0 {
      if rowOf[Int(tag.other)] != nil { _ = takeRow(tag.other) }
      purgeSymbol(tag.other)
    }
    purgeSymbol(tag.marker)
    if levelIndex >= 0 {
      levelUses[levelIndex] -= 1
      if levelUses[levelIndex] == 0 {
        levels.remove(at: levelIndex)
        levelUses.remove(at: levelIndex)
        objective.remove(at: levelIndex)
      }
    }
    for term in constraint.expression.terms {
      guard let s = variableSymbols[term.variable] else { continue }
      variableUses[Int(s)] -= 1
    }
    for term in constraint.expression.terms {
      guard let s = variableSymbols[term.variable] else { continue }
      if variableUses[Int(s)] == 0 && rowOf[Int(s)] == nil && columns[Int(s)].isEmpty
        && !objectiveContains(s)
      {
        variableSymbols[term.variable] = nil
        symbolVariable[Int(s)] = nil
      }
    }
    try optimize()
  }

  /// Whether the constraint (or a copy of it) is in the solver.
  public func contains(_ constraint: Constraint) -> Bool { constraints[constraint] != nil }

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
  public mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError)
  {
    if edits[variable] != nil { throw .duplicateEditVariable(variable) }
    guard priority.isValid else { throw .invalidPriority(priority.rawValue) }
    if priority.isRequired { throw .requiredEditVariable(variable) }
    let constraint = Constraint(variable.expression, .equal, priority: priority)
    try add(constraint)
    edits[variable] = EditInfo(constraint: constraint)
  }

  /// Removes an edit variable and its suggestion.
  /// - Throws: ``SolverError/unknownEditVariable(_:)``.
  public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
    guard let info = edits.removeValue(forKey: variable) else {
      throw .unknownEditVariable(variable)
    }
    try remove(info.constraint)
  }

  /// Whether `variable` is an edit variable.
  public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable] != nil }

  /// Suggests a value for an edit variable and re-solves incrementally (dual simplex).
  /// - Throws: ``SolverError/unknownEditVariable(_:)``.
  public mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
    guard let info = edits[variable] else { throw .unknownEditVariable(variable) }
    try updateConstant(of: info.constraint, to: -value)
  }

  /// Changes the constant of a constraint's expression (the constraint reads
  /// `expression relation 0`) in place, without removing and re-adding it, and re-solves
  /// incrementally with the dual simplex.
  ///
  /// For `w == 100`, built as `w - 100 == 0`, the constant is -100.
  /// - Throws: ``SolverError/unknownConstraint(_:)``, or
  ///   ``SolverError/unsatisfiableConstraint(_:conflicts:)`` when a required constraint can
  ///   no longer hold; the solver is then left as it was.
  public mutating func updateConstant(of constraint: Constraint, to constant: Double)
    throws(SolverError)
  {
    guard var info = constraints[constraint] else { throw .unknownConstraint(constraint) }
    let delta = constant - info.constant
    if delta == 0 { return }
    let required = constraint.priority.isRequired
    let saved: Solver? = required ? self : nil
    info.constant = constant
    constraints[constraint] = info
    let tag = info.tag
    let shift = delta / tag.markerSign
    let m = tag.marker
    if var row = rowOf[Int(m)] {
      row.constant -= shift
      rowOf[Int(m)] = row
      if kinds[Int(m)] != .external && row.constant < 0 { infeasible.insert(m) }
    } else {
      for r in columns[Int(m)] {
        guard var row = rowOf[Int(r)] else { continue }
        rowOf[Int(r)] = nil
        row.constant += row.coefficient(for: m) * shift
        if kinds[Int(r)] != .external && row.constant < 0 { infeasible.insert(r) }
        rowOf[Int(r)] = row
      }
      for k in objective.indices {
        objective[k].constant += objective[k].coefficient(for: m) * shift
      }
    }
    do throws(SolverError) {
      try dualOptimize()
      if required && !dummyRowsAreZero() { throw .internalError("dummy row") }
    } catch {
      if let saved {
        self = saved
        throw unsatisfiable(
          constraint, candidates: allConstraints.filter { $0.priority.isRequired && $0 != constraint },
          overrideConstant: constant)
      }
      throw error
    }
  }

  /// The current value of a variable (0 for a variable the solver does not know).
  public func value(of variable: Variable) -> Double {
    guard let s = variableSymbols[variable] else { return 0 }
    return rowOf[Int(s)]?.constant ?? 0
  }

  /// Records the current values and returns the variables whose value changed since the
  /// previous call, in the order the solver first saw them.
  public mutating func updateVariables() -> [Variable] {
    var changed: [Variable] = []
    for s in symbolVariable.indices {
      guard let variable = symbolVariable[s] else { continue }
      let v = rowOf[s]?.constant ?? 0
      if v != reportedValues[s] {
        reportedValues[s] = v
        changed.append(variable)
      }
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
    var bounds: [Double] = []
    for direction in [1.0, -1.0] {
      var probe = self
      var row = Row()
      if let basic = probe.rowOf[Int(s)] {
        row.insert(basic, direction)
      } else {
        row.insert(s, direction)
      }
      probe.objective.append(row)
      probe.levels.append(0)
      probe.levelUses.append(1)
      do {
        try probe.optimize()
        bounds.append(probe.rowOf[Int(s)]?.constant ?? 0)
      } catch {
        bounds.append(direction > 0 ? -Double.infinity : Double.infinity)
      }
    }
    let low = bounds[0]
    let high = max(bounds[1], low)
    return low...high
  }

  /// The variables among `variables` that could take other values while every constraint
  /// is satisfied equally well, i.e. whose layout is ambiguous.
  public func ambiguousVariables(among variables: [Variable]) -> [Variable] {
    variables.filter {
      let r = range(of: $0)
      return r.upperBound - r.lowerBound > 1.0e-7
    }
  }

  /// Whether any of `variables` could take another value with every constraint satisfied
  /// equally well (what `hasAmbiguousLayout` reports for a view's frame variables).
  public func hasAmbiguousLayout(_ variables: [Variable]) -> Bool {
    !ambiguousVariables(among: variables).isEmpty
  }

  // MARK: - Statistics

  /// Sizes of the internal tableau, for tests and diagnostics.
  public struct Statistics: Sendable, Equatable {
    /// Number of basic rows.
    public var rows: Int
    /// Number of distinct symbols occurring in the tableau (basic or parametric).
    public var columns: Int
    /// Number of terms over all objective levels.
    public var objectiveTerms: Int
    /// Number of priority levels in the objective.
    public var levels: Int
    /// Number of variables known to the solver.
    public var variables: Int
    /// Number of constraints.
    public var constraints: Int
  }

  /// The current internal sizes.
  public var statistics: Statistics {
    var used = 0
    for s in kinds.indices where rowOf[s] != nil || !columns[s].isEmpty { used += 1 }
    return Statistics(
      rows: rowCount, columns: used, objectiveTerms: objective.reduce(0) { $0 + $1.count },
      levels: levels.count, variables: variableSymbols.count, constraints: constraints.count)
  }

  // MARK: - Tableau plumbing

  mutating func newSymbol(_ kind: Kind) -> Int32 {
    let s = Int32(kinds.count)
    kinds.append(kind)
    rowOf.append(nil)
    columns.append([])
    symbolVariable.append(nil)
    reportedValues.append(0)
    variableUses.append(0)
    return s
  }

  mutating func undoNewSymbols(_ variables: [Variable], _ count: Int) {
    for v in variables { variableSymbols[v] = nil }
    kinds.removeSubrange(count...)
    rowOf.removeSubrange(count...)
    columns.removeSubrange(count...)
    symbolVariable.removeSubrange(count...)
    reportedValues.removeSubrange(count...)
    variableUses.removeSubrange(count...)
  }

  mutating func putRow(_ basic: Int32, _ row: Row) {
    for id in row.ids { columns[Int(id)].insert(basic) }
    rowOf[Int(basic)] = row
    rowCount += 1
  }

  mutating func takeRow(_ basic: Int32) -> Row {
    guard let row = rowOf[Int(basic)] else { return Row() }
    rowOf[Int(basic)] = nil
    for id in row.ids { columns[Int(id)].remove(basic) }
    rowCount -= 1
    return row
  }

  /// Replaces `symbol` by `row` in every row containing it and in the objectives.
  mutating func substitute(_ symbol: Int32, _ row: Row) {
    let users = columns[Int(symbol)]
    if !users.isEmpty {
      columns[Int(symbol)] = []
      for r in users {
        guard var target = rowOf[Int(r)] else { continue }
        rowOf[Int(r)] = nil
        let c = target.remove(symbol)
        if c != 0 {
          let before = target.ids
          target.insert(row, c)
          updateColumns(r, before, target.ids)
        }
        if kinds[Int(r)] != .external && target.constant < 0 { infeasible.insert(r) }
        rowOf[Int(r)] = target
      }
    }
    for k in objective.indices { objective[k].substitute(symbol, row) }
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

  /// Removes any numerical residue of a symbol that should occur nowhere any more.
  mutating func purgeSymbol(_ s: Int32) {
    let users = columns[Int(s)]
    columns[Int(s)] = []
    for r in users {
      guard var row = rowOf[Int(r)] else { continue }
      rowOf[Int(r)] = nil
      row.remove(s)
      rowOf[Int(r)] = row
    }
    for k in objective.indices { objective[k].remove(s) }
  }

  func objectiveContains(_ s: Int32) -> Bool {
    objective.contains { $0.coefficient(for: s) != 0 }
  }

  mutating func symbol(for variable: Variable, newVariables: inout [Variable]) -> Int32 {
    if let s = variableSymbols[variable] { return s }
    let s = newSymbol(.external)
    variableSymbols[variable] = s
    symbolVariable[Int(s)] = variable
    newVariables.append(variable)
    return s
  }

  mutating func levelIndex(for priority: Double) -> Int {
    var k = 0
    while k < levels.count && levels[k] > priority { k += 1 }
    if k < levels.count && levels[k] == priority { return k }
    levels.insert(priority, at: k)
    levelUses.insert(0, at: k)
    objective.insert(Row(), at: k)
    return k
  }

  /// Builds the tableau row of a new constraint, in terms of parametric symbols.
  mutating func createRow(_ constraint: Constraint, newVariables: inout [Variable]) -> (Row, Tag) {
    let expression = constraint.expression
    var row = Row(constant: expression.constant)
    for term in expression.terms where !nearZero(term.coefficient) {
      let s = symbol(for: term.variable, newVariables: &newVariables)
      if let basic = rowOf[Int(s)] {
        row.insert(basic, term.coefficient)
      } else {
        row.insert(s, term.coefficient)
      }
    }
    let priority = constraint.priority
    var tag = Tag(marker: -1, other: -1, markerSign: 1)
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
        objective[k].insert(error, 1)
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
        objective[k].insert(plus, 1)
        objective[k].insert(minus, 1)
      } else {
        let dummy = newSymbol(.dummy)
        tag.marker = dummy
        tag.markerSign = 1
        row.insert(dummy, 1)
      }
    }
    if row.constant < 0 { row.reverseSign() }
    return (row, tag)
  }

  mutating func register(_ constraint: Constraint, _ tag: Tag) {
    constraints[constraint] = ConstraintInfo(
      constraint: constraint, tag: tag, constant: constraint.expression.constant, order: nextOrder)
    nextOrder += 1
    markerOwner[tag.marker] = constraint
    if tag.other >= 0 { markerOwner[tag.other] = constraint }
    if !constraint.priority.isRequired, let k = levels.firstIndex(of: constraint.priority.rawValue)
    {
      levelUses[k] += 1
    }
    for term in constraint.expression.terms {
      if let s = variableSymbols[term.variable] { variableUses[Int(s)] += 1 }
    }
  }

  func chooseSubject(_ row: Row, _ tag: Tag) -> Int32 {
    for id in row.ids where kinds[Int(id)] == .external { return id }
    for s in [tag.marker, tag.other] where s >= 0 {
      let kind = kinds[Int(s)]
      if (kind == .slack || kind == .error) && row.coefficient(for: s) < 0 { return s }
    }
    return -1
  }

  func allDummies(_ row: Row) -> Bool {
    row.ids.allSatisfy { kinds[Int($0)] == .dummy }
  }

  /// Adds a row through an artificial variable (phase one). Returns success and, on
  /// failure, the artificial objective row whose markers explain the conflict.
  mutating func addWithArtificialVariable(_ row: Row) -> (Bool, Row) {
    let art = newSymbol(.slack)
    putRow(art, row)
    artificial = row
    var success = false
    do {
      try optimizeArtificial()
    } catch {
      artificial = nil
      return (false, row)
    }
    let finalRow = artificial ?? Row()
    success = nearZero(finalRow.constant)
    artificial = nil
    if rowOf[Int(art)] != nil {
      var basic = takeRow(art)
      if basic.isEmpty { return (success, finalRow) }
      guard let entering = basic.ids.first(where: { kinds[Int($0)] == .slack || kinds[Int($0)] == .error })
      else { return (false, finalRow) }
      basic.solve(for: art, entering)
      substitute(entering, basic)
      putRow(entering, basic)
    }
    purgeSymbol(art)
    return (success, finalRow)
  }

  // MARK: - Simplex

  /// Primal simplex on the lexicographic objective, Bland's rule (smallest id enters,
  /// smallest id leaves on ties), so it always terminates.
  mutating func optimize() throws(SolverError) {
    while true {
      guard let (entering, direction) = enteringSymbol() else { return }
      guard let leaving = leavingRow(entering, direction) else { throw .unboundedObjective }
      pivot(entering: entering, leaving: leaving)
    }
  }

  mutating func optimizeArtificial() throws(SolverError) {
    while true {
      guard let row = artificial else { return }
      var found: (Int32, Double)? = nil
      for k in row.ids.indices {
        let s = row.ids[k]
        let c = row.coefficients[k]
        let kind = kinds[Int(s)]
        if kind == .dummy { continue }
        if c < 0 {
          found = (s, 1)
          break
        }
        if c > 0 && kind == .external {
          found = (s, -1)
          break
        }
      }
      guard let (entering, direction) = found else { return }
      guard let leaving = leavingRow(entering, direction) else { throw .unboundedObjective }
      pivot(entering: entering, leaving: leaving)
    }
  }

  /// Smallest-id symbol whose lexicographic reduced cost is negative (or, for a free
  /// external symbol, nonzero), with the direction it should move in.
  func enteringSymbol() -> (Int32, Double)? {
    if objective.isEmpty { return nil }
    if objective.count == 1 {
      let row = objective[0]
      for k in row.ids.indices {
        let s = row.ids[k]
        let kind = kinds[Int(s)]
        if kind == .dummy { continue }
        let c = row.coefficients[k]
        if c < 0 { return (s, 1) }
        if kind == .external { return (s, -1) }
      }
      return nil
    }
    var positions = [Int](repeating: 0, count: objective.count)
    while true {
      var smallest = Int32.max
      for k in objective.indices where positions[k] < objective[k].ids.count {
        smallest = min(smallest, objective[k].ids[positions[k]])
      }
      if smallest == Int32.max { return nil }
      var sign = 0.0
      for k in objective.indices where positions[k] < objective[k].ids.count {
        if objective[k].ids[positions[k]] == smallest {
          if sign == 0 { sign = objective[k].coefficients[positions[k]] }
          positions[k] += 1
        }
      }
      let kind = kinds[Int(smallest)]
      if kind == .dummy { continue }
      if sign < 0 { return (smallest, 1) }
      if sign > 0 && kind == .external { return (smallest, -1) }
    }
  }

  /// Ratio test: the restricted row that first reaches zero as `entering` moves.
  func leavingRow(_ entering: Int32, _ direction: Double) -> Int32? {
    var best: Int32 = -1
    var bestRatio = Double.infinity
    for r in columns[Int(entering)] {
      if kinds[Int(r)] == .external { continue }
      guard let row = rowOf[Int(r)] else { continue }
      let a = row.coefficient(for: entering) * direction
      if a < 0 {
        let ratio = -row.constant / a
        if ratio < bestRatio || (ratio == bestRatio && r < best) {
          bestRatio = ratio
          best = r
        }
      }
    }
    return best >= 0 ? best : nil
  }

  mutating func pivot(entering: Int32, leaving: Int32) {
    var row = takeRow(leaving)
    row.solve(for: leaving, entering)
    substitute(entering, row)
    putRow(entering, row)
  }

  /// Dual simplex: restores feasibility after constants changed, keeping optimality.
  mutating func dualOptimize() throws(SolverError) {
    while true {
      var leaving: Int32 = -1
      var stale: [Int32] = []
      for r in infeasible {
        if let row = rowOf[Int(r)], kinds[Int(r)] != .external, row.constant < 0,
          !nearZero(row.constant)
        {
          if leaving < 0 || r < leaving { leaving = r }
        } else {
          stale.append(r)
        }
      }
      for r in stale { infeasible.remove(r) }
      if leaving < 0 { return }
      infeasible.remove(leaving)
      guard let row = rowOf[Int(leaving)] else { continue }
      var entering: Int32 = -1
      var bestRatio: [Double] = []
      for k in row.ids.indices {
        let s = row.ids[k]
        let a = row.coefficients[k]
        let kind = kinds[Int(s)]
        if kind == .dummy { continue }
        if a <= 0 && kind != .external { continue }
        var ratio: [Double] = []
        ratio.reserveCapacity(objective.count)
        for level in objective { ratio.append(level.coefficient(for: s) / a) }
        if entering < 0 || lexLess(ratio, bestRatio) {
          entering = s
          bestRatio = ratio
        }
      }
      if entering < 0 {
        infeasible.removeAll()
        throw .internalError("dual optimize failed")
      }
      pivot(entering: entering, leaving: leaving)
    }
  }

  @inline(__always) func lexLess(_ a: [Double], _ b: [Double]) -> Bool {
    for k in a.indices where a[k] != b[k] { return a[k] < b[k] }
    return false
  }

  func markerLeavingRow(_ marker: Int32) -> Int32? {
    var first: Int32 = -1
    var second: Int32 = -1
    var third: Int32 = -1
    var r1 = Double.infinity
    var r2 = Double.infinity
    for r in columns[Int(marker)] {
      guard let row = rowOf[Int(r)] else { continue }
      let c = row.coefficient(for: marker)
      if c == 0 { continue }
      if kinds[Int(r)] == .external {
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
      objective[level].insert(row, -1)
    } else {
      objective[level].insert(marker, -1)
    }
  }

  func dummyRowsAreZero() -> Bool {
    for s in kinds.indices where kinds[s] == .dummy {
      if let row = rowOf[s], !nearZero(row.constant) { return false }
    }
    return true
  }

  // MARK: - Conflict explanation

  func markerConstraints(in row: Row) -> [Constraint] {
    var found: [Constraint] = []
    for id in row.ids {
      if let c = markerOwner[id], c.priority.isRequired, !found.contains(c) { found.append(c) }
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
    func current(_ c: Constraint) -> Constraint {
      let k = constraints[c]?.constant ?? c.expression.constant
      return Constraint(Expression(c.expression.terms, constant: k), c.relation)
    }
    let target = Constraint(
      Expression(constraint.expression.terms, constant: newConstant), constraint.relation)
    func feasible(_ set: [Constraint]) -> Bool {
      var probe = Solver()
      probe.explainsFailures = false
      do {
        for c in set { try probe.add(current(c)) }
        try probe.add(target)
      } catch {
        return false
      }
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

  /// Checks the internal invariants of the tableau and returns a description of each
  /// violation (empty when consistent). Used by the test suite.
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    for b in rowOf.indices {
      guard let row = rowOf[b] else {
        if !columns[b].isEmpty {
          for r in columns[b] where rowOf[Int(r)]?.coefficient(for: Int32(b)) == 0 {
            problems.append("column \(b) lists row \(r) without the symbol")
          }
        }
        continue
      }
      for id in row.ids {
        if rowOf[Int(id)] != nil { problems.append("row \(b) contains basic symbol \(id)") }
        if !columns[Int(id)].contains(Int32(b)) {
          problems.append("column \(id) misses row \(b)")
        }
      }
      if kinds[b] != .external && row.constant < -1.0e-7 {
        problems.append("restricted row \(b) is infeasible: \(row.constant)")
      }
      if kinds[b] == .dummy && !nearZero(row.constant) {
        problems.append("dummy row \(b) is not zero")
      }
      if !columns[b].isEmpty { problems.append("basic symbol \(b) has a column") }
    }
    for s in columns.indices {
      for r in columns[s] where rowOf[Int(r)] == nil {
        problems.append("column \(s) lists non-basic \(r)")
      }
    }
    for level in objective {
      for id in level.ids where rowOf[Int(id)] != nil {
        problems.append("objective contains basic symbol \(id)")
      }
    }
    if enteringSymbol() != nil { problems.append("not optimal") }
    if levels.count != objective.count || levels.count != levelUses.count {
      problems.append("level bookkeeping")
    }
    return problems
  }
}
