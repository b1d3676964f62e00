//! The chat-completions wire format: requests in async-openai's types, answers read as JSON.
//!
//! Answers are read as plain JSON rather than async-openai's response types because servers
//! differ where those types are strict: Ollama and llama.cpp may send a tool call's arguments as
//! an object instead of its JSON text, some leave out call ids, and errors come in several shapes.

use async_openai::types::chat::{
    ChatCompletionMessageToolCall, ChatCompletionMessageToolCalls, ChatCompletionRequestAssistantMessage,
    ChatCompletionRequestAssistantMessageContent, ChatCompletionRequestMessage, ChatCompletionRequestSystemMessage,
    ChatCompletionRequestSystemMessageContent, ChatCompletionRequestToolMessage, ChatCompletionRequestToolMessageContent,
    ChatCompletionRequestUserMessage, ChatCompletionRequestUserMessageContent, ChatCompletionTool, ChatCompletionToolChoiceOption,
    ChatCompletionTools, CreateChatCompletionRequest, FunctionCall, FunctionObject, ToolChoiceOptions,
};
use serde_json::Value;

use crate::model::{ChatMessage, ModelError, ModelTurn, Role, ToolCall};
use crate::tool::ToolSpec;

/// A message in async-openai's request types.
pub fn wire_message(message: &ChatMessage) -> ChatCompletionRequestMessage {
    let content = message.content.clone();
    match message.role {
        Role::System => ChatCompletionRequestMessage::System(ChatCompletionRequestSystemMessage {
            content: ChatCompletionRequestSystemMessageContent::Text(content),
            name: None,
        }),
        Role::User => ChatCompletionRequestMessage::User(ChatCompletionRequestUserMessage {
            content: ChatCompletionRequestUserMessageContent::Text(content),
            name: None,
        }),
        Role::Assistant => {
            let calls = message.tool_calls.iter().map(|c| {
                ChatCompletionMessageToolCalls::Function(ChatCompletionMessageToolCall {
                    id: c.id.clone(),
                    function: FunctionCall { name: c.name.clone(), arguments: c.arguments.clone() },
                })
            });
            let tool_calls: Vec<_> = calls.collect();
            ChatCompletionRequestMessage::Assistant(ChatCompletionRequestAssistantMessage {
                // With tool calls an empty text is left out, as the API allows.
                content: (!content.is_empty() || tool_calls.is_empty())
                    .then_some(ChatCompletionRequestAssistantMessageContent::Text(content)),
                tool_calls: (!tool_calls.is_empty()).then_some(tool_calls),
                ..ChatCompletionRequestAssistantMessage::default()
            })
        }
        Role::Tool => ChatCompletionRequestMessage::Tool(ChatCompletionRequestToolMessage {
            content: ChatCompletionRequestToolMessageContent::Text(content),
            tool_call_id: message.tool_call_id.clone().unwrap_or_default(),
        }),
    }
}

/// A request over `messages` with nothing else set: not streamed, no tools.
pub fn plain_request(model: &str, messages: &[ChatMessage]) -> CreateChatCompletionRequest {
    CreateChatCompletionRequest {
        model: model.to_string(),
        messages: messages.iter().map(wire_message).collect(),
        ..CreateChatCompletionRequest::default()
    }
}

/// The phase-1 request: the tools offered, the model free to use them or not, not streamed.
pub fn tool_turn_request(model: &str, messages: &[ChatMessage], tools: &[ToolSpec]) -> CreateChatCompletionRequest {
    tool_turn_request_with(model, messages, tools, ToolChoiceOptions::Auto)
}

/// [`tool_turn_request`] with the model told how to choose: `Auto` (call tools or answer),
/// `Required` (call at least one).
pub fn tool_turn_request_with(
    model: &str,
    messages: &[ChatMessage],
    tools: &[ToolSpec],
    choice: ToolChoiceOptions,
) -> CreateChatCompletionRequest {
    let mut request = plain_request(model, messages);
    if !tools.is_empty() {
        let offered = tools.iter().map(|t| {
            ChatCompletionTools::Function(ChatCompletionTool {
                function: FunctionObject {
                    name: t.name.clone(),
                    description: Some(t.description.clone()),
                    parameters: Some(t.parameters.clone()),
                    strict: None,
                },
            })
        });
        request.tools = Some(offered.collect());
        request.tool_choice = Some(ChatCompletionToolChoiceOption::Mode(choice));
    }
    request
}

/// Reads a phase-1 answer: its text and tool calls, arguments kept as the text the model wrote.
pub fn parse_turn(response: &Value) -> Result<ModelTurn, ModelError> {
    let message = first_choice(response)?.get("message").ok_or_else(|| bad_response("a choice has no message", response))?;
    let tool_calls = message["tool_calls"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, call)| {
            let function = &call["function"];
            let name = function["name"].as_str().ok_or_else(|| bad_response("a tool call has no function name", response))?;
            let arguments = match &function["arguments"] {
                Value::String(s) => s.clone(),
                Value::Null => String::new(),
                // Some servers send the arguments as an object rather than its JSON text.
                other => other.to_string(),
            };
            let id = call["id"].as_str().filter(|id| !id.is_empty()).map(str::to_string).unwrap_or_else(|| format!("call_{i}"));
            Ok(ToolCall { id, name: name.to_string(), arguments })
        })
        .collect::<Result<Vec<_>, ModelError>>()?;
    Ok(ModelTurn { content: message["content"].as_str().unwrap_or_default().to_string(), tool_calls })
}

/// `choices[0]`, or the error a server put in a 200 body.
pub(super) fn first_choice(response: &Value) -> Result<&Value, ModelError> {
    if let Some(choice) = response["choices"].get(0) {
        return Ok(choice);
    }
    match message_in(response) {
        Some(message) if response.get("error").is_some() => {
            Err(ModelError::BadResponse(format!("the service answered with an error: {message}")))
        }
        _ => Err(bad_response("the answer has no choices", response)),
    }
}

