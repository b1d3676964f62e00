//! The official law read as the LIS site serves it (files written from the description of the real
//! formats in `lis_files`, never from the reader's own columns): both versions of a section and
//! the one in effect on a pinned day, the Constitution in its own header, authorities and popular
//! names by their names, entities, the 2023 pipe format, the library page's list of titles, the
//! import of files saved in a browser, and a site whose certificate chain lacks its intermediate.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::Path as UrlPath;
use axum::http::StatusCode;
use axum::routing::get;
use chrono::NaiveDate;
use proseva_e2e::lis_files::{self, Export, TITLE_COLUMNS};
use proseva_e2e::lis_site::LisSite;
use proseva_law::fetch::DownloadConfig;
use proseva_law::graph::Graph;
use proseva_law::ingest::{self, CorpusFile, IngestOptions, TextKind};
use proseva_sidecars::library::{ImportFile, Library, LibraryStatus, RunKind};

const PACE: Duration = Duration::from_millis(5);

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn graph(root: &Path) -> Graph {
    Graph::open(&root.join("graph.db")).expect("a graph was built")
}

fn text(graph: &Graph, source_id: &str) -> String {
    graph.node_by_source_id(source_id).unwrap().unwrap_or_else(|| panic!("{source_id} is in the graph")).source_text.unwrap_or_default()
}

/// A port nothing listens on: a library whose site cannot be reached.
fn nowhere() -> String {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    format!("http://127.0.0.1:{port}")
}

async fn downloaded(site: &LisSite) -> (tempfile::TempDir, LibraryStatus) {
    let dir = tempfile::tempdir().unwrap();
    let library = Library::open(dir.path(), DownloadConfig::paced(&site.url, PACE));
    library.run(RunKind::Download).await;
    let status = library.status();
    assert_eq!(status.phase, "done", "{status:?}");
    (dir, status)
}

async fn wait_until_done(library: &Library) -> LibraryStatus {
    let mut statuses = library.subscribe();
    let ended = tokio::time::timeout(Duration::from_secs(60), statuses.wait_for(|s| s.phase == "done" || s.phase == "failed")).await;
    ended.expect("the build ends").expect("the library lives").clone()
}

fn site_files_to_import() -> Vec<ImportFile> {
    lis_files::site_files().into_iter().map(|(name, body)| ImportFile { name, bytes: body.into_bytes(), last_modified: None }).collect()
}

#[tokio::test]
async fn a_section_with_two_versions_shows_the_one_in_effect_and_keeps_the_other() {
    let site = LisSite::start().await;
    let (dir, _) = downloaded(&site).await;
    let graph = graph(dir.path());
    graph.set_law_date(Some(day(2026, 11, 26)));
    assert_eq!(graph.sections_with_versions(), 3, "20-124.2, 55.1-1245 and 58.1-603");

    // Amended from July 1, 2025: on November 26, 2026 the new text is the official one.
    let custody = graph.node_by_source_id("20-124.2").unwrap().unwrap();
    assert_eq!(custody.text_kind, "official");
    assert_eq!(
        custody.heading.as_deref(),
        Some("Court-ordered custody and visitation arrangements"),
        "the note is not part of the heading"
    );
    assert!(custody.source_text.as_deref().unwrap().contains("parenting plan"), "the version in effect: {custody:?}");
    let versions = graph.versions(custody.id);
    assert_eq!(versions.len(), 2);
    assert_eq!((versions[0].label.as_str(), versions[0].in_effect), ("Effective until July 1, 2025", false));
    assert_eq!((versions[1].label.as_str(), versions[1].in_effect, versions[1].shown), ("Effective July 1, 2025", true, true));
    assert!(!versions[0].source_text.as_deref().unwrap().contains("parenting plan"), "the earlier text is kept as it was");
    let notice = graph.version_notice(custody.id).unwrap();
    assert!(notice.starts_with("This version took effect July 1, 2025"), "{notice}");
    assert!(custody.summary.is_some(), "the starter's summary stays beside it");

    // Amended from July 1, 2027: today the five days apply, and the person is told what is coming.
    assert!(text(&graph, "55.1-1245").contains("within five days"));
    let eviction = graph.node_by_source_id("55.1-1245").unwrap().unwrap();
    assert_eq!(graph.version_notice(eviction.id).as_deref(), Some("A new version takes effect July 1, 2027."));
    // The coming version's words find the section too (among the first five: since the asks,
    // words of the text alone weigh less than the questions people ask, and since issue 39 § 1-210
    // on counting a period of days shares the query's words).
    let found = graph.nodes(None, Some("14-day period"), 5, 0).unwrap();
    assert!(found.nodes.iter().any(|n| n.source_id == "55.1-1245"), "{:?}", found.nodes);

    // The day passes: the same graph, no new download, reads the new version.
    graph.set_law_date(Some(day(2027, 7, 1)));
    assert!(text(&graph, "55.1-1245").contains("within 14 days"), "{}", text(&graph, "55.1-1245"));
    assert!(graph.version_notice(eviction.id).unwrap().starts_with("This version took effect July 1, 2027"));
    graph.set_law_date(Some(day(2027, 6, 30)));
    assert!(text(&graph, "55.1-1245").contains("within five days"));

    // A contingent pair: the one that expires on the event applies until it happens.
    let tax = graph.node_by_source_id("58.1-603").unwrap().unwrap();
    assert!(tax.source_text.as_deref().unwrap().contains("4.3 percent"), "{tax:?}");
    let contingent: Vec<(Option<String>, bool)> = graph.versions(tax.id).into_iter().map(|v| (v.contingency, v.in_effect)).collect();
    assert_eq!(contingent, [(Some("expiration".into()), true), (Some("effective".into()), false)]);
    assert!(graph.version_notice(tax.id).unwrap().contains("contingent effective date"));

    // A section with one version has none listed.
    let best = graph.node_by_source_id("20-124.3").unwrap().unwrap();
    assert!(graph.versions(best.id).is_empty() && graph.version_notice(best.id).is_none());
}

