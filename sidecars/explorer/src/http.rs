//! The HTTP face of the explorer: `POST /graphql`, GraphiQL at `GET /`, `GET /health`. A query
//! that only asks about the schema runs with the introspection limits ([`gql::is_introspection`]).
//!
//! Loopback only: requests whose `Host` is not a loopback name are refused (a defence against DNS
//! rebinding), and when a token is configured `/graphql` needs `Authorization: Bearer <token>`.
//!
//! GraphiQL and React are embedded in the binary (`assets/graphiql/`, see its README for versions
//! and checksums) and served at `/graphiql/<file>`, so the page at `/` works with no network; its
//! Content-Security-Policy lets it load nothing from anywhere else.

use std::hash::{DefaultHasher, Hasher};
use std::sync::{Arc, LazyLock};

use async_graphql_axum::{GraphQLRequest, GraphQLResponse};
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use proseva_http_guard::{bearer_token_matches, is_loopback_host, is_loopback_origin};
use serde_json::json;
use tower_http::limit::RequestBodyLimitLayer;

use crate::gql::{self, ExplorerSchema};

/// Largest GraphQL request body accepted.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

#[derive(Clone)]
struct AppState {
    schema: ExplorerSchema,
    /// Answers queries that only ask about the schema ([`gql::is_introspection`]).
    introspection: ExplorerSchema,
    token: Option<Arc<str>>,
}

/// The router used by `serve` and by the tests. `token`: the bearer token `/graphql` requires, if any.
pub fn app(schema: ExplorerSchema, token: Option<String>) -> Router {
    let state = AppState { schema, introspection: gql::introspection_schema(), token: token.filter(|t| !t.is_empty()).map(Arc::from) };
    let graphql = Router::new()
        .route("/graphql", get(graphql_get).post(graphql_post))
        .route_layer(middleware::from_fn_with_state(state.clone(), require_token));
    Router::new()
        .route("/", get(graphiql))
        .route("/graphiql/{file}", get(graphiql_asset))
        .route("/health", get(health))
        .merge(graphql)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        // The GraphQL extractor streams the body itself, so the limit is also enforced below it.
        .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES))
        .layer(middleware::from_fn(loopback_host_only))
        .with_state(state)
}

/// Runs a query — one that only asks about the schema on the introspection schema, with its own
/// limits, so GraphiQL and code generators can read the schema — and sanitises the message of
/// every error it answers ([`proseva_http_guard::sanitize`]): a database or file error can name a
/// home path.
async fn graphql_post(State(state): State<AppState>, request: GraphQLRequest) -> GraphQLResponse {
    let request = request.into_inner();
    let schema = if gql::is_introspection(&request) { &state.introspection } else { &state.schema };
    let mut response = schema.execute(request).await;
    for error in &mut response.errors {
        error.message = proseva_http_guard::sanitize::clean(&error.message);
    }
    response.into()
}

async fn graphql_get() -> Response {
    error_response(StatusCode::METHOD_NOT_ALLOWED, "send GraphQL queries with POST /graphql (GraphiQL is at /)")
}

async fn health(State(state): State<AppState>) -> Json<serde_json::Value> {
    let res = state.schema.execute("{ stats { nodeCount embeddingCount corpus } }").await;
    Json(json!({ "status": "ok", "graph": res.data.into_json().ok().and_then(|d| d.get("stats").cloned()) }))
}

/// What the GraphiQL page may load: scripts and styles from the explorer only, GraphiQL's fonts
/// (inline `data:` URLs in its CSS), and requests to the explorer. GraphiQL sets element styles
/// from script, which the policy does not govern; the one thing it refuses is the `<style>` element
/// GraphiQL's dialogs add to stop the page scrolling behind them (logged in the browser's console),
/// and this page never scrolls: GraphiQL fills the window. Checked in Chromium: queries, the
/// schema's docs, completion and the settings dialog work.
const GRAPHIQL_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self' data:; img-src 'self' data:; \
     connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// A file served at `/graphiql/<name>`: its bytes and content type.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static [u8],
}

const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// The vendored GraphiQL and React builds, then the page's own script and style.
const ASSETS: &[Asset] = &[
    Asset { name: "graphiql.min.js", content_type: JS, body: include_bytes!("../assets/graphiql/graphiql.min.js") },
    Asset { name: "graphiql.min.css", content_type: CSS, body: include_bytes!("../assets/graphiql/graphiql.min.css") },
    Asset { name: "react.production.min.js", content_type: JS, body: include_bytes!("../assets/graphiql/react.production.min.js") },
    Asset { name: "react-dom.production.min.js", content_type: JS, body: include_bytes!("../assets/graphiql/react-dom.production.min.js") },
    Asset { name: "explorer.js", content_type: JS, body: include_bytes!("../assets/explorer.js") },
    Asset { name: "explorer.css", content_type: CSS, body: include_bytes!("../assets/explorer.css") },
    Asset { name: "licenses.txt", content_type: "text/plain; charset=utf-8", body: LICENSES.as_bytes() },
];

/// The licences of the vendored files, served with them.
const LICENSES: &str = concat!(
    "GraphiQL 3.9.0 (graphiql.min.js, graphiql.min.css)\n\n",
    include_str!("../assets/graphiql/LICENSE.graphiql"),
    "\n\nReact 18.3.1 (react.production.min.js)\n\n",
    include_str!("../assets/graphiql/LICENSE.react"),
    "\n\nReact DOM 18.3.1 (react-dom.production.min.js)\n\n",
    include_str!("../assets/graphiql/LICENSE.react-dom"),
);

/// The GraphiQL page. Its asset URLs carry a hash of the assets (`?v=…`), so a browser may keep
/// them for a year and still fetches them anew from an explorer built with other ones.
static GRAPHIQL_PAGE: LazyLock<String> = LazyLock::new(|| {
    let mut hasher = DefaultHasher::new();
    for asset in ASSETS {
        hasher.write(asset.name.as_bytes());
        hasher.write(asset.body);
    }
    include_str!("../assets/index.html").replace("{version}", &format!("{:016x}", hasher.finish()))
});

async fn graphiql() -> Response {
    let mut response = Html(GRAPHIQL_PAGE.as_str()).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(GRAPHIQL_CSP));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

async fn graphiql_asset(Path(file): Path<String>) -> Response {
    let Some(asset) = ASSETS.iter().find(|a| a.name == file) else {
        return error_response(StatusCode::NOT_FOUND, "no such file: GraphiQL is at /");
    };
    (
        [
            (header::CONTENT_TYPE, asset.content_type),
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        asset.body,
    )
        .into_response()
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
