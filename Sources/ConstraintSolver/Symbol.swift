// The modelling layer: variables, terms, expressions, priorities and constraints.
// Everything here is an immutable value type and `Sendable`.

/// The shared identity of a variable. Copies of a ``Variable`` refer to the same box,
/// so identity survives copies without any global counter.
final class VariableIdentity: Sendable {
    let name: String?
    init(name: String?) { self.name = name }
}

/// An unknown of the layout system, such as a view's width.
///
/// `Variable` is a value type; every copy refers to the same unknown. Two variables
/// created separately are different even when they carry the same name. The solver gives
/// each variable an internal integer symbol in order of first use, so results never depend
/// on hashing.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    let identity: VariableIdentity

    /// Creates a new, distinct variable.
    /// - Parameter name: An optional name used in descriptions and error messages.
    public init(_ name: String? = nil) {
        identity = VariableIdentity(name: name)
    }

    /// The name given when the variable was created, if any.
    public var name: String? { identity.name }

    /// A textual description: the name, or `"<unnamed>"`.
    public var description: String { identity.name ?? "<unnamed>" }

    /// Two variables are equal when they are copies of the same variable.
    public static func == (lhs: Variable, rhs: Variable) -> Bool {
        lhs.identity === rhs.identity
    }

    /// Hashes the identity of the variable.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(identity))
    }
}

/// A variable multiplied by a coefficient.
public struct Term: Sendable, CustomStringConvertible {
    /// The variable.
    public var variable: Variable
    /// The coefficient that multiplies the variable.
    public var coefficient: Double

    /// Creates the term `coefficient * variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// A textual description such as `2.0*width`.
    public var description: String { "\(coefficient)*\(variable)" }
}

/// A linear expression: a sum of terms plus a constant.
public struct Expression: Sendable, CustomStringConvertible {
    /// The terms, in the order they were written. A variable may occur more than once.
    public var terms: [Term]
    /// The constant part of the expression.
    public var constant: Double

    /// Creates an expression from terms and a constant.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// A textual description such as `1.0*x + -1.0*y + 3.0`.
    public var description: String {
        var parts = terms.map(\.description)
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }

    /// Evaluates the expression with the given variable values.
    /// - Parameter value: A function returning the value of a variable.
    /// - Returns: The value of the expression.
    public func evaluate(_ value: (Variable) -> Double) -> Double {
        var total = constant
        for term in terms { total += term.coefficient * value(term.variable) }
        return total
    }
}

/// A type that can be used as a linear expression in constraint operators.
public protocol ExpressionConvertible: Sendable {
    /// The value as a linear expression.
    var expression: Expression { get }
}

extension Variable: ExpressionConvertible {
    /// The expression `1 * self`.
    public var expression: Expression { Expression([Term(self)]) }
}

extension Term: ExpressionConvertible {
    /// The expression holding only this term.
    public var expression: Expression { Expression([self]) }
}

extension Expression: ExpressionConvertible {
    /// The expression itself.
    public var expression: Expression { self }
}

extension Double: ExpressionConvertible {
    /// The constant expression with this value.
    public var expression: Expression { Expression(constant: self) }
}

extension Int: ExpressionConvertible {
    /// The constant expression with this value.
    public var expression: Expression { Expression(constant: Double(self)) }
}

/// The number of terms `value` contributes to an expression.
@inlinable @inline(__always)
func termCount<E: ExpressionConvertible>(_ value: E) -> Int {
    if value is Variable || value is Term { return 1 }
    if value is Double || value is Int { return 0 }
    if let e = value as? Expression { return e.terms.count }
    return value.expression.terms.count
}

/// Appends the terms of `factor · value` to `terms` and returns its constant times `factor`.
/// The operators are inlinable so that callers specialise them: for a variable or a number no
/// intermediate expression (and no array) is built.
@inlinable @inline(__always)
func appendTerms<E: ExpressionConvertible>(
    of value: E, times factor: Double, to terms: inout [Term]
) -> Double {
    if let v = value as? Variable {
        terms.append(Term(v, factor))
        return 0 * factor
    }
    if let d = value as? Double { return d * factor }
    if let i = value as? Int { return Double(i) * factor }
    if let t = value as? Term {
        terms.append(Term(t.variable, t.coefficient * factor))
        return 0 * factor
    }
    let e = value.expression
    // A plain loop: `append(contentsOf:)` costs more than a few appends into reserved room.
    for t in e.terms { terms.append(Term(t.variable, t.coefficient * factor)) }
    return e.constant * factor
}

