//! The case workspace in the real window, as a person uses it, offline, from a fresh data dir:
//! the first case, a deadline counted from Rule 5A:6 past a holiday, a custody order (PDF) and a
//! scanned letter (PNG, read by OCR), two questions answered from them, an answer saved as a
//! note, everything still there after a restart, and after a backup, a wiped data dir and a
//! restore through the window; then the custody order connected to the law by the `integrate`
//! workflow from its Workflows menu.
//!
//! Needs what `e2e.rs` needs (Xvfb, WebKitWebDriver, tauri-driver, the sidecars built beside
//! `proseva`) and `pdftoppm` (poppler-utils) to make the scan; the server reads it with
//! Tesseract. `make test` installs them all. Screenshots go to `$PROSEVA_SCREENSHOT_DIR` when it is
//! set (`make screenshots` writes them to docs/).

mod support;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use chrono::{Datelike, Days, Local, NaiveDate, Weekday};
use serde_json::{Value, json};
use support::{
    Driver, ENTER, LONG, Session, press, quit_leaving_nothing, save_screenshot, sidecar_pids, start_driver, start_xvfb, text_of,
};

/// Reading a scan (OCR) and embedding the passages of two documents on a busy 2-core machine.
const READING: Duration = Duration::from_secs(180);

const CASE_NAME: &str = "Smith v. Smith — custody";
/// Rule 5A:6(a): a notice of appeal to the Court of Appeals, 30 days after the final judgment.
const RULE_ID: &str = "notice-of-appeal-court-of-appeals";
const RULE_DAYS: u64 = 30;
const RULE_TITLE: &str = "File a notice of appeal to the Court of Appeals";

const EXCHANGE_QUESTION: &str = "Where do we exchange the child?";
const DEADLINES_QUESTION: &str = "What are my upcoming deadlines?";

/// The custody order: a PDF with a text layer.
const ORDER: &[&[&str]] = &[
    &[
        "VIRGINIA: IN THE CIRCUIT COURT OF FAIRFAX COUNTY",
        "John Smith v. Mary Smith, Case No. CL-2026-0417",
        "FINAL CUSTODY AND VISITATION ORDER",
        "The parties share joint legal custody of the minor child.",
        "Mary Smith has primary physical custody of the child.",
        "John Smith has visitation every other weekend, from Friday to Sunday.",
        "All exchanges take place at the Fairfax County police station on Fridays at 6 pm.",
        "Neither party shall speak badly of the other in the presence of the child.",
    ],
    &["ENTERED this 27th day of October, 2026.", "Judge of the Circuit Court of Fairfax County"],
];

/// The letter, printed and scanned: a PNG with no text layer.
const LETTER: &[&str] = &[
    "LAW OFFICE OF DANIEL REYES",
    "November 20, 2026",
    "Dear Mr. Smith,",
    "I represent Mary Smith. She asks that the winter break schedule",
    "be agreed in writing before December 18, 2026.",
    "Please reply to this office by mail or telephone.",
    "Sincerely, Daniel Reyes",
];

// ---------------------------------------------------------------------------------------------
// The deadline's dates, counted here independently of the app.

fn thanksgiving(year: i32) -> NaiveDate {
    let first = NaiveDate::from_ymd_opt(year, 11, 1).unwrap();
    let to_thursday = (7 + Weekday::Thu.num_days_from_monday() - first.weekday().num_days_from_monday()) % 7;
    first + Days::new(u64::from(to_thursday) + 21)
}

/// The legal holidays (§ 2.2-3300) a deadline that falls on Thanksgiving or Christmas can roll
/// over: Thanksgiving and the Friday after it, Christmas Day, and Christmas observed on the
/// Monday after when it falls on a Sunday.
fn closed(date: NaiveDate) -> bool {
    let christmas = NaiveDate::from_ymd_opt(date.year(), 12, 25).unwrap();
    let christmas_observed = if christmas.weekday() == Weekday::Sun { christmas + Days::new(1) } else { christmas };
    let thanksgiving = thanksgiving(date.year());
    matches!(date.weekday(), Weekday::Sat | Weekday::Sun)
        || [thanksgiving, thanksgiving + Days::new(1), christmas, christmas_observed].contains(&date)
}

