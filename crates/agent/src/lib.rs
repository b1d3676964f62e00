//! proseva-agent: answers a person's legal question in two phases, showing every step.
//!
//! Phase 1: a small model runs a tool-calling loop over the law graph (explorer), the person's own
//! case data (server) and outside research services, all calls of a turn at once. Phase 2: a large
//! model writes the answer from the collected results in a fresh context with no tools. The model
//! is any OpenAI-compatible server ([`openai::OpenAiModel`]: OpenAI, Ollama, llama.cpp, vLLM, LM
//! Studio), or, with none configured, the built-in offline mode ([`offline::OfflineModel`]), which
//! plans the calls from the question and answers with the retrieved sources, quoted and cited.
//! [`config::AgentConfig`] picks one from the environment. Every step is an [`event::AgentEvent`].
//!
//! ```no_run
//! # async fn demo() {
//! use proseva_agent::config::AgentConfig;
//! use proseva_agent::model::ChatMessage;
//! use proseva_agent::runner::{Agent, RequestKind};
//! use proseva_agent::tools::{explorer::ExplorerClient, local::ServerClient, research};
//! let config = AgentConfig::from_env();
//! let http = proseva_http::client_builder("proseva-agent").build().expect("an HTTP client");
//! let agent = Agent::new(
//!     config.build_model(),
//!     config.runner_config(),
//!     ExplorerClient::new(http.clone(), "http://127.0.0.1:3002", None),
//!     ServerClient::new(http.clone(), "http://127.0.0.1:3001", None),
//!     research::research_tools(&research::ResearchConfig::from_env(), http),
//! );
//! let emit = |event: proseva_agent::event::AgentEvent| println!("{}", serde_json::to_string(&event).unwrap());
//! let question = [ChatMessage::user("What does Virginia Code say about FOIA?")];
//! let reply = agent.run(RequestKind::Chat, &question, &emit, &Default::default()).await;
//! # let _ = reply;
//! # }
//! ```
//!
//! Not for: Tauri or HTTP serving (the desktop and the server forward the events), or storing
//! anything.

pub mod cards;
pub mod citations;
pub mod claim;
pub mod config;
pub mod conversation;
pub mod event;
pub mod language;
pub mod local;
pub mod model;
pub mod offline;
pub mod openai;
pub mod pipeline;
pub mod roles;
pub mod runner;
/// Error text made safe to leave the process (it lives with the sidecars' HTTP guards, which the
/// explorer shares without the agent).
pub use proseva_http_guard::sanitize;
pub mod tool;
pub mod tools;
pub mod workflows;
