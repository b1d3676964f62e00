-- Drafts as artifacts: a letter, an outline or a checklist (Markdown), a diagram (Mermaid) or a
-- table (CSV), made by the person, by the agent's `create_draft` tool, or built offline from the
-- case data. Every revision is a new version; none is overwritten. Each draft keeps its Markdown
-- export as one case document (`document_id`), so the agent can find and read it back.

CREATE TABLE drafts (
    id          INTEGER PRIMARY KEY,
    case_id     INTEGER REFERENCES cases(id) ON DELETE RESTRICT,
    title       TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('markdown', 'mermaid', 'table')),
    document_id INTEGER REFERENCES documents(id) ON DELETE SET NULL,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE INDEX drafts_by_case ON drafts(case_id, updated_at);
CREATE INDEX drafts_by_document ON drafts(document_id);

CREATE TABLE draft_versions (
    id         INTEGER PRIMARY KEY,
    draft_id   INTEGER NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
    version    INTEGER NOT NULL CHECK (version >= 1),
    content    TEXT NOT NULL,              -- as checked and cleaned by proseva_drafts::validate
    sources    TEXT NOT NULL DEFAULT '[]', -- JSON: [{"label": ..., "url"?: ...}]
    created_by TEXT NOT NULL CHECK (created_by IN ('agent', 'person', 'offline')),
    created_at TEXT NOT NULL,
    UNIQUE (draft_id, version)
);
