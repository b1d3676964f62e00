//! The download a person starts by pressing **Download**: one model file from Hugging Face, kept
//! in `<dest>.part` while it arrives, resumed with a range request after a cut connection, a
//! Stop, or a restart of the app, checked against its sha256, and only then given its name.
//!
//! How Hugging Face serves a file (huggingface_hub's `file_download.py` reads it the same way):
//! `GET <base>/<repo>/resolve/<revision>/<file>` answers `302 Found` with the file's sha256 in
//! `X-Linked-Etag` (in quotes), its size in `X-Linked-Size`, the commit in `X-Repo-Commit`, and a
//! `Location` on the CDN. The CDN's answer carries none of those headers, so redirects are
//! followed here by hand and the headers read on the way. The CDN honours `Range: bytes=N-` with
//! `206 Partial Content`.
//!
//! What is checked, in order: the published sha256 against the catalogue's (a file changed
//! upstream is refused before a byte is fetched); every byte as it is written (the hash runs while
//! writing, and over the kept `.part` first on a resume); the whole file's sha256 against the
//! expected one (a mismatch deletes the `.part`: nothing is kept); the GGUF header
//! ([`crate::gguf::inspect`]). Only then is the `.part` renamed to its name, next to a small
//! `<dest>.json` [`Record`] of where it came from.
//!
//! ```no_run
//! # async fn run() -> Result<(), proseva_models::download::DownloadError> {
//! use std::sync::atomic::AtomicBool;
//! use proseva_models::{catalogue, download};
//!
//! let entry = catalogue::find("qwen3-1.7b").unwrap();
//! let dest = entry.path_in(std::path::Path::new("/home/me/.local/share/proseva/models"));
//! let stop = AtomicBool::new(false);
//! let done = download::download(download::HUGGING_FACE, &entry.into(), &dest, &stop, |p| {
//!     println!("{} of {:?} bytes, {} B/s", p.done, p.total, p.bytes_per_second);
//! })
//! .await?;
//! println!("{} is ready ({})", done.path.display(), done.info.architecture);
//! # Ok(()) }
//! ```
//!
//! Not for: choosing where models live, or running two downloads of the same file at once (the
//! caller runs one per file).

use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use reqwest::header::{self, HeaderMap};
use reqwest::{StatusCode, Url};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio::io::{AsyncReadExt, AsyncWriteExt, BufWriter};

use crate::catalogue::CatalogueEntry;
use crate::gguf::{self, GgufError, GgufInfo};

/// Where model files are fetched from unless a test says otherwise.
pub const HUGGING_FACE: &str = "https://huggingface.co";

/// How long the connection may stay silent mid-file before it counts as cut (the `.part` is kept).
pub const READ_TIMEOUT: Duration = Duration::from_secs(30);

/// Fewest milliseconds between two progress reports (at most four a second).
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// How often a quiet connection looks at the cancel flag.
const CANCEL_CHECK: Duration = Duration::from_millis(100);

/// Most redirects followed (the hub's relative ones for a renamed repository, then the CDN's).
const MAX_REDIRECTS: usize = 10;

/// Bytes held in memory before they are written to the `.part`.
const WRITE_BUFFER: usize = 1 << 20;

/// The file to fetch: a catalogue entry's, or any other on the hub.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelFile {
    /// `owner/name` on the hub.
    pub repo: String,
    /// A commit (40 hex digits) or a branch such as `main`.
    pub revision: String,
    /// The path of the file in the repository.
    pub file: String,
    /// The size in bytes, when known beforehand.
    pub size: Option<u64>,
    /// The expected sha256 (hex). `None`: the one the hub publishes (`X-Linked-Etag`) is used.
    pub sha256: Option<String>,
}

impl From<&CatalogueEntry> for ModelFile {
    fn from(entry: &CatalogueEntry) -> Self {
        ModelFile {
            repo: entry.repo.clone(),
            revision: entry.revision.clone(),
            file: entry.file.clone(),
            size: Some(entry.size),
            sha256: entry.sha256.clone(),
        }
    }
}

/// How far a download is, reported at most four times a second and once at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    /// Bytes in the `.part` so far (including those kept from before a resume).
    pub done: u64,
    /// The file's size, when the server or the catalogue says it.
    pub total: Option<u64>,
    /// Recent speed (a moving average over the last few seconds).
    pub bytes_per_second: u64,
    /// At the recent speed, when the total and a speed are known.
    pub time_left: Option<Duration>,
}

