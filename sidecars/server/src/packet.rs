//! "Prepare for a lawyer or legal aid" (issue 41): the case gathered into one paper a lawyer or a
//! legal aid intake worker can read in a few minutes, so that a short first meeting is spent on
//! the case and not on collecting it.
//!
//! [`build`] reads the case record and writes, to the exports folder (`PROSEVA_EXPORT_DIR`), a PDF
//! and a Word file with the same content — the case in a page (court, case number, kind, parties
//! and their roles, what it is about), the key dates and deadlines with their status (done, past
//! and not done, or how many days are left), where the case stands on its step-by-step path, the
//! documents (every one listed; the chosen ones copied into a zip beside the paper), the timeline,
//! the people, the notes the person picked and their questions — and the zip when documents were
//! chosen. The paper goes through the drafts' exports ([`proseva_drafts::to_pdf`] and
//! [`proseva_drafts::to_docx`]), so names in every script come out as typed.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use proseva_drafts::{Draft, DraftKind, Source, escape_markdown as plain, to_docx, to_pdf};
use rusqlite::Connection;
use serde::Serialize;

use crate::ApiError;
use crate::drafting::one_line;
use crate::paths::StepStatus;
use crate::privacy::Privacy;
use crate::store::cases::{Case, Cases};
use crate::store::contacts::Contacts;
use crate::store::deadlines::Deadlines;
use crate::store::notes::Notes;
use crate::store::timeline::Timeline;
use crate::store::{ListFilter, Table, documents, path_deadlines};

/// The most questions a packet takes, and the most characters in one.
pub const MAX_QUESTIONS: usize = 40;
pub const MAX_QUESTION_CHARS: usize = 2_000;

/// What the person chose to put in: the notes to include, the documents to attach (every
/// document is listed either way) and their questions for the lawyer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Choice {
    pub notes: Vec<i64>,
    pub documents: Vec<i64>,
    pub questions: Vec<String>,
}

/// A file written to the exports folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Written {
    pub path: String,
    pub file_name: String,
}

/// What [`build`] made: the files, and anything it could not put in (a chosen document whose
/// stored file is gone).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Packet {
    pub files: Vec<Written>,
    pub warnings: Vec<String>,
}

/// The paper's content, gathered from the database: Markdown, and the originals to attach.
pub struct Gathered {
    pub title: String,
    pub markdown: String,
    /// `(name in the zip, stored file name)` of each chosen document.
    pub attachments: Vec<(String, String)>,
    pub case_name: String,
}

