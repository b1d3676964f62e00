//! Downloads the official Code of Virginia CSV exports from the Virginia LIS
//! (`https://law.lis.virginia.gov/CSV/CoVTitle_<n>.csv`, ...), one file at a time, politely and
//! checked. The base URL can be overridden with `LIS_BASE_URL` (tests point it at a local stand-in).
//!
//! Each file is asked for conditionally when it was downloaded before (`If-None-Match`,
//! `If-Modified-Since`), so an update check transfers only files that changed; its body is checked
//! ([`validate`]: a CSV header the reader knows, at least one row, not cut off mid-row) before it
//! replaces the copy on disk, atomically. Failures are retried with backoff (honouring
//! `Retry-After`); a file that still fails is reported by name and the caller goes on with the
//! next. TLS certificates are always verified: a site whose chain fails is reported as such.

mod names;

use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use proseva_http::reqwest::{self, StatusCode, header};
use proseva_http::{Failed, Next, RetryPolicy, RetryRules};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use self::names::file_names_with;
pub use self::names::{OTHER_FILES, TITLES, canonical_name, file_names, titles_linked_from};
use crate::Error;
use crate::ingest::LIS_BASE_URL;
use crate::lis::{FileFormat, FileKind, read_rows, sniff_format};

/// What is known of a downloaded file: enough to ask for it conditionally and to tell a changed
/// file from the same one served again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileRecord {
    pub name: String,
    pub bytes: u64,
    pub sha256: String,
    pub rows: usize,
    pub etag: Option<String>,
    pub last_modified: Option<String>,
    /// When it was downloaded or imported (RFC 3339).
    #[serde(default)]
    pub retrieved_at: Option<String>,
    /// `download` or `import` (a file the person saved from the site in a browser).
    #[serde(default)]
    pub origin: Option<String>,
}

impl FileRecord {
    /// What is known of `body`, fetched (downloaded or imported, as `origin` says) just now.
    fn fetched_now(name: &str, body: &[u8], rows: usize, last_modified: Option<String>, origin: &str) -> Self {
        FileRecord {
            name: name.to_string(),
            bytes: body.len() as u64,
            sha256: format!("{:x}", Sha256::digest(body)),
            rows,
            etag: None,
            last_modified,
            retrieved_at: Some(crate::ingest::now_rfc3339()),
            origin: Some(origin.into()),
        }
    }
}

/// The outcome of asking for one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fetched {
    /// A file not downloaded before, now on disk.
    New(FileRecord),
    /// A file whose contents changed, now replaced on disk.
    Changed(FileRecord),
    /// The same file as before (a 304, or the same bytes); the disk copy is kept.
    Unchanged(FileRecord),
    /// The site does not publish this file (404 or 410).
    NotPublished,
}

impl Fetched {
    pub fn record(&self) -> Option<&FileRecord> {
        match self {
            Fetched::New(r) | Fetched::Changed(r) | Fetched::Unchanged(r) => Some(r),
            Fetched::NotPublished => None,
        }
    }
}

/// Why a file could not be fetched: one sentence a person can act on, the technical text behind
/// it, and what kind of failure it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchFailure {
    pub message: String,
    /// What the connection said, for a Details link.
    pub details: String,
    /// The site could not be reached at all (no connection, no name lookup), as opposed to
    /// answering badly.
    pub unreachable: bool,
    /// The site's certificate chain could not be checked: every file would fail the same way.
    pub certificate: bool,
}

impl FetchFailure {
    fn answered(message: String) -> Self {
        FetchFailure { details: message.clone(), message, unreachable: false, certificate: false }
    }
}

/// How the downloader treats the site.
#[derive(Debug, Clone)]
pub struct DownloadConfig {
    /// The site, e.g. `https://law.lis.virginia.gov`; files are at `{base}/CSV/{name}`.
    pub base: String,
    /// The least time between two requests to the site (1 s for the real site).
    pub pace: Duration,
    /// How long the site may send nothing, mid-answer, before the attempt is given up.
    pub read_timeout: Duration,
    /// Retries of one file (5xx, 429, a lost connection, a file cut short).
    pub retry: RetryPolicy,
    /// Trust only these certificates (PEM), instead of the system's: for tests against a
    /// stand-in site with a certificate of its own. Verification itself is never switched off.
    pub trust_only: Option<Vec<Vec<u8>>>,
}

