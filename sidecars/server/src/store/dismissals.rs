//! `dismissed_reminders`: the reminders the person has dismissed, by key (see
//! [`crate::reminders`]), so that none comes back. A deadline's dismissals go with it.

use std::collections::HashSet;

use rusqlite::{Connection, params};

use super::{exists, now};
use crate::ApiError;
use crate::reminders;

/// What dismissing a list of keys did.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Dismissed {
    /// The keys now dismissed (newly or already).
    pub dismissed: Vec<String>,
    /// Keys of deadlines that no longer exist: nothing to dismiss.
    pub ignored: Vec<String>,
}

/// Records `keys` as dismissed; dismissing a key twice changes nothing. Every key must be one
/// [`reminders::key`] makes (checked by the caller with [`reminders::deadline_of_key`]).
pub fn dismiss(c: &Connection, keys: &[String]) -> Result<Dismissed, ApiError> {
    let mut answer = Dismissed::default();
    for key in keys {
        let Some(deadline_id) = reminders::deadline_of_key(key) else {
            return Err(ApiError::field("keys", format!("{key:?} is not a reminder key")));
        };
        if !exists(c, "deadlines", deadline_id)? {
            answer.ignored.push(key.clone());
            continue;
        }
        c.prepare_cached("INSERT OR IGNORE INTO dismissed_reminders (key, deadline_id, dismissed_at) VALUES (?1, ?2, ?3)")?
            .execute(params![key, deadline_id, now()])?;
        answer.dismissed.push(key.clone());
    }
    Ok(answer)
}

/// The dismissed keys of deadline `deadline_id`.
pub fn dismissed(c: &Connection, deadline_id: i64) -> Result<HashSet<String>, ApiError> {
    let mut stmt = c.prepare_cached("SELECT key FROM dismissed_reminders WHERE deadline_id = ?1")?;
    Ok(stmt.query_map([deadline_id], |r| r.get(0))?.collect::<Result<_, _>>()?)
}
