//! What a conversation sent to the agent must look like, checked in one place for every way in:
//! the desktop's `chat`/`research` commands, the server's `POST /api/chat` and `/api/research`,
//! and [`crate::runner::Agent::run`] itself.
//!
//! The rules: at most [`MAX_MESSAGES`] messages of role `user` or `assistant`, none longer than
//! [`MAX_MESSAGE_CHARS`] characters, all together at most [`MAX_TOTAL_CHARS`], and the last one the
//! person's question (a `user` message with text).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::model::{ChatMessage, Role};

/// Most messages of history one request may carry.
pub const MAX_MESSAGES: usize = 100;
/// Longest single message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 20_000;
/// Longest conversation, all messages together, in characters.
pub const MAX_TOTAL_CHARS: usize = 200_000;

/// One message as a client sends it: `{"role": "user"|"assistant", "content": "..."}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireMessage {
    pub role: String,
    pub content: String,
}

impl WireMessage {
    pub fn user(content: impl Into<String>) -> Self {
        WireMessage { role: "user".into(), content: content.into() }
    }
}

/// Which rule a conversation broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ConversationRule {
    /// `messages` is missing or not a list of `{role, content}`.
    NotAList,
    TooManyMessages,
    UnknownRole,
    /// `content` is not text.
    NotText,
    MessageTooLong,
    ConversationTooLong,
    /// No question to answer: the last message is not a `user` message with text.
    NoQuestion,
}

/// Why a conversation was refused: the rule, a sentence for the person, and the field it concerns
/// (`messages`, `messages[3].content`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct ConversationError {
    pub code: ConversationRule,
    pub message: String,
    pub field: String,
}

impl ConversationError {
    fn new(code: ConversationRule, field: impl Into<String>, message: impl Into<String>) -> Self {
        ConversationError { code, message: message.into(), field: field.into() }
    }
}

/// Checks a conversation as it came over the wire and turns it into the agent's messages.
pub fn conversation(messages: &[WireMessage]) -> Result<Vec<ChatMessage>, ConversationError> {
    if messages.len() > MAX_MESSAGES {
        return Err(too_many(messages.len()));
    }
    let history = messages
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let role = match m.role.as_str() {
                "user" => Role::User,
                "assistant" => Role::Assistant,
                other => return Err(unknown_role(i, other)),
            };
            Ok(ChatMessage { role, content: m.content.clone(), tool_calls: Vec::new(), tool_call_id: None })
        })
        .collect::<Result<Vec<_>, _>>()?;
    check(&history)?;
    Ok(history)
}

/// Reads and checks `{"messages": [...]}`, naming the field at fault (`messages[0].content`).
pub fn conversation_from_json(body: &Value) -> Result<Vec<ChatMessage>, ConversationError> {
    let Some(list) = body.get("messages").and_then(Value::as_array) else {
        return Err(ConversationError::new(
            ConversationRule::NotAList,
            "messages",
            "required: a list of {role, content} ending with the person's question",
        ));
    };
    if list.len() > MAX_MESSAGES {
        return Err(too_many(list.len()));
    }
    let mut wire = Vec::with_capacity(list.len());
    for (i, m) in list.iter().enumerate() {
        let role = match m.get("role") {
            Some(Value::String(role)) => role.clone(),
            other => return Err(unknown_role(i, &other.map(Value::to_string).unwrap_or_else(|| "nothing".into()))),
        };
        let Some(content) = m.get("content").and_then(Value::as_str) else {
            return Err(ConversationError::new(ConversationRule::NotText, format!("messages[{i}].content"), "must be text"));
        };
        wire.push(WireMessage { role, content: content.to_string() });
    }
    conversation(&wire)
}

/// The rules every conversation the agent answers must keep (see the module doc).
pub fn check(history: &[ChatMessage]) -> Result<(), ConversationError> {
    if history.len() > MAX_MESSAGES {
        return Err(too_many(history.len()));
    }
    let mut total = 0;
    for (i, m) in history.iter().enumerate() {
        if !matches!(m.role, Role::User | Role::Assistant) {
            let role = serde_json::to_value(m.role).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
            return Err(unknown_role(i, &role));
        }
        let chars = m.content.chars().count();
        if chars > MAX_MESSAGE_CHARS {
            return Err(ConversationError::new(
                ConversationRule::MessageTooLong,
                format!("messages[{i}].content"),
                format!("a message is too long ({chars} characters, at most {MAX_MESSAGE_CHARS}); shorten it"),
            ));
        }
        total += chars;
    }
    if total > MAX_TOTAL_CHARS {
        return Err(ConversationError::new(
            ConversationRule::ConversationTooLong,
            "messages",
            format!("the conversation is too long ({total} characters, at most {MAX_TOTAL_CHARS}); start a new one"),
        ));
    }
    match history.last() {
        Some(last) if last.role == Role::User && !last.content.trim().is_empty() => Ok(()),
        _ => Err(ConversationError::new(
            ConversationRule::NoQuestion,
            "messages",
            "the conversation has no question: type one (send at least one user message with text, last)",
        )),
    }
}

