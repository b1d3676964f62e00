//! "Fill a form I downloaded": an official fillable PDF (a court form the person saved from the
//! courts' site) read, its fields proposed from the case, and a filled copy written to the
//! exports folder. The PDF work is [`proseva_forms`]'s; this module keeps the forms open in
//! memory (never on disk: only the filled copy the person asked for is written), proposes values
//! and writes the copy.
//!
//! - [`open`] reads the form's fields, keeps its bytes under a new `formId` (at most
//!   [`MAX_OPEN`] forms, each for [`KEEP`]), and proposes a value for each field it can match to
//!   the case: the parties on each side, the person's own address, telephone and e-mail (their
//!   last paper), the case number, the court and its city or county, the next hearing, the amount.
//!   A proposal never goes past a field's maximum length; check boxes are proposed only where a
//!   box names the case's kind of court. Where each value came from (`proposedFrom`) is said in
//!   the request's language ([`open_in`]).
//! - [`fill`] checks every value against its field (a value that does not fit is a 400 naming
//!   `values.<field>`) and writes `<form name>-filled.pdf` (numbered when taken) to the exports
//!   folder, still fillable.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use proseva_forms::{Field, FieldKind, FormError, fill_form, read_form};
use rusqlite::Connection;
use serde::Serialize;
use serde_json::Value;

use crate::lang::Lang;
use crate::papers::build::{hearing_of_in, last_signature, roles};
use crate::papers::court_lines;
use crate::store::ListFilter;
use crate::store::Table;
use crate::store::cases::{Case, Cases};
use crate::store::contacts::{Contact, Contacts};
use crate::{ApiError, AppState};

/// Forms kept open at once (the oldest is forgotten first).
pub const MAX_OPEN: usize = 8;
/// How long an open form is kept.
pub const KEEP: Duration = Duration::from_secs(2 * 60 * 60);

struct OpenForm {
    id: String,
    file_name: String,
    bytes: Vec<u8>,
    opened: Instant,
}

static OPEN: Mutex<Vec<OpenForm>> = Mutex::new(Vec::new());

/// A field as the window shows it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldView {
    pub name: String,
    pub label: String,
    #[serde(rename = "type")]
    pub kind: FieldKind,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_length: Option<usize>,
    pub multiline: bool,
    pub read_only: bool,
    pub required: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proposed: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proposed_from: Option<String>,
}

/// `POST /api/forms/fields`'s answer.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Opened {
    pub form_id: String,
    pub file_name: String,
    pub pages: usize,
    pub fields: Vec<FieldView>,
}

/// A file written to the exports folder.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Written {
    pub path: String,
    pub file_name: String,
}

/// A refused form: the crate's plain message, under `file`.
fn refused(error: FormError) -> ApiError {
    match error {
        FormError::Value { field, why } => ApiError::field(&format!("values.{field}"), why),
        FormError::UnknownField(field) => ApiError::field(&format!("values.{field}"), "this form has no field of that name"),
        other => ApiError::field("file", other.to_string()),
    }
}

/// Reads the form, keeps it open and proposes values from case `case_id` (when given). Blocking.
/// Where each value came from is said in English; see [`open_in`].
pub fn open(state: &AppState, case_id: Option<i64>, file_name: &str, bytes: Vec<u8>) -> Result<Opened, ApiError> {
    open_in(state, case_id, file_name, bytes, Lang::En)
}

/// [`open`], where each proposed value came from said in `lang`.
pub fn open_in(state: &AppState, case_id: Option<i64>, file_name: &str, bytes: Vec<u8>, lang: Lang) -> Result<Opened, ApiError> {
    let form = read_form(&bytes).map_err(refused)?;
    let proposals = match case_id {
        Some(id) => state.store.read(|c| Proposer::new(c, id, lang))?,
        None => Proposer::default(),
    };
    let fields = form.fields.into_iter().map(|f| proposals.view(f)).collect();
    let id = new_id();
    let file_name = clean_name(file_name);
    let mut open = OPEN.lock().unwrap_or_else(|e| e.into_inner());
    open.retain(|f| f.opened.elapsed() < KEEP);
    if open.len() >= MAX_OPEN {
        open.remove(0);
    }
    open.push(OpenForm { id: id.clone(), file_name: file_name.clone(), bytes, opened: Instant::now() });
    Ok(Opened { form_id: id, file_name, pages: form.pages, fields })
}

