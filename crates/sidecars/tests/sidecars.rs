//! The supervisor against the real sidecars (and scripts standing in for broken ones): start,
//! health, logs, failures, restarts and shutdown.

mod common;

use std::time::{Duration, Instant};

use common::{Events, config, embeddings_ready, get, graphql, script, sidecars};
use proseva_sidecars::{Sidecars, SidecarsConfig, SidecarsError};
use proseva_supervisor::sys::Signal;
use proseva_supervisor::{SidecarState, StartError, SupervisorEvent, sys};

#[test]
fn both_sidecars_become_healthy_answer_with_the_token_and_stop_cleanly() {
    let temp = tempfile::tempdir().unwrap();
    let events = Events::new();
    let (server_bin, explorer_bin) = sidecars();
    // The defaults, as the desktop uses them (the embedding model loads if it is installed).
    let config = SidecarsConfig::new(temp.path().join("data"), server_bin, explorer_bin);
    let supervisor = Sidecars::start(config, events.sink()).unwrap();

    // First run: graph.db built, with progress.
    let data = supervisor.data_dir().clone();
    assert!(data.graph_built && data.graph_db.is_file());
    let setup: Vec<_> = events.all().into_iter().filter_map(|e| if let SupervisorEvent::Setup(p) = e { Some(p) } else { None }).collect();
    assert!(setup.len() > 2 && setup.last().unwrap().stage == "done", "{setup:?}");

    let (server, explorer) = supervisor.status();
    assert_eq!((server.state, explorer.state), (SidecarState::Healthy, SidecarState::Healthy), "{server:?} {explorer:?}");
    assert_eq!(server.url.as_deref(), Some(supervisor.server_url().as_str()));
    assert_eq!(explorer.url.as_deref(), Some(supervisor.explorer_url().as_str()));
    let (server_port, explorer_port) = supervisor.ports();
    assert_eq!(supervisor.server_url(), format!("http://127.0.0.1:{server_port}"));
    assert_eq!(supervisor.explorer_url(), format!("http://127.0.0.1:{explorer_port}"));
    let token = supervisor.token().to_string();
    assert_eq!(token.len(), 64);
    assert!(!format!("{supervisor:?}").contains(&token), "debug output must not show the token");

    // Server: health without a token; everything else needs it.
    assert_eq!(get(&supervisor.server_url(), "/api/health", None).status, 200);
    assert_eq!(get(&supervisor.server_url(), "/api/cases", None).status, 401);
    assert_eq!(get(&supervisor.server_url(), "/api/cases", Some(&token)).status, 200);
    // Explorer: GraphQL with the token, 401 without.
    let answer = graphql(&supervisor.explorer_url(), Some(&token), "{ stats { nodeCount } }");
    assert_eq!(answer.status, 200, "{}", answer.body);
    let json: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
    assert!(json.pointer("/data/stats/nodeCount").and_then(|n| n.as_i64()).unwrap() > 100, "{json}");
    assert_eq!(graphql(&supervisor.explorer_url(), None, "{__typename}").status, 401);

    // Logs: both children's output, with timestamps and the stream.
    let server_log = std::fs::read_to_string(data.logs.join("server.log")).unwrap();
    let explorer_log = std::fs::read_to_string(data.logs.join("explorer.log")).unwrap();
    assert!(server_log.contains(&format!(" stdout listening on http://127.0.0.1:{server_port}")), "{server_log}");
    assert!(explorer_log.contains(&format!(" stdout listening on http://127.0.0.1:{explorer_port}")), "{explorer_log}");
    assert!(server_log.lines().any(|l| l.contains(" stderr ")), "{server_log}");
    assert!(server_log.lines().all(|l| l.len() > 24 && l.as_bytes()[4] == b'-' && l.as_bytes()[23] == b'Z'), "{server_log}");

    // Starting → Healthy for each.
    for name in ["server", "explorer"] {
        let states: Vec<_> = events.statuses(name).iter().map(|s| s.state).collect();
        assert_eq!(states, [SidecarState::Starting, SidecarState::Healthy], "{name}");
    }

    let pids = supervisor.child_pids();
    assert_eq!(pids.len(), 2);
    assert_eq!(pids, [server.pid.unwrap(), explorer.pid.unwrap()]);
    let started = Instant::now();
    supervisor.shutdown();
    assert!(started.elapsed() < Duration::from_secs(3), "SIGTERM should stop both quickly: {:?}", started.elapsed());
    for pid in pids {
        // Reaped, not merely dead: kill(pid, 0) is ESRCH.
        assert!(!sys::exists(pid), "pid {pid} is still there");
    }
    let (server, explorer) = supervisor.status();
    assert_eq!((server.state, explorer.state), (SidecarState::Stopped, SidecarState::Stopped));
    assert!(supervisor.child_pids().is_empty());
    for name in ["server", "explorer"] {
        assert_eq!(events.statuses(name).last().unwrap().state, SidecarState::Stopped);
    }
    let before = events.len();
    supervisor.shutdown();
    drop(supervisor);
    assert_eq!(events.len(), before, "shutdown is idempotent");

    // Second run on the same data dir: no rebuild.
    let again = Sidecars::start(config_for(&data.root), Events::new().sink()).unwrap();
    assert!(!again.data_dir().graph_built);
    assert_eq!(again.status().0.state, SidecarState::Healthy);
}

