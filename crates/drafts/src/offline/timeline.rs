//! The case timeline as a Mermaid `timeline`: one section per month, in date order.

use super::{TimelineItem, date_of};
use crate::text::one_line;
use chrono::{Datelike, NaiveDate};

/// A Mermaid `timeline` of `items`: a section per month (`March 2026`), a period per day
/// (`Mar 1`) holding that day's items in the order given, and items without a readable date in
/// a last section. Text is made safe for the timeline syntax (`:` becomes `∶`, `<` `>` are
/// dropped, and so on); the result always passes [`validate`](crate::validate) as a Mermaid draft.
pub fn timeline_mermaid(title: &str, items: &[TimelineItem]) -> String {
    let mut dated: Vec<(NaiveDate, &TimelineItem)> = Vec::new();
    let mut undated: Vec<&TimelineItem> = Vec::new();
    for item in items {
        match date_of(&item.date) {
            Some(date) => dated.push((date, item)),
            None => undated.push(item),
        }
    }
    dated.sort_by_key(|(date, _)| *date);

    let mut out = String::from("timeline\n");
    let title = diagram_text(title);
    if !title.is_empty() {
        out.push_str(&format!("    title {title}\n"));
    }
    let mut month: Option<(i32, u32)> = None;
    let mut day: Option<NaiveDate> = None;
    for (date, item) in &dated {
        if day == Some(*date) {
            out.push_str(&format!(" : {}", event(item, None)));
            continue;
        }
        if day.is_some() {
            out.push('\n');
        }
        day = Some(*date);
        if month != Some((date.year(), date.month())) {
            month = Some((date.year(), date.month()));
            out.push_str(&format!("    section {}\n", date.format("%B %Y")));
        }
        out.push_str(&format!("        {} : {}", date.format("%b %-d"), event(item, None)));
    }
    if day.is_some() {
        out.push('\n');
    }
    if !undated.is_empty() {
        out.push_str("    section Date not clear\n        No date");
        for item in undated {
            out.push_str(&format!(" : {}", event(item, Some(&item.date))));
        }
        out.push('\n');
    }
    if items.is_empty() {
        out.push_str("        No dates yet : Add events, deadlines, hearings and filings to the case to see them here\n");
    }
    out
}

/// An item as timeline text: its kind first (`Deadline – File the answer`), and the date as
/// given when it could not be read.
fn event(item: &TimelineItem, unread_date: Option<&str>) -> String {
    let kind = match item.kind.trim().to_ascii_lowercase().as_str() {
        "deadline" => "Deadline – ",
        "hearing" => "Hearing – ",
        "filing" => "Filing – ",
        _ => "",
    };
    let label = diagram_text(&item.label);
    let label = if label.is_empty() { "(no description)".to_string() } else { label };
    match unread_date.map(diagram_text).filter(|d| !d.is_empty()) {
        Some(date) => format!("{kind}{label} (date given as “{date}”)"),
        None => format!("{kind}{label}"),
    }
}

/// Text that cannot break the timeline syntax: on one line; `:` (which starts an event) becomes
/// `∶` (ratio), `;` and `#` (separators and comments in older Mermaid) become their full-width
/// forms, `<` and `>` are dropped (no HTML), and `%%` becomes `%`.
pub(crate) fn diagram_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in one_line(text).chars() {
        match c {
            ':' => out.push('∶'),
            ';' => out.push('；'),
            '#' => out.push('＃'),
            '<' | '>' => {}
            '%' if out.ends_with('%') => {}
            c => out.push(c),
        }
    }
    one_line(&out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(date: &str, label: &str, kind: &str) -> TimelineItem {
        TimelineItem { date: date.into(), label: label.into(), kind: kind.into() }
    }

    #[test]
    fn items_are_grouped_by_month_and_day_in_date_order() {
        let items = [
            item("2026-04-02", "Hearing at 9:30", "hearing"),
            item("2026-03-01", "Complaint filed", "filing"),
            item("2026-03-01T10:00", "Served", "event"),
            item("soon", "Call clerk", "deadline"),
        ];
        assert_eq!(
            timeline_mermaid("Smith v. Jones", &items),
            "timeline\n    title Smith v. Jones\n    section March 2026\n        Mar 1 : Filing – Complaint filed : Served\n    section April 2026\n        Apr 2 : Hearing – Hearing at 9∶30\n    section Date not clear\n        No date : Deadline – Call clerk (date given as “soon”)\n"
        );
    }

    #[test]
    fn hostile_text_is_neutralised() {
        assert_eq!(diagram_text("<script>x</script>: a; #1 %%{init}%%\nnext"), "scriptx/script∶ a； ＃1 %{init}% next");
    }
}
