//! The workflows a request runs ([`crate::workflows`]): a tool loop under the workflow's role,
//! the claim check, and a workflow a model starts with `execute_workflow`.

use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

use std::collections::HashSet;

use futures::future::BoxFuture;

use crate::citations::{CitationCheck, check_citations};
use crate::claim::{self, Decision};
use crate::event::{AgentEvent, ToolResult};
use crate::model::{ChatMessage, ModelError};
use crate::pipeline::WriteGate;
use crate::roles::{self};
use crate::tool::{ToolError, ToolSet};
use crate::workflows::{self, Focus, FocusKind, Pipeline, Workflow, WorkflowError, WorkflowRequest};

use super::{Agent, AgentError, CaseContext, Limits, Reply};

impl Agent {
    /// One workflow run: its role's tools, its instructions and focus as the system prompt, its
    /// own cap on calls; then a short summary. `top_level`: the person started it (phases and the
    /// summary stream as an answer); else `execute_workflow` did (only its steps are shown).
    #[allow(clippy::too_many_arguments)]
    async fn workflow_inner(
        &self,
        workflow: &'static Workflow,
        request: &WorkflowRequest,
        case: Option<&CaseContext>,
        gate: &WriteGate,
        emit: &(dyn Fn(AgentEvent) + Send + Sync),
        cancel: &CancellationToken,
        top_level: bool,
    ) -> Result<Reply, AgentError> {
        let mut tools = self.role_tools(workflow.role).await?;
        let focus = request.focus.as_ref();
        let mut system = workflows::system_prompt(workflow, focus, request.input.as_deref());
        if let Some(case) = case {
            system.push_str("\n\n");
            system.push_str(&case.summary);
        }
        let lang = crate::language::answer_language();
        let spanish = crate::language::is_spanish_code(lang);
        if spanish {
            system.push_str(WORKFLOW_IN_SPANISH);
        }
        if let Some(case_id) = focus.and_then(|f| f.case_id).or(case.map(|c| c.case_id)) {
            tools = tools.scoped_to_case(case_id);
        }
        let task = format!("Run the workflow “{}” now.", workflow.display_name);
        let history = [ChatMessage::user(request.input.clone().filter(|i| !i.trim().is_empty()).unwrap_or(task.clone()))];
        if top_level {
            emit(AgentEvent::Phase { name: "tools".into() });
        }
        let budget = self.budget(workflow.max_tool_calls);
        let asked = history[0].content.as_str();
        let limits = Limits { role: workflow.role, max_turns: workflow.max_turns, budget: &budget, gate, once: workflow.once, case, asked };
        let results = self.tool_phase(&limits, &system, &history, &tools, emit, cancel).await?;
        if top_level {
            emit(AgentEvent::Phase { name: "answer".into() });
        }
        let on_delta = |text: &str| {
            if top_level {
                emit(AgentEvent::Delta { text: text.to_string() })
            }
        };
        let summary_task =
            if spanish { format!("{WORKFLOW_SUMMARY_PROMPT}{SUMMARY_IN_SPANISH}") } else { WORKFLOW_SUMMARY_PROMPT.to_string() };
        let reply = self.answer(&system, &summary_task, &history, &task, &results, &on_delta, cancel).await?;
        let citations = check_citations(&self.explorer, &reply).await;
        Ok(Reply { reply, tool_results: results, citations, decision: None })
    }

