//! The OpenAI-compatible model client against a scripted server: retries, `Retry-After`, errors,
//! timeouts and the fallback when a server will not stream.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use proseva_agent::model::{AnswerRequest, ChatMessage, ChatModel, ModelError};
use proseva_agent::openai::{Endpoint, OpenAiModel};
use serde_json::json;

mod fakes;

use fakes::closed_port;
use fakes::model::{FakeModel, LARGE, Reply, SMALL, error, is_stream, quick, streamed, text};

async fn one_turn(model: &OpenAiModel) -> Result<String, ModelError> {
    model.tool_turn(SMALL, &[ChatMessage::user("q")], &[]).await.map(|t| t.content)
}

#[tokio::test]
async fn a_429_with_retry_after_is_waited_out_then_the_call_succeeds() {
    let fake = FakeModel::start(|n, _| match n {
        0 => Reply::Error {
            status: 429,
            headers: vec![("retry-after", "1")],
            body: json!({ "error": { "message": "Rate limit reached for requests", "type": "requests", "code": "rate_limit_exceeded" } }),
        },
        _ => text("ok"),
    })
    .await;
    assert_eq!(one_turn(&fake.model(None)).await.unwrap(), "ok");
    let received = fake.received();
    assert_eq!(received.len(), 2);
    let gap = received[1].at - received[0].at;
    // The backoff alone would be 5–10 ms.
    assert!(gap >= Duration::from_secs(1) && gap < Duration::from_secs(3), "waited {gap:?}");
}

#[tokio::test]
async fn server_errors_are_retried_with_backoff_until_one_succeeds() {
    let fake = FakeModel::start(|n, _| match n {
        0 | 1 => error(500, "The server had an error while processing your request."),
        _ => text("third time"),
    })
    .await;
    assert_eq!(one_turn(&fake.model(None)).await.unwrap(), "third time");
    assert_eq!(fake.received().len(), 3);
}

#[tokio::test]
async fn retries_stop_after_the_limit_and_report_the_last_status_and_message() {
    let fake = FakeModel::start(|_, _| error(503, "The engine is currently overloaded, please try again later")).await;
    let err = one_turn(&fake.model(None)).await.unwrap_err();
    assert_eq!(err, ModelError::Refused { status: 503, message: "The engine is currently overloaded, please try again later".into() });
    assert_eq!(fake.received().len(), 4, "the first try and 3 retries");
}

#[tokio::test]
async fn a_401_is_not_retried_and_the_services_message_is_shown() {
    let fake = FakeModel::start(|_, _| {
        error(401, "Incorrect API key provided: sk-bad. You can find your API key at https://platform.openai.com/account/api-keys.")
    })
    .await;
    let err = one_turn(&fake.model(Some("sk-bad"))).await.unwrap_err();
    assert_eq!(fake.received().len(), 1);
    assert_eq!(
        err,
        ModelError::Refused {
            status: 401,
            message: "Incorrect API key provided: sk-bad. You can find your API key at https://platform.openai.com/account/api-keys."
                .into()
        }
    );
    assert!(err.to_string().contains("refused the request (401): Incorrect API key provided"), "{err}");
}

#[tokio::test]
async fn a_wait_longer_than_reasonable_or_an_empty_quota_ends_at_once_and_says_so() {
    let fake = FakeModel::start(|_, _| Reply::Error {
        status: 429,
        headers: vec![("retry-after", "3600")],
        body: json!({ "error": { "message": "Rate limit reached for tokens per day", "type": "tokens", "code": "rate_limit_exceeded" } }),
    })
    .await;
    let err = one_turn(&fake.model(None)).await.unwrap_err();
    assert_eq!(fake.received().len(), 1);
    assert!(matches!(&err, ModelError::Refused { status: 429, message } if message.contains("wait 3600 seconds")), "{err:?}");

    let fake = FakeModel::start(|_, _| Reply::Error {
        status: 429,
        headers: vec![],
        body: json!({ "error": { "message": "You exceeded your current quota, please check your plan and billing details.", "type": "insufficient_quota", "code": "insufficient_quota" } }),
    })
    .await;
    let err = one_turn(&fake.model(None)).await.unwrap_err();
    assert_eq!(fake.received().len(), 1, "waiting does not refill a quota");
    assert!(matches!(&err, ModelError::Refused { status: 429, message } if message.contains("exceeded your current quota")), "{err:?}");
}

#[tokio::test]
async fn an_unreachable_server_and_a_silent_one_are_reported_as_unreachable() {
    let model = OpenAiModel::new(quick(Endpoint::new(&format!("{}/v1", closed_port().await), None, SMALL, LARGE)));
    let err = one_turn(&model).await.unwrap_err();
    assert!(matches!(err, ModelError::Unreachable(_)), "{err:?}");

    let fake = FakeModel::start(|_, _| Reply::After(Duration::from_secs(5), Box::new(text("too late")))).await;
    let mut endpoint = quick(Endpoint::new(&fake.base_url, None, SMALL, LARGE));
    endpoint.request_timeout = Duration::from_millis(300);
    let started = Instant::now();
    let err = one_turn(&OpenAiModel::new(endpoint)).await.unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(2), "gave up after {:?}", started.elapsed());
    assert!(matches!(&err, ModelError::Unreachable(m) if m.contains("did not start answering")), "{err:?}");
    assert_eq!(fake.received().len(), 1, "a slow model is not asked again");
}

