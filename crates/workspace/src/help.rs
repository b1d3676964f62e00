//! Help from people (issue 41): the localities, the legal aid programs and help lines for one, and
//! what an income means against the programs' limits. The server holds the data and its sources;
//! this is only the way to it.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{Workspace, WorkspaceError};

impl Workspace {
    /// `[{id, name, kind: county|city}]`: Virginia's 133 localities.
    pub async fn help_localities(&self) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::GET, "/api/help/localities")).await
    }

    /// `{locality, programs, statewide, listDate}` for a locality id, the programs that take
    /// `case_kind` first.
    pub async fn help_for(&self, locality: &str, case_kind: Option<&str>) -> Result<Value, WorkspaceError> {
        let mut query = vec![("locality", locality.to_string())];
        if let Some(kind) = case_kind {
            query.push(("caseKind", kind.to_string()));
        }
        self.json(self.request(Method::GET, "/api/help").query(&query)).await
    }

    /// `{guidelineYear, povertyLine, percentOfPoverty, programs: [{name, mayQualify, …}], …}`.
    pub async fn help_eligibility(&self, household_size: i64, yearly_income: f64) -> Result<Value, WorkspaceError> {
        if !yearly_income.is_finite() {
            return Err(WorkspaceError::invalid("yearlyIncome", "must be a number of dollars"));
        }
        let body = json!({ "householdSize": household_size, "yearlyIncome": yearly_income });
        self.json(self.request(Method::POST, "/api/help/eligibility").json(&body)).await
    }

    /// `{caseKind, questions: [{id, text, why, sections, law, handOff}], checkedOn, gaps}`: when
    /// to get a lawyer now, for a kind of case (with a locality, its legal aid program is named).
    pub async fn help_screen(&self, case_kind: &str, locality: Option<&str>) -> Result<Value, WorkspaceError> {
        let mut query = vec![("caseKind", case_kind.to_string())];
        if let Some(l) = locality {
            query.push(("locality", l.to_string()));
        }
        self.json(self.request(Method::GET, "/api/help/screen").query(&query)).await
    }

    /// Writes the packet for a lawyer (PDF, Word, and a zip of the chosen documents) to the
    /// exports folder: `{files: [{path, fileName}], warnings}`.
    pub async fn help_packet(&self, case_id: i64, notes: &[i64], documents: &[i64], questions: &[String]) -> Result<Value, WorkspaceError> {
        let body = json!({ "notes": notes, "documents": documents, "questions": questions });
        self.json(self.request(Method::POST, &format!("/api/cases/{case_id}/packet")).json(&body)).await
    }

    /// `{locality: {id, name, kind} | null, could: [...]}`: the place a court's name names.
    pub async fn help_locality_of_court(&self, court: &str) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::GET, "/api/help/locality").query(&[("court", court)])).await
    }
}
