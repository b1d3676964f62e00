//! Drives the real window: a virtual X display (Xvfb), `tauri-driver` in front of WebKit's own
//! WebDriver (`WebKitWebDriver`, Debian's webkit2gtk-driver), and a small W3C WebDriver client.
//! Shared by the end-to-end test and the desktop benchmark.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use proseva_http::reqwest::blocking::Client;
use serde_json::{Value, json};

pub type Result<T> = std::result::Result<T, String>;

/// A child process killed (and reaped) when dropped.
pub struct Guard(pub Child);

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Finds a program on PATH or in ~/.cargo/bin.
pub fn which(name: &str) -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect()).unwrap_or_default();
    if let Some(home) = dirs::home_dir() {
        dirs.push(home.join(".cargo/bin"));
    }
    dirs.into_iter().map(|d| d.join(name)).find(|p| p.is_file())
}

/// Starts `program` with `args` and waits (10 s at most) for the first line it prints on stdout,
/// which is how Xvfb says its display and dbus-daemon its address.
fn start_reporting(program: &Path, args: &[&str], name: &str) -> Result<(Guard, String)> {
    let mut child = Command::new(program)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("starting {name}: {e}"))?;
    let stdout = child.stdout.take().ok_or(format!("{name}'s stdout"))?;
    let guard = Guard(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(Duration::from_secs(10)).map_err(|_| format!("{name} printed nothing within 10 s"))?;
    Ok((guard, line.trim().to_string()))
}

/// Starts Xvfb on a display it picks itself (`-displayfd`: no race between tests choosing
/// numbers at once); returns the guard and the `DISPLAY` value.
pub fn start_xvfb() -> Result<(Guard, String)> {
    let xvfb = which("Xvfb").ok_or("Xvfb is not installed (apt-get install xvfb; `make test` installs it)")?;
    let (guard, line) = start_reporting(&xvfb, &["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"], "Xvfb")?;
    let number: u32 = line.parse().map_err(|_| format!("Xvfb reported {line:?} instead of a display number"))?;
    Ok((guard, format!(":{number}")))
}

/// Starts a D-Bus session bus of the test's own (`dbus-daemon --session`), as a desktop has one: a
/// second launch of ProSeVA finds the window already open through it and shows it. Returns the
/// guard and the bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
pub fn start_session_bus() -> Result<(Guard, String)> {
    let daemon = which("dbus-daemon").ok_or("dbus-daemon is not installed (apt-get install dbus-x11; `make test` installs it)")?;
    let (guard, address) = start_reporting(&daemon, &["--session", "--nofork", "--nopidfile", "--print-address=1"], "dbus-daemon")?;
    if address.is_empty() {
        return Err("dbus-daemon printed no address".into());
    }
    Ok((guard, address))
}

/// A W3C WebDriver session.
pub struct Session {
    http: Client,
    base: String,
    pub id: String,
}

/// The WebDriver client: tauri-driver on loopback, a WebKit command may take a while.
pub fn http_client() -> Client {
    proseva_http::blocking::loopback_client_builder("proseva-e2e").timeout(Duration::from_secs(120)).build().expect("an HTTP client")
}

fn call(http: &Client, method: &str, url: &str, body: Option<Value>) -> Result<Value> {
    let response = match (method, body) {
        ("GET", _) => http.get(url).send(),
        ("DELETE", _) => http.delete(url).send(),
        (_, body) => http.post(url).json(&body.unwrap_or_else(|| json!({}))).send(),
    };
    let response = response.map_err(|e| format!("{method} {url}: {}", proseva_http::describe(&e)))?;
    let status = response.status();
    let value: Value =
        response.json().map_err(|e| format!("{method} {url}: HTTP {status}, body not JSON: {}", proseva_http::describe(&e)))?;
    if !status.is_success() {
        return Err(format!("{method} {url}: HTTP {status}: {}", value["value"]));
    }
    Ok(value["value"].clone())
}

/// tauri-driver (and through it WebKitWebDriver) on free ports with `env` for the app.
pub struct Driver {
    _guard: Guard,
    pub url: String,
}

