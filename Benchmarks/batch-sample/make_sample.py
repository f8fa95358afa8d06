#!/usr/bin/env python3
"""Writes requests.jsonl: a fixed sample of Benchmarks/corpus/ui-strings.tsv as `measure --batch`
input, every 12th text (all 15 languages), each with a control, width and options from a fixed
cycle. expected.jsonl beside it is `INTRINSIC_SYSTEM_FONTS=0 measure --batch requests.jsonl` (the bundled
fonts alone) as it was when the sample was made; MeasureBatchSampleTests checks that the output stays byte-identical.

Run from the repository root: python3 Benchmarks/batch-sample/make_sample.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "corpus", "ui-strings.tsv")
STEP = 12

# Cycles of mutually prime lengths so that every combination occurs.
CONTROLS = [
    {"control": "label"},
    {"control": "label", "lines": 2},
    {"control": "button"},
    {"control": "label", "lineBreakMode": "byTruncatingTail", "lines": 1},
    {"control": "textview"},
    {"control": "label", "weight": "bold"},
    {"control": "label", "letterSpacing": 0.5, "lineSpacing": 2},
]
WIDTHS = [343, 120, None, 200, 64, 1000, 280.5, 17, 375, 150, 90]


def unescape(text):
    out, escaped = [], False
    for ch in text:
        if escaped:
            out.append({"n": "\n", "t": "\t", "r": "\r"}.get(ch, ch))
            escaped = False
        elif ch == "\\":
            escaped = True
        else:
            out.append(ch)
    return "".join(out)


def main():
    with open(CORPUS, encoding="utf-8") as corpus:
        rows = [line.rstrip("\n").split("\t", 1) for line in corpus][1:]
    with open(os.path.join(HERE, "requests.jsonl"), "w", encoding="utf-8") as out:
        for number, (language, text) in enumerate(rows[::STEP]):
            request = {"id": number, "text": unescape(text), "font": "Inter", "language": language}
            request.update(CONTROLS[number % len(CONTROLS)])
            width = WIDTHS[number % len(WIDTHS)]
            if width is not None:
                request["width"] = width
            out.write(json.dumps(request, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
