//! The real window, end to end: Xvfb, tauri-driver and WebKitWebDriver drive the `proseva`
//! binary, which starts the real sidecar binaries on a fresh data dir (building the law graph on
//! first run). Offline mode: no model, no network.
//!
//! Needs `Xvfb`, `WebKitWebDriver` (webkit2gtk-driver) and `tauri-driver`; `make test`
//! installs them and builds the sidecars beside `proseva` first. Screenshots of each panel go to
//! `$PROSEVA_SCREENSHOT_DIR` when it is set (`make screenshots` writes them to docs/).

mod support;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::json;
use support::{ENTER, Session, alive, quit_leaving_nothing, save_screenshot, sidecar_pids, start_driver, start_xvfb};

const LONG: Duration = Duration::from_secs(60);

/// What an offline answer leads with: the section after "Most relevant:", or the first of "These
/// sections may apply:" when none leads clearly.
fn lead(answer: &str) -> &str {
    ["Most relevant: ", "These sections may apply: "]
        .iter()
        .find_map(|cue| answer.find(cue).map(|at| &answer[at + cue.len()..]))
        .unwrap_or_default()
}

#[test]
fn the_window_answers_offline_shows_its_sources_and_leaves_nothing_behind() {
    let data = tempfile::tempdir().unwrap();
    let (_xvfb, display) = start_xvfb().unwrap();
    let env = [
        ("PROSEVA_DATA_DIR", data.path().display().to_string()),
        ("PROSEVA_LLM", "offline".to_string()),
        ("PROSEVA_SECRETS", "file".to_string()),
        ("PROSEVA_NO_DIALOG", "1".to_string()),
        ("RUST_LOG", "info".to_string()),
    ];
    let driver = start_driver(&display, &env).unwrap();
    let session = Session::new(&driver, std::path::Path::new(env!("CARGO_BIN_EXE_proseva"))).unwrap();

    // First run: the law graph is built, both sidecars come up, the status line says so.
    session.wait_for("#status-server[data-state='healthy']", LONG).unwrap();
    session.wait_for("#status-explorer[data-state='healthy']", LONG).unwrap();
    let model = session.find("#status-model").unwrap().unwrap();
    assert!(session.text(&model).unwrap().to_lowercase().contains("offline"));
    assert!(data.path().join("graph.db").is_file());
    let pids = sidecar_pids(&session);
    assert_eq!(pids.len(), 2, "both sidecars report a pid");

    // A first start asks what brings the person here; "I just have a question" goes to Ask, the
    // cursor in its box.
    session.wait_until("return document.body.dataset.ready === 'true'", LONG).unwrap();
    assert_eq!(support::start_state(&session), "asking");
    support::press(&session, "#start-question");
    session
        .wait_until(
            "return !document.getElementById('start-dialog').open && document.activeElement && document.activeElement.id === 'chat-input'",
            LONG,
        )
        .unwrap();

    // Chat: a question about public records is answered from the FOIA section, cited and linked.
    session.click(&session.find("#tab-chat").unwrap().unwrap()).unwrap();
    let input = session.wait_for("#chat-input", LONG).unwrap();
    session.type_text(&input, "How do I request public records from a state agency?").unwrap();
    session.type_text(&input, ENTER).unwrap();
    let answer = session.wait_for("#chat-transcript .message.assistant[data-state='done']", LONG).unwrap();
    let text = session.text(&answer).unwrap();
    assert!(text.contains("2.2-3704"), "the answer cites the FOIA section: {text}");
    // The records-request section is named in the answer's first line (since the asks it can share
    // "These sections may apply" with a neighbouring FOIA section, § 2.2-3704.1 or § 2.2-3713: a
    // known regression).
    let first_line = lead(&text).split("Offline answer").next().unwrap_or_default();
    assert!(first_line.contains("§ 2.2-3704 "), "the answer's first line names the FOIA section that answers: {text}");
    session.wait_for("#chat-transcript .message.assistant a.cite[data-source-id='2.2-3704']", LONG).unwrap();
    assert!(!session.find_all("#tool-trail .trail-item[data-state='ok']").unwrap().is_empty(), "the tool-call trail shows the calls");
    session
        .script(
            "const q = document.querySelectorAll('#chat-transcript .message.user'); q[q.length - 1]?.scrollIntoView({block: 'start'})",
            json!([]),
        )
        .unwrap();
    save_screenshot(&session, "chat.png");

    // Opening the citation shows the section, marked as a summary with its official URL.
    session.click(&session.find("#chat-transcript a.cite[data-source-id='2.2-3704']").unwrap().unwrap()).unwrap();
    let viewer = session.wait_for("#section-viewer", LONG).unwrap();
    session.wait_until("return document.querySelector('#section-heading')?.innerText ?? ''", LONG).unwrap();
    assert!(session.displayed(&viewer).unwrap());
    let kind = session.text(&session.find("#section-kind").unwrap().unwrap()).unwrap();
    assert!(kind.contains("Plain-language summary"), "{kind}");
    let url = session.find("#section-url").unwrap().unwrap();
    let href = session.attribute(&url, "href").unwrap().unwrap_or_else(|| session.text(&url).unwrap());
    assert!(href.contains("law.lis.virginia.gov") && href.contains("2.2-3704"), "{href}");
    // It says when its summary was checked against the official text.
    let checked = session.text(&session.find("#section-checked").unwrap().unwrap()).unwrap();
    assert!(checked.starts_with("Summary checked against the official text of "), "{checked:?}");
    save_screenshot(&session, "section.png");
    session.script("document.querySelector('#section-viewer')?.close?.()", json!([])).unwrap();

    // The question issue 29 was filed with: the answer leads with the pay-or-quit section and states
    // the number of days the notice gives.
    let input = session.wait_for("#chat-input", LONG).unwrap();
    session.type_text(&input, "I got a 5 day pay or quit notice, what happens next").unwrap();
    session.type_text(&input, ENTER).unwrap();
    session
        .wait_until("return document.querySelectorAll('#chat-transcript .message.assistant[data-state=\"done\"]').length >= 2", LONG)
        .unwrap();
    let answers = session.find_all("#chat-transcript .message.assistant").unwrap();
    let text = session.text(answers.last().unwrap()).unwrap();
    assert!(lead(&text).starts_with("§ 55.1-1245 "), "the pay-or-quit section leads: {text}");
    assert!(text.contains("14 days") && text.contains("2026 HB 15"), "the answer states the days in force and the act: {text}");
    // The picture starts at the answer's lead, so its first quote (the days) is in view.
    session
        .script(
            "const a = document.querySelectorAll('#chat-transcript .message.assistant'); const m = a[a.length - 1]; \
             const p = [...m.querySelectorAll('p')].find(p => /Most relevant|may apply/.test(p.textContent)); \
             (p || m).scrollIntoView({block: 'start'})",
            json!([]),
        )
        .unwrap();
    save_screenshot(&session, "pay-or-quit.png");

    // Research: the sidebar fills with results grouped by tool, with counts.
    session.click(&session.find("#tab-research").unwrap().unwrap()).unwrap();
    let input = session.wait_for("#research-input", LONG).unwrap();
    session.type_text(&input, "landlord security deposit return").unwrap();
    session.type_text(&input, ENTER).unwrap();
    session.wait_for("#results-sidebar .result-group[data-tool='search_nodes'] .result-card", LONG).unwrap();
    session.wait_until("return document.querySelector('#research-answer')?.innerText?.length > 40", LONG).unwrap();
    let count =
        session.text(&session.find("#results-sidebar .result-group[data-tool='search_nodes'] .result-count").unwrap().unwrap()).unwrap();
    assert!(count.trim().parse::<u32>().is_ok_and(|n| n > 0), "count: {count:?}");
    let deposit = session.find("#research-answer a.cite[data-source-id='55.1-1226']").unwrap();
    assert!(deposit.is_some(), "the research answer links the deposit section");
    save_screenshot(&session, "research.png");

    // Quit: the window closes, the sidecars go with it.
    quit_leaving_nothing(session, &pids);
    let log = std::fs::read_to_string(data.path().join("logs/server.log")).unwrap();
    assert!(log.contains("listening on"), "the server's log is kept in the data dir");
}

