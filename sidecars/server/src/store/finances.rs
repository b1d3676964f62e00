//! `finances`: what the case costs (and brings in) — fees, service, copies, support paid.
//!
//! Amounts are whole cents in the table and dollars in JSON, so totals add up exactly.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;
use serde_json::Value;

use super::{ListFilter, Page, Table, check_case, now, page};
use crate::ApiError;
use crate::fields::Fields;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FinanceEntry {
    pub id: i64,
    pub case_id: Option<i64>,
    pub date: String,
    /// Dollars; positive for money spent, negative for money received.
    pub amount: f64,
    pub category: String,
    pub description: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Clone)]
pub struct FinanceInput {
    pub case_id: Option<i64>,
    pub date: String,
    pub amount_cents: i64,
    pub category: String,
    pub description: Option<String>,
}

/// One category's sum.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryTotal {
    pub category: String,
    pub total: f64,
    pub count: i64,
}

pub struct Finances;

const COLUMNS: &str = "id, case_id, date, amount_cents, category, description, created_at, updated_at";

pub fn dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}

fn from_row(r: &Row<'_>) -> rusqlite::Result<FinanceEntry> {
    Ok(FinanceEntry {
        id: r.get(0)?,
        case_id: r.get(1)?,
        date: r.get(2)?,
        amount: dollars(r.get(3)?),
        category: r.get(4)?,
        description: r.get(5)?,
        created_at: r.get(6)?,
        updated_at: r.get(7)?,
    })
}

/// Totals by category (largest first) and the grand total, in dollars.
pub fn totals(c: &Connection, case_id: Option<i64>) -> Result<(Vec<CategoryTotal>, f64), ApiError> {
    let mut stmt = c.prepare_cached(
        "SELECT category, sum(amount_cents), count(*) FROM finances WHERE ?1 IS NULL OR case_id = ?1
         GROUP BY category ORDER BY sum(amount_cents) DESC, category",
    )?;
    let rows: Vec<(String, i64, i64)> = stmt.query_map([case_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?.collect::<Result<_, _>>()?;
    let grand: i64 = rows.iter().map(|(_, cents, _)| cents).sum();
    Ok((
        rows.into_iter().map(|(category, cents, count)| CategoryTotal { category, total: dollars(cents), count }).collect(),
        dollars(grand),
    ))
}

impl Table for Finances {
    const NOUN: &'static str = "finance entry";
    const FIELDS: &'static [&'static str] = &["caseId", "date", "amount", "category", "description"];
    type Record = FinanceEntry;
    type Input = FinanceInput;

    fn parse(body: &Value) -> Result<FinanceInput, ApiError> {
        let mut f = Fields::record(body, Self::FIELDS, Self::COMPUTED)?;
        let input = FinanceInput {
            case_id: f.id("caseId"),
            date: f.required_date("date").map(|d| d.to_string()).unwrap_or_default(),
            amount_cents: f.required_cents("amount"),
            category: f.text("category", 100).map(|c| c.to_lowercase()).unwrap_or_else(|| "other".into()),
            description: f.text("description", 10_000),
        };
        f.finish()?;
        Ok(input)
    }

    fn list(c: &Connection, filter: &ListFilter) -> Result<Page<FinanceEntry>, ApiError> {
        let select = format!("SELECT {COLUMNS} FROM finances WHERE :case IS NULL OR case_id = :case");
        page(c, &select, "date, id", &[(":case", &filter.case_id)], filter, from_row)
    }

    fn get(c: &Connection, id: i64) -> Result<Option<FinanceEntry>, ApiError> {
        Ok(c.prepare_cached(&format!("SELECT {COLUMNS} FROM finances WHERE id = ?1"))?.query_row([id], from_row).optional()?)
    }

    fn insert(c: &Connection, i: &FinanceInput) -> Result<i64, ApiError> {
        check_case(c, i.case_id)?;
        c.prepare_cached(
            "INSERT INTO finances (case_id, date, amount_cents, category, description, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
        )?
        .execute(params![i.case_id, i.date, i.amount_cents, i.category, i.description, now()])?;
        Ok(c.last_insert_rowid())
    }

    fn update(c: &Connection, id: i64, i: &FinanceInput) -> Result<(), ApiError> {
        check_case(c, i.case_id)?;
        c.prepare_cached(
            "UPDATE finances SET case_id = ?2, date = ?3, amount_cents = ?4, category = ?5, description = ?6, updated_at = ?7 WHERE id = ?1",
        )?
        .execute(params![id, i.case_id, i.date, i.amount_cents, i.category, i.description, now()])?;
        Ok(())
    }

    fn delete(c: &Connection, id: i64) -> Result<bool, ApiError> {
        Ok(c.prepare_cached("DELETE FROM finances WHERE id = ?1")?.execute([id])? > 0)
    }
}