/// A judgment date whose 30 days end on the next Thanksgiving or Christmas (so the deadline is
/// still ahead): `(trigger date, counted date, the deadline after the days the office is closed)`.
fn holiday_deadline(today: NaiveDate) -> (NaiveDate, NaiveDate, NaiveDate) {
    let counted = [today.year(), today.year() + 1]
        .into_iter()
        .flat_map(|y| [thanksgiving(y), NaiveDate::from_ymd_opt(y, 12, 25).unwrap()])
        .find(|d| *d > today)
        .unwrap();
    let mut due = counted;
    while closed(due) {
        due = due + Days::new(1);
    }
    (counted - Days::new(RULE_DAYS), counted, due)
}

#[test]
fn holiday_deadlines_roll_past_thanksgiving_and_christmas() {
    let d = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
    assert_eq!(thanksgiving(2026), d("2026-11-26"));
    // Thanksgiving 2026, the Friday after, then the weekend: Monday, November 30.
    assert_eq!(holiday_deadline(d("2026-11-24")), (d("2026-10-27"), d("2026-11-26"), d("2026-11-30")));
    // Christmas 2026 is a Friday: Monday, December 28.
    assert_eq!(holiday_deadline(d("2026-11-26")), (d("2026-11-25"), d("2026-12-25"), d("2026-12-28")));
    // Christmas 2033 is a Sunday, observed Monday: Tuesday, December 27.
    assert_eq!(holiday_deadline(d("2033-11-30")).2, d("2033-12-27"));
}

// ---------------------------------------------------------------------------------------------
// The files a person would have on their computer.

/// Writes the custody order and the scanned letter into `dir`; returns their paths.
fn make_documents(dir: &Path) -> (PathBuf, PathBuf) {
    let order = dir.join("custody-order.pdf");
    std::fs::write(&order, proseva_server::samples::pdf(ORDER)).unwrap();
    // The letter is printed to a PDF and rendered to an image at a scanner's resolution.
    let printed = dir.join("letter-printed.pdf");
    std::fs::write(&printed, proseva_server::samples::pdf(&[LETTER])).unwrap();
    let pdftoppm = support::which("pdftoppm").expect("pdftoppm is not installed (apt-get install poppler-utils; `make test` installs it)");
    let stem = dir.join("letter-scan");
    let status =
        std::process::Command::new(pdftoppm).args(["-png", "-r", "200", "-gray", "-singlefile"]).arg(&printed).arg(&stem).status().unwrap();
    assert!(status.success(), "pdftoppm failed: {status}");
    let scan = stem.with_extension("png");
    assert!(std::fs::read(&scan).unwrap().starts_with(b"\x89PNG"), "pdftoppm wrote a PNG");
    (order, scan)
}

// ---------------------------------------------------------------------------------------------
// Driving the window.

/// Starts the app in a new window and waits until its cases have been read from a healthy server.
fn launch(driver: &Driver) -> Session {
    let session = Session::new(driver, Path::new(env!("CARGO_BIN_EXE_proseva"))).unwrap();
    session.wait_for("#status-server[data-state='healthy']", LONG).unwrap();
    session.wait_for("#status-explorer[data-state='healthy']", LONG).unwrap();
    session
        .wait_until("return document.body.dataset.ready === 'true' && window.proseva && !window.proseva.workspace.casesError", LONG)
        .unwrap();
    support::skip_start(&session);
    session
}

/// Quits the app (ends the session) and waits until its sidecars are gone.
fn quit(session: Session) {
    let pids = sidecar_pids(&session);
    assert_eq!(pids.len(), 2, "both sidecars report a pid");
    quit_leaving_nothing(session, &pids);
}

