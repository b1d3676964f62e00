//! Phase 1's loop and one turn's calls, each through the tool pipeline ([`crate::pipeline`]).

use futures::StreamExt;
use futures::stream::FuturesUnordered;
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

use std::collections::HashSet;

use crate::cards;
use crate::event::{AgentEvent, ToolResult};
use crate::model::{ChatMessage, ModelError, ToolCall};
use crate::pipeline::{self, Guards, data};
use crate::roles;
use crate::tool::{ToolError, ToolSet};

use super::{Agent, AgentError, Limits};

impl Agent {
    /// Phase 1: the small model is offered `tools` turn after turn (at most `limits.max_turns`)
    /// until it calls none or the budget is spent; every result is collected.
    pub(super) async fn tool_phase(
        &self,
        limits: &Limits<'_>,
        system: &str,
        history: &[ChatMessage],
        tools: &ToolSet,
        emit: &(dyn Fn(AgentEvent) + Send + Sync),
        cancel: &CancellationToken,
    ) -> Result<Vec<ToolResult>, AgentError> {
        let specs = tools.specs();
        let mut messages = vec![ChatMessage::system(system)];
        messages.extend(history.iter().cloned());
        let mut results = Vec::new();
        let mut used_once = HashSet::new();
        for _turn in 0..limits.max_turns {
            let turn = tokio::select! {
                biased;
                () = cancel.cancelled() => return Err(ModelError::Cancelled.into()),
                t = self.model.tool_turn(&self.config.small_model, &messages, &specs) => t?,
            };
            if turn.tool_calls.is_empty() {
                break;
            }
            messages.push(ChatMessage::assistant_calls(turn.content.clone(), turn.tool_calls.clone()));
            let answered = tokio::select! {
                biased;
                () = cancel.cancelled() => return Err(ModelError::Cancelled.into()),
                a = self.run_calls(&turn.tool_calls, &turn.content, limits, &mut used_once, tools, emit, cancel) => a,
            };
            for (call, (record, content)) in turn.tool_calls.iter().zip(answered) {
                messages.push(ChatMessage::tool(&call.id, content));
                results.extend(record);
            }
            if limits.budget.remaining() == 0 {
                break;
            }
        }
        Ok(results)
    }

    /// Why a call within the budget may not run, before anything is sent: arguments that are not
    /// JSON, a tool outside the role, a tool not offered, a second call of a once-only tool.
    fn refusal(
        &self,
        call: &ToolCall,
        args: &Result<Value, String>,
        limits: &Limits<'_>,
        used_once: &mut HashSet<String>,
        tools: &ToolSet,
    ) -> Option<ToolError> {
        if let Err(e) = args {
            return Some(ToolError::BadArguments(e.clone()));
        }
        if roles::is_known(&call.name) && !limits.role.allows(&call.name) {
            return Some(ToolError::NotAllowed(format!(
                "not run: the {} role may not use {}; its tools are: {}",
                limits.role.name(),
                call.name,
                limits.role.tools().join(", ")
            )));
        }
        if tools.get(&call.name).is_none() {
            return Some(ToolError::UnknownTool(format!(
                "there is no tool named {:?}; the tools are: {}",
                call.name,
                tools.names().join(", ")
            )));
        }
        if limits.once.contains(&call.name.as_str()) && !used_once.insert(call.name.clone()) {
            return Some(ToolError::BudgetExhausted(format!("not run: this workflow calls {} once, and it already did", call.name)));
        }
        None
    }