/// Where a downloaded file came from: `<dest>.json`, written beside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    pub repo: String,
    /// The commit the hub served (`X-Repo-Commit`), or the revision asked for when it said none.
    pub revision: String,
    pub file: String,
    /// The sha256 the whole file was checked against (and has).
    pub sha256: String,
    pub size: u64,
    /// When the download finished, RFC 3339 in UTC.
    pub downloaded_at: String,
}

/// A finished, checked download.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Downloaded {
    pub path: PathBuf,
    pub record: Record,
    /// What the file's GGUF header says.
    pub info: GgufInfo,
}

/// Why a download did not finish. Each message is a sentence a person can act on; each says
/// whether what has arrived is kept for the next press of Download.
#[derive(Debug, thiserror::Error)]
pub enum DownloadError {
    #[error("could not reach Hugging Face ({reason}); check the internet connection and press Download again{}", kept_words(*.kept))]
    Unreachable { reason: String, kept: u64 },
    #[error("the connection was cut after {} ({reason}){}", size_words(*.kept, *.total), kept_words(*.kept))]
    Interrupted { reason: String, kept: u64, total: Option<u64> },
    #[error("the download was stopped{}", kept_words(*.kept))]
    Cancelled { kept: u64 },
    #[error(
        "Hugging Face refused {file} (HTTP {status}): the model is gated (it needs a Hugging Face account that has accepted its licence) or private; nothing was downloaded"
    )]
    Refused { file: String, status: u16 },
    #[error("Hugging Face has no {file} at revision {revision} of {repo} (HTTP 404); nothing was downloaded")]
    Missing { repo: String, revision: String, file: String },
    #[error("Hugging Face answered HTTP {status} for {file}; try again later{}", kept_words(*.kept))]
    Http { file: String, status: u16, kept: u64 },
    #[error("Hugging Face publishes no sha256 for {file}, so it cannot be checked; nothing was downloaded")]
    NoChecksum { file: String },
    #[error(
        "Hugging Face now publishes a different file under the name {file} (sha256 {published}, expected {expected}); nothing was downloaded"
    )]
    Changed { file: String, expected: String, published: String },
    #[error("the file downloaded does not match its published checksum; nothing was kept (expected sha256 {expected}, got {actual})")]
    Checksum { expected: String, actual: String },
    #[error("the file downloaded is not a model this app can load ({0}); nothing was kept")]
    NotAModel(GgufError),
    #[error("the disk is full: {path} could not be written{}", kept_words(*.kept))]
    DiskFull { path: String, kept: u64 },
    #[error("{path} could not be written ({reason}){}", kept_words(*.kept))]
    Unwritable { path: String, reason: String, kept: u64 },
    #[error("the server's answer for {file} could not be used ({reason}){}", kept_words(*.kept))]
    Server { file: String, reason: String, kept: u64 },
}

impl DownloadError {
    /// A stable, machine-readable name for the kind of trouble, so the window can say it in its own
    /// language (the message above stays the English detail): `unreachable`, `interrupted`,
    /// `cancelled`, `refused`, `missing`, `http`, `no_checksum`, `changed`, `checksum`,
    /// `not_a_model`, `disk_full`, `unwritable`, `server`.
    pub fn code(&self) -> &'static str {
        match self {
            DownloadError::Unreachable { .. } => "unreachable",
            DownloadError::Interrupted { .. } => "interrupted",
            DownloadError::Cancelled { .. } => "cancelled",
            DownloadError::Refused { .. } => "refused",
            DownloadError::Missing { .. } => "missing",
            DownloadError::Http { .. } => "http",
            DownloadError::NoChecksum { .. } => "no_checksum",
            DownloadError::Changed { .. } => "changed",
            DownloadError::Checksum { .. } => "checksum",
            DownloadError::NotAModel(_) => "not_a_model",
            DownloadError::DiskFull { .. } => "disk_full",
            DownloadError::Unwritable { .. } => "unwritable",
            DownloadError::Server { .. } => "server",
        }
    }

    /// The bytes already here and kept for the next Download (0 when nothing is kept).
    pub fn kept(&self) -> u64 {
        match self {
            DownloadError::Unreachable { kept, .. }
            | DownloadError::Interrupted { kept, .. }
            | DownloadError::Cancelled { kept }
            | DownloadError::Http { kept, .. }
            | DownloadError::DiskFull { kept, .. }
            | DownloadError::Unwritable { kept, .. }
            | DownloadError::Server { kept, .. } => *kept,
            _ => 0,
        }
    }
}

