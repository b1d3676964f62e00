//! A built paper explained in Spanish (issue 44). Virginia courts take papers in English, so the
//! paper filed stays in English; a person who reads Spanish gets, beside each part of it (the court
//! lines, the caption, the title, the opening, each numbered paragraph, the closing, the signature
//! block, the certificate of service; a letter's sender, date, clerk, subject, greeting, body and
//! sign-off), what that part says in Spanish and what it is for.
//!
//! The Spanish is the catalogue's Spanish wording (`papers/papers.es.json`) filled with the values
//! the English paper holds: each English part is read back against the wording it was built from
//! ([`super::fill::read_back`]) — a date becomes a Spanish date, a choice its Spanish sentence, a
//! role its Spanish word — and the person's own words (a reason, what happened, a paragraph they
//! wrote or changed) are kept as written, marked `asWritten`. Court, party and place names stay as
//! the paper writes them.
//!
//! The same Spanish is a reader's copy ([`reading_copy`]): a PDF or Word file with a banner on every
//! page saying it is not for filing, named `<title>-v<N>-es-no-presentar.<ext>`. It never goes into
//! the paper's own exports, which stay the English paper as filed.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use proseva_drafts::{BLANK, Caption, CaptionParty, Paper, PaperLayout, Signature};
use serde::Serialize;

use super::fill::{flagged, has_words, put, read_back};
use super::{PaperKind, catalogue_in, kind_in};
use crate::drafting::{Export, slug};
use crate::lang::Lang;
use crate::store::drafts::{self, StoredDraft};
use crate::{ApiError, AppState};

/// The banner on every page of the reader's copy.
pub const BANNER: &str = "COPIA EN ESPAÑOL — NO ES PARA PRESENTAR EN EL TRIBUNAL. Presente solo el original en inglés.";
/// What the reader's copy's file names end with, before the extension.
pub const FILE_SUFFIX: &str = "es-no-presentar";
/// The formats of the reader's copy.
pub const FORMATS: [&str; 2] = ["pdf", "docx"];

/// One part of the English paper, and what it says in Spanish.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExplainedPart {
    /// `court`, `caption`, `heading`, `opening`, `paragraph`, `closing`, `signature`,
    /// `certificate`; in a letter `sender`, `letterDate`, `recipient`, `subject`, `salutation`,
    /// `opening`, `body`, `letterClosing`, `letterSignature`.
    pub part: &'static str,
    /// A paragraph's number, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<usize>,
    /// The part as the English paper writes it, its lines joined by `\n`.
    pub english: String,
    /// What it says in Spanish.
    pub spanish: String,
    /// What the part is for, in the request's language.
    pub purpose: &'static str,
    /// The person wrote or changed these words: the Spanish keeps them as written.
    pub as_written: bool,
}

/// `GET /api/papers/{draftId}/explained`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Explained {
    pub draft_id: i64,
    pub version: i64,
    /// The paper's kind (`motion-to-continue`).
    pub paper: String,
    pub layout: PaperLayout,
    /// The kind's title in the request's language.
    pub title: String,
    pub parts: Vec<ExplainedPart>,
    /// That the Spanish is to understand the paper: file and send only the English original.
    pub not_for_filing: &'static str,
    /// What a part marked `asWritten` means.
    pub as_written: &'static str,
}

/// Paper draft `id` (at `version`, its latest when `None`): the stored draft and its paper. A draft
/// that is not a paper, or whose content no longer reads as one, is not found here.
fn paper_draft(state: &AppState, id: i64, version: Option<i64>) -> Result<(StoredDraft, Paper), ApiError> {
    let stored = state.store.read(|c| drafts::get(c, id, version))?.ok_or_else(|| match version {
        Some(v) => ApiError::NotFound(format!("no version {v} of a draft with id {id}")),
        None => ApiError::not_found("draft", id),
    })?;
    if stored.kind != "paper" {
        return Err(ApiError::NotFound(format!("draft {id} is not a paper to file (it is a {} draft)", stored.kind)));
    }
    let paper = Paper::from_content(&stored.content)
        .map_err(|e| ApiError::NotFound(format!("draft {id} no longer reads as a paper to file: {e}")))?;
    Ok((stored, paper))
}