impl DownloadConfig {
    /// The real site (or `LIS_BASE_URL`), one request a second at most, three retries from 2 s.
    /// `PROSEVA_LIS_PACE_MS` sets the pace (tests against a local stand-in); the backoff and the
    /// read timeout scale with it.
    pub fn from_env() -> Self {
        let base = std::env::var("LIS_BASE_URL").ok().filter(|b| !b.is_empty()).unwrap_or_else(|| LIS_BASE_URL.to_string());
        let pace =
            std::env::var("PROSEVA_LIS_PACE_MS").ok().and_then(|ms| ms.parse().ok()).map_or(Duration::from_secs(1), Duration::from_millis);
        Self::paced(&base, pace)
    }

    /// `base` at one request per `pace`, the backoff and timeouts scaled from it.
    pub fn paced(base: &str, pace: Duration) -> Self {
        DownloadConfig {
            base: base.trim_end_matches('/').to_string(),
            pace,
            read_timeout: (pace * 60).clamp(Duration::from_millis(500), Duration::from_secs(60)),
            retry: RetryPolicy {
                max_retries: 3,
                first_delay: pace * 2,
                max_delay: pace * 30,
                longest_retry_after: Duration::from_secs(120),
            },
            trust_only: None,
        }
    }

    /// The site's host name, as a person reads it (`law.lis.virginia.gov`).
    pub fn host(&self) -> String {
        let rest = self.base.split_once("://").map_or(self.base.as_str(), |(_, r)| r);
        rest.split(['/', ':']).next().unwrap_or(rest).to_string()
    }

    pub fn url(&self, name: &str) -> String {
        format!("{}/CSV/{name}", self.base)
    }
}

/// Fetches export files, one request at a time, no closer together than the configured pace.
pub struct Downloader {
    client: reqwest::Client,
    config: DownloadConfig,
    /// When the last request went (or will go): the pace is kept from it. The crate has no async
    /// runtime of its own, so callers pass their runtime's timer to [`Downloader::fetch`].
    last_request: Mutex<Option<Instant>>,
}