/// ", and the 120 MB already here are kept: Download resumes from there" (nothing when none are).
fn kept_words(kept: u64) -> String {
    if kept == 0 { String::new() } else { format!("; the {} already here are kept, and Download resumes from there", mb(kept)) }
}

/// "120 MB of 2,497 MB".
fn size_words(done: u64, total: Option<u64>) -> String {
    match total {
        Some(t) => format!("{} of {}", mb(done), mb(t)),
        None => mb(done),
    }
}

fn mb(bytes: u64) -> String {
    format!("{} MB", bytes.div_ceil(1_000_000))
}

/// `<dest>.part`: where the file grows until it is checked.
pub fn part_path(dest: &Path) -> PathBuf {
    with_suffix(dest, ".part")
}

/// `<dest>.json`: the [`Record`] of a finished download.
pub fn record_path(dest: &Path) -> PathBuf {
    with_suffix(dest, ".json")
}

fn with_suffix(dest: &Path, suffix: &str) -> PathBuf {
    let mut name = dest.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Bytes kept in `<dest>.part` from an unfinished download (0 when there is none): what the
/// Download button resumes from.
pub fn partial_bytes(dest: &Path) -> u64 {
    std::fs::metadata(part_path(dest)).map_or(0, |m| m.len())
}

/// The record of a finished download at `dest`, when both the file and its record are there.
pub fn record(dest: &Path) -> Option<Record> {
    if !dest.is_file() {
        return None;
    }
    serde_json::from_slice(&std::fs::read(record_path(dest)).ok()?).ok()
}

/// Deletes a downloaded model: the file, its `.part` and its record (those that exist).
pub fn delete(dest: &Path) -> std::io::Result<()> {
    for path in [dest.to_path_buf(), part_path(dest), record_path(dest)] {
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != ErrorKind::NotFound => return Err(e),
            _ => {}
        }
    }
    Ok(())
}

