//! Writes only when the person allowed them. A write tool (a note, a link, a deadline, a draft, an
//! opinion recorded in the law notes: every tool whose declared [`Effect`] is `Writes`) that a
//! model proposes is never made on the strength of the model's choice or of the words in
//! the request: what a model writes and what a document says can be made to read like anything.
//! It runs without asking in two cases only, both set by something the model cannot produce:
//!
//! - the person's own action was the write's start: a workflow started from its button or menu
//!   ([`WriteGate::person_started`]); Save as note and Add to deadlines are the person's actions
//!   themselves and go straight to the tool;
//! - the person (or a headless caller, explicitly) allowed this write tool for the conversation
//!   ([`WriteGrants`]: the window's "Allow for this conversation", the `allowWrites` field of
//!   `POST /api/chat`).
//!
//! Otherwise the call is not made: its result is `needs_confirmation`, and the window shows what
//! it would write with Allow once, Allow for this conversation and Don't allow. The injection
//! scan ([`super::injection`]) is a second line: instruction-like text read in this request, or in
//! the call's own arguments, holds a write even when it was allowed; it never allows one.

use std::collections::BTreeSet;
use std::sync::Mutex;

use crate::tool::{Effect, ToolError};

/// The write tools the person allowed without asking again, for one conversation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WriteGrants(BTreeSet<String>);

impl WriteGrants {
    /// Nothing allowed: every proposed write waits for the person.
    pub fn none() -> Self {
        WriteGrants::default()
    }

    /// Grants by tool name; `writing`: the names of the tools that write (from the registry,
    /// [`crate::tool::ToolSet::writing`]). A name that is not one of them is refused, naming them
    /// (a caller that misspells one must not believe it granted something).
    pub fn parse<S: AsRef<str>>(names: impl IntoIterator<Item = S>, writing: &[String]) -> Result<Self, String> {
        let mut grants = WriteGrants::none();
        for name in names {
            let name = name.as_ref();
            if !grants.allow(name, writing) {
                return Err(format!("{name:?} is not a write tool; the write tools are {}", writing.join(", ")));
            }
        }
        Ok(grants)
    }

    /// Allows `tool` from now on; false when it is not among `writing`.
    pub fn allow(&mut self, tool: &str, writing: &[String]) -> bool {
        if writing.iter().any(|w| w == tool) {
            self.0.insert(tool.to_string());
            true
        } else {
            false
        }
    }

    pub fn allows(&self, tool: &str) -> bool {
        self.0.contains(tool)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The allowed tools, in name order.
    pub fn names(&self) -> Vec<String> {
        self.0.iter().cloned().collect()
    }
}

/// One request's permission to write.
#[derive(Debug, Default)]
pub struct WriteGate {
    /// The person's own action started this request (a workflow from its button or menu).
    person_started: bool,
    /// The write tools allowed for this request's conversation.
    grants: WriteGrants,
    /// Where instruction-like text was read in this request, and what it was.
    tainted: Mutex<Vec<String>>,
}

impl WriteGate {
    /// For a workflow the person started (pressed its button or chose it in a menu): it is there
    /// to write. Never for a workflow a model started (`execute_workflow` runs under the gate of
    /// the request that called it).
    pub fn person_started() -> Self {
        WriteGate { person_started: true, ..WriteGate::default() }
    }

    /// For a conversation turn (Ask, Research, `/api/chat`): only the writes the person allowed
    /// for this conversation go ahead; every other proposed write waits for them.
    pub fn with_grants(grants: WriteGrants) -> Self {
        WriteGate { grants, ..WriteGate::default() }
    }

    /// Nothing written without confirmation.
    pub fn confirm_every_write() -> Self {
        WriteGate::default()
    }

    /// Whether the person's own action started this request.
    pub fn person_started_it(&self) -> bool {
        self.person_started
    }

    /// Instruction-like text was read: from here on, every write of the request needs confirming.
    pub fn taint(&self, what: String) {
        if let Ok(mut tainted) = self.tainted.lock()
            && !tainted.contains(&what)
        {
            tainted.push(what);
        }
    }

    pub fn tainted(&self) -> Vec<String> {
        self.tainted.lock().map(|t| t.clone()).unwrap_or_default()
    }

