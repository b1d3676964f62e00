//! Clients with the app's defaults, all on rustls with the ring provider.

use std::time::Duration;

/// How long to wait for a connection to a service on the network.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long to wait for a connection to one of the app's own servers: on this machine a refused
/// or silent port answers at once.
pub const LOOPBACK_CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Makes ring the process's rustls provider, unless one is chosen already.
///
/// reqwest is built with `rustls-no-provider` so that aws-lc-rs (its default provider) is never
/// compiled in beside ring; with no provider of its own it needs a process default, and building
/// a client without one panics. Every builder here calls this first.
pub fn install_ring() {
    if rustls::crypto::CryptoProvider::get_default().is_none() {
        // An error means another thread installed one first, which serves as well.
        let _ = rustls::crypto::ring::default_provider().install_default();
    }
}

/// An async client builder naming itself `user_agent`, with a connect timeout. Add the timeouts
/// the service needs and `build()`.
pub fn client_builder(user_agent: &str) -> reqwest::ClientBuilder {
    install_ring();
    reqwest::Client::builder().user_agent(user_agent).connect_timeout(CONNECT_TIMEOUT)
}

/// [`client_builder`] for the app's own servers on loopback: no proxy (proxy settings in the
/// environment never apply to talking to our own children), a short connect timeout, and plain
/// HTTP only: no TLS roots are loaded (the system's store is not read, and need not exist), so an
/// `https://` address fails.
pub fn loopback_client_builder(user_agent: &str) -> reqwest::ClientBuilder {
    client_builder(user_agent).no_proxy().connect_timeout(LOOPBACK_CONNECT_TIMEOUT).tls_certs_only([])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_for_https_builds_with_ring_as_the_provider() {
        // Without a provider installed, reqwest built with `rustls-no-provider` panics here.
        let client = client_builder("test").build();
        assert!(client.is_ok(), "{client:?}");
        assert!(rustls::crypto::CryptoProvider::get_default().is_some());
        assert!(loopback_client_builder("test").build().is_ok());
    }

    #[tokio::test]
    async fn a_loopback_client_without_tls_roots_speaks_plain_http() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move {
            use tokio::io::{AsyncReadExt, AsyncWriteExt};
            while let Ok((mut socket, _)) = listener.accept().await {
                let mut buf = [0u8; 1024];
                let _ = socket.read(&mut buf).await;
                let _ = socket.write_all(b"HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n").await;
            }
        });
        let client = loopback_client_builder("test").build().unwrap();
        assert_eq!(client.get(format!("http://{address}/")).send().await.unwrap().status(), 204);
    }

    /// The workspace's lock file, read when the test is built (so a test binary built from another
    /// checkout never reads a path that is gone).
    const LOCK: &str = include_str!("../../../Cargo.lock");

    #[test]
    fn aws_lc_rs_stays_out_of_the_build() {
        // One rustls provider in the process: reqwest's `rustls` feature (or async-openai's) would add a second.
        assert!(!LOCK.contains("name = \"aws-lc-rs\""), "aws-lc-rs is in Cargo.lock; use reqwest's `rustls-no-provider`");
    }

    #[test]
    fn one_reqwest_line_in_the_workspace() {
        assert_eq!(LOCK.matches("name = \"reqwest\"").count(), 1, "two reqwest versions in Cargo.lock");
        assert!(!LOCK.contains("name = \"ureq\""), "ureq is back in Cargo.lock; use proseva_http::blocking");
    }
}
