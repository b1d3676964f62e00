//! `conversations`: every Ask and Research conversation, saved as it happens — the question
//! before the agent starts, the answer (with the events that show its trail and sources) when
//! it is done — so a crash loses at most the answer being written.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;
use serde_json::Value;

use super::{ListFilter, Page, Table, check_case, now, page};
use crate::ApiError;
use crate::fields::Fields;

pub const KINDS: &[&str] = &["chat", "research"];
pub const ROLES: &[&str] = &["user", "assistant"];
/// Longest message text, in characters.
pub const MAX_CONTENT_CHARS: usize = 200_000;
/// Largest saved event list of one answer, in bytes of JSON.
pub const MAX_EVENTS_BYTES: usize = 4 * 1024 * 1024;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    pub id: i64,
    pub title: String,
    /// `chat` or `research`.
    pub kind: String,
    pub case_id: Option<i64>,
    pub created_at: String,
    pub updated_at: String,
    pub message_count: i64,
    /// Only when one conversation is read, oldest first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub messages: Option<Vec<Message>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub id: i64,
    pub role: String,
    pub content: String,
    /// The agent events of an answer, as the window replays them; `[]` for a question.
    pub events: Value,
    pub created_at: String,
}

#[derive(Debug, Clone)]
pub struct ConversationInput {
    pub title: String,
    pub kind: String,
    pub case_id: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct MessageInput {
    pub role: String,
    pub content: String,
    pub events: Value,
}

pub struct Conversations;

const COLUMNS: &str = "c.id, c.title, c.kind, c.case_id, c.created_at, c.updated_at, \
                       (SELECT count(*) FROM conversation_messages m WHERE m.conversation_id = c.id)";

fn from_row(r: &Row<'_>) -> rusqlite::Result<Conversation> {
    Ok(Conversation {
        id: r.get(0)?,
        title: r.get(1)?,
        kind: r.get(2)?,
        case_id: r.get(3)?,
        created_at: r.get(4)?,
        updated_at: r.get(5)?,
        message_count: r.get(6)?,
        messages: None,
    })
}

pub fn parse_message(body: &Value) -> Result<MessageInput, ApiError> {
    let mut f = Fields::new(body, &["role", "content", "events"], "field")?;
    let role = f.one_of("role", ROLES);
    if role.is_none() && !f.has("role") {
        f.error("role", format!("is required: one of {}", ROLES.join(", ")));
    }
    let content = f.required_text("content", MAX_CONTENT_CHARS);
    let events = match f.raw("events") {
        None => Value::Array(Vec::new()),
        Some(events @ Value::Array(_)) => {
            if serde_json::to_vec(events).map_or(0, |b| b.len()) > MAX_EVENTS_BYTES {
                f.error("events", format!("at most {MAX_EVENTS_BYTES} bytes of events per message"));
            }
            events.clone()
        }
        Some(_) => {
            f.error("events", "must be a list of agent events");
            Value::Array(Vec::new())
        }
    };
    f.finish()?;
    Ok(MessageInput { role: role.unwrap_or_default(), content, events })
}

/// Appends a message and marks the conversation as just used; its id.
pub fn append(c: &Connection, conversation_id: i64, m: &MessageInput) -> Result<i64, ApiError> {
    let at = now();
    let changed = c.prepare_cached("UPDATE conversations SET updated_at = ?2 WHERE id = ?1")?.execute(params![conversation_id, at])?;
    if changed == 0 {
        return Err(ApiError::not_found("conversation", conversation_id));
    }
    let events = serde_json::to_string(&m.events).map_err(|e| ApiError::Internal(e.to_string()))?;
    c.prepare_cached("INSERT INTO conversation_messages (conversation_id, role, content, events, created_at) VALUES (?1, ?2, ?3, ?4, ?5)")?
        .execute(params![conversation_id, m.role, m.content, events, at])?;
    Ok(c.last_insert_rowid())
}

/// The messages of conversation `id`, oldest first, as reading the conversation gives them; a
/// 404 when there is no such conversation (`GET /api/conversations/{id}/messages`).
pub fn messages_of(c: &Connection, id: i64) -> Result<Vec<Message>, ApiError> {
    if !c.prepare_cached("SELECT 1 FROM conversations WHERE id = ?1")?.exists([id])? {
        return Err(ApiError::not_found("conversation", id));
    }
    messages(c, id)
}

/// The messages of a conversation, oldest first (none for a conversation that does not exist).
pub fn messages(c: &Connection, conversation_id: i64) -> Result<Vec<Message>, ApiError> {
    let mut stmt =
        c.prepare_cached("SELECT id, role, content, events, created_at FROM conversation_messages WHERE conversation_id = ?1 ORDER BY id")?;
    let rows = stmt.query_map([conversation_id], |r| {
        let events: String = r.get(3)?;
        Ok(Message {
            id: r.get(0)?,
            role: r.get(1)?,
            content: r.get(2)?,
            events: serde_json::from_str(&events).unwrap_or(Value::Array(Vec::new())),
            created_at: r.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

impl Table for Conversations {
    const NOUN: &'static str = "conversation";
    const FIELDS: &'static [&'static str] = &["title", "kind", "caseId"];
    const COMPUTED: &'static [&'static str] = &["messageCount", "messages"];
    type Record = Conversation;
    type Input = ConversationInput;

    fn parse(body: &Value) -> Result<ConversationInput, ApiError> {
        let mut f = Fields::record(body, Self::FIELDS, Self::COMPUTED)?;
        let input = ConversationInput {
            title: f.required_text("title", 300),
            kind: f.one_of("kind", KINDS).unwrap_or_else(|| "chat".into()),
            case_id: f.id("caseId"),
        };
        f.finish()?;
        Ok(input)
    }

    /// Most recently used first.
    fn list(c: &Connection, filter: &ListFilter) -> Result<Page<Conversation>, ApiError> {
        let select = format!("SELECT {COLUMNS} FROM conversations c WHERE :case IS NULL OR c.case_id = :case");
        page(c, &select, "updated_at DESC, id DESC", &[(":case", &filter.case_id)], filter, from_row)
    }

    fn get(c: &Connection, id: i64) -> Result<Option<Conversation>, ApiError> {
        let found =
            c.prepare_cached(&format!("SELECT {COLUMNS} FROM conversations c WHERE c.id = ?1"))?.query_row([id], from_row).optional()?;
        match found {
            Some(mut conversation) => {
                conversation.messages = Some(messages(c, id)?);
                Ok(Some(conversation))
            }
            None => Ok(None),
        }
    }

    fn insert(c: &Connection, i: &ConversationInput) -> Result<i64, ApiError> {
        check_case(c, i.case_id)?;
        c.prepare_cached("INSERT INTO conversations (title, kind, case_id, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)")?
            .execute(params![i.title, i.kind, i.case_id, now()])?;
        Ok(c.last_insert_rowid())
    }

    fn update(c: &Connection, id: i64, i: &ConversationInput) -> Result<(), ApiError> {
        check_case(c, i.case_id)?;
        c.prepare_cached("UPDATE conversations SET title = ?2, kind = ?3, case_id = ?4, updated_at = ?5 WHERE id = ?1")?
            .execute(params![id, i.title, i.kind, i.case_id, now()])?;
        Ok(())
    }

    fn delete(c: &Connection, id: i64) -> Result<bool, ApiError> {
        Ok(c.prepare_cached("DELETE FROM conversations WHERE id = ?1")?.execute([id])? > 0)
    }
}
