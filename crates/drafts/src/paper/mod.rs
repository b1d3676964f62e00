//! Court papers: a motion, a written answer or a letter to the clerk, laid out as a Virginia
//! court's own papers are. A paper draft's content is a [`Paper`] written as JSON: the court
//! lines, the style of the case (caption), the heading, the numbered paragraphs, the closing, the
//! signature block of a party without a lawyer and, where one is needed, the certificate of
//! service. The exports ([`crate::to_pdf`], [`crate::to_docx`], [`crate::to_markdown`]) lay it
//! out: court lines centred, the caption with the case number beside it, the paragraphs
//! numbered, the signature block on the right half, the certificate under a rule. A filed paper
//! carries no notice of its own: the window shows the app's notice beside it.
//!
//! Which papers exist, what they must hold and why is the server's catalogue; this module only
//! checks the shape ([`check_paper`]) and lays it out. A reader's copy in the person's language,
//! marked on every page as not for filing, is [`Paper::reading_copy_pdf`] and
//! [`Paper::reading_copy_docx`] (`reading_copy`).

mod reading_copy;

use serde::{Deserialize, Serialize};

use crate::error::DraftError;

/// How a paper is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PaperLayout {
    /// A motion or answer: court lines, caption, heading, numbered paragraphs, signature,
    /// certificate of service.
    Pleading,
    /// A letter (to the clerk): sender, date, recipient, "Re:", body, signature.
    Letter,
}

/// A court paper, as a paper draft's content holds it (JSON, camelCase keys).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Paper {
    /// The paper's kind, as the server's catalogue names it (`motion-to-continue`).
    pub paper: String,
    pub layout: PaperLayout,
    /// The lines at the top, as the court writes them: `VIRGINIA:` and `IN THE GENERAL
    /// DISTRICT COURT FOR THE CITY OF RICHMOND`. A letter has none.
    #[serde(default)]
    pub court: Vec<String>,
    /// The style of the case (a pleading's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Caption>,
    /// `MOTION TO CONTINUE`; in a letter, the "Re:" line.
    pub heading: String,
    /// The sentence before the numbered paragraphs ("Defendant … asks the Court to …").
    #[serde(default)]
    pub opening: String,
    /// Numbered in a pleading; plain paragraphs in a letter.
    #[serde(default)]
    pub paragraphs: Vec<String>,
    /// What is asked for ("WHEREFORE, …"), or a letter's last paragraph.
    #[serde(default)]
    pub closing: String,
    pub signature: Signature,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<Certificate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub letter: Option<Letter>,
}

/// The style of the case: the parties on each side with their roles, and the case number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Caption {
    /// The side named first (the plaintiff, the petitioner, the Commonwealth).
    pub first: Vec<CaptionParty>,
    pub second: Vec<CaptionParty>,
    /// `Case No.`
    #[serde(default = "case_no")]
    pub number_label: String,
    /// The case number as the court wrote it; empty leaves a line to write it on.
    #[serde(default)]
    pub number: String,
}

fn case_no() -> String {
    "Case No.".into()
}

/// A party in the caption: `Oak Ridge Apartments, LLC`, `Plaintiff`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CaptionParty {
    pub name: String,
    #[serde(default)]
    pub role: String,
}

/// The signature block of a party without a lawyer: the name, the capacity ("Defendant,
/// without a lawyer"), the address, telephone and e-mail. Signed by hand on the printed copy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Signature {
    pub name: String,
    #[serde(default)]
    pub capacity: String,
    #[serde(default)]
    pub address: Vec<String>,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub email: String,
    /// The date signed (`December 1, 2026`); empty leaves a line to write it on.
    #[serde(default)]
    pub date: String,
}

/// A certificate of service: what was done, to whom (each entry a name and address), signed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Certificate {
    /// `I certify that on …, I sent a copy of this motion by … to:`.
    pub statement: String,
    #[serde(default)]
    pub served: Vec<String>,
}

