//! A model's own chat template (the Jinja text in its GGUF's `tokenizer.chat_template`), rendered
//! here when a request carries tools: llama.cpp's built-in formats, which this crate applies for
//! plain chats, know nothing of tools.
//!
//! Templates are written for Hugging Face `transformers`, so they are rendered the way it renders
//! them: blocks trimmed (`trim_blocks`, `lstrip_blocks`), Python's string methods available
//! (`.strip()`, `.startswith()`, `.split()` …), `tojson` writing JSON as Python's `json.dumps`
//! does (`", "` and `": "` between items, text not escaped), `raise_exception(…)` and
//! `strftime_now(…)` defined. A template is data from a file the person chose, so its rendering
//! has a budget of work ([`FUEL`]) and its errors come back as text, never a panic.

use std::fmt::Write as _;

use minijinja::value::Kwargs;
use minijinja::{Environment, Error, ErrorKind, Value};
use serde::Serialize;
use serde_json::Value as Json;

/// Most template instructions one rendering may run: a long conversation needs a few thousand; a
/// template that loops for ever stops here.
const FUEL: u64 = 5_000_000;

/// What goes into a rendering: the conversation in OpenAI's shape (`role`, `content`, and for the
/// assistant's calls `tool_calls` with their `arguments` as JSON objects), the tools offered in
/// OpenAI's shape (`{"type": "function", "function": {name, description, parameters}}`), and the
/// model's own beginning- and end-of-text tokens as text.
pub struct Conversation<'a> {
    pub messages: &'a [Json],
    pub tools: Option<&'a [Json]>,
    pub bos_token: &'a str,
    pub eos_token: &'a str,
}

/// The prompt `template` makes of `conversation`, ending where the assistant's reply begins.
pub fn render(template: &str, conversation: &Conversation<'_>) -> Result<String, String> {
    let mut env = Environment::new();
    env.set_trim_blocks(true);
    env.set_lstrip_blocks(true);
    env.set_fuel(Some(FUEL));
    env.set_unknown_method_callback(minijinja_contrib::pycompat::unknown_method_callback);
    env.add_filter("tojson", tojson);
    env.add_function("raise_exception", |message: String| -> Result<Value, Error> {
        Err(Error::new(ErrorKind::InvalidOperation, message))
    });
    env.add_function("strftime_now", strftime_now);
    let compiled = env.template_from_str(template).map_err(|e| format!("the model's chat template could not be read: {e}"))?;
    let context = minijinja::context! {
        messages => conversation.messages.iter().map(ordered).collect::<Value>(),
        tools => conversation.tools.map(|tools| tools.iter().map(ordered).collect::<Value>()),
        add_generation_prompt => true,
        bos_token => conversation.bos_token,
        eos_token => conversation.eos_token,
        // Qwen 3 thinks aloud before answering unless told not to; a tool choice does not need it,
        // and on a CPU every token costs.
        enable_thinking => false,
    };
    compiled.render(context).map_err(|e| format!("the model's chat template failed: {}", describe(&e)))
}

/// Keys in the order people write them (and the models saw in training): a tool's `type` before
/// its `function`, a function's `name`, `description`, `parameters`; the rest alphabetical.
const KEY_ORDER: [&str; 12] =
    ["role", "content", "type", "function", "name", "description", "parameters", "properties", "required", "id", "tool_calls", "arguments"];

/// `json` as a template value, objects' keys in [`KEY_ORDER`].
fn ordered(json: &Json) -> Value {
    match json {
        Json::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort_by_key(|k| KEY_ORDER.iter().position(|p| p == k).unwrap_or(KEY_ORDER.len()));
            keys.into_iter().map(|k| (k.as_str(), ordered(&map[k]))).collect()
        }
        Json::Array(items) => items.iter().map(ordered).collect(),
        other => Value::from_serialize(other),
    }
}

/// An error's own message, without minijinja's debug dump of the whole template.
fn describe(e: &Error) -> String {
    match e.detail() {
        Some(detail) => detail.to_string(),
        None => e.kind().to_string(),
    }
}

/// JSON as Python's `json.dumps(value, ensure_ascii=False, indent=…)` writes it, which is what
/// the templates (and so the models) were made with.
fn tojson(value: &Value, kwargs: Kwargs) -> Result<String, Error> {
    let indent: Option<usize> = kwargs.get("indent")?;
    // Python's other arguments (sort_keys, separators) change nothing a model relies on.
    for unused in ["sort_keys", "separators", "ensure_ascii"] {
        let _: Option<Value> = kwargs.get(unused)?;
    }
    kwargs.assert_all_used()?;
    Ok(python_json(value, indent))
}

