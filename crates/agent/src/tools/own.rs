//! The agent's own tools, which touch no service: `think` (the model's plan, recorded as a step
//! of the trail) and `execute_workflow` (a workflow of [`crate::workflows`] run as a nested
//! agent; the runner makes that call itself, since it needs the runner).

use async_trait::async_trait;
use serde_json::{Value, json};

use crate::cards::{Card, CardKind};
use crate::tool::{Effect, Tool, ToolDisplay, ToolError, arg, opt_arg};
use crate::workflows::WORKFLOWS;

/// Longest thought, in characters.
pub const MAX_THOUGHT_CHARS: usize = 4_000;

pub struct Think;

#[async_trait]
impl Tool for Think {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        crate::roles::THINK
    }
    fn description(&self) -> &str {
        "Write down your plan before acting, or what you concluded from the results so far: what you know, what you \
         still need, which tools you will call next and why. It changes nothing; the person sees it as a step."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": { "thought": { "type": "string", "maxLength": MAX_THOUGHT_CHARS, "description": "Your plan or reasoning, in a few sentences." } },
            "required": ["thought"],
            "additionalProperties": false
        })
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Plan", "The assistant", "Planning", CardKind::Other)
    }
    fn describe_call(&self, args: &Value) -> String {
        match args["thought"].as_str().map(str::trim).filter(|t| !t.is_empty()) {
            Some(t) => format!("Planning: {}", crate::cards::truncate(t, 80)),
            None => "Planning".into(),
        }
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let thought: String = arg(&args, "thought")?;
        let thought = thought.trim();
        if thought.is_empty() {
            return Err(ToolError::BadArguments("`thought` is empty".into()));
        }
        if thought.chars().count() > MAX_THOUGHT_CHARS {
            return Err(ToolError::BadArguments(format!("`thought` is longer than {MAX_THOUGHT_CHARS} characters")));
        }
        Ok(json!({ "thought": thought }))
    }
    fn cards(&self, result: &Value) -> Vec<Card> {
        let thought = result["thought"].as_str().unwrap_or_default();
        vec![Card { title: "Plan".into(), snippet: thought.to_string(), kind: CardKind::Other, ..Default::default() }]
    }
}

/// `execute_workflow{workflow_key, focus_id?}`: described here, run by the runner.
pub struct ExecuteWorkflow;

#[async_trait]
impl Tool for ExecuteWorkflow {
    /// It changes nothing itself: each step of the workflow it starts is a call of its own, held
    /// by the same gate as the question's when it writes.
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        crate::roles::EXECUTE_WORKFLOW
    }
    fn description(&self) -> &str {
        "Run one of the app's workflows as a separate worker and get its summary back. The workflows: check_claim (check \
         something the person was told against the law and their records; input: the claim, in their words), integrate \
         (connect a document or note to the law and to the person's records; focus_id: the document's or note's id), \
         hearing_prep (a hearing checklist note for a case; focus_id: the case's id). Run one only when the person asks \
         for what it does."
    }
    fn parameters(&self) -> Value {
        let keys: Vec<&str> = WORKFLOWS.iter().map(|w| w.key).collect();
        json!({
            "type": "object",
            "properties": {
                "workflow_key": { "type": "string", "enum": keys, "description": "Which workflow." },
                "focus_id": { "type": "string", "maxLength": 100, "description": "What it runs on: a record's id, or a section number." },
                "focus_kind": { "type": "string", "enum": ["case", "document", "note", "section"], "description": "What kind of thing focus_id is, when the workflow runs on more than one kind." },
                "input": { "type": "string", "maxLength": crate::claim::MAX_CLAIM_CHARS, "description": "The person's words the workflow works on (check_claim: the claim)." }
            },
            "required": ["workflow_key"],
            "additionalProperties": false
        })
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Workflows", "The assistant", "Running a workflow", CardKind::Other)
    }
    fn describe_call(&self, args: &Value) -> String {
        let key = args["workflow_key"].as_str().unwrap_or_default();
        let lang = crate::language::answer_language();
        match (crate::workflows::workflow(key), crate::language::is_spanish_code(lang)) {
            (Some(w), false) => format!("Running the workflow “{}”", w.display_name),
            (Some(w), true) => format!("Haciendo el flujo de trabajo “{}”", w.name_in(lang)),
            (None, false) => "Running a workflow".into(),
            (None, true) => "Haciendo un flujo de trabajo".into(),
        }
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let _: String = arg(&args, "workflow_key")?;
        let _: Option<String> = opt_arg(&args, "focus_id")?;
        Err(ToolError::Failed("execute_workflow runs only inside the agent's runner".into()))
    }
    fn cards(&self, result: &Value) -> Vec<Card> {
        vec![Card {
            title: result["displayName"]
                .as_str()
                .unwrap_or(if crate::language::is_spanish_code(crate::language::answer_language()) {
                    "Flujo de trabajo"
                } else {
                    "Workflow"
                })
                .to_string(),
            snippet: result["summary"].as_str().unwrap_or_default().to_string(),
            kind: CardKind::Other,
            ..Default::default()
        }]
    }
}
