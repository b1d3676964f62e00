//! Papers the person can file (issue "Papers the person can file"): a motion, a notice or a
//! letter to the clerk built from the case record in the form a Virginia court expects, and a
//! check before anything is filed.
//!
//! - [`catalogue`] is `papers/papers.json`: which papers exist, for which case kinds, the fields
//!   the person fills, the wording the paper is built from, and each required part with the rule
//!   or page it rests on (where and when it was read). A paper whose required content could not
//!   be confirmed is not in it (`notOffered` says why).
//! - [`build`] fills a paper from the case: the court lines as the court's own papers write
//!   them, the caption (the parties with their roles, the case number), the numbered paragraphs,
//!   the signature block of a party without a lawyer (name and address, telephone and e-mail when
//!   given), and the certificate of service where the paper needs one. It is saved as a `paper`
//!   draft of the case (versions, Word and PDF exports as every draft).
//! - [`check`](mod@check) reads a paper (built, or a case document such as the other side's) and
//!   lists what disagrees with the case record or its other papers, what is missing, what is
//!   late, and every citation it could or could not check.
//! - [`explain`](mod@explain) (issue 44): the paper stays in English (Virginia courts take papers
//!   in English), and beside each of its parts a Spanish rendering — the catalogue's Spanish
//!   wording (`papers/papers.es.json`, [`catalogue_in`]) filled with the same values, the
//!   person's own words kept as written — and what the part is for; and the same Spanish as a
//!   reader's copy (PDF, Word) marked on every page as not for filing.

pub mod build;
pub mod check;
mod court;
pub mod explain;
mod fill;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

pub use self::build::{Built, build, proposed};
pub use self::court::court_lines;
use crate::lang::Lang;

/// `papers/papers.json`, or its Spanish mirror `papers/papers.es.json`: the same keys in the same
/// order, the same ids and data, every text a person reads in Spanish — and the paper's own
/// wording (heading, opening, paragraphs, closing, choice sentences) in Spanish too, used only to
/// explain the English paper, never in the paper filed.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Catalogue {
    pub about: String,
    pub checked_on: String,
    pub sources: BTreeMap<String, SourceEntry>,
    pub kinds: Vec<PaperKind>,
    pub not_offered: Vec<NotOffered>,
    pub explain: ExplainWords,
}

/// What the explanation beside a paper says besides the paper's own wording: that the Spanish is
/// not for filing, that the person's own words are shown as written, and what each part is for.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExplainWords {
    pub not_for_filing: String,
    pub as_written: String,
    /// What each part is for: `court`, `caption`, `heading`, `opening`, `paragraph`, `closing`,
    /// `signature`, `certificate`; a letter's `sender`, `letterDate`, `recipient`, `subject`,
    /// `salutation`, `body`, `letterClosing`, `letterSignature`.
    pub parts: Vec<PartPurpose>,
}

impl ExplainWords {
    /// What part `id` is for (empty for a part it does not name).
    pub fn purpose(&self, id: &str) -> &str {
        self.parts.iter().find(|p| p.id == id).map_or("", |p| p.purpose.as_str())
    }
}

/// What one part of a paper is for.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PartPurpose {
    pub id: String,
    pub purpose: String,
}

/// Where a required part comes from.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SourceEntry {
    pub label: String,
    pub url: String,
    /// The date or currency the page shows, and when it was read.
    pub read: String,
    /// False for the official text of 2023 with no later change found (the `read` says so).
    pub confirmed: bool,
}

/// A paper the app builds.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PaperKind {
    pub id: String,
    pub title: String,
    pub layout: proseva_drafts::PaperLayout,
    pub case_kinds: Vec<String>,
    pub heading: String,
    /// When and how to file it, in plain words.
    pub when: String,
    pub fields: Vec<FieldSpec>,
    /// For a choice field, the sentence each value puts in the paper.
    #[serde(default)]
    pub choice_text: BTreeMap<String, BTreeMap<String, String>>,
    pub opening: String,
    pub paragraphs: Vec<String>,
    pub closing: String,
    pub certificate: CertificateNeed,
    /// Who the certificate names when it is not the other parties.
    #[serde(default)]
    pub certificate_to: Option<String>,
    #[serde(default)]
    pub deadline: Option<PaperDeadline>,
    /// The Code sections it rests on (each in the law graph).
    pub sections: Vec<String>,
    pub required_parts: Vec<RequiredPart>,
}

/// A field the person fills for one paper.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FieldSpec {
    pub name: String,
    pub label: String,
    /// `text`, `date`, `choice` or `checkbox`.
    pub kind: String,
    #[serde(default)]
    pub required: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<ChoiceOption>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChoiceOption {
    pub value: String,
    pub label: String,
}

/// Whether a paper carries a certificate of service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CertificateNeed {
    /// A rule or statute the catalogue cites requires notice to the other side.
    Required,
    /// Included unless the person leaves it out (no current rule text could be read either way).
    Offered,
    /// The court serves it, or it goes to the clerk only.
    None,
}