#[tokio::test]
async fn the_constitution_authorities_and_popular_names_arrive_by_their_real_names() {
    let site = LisSite::start().await;
    let (dir, _) = downloaded(&site).await;
    let graph = graph(dir.path());

    // The Constitution, in its own header: every section official.
    let speech = graph.node_by_source_id("const-I-12").unwrap().expect("const-I-12");
    assert_eq!(speech.text_kind, "official");
    assert_eq!(speech.heading.as_deref(), Some("Freedom of speech and of the press; right peaceably to assemble, and to petition"));
    assert!(speech.source_text.as_deref().unwrap().contains("great bulwarks of liberty"));
    assert!(speech.summary.is_some(), "the starter's summary of Article I stays beside it");
    let voters = graph.node_by_source_id("const-II-1").unwrap().expect("const-II-1");
    assert_eq!(
        (voters.text_kind.as_str(), voters.url.as_deref()),
        ("official", Some("https://law.lis.virginia.gov/constitution/article2/section1/"))
    );
    assert_eq!(
        graph.node_by_source_id("const-II").unwrap().unwrap().heading.as_deref(),
        Some("Franchise and Officers"),
        "ALL CAPS read as a name"
    );

    // Authorities by their names, linked to where they are created; two of one name both kept.
    let port = graph.node_by_source_id("authority:virginia-port-authority").unwrap().expect("by its short name");
    assert_eq!(port.heading.as_deref(), Some("Virginia Port Authority"));
    assert!(port.source_text.as_deref().unwrap().contains("62.1-128") && port.source_text.as_deref().unwrap().contains("Title 62.1"));
    let found = graph.nodes(Some("authority"), Some("Virginia Port Authority"), 3, 0).unwrap();
    assert_eq!(found.nodes.first().map(|n| n.heading.as_deref()), Some(Some("Virginia Port Authority")));
    let idas: Vec<String> = graph.nodes(Some("authority"), None, 50, 0).unwrap().nodes.into_iter().map(|n| n.source_id).collect();
    assert!(
        idas.contains(&"authority:industrial-development-authority".into())
            && idas.contains(&"authority:industrial-development-authority~2".into()),
        "{idas:?}"
    );
    assert!(!idas.iter().any(|id| id == "authority:2-2" || id == "authority:62-1"), "no authority is named by its Code title: {idas:?}");

    // Popular names lead to their sections.
    let wages = graph.node_by_source_id("popular:wage-payment-act").unwrap().expect("popular name");
    let cites: Vec<i64> = graph.neighbors(wages.id, Some("cites")).unwrap().iter().map(|e| e.to_id).collect();
    assert!(cites.contains(&graph.node_by_source_id("40.1-29").unwrap().unwrap().id));

    // Entities decoded, ALL-CAPS names readable.
    let definitions = text(&graph, "20-124.1");
    assert!(definitions.contains("crèche") && !definitions.contains('&'), "{definitions}");
    assert_eq!(graph.node_by_source_id("20").unwrap().unwrap().heading.as_deref(), Some("Domestic Relations"));
    assert_eq!(
        graph.node_by_source_id("20:6").unwrap().unwrap().heading.as_deref(),
        Some("Divorce, Affirmation and Annulment"),
        "a chapter name in capitals"
    );
    // The files and their dates are recorded with the graph.
    let file = graph.source_files().iter().find(|f| f.name == "CoVTitle_20.csv").expect("CoVTitle_20.csv recorded");
    assert_eq!(file.last_modified.as_deref(), Some("2024-07-01T00:00:00Z"));
    assert_eq!((file.origin.as_deref(), file.format.as_str()), (Some("download"), "csvWithHeader"));
    assert_eq!(graph.source_file_of(&speech.node_type, &speech.source_id).map(|f| f.name.as_str()), Some("Constitution.csv"));
}