fn config_for(dir: &std::path::Path) -> SidecarsConfig {
    let mut config = config(dir);
    config.env.push(("PROSEVA_EMBEDDINGS".into(), "off".into()));
    config
}

#[test]
fn a_failing_server_fails_start_fast_with_its_reason_and_stderr() {
    let temp = tempfile::tempdir().unwrap();
    let mut config = config_for(&temp.path().join("data"));
    config.server_bin =
        script(temp.path(), "server.sh", "echo 'starting the case store' >&2\necho 'fatal: proseva.db is locked' >&2\nexit 3");
    let events = Events::new();
    let started = Instant::now();
    let error = Sidecars::start(config, events.sink()).unwrap_err();
    let elapsed = started.elapsed();
    let SidecarsError::Start(StartError::SidecarFailed { reason, stderr_tail, log, .. }) = error else {
        panic!("expected SidecarFailed, got {error:?}")
    };
    assert_eq!(reason, "the case-data server exited with status 3 before it was ready");
    assert!(stderr_tail.iter().any(|l| l == "starting the case store"), "{stderr_tail:?}");
    assert!(stderr_tail.iter().any(|l| l == "fatal: proseva.db is locked"), "{stderr_tail:?}");
    assert!(log.ends_with("logs/server.log"));
    assert!(std::fs::read_to_string(&log).unwrap().contains("stderr fatal: proseva.db is locked"));
    assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}: it should stop at the exit, not wait out the 15 s budget");

    // The explorer it started alongside is gone (reaped) by the time start returned.
    for status in events.statuses("explorer") {
        if let Some(pid) = status.pid {
            assert!(!sys::exists(pid), "explorer pid {pid} outlived the failed start");
        }
    }
    assert_eq!(events.statuses("server").last().unwrap().state, SidecarState::Failed);
}

#[test]
fn a_missing_server_program_is_a_spawn_error() {
    let temp = tempfile::tempdir().unwrap();
    let mut config = config_for(&temp.path().join("data"));
    config.server_bin = temp.path().join("no-such-server");
    let error = Sidecars::start(config, Events::new().sink()).unwrap_err();
    assert!(matches!(error, SidecarsError::Start(StartError::Spawn { .. })), "{error:?}");
    assert!(error.to_string().contains("no-such-server"), "{error}");
}

#[test]
fn a_server_that_never_answers_fails_at_its_budget() {
    let temp = tempfile::tempdir().unwrap();
    let mut config = config_for(&temp.path().join("data"));
    config.server_bin = script(temp.path(), "mute.sh", "echo 'thinking' >&2\nexec sleep 60");
    config.server_budget = Duration::from_millis(700);
    let events = Events::new();
    let started = Instant::now();
    let error = Sidecars::start(config, events.sink()).unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    let SidecarsError::Start(StartError::SidecarFailed { reason, stderr_tail, .. }) = error else { panic!("{error:?}") };
    assert_eq!(reason, "the case-data server did not answer its health check within 700 ms");
    assert_eq!(stderr_tail, ["thinking"]);
    let pid = events.statuses("server").iter().find_map(|s| s.pid).unwrap();
    assert!(!sys::exists(pid), "the unresponsive server {pid} must be killed and reaped");
}

