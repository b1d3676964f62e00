//! Streamable HTTP at `http://127.0.0.1:PORT/mcp`, for MCP clients that connect to a URL rather
//! than start a program.
//!
//! Loopback only, like every ProSeVA server: the address must be a loopback one
//! ([`loopback_addr`]), a request whose `Host` or browser `Origin` is not this machine is refused
//! (DNS rebinding, pages posting across sites), and every request needs
//! `Authorization: Bearer $PROSEVA_TOKEN` (401 without it).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use proseva_http_guard::{bearer_token_matches, is_loopback_host, is_loopback_origin};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::json;
use tokio_util::sync::CancellationToken;

use crate::error::Error;
use crate::server::LawServer;

/// Where the MCP endpoint is.
pub const PATH: &str = "/mcp";

/// `127.0.0.1:8765`, `[::1]:8765` or `localhost:8765` as a loopback address; anything else is refused.
pub fn loopback_addr(given: &str) -> Result<SocketAddr, Error> {
    let addr = match given.trim().rsplit_once(':') {
        Some((host, port)) if host.eq_ignore_ascii_case("localhost") => {
            port.parse::<u16>().ok().map(|port| SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port))
        }
        _ => given.trim().parse::<SocketAddr>().ok(),
    };
    addr.filter(|a| a.ip().is_loopback()).ok_or_else(|| Error::NotLoopback(given.to_string()))
}

/// The router: the MCP service at [`PATH`] behind the loopback and token checks.
pub fn app(server: LawServer, token: &str, cancel: CancellationToken) -> Router {
    let config = StreamableHttpServerConfig::default().with_cancellation_token(cancel);
    let service = StreamableHttpService::new(move || Ok(server.clone()), Arc::new(LocalSessionManager::default()), config);
    Router::new().route_service(PATH, service).layer(middleware::from_fn_with_state(Arc::<str>::from(token), guard))
}

/// Serves [`app`] on `addr` until Ctrl-C or SIGTERM; prints `listening on http://ADDR/mcp` on stdout
/// once it accepts connections (what scripts and the tests read to learn the port of `:0`).
pub async fn serve(server: LawServer, addr: SocketAddr, token: &str) -> Result<(), Error> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    println!("listening on http://{local}{PATH}");
    tracing::info!("MCP over streamable HTTP at http://{local}{PATH}");
    let cancel = CancellationToken::new();
    let stop = cancel.clone();
    axum::serve(listener, app(server, token, cancel))
        .with_graceful_shutdown(async move {
            shutdown_signal().await;
            stop.cancel();
        })
        .await?;
    Ok(())
}

/// Refuses requests from off this machine and without the token.
async fn guard(State(token): State<Arc<str>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let text = |name| headers.get(name).and_then(|v: &HeaderValue| v.to_str().ok());
    if !text(header::HOST).is_some_and(is_loopback_host) {
        return refuse(StatusCode::FORBIDDEN, "forbidden", "this server answers requests addressed to this machine only");
    }
    if text(header::ORIGIN).is_some_and(|origin| !is_loopback_origin(origin)) {
        return refuse(StatusCode::FORBIDDEN, "forbidden", "requests from web pages of other sites are refused");
    }
    if !bearer_token_matches(text(header::AUTHORIZATION), &token) {
        let mut response = refuse(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "send Authorization: Bearer <token>, with the token proseva-mcp was started with (PROSEVA_TOKEN)",
        );
        response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        return response;
    }
    next.run(request).await
}

fn refuse(status: StatusCode, code: &str, message: &str) -> Response {
    (status, axum::Json(json!({ "error": { "code": code, "message": message } }))).into_response()
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut term) => tokio::select! { _ = ctrl_c => {}, _ = term.recv() => {} },
            Err(_) => ctrl_c.await,
        }
    }
    #[cfg(not(unix))]
    ctrl_c.await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_addresses_are_served() {
        assert_eq!(loopback_addr("127.0.0.1:8765").unwrap().to_string(), "127.0.0.1:8765");
        assert_eq!(loopback_addr("[::1]:0").unwrap().to_string(), "[::1]:0");
        assert_eq!(loopback_addr("localhost:9000").unwrap().to_string(), "127.0.0.1:9000");
        for refused in ["0.0.0.0:8765", "192.168.1.5:8765", "[::]:8765", "example.com:80", "8765", "127.0.0.1"] {
            let error = loopback_addr(refused).unwrap_err().to_string();
            assert!(error.contains("loopback only"), "{refused}: {error}");
        }
    }
}
