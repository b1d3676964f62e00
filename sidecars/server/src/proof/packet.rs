//! The hearing packet (`POST /api/cases/{id}/hearing-packet`): what the person brings to their
//! hearing, from the Proof view — the exhibits (the documents linked to an element) numbered in
//! the order the person chose, each with its date, what it shows and the elements it goes to; the
//! payments linked; the witnesses (contacts linked) with what each saw; the timeline; and each
//! element with its evidence and what is still missing; with what the sources say about copies
//! for the court and the other side. Written as PDF and Word through the drafts' exports, like the
//! packet for a lawyer ([`crate::packet`]).
//!
//! The packet is written in the request's language ([`gather_in`]): its headings, table headers
//! and sentences, the kind's book (`proof/<kind>.es.json`) and what the sources say about copies
//! (`proof/packet.es.json`). The person's own records (names, notes, dates, the case's name and
//! court) stay as they wrote them.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use chrono::NaiveDate;
use proseva_drafts::{Draft, DraftKind, Source, escape_markdown as plain, to_docx, to_pdf};
use rusqlite::Connection;
use serde::Serialize;

use super::view::{CaseProof, Status, caveat, proof_of_in};
use crate::ApiError;
use crate::drafting::one_line;
use crate::lang::Lang;
use crate::packet::{Written, file_stem, save};
use crate::store::cases::Cases;
use crate::store::deadlines::Deadlines;
use crate::store::timeline::Timeline;
use crate::store::{ListFilter, Table};

/// The most exhibits a packet orders.
pub const MAX_EXHIBITS: usize = 500;

/// What [`write`] made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HearingPacket {
    pub files: Vec<Written>,
    pub warnings: Vec<String>,
}

/// An exhibit: a document linked to one or more elements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exhibit {
    pub number: usize,
    pub document_id: i64,
    pub label: String,
    pub date: Option<String>,
    pub date_is_added: bool,
    /// What it shows, from the notes on its links.
    pub shows: Vec<String>,
    /// The titles of the elements it goes to.
    pub goes_to: Vec<String>,
}

/// A payment or a witness in the packet's tables: the elements it goes to and the notes on its
/// links.
#[derive(Debug, Default)]
struct Row {
    label: String,
    date: Option<String>,
    goes_to: Vec<String>,
    notes: Vec<String>,
}

/// The packet's content.
pub struct Gathered {
    pub title: String,
    pub markdown: String,
    pub case_name: String,
    pub exhibits: Vec<Exhibit>,
    pub warnings: Vec<String>,
    /// The language it is written in.
    pub lang: Lang,
}

