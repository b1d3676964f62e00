//! Proof for the hearing (issue 43): for the case's kind, what the court must find and the answers
//! the person may raise; which of the person's records shows each, linked by the person; and the
//! hearing packet (the linked documents as numbered exhibits, PDF and Word). The server holds the
//! elements and their sources, counts what each link covers and writes the packet; this is only
//! the way to it.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{Workspace, WorkspaceError};

/// A kind of case as it travels in the URL's path (`eviction-tenant`): 1 to 100 lowercase letters,
/// digits or `-`.
fn is_kind_id(kind: &str) -> bool {
    (1..=100).contains(&kind.len()) && kind.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

impl Workspace {
    /// `{kind, title, person, otherSide, checkedOn, elements: [{id, side, title, plain, sections,
    /// evidenceKinds, source, sources, check?}], gaps}`: what the court must find in a kind of
    /// case, with where each element was read.
    pub async fn proof_kind(&self, kind: &str) -> Result<Value, WorkspaceError> {
        if !is_kind_id(kind) {
            return Err(WorkspaceError::invalid(
                "kind",
                "must be a kind of case such as eviction-tenant (lowercase letters, digits and '-')",
            ));
        }
        self.json(self.request(Method::GET, &format!("/api/proof/kinds/{kind}"))).await
    }

    /// Case `case_id`'s Proof view: `{caseId, kind, title, person, otherSide, elements: [{…, status,
    /// missing, links, dates?, period?}], counts: {shown, partly, nothing}, caveat, message?}`.
    pub async fn case_proof(&self, case_id: i64) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::GET, &format!("/api/cases/{case_id}/proof"))).await
    }

    /// Links a record (`record_kind`: document, timeline, note, finance or contact) to element
    /// `element_id` of case `case_id` (`linked`), with what it shows (`note`), or takes the link
    /// away: → the Proof view after the change. The server names the field it refuses.
    pub async fn link_proof(
        &self,
        case_id: i64,
        element_id: &str,
        record_kind: &str,
        record_id: i64,
        linked: bool,
        note: Option<&str>,
    ) -> Result<Value, WorkspaceError> {
        let mut body = json!({ "elementId": element_id, "recordKind": record_kind, "recordId": record_id, "linked": linked });
        if let Some(note) = note {
            body["note"] = json!(note);
        }
        self.json(self.request(Method::PUT, &format!("/api/cases/{case_id}/proof/links")).json(&body)).await
    }

    /// Writes the hearing packet to the exports folder, the linked documents numbered as exhibits
    /// in `exhibits`' order (the others after): `{files: [{path, fileName}], warnings}`.
    pub async fn hearing_packet(&self, case_id: i64, exhibits: &[i64]) -> Result<Value, WorkspaceError> {
        let body = json!({ "exhibits": exhibits });
        self.json(self.request(Method::POST, &format!("/api/cases/{case_id}/hearing-packet")).json(&body)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_ids_are_safe_in_a_url_path() {
        assert!(is_kind_id("eviction-tenant"));
        assert!(is_kind_id("appeal-district"));
        for bad in ["", "..", "a/b", "Eviction", "a b", "é", &"a".repeat(101)] {
            assert!(!is_kind_id(bad), "{bad:?}");
        }
    }
}
