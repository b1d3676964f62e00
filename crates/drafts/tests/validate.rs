//! `validate`, the offline builders and the draft model, as the server and the agent use them.

use proseva_drafts::{
    CaseContact, CaseDeadline, CaseDocument, CaseFacts, Draft, DraftError, DraftKind, TimelineItem, hearing_checklist, parse_table,
    timeline_mermaid, validate,
};

#[test]
fn markdown_with_a_script_and_a_javascript_link_is_cleaned_with_warnings() {
    let letter =
        "# Letter\n\nDear clerk,\n<script>alert(1)</script>\nPlease see [x](javascript:alert(1)) and <b onmouseover=steal()>this</b>.\n";
    let checked = validate(DraftKind::Markdown, letter).unwrap();
    assert_eq!(checked.content, "# Letter\n\nDear clerk,\n\nPlease see x and &lt;b>this&lt;/b>.\n");
    assert_eq!(checked.warnings.len(), 4, "{:?}", checked.warnings);
    assert_eq!(checked.warnings[0], "line 4: removed a <script> element and everything in it");
    assert_eq!(checked.warnings[1], "line 5: removed a link to `javascript:` (its text is kept)");
    assert_eq!(checked.warnings[2], "line 5: removed the event-handler attribute `onmouseover` from <b>");
    assert!(checked.warnings[3].starts_with("line 5: 2 HTML tags (the first is `<b>`) will show as text"), "{:?}", checked.warnings);
}

#[test]
fn a_script_hidden_behind_another_angle_bracket_is_removed_too() {
    // Found by the property test: `<subgraph` was once read as a tag whose attribute was
    // `<script>`, and the script came through unescaped (a second check then removed it); and a
    // link removed for its address once joined its text `<` to what followed it.
    for sneaky in
        ["<subgraph<script>", "<a<script>alert(1)</script>", "<b title=x<script>alert(1)</script>", "[<](javascript:x)script>kept"]
    {
        let checked = validate(DraftKind::Markdown, sneaky).unwrap();
        assert!(!checked.content.to_ascii_lowercase().contains("<script"), "{sneaky:?} → {:?}", checked.content);
        assert_eq!(validate(DraftKind::Markdown, &checked.content).unwrap().content, checked.content, "{sneaky:?}: checked twice");
    }
    // A quoted `<` inside an attribute stays part of the tag, which is escaped as a whole.
    let quoted = validate(DraftKind::Markdown, "<b title=\"1 < 2\">x</b>").unwrap();
    assert_eq!(quoted.content, "&lt;b title=\"1 < 2\">x&lt;/b>");
}

#[test]
fn every_kind_refuses_empty_and_oversized_content_and_drops_control_characters() {
    for kind in [DraftKind::Markdown, DraftKind::Mermaid, DraftKind::Table] {
        assert_eq!(validate(kind, " \n\t\n"), Err(DraftError::Empty));
        assert_eq!(validate(kind, "\0\u{1}"), Err(DraftError::Empty));
        let long = "a".repeat(200_001);
        assert_eq!(validate(kind, &long), Err(DraftError::TooLong { chars: 200_001 }));
    }
    let checked = validate(DraftKind::Markdown, "Hello\0 there\u{7}").unwrap();
    assert_eq!(checked.content, "Hello there");
    assert_eq!(checked.warnings, ["line 1: removed 2 control characters (such as NUL); drafts hold text only"]);
    assert_eq!(validate(DraftKind::Markdown, &"é".repeat(200_000)).map(|c| c.content.chars().count()), Ok(200_000));
    assert_eq!(validate(DraftKind::Markdown, "<script>x</script>").unwrap_err().code(), "invalid_draft");
}

