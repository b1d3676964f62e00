//! With the real programs: after the official Code is built into `graph.db` (official text without
//! vectors, the starter's summaries standing in), the explorer embeds it in the background with the
//! server's model, reports its progress in `stats { embeddingProgress }`, and stops while paused.

mod common;

use std::time::Duration;

use common::{Events, config, embeddings_ready, eventually, graphql};
use proseva_law::background;
use proseva_law::synth::sample;
use proseva_sidecars::Sidecars;
use serde_json::Value;

fn progress(supervisor: &Sidecars) -> Value {
    let answer = graphql(&supervisor.explorer_url(), Some(supervisor.token()), "{ stats { embeddingProgress { state total done } } }");
    let json: Value = serde_json::from_str(&answer.body).unwrap_or_else(|e| panic!("{e}: {}", answer.body));
    json.pointer("/data/stats/embeddingProgress").cloned().unwrap_or(Value::Null)
}

#[test]
fn the_explorer_embeds_official_text_in_the_background_with_the_servers_model() {
    let temp = tempfile::tempdir().unwrap();
    let data = temp.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    sample::build_downloaded(&data.join("graph.db")).unwrap();
    // Paused from the start: nothing is embedded until the flag goes.
    let flag = background::pause_flag(&data.join("graph.db"));
    std::fs::write(&flag, b"").unwrap();

    let supervisor = Sidecars::start(config(&data), Events::new().sink()).unwrap();
    assert!(
        eventually(Duration::from_secs(60), || embeddings_ready(&supervisor.server_url())),
        "the server's model did not load (run `make model`)"
    );
    assert!(eventually(Duration::from_secs(30), || progress(&supervisor)["state"] == "paused"), "{}", progress(&supervisor));
    let paused = progress(&supervisor);
    assert!(paused["total"].as_i64() > paused["done"].as_i64(), "{paused}");
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(progress(&supervisor)["done"], paused["done"], "nothing embedded while paused");

    std::fs::remove_file(&flag).unwrap();
    assert!(
        eventually(Duration::from_secs(120), || {
            let p = progress(&supervisor);
            p["state"] == "done" && p["done"] == p["total"]
        }),
        "the background embedding did not finish: {}",
        progress(&supervisor)
    );
    assert!(proseva_law::store::stand_in_vector_ids(&data.join("graph.db")).unwrap().is_empty());
    supervisor.shutdown();
}
