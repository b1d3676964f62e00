//! The real `proseva-server` binary on a free loopback port: start-up, the guards over a real
//! socket, durability across kill -9, a PDF findable by paraphrase, a conversation's messages at
//! their own route, and OpenAI's `/v1/models` as an OpenAI client reads it.

mod common;

use std::process::{Command, Stdio};
use std::time::Duration;

use common::{TOKEN, client, eventually, start_server};
use proseva_server::samples;
use serde_json::{Value, json};

#[tokio::test]
async fn it_starts_healthy_and_guards_every_other_route() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path(), &[("PROSEVA_EMBEDDINGS", "off")]);
    let health: Value = client().get(server.url("/api/health")).send().await.unwrap().json().await.unwrap();
    assert_eq!(health["status"], "ok");
    // The model settings are read on a background thread; health says why there is no model.
    let embeddings = eventually("health to report the model setting", Duration::from_secs(30), async || {
        let health: Value = client().get(server.url("/api/health")).send().await.ok()?.json().await.ok()?;
        health["embeddings"].as_str().filter(|s| *s != "loading").map(str::to_string)
    })
    .await;
    assert!(embeddings.starts_with("unavailable: embeddings are turned off"), "{embeddings}");
    assert!(dir.path().join("proseva.db").is_file());

    let res = client().get(server.url("/api/cases")).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 401);
    assert_eq!(res.headers()["www-authenticate"], "Bearer");
    let res = client().get(server.url("/api/cases")).bearer_auth(TOKEN).header("Host", "rebound.attacker.example").send().await.unwrap();
    assert_eq!(res.status().as_u16(), 403);
    let (status, cases) = server.get("/api/cases").await;
    assert_eq!((status, cases), (200, json!([])));
}

#[tokio::test]
async fn the_body_limit_holds_over_a_real_socket() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path(), &[("PROSEVA_EMBEDDINGS", "off"), ("PROSEVA_MAX_BODY_BYTES", "4096")]);
    let (status, body) = server.post("/api/documents", &json!({"title": "Big", "text": "word ".repeat(2_000)})).await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["error"]["code"], "payload_too_large");
    let (status, _) = server.post("/api/documents", &json!({"title": "Small", "text": "a short note"})).await;
    assert_eq!(status, 201);
}

#[test]
fn without_a_data_dir_it_exits_with_a_clear_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_proseva-server"))
        .env_remove("PROSEVA_DATA_DIR")
        .env("PORT", "0")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("PROSEVA_DATA_DIR is not set"), "{stderr}");
    assert!(out.stdout.is_empty(), "nothing on stdout, so a supervisor does not mistake it for the listening line");
}

#[tokio::test]
async fn an_answered_write_survives_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let env = [("PROSEVA_EMBEDDINGS", "off")];
    let mut server = start_server(dir.path(), &env);
    let (status, case) = server.post("/api/cases", &json!({"name": "Doe v. Doe", "caseNumber": "JJ123456-01-00"})).await;
    assert_eq!(status, 201);
    let (status, doc) =
        server.post("/api/documents", &json!({"title": "Order", "text": "The parties shall exchange the child on Fridays."})).await;
    assert_eq!(status, 201);
    let (status, deadline) =
        server.post("/api/deadlines", &json!({"caseId": case["id"], "ruleId": "answer-complaint", "triggerDate": "2025-11-07"})).await;
    assert_eq!(status, 201);
    // SIGKILL right after the last 2xx: no shutdown, no checkpoint, nothing flushed on the way out.
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    drop(server);

    let server = start_server(dir.path(), &env);
    let (status, got) = server.get(&format!("/api/cases/{}", case["id"])).await;
    assert_eq!((status, got), (200, case));
    let (status, got) = server.get(&format!("/api/deadlines/{}", deadline["id"])).await;
    assert_eq!((status, got["date"].as_str()), (200, Some("2025-12-01")));
    let (status, text) = server.get(&format!("/api/documents/{}/text", doc["id"])).await;
    assert_eq!((status, text["text"].as_str()), (200, Some("The parties shall exchange the child on Fridays.")));
    let res = client().get(server.url(&format!("/api/documents/{}/file", doc["id"]))).bearer_auth(TOKEN).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200, "the original file is on disk too");
}