#[test]
fn when_the_app_is_killed_its_sidecars_die_too() {
    let data = tempfile::tempdir().unwrap();
    let (_xvfb, display) = start_xvfb().unwrap();
    let mut app = std::process::Command::new(env!("CARGO_BIN_EXE_proseva"))
        .env("DISPLAY", &display)
        .env("PROSEVA_DATA_DIR", data.path())
        .env("PROSEVA_SECRETS", "file")
        .env("PROSEVA_NO_DIALOG", "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let app_pid = app.id();
    // Wait for both sidecars to be children of the app.
    let server = PathBuf::from(env!("CARGO_BIN_EXE_proseva")).with_file_name("proseva-server");
    let explorer = server.with_file_name("proseva-explorer");
    let deadline = Instant::now() + LONG;
    let children = loop {
        let tree = support::process_tree(app_pid);
        let kids: Vec<u32> = [&server, &explorer].iter().flat_map(|bin| support::pids_of(bin)).filter(|p| tree.contains(p)).collect();
        if kids.len() == 2 && std::fs::read_to_string(data.path().join("logs/explorer.log")).is_ok_and(|l| l.contains("listening on")) {
            break kids;
        }
        assert!(Instant::now() < deadline, "the sidecars did not start under the app");
        assert!(app.try_wait().unwrap().is_none(), "the app exited early");
        std::thread::sleep(Duration::from_millis(50));
    };
    app.kill().unwrap(); // SIGKILL: no chance to clean up
    app.wait().unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while children.iter().any(|p| alive(*p)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let left: Vec<u32> = children.iter().copied().filter(|p| alive(*p)).collect();
    assert!(left.is_empty(), "sidecars outlived the killed app: {left:?}");
}

#[test]
fn a_server_that_cannot_start_gets_a_dialog_with_its_last_words_and_a_failing_exit() {
    let data = tempfile::tempdir().unwrap();
    let script = data.path().join("broken-server.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\necho 'error: could not open proseva.db: disk I/O error' >&2\necho 'second line of trouble' >&2\nexit 3\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let xdotool = support::which("xdotool").expect("xdotool is not installed (`make test` installs it)");
    let (_xvfb, display) = start_xvfb().unwrap();
    let mut app = std::process::Command::new(env!("CARGO_BIN_EXE_proseva"))
        .env("DISPLAY", &display)
        .env("PROSEVA_DATA_DIR", data.path())
        .env("PROSEVA_SERVER_BIN", &script)
        .env("PROSEVA_SECRETS", "file")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();

    // The native dialog appears, titled, while the app waits for the person to read it.
    let deadline = Instant::now() + LONG;
    let dialog = loop {
        let out = std::process::Command::new(&xdotool)
            .args(["search", "--name", "ProSeVA could not start"])
            .env("DISPLAY", &display)
            .output()
            .unwrap();
        let ids = String::from_utf8_lossy(&out.stdout).trim().to_string();
        if let Some(id) = ids.lines().next().filter(|l| !l.is_empty()) {
            break id.to_string();
        }
        if let Some(status) = app.try_wait().unwrap() {
            let log = std::fs::read_to_string(data.path().join("logs/proseva.log")).unwrap_or_default();
            panic!("the app exited ({status}) without showing the dialog; its log:\n{log}");
        }
        assert!(Instant::now() < deadline, "no error dialog appeared");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(app.try_wait().unwrap().is_none(), "the app waits for the dialog to be read");
    let log = std::fs::read_to_string(data.path().join("logs/proseva.log")).unwrap();
    assert!(log.contains("exited with status 3") && log.contains("disk I/O error") && log.contains("second line of trouble"), "{log}");
    assert!(
        support::processes_mentioning(&data.path().display().to_string()).is_empty(),
        "the explorer was stopped with the failed server"
    );

    // OK closes it and the app ends with a failing status.
    let pressed = std::process::Command::new(&xdotool)
        .args(["windowfocus", "--sync", &dialog, "key", "Return"])
        .env("DISPLAY", &display)
        .status()
        .unwrap();
    assert!(pressed.success());
    let deadline = Instant::now() + Duration::from_secs(15);
    let status = loop {
        if let Some(status) = app.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the app did not exit after the dialog");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(1));
}
