//! Which model the agent runs on, from the environment (or any source of the same names).
//!
//! `OPENAI_API_KEY`, `OPENAI_BASE_URL` (any OpenAI-compatible server), `TEXT_MODEL_SMALL`
//! (default `gpt-4o-mini`), `TEXT_MODEL_LARGE` (default `gpt-4o`). With neither a key nor a base
//! URL, or with `PROSEVA_LLM=offline`, the built-in offline mode runs. The settings screen
//! overrides these by setting the fields.

use std::sync::Arc;
use std::time::Duration;

use crate::local::{LocalEndpoint, LocalModel};
use crate::model::{ChatModel, ModelMode};
use crate::offline::OfflineModel;
use crate::openai::{Endpoint, OPENAI_BASE_URL, OpenAiModel, REQUEST_TIMEOUT, RetryPolicy};
use crate::runner::RunnerConfig;

pub use crate::model::{DEFAULT_LARGE_MODEL, DEFAULT_SMALL_MODEL};

/// The model settings. `Debug` says only whether the key is set.
#[derive(Clone, PartialEq, Eq)]
pub struct AgentConfig {
    /// `OPENAI_API_KEY`.
    pub api_key: Option<String>,
    /// `OPENAI_BASE_URL`; OpenAI's own when only a key is given.
    pub base_url: Option<String>,
    /// `TEXT_MODEL_SMALL`: runs the tool loop.
    pub small_model: String,
    /// `TEXT_MODEL_LARGE`: writes the answer.
    pub large_model: String,
    /// `PROSEVA_LLM=offline`: the offline mode even when a model is configured.
    pub force_offline: bool,
    pub request_timeout: Duration,
    pub retry: RetryPolicy,
    /// A model on this computer, once its sidecar runs: it writes the answers (the offline switch
    /// still wins). Set by the app, which starts `proseva-llm`; never from the environment.
    pub local: Option<LocalEndpoint>,
}

impl Default for AgentConfig {
    /// Nothing configured: offline.
    fn default() -> Self {
        AgentConfig {
            api_key: None,
            base_url: None,
            small_model: DEFAULT_SMALL_MODEL.into(),
            large_model: DEFAULT_LARGE_MODEL.into(),
            force_offline: false,
            request_timeout: REQUEST_TIMEOUT,
            retry: RetryPolicy::default(),
            local: None,
        }
    }
}

impl std::fmt::Debug for AgentConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentConfig")
            .field("api_key", &if self.api_key.is_some() { "set" } else { "missing" })
            .field("base_url", &self.base_url)
            .field("small_model", &self.small_model)
            .field("large_model", &self.large_model)
            .field("force_offline", &self.force_offline)
            .field("request_timeout", &self.request_timeout)
            .field("retry", &self.retry)
            .field("local", &self.local)
            .finish()
    }
}

