//! Starting: parallel start, health checks (GET, and POST with a token and a check on the
//! answer), the budget, early stop on exit, essential and optional failures, the before-start
//! hook.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use common::{Events, fake, options, script};
use proseva_supervisor::{HealthCheck, SetupProgress, SidecarState, StartError, Supervisor, SupervisorEvent, sys};

#[test]
#[ignore = "not a test: the fake sidecar the other tests start as a child"]
fn fake_sidecar() {
    common::fake_sidecar_main();
}

fn graphql_check(token: &str, string_at: &str) -> HealthCheck {
    HealthCheck::PostJson {
        path: "/graphql".into(),
        body: r#"{"query":"{__typename}"}"#.into(),
        bearer_token: Some(token.into()),
        string_at: string_at.into(),
    }
}

#[test]
fn children_start_in_parallel_and_report_where_they_listen() {
    let logs = tempfile::tempdir().unwrap();
    let mut server = fake("server").env("FAKE_DELAY_MS", "1000");
    server.essential = true;
    let mut explorer = fake("explorer").env("FAKE_DELAY_MS", "1000").env("FAKE_TOKEN", "t0ken");
    explorer.health = graphql_check("t0ken", "/data/__typename");
    let (server_port, explorer_port) = (server.port, explorer.port);
    let events = Events::new();
    let started = Instant::now();
    let supervisor = Supervisor::start(vec![server, explorer], options(logs.path()), events.sink()).unwrap();
    let elapsed = started.elapsed();
    assert!(elapsed < Duration::from_millis(1900), "one after the other would take 2 s: {elapsed:?}");

    let status = supervisor.status();
    assert_eq!(status.iter().map(|s| s.state).collect::<Vec<_>>(), [SidecarState::Healthy, SidecarState::Healthy], "{status:?}");
    assert_eq!(supervisor.url("server").unwrap(), format!("http://127.0.0.1:{server_port}"));
    assert_eq!(status[1].url.as_deref(), Some(format!("http://127.0.0.1:{explorer_port}").as_str()));
    assert_eq!(supervisor.url("nobody"), None);
    for name in ["server", "explorer"] {
        let states: Vec<_> = events.statuses(name).iter().map(|s| s.state).collect();
        assert_eq!(states, [SidecarState::Starting, SidecarState::Healthy], "{name}");
    }

    // Each child's log: its output, timestamped and marked, and the supervisor's notes.
    let log = std::fs::read_to_string(logs.path().join("explorer.log")).unwrap();
    assert!(log.contains(&format!(" stdout listening on http://127.0.0.1:{explorer_port}")), "{log}");
    assert!(log.contains(" supervisor healthy at "), "{log}");
    assert!(log.lines().all(|l| l.len() > 24 && l.as_bytes()[4] == b'-' && l.as_bytes()[23] == b'Z'), "{log}");
    assert_eq!(status[0].log, logs.path().join("server.log"));
}

#[test]
fn health_is_polled_at_least_every_100_ms_whatever_the_option_says() {
    let logs = tempfile::tempdir().unwrap();
    let mut options = options(logs.path());
    options.poll_interval = Duration::from_secs(10);
    let child = fake("server").env("FAKE_UNHEALTHY_MS", "300");
    let started = Instant::now();
    let supervisor = Supervisor::start(vec![child], options, Events::new().sink()).unwrap();
    assert_eq!(supervisor.status()[0].state, SidecarState::Healthy);
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
}

#[test]
fn a_health_answer_without_the_expected_field_is_not_healthy() {
    let logs = tempfile::tempdir().unwrap();
    let mut child = fake("explorer").env("FAKE_TOKEN", "t0ken");
    child.health = graphql_check("t0ken", "/data/stats");
    child.essential = true;
    child.start_budget = Duration::from_millis(700);
    let error = Supervisor::start(vec![child], options(logs.path()), Events::new().sink()).unwrap_err();
    assert_eq!(error.to_string(), "the fake explorer did not answer its health check within 700 ms");
}

#[test]
fn a_health_check_without_the_token_is_not_healthy() {
    let logs = tempfile::tempdir().unwrap();
    let mut child = fake("explorer").env("FAKE_TOKEN", "t0ken");
    child.health = graphql_check("wrong", "/data/__typename");
    child.essential = true;
    child.start_budget = Duration::from_millis(700);
    let error = Supervisor::start(vec![child], options(logs.path()), Events::new().sink()).unwrap_err();
    assert!(matches!(error, StartError::SidecarFailed { .. }), "{error:?}");
}

#[test]
fn an_essential_child_that_exits_fails_start_at_once_with_its_stderr() {
    let logs = tempfile::tempdir().unwrap();
    let mut server = script("server", "echo 'opening the store' >&2\necho 'fatal: the store is locked' >&2\nexit 3");
    server.essential = true;
    server.start_budget = Duration::from_secs(15);
    let events = Events::new();
    let started = Instant::now();
    let error = Supervisor::start(vec![server, fake("explorer")], options(logs.path()), events.sink()).unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(5), "it should stop at the exit, not wait out 15 s: {:?}", started.elapsed());
    let StartError::SidecarFailed { name, reason, stderr_tail, log } = error else { panic!("{error:?}") };
    assert_eq!(name, "server");
    assert_eq!(reason, "the fake server exited with status 3 before it was ready");
    assert_eq!(stderr_tail, ["opening the store", "fatal: the store is locked"]);
    assert_eq!(log, logs.path().join("server.log"));
    assert!(std::fs::read_to_string(&log).unwrap().contains("stderr fatal: the store is locked"));

    // The other child is gone (reaped) by the time start returned; the failure stands.
    for status in events.statuses("explorer") {
        if let Some(pid) = status.pid {
            assert!(!sys::exists(pid), "explorer pid {pid} outlived the failed start");
        }
    }
    assert_eq!(events.statuses("server").last().unwrap().state, SidecarState::Failed);
}

