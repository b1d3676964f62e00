//! The HTTP face of the explorer: `POST /graphql`, GraphiQL at `GET /`, `GET /health`.
//!
//! Loopback only: requests whose `Host` is not a loopback name are refused (a defence against DNS
//! rebinding), and when a token is configured `/graphql` needs `Authorization: Bearer <token>`.

use std::sync::Arc;

use async_graphql::http::GraphiQLSource;
use async_graphql_axum::{GraphQLRequest, GraphQLResponse};
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use proseva_http_guard::{bearer_token_matches, is_loopback_host, is_loopback_origin};
use serde_json::json;
use tower_http::limit::RequestBodyLimitLayer;

use crate::gql::ExplorerSchema;

/// Largest GraphQL request body accepted.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

#[derive(Clone)]
struct AppState {
    schema: ExplorerSchema,
    token: Option<Arc<str>>,
}

/// The router used by `serve` and by the tests. `token`: the bearer token `/graphql` requires, if any.
pub fn app(schema: ExplorerSchema, token: Option<String>) -> Router {
    let state = AppState { schema, token: token.filter(|t| !t.is_empty()).map(Arc::from) };
    let graphql = Router::new()
        .route("/graphql", get(graphql_get).post(graphql_post))
        .route_layer(middleware::from_fn_with_state(state.clone(), require_token));
    Router::new()
        .route("/", get(graphiql))
        .route("/health", get(health))
        .merge(graphql)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        // The GraphQL extractor streams the body itself, so the limit is also enforced below it.
        .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES))
        .layer(middleware::from_fn(loopback_host_only))
        .with_state(state)
}

async fn graphql_post(State(state): State<AppState>, request: GraphQLRequest) -> GraphQLResponse {
    state.schema.execute(request.into_inner()).await.into()
}

async fn graphql_get() -> Response {
    error_response(StatusCode::METHOD_NOT_ALLOWED, "send GraphQL queries with POST /graphql (GraphiQL is at /)")
}

async fn health(State(state): State<AppState>) -> Json<serde_json::Value> {
    let res = state.schema.execute("{ stats { nodeCount embeddingCount corpus } }").await;
    Json(json!({ "status": "ok", "graph": res.data.into_json().ok().and_then(|d| d.get("stats").cloned()) }))
}

async fn graphiql() -> Html<String> {
    Html(GraphiQLSource::build().endpoint("/graphql").title("ProSeVA explorer").finish())
}

async fn require_token(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if let Some(expected) = &state.token {
        let given = request.headers().get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
        if !bearer_token_matches(given, expected) {
            let mut response =
                error_response(StatusCode::UNAUTHORIZED, "missing or wrong bearer token (Authorization: Bearer $PROSEVA_TOKEN)");
            response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            return response;
        }
    }
    next.run(request).await
}

async fn loopback_host_only(headers: HeaderMap, request: Request, next: Next) -> Response {
    if let Some(host) = headers.get(header::HOST)
        && !host.to_str().is_ok_and(is_loopback_host)
    {
        return error_response(StatusCode::FORBIDDEN, "this service answers only requests addressed to localhost");
    }
    // A web page elsewhere must not use the graph through the user's browser either.
    if let Some(origin) = headers.get(header::ORIGIN)
        && !origin.to_str().is_ok_and(is_loopback_origin)
    {
        return error_response(StatusCode::FORBIDDEN, "this service answers only pages served from this machine");
    }
    next.run(request).await
}

/// Errors in the GraphQL response shape, so clients read one format.
fn error_response(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({ "errors": [{ "message": message }] }))).into_response()
}