/// The explanation of paper draft `id`, its purposes and notes in `lang` (the Spanish is Spanish
/// in either). Blocking.
pub fn explained(state: &AppState, id: i64, version: Option<i64>, lang: Lang) -> Result<Explained, ApiError> {
    let (stored, paper) = paper_draft(state, id, version)?;
    let words = &catalogue_in(lang).explain;
    Ok(Explained {
        draft_id: stored.id,
        version: stored.version,
        paper: paper.paper.clone(),
        layout: paper.layout,
        title: kind_in(&paper.paper, lang).map_or_else(|| paper.heading.clone(), |k| k.title.clone()),
        parts: explain(&paper, lang),
        not_for_filing: &words.not_for_filing,
        as_written: &words.as_written,
    })
}

/// The reader's copy of paper draft `id` in Spanish as `format` (`pdf` or `docx`), marked on every
/// page as not for filing. Blocking.
pub fn reading_copy(state: &AppState, id: i64, version: Option<i64>, format: &str) -> Result<Export, ApiError> {
    let (stored, paper) = paper_draft(state, id, version)?;
    let parts = explain(&paper, Lang::Es);
    let labels: Vec<String> = parts.iter().map(copy_label).collect();
    let pairs: Vec<(&str, &str)> = labels.iter().zip(&parts).map(|(l, p)| (l.as_str(), p.spanish.as_str())).collect();
    let kind_title = kind_in(&paper.paper, Lang::Es).map_or(paper.heading.as_str(), |k| k.title.as_str());
    let title = format!("{kind_title} — copia en español");
    let mut all = vec![("", catalogue_in(Lang::Es).explain.not_for_filing.as_str())];
    all.extend(pairs);
    let failed = |e: proseva_drafts::DraftError| ApiError::Internal(format!("the Spanish copy of draft {id}: {e}"));
    let (bytes, content_type) = match format {
        "pdf" => (Paper::reading_copy_pdf(BANNER, &title, &all, PAGE_LABEL).map_err(failed)?, "application/pdf"),
        "docx" => (
            Paper::reading_copy_docx(BANNER, &title, &all, PAGE_LABEL).map_err(failed)?,
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        ),
        other => return Err(ApiError::field("format", format!("must be one of: {} (not {other:?})", FORMATS.join(", ")))),
    };
    Ok(Export { bytes, content_type, file_name: format!("{}-v{}-{FILE_SUFFIX}.{format}", slug(&stored.title), stored.version) })
}

const PAGE_LABEL: &str = "Página {page} de {pages}";

/// A part's label in the reader's copy.
fn copy_label(part: &ExplainedPart) -> String {
    let name = match part.part {
        "court" => "Tribunal".to_string(),
        "caption" => "Las partes y el número de caso".to_string(),
        "heading" => "Título".to_string(),
        "opening" => "Introducción".to_string(),
        "paragraph" | "body" => format!("Párrafo {}", part.number.unwrap_or(1)),
        "closing" => "Lo que pide".to_string(),
        "signature" | "letterSignature" => "Firma".to_string(),
        "certificate" => "Certificado de notificación".to_string(),
        "sender" => "Quién manda la carta".to_string(),
        "letterDate" => "Fecha".to_string(),
        "recipient" => "Para".to_string(),
        "subject" => "Asunto".to_string(),
        "salutation" => "Saludo".to_string(),
        "letterClosing" => "Cierre".to_string(),
        other => other.to_string(),
    };
    if part.as_written { format!("{name} — sus propias palabras, como las escribió") } else { name }
}