#[tokio::test]
async fn an_uploaded_pdf_is_findable_by_paraphrase_within_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path(), &[]);
    // Health answers while the model may still be loading.
    let health: Value = client().get(server.url("/api/health")).send().await.unwrap().json().await.unwrap();
    assert_eq!(health["status"], "ok");
    assert!(["loading", "ready"].contains(&health["embeddings"].as_str().unwrap()), "the model is installed for these tests: {health}");

    let pdf = samples::pdf(&[
        &["FINAL ORDER OF CUSTODY AND VISITATION", "The Court finds that joint legal custody is in the best interests of the child."],
        &[
            "The Father shall have visitation every other weekend.",
            "The parties shall exchange the child at the Springfield police station.",
        ],
    ]);
    let form = reqwest::multipart::Form::new()
        .text("title", "Custody order")
        .part("file", reqwest::multipart::Part::bytes(pdf).file_name("order.pdf").mime_str("application/pdf").unwrap());
    let res = client().post(server.url("/api/documents")).bearer_auth(TOKEN).multipart(form).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 201);
    let doc: Value = res.json().await.unwrap();
    let id = doc["id"].clone();

    let found = eventually("the PDF to be found by meaning", Duration::from_secs(60), async || {
        let (_, found) = server.post("/api/tools/SearchKnowledge", &json!({"query": "where do we hand the kid over on weekends"})).await;
        let best = found["passages"].get(0)?;
        (best["documentId"] == id && best["matchedBy"].as_array()?.contains(&json!("meaning"))).then_some(found)
    })
    .await;
    assert_eq!(found["passages"][0]["documentTitle"], "Custody order");
    assert!(found["passages"][0]["text"].as_str().unwrap().contains("Springfield police station"));
}

#[tokio::test]
async fn a_conversations_messages_are_read_at_the_route_the_contract_names() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path(), &[("PROSEVA_EMBEDDINGS", "off")]);
    let (status, conversation) = server.post("/api/conversations", &json!({"title": "Deposit question", "kind": "chat"})).await;
    assert_eq!(status, 201, "{conversation}");
    let path = format!("/api/conversations/{}/messages", conversation["id"]);
    let (status, listed) = server.get(&path).await;
    assert_eq!((status, listed), (200, json!([])), "a new conversation has no messages");
    let question = json!({"role": "user", "content": "Can my landlord keep my deposit?"});
    let answer = json!({"role": "assistant", "content": "Not without an itemised list.", "events": [{"type": "done"}]});
    for message in [&question, &answer] {
        let (status, body) = server.post(&path, message).await;
        assert_eq!(status, 201, "{body}");
    }

    let res = client().get(server.url(&path)).bearer_auth(TOKEN).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers()["x-total-count"], "2");
    let listed: Value = res.json().await.unwrap();
    let (_, read) = server.get(&format!("/api/conversations/{}", conversation["id"])).await;
    assert_eq!(listed, read["messages"], "the same messages, in the same shape, as reading the conversation");
    let roles: Vec<&str> = listed.as_array().unwrap().iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(roles, ["user", "assistant"], "oldest first");
    assert_eq!((&listed[0]["content"], &listed[1]["events"]), (&question["content"], &answer["events"]));

    for unknown in ["/api/conversations/999/messages", "/api/conversations/abc/messages"] {
        let (status, body) = server.get(unknown).await;
        assert_eq!(status, 404, "{unknown}: {body}");
        assert_eq!(body["error"]["code"], "not_found", "{body}");
    }
    let res = client().get(server.url(&path)).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 401, "the token is needed as for every other route");
}

/// An OpenAI client nobody here wrote (async-openai), pointed at the server's `/v1`.
fn openai_client(server: &common::Server, key: &str) -> async_openai::Client<async_openai::config::OpenAIConfig> {
    let config = async_openai::config::OpenAIConfig::new().with_api_base(server.url("/v1")).with_api_key(key);
    async_openai::Client::build(client(), config)
}

