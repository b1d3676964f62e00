-- Issue 31: deadlines that reach the person (reminders, the calendar file) and a step-by-step path
-- for the cases people bring without a lawyer. Every column added here is optional, so records
-- written before it read as they did.

-- A hearing's start, `HH:MM` on a 24-hour clock in local wall time (NULL: the deadline is the
-- whole day); where it happens (e.g. the court's address); and when to remind the person, as a JSON
-- array of offsets such as ["7d","2d","morning"] (NULL: the case's choice, else the default).
ALTER TABLE deadlines ADD COLUMN time TEXT;
ALTER TABLE deadlines ADD COLUMN location TEXT;
ALTER TABLE deadlines ADD COLUMN reminders TEXT;

-- What kind of case it is (one of the kinds with a step-by-step path, or NULL), and the reminder
-- offsets its deadlines get unless a deadline chooses its own (JSON array; NULL: the default).
ALTER TABLE cases ADD COLUMN kind TEXT;
ALTER TABLE cases ADD COLUMN reminders TEXT;

-- The steps of a case's path the person has ticked off. A step belongs to its case: deleting the
-- case deletes its ticks.
CREATE TABLE case_path_steps (
    case_id INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    step_id TEXT NOT NULL,
    done_at TEXT NOT NULL,
    PRIMARY KEY (case_id, step_id)
);

-- Reminders the person has dismissed, by key (`deadline/<id>/<offset>/<date>[T<HH:MM>]`): a
-- dismissed reminder never comes back. Deleting the deadline deletes its dismissals.
CREATE TABLE dismissed_reminders (
    key          TEXT PRIMARY KEY,
    deadline_id  INTEGER NOT NULL REFERENCES deadlines(id) ON DELETE CASCADE,
    dismissed_at TEXT NOT NULL
);
CREATE INDEX dismissed_reminders_by_deadline ON dismissed_reminders(deadline_id);
