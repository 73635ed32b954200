#!/usr/bin/env python3
"""Turn bench/run.sh's results into the Markdown tables of BENCHMARKS.md.

    bench/summarize.py RESULTS_DIR N1 N2
"""
import json
import statistics
import sys
from pathlib import Path

results = Path(sys.argv[1])
sizes = [int(n) for n in sys.argv[2:]]


failures = []


def load(n):
    """hyperfine's results by command; median/min/max over the runs that exited 0 only."""
    data = json.loads((results / f"hyperfine-{n}.json").read_text())
    out = {}
    for r in data["results"]:
        ok = [t for t, code in zip(r["times"], r.get("exit_codes") or [0] * len(r["times"])) if code == 0]
        if len(ok) < len(r["times"]):
            failures.append(f"{r['command']} N={n}: {len(r['times']) - len(ok)} of {len(r['times'])} runs failed and are left out of the median")
        if ok:
            r = dict(r, median=statistics.median(ok), min=min(ok), max=max(ok))
        out[r["command"]] = r
    return out


def mem(kind, n):
    rows = [json.loads(l) for l in (results / f"memory-{kind}-{n}.jsonl").read_text().splitlines() if l.strip()]
    failed = [r for r in rows if r["exit"] != 0]
    if failed:
        failures.append(f"memory {kind} N={n}: {len(failed)} of {len(rows)} runs failed and are left out of the median")
    rows = [r for r in rows if r["exit"] == 0]
    return {k: statistics.median(r[k] for r in rows) for k in rows[0]} if rows else {}


runs = {n: load(n) for n in sizes}
names = ["pushbook cold", "pushbook warm", "pushbook unchanged", "pushbook one edit", "hugo", "cmark (cat | cmark)", "cmark (one process per file)"]

print("### Times (hyperfine; median of the runs, seconds)\n")
for f in failures:
    print(f"- {f}")
if failures:
    print()
print("| command | " + " | ".join(f"N={n} median (min–max)" for n in sizes) + " | " + " | ".join(f"CPU cores used at {n}" for n in sizes) + " |")
print("|---|" + "---|" * (2 * len(sizes)))
for name in names:
    cells, cores = [], []
    for n in sizes:
        r = runs[n][name]
        cells.append(f"{r['median']:.3f} ({r['min']:.3f}–{r['max']:.3f})")
        cores.append(f"{(r['user'] + r['system']) / r['mean']:.2f}")
    print(f"| {name} | " + " | ".join(cells) + " | " + " | ".join(cores) + " |")

med = {n: {name: runs[n][name]["median"] for name in names} for n in sizes}
print("\n### Ratios\n")
print("| ratio | " + " | ".join(f"N={n}" for n in sizes) + " |")
print("|---|" + "---|" * len(sizes))
rows = [
    ("pushbook cold / Hugo (goal ≤ 0.5 at 400)", lambda m: m["pushbook cold"] / m["hugo"]),
    ("pushbook unchanged / pushbook cold (goal ≤ 0.05 at 400)", lambda m: m["pushbook unchanged"] / m["pushbook cold"]),
    ("pushbook one edit / pushbook cold (goal ≤ 0.15 at 400)", lambda m: m["pushbook one edit"] / m["pushbook cold"]),
    ("pushbook warm (no stamp) / pushbook cold", lambda m: m["pushbook warm"] / m["pushbook cold"]),
    ("pushbook warm / Hugo", lambda m: m["pushbook warm"] / m["hugo"]),
    ("Hugo / cmark floor (cat | cmark)", lambda m: m["hugo"] / m["cmark (cat | cmark)"]),
    ("pushbook cold / cmark floor", lambda m: m["pushbook cold"] / m["cmark (cat | cmark)"]),
    ("pushbook warm / cmark floor", lambda m: m["pushbook warm"] / m["cmark (cat | cmark)"]),
    ("cmark one process per file / cmark floor", lambda m: m["cmark (one process per file)"] / m["cmark (cat | cmark)"]),
]
for label, f in rows:
    print(f"| {label} | " + " | ".join(f"{f(med[n]):.2f}" for n in sizes) + " |")

if len(sizes) == 2:
    a, b = sizes
    print(f"\n### Growth {a} → {b} (linear = {b / a:.1f}×)\n")
    print("| command | time ×  | per recipe at " + f"{a} (ms) | per recipe at {b} (ms) |")
    print("|---|---|---|---|")
    for name in names:
        print(f"| {name} | {med[b][name] / med[a][name]:.2f} | {1000 * med[a][name] / a:.2f} | {1000 * med[b][name] / b:.2f} |")

print("\n### Peak memory of `pushbook build` (median of the runs of bench/peak-rss.py, MB)\n")
print("| build | N | parent peak (VmHWM) | largest worker peak (VmHWM) | /usr/bin/time max RSS (max of parent and workers) | RSS sum over the process tree (sampled) | PSS sum over the process tree (sampled) | wall s | CPU cores used |")
print("|---|---|---|---|---|---|---|---|---|")
failures.clear()
for kind in ["cold", "warm"]:
    for n in sizes:
        m = mem(kind, n)
        if not m:
            continue
        pss = f"{m['tree_pss_peak_mb']:.0f}" if "tree_pss_peak_mb" in m else "–"
        print(f"| {kind} | {n} | {m['parent_hwm_mb']:.0f} | {m['child_hwm_max_mb']:.0f} | {m['maxrss_wait4_mb']:.0f} | {m['tree_peak_mb']:.0f} | {pss} | {m['wall']:.2f} | {(m['user'] + m['sys']) / m['wall']:.2f} |")

for f in failures:
    print(f"\n- {f}")
for n in sizes:
    for what in ["cold", "hugo"]:
        p = results / f"time-v-{what}-{n}.txt"
        if p.exists():
            t = {l.rpartition(": ")[0].strip(): l.rpartition(": ")[2].strip() for l in p.read_text().splitlines() if ": " in l}
            print(f"\n`/usr/bin/time -v` {what} N={n}: max RSS {int(t.get('Maximum resident set size (kbytes)', 0)) / 1024:.0f} MB, "
                  f"wall {t.get('Elapsed (wall clock) time (h:mm:ss or m:ss)')}, CPU {t.get('Percent of CPU this job got')}", end="")
print()

for n in sizes:
    p = results / f"watch-{n}.json"
    if p.exists() and p.read_text().strip():
        w = json.loads(p.read_text())
        print(f"\n`build --watch` N={n}: prose edit to rebuilt page, {len(w['latencies'])} edits: median {w['median']} s, max {w['max']} s "
              f"(goal ≤ 0.3 s at 400); latencies {w['latencies']}")