/// `json.dumps` with its default separators, or indented by `indent` spaces.
pub fn python_json(value: &impl Serialize, indent: Option<usize>) -> String {
    let mut out = Vec::new();
    let written = match indent {
        Some(n) => {
            let spaces = " ".repeat(n.min(16));
            let mut writer =
                serde_json::Serializer::with_formatter(&mut out, serde_json::ser::PrettyFormatter::with_indent(spaces.as_bytes()));
            value.serialize(&mut writer)
        }
        None => value.serialize(&mut serde_json::Serializer::with_formatter(&mut out, PythonSpacing)),
    };
    match written {
        Ok(()) => String::from_utf8(out).unwrap_or_default(),
        Err(e) => format!("\"{e}\""),
    }
}

/// `", "` between items and `": "` after keys, as Python writes JSON by default.
struct PythonSpacing;

impl serde_json::ser::Formatter for PythonSpacing {
    fn begin_array_value<W: ?Sized + std::io::Write>(&mut self, writer: &mut W, first: bool) -> std::io::Result<()> {
        if first { Ok(()) } else { writer.write_all(b", ") }
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(&mut self, writer: &mut W, first: bool) -> std::io::Result<()> {
        if first { Ok(()) } else { writer.write_all(b", ") }
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        writer.write_all(b": ")
    }
}

/// Today's date and time in a `strftime` format (Llama 3's templates print "Today Date").
fn strftime_now(format: String) -> Result<String, Error> {
    use chrono::format::{Item, StrftimeItems};
    if StrftimeItems::new(&format).any(|item| matches!(item, Item::Error)) {
        return Err(Error::new(ErrorKind::InvalidOperation, format!("strftime_now: \"{format}\" is not a date format")));
    }
    let mut out = String::new();
    write!(out, "{}", chrono::Local::now().format(&format))
        .map_err(|_| Error::new(ErrorKind::InvalidOperation, format!("strftime_now: \"{format}\" could not be written")))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A template in the manner of Qwen's: tools listed in the system turn, calls and results in
    /// XML-ish tags, the conversation walked backwards with a namespace to find the last question.
    const HERMES_STYLE: &str = r#"{%- if tools %}
<|im_start|>system
{% if messages[0].role == 'system' %}{{ messages[0].content + '\n\n' }}{% endif %}
# Tools
<tools>
{% for tool in tools %}
{{ tool | tojson }}
{% endfor %}
</tools>
Call a tool as <tool_call>{"name": <function-name>, "arguments": <args-json-object>}</tool_call><|im_end|>
{% elif messages[0].role == 'system' %}
<|im_start|>system
{{ messages[0].content }}<|im_end|>
{% endif %}
{%- set ns = namespace(last_query=messages|length - 1) %}
{%- for message in messages[::-1] %}
{%- if message.role == 'user' and not message.content.startswith('<tool_response>') and ns.last_query == messages|length - 1 %}{% set ns.last_query = (messages|length - 1) - loop.index0 %}{% endif %}
{%- endfor %}
{%- for message in messages %}
{%- if message.role == 'user' %}
<|im_start|>user
{{ message.content.strip() }}<|im_end|>
{% elif message.role == 'assistant' %}
<|im_start|>assistant
{{ message.content or '' }}{% for call in message.tool_calls or [] %}<tool_call>{"name": "{{ call.function.name }}", "arguments": {{ call.function.arguments | tojson }}}</tool_call>{% endfor %}<|im_end|>
{% elif message.role == 'tool' %}
<|im_start|>user
<tool_response>{{ message.content }}</tool_response><|im_end|>
{% endif %}
{%- endfor %}
{%- if add_generation_prompt %}<|im_start|>assistant
{% if enable_thinking is defined and enable_thinking is false %}<think></think>{% endif %}{% endif %}"#;

    fn search_tool() -> Json {
        json!({ "type": "function", "function": { "name": "SearchLaw", "description": "Search Virginia's law", "parameters": {
            "type": "object", "properties": { "query": { "type": "string" } }, "required": ["query"] } } })
    }

    fn conversation<'a>(messages: &'a [Json], tools: Option<&'a [Json]>) -> Conversation<'a> {
        Conversation { messages, tools, bos_token: "<bos>", eos_token: "<eos>" }
    }

    #[test]
    fn tools_calls_and_results_are_written_where_the_template_puts_them() {
        let messages = [
            json!({ "role": "system", "content": "You help people in Virginia." }),
            json!({ "role": "user", "content": "  How long to appeal an eviction?  " }),
            json!({ "role": "assistant", "content": "", "tool_calls": [{ "id": "c1", "type": "function",
                "function": { "name": "SearchLaw", "arguments": { "query": "eviction appeal" } } }] }),
            json!({ "role": "tool", "tool_call_id": "c1", "content": "§ 8.01-129: 10 days" }),
        ];
        let tools = [search_tool()];
        let prompt = render(HERMES_STYLE, &conversation(&messages, Some(&tools))).unwrap();
        assert!(prompt.starts_with("<|im_start|>system\nYou help people in Virginia.\n\n# Tools"), "{prompt}");
        // Python's spacing, and text not HTML-escaped.
        assert!(
            prompt.contains(r#"{"type": "function", "function": {"name": "SearchLaw", "description": "Search Virginia's law""#),
            "{prompt}"
        );
        assert!(prompt.contains("<|im_start|>user\nHow long to appeal an eviction?<|im_end|>"), "{prompt}");
        assert!(prompt.contains(r#"<tool_call>{"name": "SearchLaw", "arguments": {"query": "eviction appeal"}}</tool_call>"#), "{prompt}");
        assert!(prompt.contains("<tool_response>§ 8.01-129: 10 days</tool_response>"), "{prompt}");
        assert!(prompt.ends_with("<|im_start|>assistant\n<think></think>"), "{prompt}");
        // Without tools the same template writes a plain system turn.
        let plain = render(HERMES_STYLE, &conversation(&messages[..2], None)).unwrap();
        assert!(plain.starts_with("<|im_start|>system\nYou help people in Virginia.<|im_end|>"), "{plain}");
        assert!(!plain.contains("<tools>"));
    }

    #[test]
    fn llama_style_templates_get_indented_json_the_date_and_their_own_errors() {
        let template = r#"{{- bos_token }}{% if not date_string is defined %}{% set date_string = strftime_now("%d %b %Y") %}{% endif %}Today Date: {{ date_string }}
{% for t in tools %}{{ t | tojson(indent=4) }}
{% endfor %}{% for m in messages %}{% if 'tool_calls' in m %}{% if m.tool_calls|length != 1 %}{{ raise_exception("This model only supports single tool-calls at once!") }}{% endif %}{"name": "{{ m.tool_calls[0].function.name }}", "parameters": {{ m.tool_calls[0].function.arguments | tojson }}}{% else %}{{ m.role }}: {{ m.content | trim }}{% endif %}<|eot_id|>{% endfor %}"#;
        let tools = [search_tool()];
        let messages = [json!({ "role": "user", "content": " hi " })];
        let prompt = render(template, &conversation(&messages, Some(&tools))).unwrap();
        let today = chrono::Local::now().format("%d %b %Y").to_string();
        assert!(
            prompt.starts_with(&format!(
                "<bos>Today Date: {today}\n{{\n    \"type\": \"function\",\n    \"function\": {{\n        \"name\": \"SearchLaw\","
            )),
            "{prompt}"
        );
        assert!(prompt.ends_with("user: hi<|eot_id|>"), "{prompt}");
        let call = json!({ "type": "function", "function": { "name": "SearchLaw", "arguments": { "query": "x" } } });
        let two = [json!({ "role": "assistant", "content": "", "tool_calls": [call.clone(), call] })];
        let err = render(template, &conversation(&two, Some(&tools))).unwrap_err();
        assert!(err.contains("only supports single tool-calls"), "{err}");
    }

    #[test]
    fn a_broken_or_endless_template_is_an_error_not_a_hang() {
        let broken = render("{% for m in messages %}", &conversation(&[json!({ "role": "user", "content": "x" })], None)).unwrap_err();
        assert!(broken.contains("could not be read"), "{broken}");
        let endless = "{% for i in range(9999) %}{% for j in range(9999) %}{% endfor %}{% endfor %}";
        let err = render(endless, &conversation(&[], None)).unwrap_err();
        assert!(err.contains("failed"), "{err}");
        assert!(render("{{ strftime_now('%Q') }}", &conversation(&[], None)).unwrap_err().contains("not a date format"));
    }

    #[test]
    fn json_is_written_as_python_writes_it() {
        let v = json!({ "a": [1, "é <b>"], "b": {} , "c": [] });
        assert_eq!(python_json(&v, None), r#"{"a": [1, "é <b>"], "b": {}, "c": []}"#);
        assert_eq!(python_json(&json!({ "a": 1 }), Some(2)), "{\n  \"a\": 1\n}");
    }

    proptest::proptest! {
        #[test]
        fn no_template_text_panics_the_renderer(template in ".{0,120}") {
            let messages = [json!({ "role": "user", "content": "x" })];
            let _ = render(&template, &conversation(&messages, None));
        }
    }
}
