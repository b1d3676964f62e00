//! Table drafts: CSV as RFC 4180 has it, read with the `csv` crate. Fields are separated by
//! commas; a field in double quotes may hold commas, line breaks and `""` (one quote). The first
//! row is the header, and every row has as many fields as the header. Empty lines are skipped. At
//! most 2,000 rows after the header and 50 columns. A quote inside an unquoted field is part of
//! the field (`5" tall`), as spreadsheets read it; a quoted field never closed is refused, since it
//! would take in the rest of the table.

use crate::error::DraftError;

/// The most rows after the header.
pub const MAX_ROWS: usize = 2_000;
/// The most columns.
pub const MAX_COLUMNS: usize = 50;

/// The rows of a CSV table, the header first. Errors name the line (and the row, counting the
/// header as row 1).
pub fn parse_table(content: &str) -> Result<Vec<Vec<String>>, DraftError> {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(content.as_bytes());
    // Each row with the line it starts on.
    let mut read: Vec<(usize, Vec<String>)> = Vec::new();
    let mut record = csv::StringRecord::new();
    let mut last_start = 0;
    loop {
        match reader.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(error) => return Err(DraftError::whole(format!("the table cannot be read as CSV: {error}"))),
        }
        // The reader's position is where it began reading: before any empty lines it skipped.
        let from = record.position().map_or(0, |p| usize::try_from(p.byte()).unwrap_or(usize::MAX)).min(content.len());
        let skipped = content[from..].len() - content[from..].trim_start_matches(['\r', '\n']).len();
        last_start = from + skipped;
        let line = 1 + content[..last_start].matches('\n').count();
        if record.len() > MAX_COLUMNS {
            return Err(DraftError::at(line, format!("a row has more than {MAX_COLUMNS} columns; split the table")));
        }
        if read.len() > MAX_ROWS {
            return Err(DraftError::at(
                line,
                format!("the table has more than {MAX_ROWS} rows after the header; split it into smaller tables"),
            ));
        }
        read.push((line, record.iter().map(str::to_string).collect()));
    }
    if let Some((line, last)) = read.last()
        && unclosed_quote(&content[last_start..], last)
    {
        return Err(DraftError::at(
            *line,
            "a quoted field in the row starting on this line is never closed with `\"`, so it takes in the rest of the table",
        ));
    }
    let mut rows: Vec<Vec<String>> = Vec::with_capacity(read.len());
    for (line, row) in read {
        if let Some(header) = rows.first()
            && row.len() != header.len()
        {
            return Err(DraftError::at(
                line,
                format!(
                    "row {} has {} {}; the header row has {} (a field with a comma must be in double quotes)",
                    rows.len() + 1,
                    row.len(),
                    if row.len() == 1 { "field" } else { "fields" },
                    header.len()
                ),
            ));
        }
        rows.push(row);
    }
    if rows.is_empty() {
        return Err(DraftError::Empty);
    }
    Ok(rows)
}

/// Whether the last row (`raw` is its text, to the end) ends in a quoted field left open: its
/// last field runs over a line break (only a quoted field can) and the text does not end with the
/// closing quote.
fn unclosed_quote(raw: &str, row: &[String]) -> bool {
    let spans_lines = row.last().is_some_and(|field| field.contains(['\n', '\r']));
    spans_lines && !raw.trim_end_matches(['\r', '\n']).ends_with('"')
}

/// Warnings about the header: columns without a name, names used twice, no rows under it.
pub(crate) fn header_warnings(rows: &[Vec<String>]) -> Vec<String> {
    let mut warnings = Vec::new();
    let Some(header) = rows.first() else { return warnings };
    for (index, name) in header.iter().enumerate() {
        if name.trim().is_empty() {
            warnings.push(format!("line 1: column {} has no name in the header row", index + 1));
        } else if header[..index].iter().any(|earlier| earlier.trim() == name.trim()) {
            warnings.push(format!("line 1: the column name `{}` is used twice", name.trim()));
        }
    }
    if rows.len() == 1 {
        warnings.push("the table has a header row and no rows under it".to_string());
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields_hold_commas_quotes_and_line_breaks() {
        let rows = parse_table(
            "Date,Event,Note\r\n2026-03-01,\"Hearing, JDR court\",\"Bring \"\"Exhibit A\"\"\nand copies\"\n\n2026-03-02,Filed,\n",
        )
        .unwrap();
        assert_eq!(
            rows,
            [
                vec!["Date", "Event", "Note"],
                vec!["2026-03-01", "Hearing, JDR court", "Bring \"Exhibit A\"\nand copies"],
                vec!["2026-03-02", "Filed", ""],
            ]
        );
    }

    #[test]
    fn a_ragged_row_is_refused_with_its_row_and_line() {
        let error = parse_table("a,b,c\n1,2,3\n\"x\ny\",2\n").unwrap_err();
        assert_eq!(error.to_string(), "line 3: row 3 has 2 fields; the header row has 3 (a field with a comma must be in double quotes)");
    }

    #[test]
    fn an_unclosed_quote_is_refused_and_a_quote_inside_a_field_is_kept() {
        let error = parse_table("a,b\n1,\"open\n3,4\n5,6\n").unwrap_err();
        assert!(error.to_string().starts_with("line 2: a quoted field in the row starting on this line is never closed"), "{error}");
        assert_eq!(parse_table("a,b\nsay \"no\",5\" tall").unwrap()[1], ["say \"no\"", "5\" tall"]);
        assert_eq!(parse_table("a,b\n\"x\ny\",\"1\"\"\"\n").unwrap()[1], ["x\ny", "1\""]);
    }

    #[test]
    fn lines_count_the_empty_lines_skipped() {
        let error = parse_table("a,b\n\n\n1,2\n\n3\n").unwrap_err();
        assert_eq!(error.line(), Some(6), "{error}");
    }

    #[test]
    fn limits_on_rows_and_columns() {
        let wide = vec!["c"; MAX_COLUMNS + 1].join(",");
        assert!(parse_table(&wide).unwrap_err().to_string().contains("more than 50 columns"));
        let long = format!("n\n{}", "1\n".repeat(MAX_ROWS + 1));
        assert_eq!(parse_table(&long).unwrap_err().line(), Some(MAX_ROWS + 2));
        assert_eq!(parse_table(&format!("n\n{}", "1\n".repeat(MAX_ROWS))).map(|r| r.len()), Ok(MAX_ROWS + 1));
    }
}