/// The paper's parts in reading order, each with its Spanish and what it is for (in `lang`).
pub fn explain(paper: &Paper, lang: Lang) -> Vec<ExplainedPart> {
    let reader = Reader::new(paper);
    let words = &catalogue_in(lang).explain;
    let mut parts = Vec::new();
    let mut push = |part: &'static str, number: Option<usize>, english: String, (spanish, as_written): (String, bool)| {
        let purpose = words.purpose(part);
        parts.push(ExplainedPart { part, number, english, spanish, purpose, as_written });
    };
    let s = &paper.signature;
    match paper.layout {
        PaperLayout::Pleading => {
            if !paper.court.is_empty() {
                push(
                    "court",
                    None,
                    paper.court.join("\n"),
                    (paper.court.iter().map(|l| court_line_es(l)).collect::<Vec<_>>().join("\n"), false),
                );
            }
            if let Some(caption) = &paper.caption {
                push("caption", None, caption_en(caption), (reader.caption_es(caption), false));
            }
            push("heading", None, paper.heading.clone(), reader.heading_es(&paper.heading));
        }
        PaperLayout::Letter => {
            push(
                "sender",
                None,
                signature_lines(s, &Words::EN).join("\n"),
                (signature_lines(&reader.signature_es(s), &Words::ES).join("\n"), false),
            );
            if let Some(letter) = &paper.letter {
                push("letterDate", None, or_blank(&letter.date).to_string(), (date_es(&letter.date), false));
                let to_es: Vec<String> = letter
                    .to
                    .iter()
                    .map(|l| if l == "Clerk's Office" { "Oficina del secretario del tribunal".to_string() } else { l.clone() })
                    .collect();
                push("recipient", None, letter.to.join("\n"), (to_es.join("\n"), false));
            }
            push("subject", None, format!("Re: {}", paper.heading), {
                let (heading, as_written) = reader.heading_es(&paper.heading);
                (format!("Asunto: {heading}"), as_written)
            });
            if let Some(letter) = &paper.letter {
                let salutation = if letter.salutation == "Dear Clerk:" {
                    ("Estimado secretario del tribunal:".to_string(), false)
                } else {
                    (letter.salutation.clone(), true)
                };
                push("salutation", None, letter.salutation.clone(), salutation);
            }
        }
    }
    if !paper.opening.is_empty() {
        push("opening", None, paper.opening.clone(), reader.wording(|k| &k.opening, &paper.opening));
    }
    let paragraph = if paper.layout == PaperLayout::Letter { "body" } else { "paragraph" };
    for (i, (english, spanish)) in paper.paragraphs.iter().zip(reader.paragraphs_es(&paper.paragraphs)).enumerate() {
        push(paragraph, Some(i + 1), english.clone(), spanish);
    }
    if !paper.closing.is_empty() {
        let part = if paper.layout == PaperLayout::Letter { "letterClosing" } else { "closing" };
        push(part, None, paper.closing.clone(), reader.wording(|k| &k.closing, &paper.closing));
    }
    let signed = format!("{} {}", "_".repeat(30), Words::ES.sign_here);
    match paper.layout {
        PaperLayout::Pleading => {
            let mut english = vec![Words::EN.respectfully.to_string(), "_".repeat(30)];
            english.extend(signature_lines(s, &Words::EN));
            english.push(format!("{} {}", Words::EN.date, or_blank(&s.date)));
            let mut spanish = vec![Words::ES.respectfully.to_string(), signed.clone()];
            spanish.extend(signature_lines(&reader.signature_es(s), &Words::ES));
            spanish.push(format!("{} {}", Words::ES.date, date_es(&s.date)));
            push("signature", None, english.join("\n"), (spanish.join("\n"), false));
        }
        PaperLayout::Letter => {
            let sign_off = paper.letter.as_ref().map_or("Sincerely,", |l| l.sign_off.as_str());
            let english = [sign_off.to_string(), "_".repeat(30), s.name.clone()].join("\n");
            let sign_off_es = if sign_off == "Sincerely," { "Atentamente," } else { sign_off };
            push("letterSignature", None, english, ([sign_off_es.to_string(), signed.clone(), s.name.clone()].join("\n"), false));
        }
    }
    if let Some(c) = &paper.certificate {
        let mut english = vec!["CERTIFICATE OF SERVICE".to_string(), c.statement.clone()];
        english.extend(c.served.iter().cloned());
        english.extend(["_".repeat(30), s.name.clone()]);
        let (statement, as_written) = certificate_es(&c.statement);
        let mut spanish = vec!["CERTIFICADO DE NOTIFICACIÓN".to_string(), statement];
        spanish.extend(c.served.iter().map(|l| reader.served_es(l)));
        spanish.extend([signed, s.name.clone()]);
        push("certificate", None, english.join("\n"), (spanish.join("\n"), as_written));
    }
    parts
}