impl AgentConfig {
    /// From the process environment.
    pub fn from_env() -> Self {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// From any source of variables, by their environment names. Blank values count as missing.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Self {
        let value = |name: &str| lookup(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        AgentConfig {
            api_key: value("OPENAI_API_KEY"),
            base_url: value("OPENAI_BASE_URL"),
            small_model: value("TEXT_MODEL_SMALL").unwrap_or_else(|| DEFAULT_SMALL_MODEL.into()),
            large_model: value("TEXT_MODEL_LARGE").unwrap_or_else(|| DEFAULT_LARGE_MODEL.into()),
            force_offline: value("PROSEVA_LLM").is_some_and(|v| v.eq_ignore_ascii_case("offline")),
            ..AgentConfig::default()
        }
    }

    /// True when the built-in offline mode answers.
    pub fn is_offline(&self) -> bool {
        self.force_offline || (self.api_key.is_none() && self.base_url.is_none() && self.local.is_none())
    }

    /// The local model that writes the answers, if one does.
    pub fn local(&self) -> Option<&LocalEndpoint> {
        self.local.as_ref().filter(|_| !self.force_offline)
    }

    /// The endpoint the online model uses, if a model service (not a local model) answers.
    pub fn endpoint(&self) -> Option<Endpoint> {
        if self.is_offline() || self.local().is_some() {
            return None;
        }
        let base_url = self.base_url.as_deref().unwrap_or(OPENAI_BASE_URL);
        let mut endpoint = Endpoint::new(base_url, self.api_key.clone(), &self.small_model, &self.large_model);
        endpoint.request_timeout = self.request_timeout;
        endpoint.retry = self.retry;
        Some(endpoint)
    }

    /// What the status line shows, without building anything.
    pub fn mode(&self) -> ModelMode {
        if let Some(local) = self.local() {
            return ModelMode::Local { model: local.model.clone() };
        }
        match self.endpoint() {
            None => ModelMode::Offline,
            Some(e) => ModelMode::Online { base_url: e.base_url, small: e.small_model, large: e.large_model },
        }
    }

    /// The offline model or an [`OpenAiModel`] on the configured server. Never fails: a server
    /// that cannot be reached, or an address that is not one, is reported by each request.
    pub fn build_model(&self) -> Arc<dyn ChatModel> {
        // The key never leaves the process in an error's text.
        crate::sanitize::global().add_secrets(self.api_key.clone());
        if let Some(local) = self.local() {
            crate::sanitize::global().add_secrets(Some(local.token.clone()));
            return Arc::new(LocalModel::new(local.clone()));
        }
        match self.endpoint() {
            None => Arc::new(OfflineModel),
            Some(endpoint) => Arc::new(OpenAiModel::new(endpoint)),
        }
    }

    /// The runner's settings, with these model names and the runner's defaults for the rest.
    pub fn runner_config(&self) -> RunnerConfig {
        if let Some(local) = self.local() {
            return RunnerConfig { small_model: local.model.clone(), large_model: local.model.clone(), ..RunnerConfig::default() };
        }
        RunnerConfig { small_model: self.small_model.clone(), large_model: self.large_model.clone(), ..RunnerConfig::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> AgentConfig {
        AgentConfig::from_lookup(|name| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string()))
    }

    #[test]
    fn nothing_configured_means_offline_with_the_default_model_names() {
        let c = config(&[]);
        assert!(c.is_offline());
        assert_eq!(c, AgentConfig::default());
        assert_eq!((c.small_model.as_str(), c.large_model.as_str()), ("gpt-4o-mini", "gpt-4o"));
        assert_eq!(c.build_model().mode(), ModelMode::Offline);
        // Blank values are not configuration.
        assert!(config(&[("OPENAI_API_KEY", " "), ("OPENAI_BASE_URL", "")]).is_offline());
    }

    #[test]
    fn a_key_alone_means_openai_itself() {
        let c = config(&[("OPENAI_API_KEY", "sk-test")]);
        assert!(!c.is_offline());
        let expected = ModelMode::Online { base_url: OPENAI_BASE_URL.into(), small: "gpt-4o-mini".into(), large: "gpt-4o".into() };
        assert_eq!(c.mode(), expected);
        assert_eq!(c.build_model().mode(), expected);
    }

    #[test]
    fn a_base_url_alone_means_a_local_server_with_no_key() {
        let c = config(&[
            ("OPENAI_BASE_URL", "http://127.0.0.1:11434/v1/"),
            ("TEXT_MODEL_SMALL", "qwen2.5:7b"),
            ("TEXT_MODEL_LARGE", "qwen2.5:32b"),
        ]);
        let endpoint = c.endpoint().unwrap();
        assert_eq!(endpoint.api_key, None);
        assert_eq!(endpoint.base_url, "http://127.0.0.1:11434/v1");
        assert_eq!(
            c.build_model().mode(),
            ModelMode::Online { base_url: "http://127.0.0.1:11434/v1".into(), small: "qwen2.5:7b".into(), large: "qwen2.5:32b".into() }
        );
        let runner = c.runner_config();
        assert_eq!((runner.small_model.as_str(), runner.large_model.as_str()), ("qwen2.5:7b", "qwen2.5:32b"));
        assert_eq!(runner.max_tool_calls, RunnerConfig::default().max_tool_calls);
    }

    #[test]
    fn proseva_llm_offline_wins_over_a_configured_model() {
        let c = config(&[("OPENAI_API_KEY", "sk-test"), ("PROSEVA_LLM", "Offline")]);
        assert!(c.is_offline());
        assert_eq!(c.endpoint(), None);
        assert_eq!(c.build_model().mode(), ModelMode::Offline);
        assert!(!config(&[("OPENAI_API_KEY", "sk-test"), ("PROSEVA_LLM", "openai")]).is_offline());
    }

    #[test]
    fn a_local_model_writes_the_answers_unless_offline_is_forced() {
        let local = LocalEndpoint {
            base_url: "http://127.0.0.1:4555/v1".into(),
            token: "launch-token".into(),
            model: "qwen3-1.7b-q4_k_m.gguf".into(),
            context_tokens: 4096,
            small: true,
            chooses_tools: true,
        };
        let mut c = config(&[("OPENAI_API_KEY", "sk-test")]);
        c.local = Some(local.clone());
        assert!(!c.is_offline());
        assert_eq!(c.endpoint(), None, "the model service is not used while a local model is chosen");
        assert_eq!(c.mode(), ModelMode::Local { model: "qwen3-1.7b-q4_k_m.gguf".into() });
        assert_eq!(c.build_model().mode(), c.mode());
        assert_eq!(c.runner_config().large_model, "qwen3-1.7b-q4_k_m.gguf");
        assert!(!format!("{c:?}").contains("launch-token"), "the launch token is never shown");
        let mut forced = config(&[("PROSEVA_LLM", "offline")]);
        forced.local = Some(local);
        assert!(forced.is_offline());
        assert_eq!(forced.mode(), ModelMode::Offline);
    }

    #[test]
    fn the_key_is_never_in_debug_output() {
        let c = config(&[("OPENAI_API_KEY", "sk-secret-123")]);
        let shown = format!("{c:?}");
        assert!(!shown.contains("sk-secret-123"), "{shown}");
        assert!(shown.contains("api_key: \"set\""), "{shown}");
    }
}
