//! Writes only when the person asked: a write tool (a note, a link, a deadline, a draft) runs
//! without asking when the person asked for a change in this request — their own words ask to
//! add, save, note, link… something, or they started a workflow that writes — and nothing read in
//! this request (a document, an opinion, a web page) held instruction-like text, and the call's
//! own arguments hold none. Otherwise the call is not made: its result is `needs_confirmation`,
//! and the window shows the write with a button that makes it, as the person's own action.

use std::sync::Mutex;

use regex::Regex;
use std::sync::LazyLock;

use crate::tool::ToolError;

/// The tools that change the person's records (or make a draft among them).
pub const WRITES: [&str; 5] = ["create_note", "append_to_note", "link", "add_deadline", "create_draft"];

pub fn is_write(tool: &str) -> bool {
    WRITES.contains(&tool)
}

static ASKS_TO_WRITE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"\b(add|append|save|write|record|create|remember|put|link|connect|attach|schedule|draft|log|track|jot|keep|store|file it|make (a|an|me a) (note|list|checklist|draft|entry|deadline|reminder)|take (a )?notes?|note (this|that|it|down)|set (a|up a) (deadline|reminder))\b",
    )
    .ok()
});

/// Whether the person's words ask for a change to their records.
pub fn asks_to_write(words: &str) -> bool {
    let normal = super::injection::normalise(words);
    ASKS_TO_WRITE.as_ref().is_some_and(|re| re.is_match(&normal))
}

/// One request's permission to write.
#[derive(Debug, Default)]
pub struct WriteGate {
    asked: bool,
    /// Where instruction-like text was read in this request, and what it was.
    tainted: Mutex<Vec<String>>,
}

impl WriteGate {
    /// For a conversation turn: writes go ahead when these words (the person's message) ask for one.
    pub fn for_words(words: &str) -> Self {
        WriteGate { asked: asks_to_write(words), tainted: Mutex::default() }
    }

    /// For a workflow the person started (pressed its button, or asked for it by name): it is
    /// there to write.
    pub fn person_started() -> Self {
        WriteGate { asked: true, tainted: Mutex::default() }
    }

    /// Nothing written without confirmation.
    pub fn confirm_every_write() -> Self {
        WriteGate::default()
    }

    pub fn person_asked(&self) -> bool {
        self.asked
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

    /// Whether `tool` may write now; `args_flags`: instruction-like text in its own arguments.
    pub fn check(&self, tool: &str, args_flags: &[&str]) -> Result<(), ToolError> {
        if !is_write(tool) {
            return Ok(());
        }
        let why = if !args_flags.is_empty() {
            format!("its text reads like instructions ({})", args_flags.join("; "))
        } else if let Some(first) = self.tainted().first() {
            format!("text read in this request reads like instructions ({first}), so no change is made on its account")
        } else if !self.asked {
            "the person did not ask for a change in this request".to_string()
        } else {
            return Ok(());
        };
        Err(ToolError::NeedsConfirmation(format!(
            "not written: {why}. The person can make this change in the window (Confirm), or ask for it in their own words."
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_persons_words_decide_whether_a_write_was_asked_for() {
        for asked in [
            "Add a note about the hearing",
            "please SAVE this to my notes",
            "link this document to § 20-124.3",
            "Make me a checklist",
            "note that down",
        ] {
            assert!(asked_gate(asked).check("append_to_note", &[]).is_ok(), "{asked}");
        }
        for not_asked in ["What are my deadlines?", "What does § 20-124.3 say about custody?", "Summarise the letter from the landlord"] {
            let refused = asked_gate(not_asked).check("create_note", &[]).unwrap_err();
            assert_eq!(refused.code(), "needs_confirmation", "{not_asked}");
            assert!(refused.to_string().contains("did not ask"), "{refused}");
        }
        // Reads are never held.
        assert!(asked_gate("What are my deadlines?").check("GetDeadlines", &[]).is_ok());
    }

    fn asked_gate(words: &str) -> WriteGate {
        WriteGate::for_words(words)
    }

    #[test]
    fn instruction_like_text_read_or_passed_holds_every_write() {
        let gate = WriteGate::person_started();
        assert!(gate.check("add_deadline", &[]).is_ok());
        assert!(
            gate.check("append_to_note", &["asks to call a tool"]).unwrap_err().to_string().contains("its text reads like instructions")
        );
        gate.taint("GetDocumentText: asks to ignore earlier instructions".into());
        let held = gate.check("add_deadline", &[]).unwrap_err();
        assert!(held.to_string().contains("GetDocumentText: asks to ignore earlier instructions"), "{held}");
        assert!(WriteGate::confirm_every_write().check("link", &[]).is_err());
    }
}