#[test]
fn nothing_is_dropped_without_a_word_and_the_2023_format_reads() {
    let dir = tempfile::tempdir().unwrap();
    let mut files: Vec<CorpusFile> = lis_files::site_files().into_iter().map(|(n, b)| CorpusFile::new(n, b)).collect();
    files.push(CorpusFile::new("CoVTitle_1.csv", lis_files::title_1_of_2023()));
    let progress = |_| {};
    let options =
        IngestOptions { corpus: "official".into(), text_kind: TextKind::Official, embedder: None, vector_cache: None, progress: &progress };
    let report = ingest::ingest(&files, &dir.path().join("graph.db"), &options).unwrap();
    let problems: Vec<String> = report.skipped.iter().map(ToString::to_string).collect();
    assert!(problems.iter().any(|p| p.contains("20-124.8 through 20-124.10")), "the repealed range is reported: {problems:?}");
    assert_eq!(problems.len(), 1, "and nothing else is skipped: {problems:?}");
    assert_eq!(report.sections_with_versions, 3);

    let graph = graph(dir.path());
    let code = graph.node_by_source_id("1-1").unwrap().expect("§ 1-1 from the pipe-delimited file");
    assert_eq!(code.heading.as_deref(), Some("Contents and designation of Code"), "the old format's period is not part of the heading");
    assert!(code.source_text.as_deref().unwrap().starts_with("The laws embraced"));
    assert_eq!(graph.node_by_source_id("1").unwrap().unwrap().heading.as_deref(), Some("General Provisions"));
    let cited: Vec<i64> =
        graph.neighbors(graph.node_by_source_id("1-2").unwrap().unwrap().id, Some("cites")).unwrap().iter().map(|e| e.to_id).collect();
    assert!(cited.contains(&graph.node_by_source_id("1-2.1").unwrap().unwrap().id), "&sect;&nbsp;1-2.1 is read as a citation");
    let pipe = graph.source_files().iter().find(|f| f.name == "CoVTitle_1.csv").unwrap();
    assert_eq!((pipe.format.as_str(), pipe.rows), ("pipeNoHeader", 3));

    // A pipe-delimited file where the site never used that format is refused by name.
    let old_constitution = "1|I|Bill of Rights|Section 1|Equality.|<p>x</p>|17|2020\n";
    let report = ingest::ingest(&[CorpusFile::new("Constitution.csv", old_constitution)], &dir.path().join("other.db"), &options).unwrap();
    assert!(report.skipped[0].reason.contains("pipe-delimited with no header line"), "{:?}", report.skipped);
}

