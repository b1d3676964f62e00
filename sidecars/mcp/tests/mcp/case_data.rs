//! The read-only case tools against the real case data server (served in-process on loopback
//! behind its token), once the person has turned on `mcpCaseData`.

use serde_json::{Value, json};

use crate::common;

use common::{DataDir, command, connect_with};

const TOKEN: &str = "server-test-token";

/// The case data server's real router on a free loopback port, with one case and one deadline.
async fn serve_case_data(data: &DataDir) -> (String, Value) {
    let mut config = proseva_server::Config::for_data_dir(data.path().join("cases"));
    config.token = Some(TOKEN.into());
    let state = proseva_server::AppState::open(&config).expect("server state");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, proseva_server::http::app(state)).await });
    let http = proseva_http::loopback_client_builder("proseva-mcp-tests").build().unwrap();
    let post = |path: &str, body: Value| http.post(format!("{url}{path}")).bearer_auth(TOKEN).json(&body).send();
    let case: Value =
        post("/api/cases", json!({ "name": "Doe v. Doe", "caseNumber": "JJ123456-01-00" })).await.unwrap().json().await.unwrap();
    let deadline = json!({ "caseId": case["id"], "title": "File the answer", "date": "2031-06-02" });
    assert_eq!(post("/api/deadlines", deadline).await.unwrap().status(), 201);
    (url, case)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_case_tools_read_the_persons_cases_once_turned_on() {
    let data = DataDir::starter();
    let (url, case) = serve_case_data(&data).await;
    data.settings(json!({ "mcpCaseData": true }));
    let mut cmd = command(data.path(), &["--server-url", &url]);
    cmd.env("PROSEVA_TOKEN", TOKEN);
    let session = connect_with(cmd).await;

    let cases = session.ok("get_cases", json!({})).await;
    assert_eq!(cases["count"], 1, "{cases}");
    assert_eq!(cases["cases"][0]["caseNumber"], "JJ123456-01-00");
    let deadlines = session.ok("get_deadlines", json!({ "caseId": case["id"] })).await;
    assert!(deadlines.to_string().contains("File the answer"), "{deadlines}");
    assert!(session.ok("get_documents", json!({})).await.to_string().contains("\"documents\":[]"));
    assert!(!session.ok("search_case", json!({ "query": "answer deadline" })).await.is_null());
    // The server's own checks come back as the model's to correct.
    assert_eq!(session.refused("get_deadlines", json!({ "caseId": 9999 })).await["code"], "invalid_arguments");
    // The law tools are still there beside them.
    assert_eq!(session.ok("get_section", json!({ "section": "20-124.3" })).await["textKind"], "summary");
}

#[tokio::test(flavor = "multi_thread")]
async fn without_the_servers_token_the_case_tools_say_so() {
    let data = DataDir::starter();
    let (url, _) = serve_case_data(&data).await;
    data.settings(json!({ "mcpCaseData": true }));
    let session = connect_with(command(data.path(), &["--server-url", &url])).await;
    let refused = session.refused("get_cases", json!({})).await;
    assert_eq!(refused["code"], "unavailable", "{refused}");
    let message = refused["message"].as_str().unwrap();
    assert!(message.contains("refused") && message.contains("bearer token") && message.contains("PROSEVA_TOKEN"), "{message}");
    assert!(!message.contains("not running"), "{message}");
}

#[tokio::test(flavor = "multi_thread")]
async fn without_a_server_url_the_case_tools_ask_the_server_the_app_publishes() {
    let data = DataDir::starter();
    let (url, _) = serve_case_data(&data).await;
    data.settings(json!({ "mcpCaseData": true }));
    let session = connect_with(command(data.path(), &[])).await;
    // The app is not running (nothing published): the tool says what to do.
    let refused = session.refused("get_cases", json!({})).await;
    let message = refused["message"].as_str().unwrap();
    assert!(message.contains("the ProSeVA app is not running") && message.contains("Let other assistants read my case data"), "{message}");
    // The app publishes its server's address and token: the next call reaches it.
    std::fs::write(data.path().join("mcp-server.json"), json!({ "serverUrl": url, "token": TOKEN }).to_string()).unwrap();
    let cases = session.ok("get_cases", json!({})).await;
    assert_eq!(cases["cases"][0]["caseNumber"], "JJ123456-01-00", "{cases}");
}
