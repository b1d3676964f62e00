//! Text made from workspace records: a saved conversation as Markdown, a case in a few lines for
//! the agent's system prompt, a conversation's title from its first question.

use serde_json::Value;

/// A conversation's title from its first question: its first line, at most 80 characters.
pub fn title_from(question: &str) -> String {
    let line = question.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("Conversation");
    if line.chars().count() <= 80 {
        return line.to_string();
    }
    let cut: String = line.chars().take(79).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head).trim_end();
    format!("{cut}…")
}

fn text<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    value[key].as_str().map(str::trim).filter(|s| !s.is_empty())
}

/// The sources an answer's events name: each tool result's cards (title and link), once each.
fn sources(events: &Value) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for event in events.as_array().into_iter().flatten().filter(|e| e["type"] == "tool_result" && e["ok"] == true) {
        for card in event["cards"].as_array().into_iter().flatten() {
            let title = match (text(card, "citation"), text(card, "title")) {
                (Some(citation), Some(title)) if !title.contains(citation) => format!("{citation} {title}"),
                (_, Some(title)) => title.to_string(),
                (Some(citation), None) => citation.to_string(),
                (None, None) => continue,
            };
            let line = match text(card, "url") {
                Some(url) => format!("- [{title}]({url})"),
                None => format!("- {title}"),
            };
            if !lines.contains(&line) {
                lines.push(line);
            }
        }
    }
    lines
}

/// A saved conversation (as `GET /api/conversations/{id}` returns it) as a Markdown file: its
/// title and date, each question and answer, and the sources of each answer.
pub fn conversation_markdown(conversation: &Value) -> String {
    let mut out = format!("# {}\n\n", text(conversation, "title").unwrap_or("Conversation"));
    let kind = if conversation["kind"] == "research" { "Research" } else { "Ask" };
    out.push_str(&format!("*{kind} conversation saved by ProSeVA, {}.*\n\n", text(conversation, "createdAt").unwrap_or("")));
    for message in conversation["messages"].as_array().into_iter().flatten() {
        let content = message["content"].as_str().unwrap_or_default().trim();
        if message["role"] == "user" {
            out.push_str("## Question\n\n");
            for line in content.lines() {
                out.push_str(&format!("> {line}\n"));
            }
            out.push('\n');
        } else {
            out.push_str("## Answer\n\n");
            out.push_str(content);
            out.push_str("\n\n");
            let sources = sources(&message["events"]);
            if !sources.is_empty() {
                out.push_str("**Sources**\n\n");
                out.push_str(&sources.join("\n"));
                out.push_str("\n\n");
            }
        }
    }
    out.push_str("---\nLegal information, not legal advice. Check the official text and the court's own rules before you rely on it.\n");
    out
}

/// A case in a few lines for the agent: who, where, what kind, and the deadlines still open.
/// `deadlines` are the case's records, in date order.
pub fn case_summary(case: &Value, deadlines: &[Value], today: &str) -> String {
    let mut lines = vec![format!(
        "The person is working on their case \"{}\" (caseId {}).",
        text(case, "name").unwrap_or("unnamed"),
        case["id"].as_i64().unwrap_or_default()
    )];
    let facts: Vec<String> = [("caseNumber", "case number"), ("court", "court"), ("type", "kind"), ("status", "status")]
        .iter()
        .filter_map(|(key, label)| text(case, key).map(|v| format!("{label}: {v}")))
        .collect();
    if !facts.is_empty() {
        lines.push(format!("{}.", facts.join("; ")));
    }
    let parties: Vec<String> = case["parties"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| {
            text(p, "name").map(|name| match text(p, "role") {
                Some(role) => format!("{name} ({role})"),
                None => name.to_string(),
            })
        })
        .collect();
    if !parties.is_empty() {
        lines.push(format!("Parties: {}.", parties.join(", ")));
    }
    let open: Vec<&Value> = deadlines.iter().filter(|d| d["done"] != true).collect();
    let overdue = open.iter().filter(|d| d["date"].as_str().is_some_and(|date| date < today)).count();
    let next: Vec<String> = open
        .iter()
        .filter(|d| d["date"].as_str().is_some_and(|date| date >= today))
        .take(3)
        .map(|d| format!("{} on {}", text(d, "title").unwrap_or("deadline"), d["date"].as_str().unwrap_or_default()))
        .collect();
    if !next.is_empty() || overdue > 0 {
        let mut sentence = format!("Open deadlines: {}", if next.is_empty() { "none upcoming".to_string() } else { next.join("; ") });
        if overdue > 0 {
            sentence.push_str(&format!(" ({overdue} overdue)"));
        }
        lines.push(format!("{sentence}."));
    }
    lines.push(format!(
        "When you call the local tools GetDeadlines, GetContacts, GetFinances or GetDocuments, pass caseId {} unless the person asks about another case.",
        case["id"].as_i64().unwrap_or_default()
    ));
    lines.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn titles_come_from_the_first_line_of_the_question() {
        assert_eq!(title_from("\n  Where do we exchange the child?\nmore"), "Where do we exchange the child?");
        let title = title_from(&"word ".repeat(40));
        assert!(title.ends_with('…') && title.chars().count() <= 80, "{title}");
        assert_eq!(title_from("   "), "Conversation");
    }

    #[test]
    fn a_conversation_becomes_markdown_with_its_sources() {
        let conversation = json!({
            "title": "Exchanges", "kind": "chat", "createdAt": "2026-11-23T10:00:00Z",
            "messages": [
                {"role": "user", "content": "Where do we exchange the child?", "events": []},
                {"role": "assistant", "content": "At the Fairfax County police station (§ 20-124.3).", "events": [
                    {"type": "tool_result", "ok": true, "cards": [
                        {"citation": "§ 20-124.3", "title": "Best interests of the child", "url": "https://law.lis.virginia.gov/vacode/20-124.3/"},
                        {"title": "Custody order"}]},
                    {"type": "tool_result", "ok": false, "cards": [{"title": "never shown"}]}]}
            ]
        });
        let md = conversation_markdown(&conversation);
        assert!(md.starts_with("# Exchanges\n"), "{md}");
        assert!(md.contains("> Where do we exchange the child?"));
        assert!(md.contains("- [§ 20-124.3 Best interests of the child](https://law.lis.virginia.gov/vacode/20-124.3/)"));
        assert!(md.contains("- Custody order") && !md.contains("never shown"));
        assert!(md.contains("not legal advice"));
    }

    #[test]
    fn a_case_summary_names_the_case_its_parties_and_next_deadlines() {
        let case = json!({"id": 7, "name": "Smith v. Smith", "type": "custody", "court": "Fairfax JDR",
                          "parties": [{"name": "Ann Smith", "role": "me"}, {"name": "Bob Smith", "role": "other-party"}]});
        let deadlines = [
            json!({"title": "Old", "date": "2026-11-01", "done": false}),
            json!({"title": "Finished", "date": "2026-11-30", "done": true}),
            json!({"title": "Answer due", "date": "2026-12-02", "done": false}),
        ];
        let s = case_summary(&case, &deadlines, "2026-11-23");
        assert!(s.contains("\"Smith v. Smith\" (caseId 7)"), "{s}");
        assert!(s.contains("court: Fairfax JDR; kind: custody"), "{s}");
        assert!(s.contains("Ann Smith (me), Bob Smith (other-party)"), "{s}");
        assert!(s.contains("Answer due on 2026-12-02 (1 overdue)") && !s.contains("Finished"), "{s}");
        assert!(s.contains("pass caseId 7"), "{s}");
    }
}
