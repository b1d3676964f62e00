//! Building a paper from the case record and the person's fields (`POST /api/papers`), and what
//! the window proposes for those fields before anything is built (`GET /api/papers/proposed`).

use std::collections::BTreeMap;

use chrono::NaiveDate;
use proseva_drafts::{BLANK, Caption, CaptionParty, Certificate, DraftKind, Letter, Paper, PaperLayout, Signature};
use rusqlite::Connection;
use serde::Serialize;
use serde_json::{Map, Value};

use super::court::court_lines;
use super::fill::{Filled, fill};
use super::{CertificateNeed, PaperKind, draft_sources, kind};
use crate::drafting::{self, DraftView, NewDraft, Revision};
use crate::fields::Fields;
use crate::lang::Lang;
use crate::store::cases::{Case, Cases};
use crate::store::contacts::Contacts;
use crate::store::deadlines::Deadlines;
use crate::store::{ListFilter, Table, drafts};
use crate::{ApiError, AppState};

/// Fields every paper takes besides its own.
pub const COMMON_FIELDS: [&str; 13] = [
    "name",
    "address",
    "phone",
    "email",
    "date",
    "side",
    "certificate",
    "serviceMethod",
    "serviceDate",
    "servedOn",
    "paragraphs",
    "opening",
    "closing",
];

/// How a copy was sent, as the certificate says it.
pub const SERVICE_METHODS: [&str; 3] = ["hand", "mail", "email"];

/// The side a person is on when the case kind does not say (custody, an appeal, no kind).
pub const SIDES: [&str; 4] = ["plaintiff", "defendant", "petitioner", "respondent"];

const MAX_TEXT: usize = 6_000;
const MAX_LINES_TEXT: usize = 600;

/// A paper built and saved: the draft, and what was left blank or is worth a look.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Built {
    pub draft: DraftView,
    pub paper: Paper,
    /// Plain sentences: a blank left to fill by hand, a date that has passed.
    pub warnings: Vec<String>,
    /// When and how to file it.
    pub when: &'static str,
}

/// Builds paper `paper_id` for case `case_id` from the case record and `fields` (an object), and
/// saves it: a new `paper` draft, or a new version of `draft_id`. Blocking.
pub fn build(
    state: &AppState,
    paper_id: &str,
    case_id: i64,
    fields: &Value,
    draft_id: Option<i64>,
    created_by: &str,
) -> Result<Built, ApiError> {
    build_in(state, Request { paper_id, case_id, fields, draft_id, created_by }, Lang::En)
}

/// What [`build_in`] builds.
pub struct Request<'a> {
    pub paper_id: &'a str,
    pub case_id: i64,
    pub fields: &'a Value,
    pub draft_id: Option<i64>,
    pub created_by: &'a str,
}

/// [`build`], its warnings and when to file it said in `lang`. The paper is English whatever the
/// language: it is what the court takes.
pub fn build_in(state: &AppState, request: Request<'_>, lang: Lang) -> Result<Built, ApiError> {
    let Request { paper_id, case_id, fields, draft_id, created_by } = request;
    let kind = kind(paper_id).ok_or_else(|| {
        let known: Vec<&str> = super::catalogue().kinds.iter().map(|k| k.id.as_str()).collect();
        ApiError::field("paper", format!("unknown paper {paper_id:?}; the papers are: {}", known.join(", ")))
    })?;
    let (paper, warnings, title) = state.store.read(|c| compose_in(c, kind, case_id, fields, lang))?;
    let content = paper.to_content();
    let sources = draft_sources(kind);
    let draft = match draft_id {
        None => drafting::create(state, NewDraft { case_id: Some(case_id), title, kind: DraftKind::Paper, content, sources }, created_by)?,
        Some(id) => drafting::revise(
            state,
            id,
            Revision { content, sources: Some(sources), title: Some(title), kind: Some(DraftKind::Paper), case_id: Some(case_id) },
            created_by,
        )?,
    };
    let when = super::kind_in(paper_id, lang).map_or(kind.when.as_str(), |k| k.when.as_str());
    Ok(Built { draft, paper, warnings, when })
}

/// The paper, its warnings and its title, from the case and the fields; nothing is saved.
pub fn compose(c: &Connection, kind: &PaperKind, case_id: i64, fields: &Value) -> Result<(Paper, Vec<String>, String), ApiError> {
    compose_in(c, kind, case_id, fields, Lang::En)
}

