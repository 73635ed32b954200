#!/usr/bin/env python3
"""Make a synthetic corpus of N recipes for the benchmarks in BENCHMARKS.md.

    bench/make-corpus.py N OUT [--source Recipes] [--pushbook .build/release/pushbook] [--jobs 2] [--no-record]

Writes, under OUT (which must not exist or be empty):

  OUT/recipes/<id>-NNNN/   N copies of the cookbook's recipe folders (Recipes/*/, not Registry.swift),
                           taken round-robin (copy i is of recipe i mod the number of recipes). Every copy is varied so
                           that no run can be served from another's result: each example JSON gets the
                           tag " #NNNN" appended to every "body", "text" and "room" string, and the
                           recipe's title in recipe.md gets " #NNNN" too; links between recipes point to the copies. The copies are then
                           re-recorded with `pushbook check --recipes OUT/recipes --update ID...`
                           (JOBS processes, each on a slice of the ids) and checked once more.
  OUT/hugo/                A Hugo site with content/<id>.md for every copy: the same Markdown, front
                           matter as YAML (title, summary, tags, weight), and every pushbook block made
                           into an ordinary fenced block Hugo highlights: `include FILE region=R` is
                           replaced by that region of the file (```swift, or ```xml for lang=xml),
                           `example NAME` by the example's input (```json) and its verified record
                           (```json); other fences (swift, json, shell, dart, ...) are kept as they are.
  OUT/md/<id>.md           The same Markdown bodies (with the title as a `#` heading, no front
                           matter), flat, for raw `cmark`.

Recipe code is compiled into pushbook and found through each recipe's `service:` front matter, so
copies under new names are valid recipes.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

TAGGED_KEYS = re.compile(r'("(?:body|text|room)"\s*:\s*")((?:[^"\\]|\\.)*)(")')
# A push with nothing to show (a background push) has none of those keys: its device token, or else
# its cursor or an id in its data, is varied instead.
FALLBACK_KEYS = re.compile(r'("(?:token|since|[a-zA-Z]+Id)"\s*:\s*")((?:[^"\\]|\\.)*)(")')
# A push localized from keys (loc-key, loc-args) has neither: its first loc argument is varied.
LOC_ARGS = re.compile(r'("loc-args"\s*:\s*\[\s*")((?:[^"\\]|\\.)*)(")')
FENCE = re.compile(r'^(\s*)(`{3,}|~{3,})(.*)$')


def vary_example(text: str, tag: str) -> str:
    new, count = TAGGED_KEYS.subn(lambda m: m.group(1) + m.group(2) + " " + tag + m.group(3), text)
    if count == 0:
        new, count = FALLBACK_KEYS.subn(lambda m: m.group(1) + m.group(2) + "-" + tag + m.group(3), text, count=1)
    if count == 0:
        new, count = LOC_ARGS.subn(lambda m: m.group(1) + m.group(2) + " " + tag + m.group(3), text, count=1)
    if count == 0:
        raise SystemExit(f"make-corpus: an example has no body/text/room string to vary:\n{text[:200]}")
    return new


def vary_recipe_md(text: str, tag: str) -> str:
    new, count = re.subn(r'^(title:.*?)\s*$', lambda m: m.group(1) + " " + tag, text, count=1, flags=re.M)
    if count != 1:
        raise SystemExit("make-corpus: recipe.md has no title line")
    return new


def copy_recipes(source: Path, dest: Path, n: int) -> list[str]:
    originals = sorted(p.name for p in source.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
    if not originals:
        raise SystemExit(f"make-corpus: no recipe folders in {source}")
    if n < len(originals):
        raise SystemExit(f"make-corpus: N must be at least {len(originals)} (one copy of each recipe), so links between recipes resolve")
    ids = []
    for i in range(n):
        original = originals[i % len(originals)]
        tag = f"#{i:04d}"
        rid = f"{original}-{i:04d}"
        target = dest / rid
        shutil.copytree(source / original, target, symlinks=True)
        examples = target / "examples"
        for example in sorted(examples.glob("*.json")):
            example.write_text(vary_example(example.read_text(encoding="utf-8"), tag), encoding="utf-8")
        md = target / "recipe.md"
        text = vary_recipe_md(md.read_text(encoding="utf-8"), tag)
        # Links to another recipe (`](communication-notification.html)`) point to that recipe's copy
        # in the same round (or, past N, in the first round), so the site's links stay whole.
        base = i - i % len(originals)
        def relink(m):
            k = originals.index(m.group(1))
            j = base + k if base + k < n else k
            return f"]({m.group(1)}-{j:04d}.html"
        text = re.sub(r'\]\((' + "|".join(map(re.escape, originals)) + r')\.html', relink, text)
        md.write_text(text, encoding="utf-8")
        ids.append(rid)
    return ids


def record(pushbook: str, recipes: Path, ids: list[str], jobs: int) -> None:
    """Re-records expected/ for every copy, JOBS processes at a time, then checks them all once."""
    slices = [ids[k::jobs] for k in range(jobs) if ids[k::jobs]]
    procs = [subprocess.Popen([pushbook, "check", "--recipes", str(recipes), "--update", *part],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for part in slices]
    for p in procs:
        _, err = p.communicate()
        if p.returncode != 0:
            sys.stderr.write(err[-4000:])
            raise SystemExit(f"make-corpus: 'pushbook check --update' failed ({p.returncode})")
    # A record can come out differently now and then (see BENCHMARKS.md, findings); a corpus is
    # accepted when one of three checks passes whole.
    for attempt in range(3):
        check = subprocess.run([pushbook, "check", "--recipes", str(recipes)], capture_output=True, text=True)
        if check.returncode == 0:
            break
        sys.stderr.write(check.stderr[-2000:])
        print(f"make-corpus: check {attempt + 1} of 3 failed", file=sys.stderr)
    else:
        raise SystemExit("make-corpus: the re-recorded corpus does not pass 'pushbook check'")
    print(f"make-corpus: {check.stdout.strip()}", file=sys.stderr)


# ---------------------------------------------------------------- Markdown for Hugo and cmark

def parse_front_matter(text: str):
    lines = text.split("\n")
    if lines[0].strip() != "---":
        raise SystemExit("make-corpus: recipe.md does not start with ---")
    end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    fields: dict[str, object] = {}
    key = None
    for line in lines[1:end]:
        if not line.strip():
            continue
        m = re.match(r'^\s+-\s+(.*)$', line)
        if m and key is not None:
            fields.setdefault(key, [])
            if isinstance(fields[key], list):
                fields[key].append(m.group(1))
            continue
        k, _, v = line.partition(":")
        key = k.strip()
        fields[key] = v.strip() if v.strip() else []
    return fields, "\n".join(lines[end + 1:])


def snippet(source: str, region):
    shown, hidden, current = [], False, None
    for line in source.split("\n"):
        t = line.strip()
        if t.startswith("// snippet."):
            marker = t[len("// snippet."):].strip()
            if marker == "hide":
                hidden = True
            elif marker == "show":
                hidden = False
            elif marker == "end":
                current = None
            else:
                current = marker
            continue
        if hidden or (region is not None and current != region):
            continue
        shown.append(line)
    while shown and not shown[0].strip():
        shown.pop(0)
    while shown and not shown[-1].strip():
        shown.pop()
    return "\n".join(shown)


def expand_blocks(body: str, folder: Path) -> str:
    """Replaces pushbook's include/example fences by ordinary fenced blocks with the code they show."""
    out, lines, i = [], body.split("\n"), 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            out.append(lines[i]); i += 1; continue
        indent, fence, info = m.group(1), m.group(2), m.group(3).strip()
        j = i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            j += 1
        inner = lines[i + 1:j]
        words = info.split()
        if words and words[0] == "include":
            opts = dict(w.split("=", 1) for w in words[2:] if "=" in w)
            src = (folder / words[1]).read_text(encoding="utf-8")
            lang = opts.get("lang", "swift" if words[1].endswith(".swift") else "text")
            code = snippet(src, opts.get("region")) if words[1].endswith(".swift") else src.rstrip("\n")
            out += [f"{indent}```{lang}", code, f"{indent}```"]
        elif words and words[0] == "example":
            name = words[1]
            # An example declared `- NAME input=OTHER ...` in the front matter runs OTHER's input.
            declared = re.search(r'^\s*-\s+' + re.escape(name) + r'\s+.*?\binput=(\S+)', (folder / "recipe.md").read_text(encoding="utf-8"), re.M)
            source = declared.group(1) if declared else name
            out += [f"{indent}```json", (folder / "examples" / f"{source}.json").read_text(encoding="utf-8").rstrip("\n"), f"{indent}```", ""]
            out += [f"{indent}```json", (folder / "expected" / f"{name}.json").read_text(encoding="utf-8").rstrip("\n"), f"{indent}```"]
        else:
            out += lines[i:j + 1]
        i = j + 1
    return "\n".join(out)


