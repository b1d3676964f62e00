//! Stopping, and no orphans: SIGTERM then SIGKILL after the grace, process groups, an empty
//! signal mask, children that outlive the thread that started them but not the app.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{Events, deaf_to_sigterm, eventually, fake, options, proc_status, process_group};
use proseva_supervisor::sys::Signal;
use proseva_supervisor::{SidecarState, Supervisor, sys};

#[test]
#[ignore = "not a test: the fake sidecar the other tests start as a child"]
fn fake_sidecar() {
    common::fake_sidecar_main();
}

#[test]
fn shutdown_stops_every_child_promptly_and_only_once() {
    let logs = tempfile::tempdir().unwrap();
    let events = Events::new();
    let supervisor = Supervisor::start(vec![fake("server"), fake("explorer")], options(logs.path()), events.sink()).unwrap();
    let pids = supervisor.child_pids();
    assert_eq!(pids.len(), 2);
    for pid in &pids {
        // Each leads its own process group: a Ctrl-C to the app's group does not reach it.
        assert_eq!(process_group(*pid), *pid);
        assert_ne!(process_group(*pid), process_group(std::process::id()));
    }
    let started = Instant::now();
    supervisor.shutdown();
    assert!(started.elapsed() < Duration::from_secs(2), "SIGTERM should stop both quickly: {:?}", started.elapsed());
    for pid in pids {
        // Reaped, not merely dead: kill(pid, 0) is ESRCH.
        assert!(!sys::exists(pid), "pid {pid} is still there");
    }
    assert!(supervisor.status().iter().all(|s| s.state == SidecarState::Stopped && s.pid.is_none()));
    assert!(supervisor.child_pids().is_empty());
    let log = std::fs::read_to_string(logs.path().join("server.log")).unwrap();
    assert!(log.contains("(SIGTERM)") && log.contains("stopped: was killed by signal 15 (SIGTERM)"), "{log}");

    let before = events.len();
    supervisor.shutdown();
    drop(supervisor);
    assert_eq!(events.len(), before, "shutdown is idempotent");
}

#[test]
fn a_child_that_ignores_sigterm_is_killed_after_the_grace() {
    let logs = tempfile::tempdir().unwrap();
    let mut options = options(logs.path());
    options.grace = Duration::from_millis(500);
    let supervisor = Supervisor::start(vec![deaf_to_sigterm(fake("server"))], options, Events::new().sink()).unwrap();
    let pid = supervisor.child_pids()[0];
    let started = Instant::now();
    supervisor.shutdown();
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(500) && took < Duration::from_secs(3), "{took:?}");
    assert!(!sys::exists(pid));
    let log = std::fs::read_to_string(logs.path().join("server.log")).unwrap();
    assert!(log.contains(&format!("pid {pid} did not exit within 500 ms; SIGKILL")), "{log}");
}

#[test]
fn shutdown_reaches_what_a_child_started() {
    let logs = tempfile::tempdir().unwrap();
    let grandchild_file = logs.path().join("grandchild.pid");
    let child = fake("server").env("FAKE_GRANDCHILD", &grandchild_file);
    let supervisor = Supervisor::start(vec![child], options(logs.path()), Events::new().sink()).unwrap();
    let grandchild: u32 = std::fs::read_to_string(&grandchild_file).unwrap().parse().unwrap();
    assert!(sys::running(grandchild));
    supervisor.shutdown();
    assert!(eventually(Duration::from_secs(5), || !sys::running(grandchild)), "the child's own child {grandchild} survived shutdown");
}

#[test]
fn children_get_an_empty_signal_mask_even_from_a_thread_that_blocks_sigterm() {
    // A runner that blocks SIGTERM to sigwait for it must not make its children deaf to it.
    let logs = tempfile::tempdir().unwrap();
    let options = options(logs.path());
    let supervisor = std::thread::spawn(move || {
        sys::block_signals(&[Signal::SIGTERM]).unwrap();
        Supervisor::start(vec![fake("server")], options, Events::new().sink()).unwrap()
    })
    .join()
    .unwrap();
    let pid = supervisor.child_pids()[0];
    assert_eq!(u64::from_str_radix(&proc_status(pid, "SigBlk"), 16).unwrap(), 0, "the child's blocked signals");
    let started = Instant::now();
    supervisor.shutdown();
    assert!(started.elapsed() < Duration::from_secs(2), "SIGTERM, not the grace and SIGKILL: {:?}", started.elapsed());
}

#[test]
fn children_outlive_the_thread_that_called_start() {
    // PR_SET_PDEATHSIG fires when the forking *thread* exits: had start() forked on the caller's
    // thread, the children would die with it. They are forked on the supervisor's spawner thread.
    let logs = tempfile::tempdir().unwrap();
    let options = options(logs.path());
    let supervisor =
        std::thread::spawn(move || Supervisor::start(vec![fake("server")], options, Events::new().sink()).unwrap()).join().unwrap();
    let pids = supervisor.child_pids();
    std::thread::sleep(Duration::from_millis(300));
    assert!(pids.iter().all(|pid| sys::running(*pid)), "a child died with the thread that started it");
    assert_eq!(supervisor.child_pids(), pids);
    assert_eq!(supervisor.status()[0].state, SidecarState::Healthy);
}

#[test]
fn killing_the_app_takes_its_children_with_it() {
    let logs = tempfile::tempdir().unwrap();
    let mut app = Command::new(std::env::current_exe().unwrap())
        .args(["fake_sidecar", "--exact", "--ignored", "--nocapture", "--test-threads=1", "--quiet"])
        .env("FAKE_ROLE", "parent")
        .env("FAKE_LOGS", logs.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = BufReader::new(app.stdout.take().unwrap());
    let child: u32 = stdout
        .lines()
        .map_while(Result::ok)
        .find_map(|line| line.strip_prefix("child ").map(|pid| pid.parse().unwrap()))
        .expect("the app printed its child's pid");
    assert!(sys::running(child));
    app.kill().unwrap();
    app.wait().unwrap();
    // No code of the supervisor ran: the kernel's parent-death signal must do it. The orphan is
    // reaped by init, possibly late, so a zombie counts as gone.
    assert!(eventually(Duration::from_secs(5), || !sys::running(child)), "child {child} survived the SIGKILLed app");
}

#[test]
fn shutdown_during_a_pending_restart_restarts_nothing() {
    let logs = tempfile::tempdir().unwrap();
    let mut options = options(logs.path());
    options.restart.initial = Duration::from_secs(30);
    let events = Events::new();
    let supervisor = Supervisor::start(vec![fake("server"), fake("explorer")], options, events.sink()).unwrap();
    let server = supervisor.status_of("server").unwrap();
    let explorer = supervisor.status_of("explorer").unwrap();
    let from = events.len();
    sys::signal(explorer.pid.unwrap(), Signal::SIGKILL).unwrap();
    events.wait_for(from, "explorer", Duration::from_secs(5), |s| s.state == SidecarState::Restarting);
    let started = Instant::now();
    supervisor.shutdown();
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    assert!(!sys::exists(server.pid.unwrap()));
    assert_eq!(supervisor.status_of("explorer").unwrap().state, SidecarState::Stopped);
    assert!(supervisor.child_pids().is_empty());
    // No restart happens later either.
    std::thread::sleep(Duration::from_millis(200));
    assert!(supervisor.child_pids().is_empty());
    assert!(events.statuses("explorer").iter().skip_while(|s| s.state != SidecarState::Stopped).all(|s| s.state == SidecarState::Stopped));
}