/// The fixed words of a paper's signature block, in each language.
struct Words {
    respectfully: &'static str,
    date: &'static str,
    telephone: &'static str,
    email: &'static str,
    sign_here: &'static str,
}

impl Words {
    const EN: Words =
        Words { respectfully: "Respectfully submitted,", date: "Date:", telephone: "Telephone:", email: "E-mail:", sign_here: "" };
    const ES: Words = Words {
        respectfully: "Respetuosamente,",
        date: "Fecha:",
        telephone: "Teléfono:",
        email: "Correo electrónico:",
        sign_here: "(su firma)",
    };
}

/// The signature block's lines under the line to sign on, as the exports write them.
fn signature_lines(s: &Signature, words: &Words) -> Vec<String> {
    let mut out = vec![s.name.clone()];
    if !s.capacity.is_empty() {
        out.push(s.capacity.clone());
    }
    out.extend(s.address.iter().cloned());
    if !s.phone.is_empty() {
        out.push(format!("{} {}", words.telephone, s.phone));
    }
    if !s.email.is_empty() {
        out.push(format!("{} {}", words.email, s.email));
    }
    out
}

fn or_blank(text: &str) -> &str {
    if text.trim().is_empty() { BLANK } else { text }
}

/// "December 3, 2026" as "3 de diciembre de 2026"; a blank stays a blank; anything else as written.
fn date_es(text: &str) -> String {
    let text = text.trim();
    if text.is_empty() {
        return BLANK.to_string();
    }
    NaiveDate::parse_from_str(text, "%B %d, %Y").map_or_else(|_| text.to_string(), |d| Lang::Es.date(d))
}

/// `VIRGINIA:` and `IN THE GENERAL DISTRICT COURT FOR THE CITY OF RICHMOND` (as
/// [`super::court_lines`] writes them) in Spanish, the court as the glossary names it; a line it
/// does not know as written.
fn court_line_es(line: &str) -> String {
    const COURTS: [(&str, &str); 4] = [
        ("JUVENILE AND DOMESTIC RELATIONS DISTRICT COURT", "TRIBUNAL DE DISTRITO DE MENORES Y RELACIONES DOMÉSTICAS"),
        ("GENERAL DISTRICT COURT", "TRIBUNAL GENERAL DE DISTRITO"),
        ("CIRCUIT COURT", "TRIBUNAL DE CIRCUITO"),
        ("DISTRICT COURT", "TRIBUNAL DE DISTRITO"),
    ];
    let Some(rest) = line.strip_prefix("IN THE ") else { return line.to_string() };
    let Some((court, place)) = COURTS.iter().find_map(|(en, es)| rest.strip_prefix(en).map(|p| (*es, p))) else {
        return line.to_string();
    };
    let Some(place) = place.strip_prefix(" FOR THE ") else { return line.to_string() };
    let place = if let Some(name) = place.strip_prefix("CITY OF ") {
        format!("DE LA CIUDAD DE {name}")
    } else if let Some(name) = place.strip_prefix("COUNTY OF ") {
        format!("DEL CONDADO DE {name}")
    } else if let Some(name) = place.strip_prefix("TOWN OF ") {
        format!("DEL PUEBLO DE {name}")
    } else {
        format!("DE {place}")
    };
    format!("EN EL {court} {place}")
}

