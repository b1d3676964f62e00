//! The tools the agent can call: the law graph (explorer, 5), the person's case data (server, 8)
//! and outside research services (7).

pub mod explorer;
pub mod local;
// The research tools (helper in progress) are wired in when they land.
// pub mod research;
