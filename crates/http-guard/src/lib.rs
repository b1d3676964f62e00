//! The three checks every ProSeVA sidecar makes before it looks at a request, and ([`sanitize`])
//! what it takes out of text before that text leaves it (error bodies, events, log lines).
//!
//! - [`is_loopback_host`]: the `Host` header must name this machine. A web page that rebinds its
//!   own DNS name to 127.0.0.1 can reach a loopback port, but its requests still carry its own
//!   host name, so refusing them stops that page reading the user's data (DNS rebinding).
//! - [`is_loopback_origin`]: a browser names the page that sent a request in `Origin`; a page
//!   from anywhere but this machine must not write to it either (a form post needs no rebinding).
//! - [`bearer_token_matches`]: the `Authorization: Bearer <token>` header against the token the
//!   supervisor handed the sidecar, compared in constant time.
//!
//! ```
//! use proseva_http_guard::{bearer_token_matches, is_loopback_host, is_loopback_origin};
//!
//! assert!(is_loopback_host("127.0.0.1:3001"));
//! assert!(!is_loopback_host("attacker.example"));
//! assert!(is_loopback_origin("http://localhost:1420"));
//! assert!(!is_loopback_origin("https://attacker.example"));
//! assert!(bearer_token_matches(Some("Bearer s3cret"), "s3cret"));
//! assert!(!bearer_token_matches(None, "s3cret"));
//! ```
//!
//! Not for: turning a failed check into a response. Each service answers in its own error shape
//! (GraphQL `errors` for the explorer, `{"error": …}` for the server), so the middleware stays
//! with the service and only the decisions live here. One dependency (regex, for the sanitiser).

pub mod sanitize;

/// `localhost`, `127.x.x.x` or `[::1]`, with or without a port.
pub fn is_loopback_host(host: &str) -> bool {
    let name = if let Some(rest) = host.strip_prefix('[') {
        rest.split(']').next().unwrap_or_default()
    } else {
        host.rsplit_once(':').map_or(host, |(name, port)| if port.chars().all(|c| c.is_ascii_digit()) { name } else { host })
    };
    name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// Whether an `Origin` header names a page served from this machine: a loopback host, or a
/// `*.localhost` name (reserved for loopback, and what some webviews use, e.g. `tauri.localhost`).
/// `null` (sandboxed frames, files) is not.
pub fn is_loopback_origin(origin: &str) -> bool {
    let Some((_scheme, rest)) = origin.split_once("://") else { return false };
    let host = rest.split('/').next().unwrap_or_default();
    let name =
        host.rsplit_once(':').filter(|(_, port)| port.chars().all(|c| c.is_ascii_digit()) && !host.ends_with(']')).map_or(host, |(n, _)| n);
    is_loopback_host(host) || name.to_ascii_lowercase().ends_with(".localhost")
}

/// Whether an `Authorization` header value is `Bearer <expected>`. Surrounding spaces around the
/// token are forgiven; anything else is a mismatch.
pub fn bearer_token_matches(authorization: Option<&str>, expected: &str) -> bool {
    let given = authorization.and_then(|v| v.strip_prefix("Bearer ")).map(str::trim);
    given.is_some_and(|g| constant_time_eq(g.as_bytes(), expected.as_bytes()))
}

/// Compares without an early exit, so the time taken says nothing about where a guess went wrong.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    let mut diff = a.len() ^ b.len();
    for i in 0..a.len().max(b.len()) {
        diff |= usize::from(a.get(i).copied().unwrap_or(0) ^ b.get(i).copied().unwrap_or(0xff));
    }
    diff == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts() {
        for ok in ["localhost", "localhost:3002", "127.0.0.1", "127.0.0.1:80", "127.3.4.5:1", "[::1]:3002", "[::1]", "LOCALHOST"] {
            assert!(is_loopback_host(ok), "{ok}");
        }
        for bad in ["evil.example", "evil.example:3002", "192.168.1.5", "localhost.evil.example", "0.0.0.0:1", "[::2]:80", ""] {
            assert!(!is_loopback_host(bad), "{bad}");
        }
    }

    #[test]
    fn loopback_origins() {
        for ok in ["http://localhost:1420", "http://127.0.0.1:3001", "tauri://localhost", "http://tauri.localhost", "http://[::1]:8080"] {
            assert!(is_loopback_origin(ok), "{ok}");
        }
        for bad in ["null", "https://attacker.example", "http://localhost.attacker.example", "http://192.168.1.5", "file://", ""] {
            assert!(!is_loopback_origin(bad), "{bad}");
        }
    }

    #[test]
    fn token_comparison() {
        assert!(constant_time_eq(b"secret", b"secret"));
        assert!(!constant_time_eq(b"secret", b"secreT"));
        assert!(!constant_time_eq(b"secret", b"secret1"));
        assert!(!constant_time_eq(b"", b"x"));
    }

    #[test]
    fn bearer_headers() {
        assert!(bearer_token_matches(Some("Bearer s3cret"), "s3cret"));
        assert!(bearer_token_matches(Some("Bearer  s3cret "), "s3cret"));
        for wrong in [None, Some(""), Some("s3cret"), Some("Basic s3cret"), Some("Bearer s3cre"), Some("Bearer s3cret2"), Some("bearer")] {
            assert!(!bearer_token_matches(wrong, "s3cret"), "{wrong:?}");
        }
    }
}
