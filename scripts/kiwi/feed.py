#!/usr/bin/env python3
"""kiwisolver reference for the 'feed' benchmark, emitting JSON lines.

The workload is a faithful copy of /work/shared/anchors/kiwi_feed.py (function
`feed`): N rows, each an avatar (40x40), a title and a subtitle label with
intrinsic sizes (hugging = weak upper bound on width, compression resistance =
medium lower bound), each row chained under the previous one; the container
width W is a strong edit variable suggested to 390 before the build.
Timing:
  buildMs   = adding all constraints + the first updateVariables()
  resolveMs = mean over 20 width changes (W = 320, 330, ..., 510), each one
              suggestValue(W, w) + updateVariables()
height / sumTitleWidths are read after the last width change (W = 510).

Usage: feed.py [--rows N]... [--runs K]   (medians over K runs per N)
"""
import argparse, json, statistics, sys, time
import kiwisolver
from kiwisolver import Variable, Solver, strength


def feed(n):
    # --- copied logic of /work/shared/anchors/kiwi_feed.py: feed(n) ---
    s = Solver()
    W = Variable("W")
    s.addEditVariable(W, strength.strong)
    s.suggestValue(W, 390)
    prev_bottom = None
    views = []
    t0 = time.perf_counter()
    for r in range(n):
        row_top = Variable(f"r{r}.top")
        if prev_bottom is None:
            s.addConstraint(row_top == 0)
        else:
            s.addConstraint(row_top == prev_bottom)
        av = [Variable(f"a{r}.{k}") for k in "xywh"]
        ti = [Variable(f"t{r}.{k}") for k in "xywh"]
        su = [Variable(f"s{r}.{k}") for k in "xywh"]
        bottom = Variable(f"r{r}.bottom")
        for c in [av[0] == 16, av[1] == row_top + 12, av[2] == 40, av[3] == 40,
                  ti[0] == av[0] + av[2] + 12, ti[1] == row_top + 12,
                  ti[0] + ti[2] <= W - 16,
                  su[0] == ti[0], su[1] == ti[1] + ti[3] + 4,
                  su[0] + su[2] <= W - 16,
                  bottom >= av[1] + av[3] + 12, bottom >= su[1] + su[3] + 12]:
            s.addConstraint(c)
        for v, iw, ih in ((ti, 40 + (r * 37) % 361, 20.5), (su, 40 + (r * 53) % 561, 18.0)):
            s.addConstraint((v[2] <= iw) | strength.weak)      # hugging 250
            s.addConstraint((v[2] >= iw) | strength.medium)    # compression 750
            s.addConstraint((v[3] == ih))
        s.addConstraint((bottom == av[1] + av[3] + 12) | strength.weak)  # hug the content
        prev_bottom = bottom
        views.append((ti, su))
    s.updateVariables()
    t1 = time.perf_counter()
    widths = [320 + 10 * k for k in range(20)]
    for w in widths:
        s.suggestValue(W, w)
        s.updateVariables()
    t2 = time.perf_counter()
    return t1 - t0, (t2 - t1) / len(widths), prev_bottom.value(), sum(v[0][2].value() for v in views)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, action="append", help="row count (repeatable); default 100")
    ap.add_argument("--runs", type=int, default=1, help="runs per row count; medians are reported")
    a = ap.parse_args(argv)
    for n in a.rows or [100]:
        builds, resolves, results = [], [], set()
        for _ in range(max(1, a.runs)):
            b, e, h, tw = feed(n)
            builds.append(b * 1e3)
            resolves.append(e * 1e3)
            results.add((h, tw))
        h, tw = next(iter(results))
        out = {"rows": n, "buildMs": round(statistics.median(builds), 3),
               "resolveMs": round(statistics.median(resolves), 4),
               "height": h, "sumTitleWidths": tw,
               "solver": "kiwisolver", "version": kiwisolver.__version__,
               "runs": len(builds)}
        if len(results) != 1:
            out["warning"] = "results differ between runs: %r" % sorted(results)
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
