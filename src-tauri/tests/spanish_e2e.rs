//! The window in Spanish (issue 44), in the real window: on a computer whose language is Spanish
//! (`LANG=es_US.UTF-8`), a first case made from the Case tab, Step by step for an eviction, the
//! reminder two days before its hearing, and the card that holds a write the assistant proposed
//! are all in Spanish — every word the window shows is checked for English ([`english_in`]),
//! allowing only the names the person typed, official form names beside their number, `§`
//! numbers and the app's name.
//!
//! Time is the test's (`PROSEVA_CLOCK_FILE`, `TZ=America/New_York`) and the model a stand-in on
//! loopback in the chat-completions wire format, as in `steps_e2e.rs` and `pipeline_e2e.rs`.
//! Needs what `e2e.rs` needs. Screenshots go to `$PROSEVA_SCREENSHOT_DIR` when it is set.

mod support;

use std::time::Duration;

use axum::routing::post;
use axum::{Json, Router};
use serde_json::{Value, json};
use support::{
    LONG, Session, clock_env, completion, notifications, press, quit_leaving_nothing, save_screenshot, serve_in_thread, set_clock,
    set_path_date, sidecar_pids, text_of,
};

const CASE_NAME: &str = "Desalojo de la calle Elm";
const COURT: &str = "Tribunal General de Distrito de Richmond";
/// Monday 2 March 2026, 08:00 in Richmond: two days before the return date.
const MONDAY_8AM: &str = "2026-03-02T13:00:00Z";
const MONDAY_9AM: &str = "2026-03-02T14:00:00Z";
const RETURN_DATE: &str = "2026-03-04";

/// Words of English that are not also Spanish words: any of them in what the window shows is an
/// English string left untranslated. (Words both languages write — "a", "no", "me", "son", "real",
/// "total", "general" — are not here.)
const ENGLISH: &[&str] = &[
    "the",
    "and",
    "of",
    "to",
    "your",
    "you",
    "is",
    "are",
    "for",
    "with",
    "this",
    "that",
    "what",
    "when",
    "where",
    "who",
    "how",
    "will",
    "can",
    "not",
    "it",
    "be",
    "have",
    "has",
    "on",
    "at",
    "by",
    "from",
    "or",
    "if",
    "do",
    "does",
    "an",
    "in",
    "my",
    "our",
    "their",
    "they",
    "we",
    "was",
    "were",
    "been",
    "would",
    "should",
    "could",
    "must",
    "may",
    "about",
    "after",
    "before",
    "into",
    "out",
    "up",
    "down",
    "more",
    "here",
    "there",
    "all",
    "any",
    "yes",
    "new",
    "back",
    "next",
    "open",
    "close",
    "save",
    "saved",
    "cancel",
    "delete",
    "add",
    "edit",
    "ask",
    "search",
    "find",
    "help",
    "settings",
    "file",
    "files",
    "case",
    "cases",
    "court",
    "date",
    "dates",
    "step",
    "steps",
    "done",
    "deadline",
    "deadlines",
    "hearing",
    "notice",
    "law",
    "laws",
    "calendar",
    "reminder",
    "reminders",
    "tenant",
    "landlord",
    "allow",
    "once",
    "conversation",
    "don't",
    "don’t",
    "nothing",
    "written",
    "records",
    "note",
    "notes",
    "title",
    "text",
    "reason",
    "asked",
    "starting",
    "ready",
    "loading",
    "show",
    "hide",
    "more",
    "less",
    "today",
    "tomorrow",
    "days",
    "day",
    "week",
    "month",
    "year",
    "due",
    "sources",
    "source",
    "section",
    "answer",
    "question",
    "send",
    "stop",
    "check",
    "claim",
    "research",
    "documents",
    "document",
    "drafts",
    "draft",
    "papers",
    "paper",
    "proof",
    "evidence",
    "contacts",
    "finances",
    "timeline",
    "overview",
    "lock",
    "unlock",
    "offline",
    "online",
    "model",
];

/// The English words in `text` a Spanish window should not show, once the allowed parts are taken
/// out: `allowed` (the names the person typed), official form names in a parenthesis with their
/// number ("(Summons for Unlawful Detainer, formulario DC-421)"), a short parenthesis glossing a
/// Spanish court word with the English the court's papers print ("(notice of appeal)"), and the
/// app's name.
fn english_in(text: &str, allowed: &[&str]) -> Vec<String> {
    let mut text = text.to_string();
    for name in allowed.iter().chain(&["ProSeVA"]) {
        text = text.replace(name, " ");
    }
    // A parenthesis naming an official form by its number is the form's name.
    let mut kept = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(open) = rest.find('(') {
        kept.push_str(&rest[..open]);
        let Some(close) = rest[open..].find(')') else {
            rest = &rest[open..];
            break;
        };
        let inside = &rest[open..open + close + 1];
        // A form's name beside its number, or a short gloss: the English words the court's papers
        // print, beside the Spanish term ("el aviso de apelación (notice of appeal)", the
        // glossary's practice).
        let gloss = inside.split_whitespace().count() <= 5;
        if !inside.contains("DC-") && !gloss {
            kept.push_str(inside);
        }
        rest = &rest[open + close + 1..];
    }
    kept.push_str(rest);
    let mut found: Vec<String> = kept
        .split(|c: char| !(c.is_alphabetic() || c == '\'' || c == '’'))
        .map(|w| w.trim_matches(|c| c == '\'' || c == '’').to_lowercase())
        .filter(|w| ENGLISH.contains(&w.as_str()))
        .collect();
    found.sort();
    found.dedup();
    found
}