/// Downloads `want` from `base` (normally [`HUGGING_FACE`]) to `dest`, resuming from
/// `<dest>.part` when one is there. `progress` is called at most four times a second; setting
/// `cancel` stops the download and keeps the `.part`. A file already at `dest` whose record
/// matches `want` is returned as it is.
pub async fn download(
    base: &str,
    want: &ModelFile,
    dest: &Path,
    cancel: &AtomicBool,
    mut progress: impl FnMut(Progress),
) -> Result<Downloaded, DownloadError> {
    let part = part_path(dest);
    let fail = |reason: String| DownloadError::Server { file: want.file.clone(), reason, kept: 0 };
    let pinned_sha = match &want.sha256 {
        Some(s) => Some(sha256_hex(s).ok_or_else(|| fail(format!("the expected sha256 {s:?} is not 64 hex digits")))?),
        None => None,
    };
    if let Some(done) = already_here(want, dest, pinned_sha.as_deref()).await {
        return Ok(done);
    }
    let url = resolve_url(base, want).ok_or_else(|| fail(format!("{base:?} is not a web address")))?;
    if let Some(dir) = dest.parent()
        && !dir.as_os_str().is_empty()
    {
        tokio::fs::create_dir_all(dir).await.map_err(|e| write_error(&e, dir, 0))?;
    }
    let client = client(&url).map_err(|e| fail(proseva_http::describe(&e)))?;

    let mut start_over = false;
    for _ in 0..2 {
        if start_over {
            remove(&part).await.map_err(|e| write_error(&e, &part, 0))?;
        }
        let (mut hasher, kept) = hash_part(&part, cancel).await?;
        if want.size.is_some_and(|size| kept > size) {
            // Longer than the file can be: not a piece of it.
            start_over = true;
            continue;
        }
        let opened = match open(&client, url.clone(), kept, want, pinned_sha.as_deref()).await {
            Err(changed @ DownloadError::Changed { .. }) => {
                // The .part is a piece of some other file: useless.
                let _ = remove(&part).await;
                return Err(changed);
            }
            other => other?,
        };
        let status = opened.response.status();
        if !(status.is_success() || (status == StatusCode::RANGE_NOT_SATISFIABLE && kept > 0)) {
            return Err(refusal(status, want, kept));
        }
        let expected = expected_sha(want, pinned_sha.as_deref(), &opened)?;
        if let Some(commit) = &opened.commit
            && is_commit(&want.revision)
            && !commit.eq_ignore_ascii_case(&want.revision)
        {
            return Err(DownloadError::Server {
                file: want.file.clone(),
                reason: format!("it served revision {commit} instead of {}", want.revision),
                kept,
            });
        }
        let revision = opened.commit.clone().unwrap_or_else(|| want.revision.clone());
        let mut response = opened.response;
        let server = |reason: String| DownloadError::Server { file: want.file.clone(), reason, kept };
        let total;
        let mut from = kept;
        match status {
            StatusCode::RANGE_NOT_SATISFIABLE if kept > 0 => {
                // Nothing after byte `kept`: the .part is whole if the file is that long.
                let whole = content_range(response.headers()).and_then(|r| r.total).or(opened.size).or(want.size);
                if whole != Some(kept) {
                    start_over = true;
                    continue;
                }
                total = Some(kept);
            }
            StatusCode::PARTIAL_CONTENT => {
                let range = content_range(response.headers());
                if range.and_then(|r| r.first) != Some(kept) {
                    if kept == 0 {
                        return Err(server("it sent a piece of the file that was not asked for".into()));
                    }
                    // A range other than the one asked for: fetch the whole file instead.
                    start_over = true;
                    continue;
                }
                total = range.and_then(|r| r.total).or_else(|| response.content_length().map(|n| n.saturating_add(kept))).or(opened.size);
            }
            StatusCode::OK => {
                if kept > 0 {
                    // The server ignored the range and sends the whole file: start the .part again.
                    hasher = Sha256::new();
                    from = 0;
                    truncate(&part).await.map_err(|e| write_error(&e, &part, 0))?;
                }
                total = response.content_length().or(opened.size).or(want.size);
            }
            s => return Err(refusal(s, want, kept)),
        }
        let mut done = from;
        if status != StatusCode::RANGE_NOT_SATISFIABLE {
            done = receive(&mut response, &part, from, total, &mut hasher, cancel, &mut progress).await?;
            if let Some(total) = total
                && done > total
            {
                let _ = remove(&part).await;
                return Err(server(format!("it sent {done} bytes of a file of {total}")));
            }
            if let Some(total) = total
                && done < total
            {
                return Err(DownloadError::Interrupted {
                    reason: "the server closed the connection early".into(),
                    kept: done,
                    total: Some(total),
                });
            }
        }
        progress(Progress { done, total: Some(done), bytes_per_second: 0, time_left: Some(Duration::ZERO) });
        let actual = format!("{:x}", hasher.finalize());
        if actual != expected {
            let _ = remove(&part).await;
            return Err(DownloadError::Checksum { expected, actual });
        }
        return finish(want, dest, &part, revision, expected, done).await;
    }
    Err(DownloadError::Server {
        file: want.file.clone(),
        reason: "it did not answer the request for the rest of the file in a usable way".into(),
        kept: partial_bytes(dest),
    })
}

/// The checked file, already at `dest`, when its record says it is the file wanted.
async fn already_here(want: &ModelFile, dest: &Path, pinned_sha: Option<&str>) -> Option<Downloaded> {
    let record = record(dest)?;
    let same = record.repo == want.repo
        && record.file == want.file
        && pinned_sha.is_none_or(|sha| sha == record.sha256)
        && std::fs::metadata(dest).ok()?.len() == record.size;
    if !same {
        return None;
    }
    let info = inspect(dest.to_path_buf()).await.ok()?;
    Some(Downloaded { path: dest.to_path_buf(), record, info })
}

/// `<base>/<repo>/resolve/<revision>/<file>`, each part percent-encoded where it needs to be.
fn resolve_url(base: &str, want: &ModelFile) -> Option<Url> {
    let mut url = Url::parse(base).ok()?;
    if !matches!(url.scheme(), "http" | "https") {
        return None;
    }
    {
        let mut path = url.path_segments_mut().ok()?;
        path.pop_if_empty();
        path.extend(want.repo.split('/'));
        path.push("resolve");
        path.push(&want.revision);
        path.extend(want.file.split('/'));
    }
    Some(url)
}

