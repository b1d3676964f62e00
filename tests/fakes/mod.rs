//! Stand-ins the agent tests talk to over loopback: a scripted OpenAI-compatible model server
//! ([`model`]), and a small real explorer, a case-data server and research services ([`services`]).

// Each test file uses only part of them.
#![allow(dead_code)]

pub mod model;
pub mod services;

/// An address where nothing listens.
pub async fn closed_port() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    url
}
