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
use proseva_law::lis::HEADER;
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
        let router = Router::new().route("/CSV/{file}", get(serve_file)).fallback(not_found).with_state(shared.clone());
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

// ---------------------------------------------------------------------------------------------
// The default files.

/// The files served at start, as (name, body): three Code titles, the Constitution, popular names
/// and authorities. Charters, compacts and uncodified acts are not served (404) until set.
pub fn default_files() -> Vec<(String, String)> {
    let files: [(&str, &[&str]); 6] = [
        ("CoVTitle_20.csv", TITLE_20),
        ("CoVTitle_55.1.csv", TITLE_55_1),
        ("CoVTitle_40.1.csv", TITLE_40_1),
        ("Constitution.csv", CONSTITUTION),
        ("PopularNames.csv", POPULAR_NAMES),
        ("Authorities.csv", AUTHORITIES),
    ];
    files.into_iter().map(|(name, lines)| (name.to_string(), crlf(lines))).collect()
}

/// CRLF-terminated lines, as the LIS exports end them.
fn crlf(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\r\n")).collect()
}

/// Title 20, Domestic Relations: custody and support (chapters 6 and 6.1), a repealed section and an all-empty row.
const TITLE_20: &[&str] = &[
    HEADER,
    r#"20,Domestic Relations,,,,,6,"Divorce, Affirmation and Annulment",,,,,20-107.2,Court may decree as to custody and support of minor children,"<p>Upon decreeing the dissolution of a marriage, and also upon decreeing a divorce, whether from the bond of matrimony or from bed and board, and upon decreeing that neither party is entitled to a divorce, the court may make such further decree as it shall deem expedient concerning the custody or visitation and support of the minor children of the parties as provided in Chapter 6.1 (&sect;&nbsp;<a href=""/vacode/20-124.1/"">20-124.1</a> et seq.), including an order that either party or both parties provide health care coverage.</p>""#,
    r#"20,Domestic Relations,,,,,6,"Divorce, Affirmation and Annulment",,,,,20-108,Revision and alteration of such decrees,"<p>The court may, from time to time after decreeing as provided in &sect;&nbsp;<a href=""/vacode/20-107.2/"">20-107.2</a>, on petition of either of the parents, or on its own motion or upon petition of any probation officer or the Department of Social Services, revise and alter such decree concerning the care, custody, and maintenance of the children and make a new decree concerning the same, as the circumstances of the parents and the benefit of the children may require.</p>""#,
    r#"20,Domestic Relations,,,,,6.1,Custody and Visitation Arrangements for Minor Children,,,,,20-124.1,Definitions,"<p>As used in this chapter:</p><p>""Joint custody"" means (i) joint legal custody where both parents retain joint responsibility for the care and control of the child and joint authority to make decisions concerning the child even though the child's primary residence may be with only one parent, (ii) joint physical custody where both parents share physical and custodial care of the child, or (iii) any combination of joint legal and joint physical custody which the court deems to be in the best interest of the child.</p><p>""Person with a legitimate interest"" shall be broadly construed and includes, but is not limited to, grandparents, step-grandparents, stepparents, former stepparents, blood relatives and family members.</p>""#,
    r#"20,Domestic Relations,,,,,6.1,Custody and Visitation Arrangements for Minor Children,,,,,20-124.2,Court-ordered custody and visitation arrangements,"<p>A. In any case in which custody or visitation of minor children is at issue, whether in a circuit or district court, the court shall provide prompt adjudication, upon due consideration of all the facts, of custody and visitation arrangements, including support and maintenance for the children, prior to other considerations arising in the matter.</p><p>B. In determining custody, the court shall give primary consideration to the best interests of the child. The court shall assure minor children of frequent and continuing contact with both parents, when appropriate, and encourage parents to share in the responsibilities of rearing their children. As between the parents, there shall be no presumption or inference of law in favor of either.</p>""#,
    r#"20,Domestic Relations,,,,,6.1,Custody and Visitation Arrangements for Minor Children,,,,,20-124.3,Best interests of the child; visitation,"<p>In determining best interests of a child for purposes of determining custody or visitation arrangements including any pendente lite orders pursuant to &sect;&nbsp;<a href=""/vacode/20-124.2/"">20-124.2</a>, the court shall consider the following:</p><p>1. The age and physical and mental condition of the child, giving due consideration to the child's changing developmental needs;</p><p>2. The age and physical and mental condition of each parent;</p><p>3. The relationship existing between each parent and each child, giving due consideration to the positive involvement with the child's life, the ability to accurately assess and meet the emotional, intellectual &amp; physical needs of the child;</p><p>4. The needs of the child, giving due consideration to other important relationships of the child, including but not limited to siblings, peers and extended family members;</p><p>5. The role that each parent has played and will play in the future, in the upbringing and care of the child;</p><p>6. The propensities of each parent to actively support the child's contact and relationship with the other parent, including whether a parent has unreasonably denied the other parent access to or visitation with the child;</p><p>7. The reasonable preference of the child, if the court deems the child to be of reasonable intelligence, understanding, age and experience to express such a preference;</p><p>8. Any history of family abuse as that term is defined in &sect;&nbsp;16.1-228; and</p><p>9. Such other factors as the court deems necessary and proper to the determination.</p><p>The judge shall communicate to the parties the basis of the decision either orally or in writing.</p>""#,
    r#"20,Domestic Relations,,,,,6.1,Custody and Visitation Arrangements for Minor Children,,,,,20-124.7,Repealed,"<p>Repealed by Acts 2020, c. 900, cl. 2.</p>""#,
    ",,,,,,,,,,,,,,",
];

