#!/usr/bin/env bash
# `pushbook new`, for real (issue 15): in a fresh clone of this checkout's committed state, make a
# recipe from Tests/NewRecipe/NotificationService.swift (shaped like Xcode's template, plus an image
# download), then run the commands `new` prints: swift build, check --update ID, and build; then
# `check` of the whole cookbook. The record must show the extension ran, fetched the image from the
# fixtures and attached it. Run by .ci/run: it builds the tool cold in the clone, which is too slow
# for `swift test`, and it never builds in the tree it is run from.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/pushbook-new-XXXXXX")"
trap 'rm -rf "$work"' EXIT
id=my-extension
start=$SECONDS

git clone -q "$root" "$work/pushbook"
cd "$work/pushbook"
swift build --product pushbook 2>&1 | tail -n 1
echo "-- pushbook new $id --from Tests/NewRecipe/NotificationService.swift"
.build/debug/pushbook new "$id" --from Tests/NewRecipe/NotificationService.swift | tee "$work/new.out"
grep -qx '  swift run pushbook check --update my-extension' "$work/new.out"
grep -q '"NotificationService": .serviceExtension { NotificationService() },' Recipes/Registry.swift

# Exactly the printed commands.
swift build 2>&1 | tail -n 1
swift run pushbook check --update "$id"
swift run pushbook build --out "$work/site" | tail -n 1
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
# Nothing but the new recipe and the registry changed in the clone (the site went to $work/site).
changed="$(git status --porcelain | sort)"
test "$changed" = "$(printf ' M Recipes/Registry.swift\n?? Recipes/%s/' "$id")" || { echo "unexpected changes: $changed" >&2; exit 1; }
echo "pushbook new round trip passed in $((SECONDS - start)) s"
