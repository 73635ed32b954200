#!/usr/bin/env python3
"""Run a command and report its memory the three ways BENCHMARKS.md needs.

    bench/peak-rss.py [--interval 0.005] -- COMMAND ARG...

Prints one JSON line:
  wall, user, sys            seconds; user/sys from wait4(), so they include every reaped descendant
  maxrss_wait4_mb            ru_maxrss from wait4(): what `/usr/bin/time -v` prints as "Maximum resident
                             set size" -- the largest of the command and its reaped descendants, NOT a sum
  parent_hwm_mb              the command's own VmHWM (peak RSS) as last read from /proc before it exited
  child_hwm_max_mb           the largest VmHWM among its descendants (the workers)
  tree_peak_mb               the largest SUM of VmRSS over the command and all its descendants, sampled
                             every --interval seconds: the honest "whole build" peak (a sample can miss a
                             short spike, so it is a lower bound)
  tree_pss_peak_mb           the largest SUM of Pss (proportional set size, /proc/PID/smaps_rollup) over
                             the same processes: each shared page (the binary's code, Foundation, libc)
                             counted once, split between the processes that map it, where the RSS sum
                             counts it once per process. What the tree really takes from the machine.
  descendants                how many distinct descendant processes were seen
"""
import json
import os
import sys
import time


def scan():
    """{pid: (ppid, rss_kb, hwm_kb)} for every process."""
    table = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/status") as f:
                ppid = rss = hwm = 0
                for line in f:
                    if line.startswith("PPid:"):
                        ppid = int(line.split()[1])
                    elif line.startswith("VmRSS:"):
                        rss = int(line.split()[1])
                    elif line.startswith("VmHWM:"):
                        hwm = int(line.split()[1])
            table[int(name)] = (ppid, rss, hwm)
        except (OSError, ValueError, IndexError):
            pass
    return table


def pss_kb(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def main():
    args = sys.argv[1:]
    interval = 0.005
    if args[:1] == ["--interval"]:
        interval, args = float(args[1]), args[2:]
    if args[:1] == ["--"]:
        args = args[1:]
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            os.execvp(args[0], args)
        finally:
            os._exit(127)
    tree_peak = tree_pss_peak = parent_hwm = child_hwm = 0
    seen = set()
    status = rusage = None
    while True:
        done, status, rusage = os.wait4(pid, os.WNOHANG)
        if done == pid:
            break
        table = scan()
        members, frontier = {pid}, [pid]
        while frontier:
            p = frontier.pop()
            for q, (pp, _, _) in table.items():
                if pp == p and q not in members:
                    members.add(q); frontier.append(q)
        total = sum(table[p][1] for p in members if p in table)
        tree_peak = max(tree_peak, total)
        tree_pss_peak = max(tree_pss_peak, sum(pss_kb(p) for p in members))
        if pid in table:
            parent_hwm = max(parent_hwm, table[pid][2])
        for p in members - {pid}:
            if p in table:
                child_hwm = max(child_hwm, table[p][2]); seen.add(p)
        time.sleep(interval)
    wall = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    print(json.dumps({
        "exit": code, "wall": round(wall, 3), "user": round(rusage.ru_utime, 3), "sys": round(rusage.ru_stime, 3),
        "maxrss_wait4_mb": round(rusage.ru_maxrss / 1024, 1), "parent_hwm_mb": round(parent_hwm / 1024, 1),
        "child_hwm_max_mb": round(child_hwm / 1024, 1), "tree_peak_mb": round(tree_peak / 1024, 1),
        "tree_pss_peak_mb": round(tree_pss_peak / 1024, 1),
        "descendants": len(seen)}))
    sys.exit(code)


if __name__ == "__main__":
    main()
