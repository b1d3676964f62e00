//! What the supervisor reports: each child's [`SidecarStatus`], and the [`SupervisorEvent`]s
//! that carry status changes and set-up progress to the [`EventSink`].

use std::path::PathBuf;
use std::sync::Arc;

use serde::Serialize;

/// A child's state. Normal life: `starting` → `healthy`; after a crash `restarting` →
/// `healthy`; `failed` when it is not running (the message says whether it will be tried again);
/// `stopped` after [`Supervisor::shutdown`](crate::Supervisor::shutdown).
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SidecarState {
    Starting,
    Healthy,
    Restarting,
    Failed,
    Stopped,
}

/// What the UI shows for one child.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SidecarStatus {
    /// The spec's name (`server`, `explorer`).
    pub name: String,
    pub state: SidecarState,
    /// The URL from the child's `listening on` line, while it is healthy.
    pub url: Option<String>,
    /// The running child's pid (starting, healthy, or restarting once respawned).
    pub pid: Option<u32>,
    /// How many times it has been started again since the first start.
    pub restarts: u32,
    /// A sentence for people when it failed or is restarting.
    pub message: Option<String>,
    /// Its log file (`<logs>/<name>.log`).
    pub log: PathBuf,
}

/// One step of a set-up that runs before a child starts (building `graph.db` on first run):
/// `stage` names the step, `done` of `total` says how far it is.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SetupProgress {
    pub stage: String,
    pub done: u64,
    pub total: u64,
}

/// Everything the supervisor reports, in order, to the `on_event` callback. As JSON:
/// `{"type":"setup","stage":..,"done":..,"total":..}` or `{"type":"sidecar", ...SidecarStatus}`.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum SupervisorEvent {
    /// Progress of a set-up step (a spec's `before_start` hook).
    Setup(SetupProgress),
    /// A child's status changed.
    Sidecar(SidecarStatus),
}

/// The callback that receives [`SupervisorEvent`]s. It runs on the supervisor's threads (never
/// under its locks, so it may call [`Supervisor::status`](crate::Supervisor::status)); it should
/// return quickly and must not call [`Supervisor::shutdown`](crate::Supervisor::shutdown).
pub type EventSink = Arc<dyn Fn(SupervisorEvent) + Send + Sync>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_serialize_for_the_ui() {
        let status = SidecarStatus {
            name: "explorer".into(),
            state: SidecarState::Restarting,
            url: None,
            pid: Some(7),
            restarts: 1,
            message: Some("m".into()),
            log: PathBuf::from("/d/logs/explorer.log"),
        };
        let json = serde_json::to_value(SupervisorEvent::Sidecar(status)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"type":"sidecar","name":"explorer","state":"restarting","url":null,"pid":7,"restarts":1,"message":"m","log":"/d/logs/explorer.log"})
        );
        let setup = serde_json::to_value(SupervisorEvent::Setup(SetupProgress { stage: "reading".into(), done: 1, total: 2 })).unwrap();
        assert_eq!(setup, serde_json::json!({"type":"setup","stage":"reading","done":1,"total":2}));
    }
}
