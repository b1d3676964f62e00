//! Scans read by OCR (Tesseract, in the server's background reader): a PNG of a letter and a
//! PDF that is only a picture of a page, both made here from text; a partly scanned PDF; what
//! happens without Tesseract; and uploads that must be refused, named, with nothing lost.
//!
//! Needs `tesseract` (with English) and `pdftoppm` (poppler-utils) on PATH: `make test` installs
//! them (scripts/setup-debian.sh).

mod common;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use common::{call, eventually, state, state_with};
use proseva_server::{AppState, samples};
use serde_json::{Value, json};

const LETTER: [&str; 6] = [
    "Dear Ms. Smith,",
    "Starting next month the exchanges take place at the",
    "Fairfax County police station on Fridays at 6 pm.",
    "Please bring the signed visitation schedule.",
    "Sincerely,",
    "John Smith",
];

/// A page of `lines` drawn by poppler at `dpi` in grey: (PNG, PGM).
fn scanned(lines: &[&str], dpi: u32) -> (Vec<u8>, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("page.pdf");
    std::fs::write(&pdf, samples::pdf(&[lines])).unwrap();
    let draw = |kind: &str, out: &str| {
        let status = Command::new("pdftoppm")
            .args(["-r", &dpi.to_string(), "-gray", kind, "-singlefile"])
            .arg(&pdf)
            .arg(dir.path().join(out))
            .status()
            .expect("these tests need pdftoppm (poppler-utils) to make their scans; `make setup` installs it");
        assert!(status.success());
    };
    draw("-png", "png");
    draw("-singlefile", "pgm"); // gray PGM is pdftoppm's default output
    let read = |name: &str| std::fs::read(dir.path().join(name)).unwrap();
    (read("png.png"), read("pgm.pgm"))
}

async fn upload(state: &AppState, file_name: &str, bytes: &[u8]) -> Value {
    let (status, doc) = call("POST", "/api/documents").multipart(file_name, bytes, &[]).send(state).await;
    assert_eq!(status, 201, "{file_name}: {doc}");
    doc
}

async fn wait_for_stage(state: &AppState, id: &Value, stages: &[&str]) -> Value {
    let path = format!("/api/documents/{id}");
    eventually(&format!("document {id} to reach {stages:?}"), Duration::from_secs(300), async || {
        let (_, doc) = call("GET", &path).send(state).await;
        stages.contains(&doc["stage"].as_str().unwrap_or_default()).then_some(doc)
    })
    .await
}

async fn text_of(state: &AppState, id: &Value) -> Value {
    let (status, page) = call("GET", &format!("/api/documents/{id}/text?limit=100000")).send(state).await;
    assert_eq!(status, 200, "{page}");
    page
}