/// `lhs + sign · rhs` with a single allocation.
@inlinable @inline(__always)
func combine<L: ExpressionConvertible, R: ExpressionConvertible>(
    _ lhs: L, _ rhs: R, sign: Double
) -> Expression {
    var terms: [Term] = []
    terms.reserveCapacity(termCount(lhs) + termCount(rhs))
    let l = appendTerms(of: lhs, times: 1, to: &terms)
    let r = appendTerms(of: rhs, times: sign, to: &terms)
    return Expression(terms, constant: l + r)
}

/// Adds two linear expressions.
@inlinable
public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    combine(lhs, rhs, sign: 1)
}

/// Subtracts one linear expression from another.
@inlinable
public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    combine(lhs, rhs, sign: -1)
}

/// Negates a linear expression.
@inlinable
public prefix func - <E: ExpressionConvertible>(operand: E) -> Expression {
    -1.0 * operand
}

/// Multiplies a linear expression by a constant.
@inlinable
public func * <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression {
    var terms: [Term] = []
    terms.reserveCapacity(termCount(lhs))
    let constant = appendTerms(of: lhs, times: rhs, to: &terms)
    return Expression(terms, constant: constant)
}

/// Multiplies a linear expression by a constant.
@inlinable
public func * <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Expression {
    rhs * lhs
}

/// Divides a linear expression by a constant.
@inlinable
public func / <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression {
    lhs * (1.0 / rhs)
}

/// The relation of a constraint between its left- and right-hand sides.
public enum Relation: Sendable, Hashable, CustomStringConvertible {
    /// Left-hand side equals right-hand side.
    case equal
    /// Left-hand side is less than or equal to right-hand side.
    case lessThanOrEqual
    /// Left-hand side is greater than or equal to right-hand side.
    case greaterThanOrEqual

    /// The operator spelling: `==`, `<=` or `>=`.
    public var description: String {
        switch self {
        case .equal: "=="
        case .lessThanOrEqual: "<="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// The priority of a constraint, from 1 to 1000 as in Auto Layout.
///
/// Priorities are strictly lexicographic: a constraint of a higher priority is satisfied
/// before any number of constraints of lower priorities. Within one priority the total
/// violation is minimised. A value outside 1...1000, or NaN, is rejected by the solver
/// with ``SolverError/invalidPriority(_:)``.
public struct Priority: Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
    /// The numeric priority.
    public var rawValue: Double

    /// Creates a priority; validity (1...1000) is checked when it is used.
    public init(_ rawValue: Double) { self.rawValue = rawValue }

    /// Creates a priority from an integer literal.
    public init(integerLiteral value: Int) { rawValue = Double(value) }

    /// Creates a priority from a floating-point literal.
    public init(floatLiteral value: Double) { rawValue = value }

    /// A required constraint (1000): it must hold.
    public static let required = Priority(1000)
    /// The default high priority (750), used for compression resistance.
    public static let defaultHigh = Priority(750)
    /// The default low priority (250), used for content hugging.
    public static let defaultLow = Priority(250)
    /// The fitting-size level (50).
    public static let fittingSizeLevel = Priority(50)

    /// Whether the priority lies in 1...1000 and is not NaN.
    public var isValid: Bool { rawValue >= 1 && rawValue <= 1000 }

    /// Whether this is the required priority.
    public var isRequired: Bool { rawValue == 1000 }

    /// Orders priorities by their numeric value.
    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The numeric value as text.
    public var description: String { "\(rawValue)" }
}

/// The shared, immutable content of a constraint; its object identity is the constraint's identity.
final class ConstraintStorage: Sendable {
    let expression: Expression
    let relation: Relation
    let priority: Priority
    init(expression: Expression, relation: Relation, priority: Priority) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
    }
}

/// A linear constraint `expression relation 0` with a priority.
///
/// A constraint has an identity that survives copies: ``Solver/remove(_:)`` and
/// ``Solver/updateConstant(of:to:)`` accept any copy of the value that was added.
/// Two constraints built separately are different even when they read the same.
public struct Constraint: Hashable, Sendable, CustomStringConvertible {
    let storage: ConstraintStorage

