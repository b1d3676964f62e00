//! The one cycle between the sidecars, with the real programs: the explorer embeds search
//! questions with the server's model (`POST /v1/embeddings`), and the server's headless agent
//! asks the explorer (`POST /graphql`). Both start at once and neither waits for the other; while
//! one side is down, the other goes on without it and takes it up again when it is back.

mod common;

use std::time::Duration;

use common::{Events, config, embeddings_ready, eventually, get, graphql};
use proseva_sidecars::Sidecars;
use proseva_supervisor::sys::Signal;
use proseva_supervisor::{SidecarState, http, sys};
use serde_json::{Value, json};

fn node_ids(answer: &http::Response) -> Vec<String> {
    let json: Value = serde_json::from_str(&answer.body).unwrap_or_else(|e| panic!("{e}: {}", answer.body));
    let nodes = json.pointer("/data/nodes/nodes").and_then(Value::as_array).unwrap_or_else(|| panic!("no nodes: {json}"));
    nodes.iter().filter_map(|n| n["sourceId"].as_str().map(str::to_string)).collect()
}

fn search(supervisor: &Sidecars, question: &str) -> Vec<String> {
    let query = format!(r#"{{ nodes(search: {}, limit: 5) {{ nodes {{ sourceId }} }} }}"#, json!(question));
    let answer = graphql(&supervisor.explorer_url(), Some(supervisor.token()), &query);
    assert_eq!(answer.status, 200, "{}", answer.body);
    node_ids(&answer)
}

fn words_only_count(supervisor: &Sidecars) -> usize {
    let log = std::fs::read_to_string(supervisor.data_dir().logs.join("explorer.log")).unwrap_or_default();
    log.matches("searching by words only for this question").count()
}

#[test]
fn while_the_server_is_down_the_explorer_searches_by_words_and_by_meaning_once_it_is_back() {
    let temp = tempfile::tempdir().unwrap();
    let events = Events::new();
    let mut config = config(&temp.path().join("data"));
    // Long enough that the searches below run while the server is surely down.
    config.restart.initial = Duration::from_secs(2);
    let supervisor = Sidecars::start(config, events.sink()).unwrap();
    assert!(
        eventually(Duration::from_secs(60), || embeddings_ready(&supervisor.server_url())),
        "the server's model did not load (run `make model`)"
    );
    let meaning = "my landlord kept the money I paid before moving in";
    assert!(search(&supervisor, meaning).contains(&"55.1-1226".to_string()), "found by meaning with the server's model");
    assert_eq!(words_only_count(&supervisor), 0);

    let server = supervisor.status().0;
    let explorer_pid = supervisor.status().1.pid;
    let from = events.len();
    sys::signal(server.pid.unwrap(), Signal::SIGKILL).unwrap();
    events.wait_for(from, "server", Duration::from_secs(5), |s| s.state == SidecarState::Restarting);

    // The server is down: the explorer answers at once, by the question's words.
    let ids = search(&supervisor, "security deposit");
    assert!(ids.contains(&"55.1-1226".to_string()), "found by its words: {ids:?}");
    assert!(eventually(Duration::from_secs(5), || words_only_count(&supervisor) >= 1), "the explorer logs why it searched by words");

    // Back: the restarted server loads its model again, and the explorer, which never restarted,
    // searches by meaning again.
    events.wait_for(from, "server", Duration::from_secs(30), |s| s.state == SidecarState::Healthy);
    assert!(
        eventually(Duration::from_secs(60), || embeddings_ready(&supervisor.server_url())),
        "the restarted server's model did not load"
    );
    let before = words_only_count(&supervisor);
    assert!(search(&supervisor, meaning).contains(&"55.1-1226".to_string()));
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(words_only_count(&supervisor), before, "the last search was by meaning");
    assert_eq!(supervisor.status().1.pid, explorer_pid, "the explorer went on through the server's restart");
}

#[test]
fn while_the_explorer_is_down_the_servers_agent_answers_from_the_rest() {
    let temp = tempfile::tempdir().unwrap();
    let events = Events::new();
    let mut config = config(&temp.path().join("data"));
    config.env.push(("PROSEVA_EMBEDDINGS".into(), "off".into()));
    // Long enough that the explorer stays down for the whole question.
    config.restart.initial = Duration::from_secs(30);
    let supervisor = Sidecars::start(config, events.sink()).unwrap();
    let token = supervisor.token().to_string();

    let explorer = supervisor.status().1;
    let from = events.len();
    sys::signal(explorer.pid.unwrap(), Signal::SIGKILL).unwrap();
    events.wait_for(from, "explorer", Duration::from_secs(5), |s| s.state == SidecarState::Restarting);

    let auth = format!("Bearer {token}");
    let body = json!({"messages": [{"role": "user", "content": "What does Virginia Code say about FOIA?"}]}).to_string();
    let answer =
        http::request("POST", &supervisor.server_url(), "/api/chat", &[("Authorization", &auth)], Some(&body), Duration::from_secs(60))
            .unwrap();
    assert_eq!(answer.status, 200, "{}", answer.body);
    let json: Value = serde_json::from_str(&answer.body).unwrap();
    let results = json["toolResults"].as_array().unwrap();
    let graph = results.iter().find(|r| r["tool"] == "search_nodes").unwrap_or_else(|| panic!("no graph search: {json}"));
    assert_eq!(graph["ok"], false, "the graph tool reports the explorer as unreachable: {graph}");
    assert!(results.iter().any(|r| r["tool"] == "SearchKnowledge" && r["ok"] == true), "the local tools still ran: {json}");
    assert!(!json["reply"].as_str().unwrap().trim().is_empty(), "{json}");

    // The server itself is fine.
    assert_eq!(get(&supervisor.server_url(), "/api/cases", Some(&token)).status, 200);
    assert_eq!(supervisor.status().0.state, SidecarState::Healthy);
}