#[test]
fn mermaid_diagrams_in_the_supported_subset_parse() {
    let diagrams = [
        "timeline\n  title Eviction case\n  section 2026-03\n    Mar 1 : Notice to quit : Rent tendered\n    Mar 20 : Unlawful detainer filed",
        "flowchart LR\n  T[Tenant] -->|repair request| L[Landlord]\n  L -.->|no answer| C{Escrow?}\n  C ==> G((General District Court))",
        "graph TD\n  subgraph Family\n    M[Mother] --- F[Father]\n  end\n  M & F --> K[\"Child (age 7)\"]",
        "sequenceDiagram\n  participant P as Petitioner\n  participant R as Respondent\n  P->>R: Served petition\n  R-->>P: Answer",
    ];
    for diagram in diagrams {
        assert_eq!(validate(DraftKind::Mermaid, diagram).map(|c| c.warnings), Ok(vec![]), "{diagram}");
    }
}

#[test]
fn broken_mermaid_diagrams_are_refused_with_the_line() {
    let cases = [
        ("flowchart TD\n  A[Filed] --> B\n  B --> ", Some(3), "an edge needs a node on both sides: `B -->`"),
        ("flowchart TD\n  A[Filed] --> B[Unclosed\n", Some(2), "the label of node `B` is not closed: expected `]`"),
        ("timeline\n  title x\n  : lonely", Some(3), "an event line starting with `:` needs a period line"),
        (
            "gantt\n  title Plan",
            Some(1),
            "`gantt` diagrams are not supported in drafts; use timeline, flowchart (or graph) or sequenceDiagram",
        ),
        ("graph TD\n  A --> B\n  click B \"https://evil.example\"", Some(3), "`click` lines are not allowed in drafts"),
        ("%%{init: {\"securityLevel\": \"loose\"}}%%\ngraph TD\n  A --> B", Some(1), "`%%{init…}%%` directives are not allowed"),
        ("graph TD\n  A[\"<img src=x onerror=alert(1)>\"] --> B", Some(2), "the label of node `A` cannot contain `<` or `>`"),
        ("sequenceDiagram\n  A->>B: hi\n  end", Some(3), "`end` without a `loop`"),
    ];
    for (diagram, line, message) in cases {
        let error = validate(DraftKind::Mermaid, diagram).unwrap_err();
        assert_eq!(error.line(), line, "{diagram}: {error}");
        assert!(error.to_string().contains(message), "{diagram}: {error}");
        assert_eq!(error.code(), "invalid_draft");
    }
}

#[test]
fn a_fence_around_a_diagram_is_removed_and_lines_still_count_from_the_top() {
    let checked = validate(DraftKind::Mermaid, "```mermaid\ngraph TD\n  A --> B\n```").unwrap();
    assert_eq!(checked.content, "graph TD\n  A --> B");
    assert_eq!(checked.warnings.len(), 1);
    let error = validate(DraftKind::Mermaid, "```mermaid\ngraph TD\n  A -->\n```").unwrap_err();
    assert_eq!(error.line(), Some(3));
}

#[test]
fn csv_with_quotes_and_line_breaks_parses_and_ragged_rows_are_refused() {
    let csv = "Date,What,Where\n2026-03-01,\"Hearing, first\",\"Room 2\nFloor \"\"B\"\"\"\n2026-03-09,Filing,Clerk\n";
    let checked = validate(DraftKind::Table, csv).unwrap();
    assert_eq!(checked.warnings, Vec::<String>::new());
    let rows = parse_table(&checked.content).unwrap();
    assert_eq!(rows[1], ["2026-03-01", "Hearing, first", "Room 2\nFloor \"B\""]);
    assert_eq!(rows.len(), 3);

    let error = validate(DraftKind::Table, "Date,What\n2026-03-01,Hearing\n2026-03-09,Filing,Clerk\n").unwrap_err();
    assert_eq!(error.to_string(), "line 3: row 3 has 3 fields; the header row has 2 (a field with a comma must be in double quotes)");
    let warned = validate(DraftKind::Table, "Date,,Date\n1,2,3").unwrap();
    assert_eq!(warned.warnings, ["line 1: column 2 has no name in the header row", "line 1: the column name `Date` is used twice"]);
}