/// Reads the case and what the person chose. A note or document that is not this case's is an
/// error naming it, so nothing is silently left out.
pub fn gather(c: &Connection, case_id: i64, choice: &Choice, today: NaiveDate) -> Result<Gathered, ApiError> {
    let case = Cases::get(c, case_id)?.ok_or_else(|| ApiError::not_found("case", case_id))?;
    let filter = ListFilter::for_case(Some(case_id));
    let mut deadlines = Deadlines::list(c, &filter)?.items;
    deadlines.sort_by(|a, b| a.date.cmp(&b.date));
    let mut events = Timeline::list(c, &filter)?.items;
    events.sort_by(|a, b| a.date.cmp(&b.date));
    let contacts = Contacts::list(c, &filter)?.items;
    let drafted = crate::store::drafts::document_ids(c)?;
    let papers: Vec<documents::Document> = documents::list(c, &filter)?.items.into_iter().filter(|d| !drafted.contains(&d.id)).collect();
    let notes = Notes::list(c, &filter)?.items;

    let paper_ids: BTreeSet<i64> = papers.iter().map(|d| d.id).collect();
    if let Some(id) = choice.documents.iter().find(|id| !paper_ids.contains(id)) {
        return Err(ApiError::field("documents", format!("document {id} is not one of this case's documents")));
    }
    let note_ids: BTreeSet<i64> = notes.iter().map(|n| n.id).collect();
    if let Some(id) = choice.notes.iter().find(|id| !note_ids.contains(id)) {
        return Err(ApiError::field("notes", format!("note {id} is not one of this case's notes")));
    }
    let attached: BTreeSet<i64> = choice.documents.iter().copied().collect();

    let mut md = String::new();
    let title = format!("For a lawyer or legal aid: {}", one_line(&case.name));
    let _ = writeln!(
        md,
        "Prepared on {today} with ProSeVA from the case record its user keeps, to bring to a lawyer or a legal aid \
         program. It is their own summary, not a court record.\n"
    );

    md.push_str("## The case in a page\n\n");
    the_case(&mut md, &case, &contacts);

    md.push_str("\n## Key dates and deadlines\n\n");
    if deadlines.is_empty() {
        md.push_str("No deadlines or hearings are recorded.\n");
    } else {
        md.push_str("| Date | What | Status |\n| --- | --- | --- |\n");
        for d in &deadlines {
            let what = match (d.kind.trim(), d.time.as_deref()) {
                ("" | "other", _) => d.title.clone(),
                (kind, Some(time)) => format!("{} ({kind}, {time})", d.title),
                (kind, None) => format!("{} ({kind})", d.title),
            };
            let _ = writeln!(md, "| {} | {} | {} |", plain(&d.date), plain(&what), status(&d.date, d.done, today));
        }
    }

    if let Some(plan) = path_deadlines::case_plan(c, &case)? {
        md.push_str("\n## Where the case stands\n\n");
        let _ = writeln!(md, "Step-by-step path: {}.\n", plain(&plan.title));
        for step in &plan.steps {
            let mark = match step.status {
                StepStatus::Done => "done",
                StepStatus::Next => "next",
                StepStatus::Upcoming => "to come",
            };
            let by = step.deadline.as_ref().and_then(|d| d.date).map(|d| format!(" — by {d}")).unwrap_or_default();
            let _ = writeln!(md, "- {} ({mark}){by}", plain(&step.title));
        }
    }

    let _ = writeln!(md, "\n## Documents ({})\n", papers.len());
    if papers.is_empty() {
        md.push_str("No documents are stored for this case.\n");
    }
    let mut attachments = Vec::new();
    let mut zip_names = BTreeSet::new();
    for d in &papers {
        let kind = if d.kind == "other" { String::new() } else { format!(", {}", d.kind.replace('_', " ")) };
        let pages = d.page_count.map(|p| format!(", {p} page{}", if p == 1 { "" } else { "s" })).unwrap_or_default();
        let added = d.created_at.get(..10).unwrap_or(&d.created_at);
        let mark = if attached.contains(&d.id) { " — attached in the zip" } else { "" };
        let _ = writeln!(md, "- {} ({}{kind}{pages}; added {added}){mark}", plain(&d.title), plain(&d.file_name));
        if attached.contains(&d.id)
            && let Some(stored) = documents::stored_file(c, d.id)?
        {
            attachments.push((zip_name(&mut zip_names, &stored.file_name), stored.stored_file));
        }
    }

    md.push_str("\n## Timeline\n\n");
    if events.is_empty() {
        md.push_str("No events are recorded.\n");
    }
    for e in &events {
        let party = e.party.as_deref().map(str::trim).filter(|p| !p.is_empty()).map(|p| format!(" ({})", plain(p))).unwrap_or_default();
        let key = if e.is_critical { " — marked important" } else { "" };
        let _ = writeln!(md, "- {}: {}{party}{key}", e.date, plain(&e.title));
        if let Some(details) = e.details.as_deref().map(one_line).filter(|d| !d.is_empty()) {
            let _ = writeln!(md, "  {}", plain(&details));
        }
    }

    let chosen: Vec<_> = notes.iter().filter(|n| choice.notes.contains(&n.id)).collect();
    if !chosen.is_empty() {
        md.push_str("\n## Notes\n");
        for n in chosen {
            let _ = writeln!(md, "\n### {}\n", plain(&n.title));
            // A note is the person's own Markdown; its headings are put under this one.
            for line in n.body.lines() {
                if line.starts_with('#') {
                    let _ = writeln!(md, "###{line}");
                } else {
                    let _ = writeln!(md, "{line}");
                }
            }
        }
    }

    md.push_str("\n## My questions\n\n");
    let questions: Vec<String> = choice.questions.iter().map(|q| one_line(q)).filter(|q| !q.is_empty()).collect();
    if questions.is_empty() {
        md.push_str("(none written yet)\n");
    }
    for (i, q) in questions.iter().enumerate() {
        let _ = writeln!(md, "{}. {}", i + 1, plain(q));
    }
    Ok(Gathered { title, markdown: md, attachments, case_name: case.name })
}