/// [`compose`], the warnings said in `lang` (the paper is English).
pub fn compose_in(
    c: &Connection,
    kind: &PaperKind,
    case_id: i64,
    fields: &Value,
    lang: Lang,
) -> Result<(Paper, Vec<String>, String), ApiError> {
    let es = lang == Lang::Es;
    let case = Cases::get(c, case_id)?.ok_or_else(|| ApiError::field("caseId", format!("there is no case with id {case_id}")))?;
    if let Some(case_kind) = &case.kind
        && !kind.case_kinds.contains(case_kind)
    {
        return Err(ApiError::field(
            "paper",
            format!(
                "{} is not offered for a case of kind {case_kind}; GET /api/papers/kinds?caseKind={case_kind} lists the ones that are",
                kind.title
            ),
        ));
    }
    let input = read_fields(kind, &case, fields)?;
    let mut warnings = Vec::new();
    let contacts = Contacts::list(c, &ListFilter::for_case(Some(case_id)))?.items;
    let sides = Sides::of(&case, kind, input.side.as_deref());
    let (court, court_found) = court_lines(case.court.as_deref());
    if !court_found {
        warnings.push(match (&case.court, es) {
            (Some(court), false) => format!(
                "The court's city or county could not be read from \"{court}\": the heading leaves a line for it. Write the court in the case as the summons does (\"General District Court of the City of Richmond\")."
            ),
            (Some(court), true) => format!(
                "No se pudo leer la ciudad o el condado del tribunal en \"{court}\": el encabezado deja una línea para escribirlo. Escriba el tribunal en el caso como lo dice el citatorio (\"General District Court of the City of Richmond\")."
            ),
            (None, false) => "The case does not name its court: the heading leaves lines to fill. Add the court to the case as the summons writes it.".into(),
            (None, true) => "El caso no dice cuál es su tribunal: el encabezado deja líneas para llenar. Agregue el tribunal al caso como lo escribe el citatorio.".into(),
        });
    }
    let others: Vec<String> = case.parties.iter().filter(|p| p.role.as_deref() == Some("other-party")).map(|p| p.name.clone()).collect();
    if others.is_empty() && !sides.commonwealth {
        warnings.push(if es {
            "El caso no nombra a la otra parte: el encabezado del caso deja una línea para su nombre. Agréguela a las partes del caso."
                .into()
        } else {
            "The case names no other party: the caption leaves a line for their name. Add them to the case's parties.".into()
        });
    }
    let other_parties: Vec<CaptionParty> = if others.is_empty() {
        vec![CaptionParty { name: BLANK.into(), role: sides.their_role.into() }]
    } else {
        others.iter().map(|n| CaptionParty { name: n.clone(), role: sides.their_role.into() }).collect()
    };
    let me = vec![CaptionParty { name: input.name.clone(), role: sides.my_role.into() }];
    let (first, second) = if sides.commonwealth {
        (vec![CaptionParty { name: "Commonwealth of Virginia".into(), role: String::new() }], me)
    } else if sides.me_first {
        (me, other_parties)
    } else {
        (other_parties, me)
    };
    let number = case.case_number.clone().unwrap_or_default();
    if number.trim().is_empty() {
        warnings.push(if es {
            "El caso todavía no tiene número de caso: el encabezado deja una línea para escribirlo (está en el citatorio o en los papeles del tribunal).".into()
        } else {
            "The case has no case number yet: the caption leaves a line to write it in (it is on the summons or the court's papers).".into()
        });
    }
    let case_name = format!(
        "{} v. {}",
        first.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", "),
        second.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", ")
    );
    let mut values = input.values.clone();
    values.insert("name".into(), input.name.clone());
    values.insert("Role".into(), sides.my_role.into());
    values.insert("caseName".into(), case_name.clone());
    values.insert(
        "caseNumberText".into(),
        if number.trim().is_empty() { "case number not yet known".into() } else { format!("Case No. {}", number.trim()) },
    );
    let Filled { opening, paragraphs, closing } = fill(kind, &values, &input.flags);
    let opening = input.opening.clone().unwrap_or(opening);
    let closing = input.closing.clone().unwrap_or(closing);
    let paragraphs = input.paragraphs.clone().unwrap_or(paragraphs);
    let signature = Signature {
        name: input.name.clone(),
        capacity: format!("{}, without a lawyer", sides.my_role),
        address: input.address.clone(),
        phone: input.phone.clone().unwrap_or_default(),
        email: input.email.clone().unwrap_or_default(),
        date: input.date.map(long_date).unwrap_or_default(),
    };
    let wants_certificate = match kind.certificate {
        CertificateNeed::Required => true,
        CertificateNeed::Offered => input.certificate.unwrap_or(true),
        CertificateNeed::None => false,
    };
    if kind.certificate == CertificateNeed::Required && input.certificate == Some(false) {
        warnings.push(if es {
            "Este papel necesita un certificado de notificación (la otra parte debe recibir una copia), así que se queda.".into()
        } else {
            "This paper needs a certificate of service (the other side must get a copy), so it stays in.".into()
        });
    }
    let certificate = wants_certificate.then(|| {
        let served = match (&input.served_on, &kind.certificate_to) {
            (Some(lines), _) => lines.clone(),
            (None, Some(to)) => vec![to.clone(), BLANK.to_string()],
            (None, None) => served_from(&others, &contacts),
        };
        Certificate { statement: certificate_statement(kind, &input), served }
    });
    if let Some(c) = &certificate
        && c.served.iter().any(|l| l.contains(BLANK))
    {
        warnings.push(if es {
            "El certificado de notificación deja una línea para una dirección que no conoce: escríbala a mano, o agregue la dirección de la otra parte a su contacto.".into()
        } else {
            "The certificate of service leaves a line for an address it does not know: write it in, or add the other side's address to their contact.".into()
        });
    }
    if let Some(deadline) = &kind.deadline
        && let Some(from) = input.dates.get(&deadline.from)
    {
        let last = *from + chrono::Duration::days(deadline.days);
        let today = chrono::Local::now().date_naive();
        if today > last {
            warnings.push(match super::kind_in(&kind.id, Lang::Es).and_then(|k| k.deadline.as_ref()).filter(|_| es) {
                Some(plazo) => format!(
                    "Puede que ya haya pasado el plazo para este papel: según el § {}, {} — eso fue el {} (contando desde el {}). Pregunte al secretario del tribunal o a un abogado antes de presentarlo.",
                    plazo.section,
                    plazo.about,
                    Lang::Es.date(last),
                    Lang::Es.date(*from)
                ),
                None => format!(
                    "The time for this paper may have run out: under § {} {} — that was {} (counted from {}). Ask the clerk or a lawyer before filing.",
                    deadline.section,
                    deadline.about,
                    long_date(last),
                    long_date(*from)
                ),
            });
        }
    }
    let (court, caption, letter) = match kind.layout {
        PaperLayout::Pleading => {
            (court, Some(Caption { first, second, number_label: "Case No.".into(), number: number.trim().to_string() }), None)
        }
        PaperLayout::Letter => {
            let clerk = match case.court.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
                Some(court) => vec!["Clerk's Office".into(), court.to_string()],
                None => vec!["Clerk's Office".into(), BLANK.into()],
            };
            let date = input.date.map(long_date).unwrap_or_default();
            (Vec::new(), None, Some(Letter { date, to: clerk, salutation: "Dear Clerk:".into(), sign_off: "Sincerely,".into() }))
        }
    };
    let heading = match kind.layout {
        PaperLayout::Pleading => kind.heading.clone(),
        PaperLayout::Letter => format!("{} — {case_name}, {}", kind.heading, values["caseNumberText"]),
    };
    let paper = Paper {
        paper: kind.id.clone(),
        layout: kind.layout,
        court,
        caption,
        heading,
        opening,
        paragraphs,
        closing,
        signature,
        certificate,
        letter,
    };
    let paper = proseva_drafts::check_paper(&paper.to_content()).map_err(|e| ApiError::field("fields", e.to_string()))?;
    let title: String = format!("{} — {}", kind.title, case.name).chars().take(proseva_drafts::MAX_TITLE_CHARS).collect();
    Ok((paper, warnings, title))
}

