//! `proseva-llm`, the optional third sidecar: a GGUF model run on the CPU by llama.cpp
//! ([`engine`]), behind an OpenAI-compatible HTTP API ([`http`]).

pub mod engine;
pub mod http;