/// A time limit the paper must meet, counted from one of its date fields.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PaperDeadline {
    pub days: i64,
    pub from: String,
    pub section: String,
    pub about: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RequiredPart {
    pub part: String,
    /// A key of [`Catalogue::sources`].
    pub source: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NotOffered {
    pub paper: String,
    pub why: String,
}

/// The catalogue, read once.
pub fn catalogue() -> &'static Catalogue {
    catalogue_in(Lang::En)
}

/// The catalogue in `lang`: `papers/papers.json`, or its Spanish mirror `papers/papers.es.json`
/// (checked against the English by `tests/papers_es.rs`).
pub fn catalogue_in(lang: Lang) -> &'static Catalogue {
    static EN: OnceLock<Catalogue> = OnceLock::new();
    static ES: OnceLock<Catalogue> = OnceLock::new();
    match lang {
        Lang::En => EN.get_or_init(|| {
            serde_json::from_str(include_str!("../../papers/papers.json")).expect("papers/papers.json is checked by the tests")
        }),
        Lang::Es => ES.get_or_init(|| {
            serde_json::from_str(include_str!("../../papers/papers.es.json")).expect("papers/papers.es.json is checked by the tests")
        }),
    }
}

/// One paper kind by id.
pub fn kind(id: &str) -> Option<&'static PaperKind> {
    kind_in(id, Lang::En)
}

/// One paper kind by id, in `lang`.
pub fn kind_in(id: &str, lang: Lang) -> Option<&'static PaperKind> {
    catalogue_in(lang).kinds.iter().find(|k| k.id == id)
}

/// A paper kind as `GET /api/papers/kinds` answers it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KindView {
    pub id: &'static str,
    pub title: &'static str,
    pub case_kinds: &'static [String],
    pub layout: proseva_drafts::PaperLayout,
    pub when: &'static str,
    pub fields: &'static [FieldSpec],
    pub certificate: CertificateNeed,
    pub sections: &'static [String],
    pub required_parts: Vec<PartView>,
}

/// A required part with its source written out.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PartView {
    pub part: &'static str,
    /// The rule or page, in words.
    pub source: &'static str,
    pub url: &'static str,
    pub read: &'static str,
    pub confirmed: bool,
}

/// The papers for `case_kind` (every paper when `None`).
pub fn kinds(case_kind: Option<&str>) -> Vec<KindView> {
    kinds_in(case_kind, Lang::En)
}

/// The papers for `case_kind` (every paper when `None`), their words in `lang`.
pub fn kinds_in(case_kind: Option<&str>, lang: Lang) -> Vec<KindView> {
    let book = catalogue_in(lang);
    book.kinds
        .iter()
        .filter(|k| case_kind.is_none_or(|c| k.case_kinds.iter().any(|ck| ck == c)))
        .map(|k| KindView {
            id: &k.id,
            title: &k.title,
            case_kinds: &k.case_kinds,
            layout: k.layout,
            when: &k.when,
            fields: &k.fields,
            certificate: k.certificate,
            sections: &k.sections,
            required_parts: k.required_parts.iter().map(|p| part_view(book, p)).collect(),
        })
        .collect()
}

fn part_view(book: &'static Catalogue, part: &'static RequiredPart) -> PartView {
    let source = &book.sources[&part.source];
    PartView { part: &part.part, source: &source.label, url: &source.url, read: &source.read, confirmed: source.confirmed }
}

/// The sources of a paper kind, once each, as draft sources (label with its currency, and URL).
pub fn draft_sources(kind: &PaperKind) -> Vec<proseva_drafts::Source> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for part in &kind.required_parts {
        if seen.contains(&part.source) {
            continue;
        }
        seen.push(part.source.clone());
        let s = &catalogue().sources[&part.source];
        out.push(proseva_drafts::Source { label: format!("{} ({})", s.label, s.read), url: Some(s.url.clone()) });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_has_a_recorded_source_and_every_case_kind_gets_two_papers() {
        let book = catalogue();
        for k in &book.kinds {
            for part in &k.required_parts {
                assert!(book.sources.contains_key(&part.source), "{}: unknown source {}", k.id, part.source);
            }
            for f in &k.fields {
                assert!(["text", "date", "choice", "checkbox"].contains(&f.kind.as_str()), "{}: {}", k.id, f.kind);
                assert_eq!(f.kind == "choice", !f.options.is_empty(), "{}: {}", k.id, f.name);
            }
            assert!(!k.sections.is_empty());
        }
        // docs/papers.md lists every paper and every source (scripts would drift; a test does not).
        let doc = include_str!("../../../../docs/papers.md");
        for k in &book.kinds {
            assert!(doc.contains(&format!("(`{}`)", k.id)), "docs/papers.md lacks {}", k.id);
            for part in &k.required_parts {
                assert!(doc.contains(&book.sources[&part.source].url), "docs/papers.md lacks the source of {}: {}", k.id, part.part);
            }
        }
        for case_kind in crate::paths::kinds() {
            assert!(kinds(Some(case_kind)).len() >= 2, "{case_kind}");
        }
    }
}
