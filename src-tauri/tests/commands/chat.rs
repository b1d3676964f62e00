//! The window's commands through Tauri's IPC, on the mock runtime, against a real explorer and a
//! real case-data server on loopback (started in this process by proseva-e2e): `chat` and
//! `research` answer `{requestId, conversationId}` at once and send every event, `done` last, over the channel;
//! every error is `{code, message, field?}`.

use crate::common;

use std::time::{Duration, Instant};

use common::{App, Events, app, question, ready};
use proseva_agent::runner::RequestKind;
use proseva_desktop::commands::{Asked, start_request};
use proseva_desktop::state::Backend;
use serde_json::{Value, json};

fn asked(id: &str, text: &str) -> Asked {
    Asked { request_id: Some(id.into()), messages: Some(question(text)), ..Asked::default() }
}

/// Starts a request as the `chat`/`research` commands do; returns its acknowledgement and events.
async fn ask(app: &App, kind: RequestKind, id: &str, text: &str) -> (Value, Vec<Value>) {
    let events = Events::default();
    let ack = start_request(&app.state(), kind, asked(id, text), events.emitter()).await.unwrap();
    (serde_json::to_value(ack).unwrap(), events.until_end().await)
}

fn done(events: &[Value]) -> &Value {
    let last = events.last().unwrap();
    assert_eq!(last["type"], "done", "{events:?}");
    last
}