/// Fills open form `form_id` with `values` and writes the copy to the exports folder. Blocking.
pub fn fill(state: &AppState, form_id: &str, values: &BTreeMap<String, Value>) -> Result<Written, ApiError> {
    let (file_name, bytes) = {
        let open = OPEN.lock().unwrap_or_else(|e| e.into_inner());
        let form = open.iter().find(|f| f.id == form_id && f.opened.elapsed() < KEEP).ok_or_else(|| {
            ApiError::NotFound(format!(
                "form {form_id} is not open (forms are kept for two hours, and not after a restart): pick the file again"
            ))
        })?;
        (form.file_name.clone(), form.bytes.clone())
    };
    let filled = fill_form(&bytes, values).map_err(refused)?;
    let dir = state.config.exports_dir();
    std::fs::create_dir_all(&dir).map_err(ApiError::io("creating the exports folder", &dir))?;
    let stem = file_name.trim_end_matches(".pdf").trim_end_matches(".PDF");
    let path = free_path(&dir, &format!("{stem}-filled"), "pdf");
    let tmp = path.with_extension("pdf.partial");
    std::fs::write(&tmp, &filled).map_err(ApiError::io("writing the filled form", &tmp))?;
    std::fs::rename(&tmp, &path).map_err(ApiError::io("saving the filled form", &path))?;
    let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    Ok(Written { path: path.to_string_lossy().into_owned(), file_name })
}

/// Forgets every open form (the case file was locked).
pub fn forget_all() {
    OPEN.lock().unwrap_or_else(|e| e.into_inner()).clear();
}

fn new_id() -> String {
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes).unwrap_or_default();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A file name's stem safe on every system: letters, digits, `-`, `_`, `.`; `form` when none.
fn clean_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = base.chars().map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '-' }).take(80).collect();
    let cleaned = cleaned.trim_matches(['-', '.']).to_string();
    if cleaned.is_empty() { "form.pdf".into() } else { cleaned }
}

/// `dir/stem.ext`, or `dir/stem-2.ext`, `-3`… when taken.
fn free_path(dir: &Path, stem: &str, ext: &str) -> PathBuf {
    let first = dir.join(format!("{stem}.{ext}"));
    if !first.exists() {
        return first;
    }
    (2..10_000).map(|n| dir.join(format!("{stem}-{n}.{ext}"))).find(|p| !p.exists()).unwrap_or(first)
}