    /// Runs a checked workflow request by its pipeline (boxed: a workflow can start another
    /// through `execute_workflow`, and the recursion goes through here). `gate`: whether it may
    /// write without asking — the person's own start, or the request that started it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn dispatch<'a>(
        &'a self,
        workflow: &'static Workflow,
        request: &'a WorkflowRequest,
        case: Option<&'a CaseContext>,
        gate: &'a WriteGate,
        emit: &'a (dyn Fn(AgentEvent) + Send + Sync),
        cancel: &'a CancellationToken,
        top_level: bool,
    ) -> BoxFuture<'a, Result<Reply, AgentError>> {
        Box::pin(async move {
            if let Some(missing) = self.missing_tool(workflow).await? {
                return Ok(self.not_started(workflow, &missing, emit, top_level));
            }
            match workflow.pipeline {
                Pipeline::ToolLoop => self.workflow_inner(workflow, request, case, gate, emit, cancel, top_level).await,
                Pipeline::ClaimCheck => {
                    self.check_claim(workflow, request.input.as_deref().unwrap_or_default(), case, gate, emit, cancel, top_level).await
                }
            }
        })
    }

    /// The first tool `workflow` cannot do without that is not configured, and why.
    async fn missing_tool(&self, workflow: &Workflow) -> Result<Option<ToolError>, AgentError> {
        if workflow.needs_tools.is_empty() {
            return Ok(None);
        }
        let tools = self.role_tools(workflow.role).await?;
        Ok(workflow.needs_tools.iter().find_map(|name| match tools.get(name) {
            Some(tool) => tool.unconfigured(),
            None => Some(ToolError::NotConfigured(format!("{name} is not available in this app"))),
        }))
    }

    /// The reply of a workflow stopped before its first step: what is missing and what to set.
    fn not_started(&self, workflow: &Workflow, missing: &ToolError, emit: &(dyn Fn(AgentEvent) + Send + Sync), top_level: bool) -> Reply {
        let lang = crate::language::answer_language();
        let reply = if crate::language::is_spanish_code(lang) {
            format!("“{}” no empezó y no se escribió nada: {missing}", workflow.name_in(lang))
        } else {
            format!("“{}” did not start, and nothing was written: {missing}", workflow.display_name)
        };
        if top_level {
            emit(AgentEvent::Phase { name: "answer".into() });
            emit(AgentEvent::Delta { text: reply.clone() });
        }
        Reply { reply, tool_results: Vec::new(), citations: CitationCheck::default(), decision: None }
    }

    /// The claim check ([`crate::claim`]): retrieval (phase `intent`), the report, the verifier's
    /// first pass and the tools it asks for (phase `verify`), the decision (phase `decide`), every
    /// cited section checked in the law graph; the decision in Markdown is the reply. Offline the
    /// decision is `unclear`, with the sections found.
    #[allow(clippy::too_many_arguments)]
    async fn check_claim(
        &self,
        workflow: &'static Workflow,
        claim_text: &str,
        case: Option<&CaseContext>,
        gate: &WriteGate,
        emit: &(dyn Fn(AgentEvent) + Send + Sync),
        cancel: &CancellationToken,
        top_level: bool,
    ) -> Result<Reply, AgentError> {
        let claim_text = claim_text.trim();
        let phase = |name: &str| {
            if top_level {
                emit(AgentEvent::Phase { name: name.into() })
            }
        };
        // The verifier reads; it writes nothing.
        let all = self.role_tools(workflow.role).await?;
        let mut tools = ToolSet::new(all.iter().filter(|t| !roles::EXECUTION.contains(&t.name())).cloned().collect());
        if let Some(case) = case {
            tools = tools.scoped_to_case(case.case_id);
        }
        let budget = self.budget(workflow.max_tool_calls);
        let limits = Limits { role: workflow.role, max_turns: 1, budget: &budget, gate, once: &[], case, asked: claim_text };
        let mut used_once = HashSet::new();

        phase("intent");
        let retrieval = claim::retrieval_calls(claim_text, tools.get("SearchKnowledge").is_some());
        let answered = tokio::select! {
            biased;
            () = cancel.cancelled() => return Err(ModelError::Cancelled.into()),
            a = self.run_calls(&retrieval, "", &limits, &mut used_once, &tools, emit, cancel) => a,
        };
        let mut results: Vec<ToolResult> = answered.into_iter().filter_map(|(record, _)| record).collect();
        let deadlines = results.iter().find(|r| r.ok && r.tool == "GetDeadlines").map(|r| r.result.clone());
        let report = claim::report_of(claim_text, claim::intent_of(claim_text, deadlines.as_ref()), &results);

        // The app's own words in the language the run is answered in (the claim and the law as they are).
        let spanish = crate::language::is_spanish_code(crate::language::answer_language());
        let decision = if self.model.mode() == crate::model::ModelMode::Offline {
            claim::offline_decision_in(&report, spanish)
        } else {
            phase("verify");
            let mut system = workflows::system_prompt(workflow, None, Some(claim_text));
            if let Some(case) = case {
                system.push_str("\n\n");
                system.push_str(&case.summary);
            }
            let mut messages = vec![
                ChatMessage::system(system),
                ChatMessage::user(format!(
                    "The report:\n{}\n\nReview it. If it is enough to decide, answer without calling a tool; otherwise call the tools for what is missing.",
                    report.to_prompt()
                )),
            ];
            let specs = tools.specs();
            let turn = tokio::select! {
                biased;
                () = cancel.cancelled() => return Err(ModelError::Cancelled.into()),
                t = self.model.tool_turn(&self.config.small_model, &messages, &specs) => t?,
            };
            if !turn.tool_calls.is_empty() {
                messages.push(ChatMessage::assistant_calls(turn.content.clone(), turn.tool_calls.clone()));
                let answered = tokio::select! {
                    biased;
                    () = cancel.cancelled() => return Err(ModelError::Cancelled.into()),
                    a = self.run_calls(&turn.tool_calls, &turn.content, &limits, &mut used_once, &tools, emit, cancel) => a,
                };
                for (call, (record, content)) in turn.tool_calls.iter().zip(answered) {
                    messages.push(ChatMessage::tool(&call.id, content));
                    results.extend(record);
                }
            }
            phase("decide");
            messages.push(ChatMessage::user(DECIDE_PROMPT));
            self.decide(&messages, cancel).await?
        };

        // Every cited section, looked up in one query; one the graph lacks is dropped.
        let cited: String = decision
            .citations
            .iter()
            .map(|c| claim::section_id(&c.section).map_or_else(|| c.section.clone(), |id| proseva_citation::label(&id)))
            .collect::<Vec<_>>()
            .join("; ");
        let check = check_citations(&self.explorer, &cited).await;
        let mut decision = claim::keep_verified(decision, &check.verified, check.note.is_none());
        // The quotes are compared with each section's whole text: read in full here when the
        // tools only saw the start of it (a search shows 500 characters).
        let mut seen = claim::texts_seen(&results);
        let read_in_full: Vec<&str> =
            results.iter().filter(|r| r.ok && r.tool == "get_node").filter_map(|r| r.result["sourceId"].as_str()).collect();
        let to_read: Vec<String> =
            decision.citations.iter().map(|c| c.section.clone()).filter(|s| !read_in_full.contains(&s.as_str())).collect();
        for section in to_read {
            let query = "query($s: String) { node(sourceId: $s) { sourceId sourceText summary } }";
            if let Ok(data) = self.explorer.query(query, json!({ "s": section })).await {
                seen.extend(claim::node_texts(&data["node"]));
            }
        }
        claim::mark_verbatim(&mut decision, &seen);
        let reply = claim::decision_markdown_in(claim_text, &decision, spanish);
        phase("answer");
        if top_level {
            for part in reply.split_inclusive("\n\n") {
                emit(AgentEvent::Delta { text: part.to_string() });
            }
        }
        let citations = check_citations(&self.explorer, &reply).await;
        Ok(Reply { reply, tool_results: results, citations, decision: Some(decision) })
    }

    /// The decision, asked with the schema; a reply that does not read gets one repair request
    /// (what was wrong, and the reply), then a clear error.
    async fn decide(&self, messages: &[ChatMessage], cancel: &CancellationToken) -> Result<Decision, AgentError> {
        let schema = claim::decision_schema();
        let ask = |messages: Vec<ChatMessage>| {
            let schema = &schema;
            async move {
                tokio::select! {
                    biased;
                    () = cancel.cancelled() => Err(ModelError::Cancelled),
                    r = self.model.structured(&self.config.large_model, &messages, "claim_decision", schema) => r,
                }
            }
        };
        let first = ask(messages.to_vec()).await?;
        match claim::parse_decision(&first) {
            Ok(decision) => Ok(decision),
            Err(problem) => {
                tracing::info!("the model's decision did not read ({problem}); asking once more");
                let mut repair = messages.to_vec();
                repair.push(ChatMessage::assistant(first));
                repair.push(ChatMessage::user(format!(
                    "That decision could not be read: {problem}. Answer again with only the JSON object, fitting the schema."
                )));
                let second = ask(repair).await?;
                claim::parse_decision(&second).map_err(|p| {
                    AgentError::Model(ModelError::BadResponse(format!(
                        "the model's decision could not be read, even after asking again: {p}"
                    )))
                })
            }
        }
    }

    /// `execute_workflow{workflow_key, focus_id?, focus_kind?}` made by a model: the workflow runs
    /// nested, its steps in the same trail, and its summary is the call's result.
    pub(super) async fn nested_workflow(
        &self,
        args: &Value,
        limits: &Limits<'_>,
        emit: &(dyn Fn(AgentEvent) + Send + Sync),
        cancel: &CancellationToken,
    ) -> Result<Value, ToolError> {
        let key: String = crate::tool::arg(args, "workflow_key")?;
        let focus_id: Option<String> = crate::tool::opt_arg(args, "focus_id")?;
        let focus_kind: Option<String> = crate::tool::opt_arg(args, "focus_kind")?;
        let workflow = workflows::workflow(&key).ok_or_else(|| {
            ToolError::BadArguments(
                WorkflowError::Unknown {
                    key: key.clone(),
                    known: workflows::WORKFLOWS.iter().map(|w| w.key).collect::<Vec<_>>().join(", "),
                }
                .to_string(),
            )
        })?;
        let kind = match focus_kind.as_deref() {
            Some(name) => Some(FocusKind::parse(name).ok_or_else(|| ToolError::BadArguments(format!("`focus_kind`: no kind {name:?}")))?),
            None => workflow.requires_focus.first().copied(),
        };
        let focus = match (kind, focus_id) {
            (Some(kind), Some(id)) => Some(Focus {
                kind,
                id: id.trim().to_string(),
                title: String::new(),
                text: String::new(),
                case_id: limits.case.map(|c| c.case_id),
            }),
            _ => None,
        };
        let input: Option<String> = crate::tool::opt_arg(args, "input")?;
        let request = WorkflowRequest { key, focus, input };
        workflows::check(&request).map_err(|e| ToolError::BadArguments(e.to_string()))?;
        let nested_emit = |event: AgentEvent| {
            if matches!(event, AgentEvent::ToolCall { .. } | AgentEvent::ToolResult { .. }) {
                emit(event)
            }
        };
        let reply =
            self.dispatch(workflow, &request, limits.case, limits.gate, &nested_emit, cancel, false).await.map_err(|e| match e {
                AgentError::Model(ModelError::Cancelled) => ToolError::Failed("the workflow was stopped".into()),
                other => ToolError::Failed(format!("the workflow {} failed: {other}", workflow.key)),
            })?;
        let wrote: Vec<Value> = reply
            .tool_results
            .iter()
            .filter(|r| r.ok && roles::EXECUTION.contains(&r.tool.as_str()))
            .map(|r| json!({ "tool": r.tool, "result": r.result }))
            .collect();
        Ok(json!({
            "workflow": workflow.key,
            "displayName": workflow.name_in(crate::language::answer_language()),
            "summary": reply.reply,
            "toolCalls": reply.tool_results.len(),
            "wrote": wrote,
            "decision": reply.decision,
        }))
    }
}

