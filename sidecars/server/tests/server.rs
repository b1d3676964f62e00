//! The real `proseva-server` binary on a free loopback port: start-up, the guards over a real
//! socket, durability across kill -9, and a PDF findable by paraphrase.

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
