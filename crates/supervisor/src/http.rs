//! A minimal blocking HTTP/1.1 client for loopback health checks: one request per connection,
//! a hard deadline over connect, write and read, no proxies (environment proxy settings never
//! apply to talking to our own children), no redirects, no TLS.

use std::io::{self, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

/// The most of a response we read; health answers are tiny.
const MAX_RESPONSE: u64 = 1024 * 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub body: String,
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
    let deadline = Instant::now() + timeout;
    let rest = url.strip_prefix("http://").ok_or_else(|| invalid(format!("not an http:// URL: {url}")))?;
    let (authority, base) = match rest.find('/') {
        Some(i) => (&rest[..i], rest[i..].trim_end_matches('/')),
        None => (rest, ""),
    };
    let target = format!("{base}{}", if path.starts_with('/') { path.to_string() } else { format!("/{path}") });
    let address = authority.to_socket_addrs()?.next().ok_or_else(|| invalid(format!("no address for {authority}")))?;

    let mut stream = TcpStream::connect_timeout(&address, remaining(deadline)?)?;
    stream.set_nodelay(true)?;
    let mut head = format!("{method} {target} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\nUser-Agent: proseva-supervisor\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if let Some(body) = body {
        head.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    head.push_str(body.unwrap_or(""));
    stream.set_write_timeout(Some(remaining(deadline)?))?;
    stream.write_all(head.as_bytes())?;

    let mut raw = Vec::new();
    let mut chunk = [0u8; 8192];
    let mut reader = stream.take(MAX_RESPONSE);
    loop {
        reader.get_ref().set_read_timeout(Some(remaining(deadline)?))?;
        match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => {
                raw.extend_from_slice(&chunk[..n]);
                if response_complete(&raw) {
                    break;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    parse(&raw)
}

fn remaining(deadline: Instant) -> io::Result<Duration> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() { Err(io::Error::new(io::ErrorKind::TimedOut, "timed out")) } else { Ok(left) }
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

fn split_head(raw: &[u8]) -> Option<(&str, &[u8])> {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    Some((std::str::from_utf8(&raw[..end]).ok()?, &raw[end + 4..]))
}

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().skip(1).find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.trim().eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

/// With `Content-Length`, the answer is complete once that many body bytes arrived (no need to
/// wait for the server to close).
fn response_complete(raw: &[u8]) -> bool {
    let Some((head, body)) = split_head(raw) else { return false };
    match header(head, "content-length").and_then(|v| v.parse::<usize>().ok()) {
        Some(length) => body.len() >= length,
        None => false,
    }
}

fn parse(raw: &[u8]) -> io::Result<Response> {
    let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidData, format!("malformed HTTP response: {what}"));
    let (head, body) = split_head(raw).ok_or_else(|| bad("no end of headers"))?;
    let status_line = head.lines().next().unwrap_or("");
    let mut parts = status_line.split_whitespace();
    if !parts.next().is_some_and(|v| v.starts_with("HTTP/1.")) {
        return Err(bad("no status line"));
    }
    let status = parts.next().and_then(|s| s.parse::<u16>().ok()).ok_or_else(|| bad("no status code"))?;
    let body = if header(head, "transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
        dechunk(body).ok_or_else(|| bad("broken chunked body"))?
    } else {
        match header(head, "content-length").and_then(|v| v.parse::<usize>().ok()) {
            Some(length) => body[..length.min(body.len())].to_vec(),
            None => body.to_vec(),
        }
    };
    Ok(Response { status, body: String::from_utf8_lossy(&body).into_owned() })
}

fn dechunk(mut data: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(&data[..line_end]).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        data = &data[line_end + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(data.get(..size)?);
        data = data.get(size + 2..)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_plain_and_chunked_answers() {
        let plain = parse(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nokEXTRA").unwrap();
        assert_eq!(plain, Response { status: 200, body: "ok".into() });
        let chunked =
            parse(b"HTTP/1.1 401 Unauthorized\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n").unwrap();
        assert_eq!(chunked, Response { status: 401, body: "abcde".into() });
        assert!(parse(b"garbage").is_err());
        assert!(response_complete(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"));
        assert!(!response_complete(b"HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nok"));
    }

    #[test]
    fn talks_to_a_loopback_listener() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let server = std::thread::spawn(move || {
            let (mut socket, _) = listener.accept().unwrap();
            let mut buf = [0u8; 4096];
            let n = socket.read(&mut buf).unwrap();
            let request = String::from_utf8_lossy(&buf[..n]).into_owned();
            socket.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n{\"ok\":true}").unwrap();
            request
        });
        let response = request("POST", &url, "/graphql", &[("Authorization", "Bearer t")], Some("{}"), Duration::from_secs(2)).unwrap();
        assert_eq!(response, Response { status: 200, body: "{\"ok\":true}".into() });
        let request = server.join().unwrap();
        assert!(request.starts_with("POST /graphql HTTP/1.1\r\n"), "{request}");
        assert!(request.contains("Authorization: Bearer t\r\n") && request.ends_with("\r\n\r\n{}"), "{request}");
    }

    #[test]
    fn times_out_on_a_silent_server() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let started = Instant::now();
        let result = request("GET", &url, "/api/health", &[], None, Duration::from_millis(200));
        assert!(result.is_err());
        assert!(started.elapsed() < Duration::from_secs(2));
        drop(listener);
    }
}