/// Values the case can give a form's fields, by what a field is about.
#[derive(Default)]
struct Proposer {
    /// (what, value, where it came from)
    values: Vec<(Topic, String, String)>,
    court_kind: Option<&'static str>,
    /// The language of where each value came from.
    lang: Lang,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Topic {
    MyName,
    TheirName,
    PlaintiffName,
    DefendantName,
    MyAddress,
    TheirAddress,
    MyPhone,
    MyEmail,
    CaseNumber,
    Court,
    Locality,
    HearingDate,
    Amount,
}

impl Proposer {
    fn new(c: &Connection, case_id: i64, lang: Lang) -> Result<Proposer, ApiError> {
        let es = lang == Lang::Es;
        // English, or Spanish when the request is Spanish.
        let say = |en: &str, spanish: &str| if es { spanish.to_string() } else { en.to_string() };
        let case = Cases::get(c, case_id)?.ok_or_else(|| ApiError::field("caseId", format!("there is no case with id {case_id}")))?;
        let contacts = Contacts::list(c, &ListFilter::for_case(Some(case_id)))?.items;
        let mut values = Vec::new();
        let (my_role, their_role) = roles(&case);
        let me = case.parties.iter().find(|p| p.role.as_deref() == Some("me")).map(|p| p.name.trim().to_string());
        let them: Vec<String> =
            case.parties.iter().filter(|p| p.role.as_deref() == Some("other-party")).map(|p| p.name.trim().to_string()).collect();
        let parties = say("the case's parties", "las partes del caso");
        if let Some(me) = &me {
            values.push((Topic::MyName, me.clone(), parties.clone()));
        }
        if let Some(first) = them.first() {
            values.push((Topic::TheirName, them.join(", "), parties.clone()));
            if let Some(address) = address_of(first, &contacts) {
                let why = if es { format!("el contacto {first}") } else { format!("the contact {first}") };
                values.push((Topic::TheirAddress, address, why));
            }
        }
        let mine_or_theirs = |role: &str| {
            if my_role == role {
                me.clone()
            } else if their_role == role {
                Some(them.join(", "))
            } else {
                None
            }
        };
        if let Some(p) = mine_or_theirs("Plaintiff").or_else(|| mine_or_theirs("Petitioner")).filter(|v| !v.is_empty()) {
            values.push((Topic::PlaintiffName, p, parties.clone()));
        }
        if let Some(d) = mine_or_theirs("Defendant").or_else(|| mine_or_theirs("Respondent")).filter(|v| !v.is_empty()) {
            values.push((Topic::DefendantName, d, parties));
        }
        if let Some((signature, title)) = last_signature(c, case_id)? {
            let why = if es { format!("su último escrito ({title})") } else { format!("your last paper ({title})") };
            if !signature.address.is_empty() {
                values.push((Topic::MyAddress, signature.address.join(", "), why.clone()));
            }
            if !signature.phone.is_empty() {
                values.push((Topic::MyPhone, signature.phone, why.clone()));
            }
            if !signature.email.is_empty() {
                values.push((Topic::MyEmail, signature.email, why));
            }
        }
        if let Some(n) = case.case_number.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
            values.push((Topic::CaseNumber, n.to_string(), say("the case record", "el expediente del caso")));
        }
        if let Some(court) = case.court.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
            values.push((Topic::Court, court.to_string(), say("the case record", "el expediente del caso")));
            let (lines, found) = court_lines(Some(court));
            if found && let Some(place) = lines.last().and_then(|l| l.split(" FOR THE ").nth(1)) {
                values.push((Topic::Locality, title_case(place), court_source(lang).to_string()));
            }
        }
        if let Some((date, why)) = hearing_of_in(c, &case, lang)? {
            let shown = chrono::NaiveDate::parse_from_str(&date, "%Y-%m-%d").map(|d| d.format("%m/%d/%Y").to_string()).unwrap_or(date);
            values.push((Topic::HearingDate, shown, why));
        }
        if let Some(amount) = case.amount.filter(|a| a.is_finite() && *a > 0.0) {
            values.push((
                Topic::Amount,
                format!("{amount:.2}"),
                say("the amount in the case record", "la cantidad del expediente del caso"),
            ));
        }
        Ok(Proposer { values, court_kind: court_kind(&case), lang })
    }

    fn view(&self, field: Field) -> FieldView {
        let (proposed, from) = match self.propose(&field) {
            Some((value, from)) => (Some(value), Some(from)),
            None => (None, None),
        };
        FieldView {
            name: field.name,
            label: field.label,
            kind: field.kind,
            options: field.options,
            max_length: field.max_length,
            multiline: field.multiline,
            read_only: field.read_only,
            required: field.required,
            page: field.page,
            value: field.value,
            proposed,
            proposed_from: from,
        }
    }

    fn propose(&self, field: &Field) -> Option<(Value, String)> {
        if field.read_only {
            return None;
        }
        let words = words_of(&format!("{} {}", field.label, field.name));
        match field.kind {
            FieldKind::Text => {
                let topic = topic_of(&words)?;
                let (_, value, from) = self.values.iter().find(|(t, _, _)| *t == topic)?;
                let fits = field.max_length.is_none_or(|max| value.chars().count() <= max);
                (fits && (field.multiline || !value.contains('\n'))).then(|| (Value::String(value.clone()), from.clone()))
            }
            FieldKind::Checkbox => {
                let kind = self.court_kind?;
                let names = court_kinds_named(&words);
                (names.len() == 1).then(|| (Value::Bool(names[0] == kind), court_source(self.lang).to_string()))
            }
            _ => None,
        }
    }
}

/// "the case's court", in `lang`.
fn court_source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "the case's court",
        Lang::Es => "el tribunal del caso",
    }
}

fn address_of(name: &str, contacts: &[Contact]) -> Option<String> {
    contacts
        .iter()
        .find(|c| c.name.trim().eq_ignore_ascii_case(name))
        .and_then(|c| c.address.as_deref())
        .map(|a| a.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|a| !a.is_empty())
}

/// The words of a field's label and name, lower case (`form1.PlaintiffName[0]` → plaintiff, name).
fn words_of(text: &str) -> Vec<String> {
    let mut spaced = String::new();
    let mut previous_lower = false;
    for c in text.chars() {
        if c.is_uppercase() && previous_lower {
            spaced.push(' ');
        }
        previous_lower = c.is_lowercase();
        spaced.push(if c.is_alphanumeric() { c } else { ' ' });
    }
    spaced.split_whitespace().map(|w| w.to_lowercase()).filter(|w| w.parse::<u32>().is_err()).collect()
}

