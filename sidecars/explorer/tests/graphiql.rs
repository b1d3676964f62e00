//! The GraphiQL page at `/` loads only files the explorer itself serves, each with its content type.

mod common;

use common::{client, start};

/// The values of every `src="…"` and `href="…"` attribute in `html`.
fn references(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for attribute in [" src=\"", " href=\""] {
        let mut rest = html;
        while let Some(at) = rest.find(attribute) {
            rest = &rest[at + attribute.len()..];
            let end = rest.find('"').expect("a closing quote");
            found.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    found
}

#[tokio::test]
async fn the_page_loads_only_the_explorers_own_files() {
    let ex = start(Some("s3cret"));
    let res = client().get(format!("{}/", ex.url)).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let header = |name: &str| res.headers().get(name).map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    assert!(header("content-type").starts_with("text/html"), "{}", header("content-type"));
    let csp = header("content-security-policy");
    for directive in ["default-src 'none'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"] {
        assert!(csp.contains(directive), "{directive} missing from {csp:?}");
    }
    assert!(!csp.contains("http"), "{csp}");
    let page = res.text().await.unwrap();
    assert!(!page.contains("http://") && !page.contains("https://"), "{page}");
    assert!(page.contains("#token="), "the page says how to give the token: {page}");

    let references = references(&page);
    let scripts: Vec<&String> = references.iter().filter(|r| r.contains(".js")).collect();
    assert_eq!(scripts.len(), 4, "{references:?}");
    assert!(references.iter().filter(|r| r.contains(".css")).count() >= 2, "{references:?}");
    for reference in &references {
        if reference.starts_with("data:") {
            continue;
        }
        assert!(reference.starts_with('/') && !reference.starts_with("//"), "{reference} is not on the explorer");
        let res = client().get(format!("{}{reference}", ex.url)).send().await.unwrap();
        assert_eq!(res.status(), 200, "{reference}");
        let path = reference.split('?').next().unwrap();
        let expected = match path.rsplit('.').next() {
            Some("js") => "text/javascript",
            Some("css") => "text/css",
            Some("txt") => "text/plain",
            other => panic!("{reference}: unexpected kind of file {other:?}"),
        };
        let content_type = res.headers().get("content-type").unwrap().to_str().unwrap().to_string();
        assert!(content_type.starts_with(expected), "{reference}: {content_type}");
        let cache = res.headers().get("cache-control").unwrap().to_str().unwrap().to_string();
        assert!(cache.contains("max-age=31536000"), "{reference}: {cache}");
        let body = res.bytes().await.unwrap();
        assert!(body.len() > 100, "{reference}: {} bytes", body.len());
    }

    let licenses = client().get(format!("{}/graphiql/licenses.txt", ex.url)).send().await.unwrap().text().await.unwrap();
    assert!(licenses.contains("GraphiQL") && licenses.contains("React") && licenses.contains("MIT License"), "{licenses}");
    let missing = client().get(format!("{}/graphiql/graphiql.min.js.map", ex.url)).send().await.unwrap();
    assert_eq!(missing.status(), 404);
    let elsewhere = client().get(format!("{}/graphiql/explorer.js", ex.url)).header("Host", "attacker.example").send().await.unwrap();
    assert_eq!(elsewhere.status(), 403, "the loopback check covers the assets too");
}
