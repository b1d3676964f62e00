//! The server's `/api/chat` and `/api/research`: JSON and SSE, offline, against the real explorer.

use proseva_e2e::{TOKEN, client, start};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_answers_as_json_with_the_foia_sections_cited() {
    let sidecars = start().await;
    let res = client()
        .post(format!("{}/api/chat", sidecars.server_url))
        .bearer_auth(TOKEN)
        .json(&json!({"messages": [{"role": "user", "content": "What does Virginia Code say about FOIA?"}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    let reply = body["reply"].as_str().unwrap();
    assert!(reply.contains("§ 2.2-37"), "{reply}");
    assert!(body["toolResults"].as_array().unwrap().iter().any(|r| r["tool"] == "search_nodes" && r["ok"] == true));
    // Local tools ran in-process on the server's own data.
    assert!(body["toolResults"].as_array().unwrap().iter().any(|r| r["tool"] == "SearchKnowledge" && r["ok"] == true), "{body}");
    assert!(body["citations"]["verified"].as_array().unwrap().iter().any(|c| c["sourceId"].as_str().unwrap().starts_with("2.2-37")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn research_streams_the_agent_events_as_sse() {
    let sidecars = start().await;
    let res = client()
        .post(format!("{}/api/research", sidecars.server_url))
        .bearer_auth(TOKEN)
        .header("accept", "text/event-stream")
        .json(&json!({"messages": [{"role": "user", "content": "Research Virginia court jurisdiction rules"}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    let text = res.text().await.unwrap();
    let events: Vec<Value> = text.lines().filter_map(|l| l.strip_prefix("data: ")).map(|d| serde_json::from_str(d).unwrap()).collect();
    let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(types.first(), Some(&"phase"));
    assert_eq!(types.last(), Some(&"done"), "{types:?}");
    assert!(types.contains(&"tool_call") && types.contains(&"tool_result") && types.contains(&"delta"));
    assert!(text.contains("event: tool_result"));
    let done = events.last().unwrap();
    assert!(done["toolResults"].as_array().unwrap().iter().any(|r| r["tool"] == "search_opinions" && r["ok"] == false));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_clear_errors() {
    let sidecars = start().await;
    let post = |body: Value| client().post(format!("{}/api/chat", sidecars.server_url)).bearer_auth(TOKEN).json(&body).send();
    for (body, field) in [
        (json!({}), "messages"),
        (json!({"messages": [{"role": "system", "content": "x"}]}), "messages[0].role"),
        (json!({"messages": [{"role": "user", "content": 5}]}), "messages[0].content"),
        (json!({"messages": [{"role": "assistant", "content": "hi"}]}), "messages"),
        (json!({"messages": [{"role": "user", "content": "   "}]}), "messages"),
        (json!({"messages": [{"role": "user", "content": "x".repeat(20_001)}]}), "messages[0].content"),
        (json!({"messages": vec![json!({"role": "user", "content": "q"}); 101]}), "messages"),
        (json!({"messages": vec![json!({"role": "user", "content": "x".repeat(20_000)}); 11]}), "messages"),
    ] {
        let res = post(body.clone()).await.unwrap();
        assert_eq!(res.status(), 400, "{field}");
        let err: Value = res.json().await.unwrap();
        assert_eq!(err["error"]["code"], "invalid_input", "{err}");
        assert!(err["error"]["fields"].get(field).is_some(), "{field}: {err}");
    }
    // /api/research keeps the same rules.
    let res = client()
        .post(format!("{}/api/research", sidecars.server_url))
        .bearer_auth(TOKEN)
        .json(&json!({"messages": [{"role": "tool", "content": "x"}, {"role": "user", "content": "q"}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    let err: Value = res.json().await.unwrap();
    assert!(err["error"]["fields"].get("messages[0].role").is_some(), "{err}");
    let unauthenticated = client()
        .post(format!("{}/api/chat", sidecars.server_url))
        .json(&json!({"messages": [{"role": "user", "content": "q"}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(unauthenticated.status(), 401);
}
