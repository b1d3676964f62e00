//! proseva-agent: answers a person's legal question in two phases, showing every step.
//!
//! Phase 1: a small model runs a tool-calling loop over the law graph (explorer), the person's own
//! case data (server) and outside research services, all calls of a turn at once. Phase 2: a large
//! model writes the answer from the collected results in a fresh context with no tools. With no
//! model configured, the built-in offline mode plans the calls from the question and answers with
//! the retrieved sources, quoted and cited. Every step is an [`event::AgentEvent`].
//!
//! Not for: Tauri or HTTP serving (the desktop and the server forward the events), or storing
//! anything.

pub mod event;
pub mod model;
pub mod offline;
pub mod runner;
pub mod tool;
pub mod tools;