/// The app's HTTP client, redirects left to [`open`]. Loopback addresses (the tests' stand-in)
/// never go through a proxy.
fn client(url: &Url) -> Result<reqwest::Client, reqwest::Error> {
    let user_agent = concat!("proseva-models/", env!("CARGO_PKG_VERSION"));
    let mut builder = proseva_http::client_builder(user_agent).redirect(reqwest::redirect::Policy::none()).read_timeout(READ_TIMEOUT);
    let loopback = match url.host_str() {
        Some("localhost") => true,
        Some(host) => host.trim_start_matches('[').trim_end_matches(']').parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback()),
        None => false,
    };
    if loopback {
        builder = builder.no_proxy();
    }
    builder.build()
}

/// The final answer for the file, and what the hub said about it on the way.
struct Opened {
    response: reqwest::Response,
    /// `X-Linked-Etag`, when it is a sha256.
    sha256: Option<String>,
    /// `X-Linked-Size`.
    size: Option<u64>,
    /// `X-Repo-Commit`.
    commit: Option<String>,
}

/// GETs `url` (from byte `from` when it is not 0), following redirects by hand and reading the
/// hub's headers from whichever answer carries them (the 302 does; the CDN's answer does not). A
/// published sha256 other than `pinned` stops it there, before the CDN is asked for a byte.
async fn open(client: &reqwest::Client, mut url: Url, from: u64, want: &ModelFile, pinned: Option<&str>) -> Result<Opened, DownloadError> {
    let (mut sha256, mut size, mut commit) = (None, None, None);
    for _ in 0..=MAX_REDIRECTS {
        let mut request = client.get(url.clone()).header(header::ACCEPT_ENCODING, "identity");
        if from > 0 {
            request = request.header(header::RANGE, format!("bytes={from}-"));
        }
        let response = request.send().await.map_err(|e| DownloadError::Unreachable { reason: proseva_http::describe(&e), kept: from })?;
        let headers = response.headers();
        sha256 = sha256.or_else(|| text(headers, "x-linked-etag").and_then(|e| sha256_hex(&normalise_etag(e))));
        size = size.or_else(|| text(headers, "x-linked-size").and_then(|s| s.trim().parse().ok()));
        commit = commit.or_else(|| text(headers, "x-repo-commit").map(|c| c.trim().to_string()).filter(|c| !c.is_empty()));
        if let (Some(pinned), Some(published)) = (pinned, sha256.as_deref())
            && pinned != published
        {
            return Err(DownloadError::Changed { file: want.file.clone(), expected: pinned.to_string(), published: published.to_string() });
        }
        if !response.status().is_redirection() {
            return Ok(Opened { response, sha256, size, commit });
        }
        let server = |reason: String| DownloadError::Server { file: want.file.clone(), reason, kept: from };
        let location =
            text(headers, header::LOCATION.as_str()).ok_or_else(|| server(format!("HTTP {} with no Location", response.status())))?;
        url = url.join(location).map_err(|_| server("a redirect to an address that is not one".into()))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(server(format!("a redirect to a {} address", url.scheme())));
        }
    }
    Err(DownloadError::Server { file: want.file.clone(), reason: format!("more than {MAX_REDIRECTS} redirects"), kept: from })
}

/// The sha256 the file must have: the catalogue's (which [`open`] has compared with the published
/// one), or else the published one.
fn expected_sha(want: &ModelFile, pinned: Option<&str>, opened: &Opened) -> Result<String, DownloadError> {
    pinned.or(opened.sha256.as_deref()).map(str::to_string).ok_or_else(|| DownloadError::NoChecksum { file: want.file.clone() })
}

/// The error for an answer that is neither the file nor a piece of it.
fn refusal(status: StatusCode, want: &ModelFile, kept: u64) -> DownloadError {
    match status {
        StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN => DownloadError::Refused { file: want.file.clone(), status: status.as_u16() },
        StatusCode::NOT_FOUND => {
            DownloadError::Missing { repo: want.repo.clone(), revision: want.revision.clone(), file: want.file.clone() }
        }
        s => DownloadError::Http { file: want.file.clone(), status: s.as_u16(), kept },
    }
}

