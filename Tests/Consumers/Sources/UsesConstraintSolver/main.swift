import ConstraintSolver

var solver = Solver()
let left = Variable("left")
let width = Variable("width")
try solver.add(left == 16)
try solver.add((width <= 120).withPriority(.defaultLow))  // hugging
try solver.add((width >= 120).withPriority(.defaultHigh))  // compression resistance
try solver.add(left + width <= 100)  // the container
_ = solver.updateVariables()  // the variables that changed
print(solver.value(of: width))  // 84.0
