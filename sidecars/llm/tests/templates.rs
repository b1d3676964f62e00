//! The catalogue's real chat templates (`tests/templates/`, as the Qwen3 and Llama 3.2 models
//! publish them), rendered with tools the way `proseva-llm` renders them, and a call written in
//! each one's own format read back: the format each template teaches is the one the reader and the
//! grammar expect. The grammar is checked by llama.cpp itself: the call's tokens (the small test
//! model's vocabulary, `PROSEVA_LLM_TEST_MODEL`) are fed to a grammar sampler, which accepts a
//! well-formed call and refuses one to a tool that was not offered.

use std::path::PathBuf;
use std::sync::OnceLock;

use llama_cpp_2::llama_backend::LlamaBackend;
use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::model::params::LlamaModelParams;
use llama_cpp_2::sampling::LlamaSampler;
use proseva_llm::template::{Conversation, render};
use proseva_llm::tool_calls::{ToolFormat, grammar, parse};
use serde_json::{Value, json};

const QWEN3: &str = include_str!("templates/qwen3.jinja");
const LLAMA_3_2: &str = include_str!("templates/llama-3.2.jinja");

/// Two tools shaped as the agent offers them (OpenAI's function-tool shape).
fn tools() -> Vec<Value> {
    vec![
        json!({ "type": "function", "function": { "name": "search_nodes",
            "description": "Search the Virginia law graph by words or by citation.",
            "parameters": { "type": "object", "properties": {
                "search": { "type": "string", "description": "Words describing the topic." },
                "limit": { "type": "integer", "minimum": 1, "maximum": 50 } }, "required": ["search"] } } }),
        json!({ "type": "function", "function": { "name": "GetDeadlines",
            "description": "List the user's deadlines.",
            "parameters": { "type": "object", "properties": { "caseId": { "type": "integer" } }, "required": [] } } }),
    ]
}

/// The test model's vocabulary (loaded once, without its weights).
fn vocabulary() -> &'static LlamaModel {
    static BACKEND: OnceLock<LlamaBackend> = OnceLock::new();
    static MODEL: OnceLock<LlamaModel> = OnceLock::new();
    MODEL.get_or_init(|| {
        let path = std::env::var_os("PROSEVA_LLM_TEST_MODEL")
            .map(PathBuf::from)
            .unwrap_or_else(|| dirs::home_dir().unwrap_or_default().join(".cache/proseva/models/gemma-3-270m/gemma-3-270m-q4_k_m.gguf"));
        assert!(path.is_file(), "the test model is missing at {}: run scripts/install-llm-test-model.sh (make test does)", path.display());
        let backend = BACKEND.get_or_init(|| {
            let mut backend = LlamaBackend::init().expect("llama.cpp starts");
            backend.void_logs();
            backend
        });
        LlamaModel::load_from_file(backend, &path, &LlamaModelParams::default().with_vocab_only(true)).expect("the vocabulary loads")
    })
}

/// Whether llama.cpp's grammar sampler lets a model write `text`, token by token.
fn grammar_allows(grammar: &str, text: &str) -> bool {
    let model = vocabulary();
    let mut sampler = LlamaSampler::grammar(model, grammar, "root").expect("llama.cpp reads the grammar");
    model.vocab().tokenize(text.as_bytes(), false, true).into_iter().all(|token| sampler.try_accept(token).is_ok())
}

fn offered() -> Vec<String> {
    vec!["search_nodes".into(), "GetDeadlines".into()]
}

/// A question, the model's call, its result: what the second turn of a tool loop renders.
fn conversation() -> Vec<Value> {
    vec![
        json!({ "role": "system", "content": "You help people in Virginia who go to court without a lawyer." }),
        json!({ "role": "user", "content": "How long do I have to appeal an eviction?" }),
        json!({ "role": "assistant", "content": "", "tool_calls": [{ "id": "c1", "type": "function",
            "function": { "name": "search_nodes", "arguments": { "search": "eviction appeal" } } }] }),
        json!({ "role": "tool", "tool_call_id": "c1", "content": "§ 8.01-129: the appeal is noted within 10 days" }),
    ]
}

fn rendered(template: &str, messages: &[Value], tools: &[Value]) -> String {
    render(template, &Conversation { messages, tools: Some(tools), bos_token: "<|begin_of_text|>", eos_token: "<|eot_id|>" })
        .unwrap_or_else(|e| panic!("the template renders: {e}"))
}