fn caption_en(c: &Caption) -> String {
    let side = |parties: &[CaptionParty], last: bool| -> Vec<String> {
        parties
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let end = if last && i + 1 == parties.len() { "." } else { "," };
                if p.role.is_empty() { format!("{}{end}", p.name) } else { format!("{}, {}{end}", p.name, p.role) }
            })
            .collect()
    };
    let mut lines = side(&c.first, false);
    lines.push("v.".into());
    lines.extend(side(&c.second, true));
    lines.push(format!("{} {}", c.number_label, or_blank(&c.number)));
    lines.join("\n")
}

/// `Case No. GV26-1` / `case number not yet known` (the letter's `{caseNumberText}`) in Spanish.
fn case_number_text_es(text: &str) -> String {
    match text.strip_prefix("Case No. ") {
        Some(number) => format!("número de caso {number}"),
        None if text == "case number not yet known" => "número de caso todavía no conocido".to_string(),
        None => text.to_string(),
    }
}

/// What the paper's values are, read from its caption, signature and letter heading, and how
/// they are said in Spanish.
struct Reader {
    en: Option<&'static PaperKind>,
    es: Option<&'static PaperKind>,
    /// The Commonwealth is the other side: "Defendant" is the accused.
    criminal: bool,
    known: BTreeMap<String, String>,
}