#[test]
fn a_failing_explorer_is_not_fatal_and_the_server_still_works() {
    let temp = tempfile::tempdir().unwrap();
    let mut config = config_for(&temp.path().join("data"));
    config.explorer_bin = script(temp.path(), "explorer.sh", "echo 'Error: the graph is damaged' >&2\nexit 1");
    // Long enough that the test sees the first failure, not a retry.
    config.restart.initial = Duration::from_secs(30);
    let supervisor = Sidecars::start(config, Events::new().sink()).unwrap();
    let (server, explorer) = supervisor.status();
    assert_eq!(server.state, SidecarState::Healthy);
    assert_eq!(explorer.state, SidecarState::Failed);
    let message = explorer.message.unwrap();
    assert!(message.starts_with("the Virginia law graph is unavailable: the law-graph explorer exited with status 1"), "{message}");
    assert!(message.contains("the graph is damaged") && message.contains("trying again in 30 s"), "{message}");
    assert_eq!(supervisor.stderr_tail("explorer"), ["Error: the graph is damaged"]);

    // The chat-critical server answers.
    assert_eq!(get(&supervisor.server_url(), "/api/health", None).status, 200);
    assert_eq!(get(&supervisor.server_url(), "/api/cases", Some(supervisor.token())).status, 200);

    // Shutdown while the retry is pending is prompt.
    let started = Instant::now();
    supervisor.shutdown();
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    assert_eq!(supervisor.status().1.state, SidecarState::Stopped);
}

#[test]
fn a_corrupt_graph_leaves_the_real_explorer_failed_with_its_reason() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("data");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("graph.db"), "this is not a database").unwrap();
    let mut config = config_for(&dir);
    config.restart.initial = Duration::from_secs(30);
    let supervisor = Sidecars::start(config, Events::new().sink()).unwrap();
    let (server, explorer) = supervisor.status();
    assert_eq!(server.state, SidecarState::Healthy);
    assert_eq!(explorer.state, SidecarState::Failed, "{explorer:?}");
    let message = explorer.message.unwrap();
    assert!(message.starts_with("the Virginia law graph is unavailable: the law-graph explorer exited with status"), "{message}");
    assert!(!supervisor.data_dir().graph_built);
}

#[test]
fn an_explorer_that_keeps_failing_is_given_up_on() {
    let temp = tempfile::tempdir().unwrap();
    let mut config = config_for(&temp.path().join("data"));
    config.explorer_bin = script(temp.path(), "explorer.sh", "exit 2");
    config.restart.initial = Duration::from_millis(20);
    config.restart.max_attempts = 2;
    let events = Events::new();
    let supervisor = Sidecars::start(config, events.sink()).unwrap();
    let last = events.wait_for(0, "explorer", Duration::from_secs(10), |s| s.message.as_deref().is_some_and(|m| m.contains("gave up")));
    assert_eq!(last.state, SidecarState::Failed);
    assert_eq!(last.restarts, 2);
    let message = last.message.unwrap();
    assert!(message.contains("gave up after 2 failed restarts in a row") && message.contains("explorer.log"), "{message}");
    // Nothing more happens.
    let count = events.len();
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(events.len(), count);
    assert_eq!(supervisor.status().0.state, SidecarState::Healthy);
}

#[test]
fn killed_sidecars_are_restarted_on_the_same_url() {
    let temp = tempfile::tempdir().unwrap();
    let events = Events::new();
    let supervisor = Sidecars::start(config_for(&temp.path().join("data")), events.sink()).unwrap();
    let token = supervisor.token().to_string();

    for name in ["server", "explorer"] {
        let before = if name == "server" { supervisor.status().0 } else { supervisor.status().1 };
        assert_eq!(before.state, SidecarState::Healthy);
        let from = events.len();
        sys::signal(before.pid.unwrap(), Signal::SIGKILL).unwrap();

        let restarting = events.wait_for(from, name, Duration::from_secs(5), |s| s.state == SidecarState::Restarting);
        let message = restarting.message.unwrap();
        assert!(message.contains("was killed by signal 9 (SIGKILL)") && message.contains("restarting it in 100 ms"), "{message}");
        let after = events.wait_for(from, name, Duration::from_secs(15), |s| s.state == SidecarState::Healthy);
        assert_eq!(after.restarts, 1);
        assert_ne!(after.pid, before.pid);
        assert_eq!(after.url, before.url, "restarts reuse the port");
        assert!(!sys::exists(before.pid.unwrap()), "the killed child is reaped");
        // No event for this sidecar said anything but restarting before healthy again.
        let states: Vec<_> =
            events.statuses(name).iter().skip_while(|s| s.pid != before.pid || s.state != SidecarState::Healthy).map(|s| s.state).collect();
        assert_eq!(states.first(), Some(&SidecarState::Healthy));
        assert!(states[1..states.len() - 1].iter().all(|s| *s == SidecarState::Restarting), "{states:?}");
        assert_eq!(states.last(), Some(&SidecarState::Healthy));
    }
    assert_eq!(get(&supervisor.server_url(), "/api/health", None).status, 200);
    assert_eq!(graphql(&supervisor.explorer_url(), Some(&token), "{__typename}").status, 200);
    let pids = supervisor.child_pids();
    drop(supervisor);
    assert!(pids.iter().all(|pid| !sys::exists(*pid)), "drop shuts down");
}