#[test]
fn qwen3_renders_the_tools_the_call_and_its_result_and_its_calls_are_read() {
    assert_eq!(ToolFormat::of_template(QWEN3), Some(ToolFormat::Hermes));
    let tools = tools();
    let prompt = rendered(QWEN3, &conversation(), &tools);
    assert!(prompt.starts_with("<|im_start|>system\nYou help people in Virginia who go to court without a lawyer.\n\n# Tools"), "{prompt}");
    // Each tool on its own line inside <tools>, written as Python's json.dumps writes it.
    assert!(
        prompt.contains(
            "<tools>\n{\"type\": \"function\", \"function\": {\"name\": \"search_nodes\", \"description\": \"Search the Virginia law graph"
        ),
        "{prompt}"
    );
    assert!(prompt.contains("\n{\"type\": \"function\", \"function\": {\"name\": \"GetDeadlines\""), "{prompt}");
    // The earlier call as the model wrote it, and its result as a user turn.
    assert!(
        prompt.contains("<|im_start|>assistant\n<tool_call>\n{\"name\": \"search_nodes\", \"arguments\": {\"search\": \"eviction appeal\"}}\n</tool_call><|im_end|>"),
        "{prompt}"
    );
    assert!(
        prompt.contains("<|im_start|>user\n<tool_response>\n§ 8.01-129: the appeal is noted within 10 days\n</tool_response><|im_end|>"),
        "{prompt}"
    );
    // The reply starts after the empty thinking block the app asks for.
    assert!(prompt.ends_with("<|im_start|>assistant\n<think>\n\n</think>\n\n"), "{prompt}");

    // A call in the format the template taught, read back; the grammar allows exactly that shape.
    let written = "<tool_call>\n{\"name\": \"GetDeadlines\", \"arguments\": {\"caseId\": 3}}\n</tool_call>";
    let reply = parse(ToolFormat::Hermes, written, &offered());
    assert_eq!(reply.calls.len(), 1, "{reply:?}");
    assert_eq!((reply.calls[0].name.as_str(), &reply.calls[0].arguments["caseId"]), ("GetDeadlines", &json!(3)));
    let g = grammar(ToolFormat::Hermes, &tools).expect("a grammar for the offered tools");
    assert!(grammar_allows(&g, written), "{g}");
    assert!(grammar_allows(
        &g,
        &format!(
            "{written}\n<tool_call>\n{{\"name\": \"search_nodes\", \"arguments\": {{\"search\": \"writ tax\", \"limit\": 5}}}}\n</tool_call>"
        )
    ));
    // Not offered, not an object, a required argument missing: refused.
    assert!(!grammar_allows(&g, "<tool_call>\n{\"name\": \"DeleteCase\", \"arguments\": {}}"), "{g}");
    assert!(!grammar_allows(&g, "<tool_call>\n{\"name\": \"search_nodes\", \"arguments\": \"eviction\"}"), "{g}");
    assert!(!grammar_allows(&g, "<tool_call>\n{\"name\": \"search_nodes\", \"arguments\": {\"limit\": 5}}"), "{g}");
    assert!(!grammar_allows(&g, "Sure! <tool_call>"), "{g}");
}

#[test]
fn llama_3_2_renders_the_tools_in_the_first_user_turn_and_its_calls_are_read() {
    assert_eq!(ToolFormat::of_template(LLAMA_3_2), Some(ToolFormat::Llama3));
    let tools = tools();
    // The first turn of a tool loop: the system prompt and the question.
    let prompt = rendered(LLAMA_3_2, &conversation()[..2], &tools);
    assert!(prompt.starts_with("<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nEnvironment: ipython\n"), "{prompt}");
    let today = chrono::Local::now().format("%d %b %Y").to_string();
    assert!(prompt.contains(&format!("Today Date: {today}\n\nYou help people in Virginia")), "the date is today's: {prompt}");
    // The tools go in the first user turn, indented by four, before the question.
    assert!(prompt.contains("<|start_header_id|>user<|end_header_id|>\n\nGiven the following functions"), "{prompt}");
    assert!(prompt.contains("{\n    \"type\": \"function\",\n    \"function\": {\n        \"name\": \"search_nodes\","), "{prompt}");
    assert!(prompt.contains("How long do I have to appeal an eviction?<|eot_id|>"), "{prompt}");
    assert!(prompt.ends_with("<|start_header_id|>assistant<|end_header_id|>\n\n"), "{prompt}");

    // The second turn (the template moves the first user message, so a call needs one before it):
    // the call as `{"name", "parameters"}` and its result as an ipython turn.
    let second = rendered(LLAMA_3_2, &conversation(), &tools);
    assert!(
        second.contains("<|start_header_id|>assistant<|end_header_id|>\n\n{\"name\": \"search_nodes\", \"parameters\": {\"search\": \"eviction appeal\"}}<|eot_id|>"),
        "{second}"
    );
    // (A string is iterable to Jinja, so this template writes the result as JSON text.)
    assert!(
        second.contains("<|start_header_id|>ipython<|end_header_id|>\n\n\"§ 8.01-129: the appeal is noted within 10 days\"<|eot_id|>"),
        "{second}"
    );

    let reply = parse(ToolFormat::Llama3, "{\"name\": \"search_nodes\", \"parameters\": {\"search\": \"writ tax\"}}", &offered());
    assert_eq!(reply.calls.len(), 1, "{reply:?}");
    assert_eq!(reply.calls[0].arguments["search"], json!("writ tax"));
    let g = grammar(ToolFormat::Llama3, &tools).expect("a grammar for the offered tools");
    assert!(grammar_allows(&g, "{\"name\": \"search_nodes\", \"parameters\": {\"search\": \"writ tax\"}}"), "{g}");
    assert!(grammar_allows(&g, "{\"name\": \"GetDeadlines\", \"parameters\": {}}"), "{g}");
    assert!(!grammar_allows(&g, "{\"name\": \"search_nodes\", \"arguments\": {\"search\": \"x\"}}"), "Hermes's key: {g}");
    assert!(!grammar_allows(&g, "<tool_call>"), "{g}");
}