pub fn start_driver(display: &str, env: &[(&str, String)]) -> Result<Driver> {
    let driver = which("tauri-driver").ok_or("tauri-driver is not installed (cargo install tauri-driver; `make test` installs it)")?;
    let native =
        which("WebKitWebDriver").ok_or("WebKitWebDriver is not installed (apt-get install webkit2gtk-driver; `make test` installs it)")?;
    let port = free_port();
    let native_port = free_port();
    let mut command = Command::new(driver);
    command
        .args(["--port", &port.to_string(), "--native-port", &native_port.to_string(), "--native-driver"])
        .arg(native)
        .env("DISPLAY", display)
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().map_err(|e| format!("starting tauri-driver: {e}"))?;
    // Keep its stderr flowing (and visible when a test fails).
    if let Some(stderr) = child.stderr.take() {
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(|l| l.ok()) {
                eprintln!("[tauri-driver] {line}");
            }
        });
    }
    let url = format!("http://127.0.0.1:{port}");
    let http = http_client();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if http.get(format!("{url}/status")).send().is_ok() {
            return Ok(Driver { _guard: Guard(child), url });
        }
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!("tauri-driver exited: {status}"));
        }
        if Instant::now() > deadline {
            return Err("tauri-driver did not answer within 20 s".into());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

impl Session {
    /// Launches `application` (the `proseva` binary) in a new window.
    pub fn new(driver: &Driver, application: &Path) -> Result<Session> {
        let http = http_client();
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "wry",
            "tauri:options": { "application": application }
        } } });
        let value = call(&http, "POST", &format!("{}/session", driver.url), Some(caps))?;
        let id = value["sessionId"].as_str().ok_or_else(|| format!("no session id in {value}"))?.to_string();
        Ok(Session { base: format!("{}/session/{id}", driver.url), http, id })
    }

    fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value> {
        call(&self.http, method, &format!("{}{path}", self.base), body)
    }

    /// Runs a script in the page and returns its value.
    pub fn script(&self, script: &str, args: Value) -> Result<Value> {
        self.cmd("POST", "/execute/sync", Some(json!({ "script": script, "args": args })))
    }

    /// Runs an async script: the last argument is the callback to call with the result.
    pub fn script_async(&self, script: &str, args: Value) -> Result<Value> {
        self.cmd("POST", "/execute/async", Some(json!({ "script": script, "args": args })))
    }

    /// The element matching `css`, if any.
    pub fn find(&self, css: &str) -> Result<Option<String>> {
        let found = self.cmd("POST", "/elements", Some(json!({ "using": "css selector", "value": css })))?;
        Ok(found.as_array().and_then(|a| a.first()).and_then(element_id))
    }

    pub fn find_all(&self, css: &str) -> Result<Vec<String>> {
        let found = self.cmd("POST", "/elements", Some(json!({ "using": "css selector", "value": css })))?;
        Ok(found.as_array().into_iter().flatten().filter_map(element_id).collect())
    }

    /// Waits until `css` matches an element, up to `timeout`.
    pub fn wait_for(&self, css: &str, timeout: Duration) -> Result<String> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(id) = self.find(css)? {
                return Ok(id);
            }
            if Instant::now() > deadline {
                let status = self.script("return document.querySelector('#status-line')?.innerText ?? ''", json!([])).unwrap_or_default();
                return Err(format!("nothing matched {css:?} within {timeout:?} (status line: {status})"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until a script returns something truthy; returns it.
    pub fn wait_until(&self, script: &str, timeout: Duration) -> Result<Value> {
        let deadline = Instant::now() + timeout;
        loop {
            let v = self.script(script, json!([]))?;
            if !(v.is_null() || v == json!(false) || v == json!("") || v == json!(0)) {
                return Ok(v);
            }
            if Instant::now() > deadline {
                return Err(format!("{script:?} stayed falsy for {timeout:?}"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn click(&self, element: &str) -> Result<()> {
        self.cmd("POST", &format!("/element/{element}/click"), None).map(drop)
    }

    pub fn type_text(&self, element: &str, text: &str) -> Result<()> {
        self.cmd("POST", &format!("/element/{element}/value"), Some(json!({ "text": text }))).map(drop)
    }

    pub fn text(&self, element: &str) -> Result<String> {
        Ok(self.cmd("GET", &format!("/element/{element}/text"), None)?.as_str().unwrap_or_default().to_string())
    }

    pub fn attribute(&self, element: &str, name: &str) -> Result<Option<String>> {
        Ok(self.cmd("GET", &format!("/element/{element}/attribute/{name}"), None)?.as_str().map(str::to_string))
    }

    pub fn displayed(&self, element: &str) -> Result<bool> {
        Ok(self.cmd("GET", &format!("/element/{element}/displayed"), None)?.as_bool().unwrap_or(false))
    }

    /// A PNG of the window.
    pub fn screenshot(&self) -> Result<Vec<u8>> {
        use base64::Engine;
        let b64 = self.cmd("GET", "/screenshot", None)?;
        base64::engine::general_purpose::STANDARD.decode(b64.as_str().unwrap_or_default()).map_err(|e| format!("screenshot: {e}"))
    }

    /// Ends the session, which closes the app.
    pub fn close(self) -> Result<()> {
        self.cmd("DELETE", "", None).map(drop)
    }
}

/// How long a step of a window test may take.
pub const LONG: Duration = Duration::from_secs(60);

/// Waits for `css` and clicks it. A list row the page has just replaced (a document's stage
/// polled) is not laid out until it is painted (`content-visibility: auto`), and a panel just
/// shown may still be moving (the due strip above Ask arrives a moment later, so something else is
/// briefly under the point clicked): the click is tried again.
pub fn press(session: &Session, css: &str) {
    let deadline = Instant::now() + LONG;
    loop {
        let element = session.wait_for(css, LONG).unwrap();
        match session.click(&element) {
            Ok(()) => return,
            Err(e)
                if ["not interactable", "stale element", "click intercepted"].iter().any(|m| e.contains(m))
                    && Instant::now() < deadline =>
            {
                std::thread::sleep(Duration::from_millis(50));
            }
            Err(e) => panic!("clicking {css:?}: {e}"),
        }
    }
}

/// A protective-order case was just made without a passphrase set: the window offers the lock once
/// (issue 42); "Not now", as a person may.
pub fn decline_lock_offer(session: &Session) {
    session.wait_until("return document.getElementById('lock-offer-dialog').open", LONG).unwrap();
    press(session, "#lock-offer-no");
    session.wait_until("return !document.getElementById('lock-offer-dialog').open", LONG).unwrap();
}

/// The visible text of the first element matching `css` (waiting for it).
pub fn text_of(session: &Session, css: &str) -> String {
    session.text(&session.wait_for(css, LONG).unwrap()).unwrap()
}

/// Saves a screenshot of the window as `name` in `$PROSEVA_SCREENSHOT_DIR`, when that is set.
pub fn save_screenshot(session: &Session, name: &str) {
    let Some(dir) = std::env::var_os("PROSEVA_SCREENSHOT_DIR").map(PathBuf::from) else { return };
    std::fs::create_dir_all(&dir).unwrap();
    // What the page last changed is painted first.
    session
        .script_async(
            "const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));",
            json!([]),
        )
        .unwrap();
    let png = session.screenshot().unwrap();
    assert!(png.starts_with(b"\x89PNG"), "the screenshot is a PNG");
    std::fs::write(dir.join(name), png).unwrap();
}

/// Pids of the sidecars, as the app reports them.
pub fn sidecar_pids(session: &Session) -> Vec<u32> {
    let status = session
        .script_async("const done = arguments[arguments.length - 1]; window.__TAURI__.core.invoke('app_status').then(done, e => done({error: String(e)}));", json!([]))
        .unwrap();
    ["server", "explorer"].iter().filter_map(|k| status[*k]["pid"].as_u64()).map(|p| p as u32).collect()
}

fn element_id(v: &Value) -> Option<String> {
    v.as_object().and_then(|o| o.values().next()).and_then(Value::as_str).map(str::to_string)
}

/// The Enter key, as WebDriver types it.
pub const ENTER: &str = "\u{E007}";

/// True while a process with this pid exists (zombies count as gone).
pub use proseva_supervisor::sys::running as alive;

/// A new window of the app on `driver`, once both sidecars are healthy and the page is ready; a
/// first start's "What brings you here?" is skipped ([`skip_start`]).
pub fn open_ready(driver: &Driver) -> Session {
    let session = Session::new(driver, Path::new(env!("CARGO_BIN_EXE_proseva"))).unwrap();
    session.wait_for("#status-server[data-state='healthy']", LONG).unwrap();
    session.wait_for("#status-explorer[data-state='healthy']", LONG).unwrap();
    session.wait_until("return document.body.dataset.ready === 'true'", LONG).unwrap();
    skip_start(&session);
    session
}

/// Whether the page asks "What brings you here?" (`asking`) or not (`done`), once it knows.
pub fn start_state(session: &Session) -> String {
    let state =
        session.wait_until("const s = document.body.dataset.start; return s === 'asking' || s === 'done' ? s : null;", LONG).unwrap();
    state.as_str().unwrap_or_default().to_string()
}

/// A first start asks "What brings you here?": skipped, as a person may ("Skip for now").
pub fn skip_start(session: &Session) {
    if start_state(session) == "asking" {
        press(session, "#start-skip");
        session.wait_until("return document.body.dataset.start === 'done' && !document.getElementById('start-dialog').open", LONG).unwrap();
    }
}

/// What a window test of the offline app sets for it: its own data folder, offline answers,
/// secrets in a file, no native dialogs, and the court's time zone.
pub fn offline_env(data: &Path) -> Vec<(&'static str, String)> {
    vec![
        ("PROSEVA_DATA_DIR", data.display().to_string()),
        ("PROSEVA_LLM", "offline".to_string()),
        ("PROSEVA_SECRETS", "file".to_string()),
        ("PROSEVA_NO_DIALOG", "1".to_string()),
        ("TZ", "America/New_York".to_string()),
    ]
}

/// The app under a fresh Xvfb with `env` for it, ready ([`open_ready`]). Keep the display and the
/// driver (the first two) alive while the session runs.
pub fn launch(env: &[(&str, String)]) -> (Guard, Driver, Session) {
    let (xvfb, display) = start_xvfb().unwrap();
    let driver = start_driver(&display, env).unwrap();
    let session = open_ready(&driver);
    (xvfb, driver, session)
}

/// Ends the session (the window closes, the app quits) and asserts that the sidecars `pids` are
/// gone within 15 s.
pub fn quit_leaving_nothing(session: Session, pids: &[u32]) {
    session.close().unwrap();
    let deadline = Instant::now() + Duration::from_secs(15);
    while pids.iter().any(|p| alive(*p)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let left: Vec<u32> = pids.iter().copied().filter(|p| alive(*p)).collect();
    assert!(left.is_empty(), "sidecars left running after quit: {left:?}");
}

/// Every pid in /proc.
fn all_pids() -> impl Iterator<Item = u32> {
    std::fs::read_dir("/proc").into_iter().flatten().flatten().filter_map(|e| e.file_name().to_string_lossy().parse().ok())
}

/// A `Key:  N kB` figure of a /proc file (`status`'s VmRSS, `smaps_rollup`'s Pss), in KiB.
fn proc_kib(pid: u32, file: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/{file}")).ok()?;
    text.lines().find(|l| l.starts_with(key))?.split_whitespace().nth(1)?.parse().ok()
}

/// Resident memory of a process, in KiB.
pub fn rss_kib(pid: u32) -> Option<u64> {
    proc_kib(pid, "status", "VmRSS:")
}

/// Proportional set size: private memory plus a fair share of what is shared, in KiB.
pub fn pss_kib(pid: u32) -> Option<u64> {
    proc_kib(pid, "smaps_rollup", "Pss:")
}

/// A process and all its descendants (WebKit's web and network processes, the sidecars).
pub fn process_tree(root: u32) -> Vec<u32> {
    let parents: Vec<(u32, u32)> = all_pids()
        .filter_map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            let ppid = stat.rsplit(')').next()?.split_whitespace().nth(1)?.parse().ok()?;
            Some((pid, ppid))
        })
        .collect();
    let mut tree = vec![root];
    let mut i = 0;
    while i < tree.len() {
        let p = tree[i];
        tree.extend(parents.iter().filter(|(_, pp)| *pp == p).map(|(c, _)| *c));
        i += 1;
    }
    tree
}

/// Pids of live processes whose executable is `path`.
pub fn pids_of(path: &Path) -> Vec<u32> {
    let Ok(target) = path.canonicalize() else { return Vec::new() };
    all_pids().filter(|pid| std::fs::read_link(format!("/proc/{pid}/exe")).is_ok_and(|exe| exe == target) && alive(*pid)).collect()
}

/// Pids of live processes whose command line mentions `needle` (a test's own data dir).
pub fn processes_mentioning(needle: &str) -> Vec<u32> {
    all_pids()
        .filter(|pid| {
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            String::from_utf8_lossy(&cmdline).contains(needle) && alive(*pid)
        })
        .collect()
}

// ------------------------------------------------------------------------ stand-ins on loopback

/// One chat-completions answer: `content`, or these tool calls.
pub fn completion(model: &Value, content: &str, calls: &[(&str, &str, Value)]) -> Value {
    let tool_calls: Vec<Value> = calls
        .iter()
        .map(|(id, name, args)| json!({"id": id, "type": "function", "function": {"name": name, "arguments": args.to_string()}}))
        .collect();
    let (message, finish) = if tool_calls.is_empty() {
        (json!({"role": "assistant", "content": content, "refusal": null}), "stop")
    } else {
        // Text beside the calls when there is some (OpenAI sends both), null otherwise.
        let content = if content.is_empty() { Value::Null } else { json!(content) };
        (json!({"role": "assistant", "content": content, "tool_calls": tool_calls, "refusal": null}), "tool_calls")
    };
    json!({
        "id": "chatcmpl-fake", "object": "chat.completion", "created": 1_735_689_600, "model": model,
        "choices": [{"index": 0, "message": message, "logprobs": null, "finish_reason": finish}],
        "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}
    })
}

/// Runs `app` on loopback from its own thread; its base URL.
pub fn serve_in_thread(app: axum::Router) -> String {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
        runtime.block_on(async move {
            tx.send(proseva_e2e::serve(app).await).unwrap();
            std::future::pending::<()>().await;
        });
    });
    rx.recv().unwrap()
}

/// Runs a Tauri command in the window as the page would; a rejected call fails the test.
pub fn invoke(session: &Session, command: &str, args: Value) -> Value {
    let script = format!(
        "const done = arguments[arguments.length - 1]; window.__TAURI__.core.invoke({}, {args}).then(done).catch((e) => done({{failed: e}}));",
        serde_json::to_string(command).unwrap()
    );
    let answer = session.script_async(&script, json!([])).unwrap();
    assert!(answer.get("failed").is_none(), "{command}: {answer}");
    answer
}

/// The text poppler reads from a PDF.
pub fn pdf_text(path: &Path) -> String {
    let out = Command::new("pdftotext").arg("-layout").arg(path).arg("-").output().expect("pdftotext (apt-get install poppler-utils)");
    assert!(out.status.success(), "pdftotext {}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Sets the app's "now" (`PROSEVA_CLOCK_FILE`) to the RFC 3339 instant `now`, atomically.
pub fn set_clock(file: &Path, now: &str) {
    let part = file.with_extension("part");
    std::fs::write(&part, now).unwrap();
    std::fs::rename(&part, file).unwrap();
}

/// The notifications the app says it showed (its log), once at least `count` are there or after
/// `limit`.
pub fn notifications(data: &Path, count: usize, limit: Duration) -> Vec<Value> {
    let log = data.join("logs/notifications.jsonl");
    let deadline = Instant::now() + limit;
    loop {
        let lines: Vec<Value> =
            std::fs::read_to_string(&log).unwrap_or_default().lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
        if lines.len() >= count || Instant::now() > deadline {
            return lines;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// What a window test of reminders sets for the app: its data and exports folders, the test's
/// clock, reminders checked every 300 ms, and the court's time zone.
pub fn clock_env(data: &Path, exports: &Path, clock: &Path) -> Vec<(&'static str, String)> {
    vec![
        ("PROSEVA_DATA_DIR", data.display().to_string()),
        ("PROSEVA_SECRETS", "file".into()),
        ("PROSEVA_NO_DIALOG", "1".into()),
        ("PROSEVA_EXPORT_DIR", exports.display().to_string()),
        ("PROSEVA_CLOCK_FILE", clock.display().to_string()),
        ("PROSEVA_REMINDER_POLL_MS", "300".into()),
        ("TZ", "America/New_York".into()),
    ]
}

/// Types `date` (YYYY-MM-DD) into Step by step's date field `key`, as the date picker does.
pub fn set_path_date(session: &Session, key: &str, date: &str) {
    let input = session.wait_for(&format!("#ws-page-path input[data-date-key='{key}']"), LONG).unwrap();
    session
        .script(
            "const el = arguments[0]; el.value = arguments[1]; el.dispatchEvent(new Event('input', {bubbles: true})); el.dispatchEvent(new Event('change', {bubbles: true}));",
            json!([{ "element-6066-11e4-a52e-4f735466cecf": input }, date]),
        )
        .unwrap();
}