/// Opens Settings and waits until it has loaded (filling it moves what is below the fields) and
/// listed the backups.
fn open_settings(session: &Session) {
    press(session, "#open-settings");
    session.wait_for("#settings-dialog[open] #settings-form[aria-busy='false']", LONG).unwrap();
    session.wait_for("#backup-list :is(.backup-item, .backup-none)", LONG).unwrap();
}

/// The Case tab at sub-page `page`, once the page shows.
fn case_page(session: &Session, page: &str) {
    press(session, "#tab-workspace");
    session.wait_for("#panel-workspace[data-state='case']", LONG).unwrap();
    press(session, &format!("#workspace .ws-nav button[data-page='{page}']"));
    session.wait_for(&format!("#panel-workspace[data-page='{page}'] #ws-page-{page}:not([hidden])"), LONG).unwrap();
}

/// `{id, title, stage, stageText, problem}` of each row of the Documents page (`textContent`: rows
/// not painted yet, `content-visibility: auto`, have no `innerText`).
fn document_rows(session: &Session) -> Vec<Value> {
    let rows = session
        .script(
            "return [...document.querySelectorAll('#records-documents .rec-row')].map(r => ({
               id: r.dataset.id,
               title: r.querySelector('.rec-title')?.textContent ?? '',
               stage: r.dataset.stage,
               stageText: r.querySelector('.stage-text')?.textContent ?? '',
               problem: r.querySelector('.doc-problem')?.textContent ?? null }))",
            json!([]),
        )
        .unwrap();
    rows.as_array().cloned().unwrap_or_default()
}

