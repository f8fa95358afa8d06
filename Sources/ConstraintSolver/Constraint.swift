// Constraints: a linear expression related to zero at a priority, and the errors the solver
// throws.

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

/// The shared content of a constraint; its object identity is the constraint's identity.
///
/// Immutable once shared: ``Constraint/withPriority(_:)`` sets the priority only of a storage
/// that no other copy refers to (`isKnownUniquelyReferenced`), so no other copy, and no other
/// thread, can see it change. That is why the class is `@unchecked Sendable`, and why reads of
/// the priority skip the runtime's exclusivity check (`@exclusivity(unchecked)`: checked, the
/// reads in `Solver.add` cost 1.3 M more instructions at 1,000 feed rows than the saved
/// allocations gave back).
final class ConstraintStorage: @unchecked Sendable {
    let expression: Expression
    let relation: Relation
    @exclusivity(unchecked) fileprivate(set) var priority: Priority
    /// A number unique to this constraint in the process, in order of creation (``Serials``).
    let serial: UInt64
    init(expression: Expression, relation: Relation, priority: Priority) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
        serial = Serials.nextConstraint()
    }
}

/// A linear constraint `expression relation 0` with a priority.
///
/// A constraint has an identity that survives copies: ``Solver/remove(_:)`` and
/// ``Solver/updateConstant(of:to:)`` accept any copy of the value that was added.
/// Two constraints built separately are different even when they read the same.
public struct Constraint: Hashable, Sendable, CustomStringConvertible {
    private(set) var storage: ConstraintStorage

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

    /// A new constraint (with a new identity) with the same expression and relation at another
    /// priority.
    ///
    /// When no other copy of this constraint exists, as for `(x <= 10).withPriority(.defaultLow)`,
    /// the constraint itself is given the priority instead: no copy could tell the identities
    /// apart, and the second allocation is saved (one per optional constraint a layout builds
    /// this way; `SolverTests.testWithPriorityKeepsSharedConstraintsUnchanged`).
    public consuming func withPriority(_ priority: Priority) -> Constraint {
        var result = consume self
        if isKnownUniquelyReferenced(&result.storage) {
            result.storage.priority = priority
            return result
        }
        return Constraint(result.expression, result.relation, priority: priority)
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
public func == <L: ExpressionConvertible, R: ExpressionConvertible>(
    lhs: consuming L, rhs: consuming R
) -> Constraint {
    Constraint(combine(lhs, rhs, sign: -1, room: false), .equal)
}

/// Builds the required constraint `lhs <= rhs`.
@inlinable
public func <= <L: ExpressionConvertible, R: ExpressionConvertible>(
    lhs: consuming L, rhs: consuming R
) -> Constraint {
    Constraint(combine(lhs, rhs, sign: -1, room: false), .lessThanOrEqual)
}

/// Builds the required constraint `lhs >= rhs`.
@inlinable
public func >= <L: ExpressionConvertible, R: ExpressionConvertible>(
    lhs: consuming L, rhs: consuming R
) -> Constraint {
    Constraint(combine(lhs, rhs, sign: -1, room: false), .greaterThanOrEqual)
}

/// Builds the required constraint `lhs == rhs`.
@inlinable
public func == <L: ExpressionConvertible>(lhs: consuming L, rhs: Double) -> Constraint {
    Constraint(offset(lhs, by: rhs, sign: -1, room: false), .equal)
}

/// Builds the required constraint `lhs == rhs`.
@inlinable
public func == <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(offset(rhs, by: lhs, sign: -1, constantFirst: true, room: false), .equal)
}

/// Builds the required constraint `lhs <= rhs`.
@inlinable
public func <= <L: ExpressionConvertible>(lhs: consuming L, rhs: Double) -> Constraint {
    Constraint(offset(lhs, by: rhs, sign: -1, room: false), .lessThanOrEqual)
}

/// Builds the required constraint `lhs <= rhs`.
@inlinable
public func <= <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(offset(rhs, by: lhs, sign: -1, constantFirst: true, room: false), .lessThanOrEqual)
}

/// Builds the required constraint `lhs >= rhs`.
@inlinable
public func >= <L: ExpressionConvertible>(lhs: consuming L, rhs: Double) -> Constraint {
    Constraint(offset(lhs, by: rhs, sign: -1, room: false), .greaterThanOrEqual)
}

/// Builds the required constraint `lhs >= rhs`.
@inlinable
public func >= <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(offset(rhs, by: lhs, sign: -1, constantFirst: true, room: false), .greaterThanOrEqual)
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
