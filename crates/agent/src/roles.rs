//! Who may use which tool: the tool sets and the roles that map to them, in one table.
//!
//! | set | tools |
//! |---|---|
//! | **core** (reads) | the 5 law-graph tools, the 8 tools over the person's records, `FindHelp`, `check_paper` (a paper checked before it is filed), `GetProof` (what the court must find in a case, and what the person's records show of it) |
//! | **research** | the 7 outside research services |
//! | **orchestration** | research + `think` + `execute_workflow` |
//! | **execution** (writes) | `create_note`, `append_to_note` (append-only), `link`, `add_deadline`, `create_draft` (a draft kept as a case document, each version), `create_paper` (a paper the person can file, built from the case), `link_evidence` (a record linked to what the court must find); and the case-law tools: `get_citing_opinions`, `fetch_opinion`, `process_opinion` (writes to the law graph's user layer), `query_graph`, `summarize_graph` |
//!
//! | role | runs | sets |
//! |---|---|---|
//! | `orchestrator` | Ask and Research | core + orchestration + execution |
//! | `planner` | a workflow that only reads and adds to one note | core + research + `think` + `append_to_note` |
//! | `executor` | a workflow that writes (a leaf: it cannot start another) | core + execution + research + `think` |
//!
//! A model that asks for a tool outside its role's set gets an error result naming the role
//! (`not_allowed_for_role`), and the call is never made. Within the orchestrator, a kind of
//! request offers the model a part of the set ([`offered`]): Ask the person's records and no
//! outside services, Research the outside services and not the records; neither is offered the
//! case-law tools, which the `build_case_law` workflow uses (Ask and Research can start it).

use serde::{Deserialize, Serialize};

/// Chat (the person's case + the law) or research (the law + outside sources): both run as the
/// orchestrator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestKind {
    Chat,
    Research,
}

impl RequestKind {
    pub fn max_turns(self) -> usize {
        match self {
            RequestKind::Chat => 10,
            RequestKind::Research => 5,
        }
    }
}

/// The law graph (the explorer).
pub const GRAPH: [&str; 5] = ["search_nodes", "get_node", "get_neighbors", "find_similar", "get_stats"];
/// The person's own records (the server), who can help them (the server's Help data), the check
/// of one of their papers before it is filed, and what the court must find in their case.
pub const RECORDS: [&str; 11] = [
    "GetCases",
    "GetDeadlines",
    "GetContacts",
    "GetFinances",
    "GetDocuments",
    "GetDocumentText",
    "SearchTimeline",
    "SearchKnowledge",
    "FindHelp",
    "check_paper",
    "GetProof",
];
/// Outside research services.
pub const RESEARCH: [&str; 7] =
    ["search_opinions", "search_dockets", "lookup_citation", "search_statutes", "search_govinfo", "search_academic", "search_lawyers"];
/// The model's own plan, recorded as a step.
pub const THINK: &str = "think";
/// Runs a workflow of [`crate::workflows`] as a nested agent.
pub const EXECUTE_WORKFLOW: &str = "execute_workflow";
/// Writes to the person's case workspace.
pub const EXECUTION: [&str; 7] = ["create_note", "append_to_note", "link", "add_deadline", "create_draft", "create_paper", "link_evidence"];
/// Building case-law notes: following opinions on CourtListener and recording them, with the
/// sections they cite, in the law graph's user layer.
pub const CASE_LAW: [&str; 5] = ["get_citing_opinions", "fetch_opinion", "process_opinion", "query_graph", "summarize_graph"];
/// The one write a planner may make.
pub const APPEND_TO_NOTE: &str = "append_to_note";

/// A group of tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ToolSetName {
    Core,
    Orchestration,
    Execution,
}

impl ToolSetName {
    pub fn tools(self) -> Vec<&'static str> {
        match self {
            ToolSetName::Core => GRAPH.iter().chain(&RECORDS).copied().collect(),
            ToolSetName::Orchestration => RESEARCH.iter().copied().chain([THINK, EXECUTE_WORKFLOW]).collect(),
            ToolSetName::Execution => EXECUTION.iter().chain(&CASE_LAW).copied().collect(),
        }
    }
}

/// Who is running: the person's own conversation, or a workflow it started.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Orchestrator,
    Planner,
    Executor,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Orchestrator, Role::Planner, Role::Executor];

    pub fn name(self) -> &'static str {
        match self {
            Role::Orchestrator => "orchestrator",
            Role::Planner => "planner",
            Role::Executor => "executor",
        }
    }

    /// Every tool this role may use, in a stable order.
    pub fn tools(self) -> Vec<&'static str> {
        let core = ToolSetName::Core.tools();
        match self {
            Role::Orchestrator => [core, ToolSetName::Orchestration.tools(), ToolSetName::Execution.tools()].concat(),
            Role::Planner => [core, RESEARCH.to_vec(), vec![THINK, APPEND_TO_NOTE]].concat(),
            Role::Executor => [core, ToolSetName::Execution.tools(), RESEARCH.to_vec(), vec![THINK]].concat(),
        }
    }

    pub fn allows(self, tool: &str) -> bool {
        self.tools().contains(&tool)
    }
}

