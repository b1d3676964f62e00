//! An event recorder a test can wait on, and a bounded poll: shared by the supervisor's tests and,
//! through `#[path]`, by proseva-sidecars' tests against the real sidecars.

use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use proseva_supervisor::{EventSink, SidecarStatus, SupervisorEvent};

/// Records every event and lets a test wait for one.
#[derive(Default)]
pub struct Events {
    list: Mutex<Vec<SupervisorEvent>>,
    arrived: Condvar,
}

impl Events {
    pub fn new() -> Arc<Events> {
        Arc::new(Events::default())
    }

    pub fn sink(self: &Arc<Self>) -> EventSink {
        let me = self.clone();
        Arc::new(move |event| {
            me.list.lock().unwrap().push(event);
            me.arrived.notify_all();
        })
    }

    pub fn all(&self) -> Vec<SupervisorEvent> {
        self.list.lock().unwrap().clone()
    }

    pub fn len(&self) -> usize {
        self.list.lock().unwrap().len()
    }

    /// Statuses of one child, in order.
    pub fn statuses(&self, name: &str) -> Vec<SidecarStatus> {
        self.all()
            .into_iter()
            .filter_map(|e| match e {
                SupervisorEvent::Sidecar(s) if s.name == name => Some(s),
                _ => None,
            })
            .collect()
    }

    /// The first status of `name` from event number `from` on that satisfies `want`; panics
    /// with the events seen after `timeout`.
    pub fn wait_for(&self, from: usize, name: &str, timeout: Duration, want: impl Fn(&SidecarStatus) -> bool) -> SidecarStatus {
        let deadline = Instant::now() + timeout;
        let mut list = self.list.lock().unwrap();
        loop {
            let found = list.iter().skip(from).find_map(|e| match e {
                SupervisorEvent::Sidecar(s) if s.name == name && want(s) => Some(s.clone()),
                _ => None,
            });
            if let Some(status) = found {
                return status;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                panic!("no matching {name} status within {timeout:?}; events: {:#?}", &list[from..]);
            }
            list = self.arrived.wait_timeout(list, left).unwrap().0;
        }
    }
}

/// Polls `check` until it holds or `timeout` passes; false then.
pub fn eventually(timeout: Duration, mut check: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + timeout;
    loop {
        if check() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