/// The person's role and the other side's, as the case kind says (`("Defendant", "Plaintiff")`
/// for a tenant); the Commonwealth is the other side in a traffic or misdemeanor case.
pub fn roles(case: &Case) -> (&'static str, &'static str) {
    let sides = Sides::of_case(case, None);
    (sides.my_role, if sides.commonwealth { "Commonwealth" } else { sides.their_role })
}

/// Which side the person is on, and how the caption names each side.
struct Sides {
    me_first: bool,
    commonwealth: bool,
    my_role: &'static str,
    their_role: &'static str,
}

impl Sides {
    fn of(case: &Case, kind: &PaperKind, side: Option<&str>) -> Sides {
        if matches!(kind.id.as_str(), "reopen-conviction" | "withdraw-criminal-appeal") {
            return Sides { me_first: false, commonwealth: true, my_role: "Defendant", their_role: "" };
        }
        Sides::of_case(case, side)
    }

    fn of_case(case: &Case, side: Option<&str>) -> Sides {
        if case.kind.as_deref() == Some("traffic-misdemeanor") {
            return Sides { me_first: false, commonwealth: true, my_role: "Defendant", their_role: "" };
        }
        let side = side.or(match case.kind.as_deref() {
            Some("eviction-tenant" | "debt-defendant") => Some("defendant"),
            Some("debt-plaintiff") => Some("plaintiff"),
            Some("protective-order-petitioner") => Some("petitioner"),
            Some("protective-order-respondent") => Some("respondent"),
            Some("custody-visitation") => Some("petitioner"),
            _ => Some("defendant"),
        });
        match side {
            Some("plaintiff") => Sides { me_first: true, commonwealth: false, my_role: "Plaintiff", their_role: "Defendant" },
            Some("petitioner") => Sides { me_first: true, commonwealth: false, my_role: "Petitioner", their_role: "Respondent" },
            Some("respondent") => Sides { me_first: false, commonwealth: false, my_role: "Respondent", their_role: "Petitioner" },
            _ => Sides { me_first: false, commonwealth: false, my_role: "Defendant", their_role: "Plaintiff" },
        }
    }
}