/// What the window shows now (the rendered text of the page: hidden parts are not in it).
fn shown(session: &Session) -> String {
    session.script("return document.body.innerText", json!([])).unwrap().as_str().unwrap_or_default().to_string()
}

/// Fails with the English words and the lines they are in.
fn assert_spanish(session: &Session, moment: &str) {
    let text = shown(session);
    let found = english_in(&text, &[CASE_NAME, COURT]);
    if !found.is_empty() {
        // Each word with the text around it.
        let lower = text.to_lowercase();
        let mut context = Vec::new();
        for word in &found {
            let mut from = 0;
            while let Some(at) = lower[from..].find(word.as_str()).map(|i| from + i) {
                let end = at + word.len();
                let whole = !lower[..at].chars().next_back().is_some_and(char::is_alphabetic)
                    && !lower[end..].chars().next().is_some_and(char::is_alphabetic);
                if whole {
                    let before: String = lower[..at].chars().rev().take(60).collect::<Vec<_>>().into_iter().rev().collect();
                    let after: String = lower[end..].chars().take(60).collect();
                    context.push(format!("{word}: …{before}[{word}]{after}…").replace('\n', " ⏎ "));
                    break;
                }
                from = end;
            }
        }
        panic!("{moment}: English in the Spanish window: {found:?}\n{}", context.join("\n"));
    }
}

/// The model: its first tool turn proposes a note (in the person's language, as a model writes
/// what it was asked in); an answer is a Spanish sentence.
fn start_fake_model() -> String {
    let app = Router::new().route(
        "/v1/chat/completions",
        post(|Json(body): Json<Value>| async move {
            let offered: Vec<String> =
                body["tools"].as_array().into_iter().flatten().filter_map(|t| t["function"]["name"].as_str().map(String::from)).collect();
            let first_turn = !body["messages"].as_array().is_some_and(|m| m.iter().any(|m| m["role"] == "tool"));
            let reply = if first_turn && offered.iter().any(|t| t == "create_note") {
                completion(
                    &body["model"],
                    "Guardaré un resumen de esto para usted.",
                    &[("w1", "create_note", json!({"title": "Resumen del depósito", "body": "Escrito sin que usted lo pidiera."}))],
                )
            } else {
                completion(&body["model"], "Esto es lo que encontré.", &[])
            };
            Json(reply)
        }),
    );
    format!("{}/v1", serve_in_thread(app))
}

#[test]
fn the_checker_finds_english_and_allows_names_forms_and_spanish() {
    assert!(english_in("Lea el aviso por escrito del arrendador. Vence en 2 días (miércoles 4 de marzo).", &[]).is_empty());
    assert!(english_in("El arrendador presenta un Citatorio (Summons for Unlawful Detainer, formulario DC-421).", &[]).is_empty());
    assert!(english_in("Caso: Desalojo de la calle Elm — Tribunal General de Distrito de Richmond", &[CASE_NAME, COURT]).is_empty());
    assert!(english_in("No se guardó. ProSeVA: un plazo", &[]).is_empty());
    assert_eq!(english_in("Guardar\nAdd to my calendar\nVolver", &[]), vec!["add", "calendar", "my", "to"]);
    assert_eq!(english_in("The assistant wants to add a note (see the notice).", &[]), vec!["add", "note", "the", "to"]);
    assert!(english_in("el aviso de apelación (notice of appeal), la fianza", &[]).is_empty(), "a gloss");
    assert_eq!(
        english_in("(This step is not done yet and you must do it first.)", &[]),
        vec!["and", "do", "done", "is", "it", "must", "not", "step", "this", "you"]
    );
}

