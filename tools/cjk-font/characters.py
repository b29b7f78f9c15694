"""Prints every character the shipped CJK font must hold: the 3,500 characters of the first
level of the Table of General Standard Chinese Characters (通用规范汉字表, 2013), every
character of the Chinese messages and of the shipped lessons, printable ASCII, and the punctuation Chinese text uses."""

import pathlib
import sys

here = pathlib.Path(__file__).resolve().parent
root = here.parent.parent

chars = set(chr(c) for c in range(0x20, 0x7F))
chars |= set((here / "common-3500.txt").read_text(encoding="utf-8").strip())
chars |= set((root / "locales" / "zh-CN.ftl").read_text(encoding="utf-8"))
for lesson in sorted((root / "presets" / "lessons").glob("*.toml")):
    chars |= set(lesson.read_text(encoding="utf-8"))
chars |= set("，。、：；？！“”‘’（）《》〈〉【】「」『』…—·～－＋×÷＝％￥°")
chars |= set(chr(c) for c in range(0xFF01, 0xFF5F))  # full-width forms
chars -= set("\n\r\t")
sys.stdout.write("".join(sorted(chars)))
