//! Mermaid drafts: a small hand-written parser for the subset the app draws and the model is told
//! to use, so a broken or unsafe diagram is refused with the line and what was expected instead of
//! failing to draw later.
//!
//! Supported: `timeline` (title, sections, `period : event : event` and `: event` lines),
//! `flowchart` / `graph` (a direction TD, TB, LR, RL or BT; node ids; labels in `[ ]`, `( )`,
//! `(( ))`, `{ }`, plain or in double quotes; edges `-->`, `---`, `-.->`, `==>` with `|label|`
//! or `-- label -->`; `A & B` groups; `subgraph … end`; `direction`) and `sequenceDiagram`
//! (participants, actors, messages, notes, `loop`/`alt`/`opt`/`par`/`critical`/`break`/`rect`
//! blocks). `%%` comments on their own line are allowed.
//!
//! Refused everywhere: `%%{init…}%%` directives and front matter (they change how Mermaid runs),
//! `click` and `link` lines (they attach links or scripts), `style`/`classDef`/`class`/`linkStyle`
//! lines, `javascript:`, and `<` or `>` in any text (HTML in labels).

mod flowchart;
mod sequence;
mod source;
mod timeline;

use crate::error::DraftError;

/// The diagram types other than the supported ones, named so the refusal can say what was found.
const OTHER_TYPES: &[&str] = &[
    "gantt",
    "pie",
    "classDiagram",
    "stateDiagram",
    "stateDiagram-v2",
    "erDiagram",
    "journey",
    "mindmap",
    "gitGraph",
    "quadrantChart",
    "requirementDiagram",
    "sankey-beta",
    "xychart-beta",
    "block-beta",
    "C4Context",
    "packet-beta",
    "kanban",
    "architecture-beta",
    "radar-beta",
];

/// Checks a Mermaid diagram. Returns warnings (none today: everything wrong is refused).
pub(crate) fn check(text: &str) -> Result<Vec<String>, DraftError> {
    let statements = source::statements(text)?;
    let Some(header) = statements.first() else {
        return Err(DraftError::whole("the diagram is empty: start with `timeline`, `flowchart TD` or `sequenceDiagram`"));
    };
    let mut words = header.text.split_whitespace();
    let kind = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    let body = &statements[1..];
    match kind {
        k if k.eq_ignore_ascii_case("timeline") => {
            if rest.iter().any(|w| !matches!(*w, "LR" | "TD")) {
                return Err(DraftError::at(
                    header.number,
                    format!("`timeline` takes nothing after it (or LR / TD), found `{}`", rest.join(" ")),
                ));
            }
            timeline::check(body)
        }
        "flowchart" | "graph" => {
            let direction = rest.first().map(|d| d.trim_end_matches(';'));
            if let Some(direction) = direction.filter(|d| !d.is_empty())
                && !matches!(direction, "TD" | "TB" | "LR" | "RL" | "BT")
            {
                return Err(DraftError::at(header.number, format!("unknown direction `{direction}`: use TD, TB, LR, RL or BT")));
            }
            if rest.len() > 1 {
                return Err(DraftError::at(
                    header.number,
                    format!("put the diagram's nodes and edges on the lines after `{kind} {}`", rest[0]),
                ));
            }
            flowchart::check(body)
        }
        "sequenceDiagram" if rest.is_empty() => sequence::check(body),
        k if OTHER_TYPES.iter().any(|t| t.eq_ignore_ascii_case(k)) => Err(DraftError::at(
            header.number,
            format!("`{k}` diagrams are not supported in drafts; use timeline, flowchart (or graph) or sequenceDiagram"),
        )),
        _ => Err(DraftError::at(
            header.number,
            format!(
                "a diagram starts with its type (timeline, flowchart, graph or sequenceDiagram), not `{}`",
                source::excerpt(&header.text)
            ),
        )),
    }
    .map(|()| Vec::new())
}