impl Downloader {
    pub fn new(config: DownloadConfig) -> Result<Self, Error> {
        let mut builder = proseva_http::client_builder(concat!("proseva-desktop/", env!("CARGO_PKG_VERSION"), " (law library download)"))
            .read_timeout(config.read_timeout);
        if let Some(pems) = &config.trust_only {
            let certs = pems
                .iter()
                .map(|pem| reqwest::Certificate::from_pem(pem))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| Error::Fetch(format!("a certificate to trust could not be read: {}", proseva_http::describe(&e))))?;
            builder = builder.tls_certs_only(certs);
        }
        let client = builder.build().map_err(|e| Error::Fetch(proseva_http::describe(&e)))?;
        Ok(Downloader { client, config, last_request: Mutex::new(None) })
    }

    pub fn config(&self) -> &DownloadConfig {
        &self.config
    }

    /// The files to ask for: the titles the site's library page (`/law-library/`) links, then the
    /// Constitution and the other lists; the built-in list of titles when the page cannot be read
    /// or links none. A failure that says the site cannot be reached at all (or its certificate
    /// not checked) is returned, so the caller can say so before asking for every file.
    pub async fn published_files<S, F>(&self, sleep: &S) -> Result<Vec<String>, FetchFailure>
    where
        S: Fn(Duration) -> F,
        F: std::future::Future<Output = ()>,
    {
        self.wait_turn(sleep).await;
        let url = format!("{}/law-library/", self.config.base);
        let sent = self.client.get(&url).send().await;
        self.mark_now();
        match sent {
            Err(e) if is_certificate_problem(&e) => Err(self.certificate_failure(&e)),
            Err(e) if e.is_connect() => Err(self.unreachable_failure(&proseva_http::describe(&e))),
            Err(e) => {
                tracing::info!(
                    "the library page {url} could not be read ({}); asking for the built-in list of titles",
                    proseva_http::describe(&e)
                );
                Ok(file_names())
            }
            Ok(response) if response.status().is_success() => {
                let page = response.text().await.unwrap_or_default();
                let titles = titles_linked_from(&page);
                if titles.is_empty() {
                    tracing::info!("the library page {url} links no title files; asking for the built-in list");
                    Ok(file_names())
                } else {
                    Ok(file_names_with(titles))
                }
            }
            Ok(response) => {
                tracing::info!("the library page {url} answered HTTP {}; asking for the built-in list of titles", response.status());
                Ok(file_names())
            }
        }
    }

    fn certificate_failure(&self, error: &reqwest::Error) -> FetchFailure {
        let host = self.config.host();
        FetchFailure {
            message: format!(
                "{host}'s security certificate chain could not be checked, so nothing was downloaded. The site may be sending an \
                 incomplete chain (a missing intermediate certificate); ProSeVA keeps the check on rather than trust an unchecked \
                 site. You can save the files from https://{host}/law-library/ in your web browser and use “Import files I downloaded”."
            ),
            details: proseva_http::describe(error),
            unreachable: false,
            certificate: true,
        }
    }

    fn unreachable_failure(&self, details: &str) -> FetchFailure {
        FetchFailure {
            message: format!(
                "This computer could not reach {}. Check the internet connection and try again; nothing already downloaded was lost.",
                self.config.host()
            ),
            details: details.to_string(),
            unreachable: true,
            certificate: false,
        }
    }

    /// Waits (on the caller's timer) until the pace allows the next request, and marks it sent.
    async fn wait_turn<S, F>(&self, sleep: &S)
    where
        S: Fn(Duration) -> F,
        F: std::future::Future<Output = ()>,
    {
        let last = *self.last_request.lock().unwrap_or_else(|e| e.into_inner());
        let wait = last.map_or(Duration::ZERO, |at| (at + self.config.pace).saturating_duration_since(Instant::now()));
        if !wait.is_zero() {
            sleep(wait).await;
        }
        // The time it actually goes: a timer that fires late must not shorten the next gap.
        self.mark_now();
    }

    /// Counts the pace from now: when the site has answered (a slow connection must not bring the
    /// next request closer to this one than the pace).
    fn mark_now(&self) {
        *self.last_request.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now());
    }

    /// Fetches `name` into `dir` (written as `.name.part`, checked, then renamed). `previous`: what
    /// was known of the copy on disk, to ask conditionally. `progress` hears the bytes received
    /// and the size when the site says it. `sleep` is the caller's runtime's timer. Errors are one
    /// sentence naming the file.
    pub async fn fetch<S, F>(
        &self,
        name: &str,
        dir: &Path,
        previous: Option<&FileRecord>,
        progress: &mut (dyn FnMut(u64, Option<u64>) + Send),
        sleep: S,
    ) -> Result<Fetched, FetchFailure>
    where
        S: Fn(Duration) -> F,
        F: std::future::Future<Output = ()>,
    {
        let url = self.config.url(name);
        let on_disk = previous.filter(|p| dir.join(&p.name).is_file());
        let mut retry = 0;
        loop {
            self.wait_turn(&sleep).await;
            let mut request = self.client.get(&url);
            if let Some(p) = on_disk {
                if let Some(etag) = &p.etag {
                    request = request.header(header::IF_NONE_MATCH, etag);
                }
                if let Some(modified) = &p.last_modified {
                    request = request.header(header::IF_MODIFIED_SINCE, modified);
                }
            }
            let sent = request.send().await;
            self.mark_now();
            let failure = match sent {
                Err(e) if is_certificate_problem(&e) => return Err(self.certificate_failure(&e)),
                Err(e) => Attempt::Unreachable(proseva_http::describe(&e)),
                Ok(response) => match response.status() {
                    StatusCode::NOT_MODIFIED => match on_disk {
                        Some(p) => return Ok(Fetched::Unchanged(p.clone())),
                        None => Attempt::Final(format!("{name}: the site answered 304 Not Modified to a request that was not conditional")),
                    },
                    StatusCode::NOT_FOUND | StatusCode::GONE => return Ok(Fetched::NotPublished),
                    status if status.is_success() => {
                        let etag = header_text(&response, header::ETAG);
                        let last_modified = header_text(&response, header::LAST_MODIFIED);
                        match read_body(response, progress).await {
                            Err(lost) => Attempt::Lost(lost),
                            Ok(body) => match validate(name, &body) {
                                Err(why) => Attempt::Bad(why),
                                Ok(rows) => {
                                    return self.keep(name, dir, body, rows, etag, last_modified, on_disk).map_err(FetchFailure::answered);
                                }
                            },
                        }
                    }
                    status => {
                        let headers = response.headers().clone();
                        let body = response.bytes().await.unwrap_or_default();
                        match self.config.retry.next(
                            retry,
                            &Failed::Answer { status, headers: &headers, body: &body },
                            &RetryRules::default(),
                        ) {
                            Next::RetryIn(wait) => Attempt::RetryIn(wait, format!("HTTP {status}")),
                            Next::GiveUp { .. } => Attempt::Final(format!("{name}: the site answered HTTP {status}")),
                        }
                    }
                },
            };
            let unreachable = matches!(failure, Attempt::Unreachable(_));
            let (wait, why) = match failure {
                Attempt::RetryIn(wait, why) => (wait, why),
                Attempt::Final(message) => return Err(FetchFailure::answered(message)),
                Attempt::Unreachable(why) | Attempt::Lost(why) | Attempt::Bad(why) => {
                    match self.config.retry.next(retry, &Failed::NoConnection, &RetryRules::default()) {
                        Next::RetryIn(wait) => (wait, why),
                        Next::GiveUp { .. } => {
                            let details = format!("{name}: {why} (tried {} times)", retry + 1);
                            return Err(if unreachable { self.unreachable_failure(&details) } else { FetchFailure::answered(details) });
                        }
                    }
                }
            };
            tracing::warn!(file = name, retry = retry + 1, wait_ms = wait.as_millis() as u64, "{why}; retrying");
            sleep(wait).await;
            retry += 1;
        }
    }

    /// Writes a checked body over the copy on disk (unless it is the same bytes).
    #[allow(clippy::too_many_arguments)]
    fn keep(
        &self,
        name: &str,
        dir: &Path,
        body: Vec<u8>,
        rows: usize,
        etag: Option<String>,
        last_modified: Option<String>,
        on_disk: Option<&FileRecord>,
    ) -> Result<Fetched, String> {
        let record = FileRecord { etag, ..FileRecord::fetched_now(name, &body, rows, last_modified, "download") };
        if let Some(p) = on_disk.filter(|p| p.sha256 == record.sha256) {
            // The same bytes: the copy on disk stays, and so does when it was fetched.
            return Ok(Fetched::Unchanged(FileRecord { retrieved_at: p.retrieved_at.clone().or(record.retrieved_at), ..record }));
        }
        save_export(dir, name, &body)?;
        Ok(if on_disk.is_some() { Fetched::Changed(record) } else { Fetched::New(record) })
    }
}

