//! The tools the agent can call: the law graph (explorer, 5), the person's case data and the writes to it (server), its own (`think`, `execute_workflow`)
//! and outside research services (7).

pub mod case_law;
pub mod explorer;
pub mod local;
pub mod own;
pub mod research;
