#!/usr/bin/env python3
"""Cold pushbook build and Hugo, interleaved round by round, so drift in the machine's speed hits both.

    bench/interleave.py PUSHBOOK CORPUS OUT ROUNDS [EDIT_ID]

With EDIT_ID, each round also runs a one-edit rebuild (bench/edit-prose.py on that recipe's recipe.md
first, a cached build in OUT/warm-cwd) and prints its ratio to the cold build of the same rounds.
"""
import os, resource, statistics, subprocess, sys, time
pushbook, corpus, out, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
edit = sys.argv[5] if len(sys.argv) > 5 else None
commands = {
    "pushbook cold": [pushbook, "build", "--no-cache", "--recipes", f"{corpus}/recipes", "--out", f"{out}/site-cold"],
    "hugo": ["hugo", "--quiet", "-s", f"{corpus}/hugo", "-d", f"{out}/hugo"],
}
folders = {name: f"{out}/cold-cwd" for name in commands}
before_each = {}
if edit:
    commands["pushbook one edit"] = [pushbook, "build", "--recipes", f"{corpus}/recipes", "--out", f"{out}/site-warm"]
    folders["pushbook one edit"] = f"{out}/warm-cwd"
    here = os.path.dirname(os.path.abspath(__file__))
    before_each["pushbook one edit"] = ["python3", f"{here}/edit-prose.py", f"{corpus}/recipes/{edit}/recipe.md"]
for folder in set(folders.values()):
    os.makedirs(folder, exist_ok=True)
results = {name: [] for name in commands}
for name, command in commands.items():  # one warm-up each (for the edit: the cache filled, the stamp written)
    for _ in range(2 if name in before_each else 1):
        subprocess.run(command, cwd=folders[name], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for _ in range(rounds):
    for name, command in commands.items():
        if name in before_each:
            subprocess.run(before_each[name], check=True, stdout=subprocess.DEVNULL)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        subprocess.run(command, cwd=folders[name], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        results[name].append((wall, cpu))
for name, runs in results.items():
    print(f"{name}: wall median {statistics.median(w for w, _ in runs):.3f} s {[round(w, 3) for w, _ in runs]}, CPU median {statistics.median(c for _, c in runs):.2f} s")
p, h = results["pushbook cold"], results["hugo"]
print(f"cold / Hugo, wall: median {statistics.median(w for w, _ in p) / statistics.median(w for w, _ in h):.3f}; per round {[round(a[0] / b[0], 3) for a, b in zip(p, h)]}")
print(f"cold / Hugo, CPU: median {statistics.median(c for _, c in p) / statistics.median(c for _, c in h):.3f}")
if edit:
    e = results["pushbook one edit"]
    print(f"one edit / cold, wall: median {statistics.median(w for w, _ in e) / statistics.median(w for w, _ in p):.3f}; per round {[round(a[0] / b[0], 3) for a, b in zip(e, p)]}")
    print(f"one edit / cold, CPU: median {statistics.median(c for _, c in e) / statistics.median(c for _, c in p):.3f}")
