//! The tools the agent can call: the law graph (explorer, 5), the person's case data (server, 8)
//! and outside research services (7).

pub mod explorer;
pub mod local;
pub mod research;
