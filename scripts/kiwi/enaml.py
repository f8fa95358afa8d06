#!/usr/bin/env python3
"""kiwisolver reference for the 'enaml-like' benchmark (JSON output).

Same system as nucleic/kiwi benchmarks/enaml_like_benchmark.{py,cpp}:
37 variables, 111 constraints, 2 strong edit variables (width, height).
The system is kept here as plain data (SYSTEM below, also reproduced in
scripts/kiwi/README.md) so that the Swift port can read the identical list.

Per run:
  build   = new Solver, addEditVariable(width/height, strong), add the 111
            constraints in order, one updateVariables()           -> buildMs
  resolve = for (w, h) in SIZES: suggestValue(width, w);
            suggestValue(height, h); updateVariables()            -> resolveUs
            (mean per re-solve over the 6 sizes)
checksum = sum of all 37 variable values after the last re-solve (800x400).
Reported figures are medians over --runs runs (default 2000).

Usage: enaml.py [--runs K] [--print-system] [--values]
"""
import argparse, json, statistics, sys, time
import kiwisolver
from kiwisolver import Variable, Solver, strength

# Strength weights as in kiwi: required = create(1000,1000,1000) = 1001001000,
# strong = 1e6, medium = 1e3, weak = 1, plus the two custom strengths of the
# original benchmark: mmedium = create(0, 1, 0, 1.25) = 1250,
# smedium = create(0, 100, 0) = 100000.
STRENGTHS = {
    "required": strength.required,
    "strong": strength.strong,
    "smedium": strength.create(0, 100, 0),
    "mmedium": strength.create(0, 1, 0, 1.25),
    "medium": strength.medium,
    "weak": strength.weak,
}

VARIABLES = """left height top width contents_top contents_bottom contents_left
contents_right midline ctleft ctheight cttop ctwidth lb1left lb1height lb1top
lb1width lb2left lb2height lb2top lb2width lb3left lb3height lb3top lb3width
fl1left fl1height fl1top fl1width fl2left fl2height fl2top fl2width fl3left
fl3height fl3top fl3width""".split()

EDIT_VARIABLES = ["width", "height"]          # both strength strong

SIZES = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]

# One constraint per line:  <strength> <op> <constant> {<coeff> <variable>}
# meaning  sum(coeff * variable) + constant  <op>  0 , added in this order.
SYSTEM = """\
required >= 0 1 left
medium == 0 1 height
required >= 0 1 top
required >= 0 1 width
required >= 0 1 height
required == -10 -1 top 1 contents_top
strong == -16 1 lb3height
strong >= -16 1 lb3height
required >= 0 1 ctleft
required >= 0 1 cttop
required >= 0 1 ctwidth
required >= 0 1 ctheight
required >= 0 1 fl3left
smedium >= -24 1 ctheight
smedium <= -16777200 1 ctwidth
smedium <= -24 1 ctheight
required >= 0 1 fl3top
required >= 0 1 fl3width
required >= 0 1 fl3height
weak == -67 1 lb1width
required >= 0 1 lb2width
required >= 0 1 lb2height
required >= 0 1 fl2height
required >= 0 1 lb3left
strong >= -125 1 fl2width
strong == -21 1 fl2height
strong >= -21 1 fl2height
required >= 0 1 lb3top
required >= 0 1 lb3width
required >= 0 1 fl1left
required >= 0 1 fl1width
strong >= -67 1 lb1width
required >= 0 1 fl2left
weak == -66 1 lb2width
strong >= -66 1 lb2width
strong == -16 1 lb2height
required >= 0 1 fl1height
required >= 0 1 fl1top
required >= 0 1 lb2top
mmedium == -10 -1 lb2top 1 lb3top -1 lb2height
required >= -10 -1 lb3top -1 lb3height 1 fl3top
mmedium == -10 -1 lb3top -1 lb3height 1 fl3top
mmedium == 0 1 contents_bottom -1 fl3height -1 fl3top
required >= 0 1 fl1top -1 contents_top
mmedium == 0 1 fl1top -1 contents_top
required >= 0 1 contents_bottom -1 fl3height -1 fl3top
required == 10 -1 left -1 width 1 contents_right
required == 10 -1 top -1 height 1 contents_bottom
required == -10 -1 left 1 contents_left
mmedium == 0 1 lb3left -1 contents_left
strong == 0 1 fl1left -1 midline
strong == 0 1 fl2left -1 midline
strong == 0 1 ctleft -1 midline
strong == 0 1 fl1top 0.5 fl1height -1 lb1top -0.5 lb1height
required >= 0 1 lb1left -1 contents_left
mmedium == 0 1 lb1left -1 contents_left
required >= -10 -1 lb1left 1 fl1left -1 lb1width
mmedium == -10 -1 lb1left 1 fl1left -1 lb1width
required >= 0 -1 fl1left 1 contents_right -1 fl1width
medium == 0 1 width
required >= -10 -1 fl1top 1 fl2top -1 fl1height
mmedium == -10 -1 fl1top 1 fl2top -1 fl1height
required >= -10 1 cttop -1 fl2top -1 fl2height
required >= -10 -1 ctheight -1 cttop 1 fl3top
required >= 0 1 contents_bottom -1 fl3height -1 fl3top
mmedium == -10 1 cttop -1 fl2top -1 fl2height
mmedium == 0 -1 fl1left 1 contents_right -1 fl1width
strong == 0 -1 lb2top -0.5 lb2height 1 fl2top 0.5 fl2height
required >= 0 -1 contents_left 1 lb2left
mmedium == 0 -1 contents_left 1 lb2left
required >= -10 1 fl2left -1 lb2width -1 lb2left
mmedium == -10 -1 ctheight -1 cttop 1 fl3top
mmedium == 0 1 contents_bottom -1 fl3height -1 fl3top
required >= 0 1 lb1top
required >= 0 1 lb1width
required >= 0 1 lb1height
mmedium == -10 1 fl2left -1 lb2width -1 lb2left
mmedium == 0 -1 fl2left -1 fl2width 1 contents_right
required >= 0 -1 fl2left -1 fl2width 1 contents_right
required >= 0 1 lb3left -1 contents_left
required >= 0 1 lb1left
strong == 0 0.5 ctheight 1 cttop -1 lb3top -0.5 lb3height
required >= -10 1 ctleft -1 lb3left -1 lb3width
required >= 0 -1 ctwidth -1 ctleft 1 contents_right
mmedium == -10 1 ctleft -1 lb3left -1 lb3width
required >= 0 1 fl3left -1 contents_left
mmedium == 0 1 fl3left -1 contents_left
mmedium == 0 -1 ctwidth -1 ctleft 1 contents_right
mmedium == 0 -1 fl3left 1 contents_right -1 fl3width
required >= 0 -1 contents_top 1 lb1top
mmedium == 0 -1 contents_top 1 lb1top
required >= 0 -1 fl3left 1 contents_right -1 fl3width
required >= -10 1 lb2top -1 lb1top -1 lb1height
required >= -10 -1 lb2top 1 lb3top -1 lb2height
mmedium == -10 1 lb2top -1 lb1top -1 lb1height
strong == -21 1 fl1height
strong >= -21 1 fl1height
required >= 0 1 lb2left
strong >= -16 1 lb2height
required >= 0 1 fl2top
required >= 0 1 fl2width
strong >= -16 1 lb1height
strong == -16 1 lb1height
strong >= -125 1 fl3width
strong == -21 1 fl3height
strong >= -21 1 fl3height
required >= 0 1 lb3height
smedium >= -119 1 ctwidth
weak == -24 1 lb3width
strong >= -24 1 lb3width
strong >= -125 1 fl1width
"""