/// Waits until both documents are searchable (by words or meaning); fails at once on a document
/// that could not be read. The documents screenshot is taken while the scan is being read (OCR
/// page k of n) when the page shows that, else once both are searchable.
fn wait_until_documents_are_searchable(session: &Session, shoot: bool) -> Vec<Value> {
    let deadline = Instant::now() + READING;
    let mut shot = !shoot;
    loop {
        let rows = document_rows(session);
        for row in &rows {
            let stage = row["stage"].as_str().unwrap_or_default();
            assert!(!matches!(stage, "failed" | "ocr_unavailable"), "a document could not be read: {row}");
        }
        if !shot && rows.iter().any(|r| r["stage"] == "ocr" && r["stageText"].as_str().is_some_and(|t| t.starts_with("OCR page"))) {
            save_screenshot(session, "documents.png");
            shot = true;
        }
        if rows.len() == 2 && rows.iter().all(|r| matches!(r["stage"].as_str(), Some("words" | "meaning"))) {
            if !shot {
                save_screenshot(session, "documents.png");
            }
            return rows;
        }
        assert!(Instant::now() < deadline, "the documents did not become searchable within {READING:?}: {rows:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The finished answers in the Ask transcript, once there are `n`.
fn answers(session: &Session, n: usize) -> Vec<String> {
    let css = "#chat-transcript .message.assistant[data-state='done']";
    session
        .wait_until(&format!("return document.querySelectorAll(\"{css}\").length >= {n}"), LONG)
        .unwrap_or_else(|e| panic!("{e}; the transcript: {}", text_of(session, "#chat-transcript")));
    session.find_all(css).unwrap().iter().map(|a| session.text(a).unwrap()).collect()
}

fn ask(session: &Session, question: &str) {
    let input = session.wait_for("#chat-input", LONG).unwrap();
    session.type_text(&input, question).unwrap();
    session.type_text(&input, ENTER).unwrap();
}

/// Checks what the workspace holds: the case, the deadline, both documents, the note and the
/// saved conversation (`conversation` is its id).
fn check_everything_is_there(session: &Session, due: NaiveDate, conversation: &str, context: &str) {
    case_page(session, "overview");
    session.wait_until(&format!("return document.querySelector('#case-title')?.innerText === {}", json!(CASE_NAME)), LONG).unwrap();
    for (count, n) in [("deadlines", "1"), ("documents", "2"), ("notes", "1")] {
        session
            .wait_until(
                &format!("return document.querySelector(\"#case-counts [data-count='{count}'] .count-number\")?.innerText === '{n}'"),
                LONG,
            )
            .unwrap_or_else(|e| panic!("{context}: {count} on the overview: {e}"));
    }

    case_page(session, "deadlines");
    let row = session.wait_for(&format!("#deadlines-upcoming .rec-row[data-rule-id='{RULE_ID}'][data-date='{due}']"), LONG).unwrap();
    let text = session.text(&row).unwrap();
    assert!(text.contains(RULE_TITLE) && text.contains("5A:6"), "{context}: the deadline row: {text}");

    case_page(session, "documents");
    let rows = wait_until_documents_are_searchable(session, false);
    let titles: Vec<&str> = rows.iter().filter_map(|r| r["title"].as_str()).collect();
    assert!(titles.iter().any(|t| t.contains("custody-order")), "{context}: the custody order is listed: {titles:?}");
    assert!(titles.iter().any(|t| t.contains("letter-scan")), "{context}: the scanned letter is listed: {titles:?}");

    case_page(session, "notes");
    let note = text_of(session, "#records-notes .note-open");
    assert_eq!(note, EXCHANGE_QUESTION, "{context}: the saved note is listed");

    press(session, "#tab-chat");
    press(session, "#chat-conversations");
    let item =
        session.wait_for(&format!("#conversation-list .conversation-item[data-id='{conversation}'][data-kind='chat']"), LONG).unwrap();
    let title = session.text(&item).unwrap();
    assert!(title.contains(EXCHANGE_QUESTION), "{context}: the conversation is listed by its first question: {title}");
    press(session, &format!("#conversation-list .conversation-item[data-id='{conversation}'] .conversation-open"));
    session.wait_for(&format!("#chat-transcript[data-conversation-id='{conversation}']"), LONG).unwrap();
    session
        .wait_until("return document.querySelectorAll(\"#chat-transcript .message.assistant[data-replayed='true'][data-state='done']\").length === 2", LONG)
        .unwrap();
    let replayed = answers(session, 2);
    assert!(replayed[0].contains("Fairfax County police station"), "{context}: the reopened answer: {}", replayed[0]);
    assert!(replayed[1].contains(&due.to_string()), "{context}: the reopened deadlines answer: {}", replayed[1]);
}

#[test]
fn a_case_is_built_asked_about_kept_across_restarts_and_restored_from_a_backup() {
    let data = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let backups = outside.path().join("Backups");
    let (order, scan) = make_documents(outside.path());
    let (trigger, counted, due) = holiday_deadline(Local::now().date_naive());

    let (_xvfb, display) = start_xvfb().unwrap();
    let env = [
        ("PROSEVA_DATA_DIR", data.path().display().to_string()),
        ("PROSEVA_BACKUP_DIR", backups.display().to_string()),
        ("PROSEVA_EXPORT_DIR", outside.path().join("Exports").display().to_string()),
        ("PROSEVA_LLM", "offline".to_string()),
        ("PROSEVA_SECRETS", "file".to_string()),
        ("PROSEVA_NO_DIALOG", "1".to_string()),
        ("RUST_LOG", "info".to_string()),
        // The date field takes a date typed in the locale's order: month/day/year in this one.
        ("LC_ALL", "C.UTF-8".to_string()),
    ];
    let driver = start_driver(&display, &env).unwrap();
    let session = launch(&driver);

    // 1. First run: no case yet, the first-run card creates one.
    press(&session, "#tab-workspace");
    session.wait_for("#panel-workspace[data-state='first-run'] #first-case:not([hidden])", LONG).unwrap();
    session.type_text(&session.wait_for("#first-case-name", LONG).unwrap(), CASE_NAME).unwrap();
    press(&session, "#first-case-type option[value='custody']");
    session.type_text(&session.wait_for("#first-case-court", LONG).unwrap(), "Fairfax County Circuit Court").unwrap();
    session.type_text(&session.wait_for("#first-case-caseNumber", LONG).unwrap(), "CL-2026-0417").unwrap();
    press(&session, "#first-case-submit");
    session.wait_for("#panel-workspace[data-state='case'][data-page='overview']", LONG).unwrap();
    session.wait_until(&format!("return document.querySelector('#case-title')?.innerText === {}", json!(CASE_NAME)), LONG).unwrap();
    let details = text_of(&session, "#case-details");
    assert!(details.contains("Custody and visitation") && details.contains("CL-2026-0417"), "{details}");
    let picked = session.script("const p = document.querySelector('#case-picker'); return p.selectedOptions[0]?.text", json!([])).unwrap();
    assert_eq!(picked, json!(CASE_NAME), "the header's picker shows the new case");

    // 2. Deadlines → Add from a rule: Rule 5A:6 from a judgment 30 days before a holiday.
    case_page(&session, "deadlines");
    press(&session, "#deadline-from-rule");
    press(&session, &format!("#deadline-rule-dialog[open] label[for='rule-opt-{RULE_ID}']"));
    session.wait_until(&format!("return document.querySelector(\"#rule-list input[value='{RULE_ID}']\").checked"), LONG).unwrap();
    let field = session.wait_for("#rule-trigger", LONG).unwrap();
    session.type_text(&field, &trigger.format("%m/%d/%Y").to_string()).unwrap();
    session.wait_until(&format!("return document.querySelector('#rule-trigger').value === '{trigger}'"), LONG).unwrap_or_else(|e| {
        panic!("{e}: the date field holds {:?}", session.script("return document.querySelector('#rule-trigger').value", json!([])))
    });
    session.wait_for("#deadline-rule-preview[data-state='ready']", LONG).unwrap();
    let shown = session.attribute(&session.wait_for("#rule-preview-date", LONG).unwrap(), "data-date").unwrap();
    assert_eq!(
        shown.as_deref(),
        Some(due.to_string().as_str()),
        "30 days after {trigger} is {counted}, a holiday: the deadline moves to {due}"
    );
    let skipped: Vec<String> = session
        .find_all("#rule-preview-skipped li[data-date]")
        .unwrap()
        .iter()
        .filter_map(|li| session.attribute(li, "data-date").unwrap())
        .collect();
    assert_eq!(skipped.first(), Some(&counted.to_string()), "the holiday itself is the first day skipped: {skipped:?}");
    let explanation = text_of(&session, "#rule-preview-explanation");
    assert!(
        explanation.contains("Rule 5A:6(a)") && explanation.contains("legal holiday") && explanation.contains("§ 1-210"),
        "{explanation}"
    );
    session.script("document.querySelector('#rule-list .rule-option.selected')?.scrollIntoView({block: 'nearest'})", json!([])).unwrap();
    save_screenshot(&session, "deadline-rule.png");
    press(&session, "#rule-save:not([disabled])");
    session.wait_for("#deadline-rule-dialog:not([open])", LONG).unwrap();
    session.wait_for(&format!("#deadlines-upcoming .rec-row[data-rule-id='{RULE_ID}'][data-date='{due}']"), LONG).unwrap();

    // 3. Documents: the custody order and the scanned letter, through the page's file picker.
    case_page(&session, "documents");
    let input = session.wait_for("#document-file-input", LONG).unwrap();
    session.type_text(&input, &format!("{}\n{}", order.display(), scan.display())).unwrap();
    session.wait_for("#upload-progress[data-state='done']", LONG).unwrap();
    let status = text_of(&session, "#upload-status");
    assert!(status.starts_with("2 of 2 uploaded"), "{status}");
    let rows = wait_until_documents_are_searchable(&session, true);
    // The scan's words were read: its text opens in the viewer.
    let scan_row = rows.iter().find(|r| r["title"].as_str().is_some_and(|t| t.contains("letter-scan"))).expect("the scan is listed");
    press(&session, &format!("#records-documents .rec-row[data-id='{}'] button[data-action='view']", scan_row["id"].as_str().unwrap()));
    session.wait_for("#document-viewer[open][data-state='ready']", LONG).unwrap();
    let heading = text_of(&session, "#doc-heading");
    assert!(heading.contains("letter-scan"), "{heading}");
    let read = text_of(&session, "#document-text").to_lowercase();
    assert!(read.contains("winter break") && read.contains("reyes"), "the letter's text, as OCR read it: {read}");
    press(&session, "#doc-close");
    session.wait_for("#document-viewer:not([open])", LONG).unwrap();

    // 4. Ask: the exchange place comes from the custody order; the deadline from the rule.
    press(&session, "#tab-chat");
    ask(&session, EXCHANGE_QUESTION);
    let first = answers(&session, 1).remove(0);
    assert!(first.contains("Fairfax County police station"), "the answer quotes the custody order: {first}");
    assert!(first.contains("custody-order"), "the answer names the custody order: {first}");
    ask(&session, DEADLINES_QUESTION);
    let second = answers(&session, 2).remove(1);
    assert!(second.contains(&due.to_string()) && second.contains(RULE_TITLE), "the answer lists the deadline and its date: {second}");
    let conversation = session
        .attribute(&session.wait_for("#chat-transcript[data-conversation-id]", LONG).unwrap(), "data-conversation-id")
        .unwrap()
        .unwrap();

    // 5. Save the first answer as a note (the first match in the page is the first answer's).
    press(&session, "#chat-transcript .message.assistant[data-state='done'] .answer-actions button.save-note");
    session.wait_for("#chat-transcript .answer-actions[data-state='saved'] .saved-note-link", LONG).unwrap();
    let saved = text_of(&session, "#chat-transcript .answer-actions[data-state='saved']");
    assert!(saved.contains("Saved to notes") && saved.contains(CASE_NAME), "{saved}");

    // 6. Quit and start again on the same data dir: the conversation and the note are there.
    quit(session);
    let session = launch(&driver);
    check_everything_is_there(&session, due, &conversation, "after a restart");
    // The reopened answer where it quotes the custody order.
    session
        .script(
            "const quote = [...document.querySelectorAll('#chat-transcript .message.assistant :is(p, li, blockquote)')]
               .find(e => e.textContent.includes('Fairfax County police station'));
             quote?.scrollIntoView({block: 'center'});",
            json!([]),
        )
        .unwrap();
    save_screenshot(&session, "conversation.png");

    // 7. Back up everything, quit, wipe the data dir, start again and restore the backup.
    open_settings(&session);
    press(&session, "#backup-create");
    session.wait_for("#backup-status:is([data-state='done'], [data-state='error'])", LONG).unwrap();
    let status = text_of(&session, "#backup-status");
    assert!(status.starts_with("✓ Saved to"), "{status}");
    let archive = text_of(&session, "#backup-path");
    assert!(Path::new(&archive).starts_with(&backups) && Path::new(&archive).is_file(), "the backup is outside the data dir: {archive}");
    session.wait_for(&format!("#backup-list .backup-restore[data-path={}]", json!(archive)), LONG).unwrap();
    press(&session, "#settings-cancel");
    session.wait_for("#settings-dialog:not([open])", LONG).unwrap();
    quit(session);

    std::fs::remove_dir_all(data.path()).unwrap();
    std::fs::create_dir(data.path()).unwrap();
    let session = launch(&driver);
    press(&session, "#tab-workspace");
    session.wait_for("#panel-workspace[data-state='first-run'] #first-case:not([hidden])", LONG).unwrap();

    open_settings(&session);
    press(&session, &format!("#settings-dialog[open] #backup-list .backup-restore[data-path={}]", json!(archive)));
    let question = text_of(&session, "#confirm-dialog[open] #confirm-message");
    assert!(question.contains("replaced by the backup"), "{question}");
    press(&session, "#confirm-dialog[open] #confirm-ok");
    session.wait_for("#backup-status:is([data-state='restored'], [data-state='error'])", LONG).unwrap();
    let restored = text_of(&session, "#backup-status");
    assert!(restored.starts_with("✓ Restored the backup"), "{restored}");
    let kept = text_of(&session, "#restore-kept-at");
    assert!(!kept.is_empty(), "the data the restore replaced is kept aside");
    press(&session, "#settings-cancel");
    session.wait_for("#settings-dialog:not([open])", LONG).unwrap();
    check_everything_is_there(&session, due, &conversation, "after a restore");
    case_page(&session, "overview");
    save_screenshot(&session, "case.png");

    // 8. Workflows: connect the custody order to the law, from its row's Workflows menu.
    connect_the_order_to_the_law(&session);
    quit(session);
}

/// Runs "Connect to the law" (integrate) on the custody order from the Documents page: it runs in
/// Ask as a new conversation whose trail shows the plan and the writes, and the note it wrote opens
/// from the trail with a Connections section naming Code sections.
fn connect_the_order_to_the_law(session: &Session) {
    case_page(session, "documents");
    let rows = document_rows(session);
    let order = rows.iter().find(|r| r["title"].as_str().is_some_and(|t| t.contains("custody-order"))).expect("the order is listed");
    let row = format!("#records-documents .rec-row[data-id='{}']", order["id"].as_str().unwrap());
    press(session, &format!("{row} .workflows-menu:not([hidden]) > summary"));
    press(session, &format!("{row} .workflows-menu[open] button.workflow-choice[data-workflow='integrate']"));
    session.wait_for("#panel-chat:not([hidden]) #chat-transcript .message.user.workflow-run[data-workflow='integrate']", LONG).unwrap();
    let summary = answers(session, 1).remove(0);
    assert!(summary.contains("Connect to the law") && summary.contains("Connections: custody-order"), "{summary}");
    // The trail: the plan first, then the note written, with a way to open it.
    let steps: Vec<String> = session
        .script(
            "return [...document.querySelectorAll('#chat-transcript .trail-item')].map(i => i.dataset.tool + ':' + i.dataset.state)",
            json!([]),
        )
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    assert_eq!(steps.first().map(String::as_str), Some("think:ok"), "{steps:?}");
    assert!(steps.contains(&"create_note:ok".to_string()) && steps.contains(&"append_to_note:ok".to_string()), "{steps:?}");
    assert!(steps.iter().any(|s| s == "link:ok"), "the sections were linked: {steps:?}");
    session
        .script("document.querySelector('#chat-transcript .message.user.workflow-run')?.scrollIntoView({block: 'start'})", json!([]))
        .unwrap();
    save_screenshot(session, "workflow-run.png");
    press(session, "#chat-transcript .trail-item[data-tool='append_to_note'] button.open-record");
    session.wait_for("#panel-workspace[data-page='notes'] #note-editor[data-note-id]:not([data-note-id=''])", LONG).unwrap();
    session.wait_until("return (document.querySelector('#note-preview')?.innerText || '').includes('Connections')", LONG).unwrap();
    let note = text_of(session, "#note-preview");
    // Every section it connects is custody law: the note says what each shares with the order.
    let sections: Vec<&str> = note.split("[§").skip(1).map(|s| s.split(['\n', '“']).next().unwrap_or_default()).collect();
    assert!(sections.len() >= 2, "the connections name sections: {note}");
    assert!(sections.iter().all(|l| l.contains("custody")), "the connections name custody sections: {note}");
    assert_eq!(note.matches("Connections").count(), 1, "one Connections section: {note}");
    session.script("document.querySelector('#note-preview')?.scrollIntoView({block: 'start'})", json!([])).unwrap();
    save_screenshot(session, "workflow-note.png");
}