/// Title 55.1, Property and Conveyances: the Virginia Residential Landlord and Tenant Act (chapter 12).
const TITLE_55_1: &[&str] = &[
    HEADER,
    r#"55.1,Property and Conveyances,IV,Landlord and Tenant,,,12,Virginia Residential Landlord and Tenant Act,1,General Provisions,,,55.1-1200,Definitions,"<p>As used in this chapter, unless the context requires a different meaning:</p><p>""Rent"" means all money, other than a security deposit, owed or paid to the landlord under the rental agreement.</p><p>""Security deposit"" means any refundable deposit of money, however denominated, including all money intended to be used as a security deposit under a rental agreement, or property, which is furnished by or on behalf of a tenant as a condition of occupancy.</p><p>""Tenant"" means a person entitled only under the terms of a rental agreement to occupy a dwelling unit to the exclusion of others.</p>""#,
    r#"55.1,Property and Conveyances,IV,Landlord and Tenant,,,12,Virginia Residential Landlord and Tenant Act,2,Landlord Obligations,,,55.1-1204,Terms and conditions of rental agreement; payment of rent; copy of rental agreement for tenant,"<p>A. A landlord and tenant may include in a rental agreement terms and conditions not prohibited by this chapter or other rule of law, including rent, charges for late payment of rent, the term of the agreement, automatic renewal of the rental agreement, requirements for escrow deposits, and other provisions governing the rights and obligations of the parties.</p><p>B. Rent shall be payable without demand or notice at the time and place agreed upon by the parties. Unless otherwise agreed, rent is payable at the place designated by the landlord, and periodic rent is payable at the beginning of any term of one month or less.</p>""#,
    "55.1,Property and Conveyances,IV,Landlord and Tenant,,,12,Virginia Residential Landlord and Tenant Act,2,Landlord Obligations,,,55.1-1220,Landlord to maintain fit premises: exceptions,<p>A. The landlord shall (i) comply with the requirements of applicable building and housing codes materially affecting health and safety; (ii) make all repairs and do whatever is necessary to put and keep the premises in a fit and habitable condition; and (iii) keep all common areas shared by two or more dwelling units of the premises in a clean and structurally safe condition.</p>",
    r#"55.1,Property and Conveyances,IV,Landlord and Tenant,,,12,Virginia Residential Landlord and Tenant Act,2,Landlord Obligations,,,55.1-1226,Security deposits,"<p>A. A landlord may not demand or receive a security deposit, however denominated, in an amount or value in excess of two months' periodic rent.</p><p>B. Upon termination of the tenancy, the landlord may apply toward the payment of accrued rent, damages or other charges as provided in the rental agreement any security deposit. Within 45 days after the termination of the tenancy or the date the tenant vacates the dwelling unit, whichever occurs last, the landlord shall return the security deposit to the tenant, together with an itemized list of any deductions, by mailing it to the tenant's last known or forwarding address.</p>""#,
    r#"55.1,Property and Conveyances,IV,Landlord and Tenant,,,12,Virginia Residential Landlord and Tenant Act,5,Landlord Remedies,,,55.1-1243,"Remedies for absence, nonuse and abandonment","<p>If the rental agreement requires the tenant to give notice to the landlord of an anticipated extended absence and the tenant willfully fails to do so, the landlord may recover actual damages from the tenant. If the tenant abandons the dwelling unit, the landlord may enter the dwelling unit as provided in &sect;&nbsp;55.1-1229.</p>""#,
    r#"55.1,Property and Conveyances,IV,Landlord and Tenant,,,12,Virginia Residential Landlord and Tenant Act,5,Landlord Remedies,,,55.1-1245,Noncompliance with rental agreement; monetary penalty,"<p>A. Except as otherwise provided in this chapter, if there is a material noncompliance by the tenant with the rental agreement or a violation of &sect;&nbsp;<a href=""/vacode/55.1-1227/"">55.1-1227</a> materially affecting health and safety, the landlord may serve a written notice on the tenant specifying the acts and omissions constituting the breach and stating that the rental agreement will terminate upon a date not less than 30 days after receipt of the notice if the breach is not remedied in 21 days and that the rental agreement shall terminate as provided in the notice.</p><p>F. If rent is unpaid when due and the tenant fails to pay rent within five days after written notice is served on him notifying the tenant of his nonpayment, and of the landlord's intention to terminate the rental agreement if the rent is not paid within the five-day period, the landlord may terminate the rental agreement and proceed to obtain possession of the premises as provided in &sect;&nbsp;55.1-1251.</p>""#,
];

