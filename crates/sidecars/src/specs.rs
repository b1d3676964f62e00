//! The two sidecars as the supervisor sees them: program, arguments, environment, health check,
//! budget, and which failure is fatal (the server's).

use std::ffi::OsString;
use std::sync::Arc;

use proseva_supervisor::{HealthCheck, SidecarSpec};

use crate::config::SidecarsConfig;
use crate::data_dir::{DataDir, ensure_graph};

/// The case-data server's name in statuses and logs (`logs/server.log`).
pub const SERVER: &str = "server";
/// The law-graph explorer's name in statuses and logs (`logs/explorer.log`).
pub const EXPLORER: &str = "explorer";

/// The loopback ports reserved for the two sidecars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SidecarPorts {
    pub server: u16,
    pub explorer: u16,
}

/// What both specs are made from.
pub(crate) struct Launch<'a> {
    pub(crate) config: &'a SidecarsConfig,
    pub(crate) data: &'a DataDir,
    pub(crate) token: &'a str,
    pub(crate) ports: SidecarPorts,
}

impl Launch<'_> {
    /// `proseva-server`: essential (the app cannot run without the person's case data), on
    /// `PORT`, told where the explorer is.
    pub(crate) fn server(&self) -> SidecarSpec {
        let health = HealthCheck::Get { path: "/api/health".into() };
        let mut spec = SidecarSpec::new(SERVER, "the case-data server", &self.config.server_bin, self.ports.server, health)
            .env("PORT", self.ports.server.to_string())
            .env("EXPLORER_URL", format!("http://127.0.0.1:{}", self.ports.explorer));
        spec.unavailable = "your case data is unavailable: ".into();
        spec.start_budget = self.config.server_budget;
        spec.essential = true;
        self.finish(spec)
    }

    /// `proseva-explorer serve`: optional (graph tools say it is unavailable), builds `graph.db`
    /// before a start when it is missing, and borrows the server's embedding model.
    pub(crate) fn explorer(&self) -> SidecarSpec {
        let health = HealthCheck::PostJson {
            path: "/graphql".into(),
            body: r#"{"query":"{__typename}"}"#.into(),
            bearer_token: Some(self.token.to_string()),
            string_at: "/data/__typename".into(),
        };
        let mut spec = SidecarSpec::new(EXPLORER, "the law-graph explorer", &self.config.explorer_bin, self.ports.explorer, health)
            .arg("serve")
            .arg("--db")
            .arg(&self.data.graph_db)
            .arg("--port")
            .arg(self.ports.explorer.to_string())
            .arg("--host")
            .arg("127.0.0.1");
        spec.unavailable = "the Virginia law graph is unavailable: ".into();
        spec.start_budget = self.config.explorer_budget;
        if shares_the_servers_model() {
            // One copy of the embedding model (~90 MB) instead of two: the explorer embeds
            // search questions through the server's OpenAI-compatible endpoint. While the
            // server's model loads, or if it has none, the explorer searches by words.
            let model = proseva_embed::LOCAL_MODEL_ID;
            spec = spec
                .env("PROSEVA_EMBEDDINGS", "openai")
                .env("EMBEDDINGS_BASE_URL", format!("http://127.0.0.1:{}/v1", self.ports.server))
                .env("EMBEDDINGS_MODEL", model)
                .env("EMBEDDINGS_MODEL_ID", model)
                .env("EMBEDDINGS_DIMENSION", proseva_embed::LOCAL_DIMENSION.to_string())
                .env("EMBEDDINGS_API_KEY", self.token);
        }
        // The first run builds the graph before anything starts; this covers a failed first
        // build and a graph deleted while the app runs.
        let data = self.data.clone();
        spec.before_start = Some(Arc::new(move |progress| ensure_graph(&data, progress).map(drop).map_err(|e| e.to_string())));
        self.finish(spec)
    }

    /// What both get, after their own environment: the data dir, the token, an installed model,
    /// then the config's extra variables (last, so they override).
    fn finish(&self, mut spec: SidecarSpec) -> SidecarSpec {
        spec = spec.env("PROSEVA_DATA_DIR", &self.data.root).env("PROSEVA_TOKEN", self.token);
        if let Some(model_dir) = self.data.model_dir_override() {
            spec = spec.env("PROSEVA_MODEL_DIR", model_dir);
        }
        spec.env.extend(self.config.env.iter().map(|(key, value)| (OsString::from(key), OsString::from(value))));
        spec
    }
}

