//! A stand-in for the Virginia LIS website (`law.lis.virginia.gov`) on loopback: it serves the Code of
//! Virginia CSV exports at `{url}/CSV/{file}` in the real site's shape, answers conditional requests
//! like a real web server, and misbehaves on demand (errors, cut connections, truncated or HTML
//! answers, slow or hung transfers) so downloads can be tested without the network.
//!
//! ```no_run
//! # async fn demo() {
//! use proseva_e2e::lis_site::{Fault, LisSite};
//! let site = LisSite::start().await;
//! site.misbehave("CoVTitle_20.csv", Fault::ServerError { times: 2 });
//! // point LIS_BASE_URL at site.url, download, then look at site.requests()
//! # }
//! ```
//!
//! It also serves the site's library page (`/law-library/`), which links every file it publishes,
//! as the real page links `/CSV/CoVTitle_<n>.csv`.
//!
//! Not for: exact copies of the official text; the default files paraphrase it as fixtures.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::Response;
use axum::routing::get;
use futures::StreamExt;
use tokio::sync::Notify;

/// How many bytes each chunk of a [`Fault::Slow`] answer carries.
pub const SLOW_CHUNK: usize = 1024;

/// When the default files were last modified: 1 July 2024, when the year's acts take effect.
const DEFAULT_MODIFIED_SECS: u64 = 1_719_792_000;

/// One request the site received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The file asked for (`CoVTitle_20.csv`); the whole path for requests outside `/CSV/`.
    pub file: String,
    /// When it arrived.
    pub at: Instant,
    /// The status answered; 0 while it has no answer (a [`Fault::Hang`], or a client that gave up on one).
    pub status: u16,
    /// Whether it sent `If-None-Match` or `If-Modified-Since`.
    pub conditional: bool,
}

/// A way a file's next request(s) misbehave. Each file has at most one; a new one replaces the old.
/// `ServerError`, `Html` and `Hang` apply whether or not the file exists and before any 304; the
/// others need a file and wait for a full (200) answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// Answer 500 this many times, then normally.
    ServerError { times: usize },
    /// Send the whole file's Content-Length and half its bytes, then drop the connection (once).
    CutMidFile,
    /// Answer 200 with the first ~60% of the bytes (cut mid-row) and a Content-Length to match (once).
    /// ETag and Last-Modified are the whole file's, as a proxy that cut the body would leave them.
    Truncated,
    /// Send the body in [`SLOW_CHUNK`]-byte chunks with this pause between them (until cleared).
    Slow { per_chunk: Duration },
    /// Answer 200 with a `text/html` "Service Unavailable" page instead of CSV (once).
    Html,
    /// Accept the request and never answer until the fault is cleared; then answer it normally.
    Hang,
}

/// A running stand-in of the LIS site. Dropping it leaves the server running until the test ends.
pub struct LisSite {
    /// Base URL (`http://127.0.0.1:<port>`), to use as `LIS_BASE_URL`.
    pub url: String,
    shared: Arc<Shared>,
}

struct Shared {
    state: Mutex<SiteState>,
    /// Woken whenever faults change, so hung requests look again.
    changed: Notify,
}

#[derive(Default)]
struct SiteState {
    files: HashMap<String, ServedFile>,
    faults: HashMap<String, Fault>,
    log: Vec<Request>,
}

struct ServedFile {
    bytes: Bytes,
    etag: String,
    modified: SystemTime,
}

impl ServedFile {
    fn new(body: String, modified: SystemTime) -> ServedFile {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        body.as_bytes().hash(&mut hasher);
        ServedFile { etag: format!("\"{:016x}\"", hasher.finish()), bytes: Bytes::from(body), modified }
    }
}

impl LisSite {
    /// Starts on a free loopback port, serving [`default_files`].
    pub async fn start() -> LisSite {
        let modified = SystemTime::UNIX_EPOCH + Duration::from_secs(DEFAULT_MODIFIED_SECS);
        let files = default_files().into_iter().map(|(name, body)| (name, ServedFile::new(body, modified))).collect();
        let shared = Arc::new(Shared { state: Mutex::new(SiteState { files, ..SiteState::default() }), changed: Notify::new() });
        let router = Router::new()
            .route("/CSV/{file}", get(serve_file))
            .route("/law-library/", get(library_page))
            .fallback(not_found)
            .with_state(shared.clone());
        LisSite { url: crate::serve(router).await, shared }
    }