fn the_case(md: &mut String, case: &Case, contacts: &[crate::store::contacts::Contact]) {
    let unknown = "not recorded";
    let _ = writeln!(md, "- **Case:** {}", plain(&case.name));
    let _ = writeln!(md, "- **Court:** {}", case.court.as_deref().map(plain).unwrap_or_else(|| unknown.into()));
    let _ = writeln!(md, "- **Case number:** {}", case.case_number.as_deref().map(plain).unwrap_or_else(|| unknown.into()));
    let kind = case.kind.as_deref().and_then(crate::paths::path).map(|p| p.title.as_str()).or(case.case_type.as_deref()).map(plain);
    let _ = writeln!(md, "- **Kind of case:** {}", kind.unwrap_or_else(|| unknown.into()));
    let _ = writeln!(md, "- **Status:** {}", plain(&case.status));
    if let Some(amount) = case.amount {
        let _ = writeln!(md, "- **Amount claimed:** ${amount:.2}");
    }
    md.push_str("- **Parties:**");
    if case.parties.is_empty() {
        let _ = write!(md, " {unknown}");
    }
    md.push('\n');
    for p in &case.parties {
        let role = p.role.as_deref().map(|r| format!(" — {}", plain(&r.replace('_', " ")))).unwrap_or_default();
        let _ = writeln!(md, "  - {}{role}", plain(&p.name));
    }
    if let Some(about) = case.notes.as_deref().map(one_line).filter(|n| !n.is_empty()) {
        let _ = writeln!(md, "- **What it is about:** {}", plain(&about));
    }
    if !contacts.is_empty() {
        md.push_str("\n**People in the case**\n\n");
        for p in contacts {
            let reach: Vec<&str> = [p.phone.as_deref(), p.email.as_deref()].into_iter().flatten().collect();
            let reach = if reach.is_empty() { String::new() } else { format!(", {}", plain(&reach.join(", "))) };
            let _ = writeln!(md, "- {} ({}){reach}", plain(&p.name), plain(&p.role.replace('_', " ")));
        }
    }
}

/// `done`, `PAST — not marked done (3 days ago)`, `today`, `in 12 days`.
fn status(date: &str, done: bool, today: NaiveDate) -> String {
    if done {
        return "done".into();
    }
    match NaiveDate::parse_from_str(date, "%Y-%m-%d") {
        Ok(day) => {
            let days = (day - today).num_days();
            match days {
                0 => "today".into(),
                1 => "tomorrow".into(),
                d if d > 1 => format!("in {d} days"),
                -1 => "PAST — not marked done (yesterday)".into(),
                d => format!("PAST — not marked done ({} days ago)", -d),
            }
        }
        Err(_) => "not done".into(),
    }
}

/// Writes the paper (PDF and Word) and, when documents were chosen, the zip, to `dir`: files the
/// person takes to a lawyer, so they are not sealed even when the case file is (the Help tab
/// says where they went).
pub fn write(gathered: &Gathered, originals: &Privacy, dir: &Path) -> Result<Packet, ApiError> {
    let source = Source { label: format!("The case record kept in ProSeVA: {}", one_line(&gathered.case_name)), url: None };
    let (draft, _) = Draft::create(&gathered.title, DraftKind::Markdown, &gathered.markdown, vec![source])
        .map_err(|e| ApiError::Unavailable(format!("the packet could not be laid out: {e}")))?;
    let failed = |what: &str| {
        let what = what.to_string();
        move |e: proseva_drafts::DraftError| ApiError::Unavailable(format!("the packet's {what} could not be made: {e}"))
    };
    let pdf = to_pdf(&draft).map_err(failed("PDF"))?;
    let docx = to_docx(&draft).map_err(failed("Word file"))?;
    std::fs::create_dir_all(dir).map_err(|e| ApiError::Unavailable(format!("cannot create the exports folder {}: {e}", dir.display())))?;
    let stem = format!("{} - for a lawyer", file_stem(&gathered.case_name));
    let mut files = vec![save(dir, &stem, "pdf", &pdf)?, save(dir, &stem, "docx", &docx)?];
    let mut warnings = Vec::new();
    if !gathered.attachments.is_empty() {
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        let mut added = 0;
        for (name, stored) in &gathered.attachments {
            match originals.read_file(stored) {
                Ok(bytes) => {
                    let put = zip.start_file(name.as_str(), options).and_then(|()| zip.write_all(&bytes).map_err(Into::into));
                    put.map_err(|e| ApiError::Unavailable(format!("the documents' zip could not be written: {e}")))?;
                    added += 1;
                }
                Err(e) => warnings.push(format!("{name} was left out of the zip: its stored copy could not be read ({e})")),
            }
        }
        let bytes = zip.finish().map_err(|e| ApiError::Unavailable(format!("the documents' zip could not be written: {e}")))?.into_inner();
        if added > 0 {
            files.push(save(dir, &format!("{} - documents", file_stem(&gathered.case_name)), "zip", &bytes)?);
        }
    }
    Ok(Packet { files, warnings })
}

