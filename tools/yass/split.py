"""Writes each level of an XSB collection to its own file, named by its number (1, 2, ...),
the rows of its board only, for solvers that read one level a file."""

import os
import re
import sys

BOARD_ROW = re.compile(r"[ #$.*@+_-]*#[ #$.*@+_-]*")

collection, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
levels, rows = [], []
with open(collection, encoding="utf-8") as text:
    for line in text:
        line = line.rstrip("\r\n")
        if line.strip() and BOARD_ROW.fullmatch(line):
            rows.append(line)
        elif rows:
            levels.append(rows)
            rows = []
if rows:
    levels.append(rows)
for number, rows in enumerate(levels, 1):
    with open(os.path.join(out, str(number)), "w", encoding="utf-8") as level:
        level.write("\n".join(rows) + "\n")