/// The fields as read: the person's own, the paper's values (dates written out), and its flags.
struct Input {
    name: String,
    address: Vec<String>,
    phone: Option<String>,
    email: Option<String>,
    date: Option<NaiveDate>,
    side: Option<String>,
    certificate: Option<bool>,
    service_method: Option<String>,
    service_date: Option<NaiveDate>,
    served_on: Option<Vec<String>>,
    paragraphs: Option<Vec<String>>,
    opening: Option<String>,
    closing: Option<String>,
    values: BTreeMap<String, String>,
    dates: BTreeMap<String, NaiveDate>,
    flags: BTreeMap<String, bool>,
}

fn read_fields(kind: &PaperKind, case: &Case, fields: &Value) -> Result<Input, ApiError> {
    let empty = Value::Object(Map::new());
    let fields = if fields.is_null() { &empty } else { fields };
    let mut allowed: Vec<&str> = COMMON_FIELDS.to_vec();
    allowed.extend(kind.fields.iter().map(|f| f.name.as_str()));
    let mut f = Fields::new(fields, &allowed, "field").map_err(prefixed)?;
    let name = f.text("name", 200).map(|n| crate::drafting::one_line(&n)).filter(|n| !n.is_empty()).or_else(|| {
        case.parties.iter().find(|p| p.role.as_deref() == Some("me")).map(|p| p.name.trim().to_string()).filter(|n| !n.is_empty())
    });
    if name.is_none() {
        f.error("name", "is required: your name as you will sign the paper (or add yourself to the case's parties with the role \"Me\")");
    }
    let address = lines(f.text("address", MAX_LINES_TEXT));
    if address.is_empty() {
        f.error(
            "address",
            "is required: a party without a lawyer must state their address on every paper they file (Code of Virginia § 8.01-271.1)",
        );
    }
    let phone = f.text("phone", 40).map(|p| crate::drafting::one_line(&p)).filter(|p| !p.is_empty());
    let email = f.text("email", 200).map(|e| crate::drafting::one_line(&e)).filter(|e| !e.is_empty());
    if let Some(email) = &email
        && !email.contains('@')
    {
        f.error("email", "must be an e-mail address (name@example.org), or left out");
    }
    let date = f.date("date");
    let side = f.one_of("side", &SIDES);
    let certificate = f.bool("certificate");
    let service_method = f.one_of("serviceMethod", &SERVICE_METHODS);
    let service_date = f.date("serviceDate");
    let served_on = f.text("servedOn", MAX_LINES_TEXT).map(|t| lines(Some(t))).filter(|l| !l.is_empty());
    let paragraphs = match f.raw("paragraphs") {
        None | Some(Value::Null) => None,
        Some(Value::Array(items))
            if items.len() <= 100 && items.iter().all(|i| i.as_str().is_some_and(|s| s.chars().count() <= MAX_TEXT)) =>
        {
            Some(items.iter().filter_map(|i| i.as_str()).map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect())
        }
        Some(_) => {
            f.error("paragraphs", format!("must be a list of at most 100 paragraphs of text, each at most {MAX_TEXT} characters"));
            None
        }
    };
    let opening = f.text("opening", MAX_TEXT);
    let closing = f.text("closing", MAX_TEXT);
    let mut values = BTreeMap::new();
    let mut dates = BTreeMap::new();
    let mut flags = BTreeMap::new();
    for spec in &kind.fields {
        let name = spec.name.as_str();
        match spec.kind.as_str() {
            "date" => match f.date(name) {
                Some(d) => {
                    values.insert(name.to_string(), long_date(d));
                    dates.insert(name.to_string(), d);
                }
                None if spec.required && !f.has(name) => f.error(name, format!("is required: {}", spec.label.to_lowercase())),
                None => {}
            },
            "checkbox" => {
                flags.insert(name.to_string(), f.bool(name).unwrap_or(false));
            }
            "choice" => {
                let options: Vec<&str> = spec.options.iter().map(|o| o.value.as_str()).collect();
                match f.one_of(name, &options) {
                    Some(v) => {
                        values.insert(name.to_string(), v);
                    }
                    None if spec.required && !f.has(name) => f.error(name, format!("is required: one of {}", options.join(", "))),
                    None => {}
                }
            }
            _ => match f.text(name, MAX_TEXT).map(|t| t.trim().to_string()).filter(|t| !t.is_empty()) {
                Some(v) => {
                    values.insert(name.to_string(), v);
                }
                None if spec.required => f.error(name, format!("is required: {}", spec.label.to_lowercase())),
                None => {}
            },
        }
    }
    f.finish().map_err(prefixed)?;
    Ok(Input {
        name: name.unwrap_or_default(),
        address,
        phone,
        email,
        date,
        side,
        certificate,
        service_method,
        service_date,
        served_on,
        paragraphs,
        opening,
        closing,
        values,
        dates,
        flags,
    })
}

