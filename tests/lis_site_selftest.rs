//! The LIS stand-in itself: its default files read as real exports, it answers conditional requests
//! like a web server, and each fault misbehaves as documented.

use std::time::{Duration, Instant};

use proseva_e2e::client;
use proseva_e2e::lis_site::{Fault, LisSite, SLOW_CHUNK, default_files};
use proseva_http::reqwest::{StatusCode, header};
use proseva_law::lis::{FileKind, read_rows};

fn csv_url(site: &LisSite, file: &str) -> String {
    format!("{}/CSV/{file}", site.url)
}

fn default_body(file: &str) -> String {
    default_files().into_iter().find(|(name, _)| name == file).unwrap().1
}

#[tokio::test]
async fn default_files_read_as_exports_and_are_served_as_csv() {
    let site = LisSite::start().await;
    let files = default_files();
    assert_eq!(files.len(), 7);
    for (name, body) in &files {
        assert!(FileKind::of(name).is_some(), "{name} is an export the app reads");
        let (rows, problems) = read_rows(name, body.as_bytes()).unwrap();
        assert!(!rows.is_empty(), "{name} has rows");
        assert!(problems.is_empty(), "{name}: {problems:?}");

        let response = client().get(csv_url(&site, name)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{name}");
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/csv; charset=utf-8");
        assert!(response.headers()[header::ETAG].to_str().unwrap().starts_with('"'));
        assert_eq!(response.text().await.unwrap(), *body, "{name} is served as default_files has it");
    }

    // The awkward rows are there: a repealed section, a section number and a catchline with colons,
    // a body with quotes; the all-empty row is skipped without a problem.
    let rows = |file: &str| read_rows(file, default_body(file).as_bytes()).unwrap().0;
    let title_20 = rows("CoVTitle_20.csv");
    assert!(title_20.iter().any(|r| r.title == "Repealed" && r.body.contains("Acts 2020, c. 900")));
    assert_eq!(default_body("CoVTitle_20.csv").lines().count(), title_20.len() + 2, "header, rows and the empty row");
    let best_interests = title_20.iter().find(|r| r.section == "20-124.3").unwrap();
    assert!(best_interests.body.contains("<a href=\"/vacode/20-124.2/\">20-124.2</a>") && best_interests.body.contains("&sect;"));
    assert!(rows("CoVTitle_55.1.csv").iter().any(|r| r.title.contains(':')));
    assert!(rows("CoVTitle_55.1.csv").iter().any(|r| r.body.contains("\"Security deposit\"")));
    assert!(rows("CoVTitle_40.1.csv").iter().any(|r| r.section == "40.1-28.7:1"));
    let popular = rows("PopularNames.csv");
    assert!(popular.iter().any(|r| r.name == "Wage Payment Act" && r.section == "40.1-29"));
    let authorities = rows("Authorities.csv");
    assert!(authorities.iter().all(|r| !r.name.is_empty() && !r.section.is_empty() && !r.title_num.is_empty()));
    assert!(authorities.iter().any(|r| r.body.is_empty()), "an authority with an empty body");
}

#[tokio::test]
async fn unknown_and_unset_files_are_404_html() {
    let site = LisSite::start().await;
    for path in ["/CSV/Charters.csv", "/CSV/CoVTitle_99.csv", "/vacode/20-124.3/"] {
        let response = client().get(format!("{}{path}", site.url)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(response.headers()[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/html"));
        assert!(response.text().await.unwrap().contains("<html>"));
    }
    site.set_file("Charters.csv", "Name,Section,Description\r\n");
    assert_eq!(client().get(csv_url(&site, "Charters.csv")).send().await.unwrap().status(), StatusCode::OK);
    site.remove_file("CoVTitle_20.csv");
    assert_eq!(client().get(csv_url(&site, "CoVTitle_20.csv")).send().await.unwrap().status(), StatusCode::NOT_FOUND);
    assert_eq!(site.hits("Charters.csv"), 2);
    assert_eq!(site.hits("/vacode/20-124.3/"), 1);
}

#[tokio::test]
async fn conditional_requests_answer_304_until_the_file_changes() {
    let site = LisSite::start().await;
    let url = csv_url(&site, "CoVTitle_20.csv");
    let first = client().get(&url).send().await.unwrap();
    let etag = first.headers()[header::ETAG].clone();
    let modified = first.headers()[header::LAST_MODIFIED].clone();

    let by_etag = client().get(&url).header(header::IF_NONE_MATCH, etag.clone()).send().await.unwrap();
    assert_eq!(by_etag.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(by_etag.headers()[header::ETAG], etag);
    assert!(by_etag.bytes().await.unwrap().is_empty());
    let by_date = client().get(&url).header(header::IF_MODIFIED_SINCE, modified.clone()).send().await.unwrap();
    assert_eq!(by_date.status(), StatusCode::NOT_MODIFIED);
    let other_tag = client().get(&url).header(header::IF_NONE_MATCH, "\"something-else\"").send().await.unwrap();
    assert_eq!(other_tag.status(), StatusCode::OK);

    site.set_file("CoVTitle_20.csv", default_body("CoVTitle_20.csv") + "\r\n");
    let changed = client().get(&url).header(header::IF_NONE_MATCH, etag.clone()).send().await.unwrap();
    assert_eq!(changed.status(), StatusCode::OK);
    assert_ne!(changed.headers()[header::ETAG], etag);
    let newer = httpdate::parse_http_date(changed.headers()[header::LAST_MODIFIED].to_str().unwrap()).unwrap();
    assert!(newer > httpdate::parse_http_date(modified.to_str().unwrap()).unwrap());
    let stale_date = client().get(&url).header(header::IF_MODIFIED_SINCE, modified).send().await.unwrap();
    assert_eq!(stale_date.status(), StatusCode::OK);

    let log: Vec<(u16, bool)> = site.requests().iter().map(|r| (r.status, r.conditional)).collect();
    assert_eq!(log, [(200, false), (304, true), (304, true), (200, true), (200, true), (200, true)]);
}

#[tokio::test]
async fn server_errors_then_recovers() {
    let site = LisSite::start().await;
    site.misbehave("Constitution.csv", Fault::ServerError { times: 2 });
    let mut statuses = Vec::new();
    for _ in 0..3 {
        statuses.push(client().get(csv_url(&site, "Constitution.csv")).send().await.unwrap().status().as_u16());
    }
    assert_eq!(statuses, [500, 500, 200]);
    let logged: Vec<u16> = site.requests().iter().map(|r| r.status).collect();
    assert_eq!(logged, [500, 500, 200]);
    assert_eq!(site.hits("Constitution.csv"), 3);
}

#[tokio::test]
async fn cut_mid_file_fails_the_body_read_once() {
    let site = LisSite::start().await;
    let url = csv_url(&site, "CoVTitle_55.1.csv");
    let full = default_body("CoVTitle_55.1.csv");
    site.misbehave("CoVTitle_55.1.csv", Fault::CutMidFile);
    let response = client().get(&url).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.content_length(), Some(full.len() as u64));
    assert!(response.bytes().await.is_err(), "the body read fails when the connection drops");
    assert_eq!(client().get(&url).send().await.unwrap().text().await.unwrap(), full);
}

#[tokio::test]
async fn truncated_answers_part_of_the_file_once() {
    let site = LisSite::start().await;
    let url = csv_url(&site, "CoVTitle_20.csv");
    let full = default_body("CoVTitle_20.csv");
    site.misbehave("CoVTitle_20.csv", Fault::Truncated);
    let response = client().get(&url).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let length = response.content_length().unwrap();
    let body = response.text().await.unwrap();
    assert_eq!(body.len() as u64, length);
    assert!(body.len() < full.len() && full.starts_with(&body));
    // Cut mid-row, inside the last (quoted Body) cell. The csv reader closes the open quote at the end
    // of input, so the cut row reads with all its columns and a shortened body: only the missing
    // final line break and closing quote give the cut away.
    assert!(!body.ends_with('\n') && !body.ends_with('"'));
    let (rows, _) = read_rows("CoVTitle_20.csv", body.as_bytes()).unwrap();
    let (all, _) = read_rows("CoVTitle_20.csv", full.as_bytes()).unwrap();
    assert!(rows.len() < all.len());
    let (cut, whole) = (rows.last().unwrap(), &all[rows.len() - 1]);
    assert_eq!(cut.section, whole.section);
    assert!(cut.body.len() < whole.body.len() && whole.body.starts_with(&cut.body));
    assert_eq!(client().get(&url).send().await.unwrap().text().await.unwrap(), full);
}

#[tokio::test]
async fn html_answers_an_error_page_once() {
    let site = LisSite::start().await;
    let url = csv_url(&site, "PopularNames.csv");
    site.misbehave("PopularNames.csv", Fault::Html);
    let response = client().get(&url).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/html"));
    assert!(response.text().await.unwrap().contains("Service Unavailable"));
    assert_eq!(client().get(&url).send().await.unwrap().text().await.unwrap(), default_body("PopularNames.csv"));
}

#[tokio::test]
async fn slow_streams_the_whole_file_in_chunks() {
    let site = LisSite::start().await;
    let full = default_body("CoVTitle_20.csv");
    let pause = Duration::from_millis(20);
    site.misbehave("CoVTitle_20.csv", Fault::Slow { per_chunk: pause });
    let started = Instant::now();
    let response = client().get(csv_url(&site, "CoVTitle_20.csv")).send().await.unwrap();
    assert_eq!(response.content_length(), Some(full.len() as u64));
    assert_eq!(response.text().await.unwrap(), full);
    let pauses = full.len().div_ceil(SLOW_CHUNK) - 1;
    assert!(pauses >= 2 && started.elapsed() >= pause * pauses as u32, "{pauses} pauses in {:?}", started.elapsed());
}

#[tokio::test]
async fn hang_holds_requests_until_cleared() {
    let site = LisSite::start().await;
    let url = csv_url(&site, "Authorities.csv");
    site.misbehave("Authorities.csv", Fault::Hang);

    let timed_out = client().get(&url).timeout(Duration::from_millis(200)).send().await.unwrap_err();
    assert!(timed_out.is_timeout(), "{timed_out}");

    let waiting = tokio::spawn(client().get(&url).send());
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(!waiting.is_finished());
    assert_eq!(site.requests().iter().map(|r| r.status).collect::<Vec<_>>(), [0, 0], "no answers yet");

    site.clear_faults("Authorities.csv");
    let response = tokio::time::timeout(Duration::from_secs(5), waiting).await.expect("answered once cleared").unwrap().unwrap();
    assert_eq!(response.text().await.unwrap(), default_body("Authorities.csv"));
    assert_eq!(client().get(&url).send().await.unwrap().status(), StatusCode::OK);
    assert_eq!(site.requests().iter().map(|r| r.status).collect::<Vec<_>>(), [0, 200, 200], "the timed-out one stays unanswered");
}
