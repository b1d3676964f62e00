//! `sequenceDiagram`, minimally: `participant` / `actor` (with `as` labels), messages
//! (`A->>B: text` and the other arrows), `Note left of / right of / over`, `activate`,
//! `deactivate`, `autonumber`, `title`, and `loop` / `alt` / `else` / `opt` / `par` / `and` /
//! `critical` / `option` / `break` / `rect` / `box` blocks closed by `end`.

use super::source::{Line, check_text, excerpt, keyword};
use crate::error::DraftError;

/// Longest first, so `-->>` is not read as `-->` followed by `>`.
const ARROWS: &[&str] = &["<<-->>", "<<->>", "-->>", "->>", "-->", "->", "--x", "-x", "--)", "-)"];
const BLOCKS: &[&str] = &["loop", "alt", "opt", "par", "critical", "break", "rect", "box"];

pub(crate) fn check(lines: &[Line]) -> Result<(), DraftError> {
    let mut open_blocks: Vec<(usize, &str)> = Vec::new();
    let mut said_something = false;
    for line in lines {
        let (n, text) = (line.number, line.text.as_str());
        if text == "autonumber" {
            continue;
        }
        if let Some(title) = keyword(text, "title") {
            check_text(n, title, "the title")?;
            continue;
        }
        if let Some(rest) = keyword(text, "participant").or_else(|| keyword(text, "actor")) {
            participant(n, rest)?;
            said_something = true;
            continue;
        }
        if let Some(rest) = keyword(text, "activate").or_else(|| keyword(text, "deactivate")) {
            name(n, rest, "activate / deactivate")?;
            continue;
        }
        if let Some(rest) = keyword(text, "note") {
            note(n, rest)?;
            said_something = true;
            continue;
        }
        if let Some(block) = BLOCKS.iter().find(|b| keyword(text, b).is_some()) {
            check_text(n, keyword(text, block).unwrap_or(""), "a block's text")?;
            open_blocks.push((n, block));
            continue;
        }
        if let Some(word) = ["else", "and", "option"].iter().find(|w| keyword(text, w).is_some()) {
            let inside = open_blocks.last().map(|(_, b)| *b);
            let fits = matches!((*word, inside), ("else", Some("alt")) | ("and", Some("par")) | ("option", Some("critical")));
            if !fits {
                return Err(DraftError::at(
                    n,
                    format!("`{word}` belongs inside an `alt` (else), `par` (and) or `critical` (option) block"),
                ));
            }
            check_text(n, keyword(text, word).unwrap_or(""), "a block's text")?;
            continue;
        }
        if text == "end" {
            if open_blocks.pop().is_none() {
                return Err(DraftError::at(n, "`end` without a `loop`, `alt`, `opt`, `par` or other block to close"));
            }
            continue;
        }
        for word in ["link", "links", "create", "destroy", "properties", "details"] {
            if keyword(text, word).is_some() {
                return Err(DraftError::at(n, format!("`{word}` lines are not supported in drafts")));
            }
        }
        message(n, text)?;
        said_something = true;
    }
    if let Some((line, block)) = open_blocks.first() {
        return Err(DraftError::at(*line, format!("this `{block}` block is never closed: add a line `end` after it")));
    }
    if !said_something {
        return Err(DraftError::whole("the sequence diagram has no messages: add lines such as `Tenant->>Landlord: Repair request`"));
    }
    Ok(())
}

/// `Name` or `Name as Label`.
fn participant(n: usize, rest: &str) -> Result<(), DraftError> {
    let (id, label) = match rest.split_once(" as ") {
        Some((id, label)) => (id.trim(), Some(label.trim())),
        None => (rest.trim(), None),
    };
    name(n, id, "a participant")?;
    if let Some(label) = label {
        if label.is_empty() {
            return Err(DraftError::at(n, "a participant's `as` needs a label after it"));
        }
        check_text(n, label, "a participant's label")?;
    }
    Ok(())
}

/// A participant name: letters, digits, `_` or `.`, no spaces.
fn name(n: usize, name: &str, what: &str) -> Result<(), DraftError> {
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '.')) {
        return Err(DraftError::at(
            n,
            format!(
                "{what} needs a name of letters, digits or _ (use `participant Id as Any label` for spaces), found `{}`",
                excerpt(name)
            ),
        ));
    }
    Ok(())
}

/// `left of A: text`, `right of A: text`, `over A: text`, `over A,B: text`.
fn note(n: usize, rest: &str) -> Result<(), DraftError> {
    let Some((place, text)) = rest.split_once(':') else {
        return Err(DraftError::at(n, "a note needs `:` before its text: `Note over Tenant: Keeps receipts`"));
    };
    let who = keyword(place, "left of").or_else(|| keyword(place, "right of")).or_else(|| keyword(place, "over"));
    let Some(who) = who else {
        return Err(DraftError::at(n, "a note is placed `left of`, `right of` or `over` a participant"));
    };
    for participant in who.split(',') {
        name(n, participant.trim(), "a note's participant")?;
    }
    check_text(n, text, "a note")
}

/// `From->>To: text` (with any supported arrow, and `+`/`-` to activate or deactivate).
fn message(n: usize, text: &str) -> Result<(), DraftError> {
    let expected = || {
        DraftError::at(
            n,
            format!(
                "expected a message such as `Tenant->>Landlord: Repair request`, or participant, Note, loop, alt or end, found `{}`",
                excerpt(text)
            ),
        )
    };
    let from_end = text.find(['-', '<']).ok_or_else(expected)?;
    let from = text[..from_end].trim();
    let after_from = &text[from_end..];
    let arrow = ARROWS.iter().find(|a| after_from.starts_with(**a)).ok_or_else(expected)?;
    let rest = after_from[arrow.len()..].trim_start();
    let rest = rest.strip_prefix(['+', '-']).unwrap_or(rest);
    let (to, message) =
        rest.split_once(':').ok_or_else(|| DraftError::at(n, format!("a message needs `:` before its text: `{}`", excerpt(text))))?;
    name(n, from, "a message's sender")?;
    name(n, to.trim(), "a message's receiver")?;
    check_text(n, message, "a message")
}

#[cfg(test)]
mod tests {
    use crate::mermaid::check;

    #[test]
    fn a_sequence_of_letters_parses() {
        let diagram = "sequenceDiagram\n  autonumber\n  participant T as Tenant\n  actor L as Landlord\n  T->>L: Repair request (10:30)\n  alt no answer in 14 days\n    T-->>L: Second letter\n  else repaired\n    Note over T,L: Keep receipts\n  end\n  L-)T: Done";
        assert_eq!(check(diagram), Ok(vec![]));
    }

    #[test]
    fn broken_sequences_name_the_line() {
        let cases = [
            ("sequenceDiagram\n  A->>B hello", "line 2: a message needs `:`"),
            ("sequenceDiagram\n  A=>B: x", "line 2: expected a message"),
            ("sequenceDiagram\n  loop every day\n  A->>B: x", "line 2: this `loop` block is never closed"),
            ("sequenceDiagram\n  A->>B: x\n  else", "line 3: `else` belongs inside"),
            ("sequenceDiagram\n  A->>B: <script>", "line 2: a message cannot contain `<` or `>`"),
            ("sequenceDiagram\n  link A: Site @ https://x", "line 2: `link` lines are not supported"),
        ];
        for (diagram, expected) in cases {
            let message = check(diagram).unwrap_err().to_string();
            assert!(message.starts_with(expected), "{diagram:?}: {message}");
        }
    }
}