    /// Runs one turn's calls at once, each through the tool pipeline ([`crate::pipeline`]);
    /// returns, in call order, the record (None for calls past the budget, which are not shown)
    /// and the tool message the model will read: the result wrapped as data. `why`: what the
    /// model wrote beside the calls, shown with a write held for the person.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn run_calls(
        &self,
        calls: &[ToolCall],
        why: &str,
        limits: &Limits<'_>,
        used_once: &mut HashSet<String>,
        tools: &ToolSet,
        emit: &(dyn Fn(AgentEvent) + Send + Sync),
        cancel: &CancellationToken,
    ) -> Vec<(Option<ToolResult>, String)> {
        let mut out: Vec<(Option<ToolResult>, String)> = vec![(None, String::new()); calls.len()];
        let mut running = FuturesUnordered::new();
        let room = limits.budget.remaining();
        let guards = Guards { budget: limits.budget, gate: limits.gate };
        for (i, call) in calls.iter().enumerate() {
            if i >= room {
                out[i].1 = limits.budget.exhausted().to_result().to_string();
                continue;
            }
            let args: Result<Value, String> = if call.arguments.trim().is_empty() {
                Ok(json!({}))
            } else {
                serde_json::from_str(&call.arguments).map_err(|e| format!("the arguments are not valid JSON ({e}): {}", call.arguments))
            };
            let refused = self.refusal(call, &args, limits, used_once, tools);
            let tool = tools.get(&call.name).cloned().filter(|_| refused.is_none());
            // Defaults the tool fills in (the chosen case) are part of the call, shown as sent.
            let args = match (&tool, args) {
                (Some(tool), Ok(args)) => Ok(tool.complete_args(args)),
                (_, args) => args,
            };
            // What the call event and the sidebar record show: the parsed arguments, or the raw text.
            let shown = args.clone().unwrap_or_else(|_| Value::String(call.arguments.clone()));
            let display = tools.get(&call.name).map_or_else(|| crate::tool::ToolDisplay::named(&call.name), |t| t.display());
            emit(AgentEvent::ToolCall {
                id: call.id.clone(),
                name: call.name.clone(),
                args: shown.clone(),
                label: tools.get(&call.name).map_or_else(|| display.action.clone(), |t| t.describe_call(&shown)),
                title: display.title,
                source: display.source,
            });
            running.push(async move {
                let outcome = match (refused, tool, args) {
                    (Some(refused), _, _) => pipeline::Outcome { result: Err(refused), flagged: Vec::new() },
                    (None, Some(tool), Ok(args)) if call.name == roles::EXECUTE_WORKFLOW => {
                        // A nested workflow has no timeout of its own: each of its calls has one.
                        pipeline::exec::run(&call.name, tool.effect(), &tool.parameters(), args, guards, None, |args| async move {
                            self.nested_workflow(&args, limits, emit, cancel).await
                        })
                        .await
                    }
                    (None, Some(tool), Ok(args)) => pipeline::execute(tool.as_ref(), args, guards).await,
                    (None, _, _) => {
                        pipeline::Outcome { result: Err(ToolError::Failed(format!("{} could not be run", call.name))), flagged: Vec::new() }
                    }
                };
                (i, shown, outcome)
            });
        }
        while let Some((i, args, outcome)) = running.next().await {
            let call = &calls[i];
            let tool = tools.get(&call.name);
            let display = tool.map_or_else(|| crate::tool::ToolDisplay::named(&call.name), |t| t.display());
            let (ok, result, cards) = match outcome.result {
                Ok(v) => {
                    let cards = tool.map(|t| t.cards(&v)).unwrap_or_default();
                    (true, v, cards)
                }
                Err(e) => {
                    let mut result = e.to_result();
                    if matches!(e, ToolError::NeedsConfirmation(_)) {
                        result["proposal"] = proposal(limits.asked, why);
                    }
                    (false, result, Vec::new())
                }
            };
            let content = data::wrap(&call.name, &display.source, &result, &outcome.flagged, data::MAX_RESULT_CHARS);
            emit(AgentEvent::ToolResult {
                id: call.id.clone(),
                name: call.name.clone(),
                ok,
                total: if ok { cards::total_of(&result) } else { None },
                note: if ok { cards::note_of(&result) } else { None },
                result: result.clone(),
                title: display.title,
                source: display.source,
                cards,
            });
            out[i] = (Some(ToolResult { tool: call.name.clone(), args, ok, result }), content);
        }
        out
    }
}

/// What a held write shows the person beside the write itself (its tool and arguments are in
/// the call): what they asked, and what the model said it was doing, if anything.
fn proposal(asked: &str, why: &str) -> Value {
    let cut = |text: &str| cards::truncate(&text.split_whitespace().collect::<Vec<_>>().join(" "), 400);
    let why = cut(why);
    json!({ "asked": cut(asked), "why": (!why.is_empty()).then_some(why) })
}
