//! A case's step-by-step path and which court hears it: the kinds of case with a path, a case's
//! plan (where the person is and what comes next), the dates it counts from, and the steps the
//! person ticked off. The server computes every deadline; this is only the way to it.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{Workspace, WorkspaceError};

/// Longest step id the server takes.
const MAX_STEP_ID_CHARS: usize = 100;

/// A step id as the server names them (`file-answer`, `appeal.bond`): 1 to 100 lowercase letters,
/// digits, `-`, `_` or `.`, and not only dots (it travels in the URL's path, where `..` means the
/// folder above).
pub fn is_step_id(step_id: &str) -> bool {
    (1..=MAX_STEP_ID_CHARS).contains(&step_id.len())
        && step_id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'_' | b'.'))
        && !step_id.bytes().all(|b| b == b'.')
}

impl Workspace {
    /// `{about, caveats, kinds: [{kind, title, summary, dates: [{key, label, court?}], steps}]}`:
    /// the kinds of case that have a path, for the window's chooser.
    pub async fn path_kinds(&self) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::GET, "/api/paths")).await
    }

    /// Case `case_id`'s plan: `{kind, title, summary, court, dates, next, steps, caveats}`, each
    /// step with its status and deadline. [`WorkspaceError::Conflict`] when the case has no kind.
    pub async fn case_path(&self, case_id: i64) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::GET, &format!("/api/cases/{case_id}/path"))).await
    }

    /// Saves a case's `{kind?, dates?, amount?}` (dates merge with those it has; `null` clears
    /// one) and puts its path in the case's deadlines: → the plan.
    pub async fn set_case_path(&self, case_id: i64, changes: &Value) -> Result<Value, WorkspaceError> {
        if !changes.is_object() {
            return Err(WorkspaceError::invalid("changes", "send kind, dates and amount as an object"));
        }
        self.json(self.request(Method::PUT, &format!("/api/cases/{case_id}/path")).json(changes)).await
    }

    /// Ticks a step of the case's path off (`done`), or back on: `{stepId, doneAt}` when ticked,
    /// `null` when unticked.
    pub async fn tick_step(&self, case_id: i64, step_id: &str, done: bool) -> Result<Value, WorkspaceError> {
        if !is_step_id(step_id) {
            return Err(WorkspaceError::invalid("stepId", "must be 1 to 100 lowercase letters, digits, '-', '_' or '.'"));
        }
        let path = format!("/api/cases/{case_id}/steps/{step_id}");
        if done {
            self.json(self.request(Method::PUT, &path).json(&json!({}))).await
        } else {
            self.json(self.request(Method::DELETE, &path)).await
        }
    }

    /// `{court: general-district | jdr | circuit, courtName, also, why, sections}` for a kind of
    /// case and the dollars claimed.
    pub async fn which_court(&self, kind: &str, amount: Option<f64>) -> Result<Value, WorkspaceError> {
        let mut query = vec![("kind", kind.to_string())];
        if let Some(amount) = amount {
            if !amount.is_finite() {
                return Err(WorkspaceError::invalid("amount", "must be a number of dollars"));
            }
            query.push(("amount", amount.to_string()));
        }
        self.json(self.request(Method::GET, "/api/which-court").query(&query)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_ids_are_what_the_server_takes_and_never_climb_the_path() {
        for good in ["file-answer", "appeal.bond", "step_2", "a"] {
            assert!(is_step_id(good), "{good}");
        }
        for bad in ["", "..", ".", "File", "a/b", "a b", "a?x=1", "é", &"a".repeat(101)] {
            assert!(!is_step_id(bad), "{bad}");
        }
    }
}