/// Writes an export into `dir` atomically (`.name.part`, synced, renamed).
pub fn save_export(dir: &Path, name: &str, body: &[u8]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{name}: cannot create {}: {e}", dir.display()))?;
    let part = dir.join(format!(".{name}.part"));
    std::fs::write(&part, body)
        .and_then(|()| std::fs::File::open(&part)?.sync_all())
        .and_then(|()| std::fs::rename(&part, dir.join(name)))
        .map_err(|e| format!("{name}: cannot save it in {}: {e}", dir.display()))
}

/// Checks a file the person saved from the site and keeps it in `dir` under its export name:
/// the same checks as a download ([`validate`]). Returns what is known of it.
pub fn import_export(dir: &Path, file_name: &str, body: &[u8], modified: Option<String>) -> Result<FileRecord, String> {
    let Some(name) = canonical_name(file_name) else {
        return Err(format!(
            "{file_name} is not one of the site's export files (CoVTitle_<n>.csv, Constitution.csv, PopularNames.csv, Authorities.csv, Charters.csv, Compacts.csv, UnCodifiedActs.csv)"
        ));
    };
    let rows = validate(&name, body).map_err(|why| format!("{file_name}: {why}"))?;
    save_export(dir, &name, body)?;
    Ok(FileRecord::fetched_now(&name, body, rows, modified, "import"))
}

enum Attempt {
    /// The site asked for a retry, or its answer is worth one.
    RetryIn(Duration, String),
    /// No retry will help.
    Final(String),
    /// No connection could be made.
    Unreachable(String),
    /// The connection failed or broke off mid-file.
    Lost(String),
    /// The whole answer arrived but is not a usable export.
    Bad(String),
}

fn header_text(response: &reqwest::Response, name: header::HeaderName) -> Option<String> {
    response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string)
}

async fn read_body(mut response: reqwest::Response, progress: &mut (dyn FnMut(u64, Option<u64>) + Send)) -> Result<Vec<u8>, String> {
    let expected = response.content_length();
    let mut body = Vec::with_capacity(expected.unwrap_or(0).min(64 << 20) as usize);
    progress(0, expected);
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) => {
                body.extend_from_slice(&chunk);
                progress(body.len() as u64, expected);
            }
            Ok(None) => break,
            Err(e) => {
                let of = expected.map(|n| format!(" of {n}")).unwrap_or_default();
                return Err(format!("the connection broke off after {} bytes{of} ({})", body.len(), proseva_http::describe(&e)));
            }
        }
    }
    if let Some(n) = expected.filter(|&n| n != body.len() as u64) {
        return Err(format!("the file arrived with {} bytes of {n}", body.len()));
    }
    Ok(body)
}

