//! `proseva-llm`, the optional third sidecar: a GGUF model run on the CPU by llama.cpp
//! ([`engine`]), behind an OpenAI-compatible HTTP API ([`http`]); tool calls through the model's
//! own chat template ([`template`], [`tool_calls`]).

pub mod engine;
pub mod grammar;
pub mod http;
pub mod template;
pub mod tool_calls;