#[tokio::test]
async fn files_saved_in_a_browser_import_into_the_same_graph_a_download_builds() {
    let site = LisSite::start().await;
    let (downloaded_dir, _) = downloaded(&site).await;

    let dir = tempfile::tempdir().unwrap();
    let library = Library::open(dir.path(), DownloadConfig::paced(&nowhere(), PACE));
    let mut files = site_files_to_import();
    // As a browser saves a second copy, and two files that are not exports.
    files[0].name = "CoVTitle_20 (1).csv".into();
    files.push(ImportFile { name: "notes.csv".into(), bytes: b"a,b\n1,2\n".to_vec(), last_modified: None });
    files.push(ImportFile { name: "CoVTitle_2.2.csv".into(), bytes: b"<!DOCTYPE html><html>Sign in</html>".to_vec(), last_modified: None });
    let report = library.import(files);
    assert!(report.started, "{report:?}");
    assert_eq!(report.accepted.len(), 7, "{report:?}");
    assert_eq!(report.accepted[0].kept_as, "CoVTitle_20.csv");
    let refused: Vec<&str> = report.refused.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(refused, ["notes.csv", "CoVTitle_2.2.csv"]);
    assert!(report.refused[1].reason.contains("web page instead of the CSV file"), "{:?}", report.refused[1]);
    let status = wait_until_done(&library).await;
    assert_eq!(status.phase, "done", "{status:?}");
    assert!(status.message.as_deref().unwrap().contains("7 files imported"), "{:?}", status.message);
    assert!(status.files.iter().all(|f| f.origin.as_deref() == Some("import")), "{:?}", status.files);

    // The same nodes, the same text, the same versions as the download.
    let (imported, downloaded) = (graph(dir.path()), graph(downloaded_dir.path()));
    let all = |g: &Graph| {
        let mut nodes: Vec<(String, Option<String>, Option<String>, String)> = g
            .nodes(None, None, 100, 0)
            .unwrap()
            .nodes
            .into_iter()
            .chain((1..20).flat_map(|page| g.nodes(None, None, 100, page * 100).unwrap().nodes))
            .map(|n| (n.source_id, n.heading, n.source_text, n.text_kind))
            .collect();
        nodes.sort();
        nodes
    };
    assert_eq!(all(&imported), all(&downloaded));
    assert_eq!(imported.sections_with_versions(), downloaded.sections_with_versions());
}

// ---------------------------------------------------------------------------------------------
// A site whose certificate chain lacks its intermediate certificate.

/// A root, an intermediate signed by it, and a certificate for 127.0.0.1 signed by the
/// intermediate: the chain of a site whose server may forget to send the middle link.
struct Chain {
    root_pem: String,
    leaf: rustls::pki_types::CertificateDer<'static>,
    intermediate: rustls::pki_types::CertificateDer<'static>,
    leaf_key: Vec<u8>,
}

fn chain() -> Chain {
    use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, DnType, IsCa, KeyPair, KeyUsagePurpose, SanType};
    let ca = |name: &str| {
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign, KeyUsagePurpose::DigitalSignature];
        params.distinguished_name.push(DnType::CommonName, name);
        params
    };
    let root = CertifiedIssuer::self_signed(ca("Stand-in Root CA"), KeyPair::generate().unwrap()).unwrap();
    let intermediate = CertifiedIssuer::signed_by(ca("Stand-in Intermediate CA"), KeyPair::generate().unwrap(), &root).unwrap();
    let mut leaf = CertificateParams::new(Vec::<String>::new()).unwrap();
    leaf.subject_alt_names = vec![SanType::IpAddress(std::net::IpAddr::from([127, 0, 0, 1]))];
    leaf.distinguished_name.push(DnType::CommonName, "127.0.0.1");
    let leaf_key = KeyPair::generate().unwrap();
    let leaf_cert = leaf.signed_by(&leaf_key, &intermediate).unwrap();
    Chain {
        root_pem: root.pem(),
        leaf: leaf_cert.der().clone(),
        intermediate: intermediate.der().clone(),
        leaf_key: leaf_key.serialize_der(),
    }
}

/// Serves the export files over HTTPS on loopback, presenting `certificates` (the leaf first).
struct TlsListener {
    tcp: tokio::net::TcpListener,
    acceptor: tokio_rustls::TlsAcceptor,
}

impl axum::serve::Listener for TlsListener {
    type Io = tokio_rustls::server::TlsStream<tokio::net::TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let Ok((tcp, addr)) = self.tcp.accept().await else { continue };
            // A client that refuses the certificate ends the handshake: wait for the next one.
            if let Ok(tls) = self.acceptor.accept(tcp).await {
                return (tls, addr);
            }
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        self.tcp.local_addr()
    }
}

async fn serve_tls(certificates: Vec<rustls::pki_types::CertificateDer<'static>>, key: Vec<u8>) -> String {
    proseva_http::install_ring();
    let key = rustls::pki_types::PrivateKeyDer::Pkcs8(key.into());
    let config = rustls::ServerConfig::builder().with_no_client_auth().with_single_cert(certificates, key).unwrap();
    let tcp = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("https://{}", tcp.local_addr().unwrap());
    let listener = TlsListener { tcp, acceptor: tokio_rustls::TlsAcceptor::from(Arc::new(config)) };
    let files = Arc::new(lis_files::site_files());
    let router = Router::new().route(
        "/CSV/{file}",
        get(move |UrlPath(file): UrlPath<String>| {
            let files = files.clone();
            async move {
                match files.iter().find(|(name, _)| *name == file) {
                    Some((_, body)) => (StatusCode::OK, body.clone()),
                    None => (StatusCode::NOT_FOUND, "not found".to_string()),
                }
            }
        }),
    );
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    url
}

