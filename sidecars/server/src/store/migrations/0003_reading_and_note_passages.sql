-- Documents read in the background (scans through OCR, a page at a time), and notes searchable
-- like documents: their passages share `chunks` (and its full-text index) with documents'.

ALTER TABLE documents ADD COLUMN text_status TEXT NOT NULL DEFAULT 'ready'
    CHECK (text_status IN ('ready', 'ocr', 'ocr_unavailable', 'failed'));
ALTER TABLE documents ADD COLUMN text_error TEXT;
-- The page OCR is reading now (NULL when it is not); pages already read are in document_pages,
-- so a restart goes on from the first page that is not.
ALTER TABLE documents ADD COLUMN ocr_page INTEGER;
DROP INDEX documents_by_status;
CREATE INDEX documents_by_status ON documents(embedding_status, text_status, id);
CREATE INDEX documents_by_reading ON documents(text_status, id);

-- The text of each page, as read from the text layer or by OCR; `start_char` is where the page
-- begins in documents.text once the whole text is put together (NULL until then).
CREATE TABLE document_pages (
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    page        INTEGER NOT NULL, -- from 1
    source      TEXT NOT NULL CHECK (source IN ('text', 'ocr')),
    text        TEXT NOT NULL,
    start_char  INTEGER,
    PRIMARY KEY (document_id, page)
) WITHOUT ROWID;

ALTER TABLE notes ADD COLUMN embedding_status TEXT NOT NULL DEFAULT 'pending'
    CHECK (embedding_status IN ('pending', 'ready', 'failed'));
ALTER TABLE notes ADD COLUMN embedding_model TEXT;
CREATE INDEX notes_by_embedding ON notes(embedding_status, id);

-- `chunks` again, owned by a document or a note. Ids are kept, so chunks_fts stays valid.
CREATE TABLE chunks_owned (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER REFERENCES documents(id) ON DELETE CASCADE,
    note_id     INTEGER REFERENCES notes(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    start_byte  INTEGER NOT NULL,
    end_byte    INTEGER NOT NULL,
    start_char  INTEGER NOT NULL,
    text        TEXT NOT NULL,
    vector      BLOB,
    CHECK ((document_id IS NULL) <> (note_id IS NULL)),
    UNIQUE (document_id, seq),
    UNIQUE (note_id, seq)
);
INSERT INTO chunks_owned (id, document_id, seq, start_byte, end_byte, start_char, text, vector)
    SELECT id, document_id, seq, start_byte, end_byte, start_char, text, vector FROM chunks;
DROP TABLE chunks;
ALTER TABLE chunks_owned RENAME TO chunks;
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
-- Existing notes become searchable: this migration's hook (store/mod.rs) cuts them into passages.