/// Writes the body to the `.part` (appending from byte `from`), hashing as it goes; returns the
/// bytes the `.part` then holds.
async fn receive(
    response: &mut reqwest::Response,
    part: &Path,
    from: u64,
    total: Option<u64>,
    hasher: &mut Sha256,
    cancel: &AtomicBool,
    progress: &mut impl FnMut(Progress),
) -> Result<u64, DownloadError> {
    let opened = tokio::fs::OpenOptions::new().create(true).append(true).open(part).await.map_err(|e| write_error(&e, part, from))?;
    let mut out = BufWriter::with_capacity(WRITE_BUFFER, opened);
    let mut done = from;
    let mut speed = Speed::new(done);
    let mut tick = tokio::time::interval(CANCEL_CHECK);
    progress(speed.report(done, total));
    loop {
        let next = tokio::select! {
            chunk = response.chunk() => chunk,
            _ = tick.tick() => {
                if cancel.load(Ordering::Relaxed) {
                    let kept = flush(out, part, done).await?;
                    return Err(DownloadError::Cancelled { kept });
                }
                continue;
            }
        };
        match next {
            Ok(Some(bytes)) => {
                if total.is_some_and(|t| done + bytes.len() as u64 > t) {
                    // More than the file's size: junk, reported by the caller.
                    return flush(out, part, done + bytes.len() as u64).await;
                }
                hasher.update(&bytes);
                if let Err(e) = out.write_all(&bytes).await {
                    let _ = out.flush().await;
                    return Err(write_error(&e, part, partial_len(part)));
                }
                done += bytes.len() as u64;
                if speed.due() {
                    progress(speed.report(done, total));
                }
                if cancel.load(Ordering::Relaxed) {
                    let kept = flush(out, part, done).await?;
                    return Err(DownloadError::Cancelled { kept });
                }
            }
            Ok(None) => return flush(out, part, done).await,
            Err(e) => {
                let kept = flush(out, part, done).await?;
                return Err(DownloadError::Interrupted { reason: proseva_http::describe(&e), kept, total });
            }
        }
    }
}

/// Writes what is buffered and makes it durable; `done` on success.
async fn flush(mut out: BufWriter<tokio::fs::File>, part: &Path, done: u64) -> Result<u64, DownloadError> {
    let written = async {
        out.flush().await?;
        out.get_mut().sync_all().await
    }
    .await;
    written.map_err(|e| write_error(&e, part, partial_len(part)))?;
    Ok(done)
}

fn partial_len(part: &Path) -> u64 {
    std::fs::metadata(part).map_or(0, |m| m.len())
}

/// The speed a person sees: an average over the last few seconds, not since the start.
struct Speed {
    last: Instant,
    last_done: u64,
    /// Bytes a second, smoothed.
    rate: f64,
}

impl Speed {
    fn new(done: u64) -> Self {
        Speed { last: Instant::now(), last_done: done, rate: 0.0 }
    }

    fn due(&self) -> bool {
        self.last.elapsed() >= PROGRESS_EVERY
    }

    fn report(&mut self, done: u64, total: Option<u64>) -> Progress {
        let elapsed = self.last.elapsed().as_secs_f64();
        if elapsed > 0.05 {
            let now = (done - self.last_done) as f64 / elapsed;
            // Each report weighs about a quarter: at four reports a second, the last few seconds count.
            self.rate = if self.rate == 0.0 { now } else { 0.75 * self.rate + 0.25 * now };
            self.last = Instant::now();
            self.last_done = done;
        }
        let bytes_per_second = self.rate.round() as u64;
        let time_left = match total {
            Some(t) if bytes_per_second > 0 => Some(Duration::from_secs(t.saturating_sub(done).div_ceil(bytes_per_second))),
            Some(t) if t <= done => Some(Duration::ZERO),
            _ => None,
        };
        Progress { done, total, bytes_per_second, time_left }
    }
}

