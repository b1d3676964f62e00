//! The download against a stand-in for Hugging Face on loopback, written from the hub's documented
//! behaviour (huggingface_hub's `file_download.py` and `constants.py`, and captured answers):
//!
//! - `GET /<repo>/resolve/<revision>/<file>` answers `302 Found` with `Location` on the CDN (an
//!   absolute address; here the same server under `/cdn/`), `X-Linked-Etag: "<sha256>"` (quoted),
//!   `X-Linked-Size`, `X-Repo-Commit`, and an `ETag` of its own that is not the file's sha256;
//! - the CDN serves the bytes with `Accept-Ranges: bytes` and an `ETag`, answers `Range: bytes=k-`
//!   with `206` and `Content-Range: bytes k-(n-1)/n`, and `416` with `Content-Range: bytes */n`
//!   when `k` is past the end.
//!
//! Fault modes: the CDN drops the connection after some bytes; ignores `Range`; sends slowly; the
//! hub publishes a wrong sha256, answers 401/403/404; and a raw socket that answers junk.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use proseva_models::download::{self, DownloadError, ModelFile, Progress};

const REPO: &str = "example/Tiny-GGUF";
const COMMIT: &str = "0123456789abcdef0123456789abcdef01234567";
const FILE: &str = "tiny-Q4_K_M.gguf";

/// How the stand-in behaves.
#[derive(Default)]
struct Faults {
    /// The CDN drops the connection after this many body bytes (once), then serves normally.
    cut_after: Option<u64>,
    /// The CDN answers every request with the whole file (200), whatever the `Range`.
    ignore_range: bool,
    /// The CDN sends 64 KiB every 10 ms.
    slow: bool,
    /// The hub's `X-Linked-Etag` (the real sha256 when `None`).
    published_sha: Option<String>,
    /// The hub answers `/resolve/` with this status and no file.
    resolve_status: Option<StatusCode>,
}

struct Hub {
    bytes: Bytes,
    sha256: String,
    faults: Faults,
    address: String,
    /// The `Range` header of every CDN request, in order (`None` when there was none).
    ranges: Mutex<Vec<Option<String>>>,
    cuts_left: AtomicU64,
}

impl Hub {
    async fn start(bytes: Vec<u8>, faults: Faults) -> Arc<Hub> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        let sha256 = hex(&Sha256::digest(&bytes));
        let cuts_left = AtomicU64::new(u64::from(faults.cut_after.is_some()));
        let hub = Arc::new(Hub { bytes: Bytes::from(bytes), sha256, faults, address, ranges: Mutex::new(Vec::new()), cuts_left });
        let app = Router::new().fallback(answer).with_state(hub.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        hub
    }