fn too_many(count: usize) -> ConversationError {
    ConversationError::new(
        ConversationRule::TooManyMessages,
        "messages",
        format!("the conversation is too long ({count} messages, at most {MAX_MESSAGES}); start a new one"),
    )
}

fn unknown_role(i: usize, role: &str) -> ConversationError {
    ConversationError::new(
        ConversationRule::UnknownRole,
        format!("messages[{i}].role"),
        format!("must be \"user\" or \"assistant\", got {role:?}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn m(role: &str, content: &str) -> WireMessage {
        WireMessage { role: role.into(), content: content.into() }
    }

    #[test]
    fn user_and_assistant_turns_pass_and_everything_else_is_refused_naming_the_field() {
        let history = conversation(&[m("user", "hi"), m("assistant", "hello"), m("user", "FOIA?")]).unwrap();
        assert_eq!(history.iter().map(|m| m.role).collect::<Vec<_>>(), [Role::User, Role::Assistant, Role::User]);

        let err = conversation(&[m("system", "obey"), m("user", "q")]).unwrap_err();
        assert_eq!((err.code, err.field.as_str()), (ConversationRule::UnknownRole, "messages[0].role"));
        let err = conversation(&[m("user", "  ")]).unwrap_err();
        assert_eq!((err.code, err.field.as_str()), (ConversationRule::NoQuestion, "messages"));
        assert!(err.message.contains("at least one user message"), "{err}");
        let err = conversation(&[m("user", "q"), m("assistant", "a")]).unwrap_err();
        assert_eq!(err.code, ConversationRule::NoQuestion);
        assert_eq!(conversation(&[]).unwrap_err().code, ConversationRule::NoQuestion);
    }

    #[test]
    fn sizes_are_bounded_per_message_in_count_and_in_total() {
        let err = conversation(&[m("user", &"x".repeat(MAX_MESSAGE_CHARS + 1))]).unwrap_err();
        assert_eq!((err.code, err.field.as_str()), (ConversationRule::MessageTooLong, "messages[0].content"));
        assert!(err.message.contains("too long"));
        // Characters, not bytes: a message of 20 000 "é" is allowed.
        assert!(conversation(&[m("user", &"é".repeat(MAX_MESSAGE_CHARS))]).is_ok());

        let many: Vec<WireMessage> = (0..=MAX_MESSAGES).map(|_| m("user", "q")).collect();
        assert_eq!(conversation(&many).unwrap_err().code, ConversationRule::TooManyMessages);

        let big: Vec<WireMessage> = (0..11).map(|_| m("user", &"x".repeat(MAX_MESSAGE_CHARS))).collect();
        let err = conversation(&big).unwrap_err();
        assert_eq!((err.code, err.field.as_str()), (ConversationRule::ConversationTooLong, "messages"));
    }

    #[test]
    fn json_bodies_name_the_message_at_fault() {
        let field = |body: Value| conversation_from_json(&body).unwrap_err().field;
        assert_eq!(field(json!({})), "messages");
        assert_eq!(field(json!({"messages": "hi"})), "messages");
        assert_eq!(field(json!({"messages": [{"role": "system", "content": "x"}]})), "messages[0].role");
        assert_eq!(field(json!({"messages": [{"content": "x"}]})), "messages[0].role");
        assert_eq!(field(json!({"messages": [{"role": "user", "content": 5}]})), "messages[0].content");
        assert_eq!(field(json!({"messages": [{"role": "assistant", "content": "hi"}]})), "messages");
        let ok = conversation_from_json(&json!({"messages": [{"role": "user", "content": "q"}]})).unwrap();
        assert_eq!(ok, vec![ChatMessage::user("q")]);
    }

    #[test]
    fn the_error_serialises_with_its_code_message_and_field() {
        let err = conversation(&[m("tool", "x"), m("user", "q")]).unwrap_err();
        assert_eq!(
            serde_json::to_value(&err).unwrap(),
            json!({"code": "unknown_role", "message": "must be \"user\" or \"assistant\", got \"tool\"", "field": "messages[0].role"})
        );
    }
}
