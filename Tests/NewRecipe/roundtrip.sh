#!/usr/bin/env bash
# `pushbook new`, for real: make a recipe from Tests/NewRecipe/NotificationService.swift (shaped like
# Xcode's template, plus an image download), then run the commands `new` prints: swift build,
# check --update ID, and build; then `check` of the whole cookbook. The record must show the
# extension ran, fetched the image from the fixtures and attached it. Run by .ci/run after its
# build: it works in the checkout it is run from, reusing that build (only the recipes target is
# compiled again), and puts the checkout back as it was on the way out, whatever happens.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/pushbook-new-XXXXXX")"
id=my-extension
start=$SECONDS
cd "$root"
if [ -n "$(git status --porcelain -- Recipes)" ]; then
    echo "roundtrip.sh: Recipes/ has uncommitted changes; it puts Recipes/ back as committed, so commit or stash them first" >&2
    exit 2
fi
restore() {
    rm -rf "Recipes/$id" "$work"
    git checkout -q -- Recipes/Registry.swift
}
trap restore EXIT

swift build --product pushbook 2>&1 | tail -n 1
echo "-- pushbook new $id --from Tests/NewRecipe/NotificationService.swift"
.build/debug/pushbook new "$id" --from Tests/NewRecipe/NotificationService.swift | tee "$work/new.out"
grep -qx '  swift run pushbook check --update my-extension' "$work/new.out"
grep -q '"NotificationService": .serviceExtension { NotificationService() },' Recipes/Registry.swift

# Exactly the printed commands.
swift build 2>&1 | tail -n 1
swift run pushbook check --update "$id"
swift run pushbook build --out "$work/site" --no-cache | tail -n 1
test -s "$work/site/recipes/$id.html"
swift run pushbook check | tail -n 1

# What the simulated device did with the example: the extension ran once, downloaded the image
# from the fixtures and attached it as a PNG.
python3 - "Recipes/$id/expected/image.json" <<'PY'
import json, sys
record = json.load(open(sys.argv[1]))
ext, shown = record["extension"], record["delivered"]
assert record["accepted"] and ext["invoked"], record
assert ext["contentHandlerCalls"] == 1, ext
assert [f["status"] for f in ext["fetches"]] == [200], ext["fetches"]
assert [a["type"] for a in shown["attachments"]] == ["public.png"], shown["attachments"]
print("record: extension ran, fetched", ext["fetches"][0]["url"], "and attached", shown["attachments"][0]["type"])
PY
# Nothing but the new recipe and the registry changed (the site went to $work/site).
changed="$(git status --porcelain -- Recipes site | sort)"
test "$changed" = "$(printf ' M Recipes/Registry.swift\n?? Recipes/%s/' "$id")" || { echo "unexpected changes: $changed" >&2; exit 1; }
echo "pushbook new round trip passed in $((SECONDS - start)) s"
