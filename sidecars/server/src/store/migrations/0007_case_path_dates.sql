-- Issue 31: the dates a case's step-by-step path counts from (a JSON object such as
-- {"servedDate": "2026-03-02", "judgmentDate": "2026-03-20"}; NULL: none entered yet) and the
-- amount claimed, in whole cents (which court hears a money case depends on it).
ALTER TABLE cases ADD COLUMN path_dates TEXT;
ALTER TABLE cases ADD COLUMN amount_cents INTEGER;

-- The part of a case's path a deadline was made from (`step:<id>` for a step's deadline,
-- `date:<key>` for a court date), so entering a date again moves that deadline rather than adding
-- another. NULL for deadlines the person or the assistant made.
ALTER TABLE deadlines ADD COLUMN path_key TEXT;
CREATE INDEX deadlines_by_path_key ON deadlines(case_id, path_key) WHERE path_key IS NOT NULL;
