//! Documents: every supported format in, the text and original back out, embedding in the
//! background, and SearchKnowledge finding passages by meaning with the real model.

mod common;

use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use common::{FailingEmbedder, Gate, GatedEmbedder, WordHashEmbedder, call, error_of, eventually, real_model, state};
use proseva_server::{AppState, samples};
use serde_json::{Value, json};

const CUSTODY_ORDER: &str = "FINAL ORDER OF CUSTODY AND VISITATION\n\n\
    This matter came before the Court on the Mother's petition for custody. The Court has considered the factors in \
    Va. Code § 20-124.3 and finds that joint legal custody is in the best interests of the child.\n\n\
    The Father shall have visitation every other weekend from Friday at 6:00 p.m. until Sunday at 6:00 p.m. \
    The parties shall exchange the child at the Springfield police station. Neither party shall speak ill of the other \
    in the child's presence.\n\n\
    Child support is reserved. ENTERED this 14th day of March, 2025.";

const LEASE: &str = "RESIDENTIAL LEASE AGREEMENT\n\nThe tenant shall pay rent of $1,450 on the first day of each month. \
    Rent paid after the fifth day of the month incurs a late fee of ten percent. The security deposit is one month's rent \
    and will be returned within 45 days after the tenancy ends, less lawful deductions.";

const LETTER: &str = "Dear Ms. Doe,\n\nThe clerk's office received your filing fee of $86 for the warrant in debt. \
    Your return date is April 2, 2025 at 9:00 a.m. in courtroom 2C. Bring two copies of every paper you want the judge to see.";

/// (file name, bytes, format, pages, text that must come out)
type FormatCase = (&'static str, Vec<u8>, &'static str, Option<i64>, &'static [&'static str]);

async fn upload_multipart(state: &AppState, file_name: &str, bytes: &[u8], fields: &[(&str, &str)]) -> Value {
    let (status, doc) = call("POST", "/api/documents").multipart(file_name, bytes, fields).send(state).await;
    assert_eq!(status, 201, "{file_name}: {doc}");
    doc
}

async fn text_of(state: &AppState, id: &Value) -> String {
    let (status, page) = call("GET", &format!("/api/documents/{id}/text?limit=100000")).send(state).await;
    assert_eq!(status, 200, "{page}");
    page["text"].as_str().unwrap().to_string()
}

async fn wait_until(state: &AppState, id: &Value, status: &str) -> Value {
    let path = format!("/api/documents/{id}");
    eventually(&format!("document {id} to be {status}"), Duration::from_secs(120), async || {
        let (_, doc) = call("GET", &path).send(state).await;
        (doc["embeddingStatus"] == status).then_some(doc)
    })
    .await
}

