//! The research tools against local fakes of each service: the fakes answer in the shapes the
//! services document (CourtListener v4 search and citation lookup, LegiScan getSearch, GovInfo
//! search, OpenAlex works, SerpAPI Google search), errors and rate limits included, and record
//! what they were asked. One file per service, then failures and rate limits.

mod answers;
mod courtlistener;
mod failures;
mod fake;
mod govinfo;
mod guards;
mod legiscan;
mod openalex;
mod rate_limits;
mod serpapi;

use proseva_agent::tools::research::{ResearchConfig, research_tools};
use serde_json::json;

// ---------------------------------------------------------------------------------------------
// The set of tools.

#[test]
fn the_seven_research_tools_come_in_the_contract_order_with_object_schemas_then_the_case_law_two() {
    let tools = research_tools(&ResearchConfig::default(), fake::http());
    let names: Vec<&str> = tools.iter().map(|t| t.name()).collect();
    assert_eq!(
        names,
        [
            "search_opinions",
            "search_dockets",
            "lookup_citation",
            "search_statutes",
            "search_govinfo",
            "search_academic",
            "search_lawyers",
            "get_citing_opinions",
            "fetch_opinion"
        ]
    );
    for tool in &tools {
        let schema = tool.parameters();
        assert_eq!(schema["type"], "object", "{}", tool.name());
        let required = match tool.name() {
            "lookup_citation" => "text",
            "get_citing_opinions" | "fetch_opinion" => "opinion_id",
            _ => "query",
        };
        assert_eq!(schema["required"], json!([required]), "{}", tool.name());
        assert!(schema["properties"][required]["description"].as_str().is_some_and(|d| !d.is_empty()), "{}", tool.name());
        assert!(tool.description().len() > 40, "{}", tool.name());
    }
}