def yaml_string(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)  # a JSON string is a valid YAML double-quoted scalar


HUGO_CONFIG = """baseURL = "http://example.org/"
title = "Pushbook benchmark corpus"
# Hugo renders the Markdown (Goldmark) and highlights every fenced block (Chroma, on by default);
# only the feeds, sitemap and taxonomy pages are off, which pushbook does not make either.
disableKinds = ["RSS", "sitemap", "taxonomy", "term"]
[markup.highlight]
  codeFences = true
"""

HUGO_SINGLE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main><h1>{{ .Title }}</h1><p>{{ .Params.summary | markdownify }}</p>{{ .Content }}</main></body></html>
"""

HUGO_LIST = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{{ .Site.Title }}</title></head>
<body><ul>{{ range .Site.RegularPages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></body></html>
"""


def extract_markdown(recipes: Path, ids: list[str], hugo: Path, flat: Path) -> None:
    (hugo / "content").mkdir(parents=True)
    (hugo / "layouts" / "_default").mkdir(parents=True)
    (hugo / "hugo.toml").write_text(HUGO_CONFIG)
    (hugo / "layouts" / "_default" / "single.html").write_text(HUGO_SINGLE)
    (hugo / "layouts" / "_default" / "list.html").write_text(HUGO_LIST)
    (hugo / "layouts" / "index.html").write_text(HUGO_LIST)
    flat.mkdir(parents=True)
    for rid in ids:
        folder = recipes / rid
        fields, body = parse_front_matter((folder / "recipe.md").read_text(encoding="utf-8"))
        body = expand_blocks(body, folder)
        tags = fields.get("tags") or []
        front = ["---", f"title: {yaml_string(fields['title'])}", f"summary: {yaml_string(fields['summary'])}",
                 f"weight: {int(fields.get('order') or 100)}", "tags:"] + [f"  - {yaml_string(t)}" for t in tags] + ["---"]
        (hugo / "content" / f"{rid}.md").write_text("\n".join(front) + "\n" + body, encoding="utf-8")
        (flat / f"{rid}.md").write_text(f"# {fields['title']}\n\n{fields['summary']}\n" + body, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("n", type=int)
    parser.add_argument("out", type=Path)
    parser.add_argument("--source", type=Path, default=Path(__file__).resolve().parent.parent / "Recipes")
    parser.add_argument("--pushbook", default=str(Path(__file__).resolve().parent.parent / ".build/release/pushbook"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--no-record", action="store_true", help="copy and vary only; do not re-record expected/")
    args = parser.parse_args()
    out = args.out.resolve()
    if out.exists() and any(out.iterdir()):
        raise SystemExit(f"make-corpus: {out} exists and is not empty")
    recipes = out / "recipes"
    recipes.mkdir(parents=True, exist_ok=True)
    ids = copy_recipes(args.source.resolve(), recipes, args.n)
    if not args.no_record:
        record(args.pushbook, recipes, ids, max(1, args.jobs))
    extract_markdown(recipes, ids, out / "hugo", out / "md")
    print(f"make-corpus: {len(ids)} recipes in {recipes}; Hugo site in {out / 'hugo'}; Markdown in {out / 'md'}", file=sys.stderr)


if __name__ == "__main__":
    main()