async fn answer(model: &OpenAiModel) -> (Result<String, ModelError>, Vec<String>) {
    let messages = [ChatMessage::system("s"), ChatMessage::user("q"), ChatMessage::assistant("found")];
    let request = AnswerRequest { model: LARGE, messages: &messages, question: "q", results: &[] };
    let pieces = Mutex::new(Vec::new());
    let on_delta = |piece: &str| pieces.lock().unwrap().push(piece.to_string());
    let result = model.answer(request, &on_delta).await;
    (result, pieces.into_inner().unwrap())
}

#[tokio::test]
async fn a_server_that_refuses_to_stream_still_answers_in_one_piece() {
    let fake =
        FakeModel::start(|_, body| if is_stream(body) { error(400, "stream is not supported") } else { text("The whole answer.") }).await;
    let (result, pieces) = answer(&fake.model(None)).await;
    assert_eq!(result.unwrap(), "The whole answer.");
    assert_eq!(pieces, ["The whole answer."]);
    let bodies = fake.bodies();
    assert_eq!(bodies.iter().map(is_stream).collect::<Vec<_>>(), [true, false]);
    assert!(bodies.iter().all(|b| b.get("tools").is_none() && b["model"] == LARGE && b["messages"].as_array().unwrap().len() == 3));
}

#[tokio::test]
async fn a_server_that_ignores_stream_and_sends_json_is_read_whole() {
    let fake = FakeModel::start(|_, _| text("Answered without streaming.")).await;
    let (result, pieces) = answer(&fake.model(None)).await;
    assert_eq!(result.unwrap(), "Answered without streaming.");
    assert_eq!(pieces, ["Answered without streaming."]);
    assert_eq!(fake.bodies().iter().map(is_stream).collect::<Vec<_>>(), [true, false], "asked again, not streamed");
}

#[tokio::test]
async fn an_error_in_the_middle_of_a_stream_ends_the_answer_with_it() {
    let fake = FakeModel::start(|_, _| {
        let Reply::Sse(mut chunks) = streamed(&["Half an ans"]) else { unreachable!() };
        chunks.insert(2, json!({ "error": { "message": "The model crashed", "code": 500 } }));
        Reply::Sse(chunks)
    })
    .await;
    let (result, pieces) = answer(&fake.model(None)).await;
    assert_eq!(result.unwrap_err(), ModelError::Refused { status: 500, message: "The model crashed".into() });
    assert_eq!(pieces, ["Half an ans"]);
}

#[tokio::test]
async fn a_decision_is_asked_with_a_strict_json_schema_and_without_one_when_the_server_refuses_it() {
    let schema = proseva_agent::claim::decision_schema();
    let fake = FakeModel::start(|_, _| text(r#"{"verdict": "unclear"}"#)).await;
    let reply = fake.model(None).structured(LARGE, &[ChatMessage::user("decide")], "claim_decision", &schema).await.unwrap();
    assert_eq!(reply, r#"{"verdict": "unclear"}"#);
    let body = &fake.bodies()[0];
    assert_eq!(body["model"], LARGE);
    assert_eq!(body["response_format"]["type"], "json_schema");
    assert_eq!(body["response_format"]["json_schema"]["name"], "claim_decision");
    assert_eq!(body["response_format"]["json_schema"]["strict"], true);
    assert_eq!(body["response_format"]["json_schema"]["schema"], schema);
    assert!(body.get("tools").is_none() && !is_stream(body));

    // A server without structured output refuses the field: the same request follows without it.
    let fake = FakeModel::start(|n, _| match n {
        0 => error(400, "'response_format' of type 'json_schema' is not supported with this model"),
        _ => text(r#"{"verdict": "supported"}"#),
    })
    .await;
    let reply = fake.model(None).structured(LARGE, &[ChatMessage::user("decide")], "claim_decision", &schema).await.unwrap();
    assert_eq!(reply, r#"{"verdict": "supported"}"#);
    let bodies = fake.bodies();
    assert_eq!(bodies.len(), 2);
    assert!(bodies[1].get("response_format").is_none(), "{}", bodies[1]);
    // Any other refusal is the error it is.
    let fake = FakeModel::start(|_, _| error(400, "context length exceeded")).await;
    let err = fake.model(None).structured(LARGE, &[ChatMessage::user("decide")], "claim_decision", &schema).await.unwrap_err();
    assert!(matches!(err, ModelError::Refused { status: 400, .. }), "{err:?}");
    assert_eq!(fake.bodies().len(), 1);
}
