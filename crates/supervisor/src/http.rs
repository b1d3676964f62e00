//! Blocking HTTP for loopback health checks, on `proseva_http`'s blocking client: one deadline
//! over connect, write and read per request, no proxies (environment proxy settings never apply
//! to talking to our own children), no redirects.

use std::io::{self, Read};
use std::sync::OnceLock;
use std::time::Duration;

use proseva_http::describe;
use proseva_http::reqwest::blocking::Client;
use proseva_http::reqwest::{Method, redirect};

/// The most of a response we read; health answers are tiny.
const MAX_RESPONSE: u64 = 1024 * 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub body: String,
}

/// One client for every probe: it keeps a thread and a small runtime of its own, too much to make
/// per probe. Probes run on the supervisor's plain threads, where the blocking client belongs.
fn client() -> io::Result<&'static Client> {
    static CLIENT: OnceLock<Client> = OnceLock::new();
    if let Some(client) = CLIENT.get() {
        return Ok(client);
    }
    let made = proseva_http::blocking::loopback_client_builder("proseva-supervisor")
        .redirect(redirect::Policy::none())
        .build()
        .map_err(|e| io::Error::other(format!("the HTTP client could not be made: {}", describe(&e))))?;
    Ok(CLIENT.get_or_init(|| made))
}

/// Sends one request to an `http://host:port[/base]` URL plus `path`, and reads the whole answer,
/// all within `timeout`. A `body`, when given, is sent as JSON.
pub fn request(
    method: &str,
    url: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
    timeout: Duration,
) -> io::Result<Response> {
    if !url.starts_with("http://") {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("not an http:// URL: {url}")));
    }
    let method = Method::from_bytes(method.as_bytes()).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let target = format!("{}/{}", url.trim_end_matches('/'), path.trim_start_matches('/'));
    let mut request = client()?.request(method, target).timeout(timeout);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    if let Some(body) = body {
        request = request.header("Content-Type", "application/json").body(body.to_string());
    }
    let failed = |e: proseva_http::reqwest::Error| {
        let kind = if e.is_timeout() { io::ErrorKind::TimedOut } else { io::ErrorKind::Other };
        io::Error::new(kind, describe(&e))
    };
    let response = request.send().map_err(failed)?;
    let status = response.status().as_u16();
    let mut raw = Vec::new();
    response.take(MAX_RESPONSE).read_to_end(&mut raw)?;
    Ok(Response { status, body: String::from_utf8_lossy(&raw).into_owned() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::time::Instant;

    /// Answers one connection with `answer` verbatim; returns the URL and what was asked.
    fn answer_once(answer: &'static [u8]) -> (String, std::thread::JoinHandle<String>) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let server = std::thread::spawn(move || {
            let (mut socket, _) = listener.accept().unwrap();
            let mut buf = [0u8; 4096];
            let n = socket.read(&mut buf).unwrap();
            socket.write_all(answer).unwrap();
            String::from_utf8_lossy(&buf[..n]).into_owned()
        });
        (url, server)
    }

    #[test]
    fn reads_plain_and_chunked_answers_and_refuses_garbage() {
        let (url, _) = answer_once(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nokEXTRA");
        assert_eq!(
            request("GET", &url, "/api/health", &[], None, Duration::from_secs(2)).unwrap(),
            Response { status: 200, body: "ok".into() }
        );
        let (url, _) = answer_once(b"HTTP/1.1 401 Unauthorized\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n");
        assert_eq!(request("GET", &url, "/", &[], None, Duration::from_secs(2)).unwrap(), Response { status: 401, body: "abcde".into() });
        let (url, _) = answer_once(b"garbage\r\n\r\n");
        assert!(request("GET", &url, "/", &[], None, Duration::from_secs(2)).is_err());
        assert!(request("GET", "https://127.0.0.1:1", "/", &[], None, Duration::from_secs(2)).is_err(), "loopback probes are plain http");
    }

    #[test]
    fn talks_to_a_loopback_listener() {
        let (url, server) = answer_once(b"HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n{\"ok\":true}");
        let response = request("POST", &url, "/graphql", &[("Authorization", "Bearer t")], Some("{}"), Duration::from_secs(2)).unwrap();
        assert_eq!(response, Response { status: 200, body: "{\"ok\":true}".into() });
        let request = server.join().unwrap().to_ascii_lowercase();
        assert!(request.starts_with("post /graphql http/1.1\r\n"), "{request}");
        assert!(request.contains("authorization: bearer t\r\n") && request.ends_with("\r\n\r\n{}"), "{request}");
    }

    #[test]
    fn times_out_on_a_silent_server() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let started = Instant::now();
        let result = request("GET", &url, "/api/health", &[], None, Duration::from_millis(200));
        assert_eq!(result.unwrap_err().kind(), io::ErrorKind::TimedOut);
        assert!(started.elapsed() < Duration::from_secs(2));
        drop(listener);
    }
}