fn squashed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scanned_letter_and_an_image_only_pdf_are_read_by_ocr_and_found() {
    let (state, _dir) = state();
    state.spawn_workers();
    let (png, pgm) = scanned(&LETTER, 200);
    let scan_pdf = samples::scan_pdf(&[&pgm], 200).expect("a PGM from pdftoppm");
    // Pages in between: a text page, then a page with nothing but a picture.
    let mixed = samples::pdf(&[&["NOTICE OF HEARING: the custody hearing is set for December 3, 2026."], &[]]);

    let letter = upload(&state, "letter-scan.png", &png).await;
    assert_eq!(
        (letter["format"].as_str(), letter["textStatus"].as_str(), letter["stage"].as_str()),
        (Some("png"), Some("ocr"), Some("ocr"))
    );
    let pdf = upload(&state, "letter-scan.pdf", &scan_pdf).await;
    assert_eq!((pdf["stage"].as_str(), pdf["pageCount"].as_i64()), (Some("ocr"), Some(1)), "{pdf}");
    let notice = upload(&state, "notice.pdf", &mixed).await;
    assert_eq!((notice["stage"].as_str(), notice["pageCount"].as_i64()), (Some("ocr"), Some(2)), "{notice}");

    for doc in [&letter, &pdf] {
        let read = wait_for_stage(&state, &doc["id"], &["words", "meaning", "failed"]).await;
        assert_eq!(read["textStatus"], "ready", "{read}");
        assert!(read["chunkCount"].as_i64().unwrap() >= 1, "{read}");
        let page = text_of(&state, &doc["id"]).await;
        let text = squashed(page["text"].as_str().unwrap());
        for words in ["fairfax county police station", "fridays at 6 pm", "visitation schedule"] {
            assert!(text.contains(words), "{}: {words:?} not read in {text:?}", doc["fileName"]);
        }
        assert_eq!(page["pages"], json!([{"page": 1, "start": 0}]), "{page}");
    }
    let read = wait_for_stage(&state, &notice["id"], &["words", "meaning", "failed"]).await;
    assert_eq!(read["textStatus"], "ready", "{read}");
    let page = text_of(&state, &notice["id"]).await;
    assert!(page["text"].as_str().unwrap().starts_with("NOTICE OF HEARING"), "{page}");

    // Searchable by words as soon as it is read: the passage says which document it came from.
    let (status, found) =
        call("POST", "/api/tools/SearchKnowledge").json(&json!({"query": "police station exchanges Fridays"})).send(&state).await;
    assert_eq!(status, 200, "{found}");
    let from: Vec<(String, i64)> = found["passages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["from"].as_str().unwrap().to_string(), p["id"].as_i64().unwrap()))
        .collect();
    assert!(from.contains(&("document".into(), letter["id"].as_i64().unwrap())), "{found}");
    assert!(from.contains(&("document".into(), pdf["id"].as_i64().unwrap())), "{found}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_tesseract_a_scan_is_kept_marked_ocr_unavailable_and_read_again_later() {
    let dir = tempfile::tempdir().unwrap();
    let missing = |config: &mut proseva_server::Config| config.tesseract = "/nonexistent/tesseract".into();
    let (state, _) = state_with(|c| {
        c.data_dir = dir.path().to_path_buf();
        missing(c);
    });
    state.spawn_workers();
    let (png, _) = scanned(&LETTER, 200);
    let letter = upload(&state, "letter-scan.png", &png).await;
    assert_eq!(letter["stage"], "ocr_unavailable", "{letter}");
    let problem = letter["problem"].as_str().unwrap();
    assert!(problem.contains("sudo apt install tesseract-ocr tesseract-ocr-eng"), "the hint says how to install it: {problem}");
    let (status, original) = call("GET", &format!("/api/documents/{}/file", letter["id"])).send_raw(&state).await;
    assert_eq!((status, original), (200, png.clone()), "the original is kept");

    // A partly scanned PDF keeps its text pages, searchable, while the scan waits for OCR.
    let mixed = samples::pdf(&[&["NOTICE OF HEARING: the custody hearing is set for December 3, 2026."], &[]]);
    let notice = upload(&state, "notice.pdf", &mixed).await;
    assert_eq!(notice["stage"], "ocr_unavailable", "{notice}");
    assert!(notice["chunkCount"].as_i64().unwrap() >= 1, "{notice}");
    let (_, found) = call("POST", "/api/tools/SearchKnowledge").json(&json!({"query": "custody hearing December"})).send(&state).await;
    assert_eq!(found["passages"][0]["id"], notice["id"], "{found}");
    drop(state);

    // Tesseract installed, the app started again: the scans are read on their own.
    let config = {
        let mut c = proseva_server::Config::for_data_dir(dir.path().to_path_buf());
        c.token = Some(common::TOKEN.into());
        c
    };
    let state = AppState::open(&config).unwrap();
    state.spawn_workers();
    let read = wait_for_stage(&state, &letter["id"], &["words", "meaning", "failed"]).await;
    assert_eq!(read["textStatus"], "ready", "{read}");
    assert!(squashed(text_of(&state, &letter["id"]).await["text"].as_str().unwrap()).contains("police station"));
    // And Re-read works on demand too.
    let (status, again) = call("POST", &format!("/api/documents/{}/reread", notice["id"])).send(&state).await;
    assert_eq!(status, 200, "{again}");
    assert!(["ocr", "words", "meaning"].contains(&again["stage"].as_str().unwrap()), "{again}");
    wait_for_stage(&state, &notice["id"], &["words", "meaning"]).await;
}

#[tokio::test]
async fn bad_files_are_refused_naming_the_file_and_nothing_stored_is_lost() {
    let (state, dir) = state_with(|c| c.max_body_bytes = 1024 * 1024);
    let kept = upload(&state, "kept.txt", b"The lease ends on June 30.").await;

    let refusals: [(&str, Vec<u8>, u16, &str); 6] = [
        ("setup.pdf", b"MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff\0\0program".to_vec(), 400, "is named .pdf but is not a PDF file"),
        ("locked.pdf", samples::encrypted_pdf(), 400, "locked.pdf is an encrypted (password-protected) PDF"),
        ("empty.txt", Vec::new(), 400, "empty.txt is empty (0 bytes)"),
        ("broken.pdf", b"%PDF-1.7\n1 0 obj << /Type /Catalog".to_vec(), 400, "broken.pdf: the PDF is damaged"),
        ("photo.png", b"GIF89a\x01\0\x01\0".to_vec(), 400, "is not a PNG image"),
        ("huge.txt", vec![b'a'; 2 * 1024 * 1024], 413, "1 MiB"),
    ];
    for (name, bytes, expected, says) in refusals {
        let (status, body) = call("POST", "/api/documents").multipart(name, &bytes, &[]).send(&state).await;
        assert_eq!(status, expected, "{name}: {body}");
        assert!(body.to_string().contains(says), "{name}: {says:?} not in {body}");
    }
    // A name carrying a path keeps only its last part.
    let doc = upload(&state, "../../home/me/Scans/note.txt", b"Call the clerk on Monday.").await;
    assert_eq!(doc["fileName"], "note.txt");

    let (_, docs) = call("GET", "/api/documents").send(&state).await;
    let ids: Vec<&Value> = docs.as_array().unwrap().iter().map(|d| &d["id"]).collect();
    assert_eq!(ids, [&kept["id"], &doc["id"]], "{docs}");
    let files = std::fs::read_dir(dir.path().join("documents")).unwrap().count();
    assert_eq!(files, 2, "no file is left behind by a refused upload");
    assert!(Path::new(&dir.path().join("proseva.db")).is_file());
}

#[tokio::test]
async fn a_60_mb_file_is_refused_with_the_limit_and_the_server_goes_on() {
    let (state, _dir) = state();
    let (status, body) = call("POST", "/api/documents").multipart("recording.pdf", &vec![b'%'; 60 * 1024 * 1024], &[]).send(&state).await;
    assert_eq!(status, 413, "{body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("limit of 25 MiB"), "{body}");
    upload(&state, "after.txt", b"Still taking files.").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_uploads_in_a_burst_are_all_kept() {
    let (state, _dir) = state();
    let uploads = (0..1000).map(|i| {
        let state = state.clone();
        tokio::spawn(async move {
            let text = format!("Receipt {i}: paid the filing fee for case {i}.");
            let (status, doc) =
                call("POST", "/api/documents").multipart(&format!("receipt-{i}.txt"), text.as_bytes(), &[]).send(&state).await;
            assert_eq!(status, 201, "{doc}");
            doc["id"].as_i64().unwrap()
        })
    });
    let mut ids = Vec::new();
    for upload in uploads {
        ids.push(upload.await.unwrap());
    }
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 1000, "every upload got its own document");
    let (status, body, total) = call("GET", "/api/documents?limit=1").send_with_header(&state, "x-total-count").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(total.as_deref(), Some("1000"));
    let (_, found) = call("POST", "/api/tools/SearchKnowledge").json(&json!({"query": "receipt 777 filing fee"})).send(&state).await;
    assert!(found["passages"].as_array().unwrap().iter().any(|p| p["title"] == "receipt-777"), "{found}");
}
