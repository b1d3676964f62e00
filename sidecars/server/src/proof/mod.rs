//! Proof for the hearing (issue "What must be proved"): for each kind of case, what the court must
//! find — the elements the side bringing the case must prove (`claim`) and the answers the other
//! side may raise (`defence`) — and, for the person's own case, which of their records shows each
//! one and what is still missing.
//!
//! - [`book`] reads `proof/<kind>.json` (one file per step-by-step path kind): each element in
//!   plain words, the Code sections it rests on (all in the law graph's starter corpus), the kinds
//!   of evidence that usually show it, its sources (with where and when they were read) and the
//!   recorded passages that back every figure it states (a test holds the two together). An
//!   element the sources do not support is not in the files; `gaps` say what was looked for.
//! - [`view`](mod@view) is the case's Proof view: the person's documents, timeline events, notes,
//!   payments and witnesses linked to each element, a status per element (`shown` when every kind
//!   of evidence it asks for has a record, `partly`, `nothing`), what is missing in a plain
//!   sentence each, and the dates a notice element's check reads (a notice period counted from the
//!   dates the person recorded). Never a prediction of the outcome.
//! - [`packet`](mod@packet) is the hearing packet: the exhibits numbered in the person's order,
//!   the witnesses, the timeline, and each element with its evidence, as PDF and Word.
//!
//! The same books in Spanish are `proof/<kind>.es.json` and `proof/packet.es.json`
//! ([`book_in`]`(kind, Lang::Es)`, [`packet_book_in`]): mirrors of the English files with the same
//! keys in the same order and the same data (ids, sides, sections, record kinds, source keys and
//! urls, the checks' elements, path dates and periods, the sources' word-for-word passages), every
//! text a person reads in plain Spanish with the same figures (`tests/proof_es.rs` checks them).

pub mod packet;
pub mod view;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

pub use self::view::{CaseProof, case_proof, case_proof_in, set_link, set_link_in};
use crate::lang::Lang;

/// What a record linked to an element may be.
pub const RECORD_KINDS: [&str; 5] = ["document", "timeline", "note", "finance", "contact"];

/// Each kind's file, by path kind id.
const FILES: [(&str, &str); 8] = [
    ("eviction-tenant", include_str!("../../proof/eviction-tenant.json")),
    ("debt-defendant", include_str!("../../proof/debt-defendant.json")),
    ("debt-plaintiff", include_str!("../../proof/debt-plaintiff.json")),
    ("custody-visitation", include_str!("../../proof/custody-visitation.json")),
    ("protective-order-petitioner", include_str!("../../proof/protective-order-petitioner.json")),
    ("protective-order-respondent", include_str!("../../proof/protective-order-respondent.json")),
    ("traffic-misdemeanor", include_str!("../../proof/traffic-misdemeanor.json")),
    ("appeal-district", include_str!("../../proof/appeal-district.json")),
];

/// Their Spanish mirrors, in the same order.
const FILES_ES: [(&str, &str); 8] = [
    ("eviction-tenant", include_str!("../../proof/eviction-tenant.es.json")),
    ("debt-defendant", include_str!("../../proof/debt-defendant.es.json")),
    ("debt-plaintiff", include_str!("../../proof/debt-plaintiff.es.json")),
    ("custody-visitation", include_str!("../../proof/custody-visitation.es.json")),
    ("protective-order-petitioner", include_str!("../../proof/protective-order-petitioner.es.json")),
    ("protective-order-respondent", include_str!("../../proof/protective-order-respondent.es.json")),
    ("traffic-misdemeanor", include_str!("../../proof/traffic-misdemeanor.es.json")),
    ("appeal-district", include_str!("../../proof/appeal-district.es.json")),
];

/// `proof/<kind>.json`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct KindBook {
    pub kind: String,
    pub title: String,
    /// Who the person is in this kind of case ("the tenant").
    pub person: String,
    pub other_side: String,
    /// The heading over the claims, said from the person's side ("What the landlord must prove",
    /// "What you must prove", "What the judge must decide").
    pub claim_heading: String,
    /// The heading over the defences ("Your answers", "What the defendant may answer").
    pub defence_heading: String,
    pub checked_on: String,
    #[serde(skip_serializing)]
    pub sources: BTreeMap<String, SourceEntry>,
    /// Word-for-word passages of the sources that back the figures the elements state.
    #[serde(skip_serializing)]
    pub passages: Vec<Passage>,
    #[serde(skip_serializing)]
    pub elements: Vec<Element>,
    pub gaps: Vec<String>,
}