/// Title 40.1, Labor and Employment: definitions and wage payment.
const TITLE_40_1: &[&str] = &[
    HEADER,
    r#"40.1,Labor and Employment,,,,,1,General Provisions,,,,,40.1-2,Definitions,"<p>As used in this title, unless the context requires a different meaning:</p><p>""Commissioner"" means the Commissioner of Labor and Industry.</p><p>""Employer"" means an individual, partnership, association, corporation, legal representative, receiver, trustee, or trustee in bankruptcy doing business in or operating within this Commonwealth who employs another to work for wages, salaries, or on commission.</p>""#,
    r#"40.1,Labor and Employment,,,,,3,Protection of Employees,1,General Provisions,,,40.1-28.7:1,Use of social security numbers as employee identification numbers prohibited,"<p>No employer shall use an employee's social security number or any derivative thereof as an employee identification number, nor shall an employer include an employee's social security number or any derivative thereof on any identification card or badge.</p>""#,
    r#"40.1,Labor and Employment,,,,,3,Protection of Employees,1,General Provisions,,,40.1-29,Time and medium of payment; withholding wages; penalties,"<p>A. 1. All employers operating a business shall establish regular pay periods and rates of pay for employees except executive personnel. All such employers shall pay salaried employees at least once each month and employees paid on an hourly rate at least once every two weeks or twice in each month.</p><p>2. Upon termination of employment an employee shall be paid all wages or salaries due him for work performed prior thereto; such payment shall be made on or before the date on which he would have been paid for such work had his employment not been terminated.</p><p>C. No employer shall withhold for any purpose any part of the wages or salaries of any employee except for payroll, wage or withholding taxes or in accordance with law, without the written and signed authorization of the employee. An employee may bring an action to recover wages owed, and the court shall award the wages owed, an additional equal amount as liquidated damages &amp; reasonable attorney fees and costs.</p>""#,
];

/// Article I of the Constitution, the Bill of Rights.
const CONSTITUTION: &[&str] = &[
    HEADER,
    r#",Constitution of Virginia,,,,,,,I,Bill of Rights,,,1,Equality and rights of men,"<p>That all men are by nature equally free and independent and have certain inherent rights, of which, when they enter into a state of society, they cannot, by any compact, deprive or divest their posterity; namely, the enjoyment of life and liberty, with the means of acquiring and possessing property, and pursuing and obtaining happiness and safety.</p>""#,
    r#",Constitution of Virginia,,,,,,,I,Bill of Rights,,,8,Criminal prosecutions,"<p>That in criminal prosecutions a man hath a right to demand the cause and nature of his accusation, to be confronted with the accusers and witnesses, and to call for evidence in his favor, and he shall enjoy the right to a speedy and public trial, by an impartial jury of his vicinage. He shall not be deprived of life or liberty, except by the law of the land or the judgment of his peers, nor be compelled in any criminal proceeding to give evidence against himself.</p>""#,
    r#",Constitution of Virginia,,,,,,,I,Bill of Rights,,,12,"Freedom of speech and of the press; right peaceably to assemble, and to petition","<p>That the freedoms of speech and of the press are among the great bulwarks of liberty, and can never be restrained except by despotic governments; that any citizen may freely speak, write, and publish his sentiments on all subjects, being responsible for the abuse of that right; that the General Assembly shall not pass any law abridging the freedom of speech or of the press, nor the right of the people peaceably to assemble, and to petition the government for the redress of grievances.</p>""#,
];

/// Popular names and the sections they name.
const POPULAR_NAMES: &[&str] = &[
    "PopularName,Sections",
    "Custody and Visitation Act,20-124.1 through 20-124.6",
    "Virginia Residential Landlord and Tenant Act,55.1-1200 through 55.1-1262",
    "Wage Payment Act,40.1-29",
];

/// Authorities created by the Code, with where and what they are.
const AUTHORITIES: &[&str] = &[
    "Name,Section,Description",
    r#"Virginia Housing Development Authority,36-55.24,"A political subdivision created to finance housing for persons and families of low and moderate income, with power to make mortgage loans, issue bonds and notes, and set income limits.""#,
    r#"Virginia Port Authority,62.1-128,"The authority charged with the ports of the Commonwealth: it may acquire, construct, maintain, and operate marine terminals, port facilities, and related works.""#,
    r#"Virginia Resources Authority,62.1-199,"An authority that finances water, wastewater, solid waste, and other local infrastructure projects through loans, leases, and revenue bonds.""#,
];
