//! After the start: a child that dies is restarted on the same port with capped, doubling
//! delays, and given up on after too many failures in a row.

mod common;

use std::time::Duration;

use common::{Events, fake, options, script};
use proseva_supervisor::sys::Signal;
use proseva_supervisor::{SidecarState, Supervisor, sys};

#[test]
#[ignore = "not a test: the fake sidecar the other tests start as a child"]
fn fake_sidecar() {
    common::fake_sidecar_main();
}

#[test]
fn killed_children_are_restarted_on_the_same_url_essential_or_not() {
    let logs = tempfile::tempdir().unwrap();
    let mut server = fake("server");
    server.essential = true;
    let events = Events::new();
    let supervisor = Supervisor::start(vec![server, fake("explorer")], options(logs.path()), events.sink()).unwrap();

    for name in ["server", "explorer"] {
        let before = supervisor.status_of(name).unwrap();
        assert_eq!(before.state, SidecarState::Healthy);
        let from = events.len();
        sys::signal(before.pid.unwrap(), Signal::SIGKILL).unwrap();

        let restarting = events.wait_for(from, name, Duration::from_secs(5), |s| s.state == SidecarState::Restarting);
        let message = restarting.message.unwrap();
        assert!(message.contains("was killed by signal 9 (SIGKILL)") && message.contains("restarting it in 50 ms"), "{message}");
        let after = events.wait_for(from, name, Duration::from_secs(10), |s| s.state == SidecarState::Healthy);
        assert_eq!(after.restarts, 1);
        assert_ne!(after.pid, before.pid);
        assert_eq!(after.url, before.url, "restarts reuse the port");
        assert!(!sys::exists(before.pid.unwrap()), "the killed child is reaped");
        // Between the two healthy states, only `restarting`.
        let states: Vec<_> =
            events.statuses(name).iter().skip_while(|s| s.pid != before.pid || s.state != SidecarState::Healthy).map(|s| s.state).collect();
        assert_eq!(states.first(), Some(&SidecarState::Healthy));
        assert!(states[1..states.len() - 1].iter().all(|s| *s == SidecarState::Restarting), "{states:?}");
        assert_eq!(states.last(), Some(&SidecarState::Healthy));
    }
    let pids = supervisor.child_pids();
    assert_eq!(pids.len(), 2);
    drop(supervisor);
    assert!(pids.iter().all(|pid| !sys::exists(*pid)), "drop shuts down");
}

#[test]
fn failed_restarts_wait_longer_each_time_up_to_the_cap_then_give_up() {
    let logs = tempfile::tempdir().unwrap();
    let mut options = options(logs.path());
    options.restart.initial = Duration::from_millis(100);
    options.restart.max = Duration::from_millis(400);
    options.restart.max_attempts = 4;
    let child = script("explorer", "exit 2");
    let events = Events::new();
    let supervisor = Supervisor::start(vec![child], options, events.sink()).unwrap();
    let last = events.wait_for(0, "explorer", Duration::from_secs(10), |s| s.message.as_deref().is_some_and(|m| m.contains("gave up")));
    assert_eq!(last.state, SidecarState::Failed);
    assert_eq!(last.restarts, 4);
    let message = last.message.unwrap();
    assert!(message.contains("gave up after 4 failed restarts in a row") && message.contains("explorer.log"), "{message}");

    let delays: Vec<String> = events
        .statuses("explorer")
        .iter()
        .filter_map(|s| s.message.as_deref()?.split_once("trying again in ").map(|(_, delay)| delay.to_string()))
        .collect();
    assert_eq!(delays, ["100 ms", "200 ms", "400 ms", "400 ms"]);

    // Nothing more happens, and the failure stands until shutdown.
    let count = events.len();
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(events.len(), count);
    assert!(supervisor.child_pids().is_empty());
    supervisor.shutdown();
    assert_eq!(supervisor.status()[0].state, SidecarState::Stopped);
}

#[test]
fn with_no_restarts_allowed_the_first_failure_is_final() {
    let logs = tempfile::tempdir().unwrap();
    let mut options = options(logs.path());
    options.restart.max_attempts = 0;
    let events = Events::new();
    let supervisor = Supervisor::start(vec![script("explorer", "exit 5")], options, events.sink()).unwrap();
    let status = supervisor.status_of("explorer").unwrap();
    assert_eq!(status.state, SidecarState::Failed);
    assert!(status.message.unwrap().contains("restarts are turned off"));
}