/// Where an element comes from.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SourceEntry {
    pub label: String,
    pub url: String,
    /// Which text or copy, its date, and when it was read.
    pub read: String,
    /// True only for a text confirmed in force today.
    pub confirmed: bool,
}

/// A passage of a source, word for word (the shape of `paths/facts.json`'s facts).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Passage {
    pub section: String,
    pub about: String,
    #[serde(default)]
    pub figures: Vec<String>,
    pub passage: String,
    pub source: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_from: Option<String>,
    pub text_of: String,
    pub official: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// What the side bringing the case must prove.
    Claim,
    /// An answer the other side may raise.
    Defence,
}

/// What the court must find, or an answer to the case.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Element {
    pub id: String,
    pub side: Side,
    pub title: String,
    pub plain: String,
    pub sections: Vec<String>,
    pub evidence_kinds: Vec<EvidenceKind>,
    /// Keys of [`KindBook::sources`], the first the main one.
    pub sources: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<Check>,
}

/// One thing a judge would want to see for an element, and the records that can show it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EvidenceKind {
    pub id: String,
    pub what: String,
    pub record_kinds: Vec<String>,
    /// Said when nothing linked shows it ("Nothing yet shows the date the notice was served.").
    pub missing: String,
}

/// A count the app makes from the dates the person recorded: the days from one date to
/// another, against the period the law gave on the first date.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Check {
    /// `days-between`.
    pub kind: String,
    pub from: DateFrom,
    pub to: DateFrom,
    pub periods: Vec<Period>,
}

/// Where a date comes from: a date of the case's step-by-step path, else the earliest timeline
/// event linked to an element.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DateFrom {
    pub element: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path_date: Option<String>,
    /// "the notice was served".
    pub label: String,
}

/// The period in force for a first date on or after / before a day.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Period {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_or_after: Option<chrono::NaiveDate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<chrono::NaiveDate>,
    pub days: i64,
    pub section: String,
}

impl Period {
    fn covers(&self, day: chrono::NaiveDate) -> bool {
        self.on_or_after.is_none_or(|d| day >= d) && self.before.is_none_or(|d| day < d)
    }
}

impl Check {
    /// The period in force for a first date of `day`.
    pub fn period_on(&self, day: chrono::NaiveDate) -> Option<&Period> {
        self.periods.iter().find(|p| p.covers(day))
    }
}

/// `proof/packet.json`: what the sources say about copies and exhibits.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PacketBook {
    pub about: String,
    pub checked_on: String,
    pub copies: Copies,
    pub gaps: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Copies {
    pub text: String,
    pub sources: Vec<CopiesSource>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CopiesSource {
    pub label: String,
    pub url: String,
    pub read: String,
    pub passage: String,
}

/// Every kind's book, read once (the files are checked by the tests).
pub fn books() -> &'static BTreeMap<&'static str, KindBook> {
    books_in(Lang::En)
}

/// Every kind's book in `lang`: `proof/<kind>.json`, or its Spanish mirror `proof/<kind>.es.json`.
pub fn books_in(lang: Lang) -> &'static BTreeMap<&'static str, KindBook> {
    static EN: OnceLock<BTreeMap<&'static str, KindBook>> = OnceLock::new();
    static ES: OnceLock<BTreeMap<&'static str, KindBook>> = OnceLock::new();
    let read = |files: &[(&'static str, &'static str)], suffix: &str| -> BTreeMap<&'static str, KindBook> {
        files
            .iter()
            .map(|(kind, text)| (*kind, serde_json::from_str(text).unwrap_or_else(|e| panic!("proof/{kind}{suffix}: {e}"))))
            .collect()
    };
    match lang {
        Lang::En => EN.get_or_init(|| read(&FILES, ".json")),
        Lang::Es => ES.get_or_init(|| read(&FILES_ES, ".es.json")),
    }
}