def parse_system(text=SYSTEM):
    out = []
    for line in text.splitlines():
        tok = line.split()
        if not tok or tok[0].startswith("#"):
            continue
        st, op, const, rest = tok[0], tok[1], float(tok[2]), tok[3:]
        assert st in STRENGTHS and op in ("==", "<=", ">=") and len(rest) % 2 == 0, line
        terms = [(float(rest[i]), rest[i + 1]) for i in range(0, len(rest), 2)]
        out.append((st, op, const, terms))
    return out


PARSED = parse_system()
assert len(VARIABLES) == 37 and len(set(VARIABLES)) == 37
assert len(PARSED) == 111


def build():
    solver = Solver()
    v = {name: Variable(name) for name in VARIABLES}
    for name in EDIT_VARIABLES:
        solver.addEditVariable(v[name], strength.strong)
    for st, op, const, terms in PARSED:
        expr = sum((c * v[n] for c, n in terms[1:]), terms[0][0] * v[terms[0][1]]) + const
        if op == "==":
            cn = expr == 0
        elif op == ">=":
            cn = expr >= 0
        else:
            cn = expr <= 0
        solver.addConstraint(cn | STRENGTHS[st])
    solver.updateVariables()
    return solver, v


def run_once():
    t0 = time.perf_counter()
    solver, v = build()
    t1 = time.perf_counter()
    w, h = v["width"], v["height"]
    for sw, sh in SIZES:
        solver.suggestValue(w, sw)
        solver.suggestValue(h, sh)
        solver.updateVariables()
    t2 = time.perf_counter()
    return (t1 - t0) * 1e3, (t2 - t1) / len(SIZES) * 1e6, v


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=2000)
    ap.add_argument("--print-system", action="store_true", help="print the system as plain text and exit")
    ap.add_argument("--values", action="store_true", help="also print every variable's value after each size")
    a = ap.parse_args(argv)
    if a.print_system:
        print("variables:", " ".join(VARIABLES))
        print("edit variables (strong):", " ".join(EDIT_VARIABLES))
        print("sizes (width, height):", " ".join(f"{w}x{h}" for w, h in SIZES))
        sys.stdout.write(SYSTEM)
        return
    if a.values:
        solver, v = build()
        for size in [None] + SIZES:
            sw, sh = size or (None, None)
            if size is not None:
                solver.suggestValue(v["width"], sw)
                solver.suggestValue(v["height"], sh)
                solver.updateVariables()
            print(json.dumps({"size": None if sw is None else [sw, sh],
                              "values": {n: v[n].value() for n in VARIABLES}}))
    builds, resolves, sums = [], [], set()
    for _ in range(max(1, a.runs)):
        b, r, v = run_once()
        builds.append(b)
        resolves.append(r)
        sums.add(sum(x.value() for x in v.values()))
    out = {"benchmark": "enaml", "buildMs": round(statistics.median(builds), 4),
           "resolveUs": round(statistics.median(resolves), 3),
           "checksum": next(iter(sums)), "variables": len(VARIABLES),
           "constraints": len(PARSED), "runs": len(builds),
           "solver": "kiwisolver", "version": kiwisolver.__version__}
    if len(sums) != 1:
        out["warning"] = "checksum differs between runs: %r" % sorted(sums)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