    fn ranges(&self) -> Vec<Option<String>> {
        self.ranges.lock().unwrap().clone()
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

async fn answer(State(hub): State<Arc<Hub>>, request: Request) -> Response {
    let path = request.uri().path().to_string();
    if path.starts_with("/cdn/") {
        return cdn(&hub, request.headers());
    }
    let expected = format!("/{REPO}/resolve/{COMMIT}/{FILE}");
    if path != expected {
        return (StatusCode::NOT_FOUND, "Entry not found").into_response();
    }
    if let Some(status) = hub.faults.resolve_status {
        return (status, "Access to model is restricted").into_response();
    }
    let published = hub.faults.published_sha.clone().unwrap_or_else(|| hub.sha256.clone());
    Response::builder()
        .status(StatusCode::FOUND)
        .header(header::LOCATION, format!("{}/cdn/{}?sig=abc&Expires=1", hub.address, hub.sha256))
        .header("x-linked-etag", format!("\"{published}\""))
        .header("x-linked-size", hub.bytes.len().to_string())
        .header("x-repo-commit", COMMIT)
        .header(header::ETAG, "W/\"1f2e-abc\"")
        .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
        .body(Body::from(format!("Found. Redirecting to {}/cdn/{}", hub.address, hub.sha256)))
        .unwrap()
}

fn cdn(hub: &Hub, headers: &HeaderMap) -> Response {
    let range = headers.get(header::RANGE).and_then(|v| v.to_str().ok()).map(str::to_string);
    hub.ranges.lock().unwrap().push(range.clone());
    let n = hub.bytes.len() as u64;
    let from =
        range.as_deref().and_then(|r| r.strip_prefix("bytes=")).and_then(|r| r.strip_suffix('-')).and_then(|k| k.parse::<u64>().ok());
    let mut builder = Response::builder()
        .header(header::ACCEPT_RANGES, "bytes")
        .header(header::ETAG, format!("\"{}\"", hub.sha256))
        .header(header::CONTENT_TYPE, "binary/octet-stream");
    let from = match from {
        Some(k) if !hub.faults.ignore_range => {
            if k >= n {
                return builder.status(416).header(header::CONTENT_RANGE, format!("bytes */{n}")).body(Body::empty()).unwrap();
            }
            builder = builder.status(206).header(header::CONTENT_RANGE, format!("bytes {k}-{}/{n}", n - 1));
            k
        }
        _ => {
            builder = builder.status(200);
            0
        }
    };
    let body = hub.bytes.slice(usize::try_from(from).unwrap()..);
    builder = builder.header(header::CONTENT_LENGTH, body.len().to_string());
    let cut = hub.faults.cut_after.filter(|_| hub.cuts_left.fetch_sub(1, Ordering::SeqCst) == 1);
    if let Some(after) = cut {
        // The first `after` bytes (in pieces, so that the server writes them all before it goes
        // on), a moment for them to reach the client, then the connection drops.
        let head = body.slice(..usize::try_from(after).unwrap());
        let pieces: Vec<Result<Bytes, std::io::Error>> = head.chunks(64 << 10).map(|c| Ok(head.slice_ref(c))).collect();
        let drop_it = futures::stream::once(async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            Err(std::io::Error::other("connection dropped"))
        });
        return builder.body(Body::from_stream(futures::StreamExt::chain(futures::stream::iter(pieces), drop_it))).unwrap();
    }
    if hub.faults.slow {
        let stream = futures::stream::unfold(body, |rest| async move {
            if rest.is_empty() {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
            let take = rest.len().min(64 << 10);
            Some((Ok::<_, std::io::Error>(rest.slice(..take)), rest.slice(take..)))
        });
        return builder.body(Body::from_stream(stream)).unwrap();
    }
    builder.body(Body::from(body)).unwrap()
}

/// A valid GGUF file of about `megabytes` MB: a header naming the architecture and one F32 tensor
/// (the layout `proseva_models::gguf` checks), with varied bytes in the tensor so that a byte in
/// the wrong place changes the hash.
fn synthetic_gguf(megabytes: u64) -> Vec<u8> {
    let elements = megabytes * 1_000_000 / 4;
    let mut b = Vec::new();
    let string = |b: &mut Vec<u8>, t: &str| {
        b.extend((t.len() as u64).to_le_bytes());
        b.extend(t.as_bytes());
    };
    b.extend(b"GGUF");
    b.extend(3u32.to_le_bytes());
    b.extend(1u64.to_le_bytes());
    b.extend(2u64.to_le_bytes());
    string(&mut b, "general.architecture");
    b.extend(8u32.to_le_bytes());
    string(&mut b, "llama");
    string(&mut b, "general.name");
    b.extend(8u32.to_le_bytes());
    string(&mut b, "Tiny");
    string(&mut b, "w");
    b.extend(1u32.to_le_bytes());
    b.extend(elements.to_le_bytes());
    b.extend(0u32.to_le_bytes());
    b.extend(0u64.to_le_bytes());
    while b.len() % 32 != 0 {
        b.push(0);
    }
    let mut x: u32 = 0x1234_5678;
    for _ in 0..elements * 4 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        b.push(x.to_le_bytes()[0]);
    }
    b
}

fn wanted(size: Option<u64>, sha256: Option<String>) -> ModelFile {
    ModelFile { repo: REPO.into(), revision: COMMIT.into(), file: FILE.into(), size, sha256 }
}

fn dest_in(dir: &tempfile::TempDir) -> PathBuf {
    dir.path().join("tiny").join(FILE)
}

fn nothing_kept(dest: &Path) {
    assert!(!dest.exists(), "{} is there", dest.display());
    assert!(!download::part_path(dest).exists(), "the .part is there");
    assert!(!download::record_path(dest).exists(), "the record is there");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_download_is_checked_and_lands_with_its_record() {
    let bytes = synthetic_gguf(6);
    let hub = Hub::start(bytes.clone(), Faults::default()).await;
    let dir = tempfile::tempdir().unwrap();
    let dest = dest_in(&dir);
    let mut reports: Vec<Progress> = Vec::new();
    let stop = AtomicBool::new(false);
    // No checksum in the "catalogue": the hub's X-Linked-Etag is the one checked.
    let done = download::download(&hub.address, &wanted(None, None), &dest, &stop, |p| reports.push(p)).await.unwrap();
    assert_eq!(std::fs::read(&dest).unwrap(), bytes);
    assert!(!download::part_path(&dest).exists());
    assert_eq!(done.path, dest);
    assert_eq!(done.info.architecture, "llama");
    assert_eq!(done.record.sha256, hub.sha256);
    assert_eq!(done.record.size, bytes.len() as u64);
    assert_eq!(done.record.revision, COMMIT);
    assert_eq!(download::record(&dest).unwrap(), done.record);
    let on_disk: serde_json::Value = serde_json::from_slice(&std::fs::read(download::record_path(&dest)).unwrap()).unwrap();
    assert_eq!(on_disk["repo"], REPO);
    assert_eq!(on_disk["sha256"], hub.sha256.as_str());
    assert!(on_disk["downloadedAt"].as_str().unwrap().ends_with('Z'), "{on_disk}");
    assert_eq!(hub.ranges(), [None], "one request to the CDN, without a range");
    let last = reports.last().unwrap();
    assert_eq!((last.done, last.total), (bytes.len() as u64, Some(bytes.len() as u64)));
    assert!(reports.iter().all(|p| p.total == Some(bytes.len() as u64)), "{reports:?}");
    assert!(reports.windows(2).all(|w| w[0].done <= w[1].done));

    // Pressing Download again finds it there: no second request.
    let again =
        download::download(&hub.address, &wanted(Some(bytes.len() as u64), Some(hub.sha256.clone())), &dest, &stop, |_| {}).await.unwrap();
    assert_eq!(again.record, done.record);
    assert_eq!(hub.ranges().len(), 1);

    download::delete(&dest).unwrap();
    nothing_kept(&dest);
    download::delete(&dest).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cut_connection_keeps_the_part_and_the_next_press_resumes_with_a_range() {
    let bytes = synthetic_gguf(5);
    let cut = 1_234_567u64;
    let hub = Hub::start(bytes.clone(), Faults { cut_after: Some(cut), ..Faults::default() }).await;
    let dir = tempfile::tempdir().unwrap();
    let dest = dest_in(&dir);
    let stop = AtomicBool::new(false);
    let want = wanted(Some(bytes.len() as u64), Some(hub.sha256.clone()));
    let err = download::download(&hub.address, &want, &dest, &stop, |_| {}).await.unwrap_err();
    assert!(matches!(err, DownloadError::Interrupted { kept, .. } if kept == cut), "{err:?}");
    assert!(err.to_string().contains("kept, and Download resumes from there"), "{err}");
    assert_eq!(download::partial_bytes(&dest), cut);
    assert!(!dest.exists());

    let done = download::download(&hub.address, &want, &dest, &stop, |_| {}).await.unwrap();
    assert_eq!(hub.ranges(), [None, Some(format!("bytes={cut}-"))]);
    assert_eq!(std::fs::read(&done.path).unwrap(), bytes, "the resumed file is byte for byte the original");
    assert!(!download::part_path(&dest).exists());
}

/// The same on the real test model (Gemma 3 270M, 253,113,024 bytes), cut at 100 MB.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_test_model_downloads_resumes_and_checks() {
    let model = std::env::var_os("PROSEVA_LLM_TEST_MODEL").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(std::env::var_os("HOME").expect("a home directory"))
            .join(".cache/proseva/models/gemma-3-270m/gemma-3-270m-q4_k_m.gguf")
    });
    assert!(model.is_file(), "the test model is missing at {}: run scripts/install-llm-test-model.sh (make test does)", model.display());
    let bytes = std::fs::read(&model).unwrap();
    let cut = 100_000_000u64;
    let hub = Hub::start(bytes.clone(), Faults { cut_after: Some(cut), ..Faults::default() }).await;
    let dir = tempfile::tempdir().unwrap();
    let dest = dest_in(&dir);
    let stop = AtomicBool::new(false);
    let want = wanted(Some(bytes.len() as u64), None);
    let err = download::download(&hub.address, &want, &dest, &stop, |_| {}).await.unwrap_err();
    assert!(matches!(err, DownloadError::Interrupted { kept, total: Some(_), .. } if kept == cut), "{err:?}");
    let started = std::time::Instant::now();
    let done = download::download(&hub.address, &want, &dest, &stop, |_| {}).await.unwrap();
    eprintln!("resumed and checked {} MB in {:.2?}", bytes.len() / 1_000_000, started.elapsed());
    assert_eq!(hub.ranges(), [None, Some(format!("bytes={cut}-"))]);
    assert_eq!(done.record.sha256, hub.sha256);
    assert_eq!(done.info.architecture, "gemma3");
    assert_eq!(std::fs::metadata(&dest).unwrap().len(), bytes.len() as u64);
    assert_eq!(hex(&Sha256::digest(std::fs::read(&dest).unwrap())), hub.sha256);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_published_checksum_is_refused_and_nothing_is_kept() {
    let bytes = synthetic_gguf(2);
    let wrong = "ab".repeat(32);
    let hub = Hub::start(bytes.clone(), Faults { published_sha: Some(wrong.clone()), ..Faults::default() }).await;
    let dir = tempfile::tempdir().unwrap();
    let dest = dest_in(&dir);
    let stop = AtomicBool::new(false);
    let err = download::download(&hub.address, &wanted(None, None), &dest, &stop, |_| {}).await.unwrap_err();
    assert!(matches!(&err, DownloadError::Checksum { expected, actual } if *expected == wrong && *actual == hub.sha256), "{err:?}");
    assert!(err.to_string().starts_with("the file downloaded does not match its published checksum; nothing was kept"), "{err}");
    nothing_kept(&dest);

    // With the catalogue's checksum, a hub that publishes another is refused before a byte is fetched,
    // and a .part of the other file is dropped.
    std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
    std::fs::write(download::part_path(&dest), &bytes[..1000]).unwrap();
    let requests = hub.ranges().len();
    let err = download::download(&hub.address, &wanted(None, Some(hub.sha256.clone())), &dest, &stop, |_| {}).await.unwrap_err();
    assert!(matches!(&err, DownloadError::Changed { published, .. } if *published == wrong), "{err:?}");
    assert_eq!(hub.ranges().len(), requests, "the CDN was asked for nothing");
    nothing_kept(&dest);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_whose_checksum_matches_but_is_not_gguf_is_not_kept() {
    let bytes = b"<html>not a model</html>".repeat(1000);
    let hub = Hub::start(bytes, Faults::default()).await;
    let dir = tempfile::tempdir().unwrap();
    let dest = dest_in(&dir);
    let err = download::download(&hub.address, &wanted(None, None), &dest, &AtomicBool::new(false), |_| {}).await.unwrap_err();
    assert!(matches!(err, DownloadError::NotAModel(_)), "{err:?}");
    assert!(err.to_string().contains("is not a GGUF model file"), "{err}");
    nothing_kept(&dest);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_ignores_range_starts_over_cleanly() {
    let bytes = synthetic_gguf(3);
    let hub = Hub::start(bytes.clone(), Faults { ignore_range: true, ..Faults::default() }).await;
    let dir = tempfile::tempdir().unwrap();
    let dest = dest_in(&dir);
    std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
    // A kept piece that does not even match: starting over must not keep a byte of it.
    std::fs::write(download::part_path(&dest), vec![0xEE; 777_777]).unwrap();
    let done =
        download::download(&hub.address, &wanted(Some(bytes.len() as u64), None), &dest, &AtomicBool::new(false), |_| {}).await.unwrap();
    assert_eq!(hub.ranges(), [Some("bytes=777777-".to_string())]);
    assert_eq!(std::fs::read(&done.path).unwrap(), bytes);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_part_that_is_already_whole_is_finished_on_a_416() {
    let bytes = synthetic_gguf(2);
    let hub = Hub::start(bytes.clone(), Faults::default()).await;
    let dir = tempfile::tempdir().unwrap();
    let dest = dest_in(&dir);
    std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
    std::fs::write(download::part_path(&dest), &bytes).unwrap();
    let done = download::download(&hub.address, &wanted(None, None), &dest, &AtomicBool::new(false), |_| {}).await.unwrap();
    assert_eq!(hub.ranges(), [Some(format!("bytes={}-", bytes.len()))]);
    assert_eq!(std::fs::read(&done.path).unwrap(), bytes);

    // A whole-looking .part with a wrong byte is refused and dropped.
    download::delete(&dest).unwrap();
    let mut damaged = bytes.clone();
    damaged[5000] ^= 1;
    std::fs::write(download::part_path(&dest), &damaged).unwrap();
    let err = download::download(&hub.address, &wanted(None, None), &dest, &AtomicBool::new(false), |_| {}).await.unwrap_err();
    assert!(matches!(err, DownloadError::Checksum { .. }), "{err:?}");
    nothing_kept(&dest);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn missing_and_gated_files_get_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let dest = dest_in(&dir);
    let stop = AtomicBool::new(false);
    let hub = Hub::start(synthetic_gguf(1), Faults::default()).await;
    let mut other = wanted(None, None);
    other.file = "missing.gguf".into();
    let err = download::download(&hub.address, &other, &dest, &stop, |_| {}).await.unwrap_err();
    assert!(matches!(err, DownloadError::Missing { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        format!("Hugging Face has no missing.gguf at revision {COMMIT} of {REPO} (HTTP 404); nothing was downloaded")
    );
    for status in [StatusCode::UNAUTHORIZED, StatusCode::FORBIDDEN] {
        let hub = Hub::start(synthetic_gguf(1), Faults { resolve_status: Some(status), ..Faults::default() }).await;
        let err = download::download(&hub.address, &wanted(None, None), &dest, &stop, |_| {}).await.unwrap_err();
        assert!(matches!(err, DownloadError::Refused { status: s, .. } if s == status.as_u16()), "{err:?}");
        assert!(err.to_string().contains("gated"), "{err}");
    }
    let hub = Hub::start(synthetic_gguf(1), Faults { resolve_status: Some(StatusCode::SERVICE_UNAVAILABLE), ..Faults::default() }).await;
    let err = download::download(&hub.address, &wanted(None, None), &dest, &stop, |_| {}).await.unwrap_err();
    assert!(matches!(err, DownloadError::Http { status: 503, .. }), "{err:?}");
    nothing_kept(&dest);

    // Nobody listening: offline.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let err = download::download(&format!("http://{closed}"), &wanted(None, None), &dest, &stop, |_| {}).await.unwrap_err();
    assert!(matches!(err, DownloadError::Unreachable { .. }), "{err:?}");
    assert!(err.to_string().starts_with("could not reach Hugging Face"), "{err}");
    assert!(!err.to_string().contains(&closed.to_string()), "the address stays out of the message: {err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_keeps_the_part_and_download_resumes_from_it() {
    let bytes = synthetic_gguf(4);
    let hub = Hub::start(bytes.clone(), Faults { slow: true, ..Faults::default() }).await;
    let dir = tempfile::tempdir().unwrap();
    let dest = dest_in(&dir);
    let stop = AtomicBool::new(false);
    let want = wanted(Some(bytes.len() as u64), None);
    // Stop once some bytes have arrived (the second report comes a quarter-second in).
    let err = download::download(&hub.address, &want, &dest, &stop, |p| {
        if p.done > 0 {
            stop.store(true, Ordering::SeqCst);
        }
    })
    .await
    .unwrap_err();
    let DownloadError::Cancelled { kept } = err else { panic!("{err:?}") };
    assert!(kept > 0 && kept < bytes.len() as u64, "{kept}");
    assert_eq!(download::partial_bytes(&dest), kept);
    assert_eq!(std::fs::read(download::part_path(&dest)).unwrap(), bytes[..usize::try_from(kept).unwrap()]);

    stop.store(false, Ordering::SeqCst);
    let mut reports = Vec::new();
    let done = download::download(&hub.address, &want, &dest, &stop, |p| reports.push(p)).await.unwrap();
    assert_eq!(hub.ranges().last().unwrap(), &Some(format!("bytes={kept}-")));
    assert_eq!(std::fs::read(&done.path).unwrap(), bytes);
    assert!(reports.iter().any(|p| p.bytes_per_second > 0 && p.time_left.is_some()), "{reports:?}");
}

/// A raw server answering every connection with `answer` (then closing it).
async fn junk_server(answer: Vec<u8>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        while let Ok((mut socket, _)) = listener.accept().await {
            let answer = answer.clone();
            tokio::spawn(async move {
                let mut buf = [0u8; 4096];
                let _ = socket.read(&mut buf).await;
                let _ = socket.write_all(&answer).await;
                let _ = socket.shutdown().await;
            });
        }
    });
    address
}

/// Runs a download against a server that answers `answer`; it must end in an error, keep no
/// file, and not panic.
async fn against_junk(answer: Vec<u8>, sha256: Option<String>) -> DownloadError {
    let address = junk_server(answer).await;
    let dir = tempfile::tempdir().unwrap();
    let dest = dest_in(&dir);
    let result = download::download(&address, &wanted(Some(1000), sha256), &dest, &AtomicBool::new(false), |_| {}).await;
    assert!(!dest.exists());
    result.unwrap_err()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn junk_answers_are_errors_never_panics() {
    let sha = "cd".repeat(32);
    let ok_head = |extra: &str| format!("HTTP/1.1 200 OK\r\nx-linked-etag: \"{sha}\"\r\n{extra}\r\n");
    let table: Vec<(&str, Vec<u8>)> = vec![
        ("empty", vec![]),
        ("not http", b"SSH-2.0-OpenSSH_9.6\r\n".to_vec()),
        ("a redirect with no location", b"HTTP/1.1 302 Found\r\ncontent-length: 0\r\n\r\n".to_vec()),
        ("a redirect to nowhere", b"HTTP/1.1 302 Found\r\nlocation: http://[::1\r\ncontent-length: 0\r\n\r\n".to_vec()),
        ("a redirect to a file address", b"HTTP/1.1 302 Found\r\nlocation: file:///etc/passwd\r\ncontent-length: 0\r\n\r\n".to_vec()),
        ("a redirect loop", b"HTTP/1.1 302 Found\r\nlocation: /again\r\ncontent-length: 0\r\n\r\n".to_vec()),
        ("a body shorter than its length", ok_head("content-length: 1000\r\n").into_bytes().into_iter().chain(*b"GGUF").collect()),
        ("a body longer than the file", ok_head("").into_bytes().into_iter().chain(vec![7u8; 5000]).collect()),
        (
            "a 206 to a request without a range",
            format!("HTTP/1.1 206 Partial\r\ncontent-range: bytes 5-9/10\r\nx-linked-etag: \"{sha}\"\r\ncontent-length: 5\r\n\r\nabcde")
                .into_bytes(),
        ),
        ("a 416 to a request without a range", b"HTTP/1.1 416 Range Not Satisfiable\r\ncontent-range: bytes */0\r\n\r\n".to_vec()),
        ("no checksum at all", b"HTTP/1.1 200 OK\r\ncontent-length: 4\r\n\r\nGGUF".to_vec()),
        ("a checksum that is not one", b"HTTP/1.1 200 OK\r\nx-linked-etag: \"zz\"\r\ncontent-length: 4\r\n\r\nGGUF".to_vec()),
        (
            "a size that is not a number",
            ok_head("x-linked-size: -1\r\ncontent-length: 4\r\n").into_bytes().into_iter().chain(*b"GGUF").collect(),
        ),
        (
            "bytes that are not UTF-8 in headers",
            b"HTTP/1.1 200 OK\r\nx-linked-etag: \xff\xfe\r\nx-repo-commit: \xff\r\ncontent-length: 1\r\n\r\nx".to_vec(),
        ),
        ("a broken chunked body", ok_head("transfer-encoding: chunked\r\n").into_bytes().into_iter().chain(*b"zz\r\nhello\r\n").collect()),
        ("a teapot", b"HTTP/1.1 418 I'm a teapot\r\ncontent-length: 0\r\n\r\n".to_vec()),
    ];
    for (what, answer) in table {
        let err = against_junk(answer, None).await;
        assert!(!err.to_string().is_empty(), "{what}");
    }
    // With the catalogue's checksum, a wrong body is a checksum error and nothing is kept.
    let err =
        against_junk(ok_head("content-length: 1000\r\n").into_bytes().into_iter().chain(vec![1u8; 1000]).collect(), Some(sha.clone()))
            .await;
    assert!(matches!(err, DownloadError::Checksum { .. }), "{err:?}");
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config { cases: 48, ..proptest::test_runner::Config::default() })]

    /// Any bytes after a plausible status line and headers: an error, never a panic or a kept file.
    #[test]
    fn arbitrary_answers_never_panic(
        status in proptest::sample::select(vec![200u16, 206, 301, 302, 404, 416, 500]),
        headers in proptest::collection::vec(
            (proptest::sample::select(vec!["content-length", "content-range", "location", "x-linked-etag", "x-linked-size", "x-repo-commit", "transfer-encoding"]),
             "[ -~]{0,40}"),
            0..5),
        body in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300),
        raw in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200),
        use_raw in proptest::prelude::any::<bool>(),
    ) {
        let answer = if use_raw {
            raw
        } else {
            let mut text = format!("HTTP/1.1 {status} X\r\n");
            for (name, value) in &headers {
                text.push_str(&format!("{name}: {value}\r\n"));
            }
            text.push_str("\r\n");
            let mut answer = text.into_bytes();
            answer.extend(&body);
            answer
        };
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        runtime.block_on(async move {
            let _ = against_junk(answer, None).await;
        });
    }
}