/// The service's own words from an error body: OpenAI's documented `{"error": {"message"}}`, or
/// the shapes other servers use (`{"error": "..."}`, `{"message"}`, `{"detail"}`), or plain text.
pub fn error_message(body: &[u8]) -> Option<String> {
    match serde_json::from_slice::<Value>(body) {
        Ok(json) => message_in(&json),
        Err(_) => {
            let text = String::from_utf8_lossy(body);
            let text = text.trim();
            // Plain-text errors are worth showing; HTML error pages are not.
            (!text.is_empty() && !text.starts_with('<')).then(|| cut(text, 400))
        }
    }
}

/// The message of an error object in any of the shapes [`error_message`] reads.
pub(super) fn message_in(json: &Value) -> Option<String> {
    let candidates = [&json["error"]["message"], &json["error"], &json["message"], &json["detail"]];
    candidates.iter().find_map(|v| v.as_str()).map(str::trim).filter(|s| !s.is_empty()).map(|s| cut(s, 400))
}

pub(super) fn cut(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

pub(super) fn bad_response(what: &str, response: &Value) -> ModelError {
    ModelError::BadResponse(format!("{what}: {}", cut(&response.to_string(), 300)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::Effect;
    use serde_json::json;

    fn json_of(message: &ChatMessage) -> Value {
        serde_json::to_value(wire_message(message)).unwrap()
    }

    #[test]
    fn error_messages_come_from_each_servers_shape() {
        let openai = br#"{"error":{"message":"Incorrect API key provided.","type":"invalid_request_error","code":"invalid_api_key"}}"#;
        assert_eq!(error_message(openai).as_deref(), Some("Incorrect API key provided."));
        assert_eq!(error_message(br#"{"error":"model 'x' not found"}"#).as_deref(), Some("model 'x' not found"));
        assert_eq!(error_message(br#"{"object":"error","message":"too long","code":400}"#).as_deref(), Some("too long"));
        assert_eq!(error_message(br#"{"detail":"Not Found"}"#).as_deref(), Some("Not Found"));
        assert_eq!(error_message(b"upstream connect error").as_deref(), Some("upstream connect error"));
        assert_eq!(error_message(b"<html><body>502 Bad Gateway</body></html>"), None);
    }

    #[test]
    fn messages_are_written_in_the_wire_format() {
        let calls = vec![ToolCall { id: "call_1".into(), name: "get_node".into(), arguments: r#"{"id":7}"#.into() }];
        // An assistant turn that only calls tools has no `content` key (the API allows it absent or null).
        assert_eq!(
            json_of(&ChatMessage::assistant_calls("", calls)),
            json!({"role": "assistant", "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_node", "arguments": "{\"id\":7}"}}]})
        );
        assert_eq!(
            json_of(&ChatMessage::tool("call_1", "{\"ok\":1}")),
            json!({"role": "tool", "tool_call_id": "call_1", "content": "{\"ok\":1}"})
        );
        assert_eq!(json_of(&ChatMessage::assistant("hi")), json!({"role": "assistant", "content": "hi"}));
        assert_eq!(json_of(&ChatMessage::assistant("")), json!({"role": "assistant", "content": ""}));
        assert_eq!(json_of(&ChatMessage::system("be brief")), json!({"role": "system", "content": "be brief"}));
        assert_eq!(json_of(&ChatMessage::user("q")), json!({"role": "user", "content": "q"}));
        let spec =
            ToolSpec { name: "get_stats".into(), description: "d".into(), parameters: json!({"type": "object"}), effect: Effect::Reads };
        let body = serde_json::to_value(tool_turn_request("m", &[ChatMessage::user("q")], &[spec])).unwrap();
        assert_eq!(
            body["tools"],
            json!([{"type": "function", "function": {"name": "get_stats", "description": "d", "parameters": {"type": "object"}}}])
        );
        assert_eq!(body["tool_choice"], "auto");
        assert_eq!(body["model"], "m");
        assert!(body.get("stream").is_none());
        let bare = serde_json::to_value(tool_turn_request("m", &[ChatMessage::user("q")], &[])).unwrap();
        assert_eq!(bare, json!({"model": "m", "messages": [{"role": "user", "content": "q"}]}), "nothing else is sent");
    }

    #[test]
    fn tool_calls_keep_the_arguments_the_model_wrote() {
        let response = json!({"choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": null, "tool_calls": [
            {"id": "call_a", "type": "function", "function": {"name": "search_nodes", "arguments": "{\"search\": \"FOIA\""}},
            {"type": "function", "function": {"name": "get_node", "arguments": {"id": 3}}}
        ]}}]});
        let turn = parse_turn(&response).unwrap();
        assert_eq!(turn.content, "");
        assert_eq!(
            turn.tool_calls[0],
            ToolCall { id: "call_a".into(), name: "search_nodes".into(), arguments: "{\"search\": \"FOIA\"".into() }
        );
        assert_eq!(turn.tool_calls[1], ToolCall { id: "call_1".into(), name: "get_node".into(), arguments: "{\"id\":3}".into() });
        let stop = parse_turn(&json!({"choices": [{"message": {"role": "assistant", "content": "done"}}]})).unwrap();
        assert_eq!((stop.content.as_str(), stop.tool_calls.len()), ("done", 0));
        assert!(matches!(parse_turn(&json!({"choices": []})), Err(ModelError::BadResponse(_))));
        let error = parse_turn(&json!({"error": {"message": "overloaded"}})).unwrap_err();
        assert!(error.to_string().contains("overloaded"), "{error}");
    }
}