/// The sha256 of the kept `.part` (empty when there is none) and its length.
async fn hash_part(part: &Path, cancel: &AtomicBool) -> Result<(Sha256, u64), DownloadError> {
    let mut hasher = Sha256::new();
    let mut file = match tokio::fs::File::open(part).await {
        Ok(f) => f,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok((hasher, 0)),
        Err(e) => return Err(write_error(&e, part, 0)),
    };
    let mut buf = vec![0u8; 1 << 20];
    let mut len = 0u64;
    loop {
        if cancel.load(Ordering::Relaxed) {
            return Err(DownloadError::Cancelled { kept: partial_len(part) });
        }
        let n = file.read(&mut buf).await.map_err(|e| write_error(&e, part, 0))?;
        if n == 0 {
            return Ok((hasher, len));
        }
        hasher.update(&buf[..n]);
        len += n as u64;
    }
}

/// The checked `.part` becomes the model: its GGUF header read, its record written, then renamed.
async fn finish(
    want: &ModelFile,
    dest: &Path,
    part: &Path,
    revision: String,
    sha256: String,
    size: u64,
) -> Result<Downloaded, DownloadError> {
    let info = match inspect(part.to_path_buf()).await {
        Ok(info) => info,
        Err(e) => {
            let _ = remove(part).await;
            return Err(DownloadError::NotAModel(e));
        }
    };
    let record = Record {
        repo: want.repo.clone(),
        revision,
        file: want.file.clone(),
        sha256,
        size,
        downloaded_at: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    };
    // The record first (written whole, then renamed), so that a model file is never there without
    // one; then the model takes its name in one step.
    let json = serde_json::to_vec_pretty(&record).unwrap_or_default();
    let record_file = record_path(dest);
    let record_tmp = with_suffix(dest, ".json.part");
    let written = async {
        tokio::fs::write(&record_tmp, &json).await?;
        tokio::fs::rename(&record_tmp, &record_file).await
    }
    .await;
    written.map_err(|e| write_error(&e, &record_file, size))?;
    if let Err(e) = tokio::fs::rename(part, dest).await {
        let _ = remove(&record_file).await;
        return Err(write_error(&e, dest, size));
    }
    Ok(Downloaded { path: dest.to_path_buf(), record, info })
}

async fn inspect(path: PathBuf) -> Result<GgufInfo, GgufError> {
    let name = path.display().to_string();
    tokio::task::spawn_blocking(move || gguf::inspect(&path))
        .await
        .unwrap_or_else(|e| Err(GgufError::Io { file: name, reason: e.to_string() }))
}

