#!/usr/bin/env python3
"""Generate Tests/ConstraintSolverTests/Fixtures/kiwi_random.json.

Small random systems (3-8 variables, 3-12 random constraints plus one weak
stay `v == c` per variable so that the optimum is bounded), solved with
kiwisolver.  Only two priorities are used: required (1000) and weak (250,
kiwi strength.weak).  Within a single non-required level kiwi's weighted error
sum and a lexicographic solver minimise the same quantity, so any correct
solver must reach the same objective per level; the solution itself must match
only where `unique` is true.

Each constraint means  sum(coeff * var) + constant  op  0.
objective[level] = total absolute violation of that level's constraints at
kiwi's solution (violation: |r| for ==, max(0, r) for <=, max(0, -r) for >=).
unique: the LP  min sum(weak violations) s.t. required  is solved with scipy
(HiGHS); then, with the objective fixed to within 1e-7 of the optimum, every
variable is minimised and maximised; unique iff every range is < 1e-6.
Systems whose required part is infeasible are skipped; so are systems on which
kiwi's weak objective disagrees with the LP optimum (counted, reported on
stderr; none expected).

Usage: make_random_fixture.py [--cases 60] [--out PATH]
"""
import argparse, json, os, random, sys
import numpy as np
from scipy.optimize import linprog
import kiwisolver
from kiwisolver import Variable, Solver, strength, UnsatisfiableConstraint

REQUIRED, WEAK = 1000, 250
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "..", "Tests", "ConstraintSolverTests", "Fixtures", "kiwi_random.json")


def gen_system(seed):
    rng = random.Random(seed)
    nv = rng.randint(3, 8)
    nc = rng.randint(3, 12)
    cons = []
    for _ in range(nc):
        k = rng.randint(1, min(3, nv))
        idx = rng.sample(range(nv), k)
        terms = [[i, rng.choice([-3, -2, -1, 1, 2, 3])] for i in sorted(idx)]
        cons.append({"terms": terms, "constant": rng.randint(-20, 20),
                     "op": rng.choice(["==", "<=", ">=", "<=", ">="]),
                     "priority": REQUIRED if rng.random() < 0.5 else WEAK})
    for i in range(nv):   # weak stays keep the optimum bounded
        cons.append({"terms": [[i, 1]], "constant": -rng.randint(-20, 20), "op": "==", "priority": WEAK})
    return nv, cons


def residual(c, x):
    return sum(co * x[i] for i, co in c["terms"]) + c["constant"]


def violation(c, x):
    r = residual(c, x)
    return abs(r) if c["op"] == "==" else max(0.0, r) if c["op"] == "<=" else max(0.0, -r)


def kiwi_solve(nv, cons):
    vs = [Variable(f"v{i}") for i in range(nv)]
    s = Solver()
    for c in cons:
        e = sum((co * vs[i] for i, co in c["terms"][1:]), c["terms"][0][1] * vs[c["terms"][0][0]]) + c["constant"]
        cn = (e == 0) if c["op"] == "==" else (e <= 0) if c["op"] == "<=" else (e >= 0)
        s.addConstraint(cn | (strength.required if c["priority"] == REQUIRED else strength.weak))
    s.updateVariables()
    return [v.value() for v in vs]


