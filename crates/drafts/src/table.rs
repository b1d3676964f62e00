//! Table drafts: CSV as RFC 4180 has it. Fields are separated by commas; a field in double quotes
//! may hold commas, line breaks and `""` (one quote). The first row is the header, and every row
//! has as many fields as the header. Empty lines are skipped. At most 2,000 rows after the header
//! and 50 columns.

use crate::error::DraftError;

/// The most rows after the header.
pub const MAX_ROWS: usize = 2_000;
/// The most columns.
pub const MAX_COLUMNS: usize = 50;

/// The rows of a CSV table, the header first. Errors name the line (and the row, counting the
/// header as row 1).
pub fn parse_table(content: &str) -> Result<Vec<Vec<String>>, DraftError> {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut row: Vec<String> = Vec::new();
    let mut field = String::new();
    let mut chars = content.chars().peekable();
    let mut line = 1usize;
    let mut row_line = 1usize;
    // Whether the current row has begun (an empty line has not).
    let mut started = false;
    while let Some(c) = chars.next() {
        match c {
            '"' if field.is_empty() => {
                started = true;
                let opened = line;
                loop {
                    match chars.next() {
                        Some('"') if chars.peek() == Some(&'"') => {
                            chars.next();
                            field.push('"');
                        }
                        Some('"') => break,
                        Some(c) => {
                            if c == '\n' {
                                line += 1;
                            }
                            field.push(c);
                        }
                        None => return Err(DraftError::at(opened, "a quoted field opened on this line is never closed with `\"`")),
                    }
                }
                match chars.peek() {
                    None | Some(',' | '\n' | '\r') => {}
                    Some(_) => {
                        return Err(DraftError::at(
                            line,
                            "after a field's closing `\"` comes a comma or the end of the row (write a quote inside a quoted field as `\"\"`)",
                        ));
                    }
                }
            }
            '"' => {
                return Err(DraftError::at(
                    line,
                    format!(
                        "a `\"` inside an unquoted field (`{field}\"…`): put the whole field in quotes and double the quote, as in \"say \"\"no\"\"\""
                    ),
                ));
            }
            ',' => {
                started = true;
                row.push(std::mem::take(&mut field));
                if row.len() >= MAX_COLUMNS {
                    return Err(DraftError::at(line, format!("a row has more than {MAX_COLUMNS} columns; split the table")));
                }
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => {
                if started || !field.is_empty() {
                    row.push(std::mem::take(&mut field));
                    end_row(&mut rows, std::mem::take(&mut row), row_line)?;
                }
                started = false;
                line += 1;
                row_line = line;
            }
            c => {
                started = true;
                field.push(c);
            }
        }
    }
    if started || !field.is_empty() {
        row.push(field);
        end_row(&mut rows, row, row_line)?;
    }
    if rows.is_empty() {
        return Err(DraftError::Empty);
    }
    Ok(rows)
}

fn end_row(rows: &mut Vec<Vec<String>>, row: Vec<String>, line: usize) -> Result<(), DraftError> {
    if let Some(header) = rows.first()
        && row.len() != header.len()
    {
        let number = rows.len() + 1;
        return Err(DraftError::at(
            line,
            format!(
                "row {number} has {} {}; the header row has {} (a field with a comma must be in double quotes)",
                row.len(),
                if row.len() == 1 { "field" } else { "fields" },
                header.len()
            ),
        ));
    }
    if rows.len() > MAX_ROWS {
        return Err(DraftError::at(
            line,
            format!("the table has more than {MAX_ROWS} rows after the header; split it into smaller tables"),
        ));
    }
    rows.push(row);
    Ok(())
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
    fn stray_and_unclosed_quotes_are_refused() {
        assert!(parse_table("a,b\nsay \"no\",2").unwrap_err().to_string().starts_with("line 2: a `\"` inside an unquoted field"));
        assert!(
            parse_table("a,b\n\"open,2\n3,4")
                .unwrap_err()
                .to_string()
                .starts_with("line 2: a quoted field opened on this line is never closed")
        );
        assert!(parse_table("a,b\n\"x\"y,2").unwrap_err().to_string().starts_with("line 2: after a field's closing"));
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
