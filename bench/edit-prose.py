#!/usr/bin/env python3
"""Edit one recipe's prose for the "one edit" benchmark: replace the paragraph an earlier call
appended to recipe.md with one that says a higher number, or append the first one, so that every
run sees text no build has seen before (a prose edit that went back to an earlier text would be
served from the cache, not rebuilt).

    bench/edit-prose.py RECIPE_MD
"""
import re
import sys
from pathlib import Path

MARK = re.compile(r"\nAn edited paragraph \(bench/edit-prose\.py\), number (\d+)\.\n\Z")
path = Path(sys.argv[1])
text = path.read_text()
found = MARK.search(text)
number = int(found.group(1)) + 1 if found else 1
base = text[: found.start()] if found else text
path.write_text(base + f"\nAn edited paragraph (bench/edit-prose.py), number {number}.\n")
