#!/usr/bin/env python3
"""What SQLite FTS5 would cost the law graph's word search, beside the tantivy index it uses.

The README says why the law graph keeps tantivy while the case store keeps FTS5 ("Two word
indexes"); this is the measurement behind it. It copies a synthetic graph, adds the FTS5 table the
graph had before issue 11 (heading, text and summary; `porter unicode61 remove_diacritics 2`;
BM25 with the heading weighted 4), and times only the FTS5 queries for explorer-bench's questions,
made as crates/law/src/graph.rs makes them (stop words dropped; words in more than one node in
fifty dropped when rarer ones remain; a question of only such words must match all of them):
the first 100 by BM25 and the count of matches, as `nodes(search:)` asks the word index.

    $CARGO_TARGET_DIR/release/proseva-explorer synth --sections 50000 --db /tmp/synth.db
    python3 bench/fts5-compare.py /tmp/synth.db
    $CARGO_TARGET_DIR/release/explorer-bench      # the same questions through tantivy

Python's own sqlite3 module runs the queries (FTS5 is built into Debian's SQLite).
"""
import re
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

STOPWORDS = set("""a about after all am an and any are as at be been before being but by can could
did do does doing for from get got had has have he her him his how i if in into is it its just me my
no not of on or our say says she should so some than that the their them then there these they this
those to too up us va virginia code law laws was we were what when where which who why will with
would you your""".split())

# explorer-bench's questions (bench/src/bin/explorer-bench.rs).
PLAIN_QUESTIONS = [
    "what happens if the court orders custody", "the court shall order", "landlord deposit return",
    "can the court change the order", "how long do I have to file an appeal",
    "what are my rights if the person does not pay", "the court may require a hearing", "who has to give notice",
]
SEARCHES = [
    "landlord deposit return", "custody best interests of the child", "driver license suspension speed",
    "appeal judgment circuit court", "protective order family household member",
    "public meeting information request", "estate will executor heir", "consumer deceptive practice",
    "firearm concealed permit", "limitation action accrue years",
]
TOKENIZER = "porter unicode61 remove_diacritics 2"


def main(graph: Path, rounds: int = 20) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        db = Path(scratch) / "graph.db"
        shutil.copy(graph, db)
        c = sqlite3.connect(db)
        started = time.time()
        c.execute(f"CREATE VIRTUAL TABLE law_fts USING fts5(heading, source_text, summary, content='nodes', "
                  f"content_rowid='id', tokenize='{TOKENIZER}')")
        c.execute("INSERT INTO law_fts(law_fts) VALUES ('rebuild')")
        c.execute("CREATE VIRTUAL TABLE law_vocab USING fts5vocab(law_fts, 'row')")
        c.commit()
        print(f"FTS5 index of {graph.name} built in {time.time() - started:.1f} s")

        # The stem SQLite's porter tokenizer makes of a word: index it alone and read the term back.
        words = sqlite3.connect(":memory:")
        words.execute(f"CREATE VIRTUAL TABLE one USING fts5(word, tokenize='{TOKENIZER}')")
        words.execute("CREATE VIRTUAL TABLE one_vocab USING fts5vocab(one, 'row')")

        def stems(word):
            words.execute("DELETE FROM one")
            words.execute("INSERT INTO one(word) VALUES (?)", (word,))
            return [row[0] for row in words.execute("SELECT term FROM one_vocab")]

        nodes = c.execute("SELECT count(*) FROM nodes").fetchone()[0]
        common_above = max(nodes // 50, 500)

        def match_expression(question):
            selective, common = [], []
            for word in dict.fromkeys(re.split(r"[^0-9A-Za-z]+", question.lower())):
                if not word or word in STOPWORDS or (len(word) < 2 and not word.isdigit()):
                    continue
                for term in stems(word):
                    if term in selective or term in common:
                        continue
                    row = c.execute("SELECT doc FROM law_vocab WHERE term = ?", (term,)).fetchone()
                    holders = row[0] if row else 0
                    if holders:
                        (selective if holders <= common_above else common).append(term)
            if selective:
                return " OR ".join(f'"{t}"' for t in selective)
            return " AND ".join(f'"{t}"' for t in common) or None

        for name, questions in [("plain questions of common words", PLAIN_QUESTIONS), ("topical searches", SEARCHES)]:
            expressions = [e for e in map(match_expression, questions) if e]
            times = []
            for _ in range(rounds):
                for e in expressions:
                    t = time.perf_counter()
                    c.execute("SELECT rowid, bm25(law_fts, 4.0, 1.0, 1.0) AS s FROM law_fts WHERE law_fts MATCH ? "
                              "ORDER BY s LIMIT 100", (e,)).fetchall()
                    c.execute("SELECT count(*) FROM law_fts WHERE law_fts MATCH ?", (e,)).fetchone()
                    times.append(time.perf_counter() - t)
            times.sort()
            at = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1e3
            print(f"FTS5, {name}: {len(times)} queries, p50 {at(0.5):.1f} ms, p95 {at(0.95):.1f} ms")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: fts5-compare.py GRAPH.db (made by `proseva-explorer synth`)")
    main(Path(sys.argv[1]))
