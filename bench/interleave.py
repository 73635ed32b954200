#!/usr/bin/env python3
"""Cold pushbook build and Hugo, interleaved round by round, so drift in the machine's speed hits both."""
import os, resource, statistics, subprocess, sys, time
pushbook, corpus, out, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
commands = {
    "pushbook cold": [pushbook, "build", "--no-cache", "--recipes", f"{corpus}/recipes", "--out", f"{out}/site-cold"],
    "hugo": ["hugo", "--quiet", "-s", f"{corpus}/hugo", "-d", f"{out}/hugo"],
}
os.makedirs(f"{out}/cold-cwd", exist_ok=True)
results = {name: [] for name in commands}
for name, command in commands.items():  # one warm-up each
    subprocess.run(command, cwd=f"{out}/cold-cwd", check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for _ in range(rounds):
    for name, command in commands.items():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        subprocess.run(command, cwd=f"{out}/cold-cwd", check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        results[name].append((wall, cpu))
for name, runs in results.items():
    print(f"{name}: wall median {statistics.median(w for w, _ in runs):.3f} s {[round(w, 3) for w, _ in runs]}, CPU median {statistics.median(c for _, c in runs):.2f} s")
p, h = results["pushbook cold"], results["hugo"]
print(f"cold / Hugo, wall: median {statistics.median(w for w, _ in p) / statistics.median(w for w, _ in h):.3f}; per round {[round(a[0] / b[0], 3) for a, b in zip(p, h)]}")
print(f"cold / Hugo, CPU: median {statistics.median(c for _, c in p) / statistics.median(c for _, c in h):.3f}")
