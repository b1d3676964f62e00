//! Errors and waits in words a person can read.

use std::error::Error;
use std::time::Duration;

/// The error and its causes in one line, each said once (reqwest's own message is often just
/// "error sending request"). The address of any request in the chain is left out: a URL may carry
/// a key in its query.
pub fn describe(error: &(dyn Error + 'static)) -> String {
    let chain = || std::iter::successors(Some(error), |&e| e.source());
    let urls: Vec<String> =
        chain().filter_map(|e| e.downcast_ref::<reqwest::Error>()).filter_map(reqwest::Error::url).map(|u| u.to_string()).collect();
    let mut parts: Vec<String> = Vec::new();
    for link in chain() {
        let mut text = link.to_string();
        for url in &urls {
            text = text.replace(&format!(" for url ({url})"), "").replace(url, "the service");
        }
        if !text.is_empty() && !parts.iter().any(|p| p.contains(&text)) {
            parts.push(text);
        }
    }
    parts.join(": ")
}

/// "12 seconds", "about 3 minutes", "about 2 hours".
pub fn human_wait(wait: Duration) -> String {
    let seconds = wait.as_secs().max(1);
    match seconds {
        1 => "1 second".into(),
        2..=90 => format!("{seconds} seconds"),
        91..=5399 => format!("about {} minutes", seconds.div_ceil(60)),
        _ => format!("about {} hours", seconds.div_ceil(3600)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Layer(&'static str, Option<Box<Layer>>);

    impl std::fmt::Display for Layer {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(self.0)
        }
    }

    impl Error for Layer {
        fn source(&self) -> Option<&(dyn Error + 'static)> {
            self.1.as_deref().map(|e| e as _)
        }
    }

    #[test]
    fn causes_are_joined_once_each() {
        let error = Layer(
            "error sending request",
            Some(Box::new(Layer("client error (Connect)", Some(Box::new(Layer("Connect", Some(Box::new(Layer("refused", None))))))))),
        );
        assert_eq!(describe(&error), "error sending request: client error (Connect): refused");
    }

    #[tokio::test]
    async fn the_address_and_its_key_never_appear() {
        let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
        let client = crate::client_builder("test").build().unwrap();
        let error = client.get(format!("http://{closed}/search?api_key=super-secret-key")).send().await.unwrap_err();
        assert!(error.to_string().contains("super-secret-key"), "reqwest's own message names the URL: {error}");
        let text = describe(&error);
        assert!(!text.contains("super-secret-key") && !text.contains(&closed.to_string()), "{text}");
        assert!(text.starts_with("error sending request"), "{text}");
        // Wrapped in another error, as async-openai wraps it, the address is still left out.
        #[derive(Debug)]
        struct Wrapped(reqwest::Error);
        impl std::fmt::Display for Wrapped {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "http error: {}", self.0)
            }
        }
        impl Error for Wrapped {
            fn source(&self) -> Option<&(dyn Error + 'static)> {
                Some(&self.0)
            }
        }
        let text = describe(&Wrapped(error));
        assert!(!text.contains("super-secret-key") && text.starts_with("http error: error sending request"), "{text}");
    }

    #[test]
    fn waits_read_naturally() {
        assert_eq!(human_wait(Duration::ZERO), "1 second");
        assert_eq!(human_wait(Duration::from_secs(1)), "1 second");
        assert_eq!(human_wait(Duration::from_secs(30)), "30 seconds");
        assert_eq!(human_wait(Duration::from_secs(120)), "about 2 minutes");
        assert_eq!(human_wait(Duration::from_secs(7200)), "about 2 hours");
    }
}
