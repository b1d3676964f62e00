//! The optional third sidecar, `proseva-llm`: a language model on this computer. It runs only
//! while the person has chosen one (Settings → Language model → "On this computer"), under its own
//! supervisor so that choosing, changing or dropping the model starts and stops it alone.
//!
//! `proseva-llm serve --model FILE.gguf --port P --host 127.0.0.1 --ctx N --idle-unload S`, with
//! its own fresh `PROSEVA_TOKEN`; healthy when `GET /health` answers 200 (the model file checked
//! and mapped). Not essential: a failure is a status, and the app answers offline meanwhile.

use std::path::PathBuf;
use std::time::Duration;

use proseva_supervisor::{
    EventSink, HealthCheck, RestartPolicy, SidecarSpec, SidecarStatus, Supervisor, SupervisorOptions, random_token, reserve_loopback_ports,
};

use crate::error::SidecarsError;

/// The local model's name in statuses and logs (`logs/llm.log`).
pub const LLM: &str = "llm";

/// What the local model runs with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalModelConfig {
    /// The `proseva-llm` program ([`crate::find_sidecar`]).
    pub program: PathBuf,
    /// The GGUF file.
    pub model: PathBuf,
    /// Where its log goes.
    pub logs: PathBuf,
    /// Context window in tokens.
    pub ctx: u32,
    /// Unload the model after this long idle (it loads again on the next question).
    pub idle_unload: Duration,
    /// How long loading may take before the start counts as failed.
    pub start_budget: Duration,
}

impl LocalModelConfig {
    /// 4,096 tokens of context, unloaded after 5 idle minutes, 60 s to load.
    pub fn new(program: impl Into<PathBuf>, model: impl Into<PathBuf>, logs: impl Into<PathBuf>) -> Self {
        LocalModelConfig {
            program: program.into(),
            model: model.into(),
            logs: logs.into(),
            ctx: 4096,
            idle_unload: Duration::from_secs(300),
            start_budget: Duration::from_secs(60),
        }
    }

    fn spec(&self, port: u16, token: &str) -> SidecarSpec {
        let mut spec =
            SidecarSpec::new(LLM, "the language model on this computer", &self.program, port, HealthCheck::Get { path: "/health".into() })
                .arg("serve")
                .arg("--model")
                .arg(&self.model)
                .arg("--port")
                .arg(port.to_string())
                .arg("--host")
                .arg("127.0.0.1")
                .arg("--ctx")
                .arg(self.ctx.to_string())
                .arg("--idle-unload")
                .arg(self.idle_unload.as_secs().max(1).to_string())
                .env("PROSEVA_TOKEN", token);
        spec.unavailable = "answers are written offline: the language model on this computer could not start: ".into();
        spec.start_budget = self.start_budget;
        spec
    }
}

/// The running local model. Stops on [`LocalLlm::shutdown`] or when dropped.
pub struct LocalLlm {
    supervisor: Supervisor,
    token: String,
    port: u16,
    pub config: LocalModelConfig,
}

impl std::fmt::Debug for LocalLlm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LocalLlm").field("config", &self.config).field("port", &self.port).finish_non_exhaustive()
    }
}

impl LocalLlm {
    /// Starts `proseva-llm` and waits until it is healthy or its first start failed (then it is
    /// retried in the background a few times; [`LocalLlm::status`] says how it is).
    pub fn start(config: LocalModelConfig, on_event: EventSink) -> Result<LocalLlm, SidecarsError> {
        let token = random_token();
        let port = *reserve_loopback_ports(1)
            .map_err(|source| SidecarsError::Ports { source })?
            .first()
            .ok_or_else(|| SidecarsError::Ports { source: std::io::Error::other("the system gave no port") })?;
        let mut options = SupervisorOptions::new(&config.logs);
        // A model file that will not load will not load the next time either: give up sooner.
        options.restart = RestartPolicy { max_attempts: 2, ..RestartPolicy::default() };
        let supervisor = Supervisor::start(vec![config.spec(port, &token)], options, on_event)?;
        Ok(LocalLlm { supervisor, token, port, config })
    }

    /// The OpenAI-compatible base URL: `http://127.0.0.1:<port>/v1`.
    pub fn base_url(&self) -> String {
        let root = self.supervisor.url(LLM).unwrap_or_else(|| format!("http://127.0.0.1:{}", self.port));
        format!("{}/v1", root.trim_end_matches('/'))
    }

    /// The bearer token its API requires.
    pub fn token(&self) -> &str {
        &self.token
    }

    pub fn status(&self) -> Option<SidecarStatus> {
        self.supervisor.status_of(LLM)
    }

    /// The last lines it wrote to stderr (why a model would not load).
    pub fn stderr_tail(&self) -> Vec<String> {
        self.supervisor.stderr_tail(LLM)
    }

    pub fn child_pids(&self) -> Vec<u32> {
        self.supervisor.child_pids()
    }

    /// SIGTERM, then SIGKILL after the grace period; idempotent.
    pub fn shutdown(&self) {
        self.supervisor.shutdown();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_the_contract() {
        let config = LocalModelConfig::new("/bin/proseva-llm", "/m/qwen.gguf", "/logs");
        let spec = config.spec(4567, "tok");
        let args: Vec<String> = spec.args.iter().map(|a| a.to_string_lossy().into_owned()).collect();
        assert_eq!(
            args,
            ["serve", "--model", "/m/qwen.gguf", "--port", "4567", "--host", "127.0.0.1", "--ctx", "4096", "--idle-unload", "300"]
        );
        assert_eq!(spec.health, HealthCheck::Get { path: "/health".into() });
        assert!(!spec.essential, "the app runs without it");
        assert!(spec.env.iter().any(|(k, v)| k == "PROSEVA_TOKEN" && v == "tok"));
    }
}
