//! Papers the person can file (issue 40): a motion, a notice or a letter to the clerk built from
//! the case, the check before filing, and an official fillable PDF form filled in. The server
//! holds the catalogue, builds and checks the paper, reads and fills the form; this is only the
//! way to it. A built paper is a draft of kind `paper`: versions and exports go through the
//! drafts' methods; its Spanish explanation and Spanish reader's copy (not for filing) are here.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{Workspace, WorkspaceError};

/// A form id as it travels in the URL's path: 1 to 100 letters, digits, `-` or `_`.
fn is_form_id(form_id: &str) -> bool {
    (1..=100).contains(&form_id.len()) && form_id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'))
}

impl Workspace {
    /// `[{id, title, caseKinds, layout, when, fields, certificate, sections, requiredParts}]`: the
    /// papers for a kind of case (every paper without one).
    pub async fn paper_kinds(&self, case_kind: Option<&str>) -> Result<Value, WorkspaceError> {
        let query: Vec<(&str, &str)> = case_kind.map(|k| ("caseKind", k)).into_iter().collect();
        self.json(self.request(Method::GET, "/api/papers/kinds").query(&query)).await
    }

    /// `{fields, from}`: what the window fills in before the person types, and where each value
    /// came from.
    pub async fn paper_proposed(&self, case_id: i64, paper: &str) -> Result<Value, WorkspaceError> {
        let query = [("caseId", case_id.to_string()), ("paper", paper.to_string())];
        self.json(self.request(Method::GET, "/api/papers/proposed").query(&query)).await
    }

    /// Builds paper `paper` from case `case_id` and the person's `fields` (an object, or null),
    /// saved as a `paper` draft (a new version of `draft_id`): `{draft, paper, warnings, when}`.
    pub async fn build_paper(&self, paper: &str, case_id: i64, fields: &Value, draft_id: Option<i64>) -> Result<Value, WorkspaceError> {
        if !(fields.is_null() || fields.is_object()) {
            return Err(WorkspaceError::invalid("fields", "send the paper's fields as an object"));
        }
        let mut body = json!({ "paper": paper, "caseId": case_id });
        if fields.is_object() {
            body["fields"] = fields.clone();
        }
        if let Some(id) = draft_id {
            body["draftId"] = json!(id);
        }
        self.json(self.request(Method::POST, "/api/papers").json(&body)).await
    }

    /// The check before filing, of a paper draft or a case document (one of the two):
    /// `{findings, checked, sections, citations, title}`.
    pub async fn check_paper(&self, draft_id: Option<i64>, document_id: Option<i64>) -> Result<Value, WorkspaceError> {
        let body = match (draft_id, document_id) {
            (Some(id), None) => json!({ "draftId": id }),
            (None, Some(id)) => json!({ "documentId": id }),
            (Some(_), Some(_)) => {
                return Err(WorkspaceError::invalid("documentId", "check a paper (draftId) or a document (documentId), not both"));
            }
            (None, None) => return Err(WorkspaceError::invalid("draftId", "choose the paper or the document to check")),
        };
        self.json(self.request(Method::POST, "/api/papers/check").json(&body)).await
    }

    /// Beside each part of paper draft `draft_id` (at `version`, its latest when `None`), what it
    /// says in Spanish and what it is for: `{draftId, version, paper, layout, title, parts: [{part,
    /// number?, english, spanish, purpose, asWritten}], notForFiling, asWritten}`, its purposes and
    /// notes in the window's language.
    pub async fn paper_explained(&self, draft_id: i64, version: Option<i64>) -> Result<Value, WorkspaceError> {
        let query: Vec<(&str, String)> = version.map(|v| ("version", v.to_string())).into_iter().collect();
        self.json(self.request(Method::GET, &format!("/api/papers/{draft_id}/explained")).query(&query)).await
    }

    /// The Spanish reader's copy of paper draft `draft_id` as `format` (`pdf` or `docx`), a banner
    /// on every page saying it is not for filing: its bytes and the file name the server gives
    /// (`<title>-v<N>-es-no-presentar.<ext>`).
    pub async fn paper_spanish_copy(&self, draft_id: i64, version: Option<i64>, format: &str) -> Result<(Vec<u8>, String), WorkspaceError> {
        let mut query = vec![("format", format.to_string())];
        if let Some(version) = version {
            query.push(("version", version.to_string()));
        }
        let response = self.send(self.request(Method::GET, &format!("/api/papers/{draft_id}/spanish-copy")).query(&query)).await?;
        let name = crate::disposition_name(&response).unwrap_or_else(|| format!("paper-{draft_id}-es-no-presentar.{format}"));
        let bytes = response.bytes().await.map_err(|e| WorkspaceError::unreachable(&e))?;
        Ok((bytes.to_vec(), name))
    }

    /// Reads a fillable PDF form's fields, with values proposed from case `case_id`:
    /// `{formId, fileName?, pages, fields}`. The file is read on this computer by the server.
    pub async fn form_fields(&self, pdf: Vec<u8>, file_name: &str, case_id: Option<i64>) -> Result<Value, WorkspaceError> {
        // The name goes in the query, which carries any script (a header carries ASCII only).
        let mut query: Vec<(&str, String)> = case_id.map(|id| ("caseId", id.to_string())).into_iter().collect();
        query.push(("fileName", file_name.to_string()));
        let request = self
            .request(Method::POST, "/api/forms/fields")
            .query(&query)
            .header(reqwest::header::CONTENT_TYPE, "application/pdf")
            .body(pdf);
        self.json(request).await
    }

    /// Saves a filled copy of form `form_id` with `values` (`{name: text | true | false | option}`)
    /// to the exports folder: `{path, fileName}`.
    pub async fn fill_form(&self, form_id: &str, values: &Value) -> Result<Value, WorkspaceError> {
        if !is_form_id(form_id) {
            return Err(WorkspaceError::invalid("formId", "is not a form id the server gave"));
        }
        if !values.is_object() {
            return Err(WorkspaceError::invalid("values", "send the values as an object of field names"));
        }
        self.json(self.request(Method::POST, &format!("/api/forms/{form_id}/fill")).json(&json!({ "values": values }))).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn form_ids_are_safe_in_a_url_path() {
        assert!(is_form_id("f3a9-01_b"));
        assert!(is_form_id("42"));
        for bad in ["", "..", "a/b", "a b", "é", &"a".repeat(101)] {
            assert!(!is_form_id(bad), "{bad:?}");
        }
    }
}