/// The linked documents as exhibits: first those in `order` (each must be a linked document of
/// the case: else a 400 naming `exhibits`), then the rest in the elements' order.
pub fn exhibits(proof: &CaseProof, order: &[i64]) -> Result<Vec<Exhibit>, ApiError> {
    let mut by_id: BTreeMap<i64, Exhibit> = BTreeMap::new();
    let mut natural = Vec::new();
    for element in &proof.elements {
        for link in element.links.iter().filter(|l| l.record_kind == "document") {
            let exhibit = by_id.entry(link.record_id).or_insert_with(|| {
                natural.push(link.record_id);
                Exhibit {
                    number: 0,
                    document_id: link.record_id,
                    label: link.label.clone(),
                    date: link.date.clone(),
                    date_is_added: link.date_is_added,
                    shows: Vec::new(),
                    goes_to: Vec::new(),
                }
            });
            if !link.note.is_empty() && !exhibit.shows.contains(&link.note) {
                exhibit.shows.push(link.note.clone());
            }
            exhibit.goes_to.push(element.title.clone());
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    for id in order {
        if !by_id.contains_key(id) {
            return Err(ApiError::field(
                "exhibits",
                format!("document {id} is not linked to anything the court must find in this case; link it first"),
            ));
        }
        if !seen.insert(*id) {
            return Err(ApiError::field("exhibits", format!("document {id} is named twice")));
        }
    }
    let ordered = order.iter().copied().chain(natural.into_iter().filter(|id| !seen.contains(id)));
    Ok(ordered
        .enumerate()
        .map(|(i, id)| {
            let mut e = by_id.remove(&id).expect("every id is one of the linked documents");
            e.number = i + 1;
            e
        })
        .collect())
}

/// Reads the case and its Proof view into the packet's Markdown.
pub fn gather(c: &Connection, case_id: i64, order: &[i64], today: NaiveDate) -> Result<Gathered, ApiError> {
    gather_in(c, case_id, order, today, Lang::En)
}

/// [`gather`], written in `lang`.
pub fn gather_in(c: &Connection, case_id: i64, order: &[i64], today: NaiveDate, lang: Lang) -> Result<Gathered, ApiError> {
    // The English or the Spanish of a fixed piece of the packet.
    let t = |en: &'static str, es: &'static str| -> &'static str {
        match lang {
            Lang::En => en,
            Lang::Es => es,
        }
    };
    let case = Cases::get(c, case_id)?.ok_or_else(|| ApiError::not_found("case", case_id))?;
    let proof = proof_of_in(c, &case, lang)?;
    let Some(kind) = proof.kind.as_deref().and_then(|k| super::book_in(k, lang)) else {
        return Err(ApiError::BadRequest(
            "this case has no kind yet, so there is nothing to put in a hearing packet: choose what kind of case it is first (Case → Step by step)"
                .into(),
        ));
    };
    let exhibits = exhibits(&proof, order)?;
    let filter = ListFilter::for_case(Some(case_id));
    let mut events = Timeline::list(c, &filter)?.items;
    events.sort_by(|a, b| a.date.cmp(&b.date).then(a.id.cmp(&b.id)));
    let mut hearings: Vec<_> = Deadlines::list(c, &filter)?
        .items
        .into_iter()
        .filter(|d| d.kind == "hearing" && !d.done && NaiveDate::parse_from_str(&d.date, "%Y-%m-%d").is_ok_and(|d| d >= today))
        .collect();
    hearings.sort_by(|a, b| a.date.cmp(&b.date));
    let mut warnings = Vec::new();

    let title = format!("{}: {}", t("Hearing packet", "Paquete para la audiencia"), one_line(&case.name));
    let mut md = String::new();
    let _ = match lang {
        Lang::En => writeln!(
            md,
            "Prepared on {} with ProSeVA from the records its user keeps: their own list of evidence for the hearing, \
             not a court record. {}\n",
            lang.date(today),
            plain(caveat(lang))
        ),
        Lang::Es => writeln!(
            md,
            "Preparado el {} con ProSeVA a partir de los registros que lleva su usuario: su propia lista de pruebas para la \
             audiencia, no un expediente del tribunal. {}\n",
            lang.date(today),
            plain(caveat(lang))
        ),
    };
    let _ = writeln!(md, "## {}\n", t("The case", "El caso"));
    let unknown = t("not recorded", "no anotado");
    let _ = writeln!(md, "- **{}:** {}", t("Case", "Caso"), plain(&case.name));
    let _ = writeln!(md, "- **{}:** {}", t("Court", "Tribunal"), case.court.as_deref().map(plain).unwrap_or_else(|| unknown.into()));
    let _ = writeln!(
        md,
        "- **{}:** {}",
        t("Case number", "Número de caso"),
        case.case_number.as_deref().map(plain).unwrap_or_else(|| unknown.into())
    );
    let _ = writeln!(md, "- **{}:** {}", t("Kind of case", "Tipo de caso"), plain(&kind.title));
    let next = t("Next hearing", "Próxima audiencia");
    match hearings.first() {
        Some(h) => {
            let day = NaiveDate::parse_from_str(&h.date, "%Y-%m-%d").map(|d| lang.date(d)).unwrap_or_else(|_| h.date.clone());
            let time = h.time.as_deref().map(|time| format!(" {} {time}", t("at", "a las"))).unwrap_or_default();
            let _ = writeln!(md, "- **{next}:** {} — {day}{time}", plain(&h.title));
        }
        None => {
            let _ = writeln!(md, "- **{next}:** {unknown}");
        }
    }

    let copies = &super::packet_book_in(lang).copies;
    if !copies.text.trim().is_empty() {
        let _ = writeln!(md, "\n## {}\n", t("Copies to bring", "Copias que debe llevar"));
        let _ = writeln!(md, "{}\n", plain(&copies.text));
        let mut listed = std::collections::BTreeSet::new();
        for s in copies.sources.iter().filter(|s| listed.insert(s.url.as_str())) {
            let _ = writeln!(md, "- {}: {} ({}), {}", t("Source", "Fuente"), plain(&s.label), plain(&s.read), s.url);
        }
    }

    let exhibit = t("Exhibit", "Documento de prueba");
    let _ = writeln!(md, "\n## {} ({})\n", t("Exhibits", "Documentos de prueba"), exhibits.len());
    if exhibits.is_empty() {
        let _ = writeln!(
            md,
            "{}",
            t(
                "No documents are linked to what the court must find yet.",
                "Todavía no hay ningún documento vinculado a lo que el tribunal debe comprobar."
            )
        );
    } else {
        let _ = writeln!(
            md,
            "{}\n| --- | --- | --- | --- | --- |",
            t("| No. | Date | Exhibit | What it shows | Goes to |", "| N.º | Fecha | Documento de prueba | Qué muestra | Sirve para |")
        );
        for e in &exhibits {
            let date = match (&e.date, e.date_is_added) {
                (Some(d), false) => d.clone(),
                (Some(d), true) => format!("{} {d}", t("added", "agregado el")),
                (None, _) => "—".into(),
            };
            let shows = if e.shows.is_empty() { t("(say what it shows)", "(diga qué muestra)").to_string() } else { e.shows.join("; ") };
            let _ = writeln!(
                md,
                "| {exhibit} {} | {} | {} | {} | {} |",
                e.number,
                plain(&date),
                plain(&one_line(&e.label)),
                plain(&one_line(&shows)),
                plain(&e.goes_to.join("; "))
            );
        }
    }

    let mut payments: BTreeMap<i64, Row> = BTreeMap::new();
    let mut witnesses: BTreeMap<i64, Row> = BTreeMap::new();
    for element in &proof.elements {
        for link in &element.links {
            let rows = match link.record_kind.as_str() {
                "finance" => &mut payments,
                "contact" => &mut witnesses,
                _ => continue,
            };
            let row =
                rows.entry(link.record_id).or_insert_with(|| Row { label: link.label.clone(), date: link.date.clone(), ..Row::default() });
            row.goes_to.push(element.title.clone());
            if !link.note.is_empty() && !row.notes.contains(&link.note) {
                row.notes.push(link.note.clone());
            }
        }
    }
    if !payments.is_empty() {
        let _ = writeln!(
            md,
            "\n## {}\n\n{}\n| --- | --- | --- | --- |",
            t("Payments", "Pagos"),
            t("| Date | Amount and what | Note | Goes to |", "| Fecha | Cantidad y concepto | Nota | Sirve para |")
        );
        let mut rows: Vec<&Row> = payments.values().collect();
        rows.sort_by(|a, b| a.date.cmp(&b.date));
        for p in rows {
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} |",
                plain(p.date.as_deref().unwrap_or("—")),
                plain(&one_line(&p.label)),
                plain(&one_line(&p.notes.join("; "))),
                plain(&p.goes_to.join("; "))
            );
        }
    }

    let _ = writeln!(md, "\n## {} ({})\n", t("Witnesses", "Testigos"), witnesses.len());
    if witnesses.is_empty() {
        let _ = writeln!(md, "{}", t("No one is linked as a witness yet.", "Todavía no hay nadie vinculado como testigo."));
    } else {
        let _ = writeln!(
            md,
            "{}\n| --- | --- | --- |",
            t("| Witness | What they saw or know | Goes to |", "| Testigo | Qué vio o qué sabe | Sirve para |")
        );
        for w in witnesses.values() {
            let saw = if w.notes.is_empty() { t("(write what they saw)", "(escriba qué vio)").to_string() } else { w.notes.join("; ") };
            let _ = writeln!(md, "| {} | {} | {} |", plain(&one_line(&w.label)), plain(&one_line(&saw)), plain(&w.goes_to.join("; ")));
        }
    }

    let _ = writeln!(md, "\n## {}\n", t("Timeline", "Cronología"));
    if events.is_empty() {
        let _ = writeln!(md, "{}", t("No events are recorded.", "No hay eventos anotados."));
    }
    for e in &events {
        let party = e.party.as_deref().map(str::trim).filter(|p| !p.is_empty()).map(|p| format!(" ({})", plain(p))).unwrap_or_default();
        let _ = writeln!(md, "- {}: {}{party}", e.date, plain(&one_line(&e.title)));
    }

    let number_of: BTreeMap<i64, usize> = exhibits.iter().map(|e| (e.document_id, e.number)).collect();
    let _ = writeln!(
        md,
        "\n## {}",
        t("What the court must find, and the evidence for each", "Lo que el tribunal debe comprobar, y las pruebas de cada punto")
    );
    for (heading, side) in [(&kind.claim_heading, super::Side::Claim), (&kind.defence_heading, super::Side::Defence)] {
        let mut wrote = false;
        for e in proof.elements.iter().filter(|e| e.side == side) {
            if !wrote {
                let _ = writeln!(md, "\n### {}\n", plain(heading));
                wrote = true;
            }
            let status = match e.status {
                Status::Shown => t("something linked for each part", "hay algo vinculado para cada parte"),
                Status::Partly => t("some parts have something linked", "algunas partes tienen algo vinculado"),
                Status::Nothing => t("nothing linked yet", "todavía no hay nada vinculado"),
            };
            let sections: Vec<String> = e.sections.iter().map(|s| format!("§ {s}")).collect();
            let _ = writeln!(md, "**{}** — {status} ({})\n", plain(&e.title), sections.join(", "));
            let _ = writeln!(md, "{}\n", plain(&e.plain));
            for l in &e.links {
                // What the record is, before its name ("Exhibit 2: "); escaped apart, as escaping
                // trims the space after the colon.
                let what = match l.record_kind.as_str() {
                    "document" => number_of.get(&l.record_id).map(|n| format!("{exhibit} {n}:")),
                    "finance" => Some(format!("{}:", t("Payment", "Pago"))),
                    "contact" => Some(format!("{}:", t("Witness", "Testigo"))),
                    "timeline" => Some(match lang {
                        Lang::En => format!("Event of {}:", l.date.as_deref().unwrap_or("no date")),
                        Lang::Es => format!("Evento del {}:", l.date.as_deref().unwrap_or("día sin anotar")),
                    }),
                    _ => Some(format!("{}:", t("Note", "Nota"))),
                };
                let what = what.map(|w| format!("{} ", plain(&w))).unwrap_or_default();
                let note = if l.note.is_empty() { String::new() } else { format!(" — {}", one_line(&l.note)) };
                let _ = writeln!(md, "- {what}{}", plain(&format!("{}{note}", one_line(&l.label))));
            }
            for m in &e.missing {
                let _ = writeln!(md, "- {}: {}", t("Missing", "Falta"), plain(m));
            }
            for d in &e.dates {
                let _ = writeln!(md, "- {}", plain(d));
            }
            md.push('\n');
        }
    }
    if proof.elements.iter().all(|e| e.links.is_empty()) {
        warnings.push(
            t(
                "Nothing is linked yet: the packet lists what the court must find, with no evidence under it.",
                "Todavía no hay nada vinculado: el paquete lista lo que el tribunal debe comprobar, sin pruebas debajo.",
            )
            .into(),
        );
    }

    let _ = writeln!(md, "## {}\n", t("Sources", "Fuentes"));
    let mut listed = std::collections::BTreeSet::new();
    for e in &kind.elements {
        for s in e.sources.iter().filter_map(|s| kind.sources.get(s)) {
            if listed.insert(s.url.as_str()) {
                let _ = writeln!(md, "- {} ({}) {}", plain(&s.label), plain(&s.read), s.url);
            }
        }
    }
    Ok(Gathered { title, markdown: md, case_name: case.name, exhibits, warnings, lang })
}

