//! Reading a JSON request body, with every way it can be wrong turned into an [`ApiError`].

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use serde_json::Value;

use crate::{ApiError, AppState};

/// A JSON body: 415 unless it is sent as `application/json` (an empty body with no type is `{}`),
/// 413 past the size limit, 400 if it is not valid JSON.
#[derive(Debug)]
pub struct JsonBody(pub Value);

impl FromRequest<AppState> for JsonBody {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, ApiError> {
        let content_type = request.headers().get(header::CONTENT_TYPE).map(|v| v.to_str().unwrap_or("?").to_string());
        let wrong_type = |got: Option<&str>| {
            ApiError::UnsupportedMediaType(format!(
                "send the body as JSON with Content-Type: application/json (got {})",
                got.unwrap_or("no Content-Type")
            ))
        };
        if let Some(ct) = content_type.as_deref().filter(|ct| !is_json(ct)) {
            return Err(wrong_type(Some(ct)));
        }
        let bytes = read_body(request, state).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            // Nothing sent: an empty object, so `POST /api/tools/GetCases` needs no body.
            return Ok(JsonBody(Value::Object(Default::default())));
        }
        if content_type.is_none() {
            return Err(wrong_type(None));
        }
        serde_json::from_slice(&bytes).map(JsonBody).map_err(|e| ApiError::BadRequest(format!("the body is not valid JSON: {e}")))
    }
}

/// The whole body, within the configured limit.
pub async fn read_body(request: Request, state: &AppState) -> Result<Bytes, ApiError> {
    Bytes::from_request(request, state).await.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::PayloadTooLarge { limit: state.config.max_body_bytes }
        } else {
            ApiError::BadRequest(format!("could not read the request body: {rejection}"))
        }
    })
}

/// `application/json`, `application/problem+json` and the like, with any parameters.
pub fn is_json(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_content_types() {
        for ok in ["application/json", "application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json"] {
            assert!(is_json(ok), "{ok}");
        }
        for bad in ["text/plain", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded", "text/json+"] {
            assert!(!is_json(bad), "{bad}");
        }
    }
}
