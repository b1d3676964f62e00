#!/usr/bin/env python3
"""How hard the app's own words are to read: the Flesch-Kincaid grade level of every step of the
step-by-step paths, every deadline rule's explanation, every starter summary and every hint and
help line of the window, with the median of each group, the share at or under the 9th grade (the
top of the fourth-to-ninth-grade range guided legal tools aim for), and the hardest ones.

    python3 scripts/readability.py            # the figures and the 10 hardest of each group
    python3 scripts/readability.py --json     # the same as JSON (for a record of before / after)

The formula (Kincaid et al., 1975): grade = 0.39 × words per sentence + 11.8 × syllables per word
− 15.59. Syllables are counted by the usual heuristic (groups of vowels, a final silent "e"
dropped, at least one a word): good for comparing texts, not exact for any one word. Section
numbers, citations and dates are left out of the words, so "§ 55.1-1245" does not count as a long
word. No packages beyond Python's own.
"""

import csv
import html
import json
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
csv.field_size_limit(sys.maxsize)

WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
CITATION = re.compile(r"§+\s*[\d.:-]+(\s*\([A-Za-z0-9]+\))*|\b\d+(\.\d+)?-\d+(\.\d+)*\b|\b(Rule|Rules)\s+[\d:.()a-z]+")
SENTENCE_END = re.compile(r"[.!?]+(?=\s|$)")


def syllables(word: str) -> int:
    w = word.lower().strip("'’-")
    if not w:
        return 0
    if len(w) <= 3:
        return 1
    w = re.sub(r"(?:[^laeiouy]es|ed|[^laeiouy]e)$", "", w)
    w = re.sub(r"^y", "", w)
    return max(1, len(re.findall(r"[aeiouy]{1,2}", w)))


def grade(text: str):
    text = CITATION.sub(" ", html.unescape(re.sub(r"<[^>]+>", " ", text)))
    words = WORD.findall(text)
    if len(words) < 8:
        return None
    sentences = max(1, len([s for s in SENTENCE_END.split(text) if WORD.search(s)]))
    syl = sum(syllables(w) for w in words)
    return 0.39 * len(words) / sentences + 11.8 * syl / len(words) - 15.59


def steps():
    paths = json.loads((ROOT / "sidecars/server/paths/paths.json").read_text())
    for kind in paths["kinds"]:
        for step in kind["steps"]:
            text = " ".join(str(step.get(k, "")) for k in ("title", "what", "file", "bring") if step.get(k))
            yield f"{kind['id']}/{step['id']}", text


def rules():
    data = json.loads((ROOT / "sidecars/server/rules/deadlines.json").read_text())
    for rule in data["rules"]:
        parts = [rule.get("title", ""), rule.get("note", "") or ""]
        parts += [d.get("what", "") for d in rule.get("due", [])]
        yield rule["id"], ". ".join(p for p in parts if p)


def summaries():
    for path in sorted((ROOT / "crates/law/starter").glob("*.csv")):
        with path.open(newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                body = row.get("Body") or row.get("SectionText") or ""
                section = row.get("Section") or f"{row.get('Article', '')}-{row.get('SectionName', '')}"
                if body:
                    yield section, body


def cited_summaries():
    """The summaries of the sections a step of a path rests on: what a person on a path reads first."""
    data = json.loads((ROOT / "sidecars/server/paths/paths.json").read_text())
    cited = {sid for kind in data["kinds"] for step in kind["steps"] for sid in step.get("sections", [])}
    for section, body in summaries():
        if section in cited:
            yield section, body


def window():
    page = (ROOT / "ui/index.html").read_text()
    for i, m in enumerate(re.finditer(r'<p class="(?:hint|empty-lead|start-again|settings-lead|disclaimer)"[^>]*>(.*?)</p>', page, re.S)):
        yield f"index.html hint {i + 1}", m.group(1)
    # The start's strings, less its comments.
    start = re.sub(r"/\*.*?\*/|//[^\n]*", "", (ROOT / "ui/start.js").read_text(), flags=re.S)
    for i, m in enumerate(re.finditer(r"'([^'\n]{40,})'", start)):
        yield f"start.js text {i + 1}", m.group(1)


def main():
    groups = {
        "steps": steps(),
        "deadline rules": rules(),
        "starter summaries": summaries(),
        "summaries a step rests on": cited_summaries(),
        "window help": window(),
    }
    report = {}
    for name, items in groups.items():
        graded = [(key, g) for key, text in items if (g := grade(text)) is not None]
        grades = [g for _, g in graded]
        report[name] = {
            "texts": len(grades),
            "median": round(statistics.median(grades), 1),
            "atOrUnder9": sum(g <= 9 for g in grades),
            "hardest": [{"id": k, "grade": round(g, 1)} for k, g in sorted(graded, key=lambda x: -x[1])[:10]],
        }
    if "--json" in sys.argv:
        print(json.dumps(report, indent=2))
        return
    for name, r in report.items():
        share = 100 * r["atOrUnder9"] / r["texts"]
        print(f"{name}: {r['texts']} texts, median grade {r['median']}, {r['atOrUnder9']} ({share:.0f} %) at or under grade 9")
        print("  hardest: " + ", ".join(f"{h['id']} ({h['grade']})" for h in r["hardest"]))


if __name__ == "__main__":
    main()