/// Writes the packet, PDF and Word, to `dir` (never over an existing file).
pub fn write(gathered: Gathered, dir: &std::path::Path) -> Result<HearingPacket, ApiError> {
    let kept = match gathered.lang {
        Lang::En => "The case record kept in ProSeVA",
        Lang::Es => "Los registros del caso que se llevan en ProSeVA",
    };
    let source = Source { label: format!("{kept}: {}", one_line(&gathered.case_name)), url: None };
    let (draft, _) = Draft::create(&gathered.title, DraftKind::Markdown, &gathered.markdown, vec![source])
        .map_err(|e| ApiError::Unavailable(format!("the hearing packet could not be laid out: {e}")))?;
    let pdf = to_pdf(&draft).map_err(|e| ApiError::Unavailable(format!("the hearing packet's PDF could not be made: {e}")))?;
    let docx = to_docx(&draft).map_err(|e| ApiError::Unavailable(format!("the hearing packet's Word file could not be made: {e}")))?;
    std::fs::create_dir_all(dir).map_err(|e| ApiError::Unavailable(format!("cannot create the exports folder {}: {e}", dir.display())))?;
    let stem = match gathered.lang {
        Lang::En => format!("{} - hearing packet", file_stem(&gathered.case_name)),
        Lang::Es => format!("{} - paquete para la audiencia", file_stem(&gathered.case_name)),
    };
    let files = vec![save(dir, &stem, "pdf", &pdf)?, save(dir, &stem, "docx", &docx)?];
    Ok(HearingPacket { files, warnings: gathered.warnings })
}
