-- Proof for the hearing (issue 43): the person's records linked to what the court must find in
-- their case — an element or a defence of the case's kind (its id in `proof/<kind>.json`). A
-- document, timeline event, note, finance entry (a payment) or contact (a witness) may go to
-- several elements, once each; `note` is what it shows ("the receipt for March's rent", "saw the
-- notice taped to the door"). A link goes with its case and with its record.

CREATE TABLE proof_links (
    id          INTEGER PRIMARY KEY,
    case_id     INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    element_id  TEXT NOT NULL,
    record_kind TEXT NOT NULL CHECK (record_kind IN ('document', 'timeline', 'note', 'finance', 'contact')),
    record_id   INTEGER NOT NULL,
    note        TEXT NOT NULL DEFAULT '',
    created_by  TEXT NOT NULL DEFAULT 'person' CHECK (created_by IN ('person', 'agent')),
    created_at  TEXT NOT NULL,
    UNIQUE (case_id, element_id, record_kind, record_id)
);
CREATE INDEX proof_links_by_record ON proof_links(record_kind, record_id);

CREATE TRIGGER proof_links_of_deleted_document AFTER DELETE ON documents BEGIN
    DELETE FROM proof_links WHERE record_kind = 'document' AND record_id = old.id;
END;
CREATE TRIGGER proof_links_of_deleted_event AFTER DELETE ON timeline_events BEGIN
    DELETE FROM proof_links WHERE record_kind = 'timeline' AND record_id = old.id;
END;
CREATE TRIGGER proof_links_of_deleted_note AFTER DELETE ON notes BEGIN
    DELETE FROM proof_links WHERE record_kind = 'note' AND record_id = old.id;
END;
CREATE TRIGGER proof_links_of_deleted_finance AFTER DELETE ON finances BEGIN
    DELETE FROM proof_links WHERE record_kind = 'finance' AND record_id = old.id;
END;
CREATE TRIGGER proof_links_of_deleted_contact AFTER DELETE ON contacts BEGIN
    DELETE FROM proof_links WHERE record_kind = 'contact' AND record_id = old.id;
END;
