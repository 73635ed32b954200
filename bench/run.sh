#!/usr/bin/env bash
# The benchmarks, side by side with the anchors in one run; see BENCHMARKS.md.
#
#   bench/run.sh [N...]                  default: 400 2000
#
# Environment:
#   BENCH_DIR   where corpora, outputs and results go (default /tmp/pushbook-bench; never the repo)
#   RUNS        timed runs per command (default 5; hyperfine reports mean, median, min, max)
#   MEM_RUNS    runs of the memory measurement per N (default 3; the median is reported)
#   REUSE=1     keep corpora made by an earlier run (default: make them again)
#   KEEP_BINARY=1  measure the pushbook an earlier run copied to $BENCH_DIR/bin instead of building
#   IDLE_TRIES  how many 3-second checks to wait for 90 % idle CPUs before measuring anyway (default 200)
#
# Needs: swift, hugo, cmark, hyperfine, python3, /usr/bin/time, and libcurl's headers for the statically
# linked binary measured (apt-get install -y hugo cmark hyperfine time libcurl4-openssl-dev).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
BENCH_DIR=${BENCH_DIR:-/tmp/pushbook-bench}
RUNS=${RUNS:-5}
MEM_RUNS=${MEM_RUNS:-3}
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(400 2000)
case "$BENCH_DIR" in "$repo"|"$repo"/*) echo "run.sh: BENCH_DIR must be outside the repository" >&2; exit 2;; esac
for tool in swift hugo cmark hyperfine python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "run.sh: $tool is missing (apt-get install -y hugo cmark hyperfine time)" >&2; exit 2; }
done
pkg-config --exists libcurl || { echo "run.sh: libcurl's headers are missing (apt-get install -y libcurl4-openssl-dev)" >&2; exit 2; }

# Measurements under load are worthless: wait for fuzzers, then show what else runs.
while pgrep '^Fuzz' >/dev/null; do echo "run.sh: waiting for fuzzers to finish: $(pgrep -l '^Fuzz' | tr '\n' ' ')" >&2; sleep 10; done

# Waits (up to 10 minutes) until the CPUs are at least 90 % idle over 3 seconds.
wait_idle() {
    local tries=0 idle
    while :; do
        idle=$(python3 -c '
import time
def read():
    v = [int(x) for x in open("/proc/stat").readline().split()[1:]]
    return v[3] + v[4], sum(v)
i0, t0 = read(); time.sleep(3); i1, t1 = read()
print(int(100 * (i1 - i0) / max(1, t1 - t0)))')
        [ "$idle" -ge 90 ] && return 0
        tries=$((tries + 1))
        [ $tries -ge "${IDLE_TRIES:-200}" ] && { echo "run.sh: still busy (${idle}% idle); measuring anyway" >&2; echo "busy-at-measurement: ${idle}% idle" >> "$results/machine.txt"; return 0; }
        echo "run.sh: waiting for an idle machine (${idle}% idle): $(ps -eo pcpu,comm --sort=-pcpu | sed -n 2,4p | tr -s ' ' | tr '\n' ';')" >&2
    done
}

cd "$repo"
# KEEP_BINARY=1 measures the binary an earlier run copied to $BENCH_DIR/bin (to add an N to a run).
if [ "${KEEP_BINARY:-0}" != 1 ] || [ ! -x "$BENCH_DIR/bin/pushbook" ]; then
# The release binary as the README says to install it: the Swift runtime and Foundation linked in
# (--static-swift-stdlib), so that the tool and each worker it starts load in half the time.
swift build -c release --static-swift-stdlib --product pushbook >&2
# Measure a copy, so that another build of .build/release during the run cannot swap the binary
# (and the workers it starts from /proc/self/exe) under the benchmark.
mkdir -p "$BENCH_DIR/bin"
cp "$repo/.build/release/pushbook" "$BENCH_DIR/bin/pushbook"
fi
pushbook="$BENCH_DIR/bin/pushbook"

results="$BENCH_DIR/results"
mkdir -p "$results"
{
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "commit: $(git -C "$repo" log -1 --format='%h %s' | cut -c1-100)"
    echo "working tree: $(git -C "$repo" status --short -- Sources Recipes Package.swift | wc -l) changed or new paths under Sources, Recipes, Package.swift"
    echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GB RAM"
    echo "kernel: $(uname -sr)"
    echo "swift: $(swift --version 2>&1 | head -1)"
    echo "hugo: $(hugo version)"
    echo "cmark: $(cmark --version | head -1)"
    echo "hyperfine: $(hyperfine --version)"
    echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "top processes before:"; ps -eo pcpu,comm --sort=-pcpu | head -6 | sed 's/^/  /'
} > "$results/machine.txt"
cat "$results/machine.txt" >&2

for n in "${sizes[@]}"; do
    corpus="$BENCH_DIR/corpus-$n"
    out="$BENCH_DIR/out-$n"
    if [ "${REUSE:-0}" != 1 ] || [ ! -d "$corpus/recipes" ]; then
        rm -rf "$corpus"
        echo "run.sh: making a corpus of $n recipes in $corpus" >&2
        python3 "$repo/bench/make-corpus.py" "$n" "$corpus" --pushbook "$pushbook"
    fi
    rm -rf "$out"; mkdir -p "$out/cold-cwd" "$out/warm-cwd" "$out/cmark"
    du -sk "$corpus/md" | awk -v n="$n" '{print "markdown-kb-" n ": " $1}' >> "$results/machine.txt"

    wait_idle
    # Fill the cache for (b) with one build, which also brings the corpus into the page cache.
    # A build can fail on a flaky record (see BENCHMARKS.md); the cache keeps what passed, so try again.
    for try in 1 2 3; do
        (cd "$out/warm-cwd" && "$pushbook" build --recipes "$corpus/recipes" --out "$out/site-warm" 2>>"$results/stderr-$n.log") >&2 && break
        echo "run.sh: the build that fills the cache failed (try $try); see $results/stderr-$n.log" >&2
    done
    # (a) cold: no cache read or written; (b) warm: every recipe comes from .pushbook-cache in warm-cwd
    # (the build stamp in the cache folder is removed first, so the build cannot know that nothing changed);
    # (c) unchanged: the same with the stamp the last build wrote ("up to date");
    # (d) one edit: one recipe's recipe.md gets a paragraph no build has seen before each run (bench/edit-prose.py);
    # (e) Hugo with its default Chroma highlighting;
    # (f) cmark, once over all files concatenated (the parser's floor) and once per file (a process each).
    # -i: a failed build is counted below (from the messages in stderr-N.log), not allowed to end the run.
    edit_id=$(ls "$corpus/recipes" | sed -n "$((n / 2))p")
    stamp="$out/warm-cwd/.pushbook-cache/stamp"
    hyperfine -i --style basic --runs "$RUNS" --export-json "$results/hyperfine-$n.json" --export-markdown "$results/hyperfine-$n.md" \
        -p true -n "pushbook cold" "cd $out/cold-cwd && $pushbook build --no-cache --recipes $corpus/recipes --out $out/site-cold 2>>$results/stderr-$n.log" \
        -p "rm -f $stamp" -n "pushbook warm" "cd $out/warm-cwd && $pushbook build --recipes $corpus/recipes --out $out/site-warm 2>>$results/stderr-$n.log" \
        -p true -n "pushbook unchanged" "cd $out/warm-cwd && $pushbook build --recipes $corpus/recipes --out $out/site-warm 2>>$results/stderr-$n.log" \
        -p "python3 $repo/bench/edit-prose.py $corpus/recipes/$edit_id/recipe.md" \
        -n "pushbook one edit" "cd $out/warm-cwd && $pushbook build --recipes $corpus/recipes --out $out/site-warm 2>>$results/stderr-$n.log" \
        -p true -n "hugo" "hugo --quiet -s $corpus/hugo -d $out/hugo" \
 -p true -n "cmark (cat | cmark)" "cat $corpus/md/*.md | cmark > /dev/null" \
        -p true -n "cmark (one process per file)" "for f in $corpus/md/*.md; do cmark \"\$f\" > $out/cmark/\${f##*/}.html; done" \
        2>&1 | tee "$results/hyperfine-$n.txt" >&2 || { echo "run.sh: a command failed; its messages:" >&2; tail -c 3000 "$results/stderr-$n.log" >&2; exit 1; }
    # Check that the warm runs really were served from the cache, that the unchanged ones were up to
    # date, that an edit rebuilt one recipe, and that the site is then the one a cold build makes.
    rm -f "$stamp"
    if ! grep -q "($n recipes from the cache)" <(cd "$out/warm-cwd" && "$pushbook" build --recipes "$corpus/recipes" --out "$out/site-warm"); then
        echo "run.sh: the warm build did not find every recipe in the cache" >&2; exit 1
    fi
    if ! grep -q "is up to date" <(cd "$out/warm-cwd" && "$pushbook" build --recipes "$corpus/recipes" --out "$out/site-warm"); then
        echo "run.sh: the unchanged build was not up to date" >&2; exit 1
    fi
    python3 "$repo/bench/edit-prose.py" "$corpus/recipes/$edit_id/recipe.md"
    if ! grep -q "($((n - 1)) recipes from the cache)" <(cd "$out/warm-cwd" && "$pushbook" build --recipes "$corpus/recipes" --out "$out/site-warm"); then
        echo "run.sh: the build after one edit did not take the other recipes from the cache" >&2; exit 1
    fi
    (cd "$out/cold-cwd" && "$pushbook" build --no-cache --recipes "$corpus/recipes" --out "$out/site-cold" > /dev/null)
    diff -r "$out/site-cold" "$out/site-warm" > /dev/null || { echo "run.sh: the incremental site differs from the cold one" >&2; exit 1; }
    # The watch: seconds from a prose edit to the rebuilt page (bench/watch-latency.py).
    mkdir -p "$out/watch-cwd"
    python3 "$repo/bench/watch-latency.py" "$pushbook" "$out/watch-cwd" "$corpus/recipes" "$edit_id" > "$results/watch-$n.json" || true

    wait_idle
    # Peak memory of the cold build: parent, workers, and the sum over the process tree.
    for i in $(seq "$MEM_RUNS"); do
        (cd "$out/cold-cwd" && python3 "$repo/bench/peak-rss.py" -- "$pushbook" build --no-cache --recipes "$corpus/recipes" --out "$out/site-cold" 2>>"$results/stderr-$n.log" | tail -1) || true
    done > "$results/memory-cold-$n.jsonl"
    for i in $(seq "$MEM_RUNS"); do
        (cd "$out/warm-cwd" && python3 "$repo/bench/peak-rss.py" -- "$pushbook" build --recipes "$corpus/recipes" --out "$out/site-warm" 2>>"$results/stderr-$n.log" | tail -1) || true
    done > "$results/memory-warm-$n.jsonl"
    (cd "$out/cold-cwd" && /usr/bin/time -v "$pushbook" build --no-cache --recipes "$corpus/recipes" --out "$out/site-cold") > /dev/null 2> "$results/time-v-cold-$n.txt" || true
    echo "failed-builds-$n: $(grep -c '^build failed' "$results/stderr-$n.log" || true)" >> "$results/machine.txt"
    (cd "$corpus/hugo" && /usr/bin/time -v hugo --quiet -d "$out/hugo") > /dev/null 2> "$results/time-v-hugo-$n.txt"
done

{ echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"; echo "top processes after:"; ps -eo pcpu,comm --sort=-pcpu | head -6 | sed 's/^/  /'; } >> "$results/machine.txt"
python3 "$repo/bench/summarize.py" "$results" "${sizes[@]}" | tee "$results/summary.md"