def lp(nv, cons):
    """Columns: x (nv, free), then one or two error columns per weak constraint.
    Returns (A_ub, b_ub, A_eq, b_eq, cost, bounds, nx)."""
    weak = [c for c in cons if c["priority"] == WEAK]
    req = [c for c in cons if c["priority"] == REQUIRED]
    ne = sum(2 if c["op"] == "==" else 1 for c in weak)
    ncol = nv + ne
    A_ub, b_ub, A_eq, b_eq = [], [], [], []

    def row(c):
        a = np.zeros(ncol)
        for i, co in c["terms"]:
            a[i] += co
        return a

    for c in req:
        a = row(c)
        if c["op"] == "==":
            A_eq.append(a); b_eq.append(-c["constant"])
        elif c["op"] == "<=":
            A_ub.append(a); b_ub.append(-c["constant"])
        else:
            A_ub.append(-a); b_ub.append(c["constant"])
    col = nv
    for c in weak:
        a = row(c)
        if c["op"] == "==":       # r - e+ + e- == 0
            a[col] = -1; a[col + 1] = 1; col += 2
            A_eq.append(a); b_eq.append(-c["constant"])
        elif c["op"] == "<=":     # r - e <= 0
            a[col] = -1; col += 1
            A_ub.append(a); b_ub.append(-c["constant"])
        else:                     # -(r + e) <= 0
            a[col] = 1; col += 1
            A_ub.append(-a); b_ub.append(c["constant"])
    cost = np.zeros(ncol); cost[nv:] = 1
    bounds = [(None, None)] * nv + [(0, None)] * ne
    mk = lambda A: np.array(A) if A else None
    return mk(A_ub), (np.array(b_ub) if b_ub else None), mk(A_eq), (np.array(b_eq) if b_eq else None), cost, bounds


def analyse(nv, cons):
    A_ub, b_ub, A_eq, b_eq, cost, bounds = lp(nv, cons)
    res = linprog(cost, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method="highs")
    if res.status != 0:
        return None
    opt = res.fun
    # fix the objective near its optimum, then range every variable
    A2 = np.vstack([A_ub, cost]) if A_ub is not None else cost[None, :]
    b2 = np.append(b_ub, opt + 1e-7) if b_ub is not None else np.array([opt + 1e-7])
    unique = True
    for i in range(nv):
        e = np.zeros(len(cost)); e[i] = 1
        lo = linprog(e, A_ub=A2, b_ub=b2, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method="highs")
        hi = linprog(-e, A_ub=A2, b_ub=b2, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method="highs")
        if lo.status != 0 or hi.status != 0 or (-hi.fun) - lo.fun >= 1e-6:
            unique = False
            break
    return opt, unique


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=60)
    ap.add_argument("--out", default=DEFAULT_OUT)
    a = ap.parse_args(argv)
    cases, skipped_infeasible, skipped_mismatch, seed = [], 0, 0, 0
    while len(cases) < a.cases:
        seed += 1
        nv, cons = gen_system(seed)
        an = analyse(nv, cons)
        if an is None:
            skipped_infeasible += 1
            continue
        opt, unique = an
        try:
            x = kiwi_solve(nv, cons)
        except UnsatisfiableConstraint:
            skipped_infeasible += 1
            continue
        obj = {str(REQUIRED): 0.0, str(WEAK): 0.0}
        for c in cons:
            obj[str(c["priority"])] += violation(c, x)
        if obj[str(REQUIRED)] > 1e-7 or abs(obj[str(WEAK)] - opt) > 1e-6:
            skipped_mismatch += 1
            print(f"seed {seed}: kiwi objective {obj} vs LP optimum {opt}; skipped", file=sys.stderr)
            continue
        cases.append({"seed": seed, "variables": [f"v{i}" for i in range(nv)], "constraints": cons,
                      "objective": {k: round(v, 12) for k, v in obj.items()}, "unique": unique,
                      "solution": [round(v, 12) + 0.0 for v in x]})
    head = {"generator": "scripts/kiwi/make_random_fixture.py", "kiwisolver": kiwisolver.__version__}
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "w") as f:   # one case per line: small and diff-friendly
        f.write(json.dumps(head)[:-1] + ', "cases": [\n')
        f.write(",\n".join(json.dumps(c, separators=(",", ":")) for c in cases))
        f.write("\n]}\n")
    json.load(open(a.out))   # sanity: valid JSON
    nu = sum(c["unique"] for c in cases)
    print(f"wrote {len(cases)} cases ({nu} unique, {len(cases) - nu} not), seeds 1..{seed}; "
          f"skipped {skipped_infeasible} infeasible, {skipped_mismatch} kiwi/LP mismatches; "
          f"{os.path.getsize(a.out)} bytes -> {os.path.relpath(a.out)}", file=sys.stderr)


if __name__ == "__main__":
    main()