/// One kind's book.
pub fn book(kind: &str) -> Option<&'static KindBook> {
    book_in(kind, Lang::En)
}

/// One kind's book in `lang`.
pub fn book_in(kind: &str, lang: Lang) -> Option<&'static KindBook> {
    books_in(lang).get(kind)
}

/// `proof/packet.json`, read once.
pub fn packet_book() -> &'static PacketBook {
    packet_book_in(Lang::En)
}

/// `proof/packet.json` in `lang` (its Spanish mirror `proof/packet.es.json`).
pub fn packet_book_in(lang: Lang) -> &'static PacketBook {
    static EN: OnceLock<PacketBook> = OnceLock::new();
    static ES: OnceLock<PacketBook> = OnceLock::new();
    match lang {
        Lang::En => EN.get_or_init(|| {
            serde_json::from_str(include_str!("../../proof/packet.json")).expect("proof/packet.json is checked by the tests")
        }),
        Lang::Es => ES.get_or_init(|| {
            serde_json::from_str(include_str!("../../proof/packet.es.json")).expect("proof/packet.es.json is checked by the tests")
        }),
    }
}

/// An element as `GET /api/proof/kinds/{kind}` answers it: its sources written out.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ElementView {
    #[serde(flatten)]
    pub element: &'static Element,
    /// The main source.
    pub source: &'static SourceEntry,
    #[serde(rename = "sources")]
    pub all_sources: Vec<&'static SourceEntry>,
}

/// `GET /api/proof/kinds/{kind}`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KindView {
    #[serde(flatten)]
    pub book: &'static KindBook,
    pub elements: Vec<ElementView>,
}

/// An element with its sources, for the API.
pub fn element_view(book: &'static KindBook, element: &'static Element) -> ElementView {
    let all_sources: Vec<&SourceEntry> = element.sources.iter().filter_map(|s| book.sources.get(s)).collect();
    ElementView { element, source: all_sources[0], all_sources }
}

/// The kind's elements and their sources; `None` for a kind with no book.
pub fn kind_view(kind: &str) -> Option<KindView> {
    kind_view_in(kind, Lang::En)
}

