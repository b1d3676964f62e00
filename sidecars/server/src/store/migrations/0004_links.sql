-- Links: an edge from one of the person's notes or documents to what it is about — a section of
-- the Code or Constitution of Virginia (its sourceId, `20-124.3`, `const-I-12`), one of their
-- deadlines (its id, as text) or a court opinion (the service's id for it, e.g. CourtListener's).
-- Made by the person or by the agent's `link` tool; one link per pair, whoever made it.

CREATE TABLE links (
    id         INTEGER PRIMARY KEY,
    from_kind  TEXT NOT NULL CHECK (from_kind IN ('note', 'document')),
    from_id    INTEGER NOT NULL,
    to_kind    TEXT NOT NULL CHECK (to_kind IN ('section', 'deadline', 'opinion')),
    to_ref     TEXT NOT NULL,
    why        TEXT NOT NULL DEFAULT '',
    created_by TEXT NOT NULL DEFAULT 'person' CHECK (created_by IN ('person', 'agent')),
    created_at TEXT NOT NULL,
    UNIQUE (from_kind, from_id, to_kind, to_ref)
);
CREATE INDEX links_by_target ON links(to_kind, to_ref);

-- A link goes with either of its ends: here, so every way a note, document or deadline is
-- deleted (the REST API today, anything added later) takes its links along.
-- (The unique key's index serves the first two, links_by_target the third.)
CREATE TRIGGER links_of_deleted_note AFTER DELETE ON notes BEGIN
    DELETE FROM links WHERE from_kind = 'note' AND from_id = old.id;
END;
CREATE TRIGGER links_of_deleted_document AFTER DELETE ON documents BEGIN
    DELETE FROM links WHERE from_kind = 'document' AND from_id = old.id;
END;
CREATE TRIGGER links_to_deleted_deadline AFTER DELETE ON deadlines BEGIN
    DELETE FROM links WHERE to_kind = 'deadline' AND to_ref = CAST(old.id AS TEXT);
END;