#[test]
fn a_silent_essential_child_fails_at_its_budget_and_is_killed() {
    let logs = tempfile::tempdir().unwrap();
    let mut server = script("server", "echo 'thinking' >&2\nexec sleep 60");
    server.essential = true;
    server.start_budget = Duration::from_millis(700);
    let events = Events::new();
    let started = Instant::now();
    let error = Supervisor::start(vec![server], options(logs.path()), events.sink()).unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    let StartError::SidecarFailed { reason, stderr_tail, .. } = error else { panic!("{error:?}") };
    assert_eq!(reason, "the fake server did not answer its health check within 700 ms");
    assert_eq!(stderr_tail, ["thinking"]);
    let pid = events.statuses("server").iter().find_map(|s| s.pid).unwrap();
    assert!(!sys::exists(pid), "the unresponsive child {pid} must be killed and reaped");
}

#[test]
fn a_missing_essential_program_is_a_spawn_error() {
    let logs = tempfile::tempdir().unwrap();
    let mut server = fake("server");
    server.program = logs.path().join("no-such-server");
    server.essential = true;
    let error = Supervisor::start(vec![server], options(logs.path()), Events::new().sink()).unwrap_err();
    assert!(matches!(error, StartError::Spawn { .. }), "{error:?}");
    assert!(error.to_string().contains("no-such-server") && error.to_string().contains("the fake server"), "{error}");
}

#[test]
fn a_failing_optional_child_is_not_fatal() {
    let logs = tempfile::tempdir().unwrap();
    let mut options = options(logs.path());
    // Long enough that the test sees the first failure, not a retry.
    options.restart.initial = Duration::from_secs(30);
    let mut explorer = script("explorer", "echo 'Error: the graph is damaged' >&2\nexit 1");
    explorer.unavailable = "the law graph is unavailable: ".into();
    let mut server = fake("server");
    server.essential = true;
    let supervisor = Supervisor::start(vec![server, explorer], options, Events::new().sink()).unwrap();
    let status = supervisor.status();
    assert_eq!(status[0].state, SidecarState::Healthy);
    assert_eq!(status[1].state, SidecarState::Failed);
    let message = status[1].message.clone().unwrap();
    assert!(message.starts_with("the law graph is unavailable: the fake explorer exited with status 1"), "{message}");
    assert!(message.contains("the graph is damaged") && message.contains("trying again in 30 s"), "{message}");
    assert_eq!(supervisor.stderr_tail("explorer"), ["Error: the graph is damaged"]);

    // Shutdown while the retry is pending is prompt.
    let started = Instant::now();
    supervisor.shutdown();
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    assert_eq!(supervisor.status()[1].state, SidecarState::Stopped);
}

#[test]
fn the_before_start_hook_runs_before_each_start_and_its_failure_is_a_failed_start() {
    let logs = tempfile::tempdir().unwrap();
    let calls = Arc::new(AtomicU32::new(0));
    let mut child = fake("explorer");
    let counter = calls.clone();
    child.before_start = Some(Arc::new(move |progress| {
        let call = counter.fetch_add(1, Ordering::SeqCst) + 1;
        progress(SetupProgress { stage: "building".into(), done: call.into(), total: 2 });
        if call == 1 { Err("cannot build the graph: disk full".into()) } else { Ok(()) }
    }));
    let events = Events::new();
    let supervisor = Supervisor::start(vec![child], options(logs.path()), events.sink()).unwrap();
    let failed = events.wait_for(0, "explorer", Duration::from_secs(5), |s| s.state == SidecarState::Failed);
    assert!(failed.message.unwrap().contains("cannot build the graph: disk full"));
    let healthy = events.wait_for(0, "explorer", Duration::from_secs(10), |s| s.state == SidecarState::Healthy);
    assert_eq!(healthy.restarts, 1);
    assert_eq!(calls.load(Ordering::SeqCst), 2);
    let setup: Vec<_> =
        events.all().into_iter().filter_map(|e| if let SupervisorEvent::Setup(p) = e { Some(p.done) } else { None }).collect();
    assert_eq!(setup, [1, 2]);
    assert!(std::fs::read_to_string(logs.path().join("explorer.log")).unwrap().contains("supervisor cannot build the graph: disk full"));
    drop(supervisor);
}

#[test]
fn two_children_cannot_share_a_name() {
    let logs = tempfile::tempdir().unwrap();
    let error = Supervisor::start(vec![fake("server"), fake("server")], options(logs.path()), Events::new().sink()).unwrap_err();
    assert!(matches!(error, StartError::DuplicateName { ref name } if name == "server"), "{error:?}");
}