impl Reader {
    fn new(paper: &Paper) -> Reader {
        let en = kind_in(&paper.paper, Lang::En);
        let es = kind_in(&paper.paper, Lang::Es);
        let criminal = paper.caption.as_ref().is_some_and(|c| c.first.iter().any(|p| p.name == "Commonwealth of Virginia"))
            || matches!(paper.paper.as_str(), "reopen-conviction" | "withdraw-criminal-appeal");
        let mut known = BTreeMap::new();
        known.insert("name".to_string(), paper.signature.name.clone());
        if let Some(role) = paper.signature.capacity.strip_suffix(", without a lawyer") {
            known.insert("Role".to_string(), role.to_string());
        }
        if let Some(c) = &paper.caption {
            let names = |side: &[CaptionParty]| side.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", ");
            known.insert("caseName".to_string(), format!("{} v. {}", names(&c.first), names(&c.second)));
            let number = c.number.trim();
            let text = if number.is_empty() { "case number not yet known".to_string() } else { format!("Case No. {number}") };
            known.insert("caseNumberText".to_string(), text);
        }
        if paper.layout == PaperLayout::Letter
            && let Some(kind) = en
            && let Some(rest) = paper.heading.strip_prefix(&format!("{} — ", kind.heading))
        {
            let split = rest.rfind(", Case No. ").or_else(|| rest.strip_suffix(", case number not yet known").map(str::len));
            if let Some(at) = split {
                known.insert("caseName".to_string(), rest[..at].to_string());
                known.insert("caseNumberText".to_string(), rest[at + 2..].to_string());
            }
        }
        Reader { en, es, criminal, known }
    }

    /// An English role ("Defendant") in Spanish, as a caption writes it ("Parte demandada").
    fn role_es(&self, role: &str) -> String {
        match role {
            "Plaintiff" => "Parte demandante".into(),
            "Defendant" if self.criminal => "Parte acusada".into(),
            "Defendant" | "Respondent" => "Parte demandada".into(),
            "Petitioner" => "Parte peticionaria".into(),
            other => other.into(),
        }
    }

    /// The values read back from the English, as the Spanish wording takes them: dates written
    /// the Spanish way, a role in Spanish, a choice's value as it is (its Spanish sentence is the
    /// Spanish catalogue's), the person's words and names as written.
    fn values_es(&self, values: &BTreeMap<String, String>) -> BTreeMap<String, String> {
        let dates: Vec<&str> =
            self.en.map(|k| k.fields.iter().filter(|f| f.kind == "date").map(|f| f.name.as_str()).collect()).unwrap_or_default();
        values
            .iter()
            .map(|(name, value)| {
                let spanish = if value == BLANK {
                    value.clone()
                } else if name == "Role" {
                    self.role_es(value).to_lowercase()
                } else if name == "caseNumberText" {
                    case_number_text_es(value)
                } else if dates.contains(&name.as_str()) {
                    date_es(value)
                } else {
                    value.clone()
                };
                (name.clone(), spanish)
            })
            .collect()
    }

    /// An opening or closing: the Spanish wording with the English's values, or the English as
    /// written when the person wrote their own.
    fn wording(&self, of: impl Fn(&'static PaperKind) -> &'static String, english: &str) -> (String, bool) {
        if let (Some(en), Some(es)) = (self.en, self.es)
            && let Some(values) = read_back(en, of(en), english, &self.known)
        {
            return (put(es, of(es), &self.values_es(&values)), false);
        }
        (english.to_string(), true)
    }

    /// Each paragraph in Spanish: matched to the catalogue's paragraphs in order (one with words
    /// of its own first; else the next that is only the person's words), or as written.
    fn paragraphs_es(&self, paragraphs: &[String]) -> Vec<(String, bool)> {
        let (Some(en), Some(es)) = (self.en, self.es) else {
            return paragraphs.iter().map(|p| (p.clone(), true)).collect();
        };
        let templates: Vec<&str> = en.paragraphs.iter().map(|t| flagged(t).1).collect();
        let mut next = 0;
        let mut out = Vec::with_capacity(paragraphs.len());
        for text in paragraphs {
            let worded = (next..templates.len())
                .filter(|&j| has_words(en, templates[j]))
                .find_map(|j| read_back(en, templates[j], text, &self.known).map(|v| (j, v)));
            let found = worded.or_else(|| {
                (next..templates.len())
                    .find(|&j| !has_words(en, templates[j]))
                    .and_then(|j| read_back(en, templates[j], text, &self.known).map(|v| (j, v)))
            });
            match found.and_then(|(j, values)| es.paragraphs.get(j).map(|t| (j, values, flagged(t).1))) {
                Some((j, values, template)) => {
                    next = j + 1;
                    out.push((put(es, template, &self.values_es(&values)), !has_words(en, templates[j])));
                }
                None => out.push((text.clone(), true)),
            }
        }
        out
    }

    /// A pleading's heading, or a letter's "Re:" line (`{heading} — {case}, {number}`), in Spanish.
    fn heading_es(&self, heading: &str) -> (String, bool) {
        let (Some(en), Some(es)) = (self.en, self.es) else { return (heading.to_string(), true) };
        if heading == en.heading {
            return (es.heading.clone(), false);
        }
        match heading.strip_prefix(&format!("{} — ", en.heading)) {
            Some(_) if self.known.contains_key("caseNumberText") => {
                let case = &self.known["caseName"];
                (format!("{} — {case}, {}", es.heading, case_number_text_es(&self.known["caseNumberText"])), false)
            }
            _ => (heading.to_string(), true),
        }
    }

    fn caption_es(&self, c: &Caption) -> String {
        let side = |parties: &[CaptionParty], last: bool| -> Vec<String> {
            parties
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let end = if last && i + 1 == parties.len() { "." } else { "," };
                    let name = if p.name == "Commonwealth of Virginia" {
                        "Commonwealth of Virginia (el Estado de Virginia)".to_string()
                    } else {
                        p.name.clone()
                    };
                    if p.role.is_empty() { format!("{name}{end}") } else { format!("{name}, {}{end}", self.role_es(&p.role)) }
                })
                .collect()
        };
        let mut lines = side(&c.first, false);
        lines.push("contra".into());
        lines.extend(side(&c.second, true));
        lines.push(format!("Número de caso: {}", or_blank(&c.number)));
        lines.join("\n")
    }

    /// The signature block with its capacity in Spanish ("Parte demandada, sin abogado").
    fn signature_es(&self, s: &Signature) -> Signature {
        let capacity = match s.capacity.strip_suffix(", without a lawyer") {
            Some(role) => format!("{}, sin abogado", self.role_es(role)),
            None => s.capacity.clone(),
        };
        Signature { capacity, ..s.clone() }
    }

    /// A line of the certificate's "to:" list: the catalogue's "the prosecutor …" in Spanish.
    fn served_es(&self, line: &str) -> String {
        match (self.en.and_then(|k| k.certificate_to.as_deref()), self.es.and_then(|k| k.certificate_to.as_deref())) {
            (Some(en), Some(es)) if line == en => es.to_string(),
            _ => line.to_string(),
        }
    }
}

