//! `flowchart` / `graph`: statements of nodes joined by edges, `subgraph … end` and `direction`.
//! Statements may be separated by `;`.

use super::source::{Line, check_text, excerpt, keyword};
use crate::error::DraftError;

pub(crate) fn check(lines: &[Line]) -> Result<(), DraftError> {
    let mut open_subgraphs: Vec<usize> = Vec::new();
    let mut nodes = 0usize;
    for line in lines {
        let mut reader = Reader { chars: line.text.chars().collect(), at: 0, line: line.number, text: &line.text };
        loop {
            reader.skip_spaces();
            if reader.done() {
                break;
            }
            nodes += reader.statement(&mut open_subgraphs)?;
            reader.skip_spaces();
            if reader.peek() == Some(';') {
                reader.at += 1;
            } else if !reader.done() {
                return Err(reader.error(format!("unexpected `{}`", reader.rest_excerpt())));
            }
        }
    }
    if let Some(line) = open_subgraphs.first() {
        return Err(DraftError::at(*line, "this `subgraph` is never closed: add a line `end` after its nodes"));
    }
    if nodes == 0 {
        return Err(DraftError::whole("the flowchart has no nodes: add lines such as `A[Filed complaint] --> B[Hearing]`"));
    }
    Ok(())
}

struct Reader<'a> {
    chars: Vec<char>,
    at: usize,
    line: usize,
    text: &'a str,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.at + offset).copied()
    }

    fn done(&self) -> bool {
        self.at >= self.chars.len()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn rest(&self) -> String {
        self.chars[self.at.min(self.chars.len())..].iter().collect()
    }

    fn rest_excerpt(&self) -> String {
        excerpt(&self.rest())
    }

    fn error(&self, message: String) -> DraftError {
        DraftError::at(self.line, message)
    }

    fn run_of(&self, c: char) -> usize {
        self.chars[self.at..].iter().take_while(|&&x| x == c).count()
    }

    /// One statement up to `;` or the end of the line; returns how many nodes it names.
    fn statement(&mut self, open_subgraphs: &mut Vec<usize>) -> Result<usize, DraftError> {
        let rest = self.rest();
        let statement = rest.split(';').next().unwrap_or("").trim().to_string();
        if let Some(title) = keyword(&statement, "subgraph") {
            if title.is_empty() {
                return Err(self.error("a subgraph needs a name: `subgraph Evidence`".into()));
            }
            check_text(self.line, title, "a subgraph name")?;
            open_subgraphs.push(self.line);
            self.at = self.chars.len();
            return Ok(0);
        }
        if statement == "end" {
            if open_subgraphs.pop().is_none() {
                return Err(self.error("`end` without a `subgraph` to close".into()));
            }
            self.at += 3;
            return Ok(0);
        }
        if let Some(direction) = keyword(&statement, "direction") {
            if !matches!(direction, "TD" | "TB" | "LR" | "RL" | "BT") {
                return Err(self.error(format!("unknown direction `{direction}`: use TD, TB, LR, RL or BT")));
            }
            self.at += statement.chars().count();
            return Ok(0);
        }
        for word in ["style", "classDef", "class", "linkStyle"] {
            if keyword(&statement, word).is_some() {
                return Err(self.error(format!("`{word}` lines are not supported in drafts (the app sets the colours); remove the line")));
            }
        }
        if keyword(&statement, "link").is_some() {
            return Err(self.error("`link` lines are not allowed in drafts".into()));
        }
        if self.edge_ahead() {
            return Err(self.error(format!("an edge needs a node on both sides: `{}`", excerpt(self.text))));
        }
        let mut nodes = self.node_group()?;
        loop {
            self.skip_spaces();
            if self.done() || self.peek() == Some(';') {
                return Ok(nodes);
            }
            let before = self.at;
            if !self.edge()? {
                let node: String = self.chars[..before].iter().collect();
                let node = node.split_whitespace().last().unwrap_or("").to_string();
                self.at = before;
                return Err(self.error(format!(
                    "expected an edge (-->, ---, -.->, ==>) after `{}`, found `{}`",
                    excerpt(&node),
                    self.rest_excerpt()
                )));
            }
            self.skip_spaces();
            if self.done() || self.peek() == Some(';') {
                return Err(self.error(format!("an edge needs a node on both sides: `{}`", excerpt(self.text))));
            }
            nodes += self.node_group()?;
        }
    }

    fn edge_ahead(&self) -> bool {
        matches!((self.peek(), self.peek_at(1)), (Some('-'), Some('-' | '.' | '>')) | (Some('='), Some('=')) | (Some('<'), Some('-' | '=')))
    }

    /// `A & B & C`: returns the number of nodes.
    fn node_group(&mut self) -> Result<usize, DraftError> {
        let mut count = 0;
        loop {
            self.node()?;
            count += 1;
            self.skip_spaces();
            if self.peek() != Some('&') {
                return Ok(count);
            }
            self.at += 1;
            self.skip_spaces();
        }
    }

    /// A node id, with an optional label in `[ ]`, `( )`, `(( ))` or `{ }`.
    fn node(&mut self) -> Result<(), DraftError> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.at += 1;
        }
        let id: String = self.chars[start..self.at].iter().collect();
        if id.is_empty() {
            return Err(self.error(format!("expected a node id (letters, digits or _) but found `{}`", self.rest_excerpt())));
        }
        if id == "end" {
            return Err(
                self.error("`end` cannot be a node id (Mermaid reads it as the end of a subgraph); write `End` or another word".into())
            );
        }
        let (close, width) = match (self.peek(), self.peek_at(1)) {
            (Some('('), Some('(')) => ("))", 2),
            (Some('('), _) => (")", 1),
            (Some('['), _) => ("]", 1),
            (Some('{'), _) => ("}", 1),
            _ => return Ok(()),
        };
        self.at += width;
        let label = self.label(&id, close)?;
        check_text(self.line, &label, &format!("the label of node `{id}`"))
    }

    /// The label of node `id` up to `close`, plain or in double quotes.
    fn label(&mut self, id: &str, close: &str) -> Result<String, DraftError> {
        let closer: Vec<char> = close.chars().collect();
        let rest = self.rest();
        let trimmed = rest.trim_start();
        let label = if let Some(quoted) = trimmed.strip_prefix('"') {
            let end = quoted.find('"').ok_or_else(|| self.error(format!("the label of node `{id}` opens a `\"` that is never closed")))?;
            let label = quoted[..end].to_string();
            self.at += rest.chars().count() - trimmed.chars().count() + 1 + label.chars().count() + 1;
            self.skip_spaces();
            label
        } else {
            let end = rest.find(close).ok_or_else(|| self.error(format!("the label of node `{id}` is not closed: expected `{close}`")))?;
            let label = rest[..end].to_string();
            if label.contains(['[', ']', '(', ')', '{', '}', '"', '|']) {
                return Err(self.error(format!(
                    "a label with brackets, quotes or `|` must be in double quotes, as in {id}[\"{}\"]",
                    excerpt(label.trim()).replace('"', "'")
                )));
            }
            self.at += label.chars().count();
            label
        };
        if !self.chars[self.at..].starts_with(&closer) {
            return Err(self.error(format!("the label of node `{id}` is not closed: expected `{close}`")));
        }
        self.at += closer.len();
        if label.trim().is_empty() {
            return Err(self.error(format!("node `{id}` has an empty label")));
        }
        Ok(label)
    }

    /// An edge: `-->`, `---`, `-.->`, `==>` (longer forms too), `-- text -->`, `== text ==>`,
    /// `-. text .->`, then an optional `|label|`. `Ok(false)` when there is no edge here.
    fn edge(&mut self) -> Result<bool, DraftError> {
        if self.peek() == Some('<') && matches!(self.peek_at(1), Some('-' | '=')) {
            self.at += 1;
        }
        let found = match self.peek() {
            Some('-') => self.dashed(),
            Some('=') => self.thick(),
            _ => None,
        };
        if found.is_none() {
            return Ok(false);
        }
        self.skip_spaces();
        if self.peek() == Some('|') {
            let rest: String = self.chars[self.at + 1..].iter().collect();
            let end = rest.find('|').ok_or_else(|| self.error("an edge label is not closed: expected `|`".into()))?;
            let label = &rest[..end];
            if label.trim().is_empty() {
                return Err(self.error("an edge label between `|` and `|` is empty".into()));
            }
            check_text(self.line, label, "an edge label")?;
            self.at += 1 + label.chars().count() + 1;
        }
        Ok(true)
    }

    fn dashed(&mut self) -> Option<()> {
        let dashes = self.run_of('-');
        self.at += dashes;
        if dashes == 1 && self.peek() == Some('.') {
            self.at += self.run_of('.');
            if self.peek().is_some_and(char::is_whitespace) {
                return self.inline_label(&[".->", ".-"]);
            }
            (self.peek() == Some('-')).then(|| self.at += 1)?;
            if self.peek() == Some('>') {
                self.at += 1;
            }
            return Some(());
        }
        if dashes >= 2 && self.peek() == Some('>') {
            self.at += 1;
            return Some(());
        }
        if dashes >= 3 {
            return Some(());
        }
        (dashes == 2 && self.peek().is_some_and(char::is_whitespace)).then_some(())?;
        self.inline_label(&["-->", "---"])
    }

    fn thick(&mut self) -> Option<()> {
        let bars = self.run_of('=');
        self.at += bars;
        if bars >= 2 && self.peek() == Some('>') {
            self.at += 1;
            return Some(());
        }
        if bars >= 3 {
            return Some(());
        }
        (bars == 2 && self.peek().is_some_and(char::is_whitespace)).then_some(())?;
        self.inline_label(&["==>", "==="])
    }

    /// The text of `-- text -->` up to the first of `ends`, and the end arrow.
    fn inline_label(&mut self, ends: &[&str]) -> Option<()> {
        let rest = self.rest();
        // The nearest end; of two at the same place, the longer (`.->` over `.-`).
        let (end, arrow) =
            ends.iter().filter_map(|e| rest.find(e).map(|at| (at, *e))).min_by_key(|(at, e)| (*at, std::cmp::Reverse(e.len())))?;
        let label = &rest[..end];
        if label.trim().is_empty() || check_text(self.line, label, "an edge label").is_err() {
            return None;
        }
        self.at += label.chars().count() + arrow.len();
        // Longer arrows (`---->`) end with more of the same.
        let last = arrow.chars().last().unwrap_or('-');
        let fill = arrow.chars().nth(1).unwrap_or('-');
        while self.peek() == Some(fill) || (last == '>' && self.peek() == Some('>')) {
            self.at += 1;
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use crate::mermaid::check;

    #[test]
    fn flowcharts_in_the_supported_subset_parse() {
        let diagrams = [
            "flowchart TD\n  A[Complaint filed] --> B(Served)\n  B -->|21 days| C{Answer?}\n  C -- yes --> D((Hearing))\n  C -.-> E[\"Default (§ 8.01-428)\"]\n  D ==> F",
            "graph LR\n  subgraph Evidence\n    direction TB\n    P1[Photos] --- P2[Texts]\n  end\n  P1 & P2 --> J[Judge]",
            "graph TD;\n  A-->B; B-->C;\n  %% comment\n  C -. maybe .-> D\n  D == surely ==> E",
            "flowchart\n  Tenant --> Landlord",
        ];
        for diagram in diagrams {
            assert_eq!(check(diagram), Ok(vec![]), "{diagram}");
        }
    }

    #[test]
    fn broken_flowcharts_name_the_line_and_what_was_expected() {
        let cases = [
            ("flowchart TD\n  A --> B\n  A --> ", "line 3: an edge needs a node on both sides: `A -->`"),
            ("flowchart TD\n  --> B", "line 2: an edge needs a node on both sides"),
            ("flowchart XY\n  A --> B", "line 1: unknown direction `XY`"),
            ("flowchart TD\n  A[Open --> B", "line 2: the label of node `A` is not closed: expected `]`"),
            ("flowchart TD\n  A[<img src=x>] --> B", "line 2: the label of node `A` cannot contain `<` or `>`"),
            ("flowchart TD\n  A -> B", "line 2: expected an edge (-->, ---, -.->, ==>) after `A`, found `-> B`"),
            ("flowchart TD\n  A --> B\n  click A call alert()", "line 3: `click` lines are not allowed"),
            ("%%{init: {'theme':'dark'}}%%\nflowchart TD\n  A --> B", "line 1: `%%{init…}%%` directives are not allowed"),
            ("flowchart TD\n  subgraph One\n  A --> B", "line 2: this `subgraph` is never closed"),
            ("flowchart TD\n  A --> B\n  end", "line 3: `end` without a `subgraph`"),
            ("flowchart TD\n  A[a (b) c] --> B", "line 2: a label with brackets, quotes or `|` must be in double quotes"),
            ("flowchart TD\n  A --> end", "line 2: `end` cannot be a node id"),
            ("flowchart TD\n  A -->|x| B\n  B -->|| C", "line 3: an edge label between `|` and `|` is empty"),
            ("flowchart TD\n  A --> B\n  style A fill:#f00", "line 3: `style` lines are not supported"),
            ("flowchart TD\n  A[\"x\"] --> B[javascript:alert(1)]", "line 2: `javascript:` is not allowed"),
            ("flowchart TD", "the flowchart has no nodes"),
            (
                "pie\n  \"a\" : 1",
                "line 1: `pie` diagrams are not supported in drafts; use timeline, flowchart (or graph) or sequenceDiagram",
            ),
            ("hello world", "line 1: a diagram starts with its type"),
        ];
        for (diagram, expected) in cases {
            let message = check(diagram).unwrap_err().to_string();
            assert!(message.starts_with(expected), "{diagram:?}\n  got: {message}\n  want: {expected}");
        }
    }
}
