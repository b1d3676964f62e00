#!/usr/bin/env python3
"""Reads or replaces one section's plain-language summary in a starter CSV, keeping every other
byte of the file as it was.

    scripts/starter-edit.py show CoVTitle_55.1.csv 55.1-1245
    scripts/starter-edit.py set  CoVTitle_55.1.csv 55.1-1245 < new-body.html

The file name may be given bare (it is looked up in crates/law/starter/). The Constitution's
file keys its rows by the Section column too (e.g. `12`)."""
import csv, io, pathlib, sys

root = pathlib.Path(__file__).resolve().parent.parent / "crates" / "law" / "starter"


def main() -> int:
    if len(sys.argv) != 4 or sys.argv[1] not in ("show", "set"):
        print(__doc__, file=sys.stderr)
        return 2
    mode, name, section = sys.argv[1:]
    path = pathlib.Path(name) if "/" in name else root / name
    raw = path.read_text(encoding="utf-8")
    rows = list(csv.reader(io.StringIO(raw, newline="")))
    header = rows[0]
    col, body = header.index("Section"), header.index("Body")
    hits = [r for r in rows[1:] if r[col].strip() == section]
    if len(hits) != 1:
        print(f"{path.name}: {len(hits)} rows for section {section!r}", file=sys.stderr)
        return 1
    if mode == "show":
        print(hits[0][body])
        return 0
    text = sys.stdin.read().strip()
    if not text.startswith("<p>") or not text.endswith("</p>"):
        print("the new summary must be HTML paragraphs: <p>…</p><p>…</p>", file=sys.stderr)
        return 1
    hits[0][body] = text.replace("\r", "").replace("\n", " ")
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")
    print(f"{path.name}: § {section} updated ({len(text)} characters)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
