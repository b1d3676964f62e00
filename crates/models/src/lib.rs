//! Language-model files on this computer, for the local model (`proseva-llm`) and the settings
//! screen that chooses one: [`gguf`] reads and checks a model file before anything loads it.

pub mod gguf;