fn is_certificate_problem(error: &reqwest::Error) -> bool {
    let chain = std::iter::successors(Some(error as &(dyn std::error::Error + 'static)), |e| e.source());
    chain.map(|e| e.to_string().to_ascii_lowercase()).any(|m| m.contains("certificate") || m.contains("unknownissuer"))
}

/// Checks a downloaded export before it is used: a name the reader knows, a CSV header with the
/// columns it needs, at least one row, and a last row that is whole (a file cut off mid-row ends
/// in a row with too few columns). Returns the number of rows.
pub fn validate(name: &str, body: &[u8]) -> Result<usize, String> {
    if FileKind::of(name).is_none() {
        return Err(format!("{name} is not an export the reader knows"));
    }
    let start = body.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(body.len());
    if body[start..].starts_with(b"<") {
        return Err("the site answered a web page instead of the CSV file".into());
    }
    // Quotes in CSV come in pairs (a quoted field, or "" inside one): an odd count means the file
    // stops inside a quoted field. (In the old pipe format quotes are text.)
    if sniff_format(body) == FileFormat::CsvWithHeader && body.iter().filter(|&&b| b == b'"').count() % 2 == 1 {
        return Err("the file is cut off inside a quoted field".into());
    }
    let (rows, problems) = read_rows(name, body).map_err(|p| format!("not a usable CSV export: {}", p.reason))?;
    if rows.is_empty() {
        return Err("the file has a header but no rows".into());
    }
    let last_row = rows.last().map_or(0, |r| r.line);
    if let Some(p) = problems.iter().find(|p| p.line > last_row) {
        return Err(format!("the file is cut off (line {}: {})", p.line, p.reason));
    }
    Ok(rows.len())
}

/// Downloads every export into `dir` (the command line's `ingest --fetch`): each file as
/// [`Downloader::fetch`] does, reported to `on_file`; fails only if nothing arrives.
pub async fn fetch_exports(dir: &Path, on_file: impl Fn(&str, Result<u64, String>)) -> Result<usize, Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::Io(dir.to_path_buf(), e))?;
    let downloader = Downloader::new(DownloadConfig::from_env())?;
    let names = downloader.published_files(&blocking_sleep).await.map_err(|e| Error::Fetch(format!("{} ({})", e.message, e.details)))?;
    let mut fetched = 0;
    for name in names {
        let result = downloader.fetch(&name, dir, None, &mut |_, _| {}, blocking_sleep).await;
        match result {
            Ok(Fetched::NotPublished) => on_file(&name, Err(format!("{name}: not published by the site"))),
            Err(e) if e.certificate => return Err(Error::Fetch(format!("{} ({})", e.message, e.details))),
            Ok(done) => {
                fetched += 1;
                on_file(&name, Ok(done.record().map_or(0, |r| r.bytes)));
            }
            Err(e) => on_file(&name, Err(format!("{} ({})", e.message, e.details))),
        }
    }
    if fetched == 0 {
        return Err(Error::Fetch(format!("no export could be downloaded from {}", downloader.config().base)));
    }
    Ok(fetched)
}

/// A timer for callers on a single-threaded runtime that only downloads (the command line).
async fn blocking_sleep(wait: Duration) {
    if !wait.is_zero() {
        std::thread::sleep(wait);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "TitleNum,TitleName,SubTitleNum,SubTitleName,PartNum,PartName,ChapterNum,ChapterName,ArticleNum,ArticleName,SubPartNum,SubPartName,Section,Title,Body\n";

    #[test]
    fn a_whole_export_passes_and_counts_its_rows() {
        let body = format!(
            "{HEADER}20,Domestic,,,,,6.1,Custody,,,,,20-124.3,Best interests,\"<p>A, B</p>\"\n20,Domestic,,,,,6.1,Custody,,,,,20-124.2,Court,<p>x</p>\n"
        );
        assert_eq!(validate("CoVTitle_20.csv", body.as_bytes()), Ok(2));
    }

    #[test]
    fn a_cut_off_page_or_empty_export_is_refused() {
        let whole = format!(
            "{HEADER}20,Domestic,,,,,6.1,Custody,,,,,20-124.3,Best interests,\"<p>A, B</p>\"\n20,Domestic,,,,,6.1,Custody,,,,,20-124.2,Court,\"<p>x, y</p>\"\n"
        );
        let cut = &whole[..whole.len() - 12];
        assert!(
            validate("CoVTitle_20.csv", cut.as_bytes()).unwrap_err().contains("cut off"),
            "{:?}",
            validate("CoVTitle_20.csv", cut.as_bytes())
        );
        assert!(validate("CoVTitle_20.csv", HEADER.as_bytes()).unwrap_err().contains("no rows"));
        assert!(validate("CoVTitle_20.csv", b"<!DOCTYPE html><html>Service Unavailable</html>").unwrap_err().contains("web page"));
        assert!(validate("CoVTitle_20.csv", b"a,b\n1,2\n").unwrap_err().contains("not a usable CSV"));
    }
}