#[test]
fn the_case_tab_step_by_step_a_reminder_and_the_write_card_are_all_in_spanish() {
    let data = tempfile::tempdir().unwrap();
    let exports = tempfile::tempdir().unwrap();
    let clock = data.path().join("clock.txt");
    set_clock(&clock, MONDAY_8AM);
    let spanish = "es_US.UTF-8".to_string();
    let mut env = clock_env(data.path(), exports.path(), &clock);
    env.extend([
        // The computer's language: the first start follows it.
        ("LC_ALL", spanish.clone()),
        ("LC_MESSAGES", spanish.clone()),
        ("LANG", spanish),
        ("OPENAI_BASE_URL", start_fake_model()),
        ("OPENAI_API_KEY", "sk-test".into()),
    ]);
    let (_xvfb, _driver, session) = support::launch(&env);
    session.wait_until("return document.documentElement.lang.startsWith('es')", LONG).unwrap();
    assert_spanish(&session, "the first window");

    // The Case tab: the first case.
    press(&session, "#tab-workspace");
    session.wait_for("#panel-workspace[data-state='first-run'] #first-case:not([hidden])", LONG).unwrap();
    assert_spanish(&session, "the Case tab, before a case");
    session.type_text(&session.wait_for("#first-case-name", LONG).unwrap(), CASE_NAME).unwrap();
    press(&session, "#first-case-type option[value='landlord-tenant']");
    session.type_text(&session.wait_for("#first-case-court", LONG).unwrap(), COURT).unwrap();
    press(&session, "#first-case-submit");
    session.wait_for("#panel-workspace:not([data-state='first-run']) button[data-page='path']", LONG).unwrap();
    std::thread::sleep(Duration::from_millis(500));
    assert_spanish(&session, "the Case tab with its case");

    // The case's Workflows menu, open: each workflow named and described in Spanish.
    let menu = "details.workflows-menu[data-kind='case']:not([hidden])";
    session.wait_for(&format!("{menu} .workflow-choice"), LONG).unwrap();
    press(&session, &format!("{menu} summary"));
    session.wait_until(&format!("return document.querySelector(\"{menu}\").open"), LONG).unwrap();
    let workflows = text_of(&session, &format!("{menu} .workflows-list"));
    assert!(workflows.contains("Prepararse para una audiencia") && workflows.contains("lista para la audiencia"), "{workflows}");
    assert_spanish(&session, "the case's Workflows menu");
    press(&session, &format!("{menu} summary"));

    // Step by step for an eviction.
    press(&session, "button[data-page='path']");
    press(&session, "#case-kind option[value='eviction-tenant']");
    set_path_date(&session, "returnDate", RETURN_DATE);
    press(&session, "#case-path-save");
    let next = session.wait_for("#case-path .path-step[data-status='next']", LONG).unwrap();
    assert_eq!(session.attribute(&next, "data-step").unwrap().as_deref(), Some("notice"));
    let notice = text_of(&session, "#case-path .path-step[data-step='notice']");
    assert!(notice.contains("14 días") && notice.contains("1 de julio de 2026"), "{notice}");
    let interpreter = text_of(&session, "#case-path .path-step[data-step='interpreter']");
    assert!(interpreter.contains("intérprete") && interpreter.contains("8.01-384.1"), "{interpreter}");
    let hearing = text_of(&session, "#case-path .path-step[data-step='first-hearing']");
    assert!(hearing.contains("4 de marzo"), "the return date written in Spanish: {hearing}");
    assert!(text_of(&session, "#ws-page-path").contains("Tribunal General de Distrito"), "which court, in the glossary's words");
    // The one-time question after the first deadline: not now.
    press(&session, "#start-at-login-no");
    session.wait_until("return document.querySelector('#start-at-login-prompt').hidden", LONG).unwrap();
    assert_spanish(&session, "Step by step");
    session
        .script("document.querySelector('#case-path .path-step[data-status=\"next\"]').scrollIntoView({block: 'start'});", json!([]))
        .unwrap();
    save_screenshot(&session, "case-path-es.png");

    // An hour later the reminder two days before the hearing fires, in Spanish.
    set_clock(&clock, MONDAY_9AM);
    let fired = notifications(data.path(), 1, LONG);
    assert_eq!(fired.len(), 1, "{fired:?}");
    let body = fired[0]["body"].as_str().unwrap_or_default();
    assert!(body.contains("en 2 días (miércoles 4 de marzo)") && body.contains(COURT), "{fired:?}");
    assert!(english_in(body, &[CASE_NAME, COURT]).is_empty(), "{body}");
    session.wait_for("#reminder-list li.reminder-item", LONG).unwrap();
    assert_spanish(&session, "a reminder");

    // The assistant proposes a note: the card that holds it is Spanish.
    press(&session, "#tab-chat");
    let input = session.wait_for("#chat-input", LONG).unwrap();
    session.type_text(&input, "¿Puede mi casero quedarse con mi depósito?").unwrap();
    session.type_text(&input, support::ENTER).unwrap();
    let held = "#chat-transcript .trail-item[data-tool='create_note'][data-state='held'] .held-write";
    session.wait_for(held, LONG).unwrap_or_else(|e| panic!("{e}; the transcript: {}", text_of(&session, "#chat-transcript")));
    session.wait_until("return !document.querySelector('.held-where').textContent.includes('…')", LONG).unwrap();
    session
        .wait_until("return document.querySelectorAll(\"#chat-transcript .message.assistant[data-state='done']\").length === 1", LONG)
        .unwrap();
    let card = text_of(&session, held);
    assert!(card.contains("Resumen del depósito") && card.contains("¿Puede mi casero quedarse con mi depósito?"), "{card}");
    assert!(english_in(&card, &[]).is_empty(), "English on the card: {:?}\n{card}", english_in(&card, &[]));
    assert_spanish(&session, "the write card");
    save_screenshot(&session, "write-confirmation-es.png");

    let pids = sidecar_pids(&session);
    quit_leaving_nothing(session, &pids);
}
