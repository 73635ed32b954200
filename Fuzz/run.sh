#!/usr/bin/env bash
# Builds Pushbook's libFuzzer targets and runs each for SECONDS, starting from a seed corpus made of
# the repository's own examples and recipes.
#
#   Fuzz/run.sh [SECONDS] [TARGET...]        default: 60 seconds, every target
#
# Targets: FuzzJSONReader (Payloads.JSONReader.parse), FuzzLinter (Payloads.Linter.lint),
# FuzzFrontMatter (recipe.md through Cookbook.RecipeLoader), FuzzArtifactJSON (cache entries and worker
# artifacts through Cookbook.ArtifactJSON; seeded from .pushbook-cache/*/entry.json, so run
# `pushbook build` first). The build uses its own scratch path
# (FUZZ_BUILD, default /tmp/fuzz-build), never the main package's .build. The corpus grows in
# FUZZ_WORK (default /tmp/pushbook-fuzz) and is reused by later runs; crashing inputs are written to
# FUZZ_WORK/artifacts/ and the script exits 1. Extra libFuzzer flags go in FUZZ_FLAGS.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzJSONReader FuzzLinter FuzzFrontMatter FuzzArtifactJSON)
build="${FUZZ_BUILD:-/tmp/fuzz-build}"
work="${FUZZ_WORK:-/tmp/pushbook-fuzz}"

echo "== building the fuzz targets in $build"
# Every module gets AddressSanitizer and libFuzzer's coverage counters; libFuzzer itself is linked into the
# fuzz executables only (their settings in Package.swift), never into the main package's build-tool programs.
# The build-tool programs run during the build under AddressSanitizer: a one-off allocation they keep until
# exit is not a finding of ours, so leak detection is off for the build (libFuzzer's own runs keep theirs).
(cd "$here" && ASAN_OPTIONS=detect_leaks=0 swift build -c debug --scratch-path "$build" \
   -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table)

mkdir -p "$work/seeds/json" "$work/seeds/recipe" "$work/seeds/entry" "$work/artifacts"
# JSON seeds: every example, the linter's rule fixtures and its seed payloads, the fixture manifests.
for f in "$repo"/Recipes/*/examples/*.json "$repo"/Recipes/*/fixtures/manifest.json \
         "$repo"/Tests/PayloadsTests/Fixtures/seeds/* "$repo"/Tests/PayloadsTests/Fixtures/rules/*.json; do
  [ -f "$f" ] && cp "$f" "$work/seeds/json/$(echo "${f#"$repo"/}" | tr '/' '_')"
done
# Recipe seeds: every recipe.md.
for f in "$repo"/Recipes/*/recipe.md; do
  [ -f "$f" ] && cp "$f" "$work/seeds/recipe/$(echo "${f#"$repo"/}" | tr '/' '_')"
done

# Cache-entry seeds: the entries of the last build in the repository, if any.
for f in "$repo"/.pushbook-cache/*/entry.json; do
  [ -f "$f" ] && cp "$f" "$work/seeds/entry/$(basename "$(dirname "$f")").json"
done

# A Swift trap must reach libFuzzer's handler, which saves the input; the runtime's backtracer would take it first.
export SWIFT_BACKTRACE=enable=no
status=0
for target in "${targets[@]}"; do
  case "$target" in
    FuzzFrontMatter) seeds="$work/seeds/recipe" ;;
    FuzzArtifactJSON) seeds="$work/seeds/entry" ;;
    *) seeds="$work/seeds/json" ;;
  esac
  corpus="$work/corpus/$target"
  mkdir -p "$corpus"
  echo "== $target for ${seconds}s (corpus $corpus, seeds $seeds)"
  log="$work/$target.log"
  # -rss_limit_mb guards the huge inputs; -max_len lets inputs grow past the seeds' sizes.
  if "$build/debug/$target" "$corpus" "$seeds" -max_total_time="$seconds" -print_final_stats=1 \
       -max_len=65536 -rss_limit_mb=2048 -timeout=10 -artifact_prefix="$work/artifacts/$target-" \
       ${FUZZ_FLAGS:-} >"$log" 2>&1; then
    echo "   $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') executions, no crash ($(grep -E '^#[0-9]+.*DONE' "$log" | tail -1 | sed 's/  */ /g'))"
  else
    status=1
    echo "   CRASH: see $log and $work/artifacts/" >&2
    grep -E 'SUMMARY|Fatal error|Test unit written' "$log" | head -5 >&2 || true
  fi
done
exit $status