/// A field error names `fields.<name>`, as the body nests them.
fn prefixed(error: ApiError) -> ApiError {
    match error {
        ApiError::Validation { message, fields } => {
            let fields = fields.into_iter().map(|(k, v)| (format!("fields.{k}"), v)).collect();
            ApiError::Validation { message, fields }
        }
        other => other,
    }
}

fn lines(text: Option<String>) -> Vec<String> {
    text.unwrap_or_default().lines().map(crate::drafting::one_line).filter(|l| !l.is_empty()).take(12).collect()
}

/// `December 3, 2026`.
pub fn long_date(date: NaiveDate) -> String {
    date.format("%B %-d, %Y").to_string()
}

fn certificate_statement(kind: &PaperKind, input: &Input) -> String {
    let noun = if kind.layout == PaperLayout::Letter { "letter".to_string() } else { kind.heading.to_lowercase() };
    let when = input.service_date.map(long_date).unwrap_or_else(|| BLANK.to_string());
    let (verb, how) = match input.service_method.as_deref() {
        Some("hand") => ("delivered", "by hand".to_string()),
        Some("mail") => ("mailed", "by first-class mail".to_string()),
        Some("email") => ("sent", "by e-mail".to_string()),
        _ => ("sent", format!("by {BLANK} (hand delivery or first-class mail)")),
    };
    format!("I certify that on {when} I {verb} a copy of this {noun} {how} to:")
}

/// Each other party's name, and on the next line the address of the contact of the same name (or
/// a blank). On lines of their own, so a name in a right-to-left script cannot carry the address's
/// numbers into its run.
fn served_from(others: &[String], contacts: &[crate::store::contacts::Contact]) -> Vec<String> {
    if others.is_empty() {
        return vec![BLANK.to_string(), BLANK.to_string()];
    }
    let mut lines = Vec::new();
    for name in others {
        let address = contacts
            .iter()
            .find(|c| c.name.trim().eq_ignore_ascii_case(name.trim()))
            .and_then(|c| c.address.as_deref())
            .map(crate::drafting::one_line)
            .filter(|a| !a.is_empty());
        lines.push(name.clone());
        lines.push(address.unwrap_or_else(|| BLANK.to_string()));
    }
    lines
}

/// What the window fills in before the person types: their name (the party "Me"), their
/// address, telephone and e-mail (the last paper of the case), and the paper's dates from the
/// case (its next hearing, its path's dates). `from` says where each came from.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Proposed {
    pub fields: BTreeMap<String, Value>,
    pub from: BTreeMap<String, String>,
}

pub fn proposed(c: &Connection, kind: &PaperKind, case_id: i64) -> Result<Proposed, ApiError> {
    proposed_in(c, kind, case_id, Lang::En)
}