    /// Replaces or adds a file. Its ETag follows the new bytes; its Last-Modified becomes now, and
    /// always moves at least a second past the old one so `If-Modified-Since` sees the change.
    pub fn set_file(&self, name: &str, body: impl Into<String>) {
        let mut state = self.shared.state.lock().unwrap();
        let now = httpdate::parse_http_date(&httpdate::fmt_http_date(SystemTime::now())).unwrap();
        let modified = match state.files.get(name) {
            Some(old) => now.max(old.modified + Duration::from_secs(1)),
            None => now,
        };
        state.files.insert(name.to_string(), ServedFile::new(body.into(), modified));
    }

    /// Removes a file: it answers 404 from now on.
    pub fn remove_file(&self, name: &str) {
        self.shared.state.lock().unwrap().files.remove(name);
    }

    /// Makes the next request(s) of `name` misbehave, replacing any fault it had.
    pub fn misbehave(&self, name: &str, fault: Fault) {
        self.shared.state.lock().unwrap().faults.insert(name.to_string(), fault);
        self.shared.changed.notify_waiters();
    }

    /// Removes the fault of `name`; requests hung on it are answered normally.
    pub fn clear_faults(&self, name: &str) {
        self.shared.state.lock().unwrap().faults.remove(name);
        self.shared.changed.notify_waiters();
    }

    /// Every request so far, oldest first.
    pub fn requests(&self) -> Vec<Request> {
        self.shared.state.lock().unwrap().log.clone()
    }

    /// How many requests asked for `name`.
    pub fn hits(&self, name: &str) -> usize {
        self.shared.state.lock().unwrap().log.iter().filter(|r| r.file == name).count()
    }
}

impl Shared {
    /// Logs a request with no answer yet; returns its place in the log.
    fn arrive(&self, file: &str, headers: &HeaderMap) -> usize {
        let conditional = headers.contains_key(header::IF_NONE_MATCH) || headers.contains_key(header::IF_MODIFIED_SINCE);
        let mut state = self.state.lock().unwrap();
        state.log.push(Request { file: file.to_string(), at: Instant::now(), status: 0, conditional });
        state.log.len() - 1
    }

    fn answered(&self, index: usize, response: &Response) {
        self.state.lock().unwrap().log[index].status = response.status().as_u16();
    }

    async fn wait_while_hung(&self, file: &str) {
        loop {
            let notified = self.changed.notified();
            let mut notified = std::pin::pin!(notified);
            notified.as_mut().enable();
            if self.state.lock().unwrap().faults.get(file) != Some(&Fault::Hang) {
                return;
            }
            notified.await;
        }
    }

    fn answer(&self, file: &str, headers: &HeaderMap) -> Response {
        let mut state = self.state.lock().unwrap();
        match state.faults.get_mut(file) {
            Some(Fault::ServerError { times }) if *times > 0 => {
                *times -= 1;
                if *times == 0 {
                    state.faults.remove(file);
                }
                return html(StatusCode::INTERNAL_SERVER_ERROR, SERVER_ERROR_PAGE);
            }
            Some(Fault::ServerError { .. }) => {
                state.faults.remove(file);
            }
            Some(Fault::Html) => {
                state.faults.remove(file);
                return html(StatusCode::OK, UNAVAILABLE_PAGE);
            }
            _ => {}
        }
        let Some(served) = state.files.get(file) else { return html(StatusCode::NOT_FOUND, NOT_FOUND_PAGE) };
        let (bytes, etag, modified) = (served.bytes.clone(), served.etag.clone(), served.modified);
        let builder = Response::builder()
            .header(header::ETAG, &etag)
            .header(header::LAST_MODIFIED, httpdate::fmt_http_date(modified))
            .header(header::ACCEPT_RANGES, "bytes");
        if not_modified(headers, &etag, modified) {
            return builder.status(StatusCode::NOT_MODIFIED).body(Body::empty()).unwrap();
        }
        let builder = builder.status(StatusCode::OK).header(header::CONTENT_TYPE, "text/csv; charset=utf-8");
        let fault = state.faults.get(file).cloned();
        if matches!(fault, Some(Fault::CutMidFile | Fault::Truncated)) {
            state.faults.remove(file);
        }
        drop(state);
        match fault {
            Some(Fault::CutMidFile) => {
                // Half, a pause so hyper flushes it with the headers, then an error: hyper drops the connection.
                let half = bytes.slice(..char_floor(&bytes, bytes.len() / 2));
                let cut = async {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    Err(std::io::Error::other("lis_site: connection cut mid-file"))
                };
                let stream = futures::stream::once(async { Ok(half) }).chain(futures::stream::once(cut));
                builder.header(header::CONTENT_LENGTH, bytes.len()).body(Body::from_stream(stream)).unwrap()
            }
            Some(Fault::Truncated) => builder.body(Body::from(bytes.slice(..char_floor(&bytes, bytes.len() * 3 / 5)))).unwrap(),
            Some(Fault::Slow { per_chunk }) => {
                let length = bytes.len();
                let chunks = futures::stream::unfold(0, move |offset| {
                    let bytes = bytes.clone();
                    async move {
                        if offset >= bytes.len() {
                            return None;
                        }
                        if offset > 0 {
                            tokio::time::sleep(per_chunk).await;
                        }
                        let end = (offset + SLOW_CHUNK).min(bytes.len());
                        Some((Ok::<_, std::io::Error>(bytes.slice(offset..end)), end))
                    }
                });
                builder.header(header::CONTENT_LENGTH, length).body(Body::from_stream(chunks)).unwrap()
            }
            _ => builder.body(Body::from(bytes)).unwrap(),
        }
    }
}