/// The certificate's statement (`I certify that on {date} I mailed a copy of this {paper} by
/// first-class mail to:`, as `build` writes it) in Spanish; as written when it reads otherwise.
fn certificate_es(statement: &str) -> (String, bool) {
    let as_written = || (statement.to_string(), true);
    let Some(rest) = statement.strip_prefix("I certify that on ").and_then(|r| r.strip_suffix(" to:")) else { return as_written() };
    let Some((when, rest)) = rest.split_once(" I ") else { return as_written() };
    let Some((verb, rest)) = rest.split_once(" a copy of this ") else { return as_written() };
    let blank_how = format!("by {BLANK} (hand delivery or first-class mail)");
    // How the copy went, and the verb `build` writes with it.
    let hows = [("by hand", "delivered"), ("by first-class mail", "mailed"), ("by e-mail", "sent"), (blank_how.as_str(), "sent")];
    let found = hows
        .iter()
        .filter(|(_, v)| *v == verb)
        .find_map(|(how, _)| rest.strip_suffix(how).and_then(|r| r.strip_suffix(' ')).map(|noun| (*how, noun)));
    let Some((how, noun)) = found else { return as_written() };
    let noun = if noun == "letter" { "esta carta" } else { "este escrito" };
    let when = date_es(when);
    let sentence = match how {
        "by hand" => format!("Certifico que el {when} entregué en persona una copia de {noun} a:"),
        "by first-class mail" => format!("Certifico que el {when} mandé una copia de {noun} por correo de primera clase a:"),
        "by e-mail" => format!("Certifico que el {when} mandé una copia de {noun} por correo electrónico a:"),
        _ => format!("Certifico que el {when} mandé una copia de {noun} por {BLANK} (en persona o por correo de primera clase) a:"),
    };
    (sentence, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_court_lines_and_certificates_read_in_spanish() {
        assert_eq!(date_es("December 3, 2026"), "3 de diciembre de 2026");
        assert_eq!(date_es(""), BLANK);
        assert_eq!(date_es("next week"), "next week");
        assert_eq!(
            court_line_es("IN THE GENERAL DISTRICT COURT FOR THE CITY OF RICHMOND"),
            "EN EL TRIBUNAL GENERAL DE DISTRITO DE LA CIUDAD DE RICHMOND"
        );
        assert_eq!(
            court_line_es("IN THE JUVENILE AND DOMESTIC RELATIONS DISTRICT COURT FOR THE COUNTY OF FAIRFAX"),
            "EN EL TRIBUNAL DE DISTRITO DE MENORES Y RELACIONES DOMÉSTICAS DEL CONDADO DE FAIRFAX"
        );
        assert_eq!(court_line_es(&format!("IN THE CIRCUIT COURT FOR THE {BLANK}")), format!("EN EL TRIBUNAL DE CIRCUITO DE {BLANK}"));
        assert_eq!(court_line_es("VIRGINIA:"), "VIRGINIA:");
        assert_eq!(court_line_es("IN THE SMALL CLAIMS"), "IN THE SMALL CLAIMS");
        assert_eq!(
            certificate_es("I certify that on December 3, 2026 I mailed a copy of this motion to continue by first-class mail to:"),
            ("Certifico que el 3 de diciembre de 2026 mandé una copia de este escrito por correo de primera clase a:".to_string(), false)
        );
        let blank = format!("I certify that on {BLANK} I sent a copy of this letter by {BLANK} (hand delivery or first-class mail) to:");
        assert!(certificate_es(&blank).0.starts_with(&format!("Certifico que el {BLANK} mandé una copia de esta carta por {BLANK}")));
        assert!(certificate_es("I certify that I gave it to them.").1);
    }
}