/// A letter's parts: the date, and the recipient's lines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Letter {
    #[serde(default)]
    pub date: String,
    pub to: Vec<String>,
    #[serde(default = "dear_clerk")]
    pub salutation: String,
    #[serde(default = "sincerely")]
    pub sign_off: String,
}

fn dear_clerk() -> String {
    "Dear Clerk:".into()
}

fn sincerely() -> String {
    "Sincerely,".into()
}

/// A blank to write on by hand, where the record had nothing.
pub const BLANK: &str = "____________________";

const MAX_LINE: usize = 300;
const MAX_PARAGRAPH: usize = 6_000;
const MAX_PARAGRAPHS: usize = 100;
const MAX_LINES: usize = 12;
const MAX_PARTIES: usize = 12;

impl Paper {
    /// The paper as stored: pretty JSON, so versions compare line by line.
    pub fn to_content(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads a paper draft's content.
    pub fn from_content(content: &str) -> Result<Paper, DraftError> {
        serde_json::from_str(content).map_err(|e| {
            let line = e.line();
            let message = format!("a paper's content is its parts as JSON ({})", e.to_string().split(" at line").next().unwrap_or(""));
            if line > 0 { DraftError::at(line, message) } else { DraftError::whole(message) }
        })
    }

    /// Every piece of text in the paper, in reading order, with where it is — for checks that
    /// compare names, numbers and dates.
    pub fn texts(&self) -> Vec<(&'static str, &str)> {
        let mut out: Vec<(&'static str, &str)> = Vec::new();
        out.extend(self.court.iter().map(|l| ("court", l.as_str())));
        if let Some(caption) = &self.caption {
            for p in caption.first.iter().chain(&caption.second) {
                out.push(("caption", p.name.as_str()));
                out.push(("caption", p.role.as_str()));
            }
            out.push(("caption", caption.number.as_str()));
        }
        out.push(("heading", self.heading.as_str()));
        out.push(("opening", self.opening.as_str()));
        out.extend(self.paragraphs.iter().map(|p| ("paragraph", p.as_str())));
        out.push(("closing", self.closing.as_str()));
        if let Some(letter) = &self.letter {
            out.push(("letter", letter.date.as_str()));
            out.extend(letter.to.iter().map(|l| ("letter", l.as_str())));
        }
        let s = &self.signature;
        out.push(("signature", s.name.as_str()));
        out.push(("signature", s.capacity.as_str()));
        out.extend(s.address.iter().map(|l| ("signature", l.as_str())));
        out.push(("signature", s.phone.as_str()));
        out.push(("signature", s.email.as_str()));
        out.push(("signature", s.date.as_str()));
        if let Some(c) = &self.certificate {
            out.push(("certificate", c.statement.as_str()));
            out.extend(c.served.iter().map(|l| ("certificate", l.as_str())));
        }
        out.retain(|(_, t)| !t.trim().is_empty());
        out
    }
}

/// Checks a paper draft's content: it reads as a [`Paper`], each part within its limits, the
/// heading and the signer's name present, a pleading with its court lines and caption. Returns
/// the paper as it will be stored (lines trimmed, line breaks inside one-line parts made spaces).
pub fn check_paper(content: &str) -> Result<Paper, DraftError> {
    let mut paper = Paper::from_content(content)?;
    let line = |what: &str, text: &mut String, required: bool| -> Result<(), DraftError> {
        *text = crate::text::one_line(text);
        if required && text.is_empty() {
            return Err(DraftError::whole(format!("the paper needs {what}")));
        }
        let n = text.chars().count();
        if n > MAX_LINE {
            return Err(DraftError::whole(format!("{what} has {n} characters; at most {MAX_LINE}")));
        }
        Ok(())
    };
    let lines = |what: &str, list: &mut Vec<String>| -> Result<(), DraftError> {
        if list.len() > MAX_LINES {
            return Err(DraftError::whole(format!("{what} has {} lines; at most {MAX_LINES}", list.len())));
        }
        for l in list.iter_mut() {
            line(what, l, false)?;
        }
        list.retain(|l| !l.is_empty());
        Ok(())
    };
    let block = |what: &str, text: &mut String| -> Result<(), DraftError> {
        *text = crate::text::clean(text).0.trim().to_string();
        let n = text.chars().count();
        if n > MAX_PARAGRAPH {
            return Err(DraftError::whole(format!("{what} has {n} characters; at most {MAX_PARAGRAPH}")));
        }
        Ok(())
    };
    line("a paper kind (`paper`)", &mut paper.paper, true)?;
    line("a heading", &mut paper.heading, true)?;
    lines("the court lines", &mut paper.court)?;
    block("the opening", &mut paper.opening)?;
    block("the closing", &mut paper.closing)?;
    if paper.paragraphs.len() > MAX_PARAGRAPHS {
        return Err(DraftError::whole(format!("the paper has {} paragraphs; at most {MAX_PARAGRAPHS}", paper.paragraphs.len())));
    }
    for (i, p) in paper.paragraphs.iter_mut().enumerate() {
        block(&format!("paragraph {}", i + 1), p)?;
    }
    paper.paragraphs.retain(|p| !p.is_empty());
    let s = &mut paper.signature;
    line("the signer's name (signature.name)", &mut s.name, true)?;
    line("the signer's capacity", &mut s.capacity, false)?;
    lines("the signer's address", &mut s.address)?;
    line("the telephone number", &mut s.phone, false)?;
    line("the e-mail address", &mut s.email, false)?;
    line("the date signed", &mut s.date, false)?;
    if let Some(c) = &mut paper.caption {
        if c.first.len() > MAX_PARTIES || c.second.len() > MAX_PARTIES {
            return Err(DraftError::whole(format!("a side of the caption can name at most {MAX_PARTIES} parties")));
        }
        for p in c.first.iter_mut().chain(c.second.iter_mut()) {
            line("a party's name in the caption", &mut p.name, true)?;
            line("a party's role in the caption", &mut p.role, false)?;
        }
        line("the case number", &mut c.number, false)?;
        line("the case number's label", &mut c.number_label, false)?;
    }
    if let Some(c) = &mut paper.certificate {
        block("the certificate of service", &mut c.statement)?;
        if c.statement.is_empty() {
            return Err(DraftError::whole("the certificate of service needs its statement"));
        }
        lines("the people served", &mut c.served)?;
    }
    if let Some(l) = &mut paper.letter {
        line("the letter's date", &mut l.date, false)?;
        lines("the letter's recipient", &mut l.to)?;
        line("the salutation", &mut l.salutation, false)?;
        line("the sign-off", &mut l.sign_off, false)?;
    }
    match paper.layout {
        PaperLayout::Pleading => {
            if paper.court.is_empty() {
                return Err(DraftError::whole("a pleading needs its court lines (`court`): the court it is filed in"));
            }
            match &paper.caption {
                Some(c) if !c.first.is_empty() && !c.second.is_empty() => {}
                _ => return Err(DraftError::whole("a pleading needs its caption: the parties on both sides")),
            }
        }
        PaperLayout::Letter => {
            if paper.letter.as_ref().is_none_or(|l| l.to.is_empty()) {
                return Err(DraftError::whole("a letter needs the person it goes to (`letter.to`)"));
            }
        }
    }
    Ok(paper)
}

/// `value`, or a line to write on by hand when it is empty.
pub(crate) fn or_blank(value: &str) -> &str {
    if value.trim().is_empty() { BLANK } else { value }
}

/// A caption party's lines: `Name,` then its role, indented, ending `,` or `.` (the last party).
pub(crate) fn party_lines(parties: &[CaptionParty], last_side: bool) -> Vec<(String, Option<String>)> {
    let count = parties.len();
    parties
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let end = if last_side && i + 1 == count { "." } else { "," };
            let role = (!p.role.is_empty()).then(|| format!("{}{end}", p.role));
            let name = if role.is_some() { format!("{},", p.name) } else { format!("{}{end}", p.name) };
            (name, role)
        })
        .collect()
}

