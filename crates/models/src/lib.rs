//! Language-model files on this computer, for the local model (`proseva-llm`) and the settings
//! screen that chooses one: [`gguf`] reads and checks a model file before anything loads it;
//! [`catalogue`] lists the models a person can download, with a verdict for this computer;
//! [`download`] fetches one from Hugging Face, resumably, and checks it before it is used.

pub mod catalogue;
pub mod download;
pub mod gguf;
