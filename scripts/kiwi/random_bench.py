#!/usr/bin/env python3
"""kiwisolver reference for the deterministic 'random' benchmark (JSON output).

Spec (the Swift side implements the same; see scripts/kiwi/README.md):
  LCG (64-bit): state = (state * 6364136223846793005 + 1442695040888963407) mod 2^64,
  starting from state = seed (default 1); nextDouble() advances the state, then
  returns (state >> 11) / 9007199254740992.0.
  nVars = max(10, N // 2).  For each of N constraints:
    k = 1 + int(nextDouble()*3) terms; per term: index = int(nextDouble()*nVars),
      coeff = floor((nextDouble()*10 - 5)*1e4)/1e4, 1 if that is 0;
    constant = floor((nextDouble()*20 - 10)*1e4)/1e4;
    relation '>=' if nextDouble() < 0.12 else '==';
    strength required if nextDouble() < 0.5 else weak.
    Constraint: sum(coeff*var) + constant (relation) 0.  (Repeated indices in
    one constraint are kept as separate terms; kiwi sums them.)
    An add raising UnsatisfiableConstraint is counted and skipped.
  Then vars 0 and 1 become strong edit variables; 1000 re-solves, each
    suggestValue(var0, nextDouble()*100), suggestValue(var1, nextDouble()*100),
    updateVariables().
  Then every constraint that was added is removed (in insertion order).
Timing: addMs = all N addConstraint attempts; resolveMs = mean per re-solve;
removeMs = all removals.  checksum = sum of all variable values after the
re-solves (before removal).

Variant "classic" (the default; Cassowary's addDel PerfTest): nVars = max(10, N);
  2N constraints are generated as above but all required (no strength draw);
  every variable gets a weak stay v == 0; constraints are added in order until N
  succeed; then two strong edit variables at indices int(nextDouble()*nVars) (twice)
  and the re-solves as above on those two (one if they coincide).
Variant "mixed": the spec above.

Usage: random_bench.py --constraints N [--constraints N ...] [--variant classic|mixed] [--seed S] [--runs K] [--dump]
"""
import argparse, json, math, os, statistics, sys, time
import kiwisolver
from kiwisolver import Variable, Solver, strength, UnsatisfiableConstraint

MASK = (1 << 64) - 1


class LCG:
    def __init__(self, seed=1):
        self.state = seed & MASK

    def next_double(self):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & MASK
        return (self.state >> 11) / 9007199254740992.0