async fn remove(path: &Path) -> std::io::Result<()> {
    match tokio::fs::remove_file(path).await {
        Err(e) if e.kind() != ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

async fn truncate(path: &Path) -> std::io::Result<()> {
    tokio::fs::OpenOptions::new().write(true).open(path).await?.set_len(0).await
}

fn write_error(e: &std::io::Error, path: &Path, kept: u64) -> DownloadError {
    let path_text = path.display().to_string();
    match e.kind() {
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded => DownloadError::DiskFull { path: path_text, kept },
        _ => DownloadError::Unwritable { path: path_text, reason: e.to_string(), kept },
    }
}

fn text<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// An ETag's value without `W/` and quotes (huggingface_hub's `_normalize_etag`).
fn normalise_etag(etag: &str) -> String {
    let etag = etag.trim();
    etag.strip_prefix("W/").unwrap_or(etag).trim_matches('"').to_string()
}

/// `s` in lower case when it is a sha256 in hex.
fn sha256_hex(s: &str) -> Option<String> {
    (s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit())).then(|| s.to_ascii_lowercase())
}

fn is_commit(revision: &str) -> bool {
    revision.len() == 40 && revision.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A `Content-Range` header: `bytes first-last/total`, `bytes */total`, total `*` when unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ContentRange {
    first: Option<u64>,
    total: Option<u64>,
}

fn content_range(headers: &HeaderMap) -> Option<ContentRange> {
    parse_content_range(text(headers, header::CONTENT_RANGE.as_str())?)
}

fn parse_content_range(value: &str) -> Option<ContentRange> {
    let rest = value.trim().strip_prefix("bytes")?.trim_start();
    let (range, total) = rest.split_once('/')?;
    let total = match total.trim() {
        "*" => None,
        t => Some(t.parse().ok()?),
    };
    let first = match range.trim() {
        "*" => None,
        r => {
            let (first, last) = r.split_once('-')?;
            let (first, last): (u64, u64) = (first.trim().parse().ok()?, last.trim().parse().ok()?);
            if last < first || total.is_some_and(|t| last >= t) {
                return None;
            }
            Some(first)
        }
    };
    Some(ContentRange { first, total })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_range_headers_are_read_and_nonsense_is_not() {
        assert_eq!(parse_content_range("bytes 100-199/200"), Some(ContentRange { first: Some(100), total: Some(200) }));
        assert_eq!(parse_content_range("bytes */200"), Some(ContentRange { first: None, total: Some(200) }));
        assert_eq!(parse_content_range("bytes 0-9/*"), Some(ContentRange { first: Some(0), total: None }));
        for bad in ["", "bytes", "bytes 9-1/20", "bytes 0-20/20", "items 0-1/2", "bytes a-b/c", "bytes 1-2"] {
            assert_eq!(parse_content_range(bad), None, "{bad}");
        }
    }

    #[test]
    fn etags_lose_their_quotes_and_only_a_sha256_counts() {
        let sha = "7485FE6F11AF29433BC51CAB58009521F205840F5B4AE3A32FA7F92E8534FDF5";
        assert_eq!(sha256_hex(&normalise_etag(&format!("\"{sha}\""))), Some(sha.to_ascii_lowercase()));
        assert_eq!(sha256_hex(&normalise_etag(&format!("W/\"{sha}\""))), Some(sha.to_ascii_lowercase()));
        // A plain file's ETag is its git blob sha1: not a sha256.
        assert_eq!(sha256_hex(&normalise_etag("\"a94a8fe5ccb19ba61c4c0873d391e987982fbbd3\"")), None);
    }

    #[test]
    fn the_address_is_the_hubs_resolve_path() {
        let want = ModelFile {
            repo: "Qwen/Qwen3-4B-GGUF".into(),
            revision: "bc640142c66e1fdd12af0bd68f40445458f3869b".into(),
            file: "sub dir/Qwen3-4B-Q4_K_M.gguf".into(),
            size: None,
            sha256: None,
        };
        assert_eq!(
            resolve_url(HUGGING_FACE, &want).unwrap().as_str(),
            "https://huggingface.co/Qwen/Qwen3-4B-GGUF/resolve/bc640142c66e1fdd12af0bd68f40445458f3869b/sub%20dir/Qwen3-4B-Q4_K_M.gguf"
        );
        assert_eq!(
            resolve_url("http://127.0.0.1:9/hub/", &want).unwrap().path(),
            "/hub/Qwen/Qwen3-4B-GGUF/resolve/bc640142c66e1fdd12af0bd68f40445458f3869b/sub%20dir/Qwen3-4B-Q4_K_M.gguf"
        );
        assert!(resolve_url("ftp://example.org", &want).is_none());
        assert!(resolve_url("not a url", &want).is_none());
    }

    #[test]
    fn errors_say_what_is_kept() {
        let e = DownloadError::Interrupted { reason: "reset".into(), kept: 120_000_000, total: Some(2_497_280_256) };
        assert_eq!(
            e.to_string(),
            "the connection was cut after 120 MB of 2498 MB (reset); the 120 MB already here are kept, and Download resumes from there"
        );
        let e = DownloadError::Checksum { expected: "a".into(), actual: "b".into() };
        assert!(e.to_string().starts_with("the file downloaded does not match its published checksum; nothing was kept"));
        assert_eq!(DownloadError::Cancelled { kept: 0 }.to_string(), "the download was stopped");
    }

    #[test]
    fn errors_have_a_code_and_the_bytes_kept_for_the_window() {
        let e = DownloadError::Interrupted { reason: "reset".into(), kept: 120_000_000, total: Some(2_497_280_256) };
        assert_eq!((e.code(), e.kept()), ("interrupted", 120_000_000));
        let e = DownloadError::Checksum { expected: "a".into(), actual: "b".into() };
        assert_eq!((e.code(), e.kept()), ("checksum", 0));
        assert_eq!(DownloadError::DiskFull { path: "/m".into(), kept: 5 }.code(), "disk_full");
        assert_eq!(DownloadError::Refused { file: "f".into(), status: 401 }.code(), "refused");
    }

    #[test]
    fn the_paths_beside_the_model() {
        let dest = Path::new("/m/q/Qwen3.gguf");
        assert_eq!(part_path(dest), Path::new("/m/q/Qwen3.gguf.part"));
        assert_eq!(record_path(dest), Path::new("/m/q/Qwen3.gguf.json"));
    }
}