    /// Creates `expression relation 0` at a priority.
    /// - Parameters:
    ///   - expression: The left-hand side minus the right-hand side.
    ///   - relation: The relation to zero.
    ///   - priority: The priority; `.required` by default.
    public init(_ expression: Expression, _ relation: Relation, priority: Priority = .required) {
        storage = ConstraintStorage(expression: expression, relation: relation, priority: priority)
    }

    /// The expression compared with zero (left-hand side minus right-hand side).
    public var expression: Expression { storage.expression }
    /// The relation of ``expression`` to zero.
    public var relation: Relation { storage.relation }
    /// The priority of the constraint.
    public var priority: Priority { storage.priority }

    /// How far the constraint is from holding for the given values: the size of
    /// `expression`'s residual for an equality, its excess on the wrong side for an
    /// inequality, and 0 when it holds.
    /// - Parameters:
    ///   - constant: The constant in force, when `updateConstant` changed it (the
    ///     expression's own constant by default).
    ///   - value: A function returning the value of a variable.
    public func violation(constant: Double? = nil, _ value: (Variable) -> Double) -> Double {
        var residual = constant ?? expression.constant
        for term in expression.terms { residual += term.coefficient * value(term.variable) }
        switch relation {
        case .equal: return abs(residual)
        case .lessThanOrEqual: return max(0, residual)
        case .greaterThanOrEqual: return max(0, -residual)
        }
    }

    /// A new constraint (with a new identity) with the same expression and relation at another priority.
    public func withPriority(_ priority: Priority) -> Constraint {
        Constraint(expression, relation, priority: priority)
    }

    /// A textual description such as `1.0*x + -10.0 >= 0 @750.0`.
    public var description: String { "\(expression) \(relation) 0 @\(priority)" }

    /// Two constraints are equal when they are copies of the same constraint.
    public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs.storage === rhs.storage }

    /// Hashes the identity of the constraint.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(storage)) }
}

/// Builds the required constraint `lhs == rhs`.
@inlinable
public func == <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

/// Builds the required constraint `lhs <= rhs`.
@inlinable
public func <= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

/// Builds the required constraint `lhs >= rhs`.
@inlinable
public func >= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}

/// The errors thrown by ``Solver``.
public enum SolverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The constraint has already been added.
    case duplicateConstraint(Constraint)
    /// The constraint is not in the solver.
    case unknownConstraint(Constraint)
    /// A required constraint cannot be satisfied together with the required constraints
    /// already present. `conflicts` is a smallest (irreducible) set of constraints already
    /// in the solver that, together with `constraint`, cannot hold simultaneously.
    case unsatisfiableConstraint(Constraint, conflicts: [Constraint])
    /// A priority outside 1...1000 or NaN.
    case invalidPriority(Double)
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// Edit variables cannot be required (their suggestions must be allowed to fail softly).
    case requiredEditVariable(Variable)
    /// The operation would leave a required constraint off by more than double precision
    /// allows (1e-7 of its terms plus 1e-10 of the largest value the solver holds), even on a
    /// fresh build: the system is too ill-conditioned (coefficients whose ratios multiply
    /// through the pivots, such as 0.01 and 100 chained through several constraints). The
    /// message names the operation and the constraint. The solver is left as it was. Systems
    /// whose coefficients are of one scale, as layouts' are, never get here.
    case illConditioned(String)
    /// An objective is unbounded; the system is malformed.
    case unboundedObjective
    /// An internal invariant failed; this is a bug.
    case internalError(String)

    /// A human-readable message, listing conflicting constraints like UIKit's
    /// "Unable to simultaneously satisfy constraints".
    public var description: String {
        switch self {
        case .duplicateConstraint(let c): "duplicate constraint \(c)"
        case .unknownConstraint(let c): "unknown constraint \(c)"
        case .unsatisfiableConstraint(let c, let conflicts):
            "Unable to simultaneously satisfy constraints: \(c) conflicts with "
                + conflicts.map(\.description).joined(separator: "; ")
        case .invalidPriority(let p): "invalid priority \(p): must be within 1...1000"
        case .duplicateEditVariable(let v): "duplicate edit variable \(v)"
        case .unknownEditVariable(let v): "unknown edit variable \(v)"
        case .requiredEditVariable(let v): "edit variable \(v) cannot be required"
        case .illConditioned(let m): "too ill-conditioned for double precision: \(m)"
        case .unboundedObjective: "the objective is unbounded"
        case .internalError(let m): "internal solver error: \(m)"
        }
    }
}
