//! The writes the person allowed for a conversation ("Allow for this conversation" on a write
//! the assistant proposed), kept while the app runs: later questions of that conversation may make
//! those writes without asking again. Never saved: after a restart every write asks once more, and
//! deleting the conversation forgets them (its id may be given to a new one).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use proseva_agent::pipeline::WriteGrants;

use crate::error::CommandError;

#[derive(Clone, Default)]
pub struct ConversationGrants(Arc<Mutex<HashMap<i64, WriteGrants>>>);

impl ConversationGrants {
    fn lock(&self) -> MutexGuard<'_, HashMap<i64, WriteGrants>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The writes allowed in `conversation`; none for a new or unsaved one.
    pub fn of(&self, conversation: Option<i64>) -> WriteGrants {
        conversation.and_then(|id| self.lock().get(&id).cloned()).unwrap_or_default()
    }

    /// Allows `tool` in `conversation` from now on; what is allowed there now. `writing`: the
    /// registry's write tools ([`proseva_agent::runner::Agent::writing_tools`]).
    pub fn allow(&self, conversation: i64, tool: &str, writing: &[String]) -> Result<WriteGrants, CommandError> {
        let mut all = self.lock();
        let grants = all.entry(conversation).or_default();
        if !grants.allow(tool, writing) {
            return Err(CommandError::invalid("name", format!("only a write can be allowed: {}", writing.join(", "))));
        }
        Ok(grants.clone())
    }

    /// Forgets what was allowed in `conversation` (deleted, or the person took it back).
    pub fn forget(&self, conversation: i64) {
        self.lock().remove(&conversation);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grant_holds_for_its_conversation_only_until_forgotten() {
        let grants = ConversationGrants::default();
        let writing = ["create_note", "add_deadline", "process_opinion"].map(String::from);
        assert!(grants.of(Some(4)).is_empty() && grants.of(None).is_empty());
        assert_eq!(grants.allow(4, "create_note", &writing).unwrap().names(), ["create_note"]);
        assert!(grants.allow(4, "GetCases", &writing).is_err(), "only writes");
        assert!(grants.of(Some(4)).allows("create_note"));
        assert!(!grants.of(Some(4)).allows("add_deadline"));
        assert!(grants.of(Some(5)).is_empty(), "another conversation allows nothing");
        grants.forget(4);
        assert!(grants.of(Some(4)).is_empty());
    }
}
