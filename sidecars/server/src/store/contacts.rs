//! `contacts`: the people around a case — the other side, lawyers, the clerk, the judge, witnesses.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;
use serde_json::Value;

use super::{ListFilter, Page, Table, check_case, now, page};
use crate::ApiError;
use crate::fields::Fields;

pub const ROLES: &[&str] = &["opposing_party", "attorney", "clerk", "judge", "witness", "other"];

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Contact {
    pub id: i64,
    pub case_id: Option<i64>,
    pub name: String,
    pub role: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub address: Option<String>,
    pub notes: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Clone)]
pub struct ContactInput {
    pub case_id: Option<i64>,
    pub name: String,
    pub role: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub address: Option<String>,
    pub notes: Option<String>,
}

pub struct Contacts;

const COLUMNS: &str = "id, case_id, name, role, phone, email, address, notes, created_at, updated_at";

fn from_row(r: &Row<'_>) -> rusqlite::Result<Contact> {
    Ok(Contact {
        id: r.get(0)?,
        case_id: r.get(1)?,
        name: r.get(2)?,
        role: r.get(3)?,
        phone: r.get(4)?,
        email: r.get(5)?,
        address: r.get(6)?,
        notes: r.get(7)?,
        created_at: r.get(8)?,
        updated_at: r.get(9)?,
    })
}

impl Table for Contacts {
    const NOUN: &'static str = "contact";
    const FIELDS: &'static [&'static str] = &["caseId", "name", "role", "phone", "email", "address", "notes"];
    type Record = Contact;
    type Input = ContactInput;

    fn parse(body: &Value) -> Result<ContactInput, ApiError> {
        let mut f = Fields::record(body, Self::FIELDS, Self::COMPUTED)?;
        let input = ContactInput {
            case_id: f.id("caseId"),
            name: f.required_text("name", 300),
            role: f.one_of("role", ROLES).unwrap_or_else(|| "other".into()),
            phone: f.text("phone", 50),
            email: f.text("email", 320),
            address: f.text("address", 1000),
            notes: f.text("notes", 100_000),
        };
        if let Some(email) = &input.email
            && !email.split_once('@').is_some_and(|(user, domain)| !user.is_empty() && domain.contains('.') && !email.contains(' '))
        {
            f.error("email", "must look like name@example.com");
        }
        if let Some(phone) = &input.phone
            && phone.chars().filter(char::is_ascii_digit).count() < 7
        {
            f.error("phone", "must have at least 7 digits");
        }
        f.finish()?;
        Ok(input)
    }

    fn list(c: &Connection, filter: &ListFilter) -> Result<Page<Contact>, ApiError> {
        let select = format!("SELECT {COLUMNS} FROM contacts WHERE :case IS NULL OR case_id = :case");
        page(c, &select, "name COLLATE NOCASE, id", &[(":case", &filter.case_id)], filter, from_row)
    }

    fn get(c: &Connection, id: i64) -> Result<Option<Contact>, ApiError> {
        Ok(c.prepare_cached(&format!("SELECT {COLUMNS} FROM contacts WHERE id = ?1"))?.query_row([id], from_row).optional()?)
    }

    fn insert(c: &Connection, i: &ContactInput) -> Result<i64, ApiError> {
        check_case(c, i.case_id)?;
        c.prepare_cached(
            "INSERT INTO contacts (case_id, name, role, phone, email, address, notes, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
        )?
        .execute(params![i.case_id, i.name, i.role, i.phone, i.email, i.address, i.notes, now()])?;
        Ok(c.last_insert_rowid())
    }

    fn update(c: &Connection, id: i64, i: &ContactInput) -> Result<(), ApiError> {
        check_case(c, i.case_id)?;
        c.prepare_cached(
            "UPDATE contacts SET case_id = ?2, name = ?3, role = ?4, phone = ?5, email = ?6, address = ?7, notes = ?8, updated_at = ?9
             WHERE id = ?1",
        )?
        .execute(params![id, i.case_id, i.name, i.role, i.phone, i.email, i.address, i.notes, now()])?;
        Ok(())
    }

    fn delete(c: &Connection, id: i64) -> Result<bool, ApiError> {
        Ok(c.prepare_cached("DELETE FROM contacts WHERE id = ?1")?.execute([id])? > 0)
    }
}