/// `If-None-Match` (which wins when sent) or `If-Modified-Since`, as RFC 9110 reads them.
fn not_modified(headers: &HeaderMap, etag: &str, modified: SystemTime) -> bool {
    if let Some(tags) = headers.get(header::IF_NONE_MATCH) {
        let tags = tags.to_str().unwrap_or_default();
        return tags.split(',').map(|t| t.trim().trim_start_matches("W/")).any(|t| t == etag || t == "*");
    }
    let since = headers.get(header::IF_MODIFIED_SINCE).and_then(|v| v.to_str().ok()).and_then(|v| httpdate::parse_http_date(v).ok());
    since.is_some_and(|since| since >= modified)
}

/// The largest char boundary of `bytes` (UTF-8) at or before `at`.
fn char_floor(bytes: &[u8], at: usize) -> usize {
    (0..=at).rev().find(|&i| i >= bytes.len() || !(0x80..0xC0).contains(&bytes[i])).unwrap_or(0)
}

async fn serve_file(State(shared): State<Arc<Shared>>, Path(file): Path<String>, headers: HeaderMap) -> Response {
    let index = shared.arrive(&file, &headers);
    shared.wait_while_hung(&file).await;
    let response = shared.answer(&file, &headers);
    shared.answered(index, &response);
    response
}

/// The library page: a link to each file served, the way the real page links them (a relative
/// `/CSV/…` address in an anchor among other links).
async fn library_page(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    let index = shared.arrive("/law-library/", &headers);
    let mut names: Vec<String> = shared.state.lock().unwrap().files.keys().cloned().collect();
    names.sort();
    let links: String = names.iter().map(|n| format!("<li><a href=\"/CSV/{n}\" title=\"Download {n}\">{n}</a></li>\r\n")).collect();
    let page = format!(
        "<!DOCTYPE html>\r\n<html><head><title>Law Library</title></head><body><h1>Code of Virginia Downloads</h1>\r\n\
         <p><a href=\"/vacode/\">Browse the Code</a></p><ul>\r\n{links}</ul></body></html>\r\n"
    );
    let mut response = Response::new(Body::from(page));
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    shared.answered(index, &response);
    response
}

async fn not_found(State(shared): State<Arc<Shared>>, uri: Uri, headers: HeaderMap) -> Response {
    let index = shared.arrive(uri.path(), &headers);
    let response = html(StatusCode::NOT_FOUND, NOT_FOUND_PAGE);
    shared.answered(index, &response);
    response
}

fn html(status: StatusCode, page: &'static str) -> Response {
    let mut response = Response::new(Body::from(page));
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    response
}

const NOT_FOUND_PAGE: &str = "<!DOCTYPE html>\r\n<html><head><title>404 - File or directory not found.</title></head>\r\n<body><h2>404 - File or directory not found.</h2>\r\n<p>The resource you are looking for might have been removed, had its name changed, or is temporarily unavailable.</p></body></html>\r\n";
const SERVER_ERROR_PAGE: &str = "<!DOCTYPE html>\r\n<html><head><title>500 - Internal server error.</title></head>\r\n<body><h2>500 - Internal server error.</h2>\r\n<p>There is a problem with the resource you are looking for, and it cannot be displayed.</p></body></html>\r\n";
const UNAVAILABLE_PAGE: &str = "<!DOCTYPE html>\r\n<html><head><title>Service Unavailable</title></head>\r\n<body><h1>Service Unavailable</h1>\r\n<p>The Legislative Information System is temporarily unavailable for scheduled maintenance. Please try again later.</p></body></html>\r\n";

/// The files served at start, as (name, body): four Code titles, the Constitution, popular names
/// and authorities, in the site's formats ([`crate::lis_files`]). Charters, compacts and
/// uncodified acts are not served (404) until set.
pub fn default_files() -> Vec<(String, String)> {
    crate::lis_files::site_files()
}