#[tokio::test]
async fn each_supported_format_is_read_and_its_original_kept() {
    let (state, _dir) = state();
    let pdf = samples::pdf(&[
        &["FINAL ORDER OF CUSTODY", "The parties shall exchange the child at the Springfield police station."],
        &["ENTERED this 14th day of March, 2025."],
    ]);
    let docx = samples::docx(&["MOTION TO AMEND CUSTODY", "The Father asks the Court to change the exchange location.\tSee Exhibit A."]);
    let cases: [FormatCase; 4] = [
        (
            "notes.txt",
            b"Called the clerk.\r\nHearing moved to May 2.\r\n".to_vec(),
            "txt",
            None,
            &["Called the clerk.\nHearing moved to May 2."],
        ),
        (
            "plan.md",
            b"# Parenting plan\n\n- Exchanges on Fridays at 6 pm\n".to_vec(),
            "md",
            None,
            &["# Parenting plan", "- Exchanges on Fridays at 6 pm"],
        ),
        (
            "order.pdf",
            pdf.clone(),
            "pdf",
            Some(2),
            &["FINAL ORDER OF CUSTODY", "exchange the child at the Springfield police station", "ENTERED this 14th day"],
        ),
        (
            "motion.docx",
            docx.clone(),
            "docx",
            None,
            &["MOTION TO AMEND CUSTODY\n\nThe Father asks the Court to change the exchange location.\tSee Exhibit A."],
        ),
    ];
    for (file_name, bytes, format, pages, expected) in cases {
        let doc = upload_multipart(&state, file_name, &bytes, &[("kind", "order")]).await;
        assert_eq!(doc["format"], format, "{doc}");
        assert_eq!(doc["pageCount"].as_i64(), pages, "{doc}");
        assert_eq!(doc["sizeBytes"].as_u64(), Some(bytes.len() as u64));
        assert_eq!(doc["title"], file_name.rsplit_once('.').unwrap().0, "the title defaults to the file name");
        assert_eq!(doc["embeddingStatus"], "pending");
        let text = text_of(&state, &doc["id"]).await;
        for needle in expected {
            assert!(text.contains(needle), "{file_name}: {needle:?} not in {text:?}");
        }
        let (status, original) = call("GET", &format!("/api/documents/{}/file", doc["id"])).send_raw(&state).await;
        assert_eq!((status, original), (200, bytes), "{file_name}: the original comes back byte for byte");
    }

    // The same PDF as JSON with base64, into a case, with a title.
    let (_, case) = call("POST", "/api/cases").json(&json!({"name": "Doe v. Doe"})).send(&state).await;
    let body = json!({"caseId": case["id"], "title": "Custody order", "fileName": "order.pdf",
                      "contentBase64": base64::engine::general_purpose::STANDARD.encode(&pdf)});
    let (status, doc) = call("POST", "/api/documents").json(&body).send(&state).await;
    assert_eq!(
        (status, doc["format"].as_str(), doc["caseId"].clone(), doc["title"].as_str()),
        (201, Some("pdf"), case["id"].clone(), Some("Custody order"))
    );
}

