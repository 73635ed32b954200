#!/usr/bin/env python3
"""Seconds from a prose edit to the rebuilt page under `pushbook build --watch`.

    bench/watch-latency.py PUSHBOOK WORK_DIR RECIPES ID [EDITS]

Starts `PUSHBOOK build --watch --recipes RECIPES --out WORK_DIR/site-watch` in WORK_DIR, waits for
its first build, then EDITS times (default 5): appends a unique paragraph to RECIPES/ID/recipe.md,
and measures until the watch prints its status line and the page holds the paragraph. Restores
recipe.md, stops the watch with SIGINT, and prints one JSON line: every latency, the median, the
largest, and the status lines.
"""
import json
import os
import select
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

pushbook, work, recipes, rid = sys.argv[1:5]
edits = int(sys.argv[5]) if len(sys.argv) > 5 else 5
md = Path(recipes) / rid / "recipe.md"
page = Path(work) / "site-watch" / "recipes" / f"{rid}.html"
original = md.read_text()
proc = subprocess.Popen([pushbook, "build", "--watch", "--recipes", recipes, "--out", "site-watch"], cwd=work,
                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
pending = b""


def status_line(timeout):
    """The next status line, read from the pipe unbuffered (select and a buffered reader do not mix)."""
    global pending
    deadline = time.monotonic() + timeout
    while True:
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            text = line.decode()
            if text.startswith(("rebuilt ", "build failed", "'site-watch' is up to date")):
                return text
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        ready, _, _ = select.select([proc.stdout], [], [], left)
        if not ready:
            return None
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            return None
        pending += chunk


lines, latencies = [], []
try:
    first = status_line(600)
    lines.append(first)
    for i in range(edits):
        time.sleep(1.5)
        marker = f"Watch latency paragraph {i} {time.time()}."
        start = time.monotonic()
        md.write_text(original + "\n" + marker + "\n")
        line = status_line(60)
        while line is not None and marker not in page.read_text():
            line = status_line(60)
        latencies.append(round(time.monotonic() - start, 3))
        lines.append(line)
finally:
    md.write_text(original)
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)
print(json.dumps({"latencies": latencies, "median": statistics.median(latencies) if latencies else None,
                  "max": max(latencies) if latencies else None, "lines": lines}))