#[test]
fn the_timeline_builder_output_parses_even_with_hostile_labels() {
    let hostile = [
        "<script>alert(1)</script>",
        "Hearing: room 3 : bring ID",
        "%%{init: {'securityLevel':'loose'}}%%",
        "javascript:alert(1)",
        "click A call x()",
        "Exhibit #3; see notes",
        "line one\nsection Two\n: three",
        "title Fake",
        "end",
        "   ",
        "A --> B[<img>]",
        "\u{0}\u{1b}[31m",
    ];
    let mut items: Vec<TimelineItem> = hostile
        .iter()
        .enumerate()
        .map(|(i, label)| TimelineItem {
            date: format!("2026-0{}-1{}", 1 + i % 9, i % 10),
            label: label.to_string(),
            kind: "hearing".into(),
        })
        .collect();
    items.push(TimelineItem { date: "next week: maybe".into(), label: "Call #1".into(), kind: "deadline".into() });
    items.push(TimelineItem { date: "".into(), label: "No date".into(), kind: "".into() });
    let diagram = timeline_mermaid("Smith v. Jones: <b>custody</b> #1", &items);
    let checked = validate(DraftKind::Mermaid, &diagram).unwrap_or_else(|e| panic!("{e}\n{diagram}"));
    assert_eq!(checked.content, diagram);
    assert!(diagram.starts_with("timeline\n    title Smith v. Jones∶ bcustody/b ＃1\n    section January 2026\n"), "{diagram}");
    assert!(!diagram.contains('<') && !diagram.contains("%%"), "{diagram}");
    // Chronological: January before September.
    assert!(diagram.find("January 2026").unwrap() < diagram.find("September 2026").unwrap(), "{diagram}");
    assert!(validate(DraftKind::Mermaid, &timeline_mermaid("", &[])).is_ok());
}

#[test]
fn the_hearing_checklist_is_clean_markdown_even_with_hostile_case_data() {
    let case = CaseFacts {
        name: "Doe <script>alert(1)</script>".into(),
        case_number: Some("[x](javascript:alert(1))".into()),
        court: None,
        hearing_date: Some("2026-05-04T09:00".into()),
        deadlines: vec![CaseDeadline { date: "2026-05-01".into(), title: "**Exhibit** list | `code`".into(), done: false }],
        documents: vec![CaseDocument { title: "<img src=x onerror=alert(1)>".into(), kind: None }],
        contacts: vec![CaseContact { name: "Ana_Ruiz".into(), role: "witness".into() }],
    };
    let text = hearing_checklist(&case);
    let checked = validate(DraftKind::Markdown, &text).unwrap();
    assert_eq!(checked.warnings, Vec::<String>::new(), "{text}");
    assert_eq!(checked.content, text);
    assert!(text.contains("- **Hearing:** Monday, May 4, 2026"), "{text}");
    assert!(text.contains("(3 days before the hearing)"), "{text}");
    assert!(text.contains("- The court"), "{text}");
}

#[test]
fn kinds_and_drafts_read_and_write_the_json_the_app_uses() {
    assert_eq!(DraftKind::parse(" Mermaid "), Ok(DraftKind::Mermaid));
    assert_eq!(
        DraftKind::parse("pdf").unwrap_err().to_string(),
        "unknown draft kind `pdf`: the kinds are markdown, mermaid, table and paper"
    );
    let (draft, warnings) = Draft::create("  Motion\nto continue ", DraftKind::Table, "a,b\n1,2", vec![]).unwrap();
    assert!(warnings.is_empty());
    assert_eq!((draft.title.as_str(), draft.version), ("Motion to continue", 1));
    assert!(chrono::DateTime::parse_from_rfc3339(&draft.created).is_ok(), "{}", draft.created);
    let json = serde_json::to_value(&draft).unwrap();
    assert_eq!(json["kind"], "table");
    assert!(json.get("created").is_some() && json.get("sources").is_some());
    let back: Draft = serde_json::from_value(json).unwrap();
    assert_eq!(back, draft);
    let facts: CaseFacts = serde_json::from_str(
        r#"{"name":"X","caseNumber":"CL-1","hearingDate":"2026-01-02","deadlines":[{"date":"2026-01-01","title":"T"}]}"#,
    )
    .unwrap();
    assert_eq!((facts.case_number.as_deref(), facts.deadlines[0].done), (Some("CL-1"), false));
    assert!(Draft::create(" ", DraftKind::Markdown, "x", vec![]).is_err());
}
