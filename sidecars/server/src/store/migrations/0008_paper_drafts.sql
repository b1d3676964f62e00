-- Drafts take a fourth kind, `paper`: a court paper (a motion, a notice, a letter to the clerk)
-- whose content is its parts as JSON, laid out as the court's papers are when exported (issue 40).
-- SQLite cannot change a CHECK constraint in place, so the table is made again (its rows, ids and
-- indexes kept). Migrations run with foreign keys off (see `Open::open`), so dropping the old
-- table does not cascade to the versions that point at it; the keys are checked after.

CREATE TABLE drafts_new (
    id          INTEGER PRIMARY KEY,
    case_id     INTEGER REFERENCES cases(id) ON DELETE RESTRICT,
    title       TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('markdown', 'mermaid', 'table', 'paper')),
    document_id INTEGER REFERENCES documents(id) ON DELETE SET NULL,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
INSERT INTO drafts_new (id, case_id, title, kind, document_id, created_at, updated_at)
    SELECT id, case_id, title, kind, document_id, created_at, updated_at FROM drafts;
DROP TABLE drafts;
ALTER TABLE drafts_new RENAME TO drafts;
CREATE INDEX drafts_by_case ON drafts(case_id, updated_at);
CREATE INDEX drafts_by_document ON drafts(document_id);