/// What a text field asks for, by its words; `None` when it is not clear.
fn topic_of(words: &[String]) -> Option<Topic> {
    let has = |w: &str| words.iter().any(|x| x == w);
    let any = |ws: &[&str]| ws.iter().any(|w| has(w));
    if any(&["case", "docket"]) && any(&["no", "number", "num"]) {
        return Some(Topic::CaseNumber);
    }
    if any(&["hearing", "return", "trial"]) && any(&["date", "day"]) {
        return Some(Topic::HearingDate);
    }
    if any(&["amount", "principal", "sum"]) {
        return Some(Topic::Amount);
    }
    let contact = if any(&["phone", "telephone", "tel"]) {
        Some("phone")
    } else if any(&["email", "mail"]) && !has("mailing") {
        Some("email")
    } else if any(&["address", "street"]) {
        Some("address")
    } else if has("name") {
        Some("name")
    } else {
        None
    };
    let side = if any(&["plaintiff", "petitioner", "complainant", "landlord", "creditor"]) {
        Some("first")
    } else if any(&["defendant", "respondent", "tenant", "debtor", "accused"]) {
        Some("second")
    } else if any(&["your", "my", "filer", "signer", "applicant"]) {
        Some("me")
    } else {
        None
    };
    match (contact, side) {
        (Some("name"), Some("first")) => Some(Topic::PlaintiffName),
        (Some("name"), Some("second")) => Some(Topic::DefendantName),
        (Some("name"), Some("me")) => Some(Topic::MyName),
        (Some("address"), Some("me")) => Some(Topic::MyAddress),
        (Some("phone"), Some("me")) | (Some("phone"), None) => Some(Topic::MyPhone),
        (Some("email"), Some("me")) | (Some("email"), None) => Some(Topic::MyEmail),
        (None, None) if any(&["court"]) && !any(&["date", "time"]) => Some(Topic::Court),
        (None, None) if any(&["city", "county", "locality"]) => Some(Topic::Locality),
        _ => None,
    }
    .or_else(|| {
        // "Plaintiff" alone as a field's label is the plaintiff's name.
        if words.len() <= 3 && any(&["plaintiff", "petitioner"]) {
            Some(Topic::PlaintiffName)
        } else if words.len() <= 3 && any(&["defendant", "respondent"]) {
            Some(Topic::DefendantName)
        } else {
            None
        }
    })
}

/// `general`, `jdr` or `circuit`.
fn court_kind(case: &Case) -> Option<&'static str> {
    let court = case.court.as_deref()?.to_ascii_lowercase();
    if court.contains("juvenile") || court.contains("j&dr") || court.contains("jdr") {
        Some("jdr")
    } else if court.contains("general district") {
        Some("general")
    } else if court.contains("circuit") {
        Some("circuit")
    } else {
        None
    }
}

fn court_kinds_named(words: &[String]) -> Vec<&'static str> {
    let has = |w: &str| words.iter().any(|x| x == w);
    let mut out = Vec::new();
    if has("general") && has("district") {
        out.push("general");
    }
    if has("juvenile") || has("jdr") {
        out.push("jdr");
    }
    if has("circuit") {
        out.push("circuit");
    }
    out
}

fn title_case(text: &str) -> String {
    text.split_whitespace()
        .map(|w| {
            let lower = w.to_lowercase();
            if lower == "of" {
                return lower;
            }
            let mut c = lower.chars();
            c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_words_say_what_a_field_asks_for() {
        let topic = |t: &str| topic_of(&words_of(t));
        assert_eq!(topic("form1.PlaintiffName[0]"), Some(Topic::PlaintiffName));
        assert_eq!(topic("Name of Defendant"), Some(Topic::DefendantName));
        assert_eq!(topic("CASE NO."), Some(Topic::CaseNumber));
        assert_eq!(topic("Hearing Date"), Some(Topic::HearingDate));
        assert_eq!(topic("Your telephone number"), Some(Topic::MyPhone));
        assert_eq!(topic("Plaintiff"), Some(Topic::PlaintiffName));
        assert_eq!(topic("Notes"), None);
        assert_eq!(court_kinds_named(&words_of("General District Court")), ["general"]);
        assert_eq!(clean_name("../../etc/DC-421 form.pdf"), "DC-421-form.pdf");
        assert_eq!(title_case("CITY OF RICHMOND"), "City of Richmond");
    }

    #[test]
    fn the_cases_court_is_said_in_spanish() {
        assert_eq!(court_source(Lang::En), "the case's court");
        assert_eq!(court_source(Lang::Es), "el tribunal del caso");
    }
}
