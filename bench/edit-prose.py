#!/usr/bin/env python3
"""Edit one recipe's prose for the "one edit" benchmark: append a paragraph to recipe.md, or remove
the one an earlier call appended, so that every run sees a changed file and the corpus comes back.

    bench/edit-prose.py RECIPE_MD
"""
import sys
from pathlib import Path

MARK = "\nAn edited paragraph (bench/edit-prose.py).\n"
path = Path(sys.argv[1])
text = path.read_text()
path.write_text(text[: -len(MARK)] if text.endswith(MARK) else text + MARK)
