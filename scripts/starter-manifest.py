#!/usr/bin/env python3
"""Rewrites crates/law/starter/manifest.json from the CSV files beside it: the section count
and SHA-256 of each, and each section's check against the official text (`checks`: where and
when it was read, and the official words behind each figure the summary states). Checks are kept
from the manifest, or taken from `checks/<file stem>.json` beside it when that folder exists (the
form the summaries are checked in; remove the folder once merged), and each file's `currency` (what
the 2023-2026 sessions changed in the sections looked at) as it is. Run it after editing the starter
corpus; `ingest --starter` refuses files whose hash does not match."""
import csv, hashlib, json, pathlib, sys

# The corpus's folder; another (a snapshot) may be named on the command line.
root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent / "crates" / "law" / "starter"
path = root / "manifest.json"
manifest = json.loads(path.read_text()) if path.exists() else {}
kept = {f["file"]: f.get("checks", {}) for f in manifest.get("files", [])}
# What the 2023-2026 sessions changed in each section looked at (the currency sweep), kept as it is.
currency = {f["file"]: f["currency"] for f in manifest.get("files", []) if f.get("currency")}
staged = root / "checks"
files = []
for f in sorted(root.glob("*.csv")):
    data = f.read_bytes()
    with f.open(newline="", encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh) if (r.get("Section") or "").strip()]
    entry = {"file": f.name, "sections": len(rows), "sha256": hashlib.sha256(data).hexdigest()}
    if rows and rows[0].get("TitleNum"):
        entry["title"] = rows[0]["TitleNum"]
        entry["titleName"] = rows[0]["TitleName"]
    else:
        entry["title"] = "Constitution"
        entry["titleName"] = "Constitution of Virginia, Article I (Bill of Rights)"
    checks = kept.get(f.name, {})
    new = staged / (f.stem + ".json")
    if new.exists():
        checks = json.loads(new.read_text())
    order = [r["Section"].strip() for r in rows]
    entry["checks"] = {k: checks[k] for k in sorted(checks, key=lambda k: order.index(k) if k in order else len(order))}
    if f.name in currency:
        found = currency[f.name]
        entry["currency"] = {k: found[k] for k in sorted(found, key=lambda k: order.index(k) if k in order else len(order))}
    files.append(entry)
manifest.update({
    "name": manifest.get("name", "ProSeVA starter corpus"),
    "version": manifest.get("version", "2026.11"),
    "textKind": "summary",
    "notice": manifest.get("notice", "Plain-language summaries written for ProSeVA to help people find the law that applies to them. "
        "They are not the text of the Code or Constitution of Virginia and may not reflect the latest amendments; "
        "read the official text at the URL given with each section (https://law.lis.virginia.gov/)."),
    "files": files,
})
path.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
print(f"{path}: {len(files)} files, {sum(f['sections'] for f in files)} sections")