#[test]
fn before_the_sidecars_are_up_status_says_so_and_questions_are_refused_kindly() {
    let app = app();
    let status = app.invoke("app_status", json!({})).unwrap();
    assert_eq!(status["phase"], "preparing");
    assert_eq!(status["server"]["state"], "starting");
    assert_eq!(status["model"], json!({"mode": "offline"}));
    assert!(status["server"]["log"].as_str().unwrap().ends_with("logs/server.log"));

    let err = app.invoke("chat", json!({"requestId": "r1", "messages": question("hi"), "onEvent": "__CHANNEL__:1"})).unwrap_err();
    assert_eq!(err["code"], "starting", "{err}");
    assert!(err["message"].as_str().unwrap().contains("still starting"), "{err}");
    assert!(err.get("field").is_none(), "{err}");
    let err = app.invoke("get_node", json!({"sourceId": "2.2-3704"})).unwrap_err();
    assert_eq!(err["code"], "starting", "{err}");

    // A server that failed to start is a failed service, not a wait.
    app.state().set_failed("the case-data server exited".into());
    let err = app.invoke("research", json!({"requestId": "r2", "messages": question("hi"), "onEvent": "__CHANNEL__:2"})).unwrap_err();
    assert_eq!(err["code"], "unavailable", "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_offline_chat_answers_with_the_foia_section_and_every_tool_result() {
    let app = app();
    let _sidecars = ready(&app).await;
    assert_eq!(app.invoke("app_status", json!({})).unwrap()["phase"], "ready");

    // Through IPC the command answers at once with the request's id; the events go to the channel.
    let ack = app
        .invoke(
            "chat",
            json!({"requestId": "r1", "messages": question("How do I request public records from a state agency?"), "onEvent": "__CHANNEL__:7"}),
        )
        .unwrap();
    assert_eq!(ack["requestId"], "r1");
    assert!(ack["conversationId"].as_i64().is_some(), "the question was saved in a new conversation: {ack}");

    // The same request with the events collected: they arrive in the contract's order, `done` last.
    let (ack, events) = ask(&app, RequestKind::Chat, "r2", "How do I request public records from a state agency?").await;
    assert_eq!(ack["requestId"], "r2");
    assert_eq!(events[0], json!({"type": "phase", "name": "tools"}));
    let first_call = events.iter().position(|e| e["type"] == "tool_call").unwrap();
    let first_result = events.iter().position(|e| e["type"] == "tool_result").unwrap();
    assert!(first_call < first_result);
    assert!(events.iter().any(|e| e["type"] == "delta"));
    assert_eq!(events.iter().filter(|e| e["type"] == "done").count(), 1, "one done, and nothing after it");

    // Tool events say how to show them: title, source group, what the call did, the results as cards.
    let search = events.iter().find(|e| e["type"] == "tool_call" && e["name"] == "search_nodes").unwrap();
    assert_eq!(
        (search["title"].as_str(), search["source"].as_str()),
        (Some("Virginia law"), Some("Code and Constitution of Virginia (law graph)"))
    );
    assert!(search["label"].as_str().unwrap().starts_with("Searching the law graph"), "{search}");
    let found = events.iter().find(|e| e["type"] == "tool_result" && e["name"] == "search_nodes" && e["ok"] == true).unwrap();
    let card = &found["cards"][0];
    for key in ["title", "citation", "snippet", "url", "kind"] {
        assert!(card.get(key).is_some(), "{key} in {card}");
    }
    assert_eq!(card["kind"], "law");

    let done = done(&events);
    let text = done["reply"].as_str().unwrap();
    assert!(text.contains("2.2-3704"), "{text}");
    assert!(!done["toolResults"].as_array().unwrap().is_empty());
    let verified: Vec<&str> = done["citations"]["verified"].as_array().unwrap().iter().filter_map(|c| c["sourceId"].as_str()).collect();
    assert!(verified.contains(&"2.2-3704"), "{verified:?}");
    // Each citation's span, in UTF-16 units as the page slices the reply, covers the cited text.
    let units: Vec<u16> = text.encode_utf16().collect();
    let span = done["citations"]["spans"].as_array().unwrap().iter().find(|s| s["sourceId"] == "2.2-3704").unwrap();
    assert_eq!(span["status"], "verified");
    let (start, end) = (span["startUtf16"].as_u64().unwrap() as usize, span["endUtf16"].as_u64().unwrap() as usize);
    assert!(String::from_utf16(&units[start..end]).unwrap().ends_with("2.2-3704"), "{span}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn research_returns_graph_results_and_says_which_keys_are_missing() {
    let app = app();
    let _sidecars = ready(&app).await;
    let (_, events) = ask(&app, RequestKind::Research, "r1", "security deposit return landlord Virginia cases").await;
    let reply = done(&events);
    let opinions = events.iter().find(|e| e["type"] == "tool_result" && e["name"] == "search_opinions").unwrap();
    assert_eq!((opinions["title"].as_str(), opinions["source"].as_str()), (Some("Court opinions"), Some("CourtListener")));
    assert_eq!(opinions["ok"], false);
    assert_eq!(opinions["cards"], json!([]));
    let results = reply["toolResults"].as_array().unwrap();
    assert!(results.iter().any(|r| r["tool"] == "search_nodes" && r["ok"] == true), "{results:?}");
    let failed: Vec<&Value> = results.iter().filter(|r| r["ok"] == false).collect();
    assert!(failed.iter().all(|r| r["result"]["error"]["message"].as_str().is_some_and(|e| !e.is_empty())), "{failed:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn get_node_opens_a_section_with_its_kind_url_and_place_in_the_code() {
    let app = app();
    let _sidecars = ready(&app).await;
    let node = app.invoke("get_node", json!({"sourceId": "§ 2.2-3704"})).unwrap();
    assert_eq!(node["sourceId"], "2.2-3704");
    assert_eq!(node["textKind"], "summary");
    assert!(node["url"].as_str().unwrap().contains("2.2-3704"));
    assert!(!node["sourceText"].as_str().unwrap().is_empty());
    assert!(node["parents"].as_array().is_some_and(|p| !p.is_empty()), "{node}");
    assert!(node.get("edges").is_none());
    assert_eq!(node.get("summary"), Some(&Value::Null), "asked for; none beside a summary: {node}");
    assert_eq!(node["label"], "§ 2.2-3704");
    // Citations in the section's own text, with offsets into it for the page to link.
    let text: Vec<u16> = node["sourceText"].as_str().unwrap().encode_utf16().collect();
    for span in node["citations"].as_array().unwrap() {
        let cited =
            String::from_utf16(&text[span["startUtf16"].as_u64().unwrap() as usize..span["endUtf16"].as_u64().unwrap() as usize]).unwrap();
        let number = span["sourceId"].as_str().unwrap().rsplit('-').next().unwrap();
        assert!(cited.contains(number), "{cited} {span}");
    }

    let by_id = app.invoke("get_node", json!({"id": node["id"]})).unwrap();
    assert_eq!(by_id["sourceId"], "2.2-3704");
    let err = app.invoke("get_node", json!({"sourceId": "99-999"})).unwrap_err();
    assert_eq!(err, json!({"code": "not_found", "message": "§ 99-999 is not in the law graph"}));
    let err = app.invoke("get_node", json!({})).unwrap_err();
    assert_eq!((err["code"].as_str(), err["field"].as_str()), (Some("invalid_input"), Some("sourceId")), "{err}");
    assert!(err["message"].as_str().unwrap().contains("give a node id"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_explorer_down_chat_still_answers_and_graph_tools_say_why() {
    let app = app();
    let sidecars = proseva_e2e::start().await;
    let closed = format!("http://127.0.0.1:{}", std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port());
    app.state().set_ready(Backend {
        server_url: sidecars.server_url.clone(),
        explorer_url: closed,
        token: proseva_e2e::TOKEN.into(),
        supervisor: None,
    });
    let (_, events) = ask(&app, RequestKind::Chat, "r", "What are my deadlines?").await;
    let results = done(&events)["toolResults"].as_array().unwrap().clone();
    let graph_errors: Vec<&str> = results
        .iter()
        .filter(|r| r["ok"] == false)
        .filter_map(|r| r["result"]["error"]["message"].as_str())
        .filter(|e| e.contains("law graph"))
        .collect();
    assert!(!graph_errors.is_empty(), "{results:?}");
    assert!(graph_errors.iter().all(|e| e.contains("unavailable")), "{graph_errors:?}");
    let err = app.invoke("get_node", json!({"sourceId": "2.2-3704"})).unwrap_err();
    assert_eq!(err["code"], "unavailable", "{err}");
    assert!(err["message"].as_str().unwrap().contains("unavailable"), "{err}");
}

#[test]
fn settings_round_trip_validation_and_the_model_line() {
    let app = app();
    let view = app.invoke("get_settings", json!({})).unwrap();
    assert_eq!(view["smallModel"], "gpt-4o-mini");
    assert_eq!(view["secrets"].as_array().unwrap().len(), 5);
    assert!(view["secrets"].as_array().unwrap().iter().all(|s| s["set"] == false));

    let err = app.invoke("save_settings", json!({"settings": {"baseUrl": "localhost:11434"}, "secrets": {}})).unwrap_err();
    assert_eq!((err["code"].as_str(), err["field"].as_str()), (Some("invalid_input"), Some("baseUrl")), "{err}");
    let err = app.invoke("save_settings", json!({"settings": {}, "secrets": {"NOT_A_KEY": "x"}})).unwrap_err();
    assert_eq!(err["field"], "NOT_A_KEY", "{err}");

    let saved = app
        .invoke(
            "save_settings",
            json!({"settings": {"baseUrl": "http://127.0.0.1:11434/v1", "smallModel": "qwen2.5", "largeModel": "llama3.1", "offline": false},
                   "secrets": {"OPENAI_API_KEY": "sk-local"}}),
        )
        .unwrap();
    assert_eq!(saved["baseUrl"], "http://127.0.0.1:11434/v1");
    let key = saved["secrets"].as_array().unwrap().iter().find(|s| s["name"] == "OPENAI_API_KEY").unwrap().clone();
    assert_eq!((key["set"].clone(), key["store"].clone()), (json!(true), json!("file")));
    assert!(!saved.to_string().contains("sk-local"), "secrets never go back to the window");

    let status = app.invoke("app_status", json!({})).unwrap();
    assert_eq!(status["model"], json!({"mode": "online", "baseUrl": "http://127.0.0.1:11434/v1", "small": "qwen2.5", "large": "llama3.1"}));

    // The offline switch wins over a configured endpoint.
    app.invoke("save_settings", json!({"settings": {"baseUrl": "http://127.0.0.1:11434/v1", "offline": true}})).unwrap();
    assert_eq!(app.invoke("app_status", json!({})).unwrap()["model"], json!({"mode": "offline"}));
}

#[test]
fn the_windows_language_is_a_setting_kept_by_saves_that_leave_it_out() {
    let app = app();
    let view = app.invoke("get_settings", json!({})).unwrap();
    assert_eq!(view["language"], Value::Null, "follows the computer until chosen");
    assert!(["en", "es"].contains(&view["systemLanguage"].as_str().unwrap()), "{view}");

    let err = app.invoke("save_settings", json!({"settings": {"language": "fr"}})).unwrap_err();
    assert_eq!((err["code"].as_str(), err["field"].as_str()), (Some("invalid_input"), Some("language")), "{err}");
    assert!(err["message"].as_str().unwrap().contains("\"es\" (Español)"), "{err}");

    let saved = app.invoke("save_settings", json!({"settings": {"offline": true, "language": "es"}})).unwrap();
    assert_eq!(saved["language"], "es");
    // The Law tab's monthly switch sends only the fields it knows: the language stays.
    let saved = app.invoke("save_settings", json!({"settings": {"offline": true, "lawUpdates": false}})).unwrap();
    assert_eq!(saved["language"], "es");
    let on_disk: Value = serde_json::from_slice(&std::fs::read(app.state().data_dir.join("settings.json")).unwrap()).unwrap();
    assert_eq!(on_disk["language"], "es");
    let saved = app.invoke("save_settings", json!({"settings": {"offline": true, "language": null}})).unwrap();
    assert_eq!(saved["language"], Value::Null, "null follows the computer again");
}

#[test]
fn the_law_library_starts_idle_and_its_monthly_check_is_a_setting_on_by_default() {
    let app = app();
    let answer = app.invoke("library_status", json!({})).unwrap();
    let library = &answer["library"];
    assert_eq!((library["phase"].as_str(), library["filesOnDisk"].as_u64()), (Some("idle"), Some(0)), "{answer}");
    assert_eq!((library["interrupted"].as_bool(), library["kind"].is_null(), library["lastCheck"].is_null()), (Some(false), true, true));
    assert!(library["failed"].as_array().is_some_and(Vec::is_empty) && library["notPublished"].is_array(), "{answer}");
    assert_eq!(answer["graph"], Value::Null, "no law graph before the explorer is up");
    assert!(answer["starterSummaries"].as_u64().is_some_and(|n| n > 400), "{answer}");

    assert_eq!(app.invoke("get_settings", json!({})).unwrap()["lawUpdates"], true);
    let saved = app.invoke("save_settings", json!({"settings": {"offline": true, "lawUpdates": false}})).unwrap();
    assert_eq!((saved["lawUpdates"].as_bool(), saved["offline"].as_bool()), (Some(false), Some(true)));
    assert_eq!(app.invoke("get_settings", json!({})).unwrap()["lawUpdates"], false);
    let on_disk: Value = serde_json::from_slice(&std::fs::read(app.state().data_dir.join("settings.json")).unwrap()).unwrap();
    assert_eq!(on_disk["lawUpdates"], false);
    let saved = app.invoke("save_settings", json!({"settings": {"offline": true, "lawUpdates": true}})).unwrap();
    assert_eq!(saved["lawUpdates"], true);
    let err = app.invoke("save_settings", json!({"settings": {"lawUpdates": "monthly"}})).unwrap_err();
    assert_eq!((err["code"].as_str(), err["field"].as_str()), (Some("invalid_input"), Some("settings")), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn library_status_says_in_numbers_what_the_law_graph_holds() {
    let app = app();
    let _sidecars = ready(&app).await;
    let answer = app.invoke("library_status", json!({})).unwrap();
    let graph = &answer["graph"];
    assert_eq!(graph["corpus"], "starter", "{answer}");
    assert!(graph["builtAt"].as_str().is_some_and(|t| t.starts_with("20")), "{graph}");
    let kinds = graph["sectionTextKinds"].as_array().unwrap();
    assert_eq!(kinds.len(), 1, "{kinds:?}");
    assert_eq!((kinds[0]["type"].as_str(), kinds[0]["count"].as_u64()), (Some("summary"), answer["starterSummaries"].as_u64()));
    let titles = graph["nodeTypes"].as_array().unwrap().iter().find(|t| t["type"] == "title").expect("titles are counted");
    assert!(titles["count"].as_u64().is_some_and(|n| n >= 10), "{titles}");
    assert!(graph["embeddingCount"].as_u64().is_some_and(|n| n > 0) && graph["nodeCount"].as_u64() >= graph["embeddingCount"].as_u64());
    assert!(graph["semanticSearch"].is_boolean());
    assert_eq!(answer["library"]["phase"], "idle");
}

#[test]
fn malformed_calls_get_clear_errors() {
    let app = app();
    for (args, field) in [
        (json!({"requestId": "r", "onEvent": "__CHANNEL__:1"}), "messages"),
        (json!({"requestId": "r", "messages": [{"role": "system", "content": "x"}], "onEvent": "__CHANNEL__:1"}), "messages[0].role"),
        (json!({"requestId": "r", "messages": [{"role": "user", "content": 5}], "onEvent": "__CHANNEL__:1"}), "messages[0].content"),
        (json!({"requestId": "r", "messages": [{"role": "user", "content": " "}], "onEvent": "__CHANNEL__:1"}), "messages"),
        (json!({"messages": [{"role": "user", "content": "q"}], "onEvent": "__CHANNEL__:1"}), "requestId"),
    ] {
        let err = app.invoke("chat", args.clone()).unwrap_err();
        assert_eq!((err["code"].as_str(), err["field"].as_str()), (Some("invalid_input"), Some(field)), "{args}: {err}");
    }
    // A settings object that is not one is refused as the other fields are, by name.
    let err = app.invoke("save_settings", json!({"settings": {"offline": "yes"}})).unwrap_err();
    assert_eq!((err["code"].as_str(), err["field"].as_str()), (Some("invalid_input"), Some("settings")), "{err}");
    let err = app.invoke("open_url", json!({"url": "file:///etc/passwd"})).unwrap_err();
    assert_eq!(err, json!({"code": "invalid_input", "message": "only http:// and https:// links can be opened", "field": "url"}));
    assert_eq!(app.invoke("cancel", json!({"requestId": "nothing-running"})).unwrap(), json!(false));
    assert!(app.invoke("no_such_command", json!({})).is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_id_cannot_run_twice_at_once_and_cancel_stops_a_request() {
    let app = app();
    let _sidecars = ready(&app).await;
    let state = app.state();
    let token = state.requests.begin("busy").unwrap();
    let err = start_request(&state, RequestKind::Chat, asked("busy", "FOIA"), |_| {}).await.unwrap_err();
    assert_eq!(serde_json::to_value(&err).unwrap()["field"], "requestId");
    assert!(err.message.contains("already running"), "{err}");
    assert!(app.invoke("cancel", json!({"requestId": "busy"})).unwrap() == json!(true));
    assert!(token.is_cancelled());
    state.requests.end("busy");

    // Stopped right after it was accepted: the request ends with a `cancelled` error event, no answer.
    let events = Events::default();
    start_request(&state, RequestKind::Chat, asked("soon", "FOIA"), events.emitter()).await.unwrap();
    assert!(state.requests.cancel("soon"));
    let events = events.until_end().await;
    let last = events.last().unwrap();
    assert_eq!((last["type"].as_str(), last["code"].as_str()), (Some("error"), Some("cancelled")), "{events:?}");
    assert!(!events.iter().any(|e| e["type"] == "done"));
    // Once ended, the id is free again.
    let deadline = Instant::now() + Duration::from_secs(5);
    while state.requests.begin("soon").is_err() {
        assert!(Instant::now() < deadline, "the ended request still holds its id");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