/// [`kind_view`] in `lang`.
pub fn kind_view_in(kind: &str, lang: Lang) -> Option<KindView> {
    let book = book_in(kind, lang)?;
    Some(KindView { book, elements: book.elements.iter().map(|e| element_view(book, e)).collect() })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The files hold together: every path kind has a book; ids unique; every source, record
    /// kind and check's element known; every element has a source and a way to be shown.
    #[test]
    fn every_book_holds_together() {
        assert_eq!(books().len(), crate::paths::kinds().len());
        for kind in crate::paths::kinds() {
            let book = book(kind).unwrap_or_else(|| panic!("no proof/{kind}.json"));
            assert_eq!(book.kind, kind);
            let mut ids = std::collections::BTreeSet::new();
            for e in &book.elements {
                assert!(ids.insert(e.id.as_str()), "{kind}: {} twice", e.id);
                assert!(!e.sources.is_empty() && !e.sections.is_empty() && !e.evidence_kinds.is_empty(), "{kind}/{}", e.id);
                for s in &e.sources {
                    assert!(book.sources.contains_key(s), "{kind}/{}: unknown source {s}", e.id);
                }
                let mut evidence = std::collections::BTreeSet::new();
                for ev in &e.evidence_kinds {
                    assert!(evidence.insert(ev.id.as_str()), "{kind}/{}: {} twice", e.id, ev.id);
                    assert!(!ev.record_kinds.is_empty(), "{kind}/{}/{}", e.id, ev.id);
                    for r in &ev.record_kinds {
                        assert!(RECORD_KINDS.contains(&r.as_str()), "{kind}/{}/{}: {r}", e.id, ev.id);
                    }
                    assert!(ev.missing.starts_with("Nothing yet"), "{kind}/{}/{}: {}", e.id, ev.id, ev.missing);
                }
                if let Some(check) = &e.check {
                    assert_eq!(check.kind, "days-between");
                    for end in [&check.from, &check.to] {
                        assert!(book.elements.iter().any(|o| o.id == end.element), "{kind}/{}: check names {}", e.id, end.element);
                    }
                    if let Some(key) = &check.from.path_date {
                        let path = crate::paths::path(kind).unwrap();
                        assert!(path.dates.iter().any(|d| &d.key == key), "{kind}/{}: no path date {key}", e.id);
                    }
                    for p in &check.periods {
                        assert!(e.sections.contains(&p.section), "{kind}/{}: a period's section must be the element's", e.id);
                    }
                }
            }
        }
        // docs/proof.md is written from the files by scripts/proof-doc.py; run it after an edit.
        let doc = include_str!("../../../../docs/proof.md");
        for book in books().values() {
            for e in &book.elements {
                assert!(doc.contains(&format!("(`{}`;", e.id)), "docs/proof.md lacks {}/{}: run scripts/proof-doc.py", book.kind, e.id);
                assert!(doc.contains(&e.plain), "docs/proof.md has an old text of {}/{}: run scripts/proof-doc.py", book.kind, e.id);
            }
            for s in book.sources.values() {
                assert!(doc.contains(&s.url), "docs/proof.md lacks {}: run scripts/proof-doc.py", s.url);
            }
        }
        let packet = packet_book();
        for s in &packet.copies.sources {
            assert!(s.url.starts_with("https://"), "{}", s.url);
        }
    }

    /// The Spanish books load and hold the English ones' data: the same elements, sides,
    /// sections, sources, kinds of evidence and checks, in the same order, in Spanish words.
    #[test]
    fn the_spanish_books_hold_the_same_data_in_spanish_words() {
        assert_eq!(books_in(Lang::Es).keys().collect::<Vec<_>>(), books().keys().collect::<Vec<_>>());
        for (kind, en) in books() {
            let es = book_in(kind, Lang::Es).unwrap();
            assert_eq!(es.kind, en.kind);
            assert_eq!(es.checked_on, en.checked_on);
            assert_ne!(es.title, en.title, "{kind}");
            assert_eq!(es.sources.keys().collect::<Vec<_>>(), en.sources.keys().collect::<Vec<_>>(), "{kind}");
            for (key, a) in &en.sources {
                let b = &es.sources[key];
                assert_eq!((&a.url, a.confirmed), (&b.url, b.confirmed), "{kind}/{key}");
            }
            assert_eq!(es.elements.len(), en.elements.len(), "{kind}");
            for (a, b) in en.elements.iter().zip(&es.elements) {
                assert_eq!((&a.id, a.side, &a.sections, &a.sources), (&b.id, b.side, &b.sections, &b.sources), "{kind}");
                assert_ne!(a.plain, b.plain, "{kind}/{}", a.id);
                let evidence = |e: &Element| e.evidence_kinds.iter().map(|k| (k.id.clone(), k.record_kinds.clone())).collect::<Vec<_>>();
                assert_eq!(evidence(a), evidence(b), "{kind}/{}", a.id);
                for ev in &b.evidence_kinds {
                    assert!(ev.missing.starts_with("Todavía no hay nada"), "{kind}/{}/{}: {}", b.id, ev.id, ev.missing);
                }
                let check = |e: &Element| {
                    e.check.as_ref().map(|c| {
                        let periods: Vec<_> = c.periods.iter().map(|p| (p.on_or_after, p.before, p.days, p.section.clone())).collect();
                        (
                            c.kind.clone(),
                            c.from.element.clone(),
                            c.from.path_date.clone(),
                            c.to.element.clone(),
                            c.to.path_date.clone(),
                            periods,
                        )
                    })
                };
                assert_eq!(check(a), check(b), "{kind}/{}", a.id);
            }
        }
        let (en, es) = (packet_book(), packet_book_in(Lang::Es));
        assert_ne!(en.copies.text, es.copies.text);
        let urls = |p: &PacketBook| p.copies.sources.iter().map(|s| (s.url.clone(), s.passage.clone())).collect::<Vec<_>>();
        assert_eq!(urls(en), urls(es));
    }
}