const DECIDE_PROMPT: &str = "Decide now. Answer with one JSON object: verdict (supported, not_supported or unclear), \
confidence (0 to 1), resolution (plain words for the person: whether the claim holds and why), citations (section, quote: \
the words of that section's text in the report or the tool results, textKind: official or summary as they say), \
action_plan (step, by_when: YYYY-MM-DD or null, where: or null). Cite only sections in the report or the tool results. \
If what was found cannot decide it, the verdict is unclear.";

/// Added to a workflow's system prompt when it runs for a Spanish window or Spanish words.
const WORKFLOW_IN_SPANISH: &str = "\n\nThe person reads Spanish: write every note, checklist and connection you create in \
plain Spanish (usted), using the court words of a Virginia court's Spanish (tribunal, audiencia, fecha límite, pruebas, \
ayuda legal). Keep every number, date and § exactly as the tools give them, and quote the law's own words in English, \
as the official text is written.";

/// Added to [`WORKFLOW_SUMMARY_PROMPT`] for a Spanish run.
const SUMMARY_IN_SPANISH: &str = " Write them in plain Spanish (usted), keeping every number, date and § as the tools \
give them. End with: Esto es información legal, no asesoría legal.";

const WORKFLOW_SUMMARY_PROMPT: &str = "The workflow's steps are done. Write two to four plain sentences for the person: \
what you found, what you wrote and where (the note's title), and what is still missing from their records. Cite only \
sections that appear in the tool results, as § number.";
