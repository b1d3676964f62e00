-- The user's case data. Dates are `YYYY-MM-DD`, timestamps ISO 8601 UTC, money whole cents.
-- A record that points at a case keeps the case from being deleted (RESTRICT): nothing is lost
-- by deleting the wrong thing.

CREATE TABLE cases (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    case_number TEXT,
    court       TEXT,
    case_type   TEXT,
    status      TEXT NOT NULL DEFAULT 'open',
    parties     TEXT NOT NULL DEFAULT '[]', -- JSON: [{"name": ..., "role": ...}]
    notes       TEXT,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE INDEX cases_by_number ON cases(case_number COLLATE NOCASE);

CREATE TABLE deadlines (
    id           INTEGER PRIMARY KEY,
    case_id      INTEGER REFERENCES cases(id) ON DELETE RESTRICT,
    title        TEXT NOT NULL,
    date         TEXT NOT NULL,
    kind         TEXT NOT NULL DEFAULT 'other',
    done         INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
    rule_id      TEXT,
    trigger_date TEXT,
    source_rule  TEXT,
    date_note    TEXT,
    notes        TEXT,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
);
CREATE INDEX deadlines_by_date ON deadlines(date);
CREATE INDEX deadlines_by_case ON deadlines(case_id, date);

CREATE TABLE contacts (
    id         INTEGER PRIMARY KEY,
    case_id    INTEGER REFERENCES cases(id) ON DELETE RESTRICT,
    name       TEXT NOT NULL,
    role       TEXT NOT NULL DEFAULT 'other',
    phone      TEXT,
    email      TEXT,
    address    TEXT,
    notes      TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX contacts_by_case ON contacts(case_id);

CREATE TABLE documents (
    id               INTEGER PRIMARY KEY,
    case_id          INTEGER REFERENCES cases(id) ON DELETE RESTRICT,
    title            TEXT NOT NULL,
    kind             TEXT NOT NULL DEFAULT 'other',
    file_name        TEXT NOT NULL,
    format           TEXT NOT NULL,  -- txt | md | pdf | docx
    media_type       TEXT NOT NULL,
    stored_file      TEXT NOT NULL,  -- name of the original under documents/
    size_bytes       INTEGER NOT NULL,
    sha256           TEXT NOT NULL,
    page_count       INTEGER,
    text             TEXT NOT NULL,  -- the extracted text; chunk offsets are bytes into it
    text_chars       INTEGER NOT NULL,
    embedding_status TEXT NOT NULL DEFAULT 'pending' CHECK (embedding_status IN ('pending', 'ready', 'failed')),
    embedding_error  TEXT,
    embedding_model  TEXT,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL
);
CREATE INDEX documents_by_case ON documents(case_id);
CREATE INDEX documents_by_status ON documents(embedding_status, id);

-- Passages of a document's text (byte offsets into documents.text); `vector` is an L2-normalised little-endian f32 array once embedded.
CREATE TABLE chunks (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    start_byte  INTEGER NOT NULL,
    end_byte    INTEGER NOT NULL,
    start_char  INTEGER NOT NULL, -- the same start counted in characters, as GetDocumentText pages
    text        TEXT NOT NULL,
    vector      BLOB,
    UNIQUE (document_id, seq)
);
CREATE VIRTUAL TABLE chunks_fts USING fts5(
    text, content='chunks', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER chunks_fts_insert AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER chunks_fts_delete AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
CREATE TRIGGER chunks_fts_update AFTER UPDATE OF text ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, text) VALUES ('delete', old.id, old.text);
    INSERT INTO chunks_fts(rowid, text) VALUES (new.id, new.text);
END;

CREATE TABLE finances (
    id           INTEGER PRIMARY KEY,
    case_id      INTEGER REFERENCES cases(id) ON DELETE RESTRICT,
    date         TEXT NOT NULL,
    amount_cents INTEGER NOT NULL,
    category     TEXT NOT NULL,
    description  TEXT,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
);
CREATE INDEX finances_by_case ON finances(case_id, date);

CREATE TABLE timeline_events (
    id                 INTEGER PRIMARY KEY,
    case_id            INTEGER REFERENCES cases(id) ON DELETE RESTRICT,
    date               TEXT NOT NULL,
    party              TEXT,
    title              TEXT NOT NULL,
    details            TEXT,
    is_critical        INTEGER NOT NULL DEFAULT 0 CHECK (is_critical IN (0, 1)),
    source_document_id INTEGER REFERENCES documents(id) ON DELETE SET NULL,
    created_at         TEXT NOT NULL,
    updated_at         TEXT NOT NULL
);
CREATE INDEX timeline_by_date ON timeline_events(date, id);
CREATE INDEX timeline_by_case ON timeline_events(case_id, date);
CREATE INDEX timeline_by_document ON timeline_events(source_document_id);
CREATE VIRTUAL TABLE timeline_fts USING fts5(
    title, details, party, content='timeline_events', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER timeline_fts_insert AFTER INSERT ON timeline_events BEGIN
    INSERT INTO timeline_fts(rowid, title, details, party) VALUES (new.id, new.title, new.details, new.party);
END;
CREATE TRIGGER timeline_fts_delete AFTER DELETE ON timeline_events BEGIN
    INSERT INTO timeline_fts(timeline_fts, rowid, title, details, party) VALUES ('delete', old.id, old.title, old.details, old.party);
END;
CREATE TRIGGER timeline_fts_update AFTER UPDATE ON timeline_events BEGIN
    INSERT INTO timeline_fts(timeline_fts, rowid, title, details, party) VALUES ('delete', old.id, old.title, old.details, old.party);
    INSERT INTO timeline_fts(rowid, title, details, party) VALUES (new.id, new.title, new.details, new.party);
END;