#[tokio::test]
async fn unreadable_uploads_are_refused_with_the_reason() {
    let (state, dir) = state();
    let (status, body) = call("POST", "/api/documents").multipart("song.mp3", b"ID3\x03\0\0\0\0binary\0", &[]).send(&state).await;
    assert_eq!(status, 415, "{body}");
    error_of(&body, "unsupported_media_type");
    let (status, body) = call("POST", "/api/documents").multipart("order.pdf", b"%PDF-1.7 truncated", &[]).send(&state).await;
    assert_eq!(status, 400);
    assert!(error_of(&body, "invalid_input")["fields"]["file"].is_string(), "{body}");
    let (status, body) = call("POST", "/api/documents").multipart("x.txt", b"hello", &[("caseId", "12")]).send(&state).await;
    assert_eq!(status, 400);
    assert!(error_of(&body, "invalid_input")["fields"]["caseId"].is_string(), "{body}");
    let (status, body) = call("POST", "/api/documents")
        .raw("multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nT\r\n--b--\r\n")
        .send(&state)
        .await;
    assert_eq!(status, 400);
    assert!(error_of(&body, "invalid_input")["fields"]["file"].is_string(), "{body}");
    let (status, body) = call("POST", "/api/documents").json(&json!({"fileName": "a.pdf", "contentBase64": "***"})).send(&state).await;
    assert_eq!(status, 400);
    assert!(error_of(&body, "invalid_input")["fields"]["contentBase64"].is_string(), "{body}");

    let (_, docs) = call("GET", "/api/documents").send(&state).await;
    assert_eq!(docs, json!([]));
    let stored = std::fs::read_dir(dir.path().join("documents")).unwrap().count();
    assert_eq!(stored, 0, "no file is left behind by a refused upload");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn embedding_runs_in_the_background_from_pending_to_ready() {
    let (state, _dir) = state();
    let gate = Gate::default();
    state.use_embedder(Arc::new(GatedEmbedder(gate.clone()))).unwrap();
    state.spawn_embedding_worker();

    let doc = upload_multipart(&state, "order.txt", CUSTODY_ORDER.as_bytes(), &[]).await;
    assert_eq!(doc["embeddingStatus"], "pending", "the upload answers before the model has run");
    // The model is held at the gate, so the document must still be pending.
    let (_, again) = call("GET", &format!("/api/documents/{}", doc["id"])).send(&state).await;
    assert_eq!(again["embeddingStatus"], "pending");
    let (_, health) = common::Call::anonymous("GET", "/api/health").send(&state).await;
    assert_eq!(health["embeddings"], "ready");

    gate.open();
    let ready = wait_until(&state, &doc["id"], "ready").await;
    assert_eq!(ready["embeddingModel"], "test-word-hash");
    assert_eq!(state.knowledge.vector_count() as i64, ready["chunkCount"].as_i64().unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_model_error_marks_the_document_failed_and_words_still_find_it() {
    let (state, _dir) = state();
    state.use_embedder(Arc::new(FailingEmbedder)).unwrap();
    state.spawn_embedding_worker();
    let doc = upload_multipart(&state, "lease.txt", LEASE.as_bytes(), &[]).await;
    let failed = wait_until(&state, &doc["id"], "failed").await;
    assert!(failed["embeddingError"].as_str().unwrap().contains("always fails"), "{failed}");

    let (status, found) = call("POST", "/api/tools/SearchKnowledge").json(&json!({"query": "late fee for rent"})).send(&state).await;
    assert_eq!(status, 200, "{found}");
    assert_eq!(found["passages"][0]["documentId"], doc["id"]);
    assert_eq!(found["passages"][0]["matchedBy"], json!(["words"]));
}

#[tokio::test]
async fn while_the_model_loads_search_uses_words() {
    let (state, _dir) = state();
    upload_multipart(&state, "letter.txt", LETTER.as_bytes(), &[]).await;
    let (status, found) = call("POST", "/api/tools/SearchKnowledge").json(&json!({"query": "filing fee", "topK": 3})).send(&state).await;
    assert_eq!(status, 200);
    assert_eq!(found["mode"], "words");
    assert_eq!(found["passages"].as_array().unwrap().len(), 1);
    assert!(found["passages"][0]["similarity"].is_null());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn search_knowledge_finds_a_paraphrase_with_the_real_model() {
    let (state, _dir) = state();
    let model = real_model();
    state.use_embedder(model).unwrap();
    state.spawn_embedding_worker();

    let order = upload_multipart(&state, "custody-order.pdf", &samples::pdf(&[&CUSTODY_ORDER.split('\n').collect::<Vec<_>>()]), &[]).await;
    let lease = upload_multipart(&state, "lease.docx", &samples::docx(&[LEASE]), &[]).await;
    let letter = upload_multipart(&state, "letter.md", LETTER.as_bytes(), &[]).await;
    for doc in [&order, &lease, &letter] {
        wait_until(&state, &doc["id"], "ready").await;
    }

    let (status, found) = call("POST", "/api/tools/SearchKnowledge")
        .json(&json!({"query": "where do we hand the kid over on weekends", "topK": 3}))
        .send(&state)
        .await;
    assert_eq!(status, 200, "{found}");
    assert_eq!(found["mode"], "meaning+words");
    let best = &found["passages"][0];
    assert_eq!(best["documentId"], order["id"], "{found}");
    assert_eq!(best["documentTitle"], "custody-order");
    assert!(best["text"].as_str().unwrap().contains("exchange the child at the Springfield police station"), "{best}");
    assert!(best["matchedBy"].as_array().unwrap().contains(&json!("meaning")), "{best}");
    assert!(best["similarity"].as_f64().unwrap() > 0.25, "{best}");
    // The offsets point at the passage in the document's text.
    let text = text_of(&state, &order["id"]).await;
    let (start, end) = (best["start"].as_u64().unwrap() as usize, best["end"].as_u64().unwrap() as usize);
    assert_eq!(&text[start..end], best["text"].as_str().unwrap());
    assert_eq!(best["startChar"].as_u64().unwrap() as usize, text[..start].chars().count());

    // Rent questions find the lease, not the custody order.
    let (_, found) =
        call("POST", "/api/tools/SearchKnowledge").json(&json!({"query": "what happens if I pay my rent late"})).send(&state).await;
    assert_eq!(found["passages"][0]["documentId"], lease["id"], "{found}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_document_leaves_search_and_disk() {
    let (state, dir) = state();
    state.use_embedder(Arc::new(WordHashEmbedder)).unwrap();
    state.spawn_embedding_worker();
    let doc = upload_multipart(&state, "lease.txt", LEASE.as_bytes(), &[]).await;
    wait_until(&state, &doc["id"], "ready").await;
    assert!(state.knowledge.vector_count() > 0);

    let (status, _) = call("DELETE", &format!("/api/documents/{}", doc["id"])).send(&state).await;
    assert_eq!(status, 204);
    assert_eq!(state.knowledge.vector_count(), 0);
    let (_, found) = call("POST", "/api/tools/SearchKnowledge").json(&json!({"query": "security deposit rent"})).send(&state).await;
    assert_eq!(found["passages"], json!([]), "{found}");
    assert_eq!(std::fs::read_dir(dir.path().join("documents")).unwrap().count(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn vectors_survive_a_restart_and_a_new_model_re_embeds() {
    let dir = tempfile::tempdir().unwrap();
    let config = proseva_server::Config::for_data_dir(dir.path().to_path_buf());
    let id = {
        let state = AppState::open(&config).unwrap();
        state.use_embedder(Arc::new(WordHashEmbedder)).unwrap();
        let worker = state.spawn_embedding_worker();
        let doc = upload_multipart(&state, "lease.txt", LEASE.as_bytes(), &[]).await;
        wait_until(&state, &doc["id"], "ready").await;
        worker.abort();
        doc["id"].clone()
    };
    let state = AppState::open(&config).unwrap();
    assert!(state.knowledge.vector_count() > 0, "vectors are loaded at start, before any model");

    // Another model's vectors cannot be compared with these: the document is embedded again.
    state.use_embedder(real_model()).unwrap();
    let (_, doc) = call("GET", &format!("/api/documents/{id}")).send(&state).await;
    assert_eq!(doc["embeddingStatus"], "pending", "{doc}");
    state.spawn_embedding_worker();
    let doc = wait_until(&state, &id, "ready").await;
    assert_eq!(doc["embeddingModel"], real_model().model_id());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_embeddings_endpoint_answers_in_openais_shape_with_the_servers_model() {
    let (state, _dir) = state();
    let (status, body) = call("POST", "/v1/embeddings").json(&json!({"input": "custody"})).send(&state).await;
    assert_eq!(status, 503, "no model yet: {body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("not ready"), "{body}");

    state.use_embedder(Arc::new(WordHashEmbedder)).unwrap();
    let model = state.knowledge.model_id().unwrap();
    let (status, body) =
        call("POST", "/v1/embeddings").json(&json!({"input": ["child custody", "security deposit"], "model": model})).send(&state).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["object"], "list");
    assert_eq!(body["model"], model.as_str());
    let data = body["data"].as_array().unwrap();
    assert_eq!(data.len(), 2);
    assert_eq!((data[0]["index"].clone(), data[1]["index"].clone()), (json!(0), json!(1)));
    assert!(data.iter().all(|d| d["object"] == "embedding" && d["embedding"].as_array().is_some_and(|v| !v.is_empty())));
    assert_ne!(data[0]["embedding"], data[1]["embedding"]);

    for (bad, field) in [
        (json!({"input": 5}), "input"),
        (json!({"input": []}), "input"),
        (json!({"input": vec!["x"; 33]}), "input"),
        (json!({"input": "x", "model": "text-embedding-3-small"}), "model"),
    ] {
        let (status, body) = call("POST", "/v1/embeddings").json(&bad).send(&state).await;
        assert_eq!(status, 400, "{bad}: {body}");
        assert!(body["error"]["fields"][field].is_string(), "{bad}: {body}");
    }
    let (status, _) = common::Call::anonymous("POST", "/v1/embeddings").json(&json!({"input": "x"})).send(&state).await;
    assert_eq!(status, 401, "the token is required");
}