/// The signature block's lines under the signature line.
pub(crate) fn signature_lines(s: &Signature) -> Vec<String> {
    let mut out = vec![s.name.clone()];
    if !s.capacity.is_empty() {
        out.push(s.capacity.clone());
    }
    out.extend(s.address.iter().cloned());
    if !s.phone.is_empty() {
        out.push(format!("Telephone: {}", s.phone));
    }
    if !s.email.is_empty() {
        out.push(format!("E-mail: {}", s.email));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn sample() -> Paper {
        Paper {
            paper: "motion-to-continue".into(),
            layout: PaperLayout::Pleading,
            court: vec!["VIRGINIA:".into(), "IN THE GENERAL DISTRICT COURT FOR THE CITY OF RICHMOND".into()],
            caption: Some(Caption {
                first: vec![CaptionParty { name: "Oak Ridge Apartments, LLC".into(), role: "Plaintiff".into() }],
                second: vec![CaptionParty { name: "Nguyễn Thị Lan".into(), role: "Defendant".into() }],
                number_label: "Case No.".into(),
                number: "GV26-001234".into(),
            }),
            heading: "MOTION TO CONTINUE".into(),
            opening: "Defendant Nguyễn Thị Lan asks the Court to move the hearing to a later date.".into(),
            paragraphs: vec!["The hearing is set for December 3, 2026.".into(), "I will be in the hospital that day.".into()],
            closing: "WHEREFORE, I ask the Court to continue the hearing.".into(),
            signature: Signature {
                name: "Nguyễn Thị Lan".into(),
                capacity: "Defendant, without a lawyer".into(),
                address: vec!["12 Oak Ridge Ct., Apt. 4".into(), "Richmond, VA 23220".into()],
                phone: "(804) 555-0142".into(),
                email: "lan@example.org".into(),
                date: String::new(),
            },
            certificate: Some(Certificate {
                statement: "I certify that on ____________ I mailed a copy of this motion to:".into(),
                served: vec!["Oak Ridge Apartments, LLC, 1 Main St., Richmond, VA 23219".into()],
            }),
            letter: None,
        }
    }

    #[test]
    fn a_paper_reads_back_as_written_and_its_parts_are_checked() {
        let paper = sample();
        let checked = check_paper(&paper.to_content()).unwrap();
        assert_eq!(checked, paper);
        let mut no_caption = paper.clone();
        no_caption.caption = None;
        assert!(check_paper(&no_caption.to_content()).unwrap_err().to_string().contains("caption"));
        let mut unsigned = paper.clone();
        unsigned.signature.name = "  ".into();
        assert!(check_paper(&unsigned.to_content()).unwrap_err().to_string().contains("signer's name"));
        let error = check_paper("{\"paper\": 3}").unwrap_err();
        assert!(error.to_string().contains("JSON"), "{error}");
        assert!(
            check_paper("{\"paper\":\"x\",\"layout\":\"pleading\",\"heading\":\"H\",\"signature\":{\"name\":\"A\"},\"extra\":1}").is_err()
        );
    }

    #[test]
    fn caption_parties_end_with_a_comma_until_the_last() {
        let parties = [CaptionParty { name: "A".into(), role: "Plaintiff".into() }];
        assert_eq!(party_lines(&parties, false), vec![("A,".to_string(), Some("Plaintiff,".to_string()))]);
        assert_eq!(party_lines(&parties, true), vec![("A,".to_string(), Some("Plaintiff.".to_string()))]);
    }
}
