//! The MCP server's integration tests, one test binary for all of them (issue 46): as six
//! binaries each compiled rmcp's client and the server's tools again, 213 s of CPU in a cold build;
//! as modules of one they are compiled once. Each module is one of the former files.

mod common;

mod arguments;
mod case_data;
mod explorer_mode;
mod http;
mod law_tools;
mod protocol;