/// Every tool any role may use.
pub fn all_tools() -> Vec<&'static str> {
    Role::Orchestrator.tools()
}

/// Whether `tool` is one of this app's tools at all (else it is unknown, not refused).
pub fn is_known(tool: &str) -> bool {
    all_tools().contains(&tool)
}

/// Whether a request of `kind` offers `tool` to the model (the orchestrator's set, less the
/// records for Research and the outside services for Ask, and less the case-law tools for both).
pub fn offered(kind: RequestKind, tool: &str) -> bool {
    let left_out: &[&str] = match kind {
        RequestKind::Chat => &RESEARCH,
        RequestKind::Research => &RECORDS,
    };
    Role::Orchestrator.allows(tool) && !left_out.contains(&tool) && !CASE_LAW.contains(&tool)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_role_has_exactly_the_sets_of_the_table() {
        let sorted = |mut v: Vec<&'static str>| {
            v.sort_unstable();
            v
        };
        let core: Vec<&str> = GRAPH.iter().chain(&RECORDS).copied().collect();
        assert_eq!(core.len(), 16);
        let case_law = vec!["get_citing_opinions", "fetch_opinion", "process_opinion", "query_graph", "summarize_graph"];
        let execution = [EXECUTION.to_vec(), case_law].concat();
        let orchestrator = [core.clone(), RESEARCH.to_vec(), vec!["think", "execute_workflow"], execution.clone()].concat();
        let planner = [core.clone(), RESEARCH.to_vec(), vec!["think", "append_to_note"]].concat();
        let executor = [core.clone(), execution, RESEARCH.to_vec(), vec!["think"]].concat();
        assert_eq!(sorted(Role::Orchestrator.tools()), sorted(orchestrator));
        assert_eq!(sorted(Role::Planner.tools()), sorted(planner));
        assert_eq!(sorted(Role::Executor.tools()), sorted(executor));
        for role in Role::ALL {
            let mut tools = role.tools();
            let n = tools.len();
            tools.dedup();
            assert_eq!(tools.len(), n, "{role:?} lists a tool twice");
        }
        // Only the orchestrator starts workflows; a planner's one write is appending.
        assert!(!Role::Planner.allows("execute_workflow") && !Role::Executor.allows("execute_workflow"));
        assert!(Role::Planner.allows("append_to_note") && !Role::Planner.allows("create_note") && !Role::Planner.allows("link"));
        assert!(Role::Executor.allows("process_opinion") && !Role::Planner.allows("process_opinion"));
        // Drafting is a write: the orchestrator and the executor may, a planner may not.
        assert!(Role::Orchestrator.allows("create_draft") && Role::Executor.allows("create_draft"));
        assert!(!Role::Planner.allows("create_draft"));
        // So is building a paper to file; checking one is a read of the person's records.
        assert!(Role::Orchestrator.allows("create_paper") && Role::Executor.allows("create_paper"));
        assert!(!Role::Planner.allows("create_paper"));
        assert!(Role::ALL.iter().all(|r| r.allows("check_paper")));
        // Reading what the court must find is a read; linking a record to it is a write.
        assert!(Role::ALL.iter().all(|r| r.allows("GetProof")));
        assert!(Role::Orchestrator.allows("link_evidence") && Role::Executor.allows("link_evidence"));
        assert!(!Role::Planner.allows("link_evidence"));
    }

    #[test]
    fn ask_offers_the_records_and_research_the_outside_services() {
        assert!(offered(RequestKind::Chat, "GetCases") && !offered(RequestKind::Chat, "search_opinions"));
        // Ask checks the person's paper (it reads their records); Research does not.
        assert!(offered(RequestKind::Chat, "check_paper") && !offered(RequestKind::Research, "check_paper"));
        assert!(offered(RequestKind::Chat, "GetProof") && !offered(RequestKind::Research, "GetProof"));
        assert!(offered(RequestKind::Research, "search_opinions") && !offered(RequestKind::Research, "GetCases"));
        for kind in [RequestKind::Chat, RequestKind::Research] {
            for tool in GRAPH.iter().chain(&EXECUTION).chain(&[THINK, EXECUTE_WORKFLOW]) {
                assert!(offered(kind, tool), "{kind:?} {tool}");
            }
            assert!(!offered(kind, "delete_everything"));
            for tool in CASE_LAW {
                assert!(!offered(kind, tool) && Role::Orchestrator.allows(tool), "{kind:?} {tool}: the workflow's, not offered");
            }
        }
        assert!(is_known("link") && is_known("create_draft") && is_known("create_paper") && is_known("check_paper"));
        assert!(is_known("GetProof") && is_known("link_evidence"));
        assert!(!is_known("delete_everything"));
    }
}
