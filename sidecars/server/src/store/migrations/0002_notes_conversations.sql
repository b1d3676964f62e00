-- Notes the person writes (or saves from an answer), and every Ask and Research conversation.

CREATE TABLE notes (
    id              INTEGER PRIMARY KEY,
    case_id         INTEGER REFERENCES cases(id) ON DELETE RESTRICT,
    title           TEXT NOT NULL,
    body            TEXT NOT NULL,             -- Markdown
    sources         TEXT NOT NULL DEFAULT '[]', -- JSON: [{"label": ..., "url"?: ..., "sourceId"?: ...}]
    conversation_id INTEGER REFERENCES conversations(id) ON DELETE SET NULL,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
);
CREATE INDEX notes_by_case ON notes(case_id, updated_at);

-- A conversation outlives the case it was about: deleting the case leaves it unassigned.
CREATE TABLE conversations (
    id         INTEGER PRIMARY KEY,
    title      TEXT NOT NULL,
    kind       TEXT NOT NULL DEFAULT 'chat' CHECK (kind IN ('chat', 'research')),
    case_id    INTEGER REFERENCES cases(id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX conversations_by_recency ON conversations(updated_at, id);
CREATE INDEX conversations_by_case ON conversations(case_id, updated_at);

CREATE TABLE conversation_messages (
    id              INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    role            TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
    content         TEXT NOT NULL,
    events          TEXT NOT NULL DEFAULT '[]', -- JSON: the agent events of an answer (no deltas)
    created_at      TEXT NOT NULL
);
CREATE INDEX messages_by_conversation ON conversation_messages(conversation_id, id);