def generate(n, rng, variant="mixed"):
    """Return (nVars, [(terms, constant, op, strengthName)]) consuming rng exactly per spec."""
    classic = variant == "classic"
    nvars = max(10, n) if classic else max(10, n // 2)
    out = []
    for _ in range(2 * n if classic else n):
        k = 1 + int(rng.next_double() * 3)
        terms = []
        for _ in range(k):
            idx = int(rng.next_double() * nvars)
            coeff = math.floor((rng.next_double() * 10 - 5) * 1e4) / 1e4
            if coeff == 0:
                coeff = 1.0
            terms.append((idx, coeff))
        constant = math.floor((rng.next_double() * 20 - 10) * 1e4) / 1e4
        op = ">=" if rng.next_double() < 0.12 else "=="
        st = "required" if classic or rng.next_double() < 0.5 else "weak"
        out.append((terms, constant, op, st))
    return nvars, out


def run(n, seed=1, resolves=1000, report=lambda phase, data: None, variant="classic"):
    rng = LCG(seed)
    classic = variant == "classic"
    nvars, specs = generate(n, rng, variant)
    vs = [Variable(f"v{i}") for i in range(nvars)]
    cons = []
    for terms, constant, op, st in specs:
        expr = sum((c * vs[i] for i, c in terms[1:]), terms[0][1] * vs[terms[0][0]]) + constant
        cn = (expr >= 0) if op == ">=" else (expr == 0)
        cons.append(cn | (strength.required if st == "required" else strength.weak))
    s = Solver()
    added, unsat = [], 0
    t0 = time.perf_counter()
    if classic:
        for v in vs:
            s.addConstraint((v == 0) | strength.weak)
    for c in cons:
        if classic and len(added) >= n:
            break
        try:
            s.addConstraint(c)
            added.append(c)
        except UnsatisfiableConstraint:
            unsat += 1
    t1 = time.perf_counter()
    report("add", {"addMs": (t1 - t0) * 1e3, "unsatisfiable": unsat, "nVars": nvars, "added": len(added)})
    if classic:
        e0, e1 = vs[int(rng.next_double() * nvars)], vs[int(rng.next_double() * nvars)]
    else:
        e0, e1 = vs[0], vs[1]
    same = e0 is e1
    s.addEditVariable(e0, strength.strong)
    if not same:
        s.addEditVariable(e1, strength.strong)
    t2 = time.perf_counter()
    for _ in range(resolves):
        s.suggestValue(e0, rng.next_double() * 100)
        if not same:
            s.suggestValue(e1, rng.next_double() * 100)
        s.updateVariables()
    t3 = time.perf_counter()
    checksum = sum(v.value() for v in vs)
    report("resolve", {"resolveMs": (t3 - t2) * 1e3 / resolves, "checksum": checksum})
    t4 = time.perf_counter()
    for c in added:
        s.removeConstraint(c)
    t5 = time.perf_counter()
    return {"addMs": (t1 - t0) * 1e3, "resolveMs": (t3 - t2) * 1e3 / resolves,
            "removeMs": (t5 - t4) * 1e3, "unsatisfiable": unsat, "checksum": checksum,
            "nVars": nvars, "added": len(added)}


def run_isolated(n, seed, variant="classic"):
    """run() in a forked child.  kiwisolver does not translate
    kiwi::InternalSolverError raised inside suggestValue/removeConstraint into
    a Python exception: it reaches std::terminate and aborts the interpreter.
    The child reports each finished phase, so a crash yields partial figures
    plus the phase and the C++ message instead of killing the whole script."""
    import multiprocessing as mp, tempfile
    ctx = mp.get_context("fork")
    rd, wr = ctx.Pipe(duplex=False)
    err = tempfile.TemporaryFile()

    def child():
        os.dup2(err.fileno(), 2)
        rd.close()
        res = run(n, seed, report=lambda phase, data: wr.send((phase, data)), variant=variant)
        wr.send(("remove", {"removeMs": res["removeMs"]}))
        wr.close()

    p = ctx.Process(target=child)
    p.start()
    wr.close()
    out, last = {}, "start"
    while True:
        try:
            phase, data = rd.recv()
        except EOFError:
            break
        out.update(data)
        last = phase
    p.join()
    if p.exitcode != 0:
        err.seek(0)
        msg = " ".join(err.read().decode(errors="replace").split())[-300:]
        nxt = {"start": "add", "add": "resolve", "resolve": "remove"}.get(last, last)
        out["error"] = f"kiwisolver aborted during {nxt} phase (exit {p.exitcode}): {msg}"
    return out


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--constraints", type=int, action="append", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", choices=["classic", "mixed"], default="classic")
    ap.add_argument("--runs", type=int, default=1, help="medians over K runs")
    ap.add_argument("--no-isolate", dest="isolate", action="store_false",
                    help="run in-process (a kiwi internal error then aborts the script)")
    ap.add_argument("--dump", action="store_true", help="print the generated constraints and exit")
    a = ap.parse_args(argv)
    for n in a.constraints:
        if a.dump:
            nvars, specs = generate(n, LCG(a.seed), a.variant)
            print(f"# N={n} seed={a.seed} nVars={nvars}")
            for terms, c, op, st in specs:
                print(" + ".join(f"{co!r}*v{i}" for i, co in terms) + f" + {c!r} {op} 0 | {st}")
            continue
        rs = [run_isolated(n, a.seed, a.variant) if a.isolate else run(n, a.seed, variant=a.variant)
              for _ in range(max(1, a.runs))]
        out = {"variant": a.variant, "constraints": n, "seed": a.seed}
        for key, nd in (("nVars", None), ("added", None), ("addMs", 3), ("resolveMs", 5), ("removeMs", 3),
                        ("unsatisfiable", None), ("checksum", None)):
            vals = [r[key] for r in rs if key in r]
            if vals:
                out[key] = vals[0] if nd is None else round(statistics.median(vals), nd)
        out.update({"solver": "kiwisolver", "version": kiwisolver.__version__, "runs": len(rs)})
        errors = [r["error"] for r in rs if "error" in r]
        if errors:
            out["failedRuns"] = len(errors)
            out["error"] = errors[0]
        sums = {r["checksum"] for r in rs if "checksum" in r} or {0.0}
        # kiwi orders some internal maps by object address, so the float
        # round-off (not the solution) can vary from run to run.
        if max(sums) - min(sums) > 1e-6 * max(1.0, abs(max(sums))):
            out["warning"] = "checksum differs between runs: %r" % sorted(sums)
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