/// [`proposed`], where each value came from said in `lang`.
pub fn proposed_in(c: &Connection, kind: &PaperKind, case_id: i64, lang: Lang) -> Result<Proposed, ApiError> {
    let case = Cases::get(c, case_id)?.ok_or_else(|| ApiError::field("caseId", format!("there is no case with id {case_id}")))?;
    let mut fields = BTreeMap::new();
    let mut from = BTreeMap::new();
    let mut put = |name: &str, value: Value, why: String| {
        fields.insert(name.to_string(), value);
        from.insert(name.to_string(), why);
    };
    if let Some(me) = case.parties.iter().find(|p| p.role.as_deref() == Some("me")) {
        let why = match lang {
            Lang::En => "the case's parties (Me)",
            Lang::Es => "las partes del caso (usted)",
        };
        put("name", Value::String(me.name.clone()), why.into());
    }
    if let Some((s, title)) = last_signature(c, case_id)? {
        let why = match lang {
            Lang::En => format!("your last paper ({title})"),
            Lang::Es => format!("su último escrito ({title})"),
        };
        if !s.address.is_empty() {
            put("address", Value::String(s.address.join("\n")), why.clone());
        }
        if !s.phone.is_empty() {
            put("phone", Value::String(s.phone), why.clone());
        }
        if !s.email.is_empty() {
            put("email", Value::String(s.email), why);
        }
    }
    let today = chrono::Local::now().date_naive();
    for spec in kind.fields.iter().filter(|f| f.kind == "date") {
        let found = match spec.name.as_str() {
            "hearingDate" => {
                next_hearing(c, case_id, today, lang)?.or_else(|| path_date(&case, &["returnDate", "hearingDate", "trialDate"], lang))
            }
            "judgmentDate" | "convictionDate" => path_date(&case, &["judgmentDate", "convictionDate"], lang),
            "orderDate" => path_date(&case, &["orderDate", "hearingDate"], lang),
            _ => None,
        };
        if let Some((date, why)) = found {
            put(&spec.name, Value::String(date), why);
        }
    }
    Ok(Proposed { fields, from })
}

/// The signature block of the case's most recent paper, and that paper's title.
pub fn last_signature(c: &Connection, case_id: i64) -> Result<Option<(Signature, String)>, ApiError> {
    let papers = drafts::list(c, &ListFilter::for_case(Some(case_id)))?.items;
    if let Some(last) = papers.iter().find(|d| d.kind == "paper")
        && let Some(stored) = drafts::get(c, last.id, None)?
        && let Ok(paper) = Paper::from_content(&stored.content)
    {
        return Ok(Some((paper.signature, stored.title)));
    }
    Ok(None)
}

/// The case's next hearing not yet past (`YYYY-MM-DD`), and where it came from.
pub fn hearing_of(c: &Connection, case: &Case) -> Result<Option<(String, String)>, ApiError> {
    hearing_of_in(c, case, Lang::En)
}

/// [`hearing_of`], where the date came from said in `lang`.
pub fn hearing_of_in(c: &Connection, case: &Case, lang: Lang) -> Result<Option<(String, String)>, ApiError> {
    Ok(next_hearing(c, case.id, chrono::Local::now().date_naive(), lang)?
        .or_else(|| path_date(case, &["returnDate", "hearingDate", "trialDate"], lang)))
}

fn path_date(case: &Case, keys: &[&str], lang: Lang) -> Option<(String, String)> {
    let why = match lang {
        Lang::En => "the dates on the case's step-by-step path",
        Lang::Es => "las fechas del paso a paso del caso",
    };
    keys.iter().find_map(|k| case.path_dates.get(*k).map(|d| (d.clone(), why.to_string())))
}

fn next_hearing(c: &Connection, case_id: i64, today: NaiveDate, lang: Lang) -> Result<Option<(String, String)>, ApiError> {
    let filter = ListFilter::for_case(Some(case_id));
    let deadlines = Deadlines::list(c, &filter)?.items;
    let today = today.format("%Y-%m-%d").to_string();
    Ok(deadlines.into_iter().filter(|d| d.kind == "hearing" && !d.done && d.date >= today).min_by(|a, b| a.date.cmp(&b.date)).map(|d| {
        let why = match lang {
            Lang::En => format!("the case's next hearing ({})", d.title),
            Lang::Es => format!("la próxima audiencia del caso ({})", d.title),
        };
        (d.date.clone(), why)
    }))
}
