//! The window's commands on Tauri's mock runtime, one test binary for all of them (issue 46): as
//! four binaries each compiled the whole app for the mock runtime again (~80 s of CPU each in a cold
//! build); as modules of one it is compiled once. Each module is one of the former files
//! (`commands.rs` is `chat`, `library_commands.rs` is `library`, and so on).

mod common;

mod chat;
mod library;
mod papers;
mod proof;
mod reminders;
mod workspace;
