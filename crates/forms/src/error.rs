//! The crate's one error type: why a file cannot be read as a fillable form, or why a value cannot
//! go in a field. Each message is written for the person who picked the file.

/// Why a form was refused or a value was not written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormError {
    /// The file is not a PDF; the text says what it is ("a PNG image", "a Word document (.docx)").
    #[error("This file is {0}, not a PDF. Download the form's PDF from the court's site and pick that file.")]
    NotPdf(String),
    #[error(
        "This PDF is encrypted (it is locked with a password or with restrictions, even if it opens without \
         asking for one), so this app cannot fill it. Ask the clerk for an unlocked copy, or fill it in Adobe Reader."
    )]
    Encrypted,
    #[error(
        "This PDF is an XFA form (a kind only Adobe Reader fills); it has no fields this app can fill. Fill it in \
         Adobe Reader, or ask the clerk for a regular PDF version."
    )]
    XfaOnly,
    #[error(
        "This PDF is signed or locked against changes; filling it would break the signature. Ask the clerk for a \
         blank copy of the form."
    )]
    Signed,
    #[error("This PDF has no fields to fill — it is meant to be printed and filled by hand.")]
    NoFields,
    /// The file starts like a PDF but cannot be read; the text says what went wrong.
    #[error("This PDF is damaged or cannot be read: {0}. Download the form again from the court's site and pick the new copy.")]
    Damaged(String),
    /// A value was given for a name the form does not have.
    #[error("The form has no field named \"{0}\".")]
    UnknownField(String),
    /// A value that cannot go in its field; `why` says what the field takes.
    #[error("The field \"{field}\" cannot take that value: {why}.")]
    Value { field: String, why: String },
}

impl FormError {
    /// A stable code for the API: `not_pdf`, `encrypted`, `xfa_only`, `signed`, `no_fields`,
    /// `damaged`, `unknown_field` or `invalid_value`.
    pub fn code(&self) -> &'static str {
        match self {
            FormError::NotPdf(_) => "not_pdf",
            FormError::Encrypted => "encrypted",
            FormError::XfaOnly => "xfa_only",
            FormError::Signed => "signed",
            FormError::NoFields => "no_fields",
            FormError::Damaged(_) => "damaged",
            FormError::UnknownField(_) => "unknown_field",
            FormError::Value { .. } => "invalid_value",
        }
    }

    pub(crate) fn value(field: &str, why: impl Into<String>) -> FormError {
        FormError::Value { field: field.to_string(), why: why.into() }
    }
}
