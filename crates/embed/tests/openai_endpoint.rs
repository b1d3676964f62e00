//! OpenAiEmbedder against a fake OpenAI-compatible server on 127.0.0.1.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use proseva_embed::{EmbedError, Embedder, EmbedderConfig, OpenAiEmbedder, dot};
use serde_json::{Value, json};

/// One request as the server saw it.
#[derive(Debug, Clone)]
struct Seen {
    path: String,
    authorization: Option<String>,
    body: Value,
}

struct FakeServer {
    base_url: String,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl FakeServer {
    /// Answers every request with `respond(request number, request)`:
    /// (status, extra headers, body). One request per connection.
    fn start(respond: impl Fn(usize, &Seen) -> (u16, Vec<(&'static str, String)>, String) + Send + 'static) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&seen);
        std::thread::spawn(move || {
            for (n, stream) in listener.incoming().enumerate() {
                let Ok(mut stream) = stream else { return };
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut request_line = String::new();
                reader.read_line(&mut request_line).unwrap();
                let path = request_line.split_whitespace().nth(1).unwrap_or("").to_string();
                let (mut length, mut authorization) = (0, None);
                loop {
                    let mut line = String::new();
                    reader.read_line(&mut line).unwrap();
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    let (name, value) = line.split_once(':').unwrap();
                    match name.to_ascii_lowercase().as_str() {
                        "content-length" => length = value.trim().parse().unwrap(),
                        "authorization" => authorization = Some(value.trim().to_string()),
                        _ => {}
                    }
                }
                let mut body = vec![0; length];
                reader.read_exact(&mut body).unwrap();
                let request = Seen { path, authorization, body: serde_json::from_slice(&body).unwrap_or(Value::Null) };
                log.lock().unwrap().push(request.clone());
                let (status, headers, body) = respond(n, &request);
                let mut head = format!(
                    "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n",
                    body.len()
                );
                for (name, value) in headers {
                    head.push_str(&format!("{name}: {value}\r\n"));
                }
                let _ = stream.write_all(format!("{head}\r\n{body}").as_bytes());
            }
        });
        FakeServer { base_url, seen }
    }

    fn requests(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

fn inputs(request: &Seen) -> Vec<String> {
    request.body["input"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

/// A 3-dimensional, deliberately un-normalised vector that encodes the input's length.
fn vector_for(text: &str) -> Vec<f32> {
    vec![text.len() as f32, 1.0, 0.0]
}

/// The documented shape, with `data` in reverse order so callers must sort by `index`.
fn embeddings_reply(request: &Seen) -> String {
    let data: Vec<Value> = inputs(request)
        .iter()
        .enumerate()
        .rev()
        .map(|(i, text)| json!({"object": "embedding", "index": i, "embedding": vector_for(text)}))
        .collect();
    json!({"object": "list", "data": data, "model": "fake"}).to_string()
}

fn ok(body: String) -> (u16, Vec<(&'static str, String)>, String) {
    (200, vec![], body)
}

#[test]
fn vectors_come_back_in_input_order_and_normalised() {
    let server = FakeServer::start(|_, r| ok(embeddings_reply(r)));
    let embedder = OpenAiEmbedder::new(&server.base_url, None, "fake-embed", Some(3)).unwrap();
    let texts = ["a", "bbbb", "cc"];
    let vectors = embedder.embed(&texts).unwrap();
    for (text, v) in texts.iter().zip(&vectors) {
        let mut want = vector_for(text);
        let norm = want.iter().map(|x| x * x).sum::<f32>().sqrt();
        want.iter_mut().for_each(|x| *x /= norm);
        assert!(dot(v, &want) > 0.9999, "{text}: {v:?}");
        assert!((dot(v, v) - 1.0).abs() < 1e-5);
    }
    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].path, "/v1/embeddings");
    assert_eq!(requests[0].body, json!({"model": "fake-embed", "input": ["a", "bbbb", "cc"]}));
}

#[test]
fn the_api_key_is_sent_as_a_bearer_token() {
    let server = FakeServer::start(|_, r| ok(embeddings_reply(r)));
    let embedder = OpenAiEmbedder::new(&server.base_url, Some("sk-test-123".into()), "m", None).unwrap();
    embedder.embed(&["hello"]).unwrap();
    assert_eq!(server.requests()[0].authorization.as_deref(), Some("Bearer sk-test-123"));
}

#[test]
fn no_key_means_no_authorization_header() {
    let server = FakeServer::start(|_, r| ok(embeddings_reply(r)));
    let embedder = OpenAiEmbedder::new(&server.base_url, None, "m", None).unwrap();
    embedder.embed(&["hello"]).unwrap();
    assert_eq!(server.requests()[0].authorization, None);
}

#[test]
fn the_servers_error_message_is_surfaced() {
    let server = FakeServer::start(|_, _| {
        (401, vec![], json!({"error": {"message": "Incorrect API key provided: sk-bad", "type": "invalid_request_error"}}).to_string())
    });
    let embedder = OpenAiEmbedder::new(&server.base_url, Some("sk-bad".into()), "m", None).unwrap();
    let err = embedder.embed(&["hello"]).unwrap_err();
    assert!(matches!(err, EmbedError::Http { status: Some(401), .. }), "{err:?}");
    let message = err.to_string();
    assert!(message.contains("Incorrect API key provided: sk-bad"), "{message}");
    assert!(message.contains("401"), "{message}");
    assert_eq!(server.requests().len(), 1, "a 401 is not retried");
}

#[test]
fn vectors_of_the_wrong_dimension_are_rejected() {
    let server = FakeServer::start(|_, r| ok(embeddings_reply(r)));
    let embedder = OpenAiEmbedder::new(&server.base_url, None, "m", Some(1536)).unwrap();
    let err = embedder.embed(&["hello"]).unwrap_err();
    match &err {
        EmbedError::DimensionMismatch { expected, found, model } => {
            assert_eq!((*expected, *found), (1536, 3));
            assert!(model.contains("openai:m"), "{model}");
        }
        other => panic!("expected DimensionMismatch, got {other:?}"),
    }
}

#[test]
fn vectors_of_differing_sizes_in_one_answer_are_rejected() {
    let server = FakeServer::start(|_, _| {
        ok(json!({"data": [
            {"index": 0, "embedding": [1.0, 0.0, 0.0]},
            {"index": 1, "embedding": [1.0, 0.0]},
        ]})
        .to_string())
    });
    let embedder = OpenAiEmbedder::new(&server.base_url, None, "m", None).unwrap();
    let err = embedder.embed(&["a", "b"]).unwrap_err();
    assert!(matches!(err, EmbedError::DimensionMismatch { expected: 3, found: 2, .. }), "{err:?}");
}

#[test]
fn an_unconfigured_dimension_is_learned_from_the_server() {
    let server = FakeServer::start(|_, r| ok(embeddings_reply(r)));
    let config = EmbedderConfig::OpenAi {
        base_url: server.base_url.clone(),
        api_key: None,
        model: "nomic-embed-text".into(),
        dimension: None,
        model_id: None,
    };
    let embedder = config.build().unwrap().expect("enabled");
    assert_eq!(embedder.dimension(), 3);
    assert_eq!(embedder.model_id(), "openai:nomic-embed-text");
    assert_eq!(server.requests().len(), 1, "one probe, then the dimension is known");
}

#[test]
fn large_inputs_are_sent_in_batches_and_kept_in_order() {
    let server = FakeServer::start(|_, r| ok(embeddings_reply(r)));
    let embedder = OpenAiEmbedder::new(&server.base_url, None, "m", Some(3)).unwrap();
    let texts: Vec<String> = (0..130).map(|i| "x".repeat(i + 1)).collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let vectors = embedder.embed(&refs).unwrap();
    let sizes: Vec<usize> = server.requests().iter().map(|r| inputs(r).len()).collect();
    assert_eq!(sizes, [64, 64, 2]);
    for (i, v) in vectors.iter().enumerate() {
        // The first component grows with the text's length: order is kept.
        let len = (i + 1) as f32;
        assert!((v[0] - len / (len * len + 1.0).sqrt()).abs() < 1e-5, "text {i}");
    }
}

#[test]
fn a_busy_server_is_retried() {
    let server = FakeServer::start(|n, r| {
        if n == 0 {
            (429, vec![("Retry-After", "0".to_string())], json!({"error": {"message": "Rate limit reached"}}).to_string())
        } else {
            ok(embeddings_reply(r))
        }
    });
    let embedder = OpenAiEmbedder::new(&server.base_url, None, "m", Some(3)).unwrap();
    assert_eq!(embedder.embed(&["hello"]).unwrap().len(), 1);
    assert_eq!(server.requests().len(), 2);
}

#[test]
fn a_failing_server_is_retried_with_backoff_and_a_long_wait_is_not_waited_out() {
    let server = FakeServer::start(|n, r| match n {
        0 | 1 => (503, vec![], "upstream busy".to_string()),
        _ => ok(embeddings_reply(r)),
    });
    let embedder = OpenAiEmbedder::new(&server.base_url, None, "m", Some(3)).unwrap();
    assert_eq!(embedder.embed(&["hello"]).unwrap().len(), 1);
    assert_eq!(server.requests().len(), 3, "the first try and two retries");

    let server = FakeServer::start(|_, _| (429, vec![("Retry-After", "3600".to_string())], json!({"error": "slow down"}).to_string()));
    let embedder = OpenAiEmbedder::new(&server.base_url, None, "m", Some(3)).unwrap();
    let err = embedder.embed(&["hello"]).unwrap_err();
    assert!(matches!(err, EmbedError::Http { status: Some(429), .. }), "{err:?}");
    assert!(err.to_string().contains("slow down (it asks to wait about 60 minutes before trying again)"), "{err}");
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn a_question_is_tried_once_so_the_search_goes_ahead_on_its_words() {
    let server = FakeServer::start(|_, _| (503, vec![], json!({"error": {"message": "the embedding model is loading"}}).to_string()));
    let embedder = OpenAiEmbedder::new(&server.base_url, None, "m", Some(3)).unwrap().for_questions();
    let err = embedder.embed(&["hello"]).unwrap_err();
    assert!(matches!(err, EmbedError::Http { status: Some(503), .. }), "{err:?}");
    assert!(err.to_string().contains("the embedding model is loading"), "{err}");
    assert_eq!(server.requests().len(), 1, "no retries for a question");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_embedder_made_in_an_async_server_embeds_in_spawn_blocking_and_drops_on_the_runtime() {
    // As the server and the explorer use it: made and dropped on a worker thread, used off it.
    let server = FakeServer::start(|_, r| ok(embeddings_reply(r)));
    let embedder = Arc::new(OpenAiEmbedder::new(&server.base_url, None, "m", Some(3)).unwrap());
    let used = Arc::clone(&embedder);
    let vectors = tokio::task::spawn_blocking(move || used.embed(&["hello", "there"])).await.unwrap().unwrap();
    assert_eq!(vectors.len(), 2);
    drop(embedder);
}

#[test]
fn an_answer_in_the_wrong_shape_is_a_bad_response() {
    let server = FakeServer::start(|_, _| ok(json!({"embeddings": [[1.0, 2.0]]}).to_string()));
    let embedder = OpenAiEmbedder::new(&server.base_url, None, "m", None).unwrap();
    let err = embedder.embed(&["hello"]).unwrap_err();
    assert!(matches!(err, EmbedError::BadResponse(_)), "{err:?}");
    assert!(err.to_string().contains("embeddings"), "{err}");
}

#[test]
fn a_missing_or_repeated_index_is_a_bad_response() {
    let server = FakeServer::start(|_, _| {
        ok(json!({"data": [
            {"index": 0, "embedding": [1.0, 0.0]},
            {"index": 0, "embedding": [0.0, 1.0]},
        ]})
        .to_string())
    });
    let embedder = OpenAiEmbedder::new(&server.base_url, None, "m", None).unwrap();
    let err = embedder.embed(&["a", "b"]).unwrap_err();
    assert!(matches!(err, EmbedError::BadResponse(_)), "{err:?}");
}

#[test]
fn an_unreachable_server_is_an_http_error_naming_the_url() {
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let base = format!("http://127.0.0.1:{port}/v1");
    let embedder = OpenAiEmbedder::new(&base, None, "m", Some(3)).unwrap();
    let err = embedder.embed(&["hello"]).unwrap_err();
    assert!(matches!(err, EmbedError::Http { status: None, .. }), "{err:?}");
    assert!(err.to_string().contains(&base), "{err}");
}

#[test]
fn empty_input_makes_no_request() {
    let server = FakeServer::start(|_, r| ok(embeddings_reply(r)));
    let embedder = OpenAiEmbedder::new(&server.base_url, None, "m", Some(3)).unwrap();
    assert!(embedder.embed(&[]).unwrap().is_empty());
    assert!(server.requests().is_empty());
}
