// The model: variables, terms and linear expressions, with the `+ - * /` operators.
// Everything here is an immutable value type and `Sendable`.

import Synchronization

/// The shared identity of a variable. Copies of a ``Variable`` refer to the same box,
/// so identity survives copies.
final class VariableIdentity: Sendable {
    let name: String?
    /// A number unique to this variable in the process, in order of creation
    /// (``Serials``); the solver's lookup tables are keyed by it.
    let serial: UInt64
    init(name: String?) {
        self.name = name
        serial = Serials.nextVariable()
    }
}

/// Process-wide creation counters of variables and constraints, from 1. A serial is never
/// reused, so it identifies its object for good. The solver keys its lookup tables by serial
/// rather than by address: objects created one after the other get consecutive serials, which
/// land in neighbouring buckets (``IdentityTable``) wherever the allocator placed the objects.
/// No result depends on a serial; they only place entries in the tables.
enum Serials {
    private static let variables = Atomic<UInt64>(0)
    private static let constraints = Atomic<UInt64>(0)
    static func nextVariable() -> UInt64 { variables.wrappingAdd(1, ordering: .relaxed).newValue }
    static func nextConstraint() -> UInt64 { constraints.wrappingAdd(1, ordering: .relaxed).newValue }
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

/// A type that can be used as a linear expression in constraint operators: ``Variable``,
/// ``Term`` and ``Expression``. Numbers are not: an operator with a number on one side is an
/// overload taking `Double`, so plain arithmetic in a file that imports the solver stays plain
/// arithmetic (`SolverTests.testNumbersStayNumbers`).
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

/// The number of terms `value` contributes to an expression.
@inlinable @inline(__always)
func termCount<E: ExpressionConvertible>(_ value: E) -> Int {
    if value is Variable || value is Term { return 1 }
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
    if let t = value as? Term {
        terms.append(Term(t.variable, t.coefficient * factor))
        return 0 * factor
    }
    let e = value.expression
    // A plain loop: `append(contentsOf:)` costs more than a few appends into reserved room.
    for t in e.terms { terms.append(Term(t.variable, t.coefficient * factor)) }
    return e.constant * factor
}

/// The capacity reserved for an expression that an arithmetic operator builds with `count`
/// terms: two more, so that a relation or another operator can add the other side's terms in
/// place (``combine(_:_:sign:room:)``). Glibc's malloc rounds the block up anyway, so the
/// room costs no instructions; `a + b <= c - 16` then builds two arrays, not three.
@inlinable @inline(__always)
func roomyCapacity(_ count: Int) -> Int { count + 2 }

/// `lhs + sign · rhs`, with at most one allocation and none when an operand is an expression
/// that nothing else holds (a temporary such as `a + b` in `a + b <= w`) with room for the
/// other side: the terms are then added to its own array. The results are bit for bit those of
/// a fresh array: each term's coefficient is the same product, in the same order, and the
/// constant the same sum (`SolverTests.testOperatorsReuseTemporaryExpressions`).
/// - Parameter room: Whether a new array gets ``roomyCapacity(_:)`` (an arithmetic result
///   that may grow) or exactly the terms (a constraint's expression).
@inlinable @inline(__always)
func combine<L: ExpressionConvertible, R: ExpressionConvertible>(
    _ lhs: consuming L, _ rhs: consuming R, sign: Double, room: Bool
) -> Expression {
    if L.self == Expression.self {
        // `L` is `Expression`: the cast is the identity, and `lhs`, consumed, is moved.
        var e = unsafeBitCast(consume lhs, to: Expression.self)
        // The terms of `lhs` are kept as they are: `t.coefficient * 1` is `t.coefficient`.
        let l = e.constant * 1
        let r = appendTerms(of: rhs, times: sign, to: &e.terms)
        e.constant = l + r
        return e
    }
    if R.self == Expression.self, let first = singleTerm(lhs) {
        var e = unsafeBitCast(consume rhs, to: Expression.self)
        // `lhs` first, then the terms of `rhs` times `sign`, as a fresh array holds them.
        let count = e.terms.count
        if count < e.terms.capacity {
            // Appended, then moved to the front: `insert(_:at:)` costs twice as much.
            e.terms.append(first)
            let moved = e.terms.withUnsafeMutableBufferPointer { t in
                guard let base = t.baseAddress else { return false }
                let head = (base + count).move()
                (base + 1).moveInitialize(from: base, count: count)
                base.initialize(to: head)
                for i in 1..<(count + 1) { t[i].coefficient = t[i].coefficient * sign }
                return true
            }
            if moved {
                e.constant = 0 * 1 + e.constant * sign
                return e
            }
            e.terms.removeLast()
        }
        return fresh(lhs, e, sign: sign, room: room)
    }
    return fresh(lhs, rhs, sign: sign, room: room)
}

/// The term `appendTerms(of: value, times: 1, to:)` appends for a variable or a term (whose
/// constant is 0), or nil for an expression.
@inlinable @inline(__always)
func singleTerm<E: ExpressionConvertible>(_ value: E) -> Term? {
    if let v = value as? Variable { return Term(v, 1) }
    if let t = value as? Term { return Term(t.variable, t.coefficient * 1) }
    return nil
}

/// `lhs + sign · rhs` in a new array.
@inlinable @inline(__always)
func fresh<L: ExpressionConvertible, R: ExpressionConvertible>(
    _ lhs: L, _ rhs: R, sign: Double, room: Bool
) -> Expression {
    var terms: [Term] = []
    let count = termCount(lhs) + termCount(rhs)
    terms.reserveCapacity(room ? roomyCapacity(count) : count)
    let l = appendTerms(of: lhs, times: 1, to: &terms)
    let r = appendTerms(of: rhs, times: sign, to: &terms)
    return Expression(terms, constant: l + r)
}

/// `value ± constant` (or, with `constantFirst`, `constant ± value`) with a single allocation,
/// and none for `expression ± constant`, which shares the expression's terms (`a + b + 12`
/// builds one array, not two). The arithmetic is that of ``fresh(_:_:sign:room:)`` with the
/// constant as an expression of no terms, so the results are bit for bit the same: the terms
/// it would copy are multiplied by 1.
@inlinable @inline(__always)
func offset<E: ExpressionConvertible>(
    _ value: consuming E, by constant: Double, sign: Double, constantFirst: Bool = false, room: Bool
) -> Expression {
    if !constantFirst, E.self == Expression.self {
        var e = unsafeBitCast(consume value, to: Expression.self)
        e.constant = e.constant * 1 + constant * sign
        return e
    }
    var terms: [Term] = []
    let count = termCount(value)
    terms.reserveCapacity(room ? roomyCapacity(count) : count)
    if constantFirst {
        let l = constant * 1
        let r = appendTerms(of: value, times: sign, to: &terms)
        return Expression(terms, constant: l + r)
    }
    let l = appendTerms(of: value, times: 1, to: &terms)
    return Expression(terms, constant: l + constant * sign)
}

/// Adds two linear expressions.
@inlinable
public func + <L: ExpressionConvertible, R: ExpressionConvertible>(
    lhs: consuming L, rhs: consuming R
) -> Expression {
    combine(lhs, rhs, sign: 1, room: true)
}

/// Subtracts one linear expression from another.
@inlinable
public func - <L: ExpressionConvertible, R: ExpressionConvertible>(
    lhs: consuming L, rhs: consuming R
) -> Expression {
    combine(lhs, rhs, sign: -1, room: true)
}

/// Adds a constant to a linear expression.
@inlinable
public func + <L: ExpressionConvertible>(lhs: consuming L, rhs: Double) -> Expression {
    offset(lhs, by: rhs, sign: 1, room: true)
}

/// Adds a linear expression to a constant.
@inlinable
public func + <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression {
    offset(rhs, by: lhs, sign: 1, constantFirst: true, room: true)
}

/// Subtracts a constant from a linear expression.
@inlinable
public func - <L: ExpressionConvertible>(lhs: consuming L, rhs: Double) -> Expression {
    offset(lhs, by: rhs, sign: -1, room: true)
}

/// Subtracts a linear expression from a constant.
@inlinable
public func - <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression {
    offset(rhs, by: lhs, sign: -1, constantFirst: true, room: true)
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
    terms.reserveCapacity(roomyCapacity(termCount(lhs)))
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