#[test]
fn shutdown_during_a_pending_restart_restarts_nothing() {
    let temp = tempfile::tempdir().unwrap();
    let mut config = config_for(&temp.path().join("data"));
    config.restart.initial = Duration::from_secs(30);
    let events = Events::new();
    let supervisor = Sidecars::start(config, events.sink()).unwrap();
    let (server, explorer) = supervisor.status();
    let from = events.len();
    sys::signal(explorer.pid.unwrap(), Signal::SIGKILL).unwrap();
    events.wait_for(from, "explorer", Duration::from_secs(5), |s| s.state == SidecarState::Restarting);
    let started = Instant::now();
    supervisor.shutdown();
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    assert!(!sys::exists(server.pid.unwrap()));
    assert_eq!(supervisor.status().1.state, SidecarState::Stopped);
    assert!(supervisor.child_pids().is_empty());
    // No restart happens later either.
    std::thread::sleep(Duration::from_millis(200));
    assert!(supervisor.child_pids().is_empty());
    assert!(events.statuses("explorer").iter().skip_while(|s| s.state != SidecarState::Stopped).all(|s| s.state == SidecarState::Stopped));
}

#[test]
fn children_outlive_the_thread_that_called_start() {
    // PR_SET_PDEATHSIG fires when the forking *thread* exits: had start() forked on the caller's
    // thread, the children would die with it. They are forked on the supervisor's spawner thread.
    let temp = tempfile::tempdir().unwrap();
    let config = config_for(&temp.path().join("data"));
    let supervisor = std::thread::spawn(move || Sidecars::start(config, Events::new().sink()).unwrap()).join().unwrap();
    let pids = supervisor.child_pids();
    std::thread::sleep(Duration::from_millis(300));
    assert!(pids.iter().all(|pid| sys::running(*pid)), "a sidecar died with the thread that started it");
    assert_eq!(supervisor.child_pids(), pids);
    assert_eq!(get(&supervisor.server_url(), "/api/health", None).status, 200);
}

#[test]
fn the_explorer_searches_by_meaning_with_the_servers_model() {
    let installed = std::env::var_os("PROSEVA_MODEL_DIR")
        .map(std::path::PathBuf::from)
        .or_else(|| dirs::cache_dir().map(|c| c.join("proseva/models/all-minilm-l6-v2")))
        .is_some_and(|d| d.join("model.safetensors").is_file());
    assert!(installed, "the embedding model is not installed: run `make model`");
    let temp = tempfile::tempdir().unwrap();
    let (server_bin, explorer_bin) = sidecars();
    let config = SidecarsConfig::new(temp.path().join("data"), server_bin, explorer_bin);
    let supervisor = Sidecars::start(config, Events::new().sink()).unwrap();
    let token = supervisor.token().to_string();

    // The server loads the model in the background; the explorer borrows it.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !embeddings_ready(&supervisor.server_url()) {
        assert!(Instant::now() < deadline, "the server's model did not load");
        std::thread::sleep(Duration::from_millis(100));
    }
    // The explorer was pointed at the server's endpoint instead of loading its own copy.
    let explorer_pid = supervisor.status().1.pid.unwrap();
    let environ = std::fs::read(format!("/proc/{explorer_pid}/environ")).unwrap();
    let environ: Vec<String> = environ.split(|b| *b == 0).map(|v| String::from_utf8_lossy(v).into_owned()).collect();
    let server_v1 = format!("EMBEDDINGS_BASE_URL={}/v1", supervisor.server_url());
    assert!(environ.iter().any(|v| v == "PROSEVA_EMBEDDINGS=openai") && environ.contains(&server_v1), "{environ:?}");
    let answer = graphql(
        &supervisor.explorer_url(),
        Some(&token),
        r#"{ stats { semanticSearch } nodes(search: "my landlord kept the money I paid before moving in", limit: 5) { nodes { sourceId } } }"#,
    );
    let json: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(json.pointer("/data/stats/semanticSearch"), Some(&serde_json::json!(true)), "{json}");
    let ids: Vec<&str> =
        json.pointer("/data/nodes/nodes").unwrap().as_array().unwrap().iter().filter_map(|n| n["sourceId"].as_str()).collect();
    assert!(ids.contains(&"55.1-1226"), "the deposit section is found by meaning: {ids:?}");
    let explorer_log = std::fs::read_to_string(supervisor.data_dir().logs.join("explorer.log")).unwrap();
    assert!(!explorer_log.contains("searching by words only"), "{explorer_log}");
}