#[tokio::test]
async fn the_openai_api_lists_the_embedding_model_it_serves() {
    use async_openai::error::OpenAIError;
    use async_openai::types::embeddings::CreateEmbeddingRequestArgs;

    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path(), &[]);
    let before = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    eventually("the embedding model to be ready", Duration::from_secs(60), async || {
        let health: Value = client().get(server.url("/api/health")).send().await.ok()?.json().await.ok()?;
        (health["embeddings"] == "ready").then_some(())
    })
    .await;

    let (status, list) = server.get("/v1/models").await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list["object"], "list");
    let models = list["data"].as_array().unwrap();
    assert_eq!(models.len(), 1, "{list}");
    let model = &models[0];
    let keys: Vec<&str> = model.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["created", "id", "object", "owned_by"], "OpenAI's model object, nothing more");
    assert_eq!(
        (&model["id"], &model["object"], &model["owned_by"]),
        (&json!("all-MiniLM-L6-v2"), &json!("model"), &json!("proseva-server"))
    );
    let created = model["created"].as_u64().unwrap();
    assert!(created + 120 >= before && created <= before + 120, "created is when the model was made ready: {created}, test began {before}");
    let (status, one) = server.get("/v1/models/all-MiniLM-L6-v2").await;
    assert_eq!((status, &one), (200, model));

    let (status, missing) = server.get("/v1/models/text-embedding-3-small").await;
    assert_eq!(status, 404, "{missing}");
    let error = &missing["error"];
    assert_eq!(
        (&error["type"], &error["param"], &error["code"]),
        (&json!("invalid_request_error"), &json!("model"), &json!("model_not_found"))
    );
    assert!(error["message"].as_str().unwrap().contains("this server serves all-MiniLM-L6-v2"), "{error}");
    let res = client().get(server.url("/v1/models")).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 401, "the same token as /v1/embeddings");

    // What an OpenAI client does: list the models, then embed with the one listed.
    let openai = openai_client(&server, TOKEN);
    let listed = openai.models().list().await.unwrap();
    assert_eq!((listed.object.as_str(), listed.data.len()), ("list", 1));
    assert_eq!(u64::from(listed.data[0].created), created);
    let id = listed.data[0].id.clone();
    assert_eq!(openai.models().retrieve(&id).await.unwrap().owned_by, "proseva-server");
    let request = CreateEmbeddingRequestArgs::default().model(&id).input(["security deposit", "child custody"]).build().unwrap();
    let embedded = openai.embeddings().create(request).await.unwrap();
    assert_eq!((embedded.model.as_str(), embedded.data.len(), embedded.data[1].embedding.len()), (id.as_str(), 2, 384));
    match openai.models().retrieve("gpt-4o").await {
        Err(OpenAIError::ApiError(e)) => {
            assert_eq!((e.status_code.as_u16(), e.api_error.code.as_deref()), (404, Some("model_not_found")), "{e}")
        }
        other => panic!("expected OpenAI's not-found error, got {other:?}"),
    }
    match openai_client(&server, "wrong-key").models().list().await {
        Err(OpenAIError::ApiError(e)) => assert_eq!(e.status_code.as_u16(), 401, "{e}"),
        other => panic!("expected a refusal without the token, got {other:?}"),
    }
}

#[tokio::test]
async fn without_an_embedding_model_the_openai_model_list_is_empty() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path(), &[("PROSEVA_EMBEDDINGS", "off")]);
    let (status, list) = server.get("/v1/models").await;
    assert_eq!((status, list), (200, json!({"object": "list", "data": []})));
    let (status, missing) = server.get("/v1/models/all-MiniLM-L6-v2").await;
    assert_eq!((status, &missing["error"]["code"]), (404, &json!("model_not_found")), "{missing}");
    assert!(missing["error"]["message"].as_str().unwrap().contains("serves no model now"), "{missing}");
}
