// Every tolerance of the solver, named for what it means. Layouts (coefficients of ±1,
// halves, 16/9) only ever meet the first group; the others guard systems whose coefficients
// span orders of magnitude, where rounding grows with every pivot. docs/solver.md
// ("Tolerances") gives each one's reason and the tests that pin it.

// MARK: - Zero and cancellation

/// Constants (and the few coefficients tested on their own) whose magnitude is below this
/// are treated as zero (``nearZero(_:)``).
let nearZeroEpsilon = 1.0e-8

/// A coefficient whose magnitude is below this is dropped outright (``cancels(_:_:_:)``).
let negligibleCoefficient = 1.0e-12

/// The sum of two coefficients is zero when it is smaller than this fraction of the larger
/// of them: what is left is the rounding of the two, not a term (``cancels(_:_:_:)``).
let cancellationTolerance = 1.0e-10

/// The sum of two constants is zero when it is smaller than this fraction of the larger of
/// them (a few hundred units in the last place; ``sumCancelling(_:_:)``). Much tighter than
/// for coefficients: a constant is a value, and a real difference of 1e-5 between two values
/// of 10^7 is 10^-12 of them (`testSmallDifferencesOfLargeConstantsAreKept`).
let constantCancellationTolerance = 1.0e-13

// MARK: - Pivoting

/// A simplex pivot needs an element larger than this fraction of its row's largest
/// coefficient; smaller ones are rounding residue, terms that cancel in exact arithmetic
/// (``Tableau/isResidue(_:in:)``). Larger than ``cancellationTolerance``, because residue grows
/// with every pivot on a small but real element
/// (`testPivotsNeedMoreThanResidueAboveTheCancellationLevel`).
let pivotTolerance = 1.0e-8

/// Only coefficients below this magnitude are ever residue, so rows of layouts (±1) are never
/// scanned for their largest coefficient.
let residueCeiling = 1.0e-3

/// A row is only solved for a symbol (made its definition or basic row) when the symbol's
/// coefficient is at least this fraction of the row's largest: threshold pivoting, as sparse
/// LU factorisations do (u = 0.01). Dividing by a coefficient 10^-6 of the others multiplies
/// their rounding by up to 10^6 (`testRowsAreNotSolvedForTinyCoefficients`). Other subjects
/// (the constraint's own slack or error, or phase one) are always available, so the rule
/// costs at most a pivot.
let subjectThreshold = 1.0e-2

/// A phase one that pivots on an element below this fraction of its row's largest has its
/// verdict checked by a fresh build; next to dummies, a term below this fraction of the
/// largest dummy's is rounding (``Tableau/artificialRowSubject(_:judgedRounding:)``).
let phaseOneCheckThreshold = 1.0e-6

/// The rounding level of the tableau, as a fraction of the largest value it holds (or of the
/// step): a row passed over in the ratio test may end this far below zero
/// (`testResidueRowIsPassedOverAtTheTableauRoundingLevel`).
let tableauRoundingLevel = 1.0e-12

/// A row passed over in the ratio test may also end this fraction of its own value below zero.
let passedOverRowSlack = 1.0e-9

/// Two objective values (or ratios of costs) closer than this fraction of their magnitude
/// are equal: a rounding difference at a higher level never hides a real difference at a
/// lower one (``Tableau/ratioLess(_:_:than:_:)``, ``Tableau/worsensHigherLevel(_:_:leaving:)``).
let objectiveRelativeTolerance = 1.0e-9

// MARK: - Growth of rounding, rebuilds and refinement

/// A row solved for a coefficient below this fraction of its largest multiplies its rounding
/// by their ratio; ``RoundingState/amplification`` is the product of those ratios.
let amplifyingElementRatio = 0.1

/// The tableau is rebuilt once the pivots since the last rebuild may have multiplied
/// rounding by more than this (``Tableau/noteElement(_:in:)``) ...
let amplificationLimit = 1.0e6

/// ... and at least one operation per this many constraints has passed, which amortises the
/// rebuild's cost.
let rebuildAmortisation = 16

/// Past this ``RoundingState/amplification``, every operation checks the required constraints for
/// drift (``Tableau/requiredDrift()``); layouts never get there.
let driftCheckAmplification = 10.0

/// Drift of the required constraints, relative to the largest value held and after
/// refinement, past which the tableau is rebuilt at once, and a verdict checked by its
/// consequence is overturned (``Tableau/drifts(adding:)``).
let driftTolerance = 1.0e-11

/// Drift of the required constraints (relative to the largest value held) past which the
/// solution is refined: a few hundred units in the last place.
let refinementTolerance = 1.0e-13

/// At most this many refinement steps per operation; each divides the drift by about the
/// tableau's relative rounding times the system's condition, so one usually suffices.
let refinementSteps = 3

/// A constant that decides a conflict is the tableau's rounding when it is at most this
/// fraction of the largest value the tableau holds; a fresh build then decides
/// (`testRedundantCopyIsNotRefusedForRoundingAtLargeValues`).
let conflictRoundingTolerance = 1.0e-9

/// A removal whose marker pivot uses a coefficient below this fraction of its row's largest
/// rebuilds the tableau afterwards (`testIllConditionedRemovalRebuilds`).
let removalRebuildThreshold = 1.0e-3

/// A term of a new constraint's expanded row at most this fraction of the largest product the
/// expansion summed is its rounding (``Tableau/dropExpansionRounding(_:of:_:)``): a hundredth
/// of the pivot tolerance.
let expansionRoundingTolerance = 1.0e-9

// MARK: - The accuracy check

/// Coefficients whose magnitude lies within this range (±1, halves, 16/9, as layouts use)
/// never make a system ill-conditioned; a constraint with one outside it makes every later
/// operation keep an undo copy (``Solver/hasWideCoefficients``).
let ordinaryCoefficients = 0.1...10.0

/// A required constraint may be off by this fraction of its own terms and constant ...
let requiredTermsTolerance = 1.0e-7

/// ... plus this fraction of the largest value held (``Tableau/accuracyProblem()``).
let requiredScaleTolerance = 1.0e-10

/// A restricted row may be infeasible, or a basic dummy off zero, by this much ...
let restrictedRowTolerance = 1.0e-7

/// ... plus this fraction of the largest value held (``Tableau/numericProblem(of:scale:)``).
let restrictedRowScaleTolerance = 1.0e-11

// MARK: - Ambiguity

/// A variable whose range at the optimum is wider than this is ambiguous.
let ambiguousRangeWidth = 1.0e-7

/// Terms of a variable's parametric row below this are residue, not a degree of freedom.
let ambiguityCoefficientTolerance = 1.0e-9

// MARK: - Bounds

/// The search for a definition cycle gives up (and the variable is not defined) past this
/// many definitions.
let definitionSearchLimit = 64