    /// Whether a call of `tool` may go ahead now: one that reads always may; one that writes
    /// (`effect`, the tool's own declaration) only as above. `args_flags`: instruction-like text
    /// in its own arguments.
    pub fn check(&self, tool: &str, effect: Effect, args_flags: &[&str]) -> Result<(), ToolError> {
        if !effect.writes() {
            return Ok(());
        }
        let why = if !args_flags.is_empty() {
            format!("its text reads like instructions ({})", args_flags.join("; "))
        } else if let Some(first) = self.tainted().first() {
            format!("text read in this request reads like instructions ({first}), so no change is made on its account")
        } else if self.person_started || self.grants.allows(tool) {
            return Ok(());
        } else {
            "the assistant proposed this change; a change to the person's records is made only when they allow it".to_string()
        };
        Err(ToolError::NeedsConfirmation(format!(
            "not written: {why}. The person can allow it in the window (Allow once, or Allow for this conversation)."
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WRITES: [&str; 8] =
        ["create_note", "append_to_note", "link", "add_deadline", "create_draft", "create_paper", "link_evidence", "process_opinion"];

    fn writing() -> Vec<String> {
        WRITES.map(String::from).to_vec()
    }

    #[test]
    fn a_proposed_write_waits_whatever_the_words_unless_the_tool_was_allowed() {
        // No words grant anything: the gate is not told the person's words at all.
        let gate = WriteGate::with_grants(WriteGrants::none());
        for write in WRITES {
            let held = gate.check(write, Effect::Writes, &[]).unwrap_err();
            assert_eq!(held.code(), "needs_confirmation", "{write}");
            assert!(held.to_string().contains("only when they allow it"), "{held}");
        }
        // Reads are never held, and what decides is the declaration, not the name.
        assert!(gate.check("GetDeadlines", Effect::Reads, &[]).is_ok());
        assert!(gate.check("a_tool_named_like_a_read", Effect::Writes, &[]).is_err());

        let allowed = WriteGate::with_grants(WriteGrants::parse(["create_note"], &writing()).unwrap());
        assert!(allowed.check("create_note", Effect::Writes, &[]).is_ok());
        assert_eq!(allowed.check("add_deadline", Effect::Writes, &[]).unwrap_err().code(), "needs_confirmation");
    }

    #[test]
    fn grants_name_write_tools_only() {
        let refused = WriteGrants::parse(["create_note", "create_notes"], &writing()).unwrap_err();
        assert!(refused.contains("\"create_notes\" is not a write tool") && refused.contains("process_opinion"), "{refused}");
        assert!(WriteGrants::parse(["GetCases"], &writing()).is_err());
        let mut grants = WriteGrants::parse(["link", "create_note"], &writing()).unwrap();
        assert_eq!(grants.names(), ["create_note", "link"]);
        assert!(!grants.allow("think", &writing()));
        assert!(grants.allow("link", &writing()), "allowing twice is allowing");
        assert!(WriteGrants::none().is_empty());
    }

    #[test]
    fn instruction_like_text_read_or_passed_holds_every_write_even_an_allowed_one() {
        let gate = WriteGate::person_started();
        assert!(gate.person_started_it());
        assert!(gate.check("add_deadline", Effect::Writes, &[]).is_ok());
        assert!(
            gate.check("append_to_note", Effect::Writes, &["asks to call a tool"])
                .unwrap_err()
                .to_string()
                .contains("its text reads like instructions")
        );
        gate.taint("GetDocumentText: asks to ignore earlier instructions".into());
        let held = gate.check("add_deadline", Effect::Writes, &[]).unwrap_err();
        assert!(held.to_string().contains("GetDocumentText: asks to ignore earlier instructions"), "{held}");

        let allowed = WriteGate::with_grants(WriteGrants::parse(WRITES, &writing()).unwrap());
        allowed.taint("fetch_opinion: asks to write a note".into());
        assert_eq!(allowed.check("create_note", Effect::Writes, &[]).unwrap_err().code(), "needs_confirmation");
        assert!(WriteGate::confirm_every_write().check("link", Effect::Writes, &[]).is_err());
    }
}