/// Whether the explorer should borrow the server's local model rather than load its own: yes
/// unless the person chose another embedder (`PROSEVA_EMBEDDINGS=openai|off`), which both
/// sidecars then use as configured.
fn shares_the_servers_model() -> bool {
    std::env::var("PROSEVA_EMBEDDINGS").map(|v| v.trim().is_empty() || v.trim().eq_ignore_ascii_case("local")).unwrap_or(true)
}

#[cfg(test)]
mod tests {
    use std::ffi::OsStr;
    use std::path::Path;

    use super::*;

    /// The value a child ends up with for `key` (the last one wins, as in `Command::env`).
    fn env<'a>(spec: &'a SidecarSpec, key: &str) -> Option<&'a OsStr> {
        spec.env.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.as_os_str())
    }

    #[test]
    fn the_server_is_essential_and_knows_where_the_explorer_is() {
        let mut config = SidecarsConfig::new("/d", "/bin/server", "/bin/explorer");
        config.env.push(("PORT".into(), "9".into()));
        let data = DataDir::at(Path::new("/d"));
        let launch = Launch { config: &config, data: &data, token: "tok", ports: SidecarPorts { server: 4001, explorer: 4002 } };
        let server = launch.server();
        assert_eq!((server.name.as_str(), server.port, server.essential), (SERVER, 4001, true));
        assert_eq!(server.program, Path::new("/bin/server"));
        assert_eq!(server.health, HealthCheck::Get { path: "/api/health".into() });
        assert_eq!(server.start_budget, std::time::Duration::from_secs(15));
        assert_eq!(env(&server, "EXPLORER_URL"), Some(OsStr::new("http://127.0.0.1:4002")));
        assert_eq!(env(&server, "PROSEVA_TOKEN"), Some(OsStr::new("tok")));
        assert_eq!(env(&server, "PROSEVA_DATA_DIR"), Some(OsStr::new("/d")));
        assert_eq!(env(&server, "PORT"), Some(OsStr::new("9")), "the config's variables come last and win");
        assert!(server.before_start.is_none());
        assert!(server.unavailable.starts_with("your case data is unavailable"));
    }

    #[test]
    fn the_explorer_serves_the_graph_on_its_port_and_is_optional() {
        let config = SidecarsConfig::new("/d", "/bin/server", "/bin/explorer");
        let data = DataDir::at(Path::new("/d"));
        let launch = Launch { config: &config, data: &data, token: "tok", ports: SidecarPorts { server: 4001, explorer: 4002 } };
        let explorer = launch.explorer();
        assert_eq!((explorer.name.as_str(), explorer.port, explorer.essential), (EXPLORER, 4002, false));
        let args: Vec<_> = explorer.args.iter().map(|a| a.to_string_lossy().into_owned()).collect();
        assert_eq!(args, ["serve", "--db", "/d/graph.db", "--port", "4002", "--host", "127.0.0.1"]);
        let HealthCheck::PostJson { path, body, bearer_token, string_at } = &explorer.health else { panic!("{:?}", explorer.health) };
        assert_eq!((path.as_str(), body.as_str(), string_at.as_str()), ("/graphql", r#"{"query":"{__typename}"}"#, "/data/__typename"));
        assert_eq!(bearer_token.as_deref(), Some("tok"));
        assert!(explorer.before_start.is_some());
        if shares_the_servers_model() {
            assert_eq!(env(&explorer, "EMBEDDINGS_BASE_URL"), Some(OsStr::new("http://127.0.0.1:4001/v1")));
            assert_eq!(env(&explorer, "EMBEDDINGS_API_KEY"), Some(OsStr::new("tok")));
        }
        assert!(!format!("{explorer:?}").contains("tok\""), "the token stays out of debug output");
    }
}
