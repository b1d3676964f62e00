//! The record kinds the workspace lists and edits.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Resource {
    Cases,
    Deadlines,
    Contacts,
    Finances,
    Timeline,
    Notes,
    Conversations,
    Documents,
}

impl Resource {
    pub const ALL: [Resource; 8] = [
        Resource::Cases,
        Resource::Deadlines,
        Resource::Contacts,
        Resource::Finances,
        Resource::Timeline,
        Resource::Notes,
        Resource::Conversations,
        Resource::Documents,
    ];

    /// As the page and the REST API name it: `cases`, `timeline`, ...
    pub fn name(self) -> &'static str {
        match self {
            Resource::Cases => "cases",
            Resource::Deadlines => "deadlines",
            Resource::Contacts => "contacts",
            Resource::Finances => "finances",
            Resource::Timeline => "timeline",
            Resource::Notes => "notes",
            Resource::Conversations => "conversations",
            Resource::Documents => "documents",
        }
    }

    pub fn parse(name: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.name() == name)
    }

    pub(crate) fn path(self) -> &'static str {
        match self {
            Resource::Cases => "/api/cases",
            Resource::Deadlines => "/api/deadlines",
            Resource::Contacts => "/api/contacts",
            Resource::Finances => "/api/finances",
            Resource::Timeline => "/api/timeline",
            Resource::Notes => "/api/notes",
            Resource::Conversations => "/api/conversations",
            Resource::Documents => "/api/documents",
        }
    }

    /// Documents are uploaded and conversations started by asking, not created from a form.
    pub fn creatable(self) -> bool {
        !matches!(self, Resource::Documents | Resource::Conversations)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_match_the_paths() {
        for r in Resource::ALL {
            assert_eq!(Resource::parse(r.name()), Some(r));
            assert_eq!(r.path(), format!("/api/{}", r.name()));
            assert_eq!(serde_json::to_value(r).unwrap(), r.name());
        }
        assert_eq!(Resource::parse("secrets"), None);
    }
}
