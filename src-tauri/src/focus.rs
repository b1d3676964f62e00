//! What a workflow runs on, read from the person's workspace: a case, a document (its title and
//! extracted text), a note, or a section of the law graph (passed by number; the workflow reads it).

use proseva_agent::workflows::{self, FOCUS_TEXT_CHARS, Focus, FocusKind, WorkflowRequest};
use proseva_workspace::{Resource, Workspace, WorkspaceError};
use serde_json::Value;

use crate::error::CommandError;

/// A workflow request from the window's `{kind, id}`, with the record read and the request checked
/// against the registry before anything runs.
pub async fn workflow_request(
    workspace: &Workspace,
    key: String,
    focus: Option<&Value>,
    input: Option<String>,
) -> Result<WorkflowRequest, CommandError> {
    let focus = match focus.filter(|f| !f.is_null()) {
        None => None,
        Some(f) => {
            let (kind, id) = workflows::focus_ref(f).map_err(|e| CommandError::invalid("focus", e))?;
            Some(read(workspace, kind, id).await?)
        }
    };
    if input.as_ref().is_some_and(|i| i.chars().count() > proseva_agent::claim::MAX_CLAIM_CHARS) {
        return Err(CommandError::invalid("input", format!("at most {} characters", proseva_agent::claim::MAX_CLAIM_CHARS)));
    }
    let request = WorkflowRequest { key, focus, input: input.filter(|i| !i.trim().is_empty()) };
    workflows::check(&request).map_err(|e| CommandError::invalid("key", e.to_string()))?;
    Ok(request)
}

async fn read(workspace: &Workspace, kind: FocusKind, id: String) -> Result<Focus, CommandError> {
    let text_of = |v: &Value, k: &str| v[k].as_str().unwrap_or_default().to_string();
    let number = || id.parse::<i64>().map_err(|_| CommandError::invalid("focus", format!("a {} id is a number", kind.name())));
    let missing = |e: WorkspaceError| match e {
        WorkspaceError::NotFound(_) => CommandError::invalid("focus", format!("there is no {} {id}", kind.name())),
        other => other.into(),
    };
    let cut = |text: String| text.chars().take(FOCUS_TEXT_CHARS + 1).collect::<String>();
    let (title, text, case_id) = match kind {
        FocusKind::Section => (String::new(), String::new(), None),
        FocusKind::Document => {
            let n = number()?;
            let doc = workspace.get(Resource::Documents, n).await.map_err(missing)?;
            let page = workspace.document_text(n, Some(0), Some(FOCUS_TEXT_CHARS as i64 + 1)).await?;
            (text_of(&doc, "title"), cut(text_of(&page, "text")), doc["caseId"].as_i64())
        }
        FocusKind::Note => {
            let note = workspace.get(Resource::Notes, number()?).await.map_err(missing)?;
            (text_of(&note, "title"), cut(text_of(&note, "body")), note["caseId"].as_i64())
        }
        FocusKind::Case => {
            let n = number()?;
            let case = workspace.get(Resource::Cases, n).await.map_err(missing)?;
            let about: Vec<String> = ["caseNumber", "court", "type"].iter().map(|k| text_of(&case, k)).filter(|s| !s.is_empty()).collect();
            (text_of(&case, "name"), about.join(", "), Some(n))
        }
    };
    Ok(Focus { kind, id, title, text, case_id })
}

/// The line a workflow run is saved under, the workflow named in `lang` (`en`, `es`):
/// `Connect to the law: “Notice to quit”`.
pub fn asked_for(request: &WorkflowRequest, lang: &str) -> String {
    let name = workflows::workflow(&request.key).map_or(request.key.as_str(), |w| w.name_in(Some(lang)));
    if let Some(input) = request.input.as_deref().map(str::trim).filter(|i| !i.is_empty()) {
        return format!("{name}: {input}");
    }
    match &request.focus {
        Some(f) if !f.title.is_empty() => format!("{name}: “{}”", f.title),
        Some(f) if f.kind == FocusKind::Section => format!("{name}: {}", proseva_citation::label(&f.id)),
        Some(f) => format!("{name}: {} {}", f.kind.name(), f.id),
        None => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_saved_under_what_it_ran_on() {
        let request =
            |key: &str, focus: Option<Focus>, input: Option<&str>| WorkflowRequest { key: key.into(), focus, input: input.map(Into::into) };
        let doc = Focus { kind: FocusKind::Document, id: "3".into(), title: "Notice".into(), text: String::new(), case_id: None };
        assert_eq!(asked_for(&request("integrate", Some(doc.clone()), None), "en"), "Connect to the law: “Notice”");
        assert!(asked_for(&request("integrate", Some(doc), None), "es").ends_with(": “Notice”"));
        assert_ne!(asked_for(&request("integrate", None, None), "es"), "Connect to the law");
        assert_eq!(
            asked_for(&request("check_claim", None, Some(" I must leave in 5 days ")), "en"),
            "Check a claim: I must leave in 5 days"
        );
        let section = Focus { kind: FocusKind::Section, id: "20-124.3".into(), title: String::new(), text: String::new(), case_id: None };
        assert_eq!(asked_for(&request("integrate", Some(section), None), "en"), "Connect to the law: § 20-124.3");
    }
}