/// Writes `bytes` as `stem.extension`, or `stem-2.extension`, … when that name is taken; never
/// over an existing file.
pub(crate) fn save(dir: &Path, stem: &str, extension: &str, bytes: &[u8]) -> Result<Written, ApiError> {
    let mut n = 1;
    loop {
        let name = if n == 1 { format!("{stem}.{extension}") } else { format!("{stem}-{n}.{extension}") };
        let path: PathBuf = dir.join(&name);
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut file) => {
                file.write_all(bytes)
                    .and_then(|()| file.sync_all())
                    .map_err(|e| ApiError::Unavailable(format!("cannot write {}: {e}", path.display())))?;
                return Ok(Written { path: path.display().to_string(), file_name: name });
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 10_000 => n += 1,
            Err(e) => return Err(ApiError::Unavailable(format!("cannot write {}: {e}", path.display()))),
        }
    }
}

/// A case name as a file name: letters (any script), digits, spaces and dashes, at most 60
/// characters; `case` when nothing is left.
pub(crate) fn file_stem(name: &str) -> String {
    let stem: String = name.chars().map(|c| if c.is_alphanumeric() || c == '-' { c } else { ' ' }).collect();
    let stem: String = stem.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(60).collect();
    if stem.is_empty() { "case".into() } else { stem }
}

/// A document's name in the zip: its own file name, numbered when two are the same.
fn zip_name(taken: &mut BTreeSet<String>, file_name: &str) -> String {
    let clean: String =
        file_name.chars().map(|c| if c == '/' || c == '\\' || c.is_control() { '_' } else { c }).collect::<String>().trim().to_string();
    let clean = if clean.is_empty() || clean.starts_with('.') { format!("document{clean}") } else { clean };
    let mut name = clean.clone();
    let mut n = 2;
    while !taken.insert(name.clone()) {
        name = match clean.rsplit_once('.') {
            Some((stem, ext)) => format!("{stem} ({n}).{ext}"),
            None => format!("{clean} ({n})"),
        };
        n += 1;
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_say_what_is_past() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 10).unwrap();
        assert_eq!(status("2026-03-01", false, today), "PAST — not marked done (9 days ago)");
        assert_eq!(status("2026-03-01", true, today), "done");
        assert_eq!(status("2026-03-10", false, today), "today");
        assert_eq!(status("2026-03-22", false, today), "in 12 days");
        assert_eq!(status("soon", false, today), "not done");
    }

    #[test]
    fn names_keep_their_script_and_never_collide() {
        assert_eq!(file_stem("Nguyễn Thị Lan v. Oak Ridge, LLC"), "Nguyễn Thị Lan v Oak Ridge LLC");
        assert_eq!(file_stem("../../"), "case");
        let mut taken = BTreeSet::new();
        assert_eq!(zip_name(&mut taken, "lease.pdf"), "lease.pdf");
        assert_eq!(zip_name(&mut taken, "lease.pdf"), "lease (2).pdf");
        assert_eq!(zip_name(&mut taken, "../x"), "document.._x");
        assert_eq!(zip_name(&mut taken, ".hidden"), "document.hidden");
        assert_eq!(plain("**a** [b](c) <i>"), "\\*\\*a\\*\\* \\[b\\](c) \\<i\\>");
    }
}