fn trusting(url: &str, root_pem: &str) -> DownloadConfig {
    DownloadConfig { trust_only: Some(vec![root_pem.as_bytes().to_vec()]), ..DownloadConfig::paced(url, PACE) }
}

#[tokio::test]
async fn a_certificate_chain_without_its_intermediate_is_refused_in_plain_words_and_the_files_can_be_imported_instead() {
    let chain = chain();
    let dir = tempfile::tempdir().unwrap();
    // A library that already holds the official text (imported before).
    let first = Library::open(dir.path(), DownloadConfig::paced(&nowhere(), PACE));
    let mut files = site_files_to_import();
    files.retain(|f| f.name != "CoVTitle_58.1.csv");
    assert!(first.import(files).started);
    assert_eq!(wait_until_done(&first).await.phase, "done");
    let graph_before = std::fs::metadata(dir.path().join("graph.db")).unwrap().modified().unwrap();
    let record_before = std::fs::read_to_string(dir.path().join("law/library.json")).unwrap();
    drop(first);

    // The site sends its own certificate only: the chain cannot be checked, and the check stays on.
    let broken = serve_tls(vec![chain.leaf.clone()], chain.leaf_key.clone()).await;
    let library = Library::open(dir.path(), trusting(&broken, &chain.root_pem));
    library.run(RunKind::Download).await;
    let status = library.status();
    assert_eq!(status.phase, "failed", "{status:?}");
    let message = status.message.clone().unwrap_or_default();
    assert!(message.starts_with("127.0.0.1's security certificate chain could not be checked, so nothing was downloaded."), "{message}");
    assert!(message.contains("Import files I downloaded") && message.contains("/law-library/"), "says what to do: {message}");
    assert!(status.details.as_deref().is_some_and(|d| d.to_ascii_lowercase().contains("certificate")), "{:?}", status.details);
    assert_eq!(std::fs::metadata(dir.path().join("graph.db")).unwrap().modified().unwrap(), graph_before, "the library is as it was");
    assert_eq!(std::fs::read_to_string(dir.path().join("law/library.json")).unwrap(), record_before, "and so is its record");
    assert!(!library.status().interrupted, "nothing waits to resume: the same check would fail again");
    assert!(!dir.path().join("law/exports/CoVTitle_58.1.csv").exists());

    // The way round: the files saved in a browser.
    let report = library.import(site_files_to_import());
    assert_eq!(report.accepted.len(), 7);
    assert_eq!(wait_until_done(&library).await.phase, "done");
    assert!(graph(dir.path()).node_by_source_id("58.1-603").unwrap().is_some_and(|n| n.text_kind == "official"));

    // The same site sending the whole chain downloads: it was the missing link, not the test's trust.
    let whole = serve_tls(vec![chain.leaf.clone(), chain.intermediate.clone()], chain.leaf_key.clone()).await;
    let other = tempfile::tempdir().unwrap();
    let library = Library::open(other.path(), trusting(&whole, &chain.root_pem));
    library.run(RunKind::Download).await;
    let status = library.status();
    assert_eq!((status.phase.as_str(), status.new_or_changed), ("done", 7), "{status:?}");
}

#[test]
fn the_fixture_files_are_the_formats_the_issue_describes() {
    // Guards the fixtures themselves: a BOM, the header as the site writes it, CRLF.
    let (_, title) = &lis_files::site_files()[0];
    assert!(title.starts_with("\u{feff}TitleNum,TitleName,SubTitleNum,SubTitleName,PartNum,PartName,ChapterNum,ChapterName,ArticleNum,ArticleName,SubPartNum,SubPartName,Section,Title,Body\r\n"));
    let constitution = &lis_files::site_files().into_iter().find(|(n, _)| n == "Constitution.csv").unwrap().1;
    assert!(
        constitution.starts_with("\u{feff}ArticleId,Article,ArticleName,SectionName,SectionTitle,SectionText,SectionCount,LastUpdate\r\n")
    );
    let old = lis_files::title_1_of_2023();
    assert!(old.starts_with("1|GENERAL PROVISIONS|") && old.contains("|§ 1-1|Contents and designation of Code.|") && !old.contains('\r'));
    assert_eq!(Export::csv(&TITLE_COLUMNS, &[]).lines().count(), 1);
}
