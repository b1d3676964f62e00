//! Help from people in the offline answer (issue 41): "can I get a free lawyer?", "I can't afford
//! a lawyer", "do I need a lawyer for …" are answered from the server's Help data (`FindHelp`) —
//! the legal aid program for the person's county or city, the statewide lines, and what their
//! income means — and a question that meets one of the situations that need a lawyer now is
//! answered with that hand-off first.

use std::fmt::Write as _;

use serde_json::{Value, json};

/// Whether the question asks about getting a lawyer or legal help.
pub fn asks_for_a_lawyer(question: &str) -> bool {
    let q = question.to_lowercase();
    [
        "lawyer",
        "attorney",
        "legal aid",
        "legal help",
        "free legal",
        "pro bono",
        "afford",
        "public defender",
        "court appointed",
        "court-appointed",
        "represent me",
        "legal services",
    ]
    .iter()
    .any(|cue| q.contains(cue))
}

/// The amount a word of a question writes ("$1,800", "21k", "400"), in either language.
fn amount_of(w: &str) -> Option<f64> {
    let digits: String = w.trim_matches(|c: char| !c.is_ascii_digit()).chars().filter(|c| *c != ',').collect();
    let mut value: f64 = digits.parse().ok()?;
    if w.trim_end_matches(['.', ',', '?', '!']).ends_with('k') {
        value *= 1000.0;
    }
    Some(value)
}

/// A household size and a yearly income the question states ("family of 3", "4 people in my
/// household", "$21,000 a year", "I make 1,800 a month"), as `FindHelp` arguments.
pub fn income_arguments(question: &str) -> Value {
    let q = question.to_lowercase();
    let words: Vec<&str> = q.split(|c: char| c.is_whitespace()).filter(|w| !w.is_empty()).collect();
    let count = |w: &str| -> Option<i64> {
        let n = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"].iter().position(|x| *x == w);
        n.map(|i| i as i64 + 1).or_else(|| w.parse().ok())
    };
    let mut out = json!({});
    for (i, w) in words.iter().enumerate() {
        let next = |k: usize| words.get(i + k).copied().unwrap_or_default().trim_matches(|c: char| !c.is_alphanumeric());
        // "family of 3", "household of four"
        if (w.starts_with("family") || w.starts_with("household"))
            && next(1) == "of"
            && let Some(n) = count(next(2)).filter(|n| (1..=50).contains(n))
        {
            out["householdSize"] = json!(n);
        }
        // "3 people", "four of us", "3 kids and me" is left alone.
        if let Some(n) = count(w.trim_matches(|c: char| !c.is_alphanumeric())).filter(|n| (1..=50).contains(n))
            && (next(1).starts_with("people") || next(1).starts_with("person") || (next(1) == "of" && next(2) == "us"))
        {
            out["householdSize"] = json!(n);
        }
        if w.contains('$') || w.contains("dollar") || words.get(i + 1).is_some_and(|n| n.starts_with("dollar")) {
            let Some(amount) = amount_of(w).filter(|a| *a > 0.0) else { continue };
            let rest = words[i + 1..words.len().min(i + 4)].join(" ");
            let yearly = if rest.contains("month") {
                amount * 12.0
            } else if rest.contains("week") {
                amount * 52.0
            } else {
                amount
            };
            out["yearlyIncome"] = json!(yearly);
        }
    }
    // An income alone cannot be weighed: the guidelines go by household size.
    if out.get("householdSize").is_none() {
        out.as_object_mut().map(|o| o.remove("yearlyIncome"));
    }
    out
}

/// [`income_arguments`] for a question in Spanish: "familia de 3", "somos cuatro", "4 personas en
/// mi casa", "$1,800 al mes", "21 mil dólares al año". What it does not find in Spanish words is
/// read as English ("family of 3" in a Spanish sentence).
pub fn income_arguments_es(question: &str) -> Value {
    let q = proseva_citation::lang::fold(question);
    let words: Vec<&str> = q.split_whitespace().collect();
    let clean = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    let count = |w: &str| -> Option<i64> {
        let n = ["uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"].iter().position(|x| *x == w);
        n.map(|i| i as i64 + 1).or_else(|| (w == "una").then_some(1)).or_else(|| w.parse().ok()).filter(|n| (1..=50).contains(n))
    };
    let mut out = json!({});
    for (i, w) in words.iter().enumerate() {
        let next = |k: usize| clean(words.get(i + k).copied().unwrap_or_default());
        let word = clean(w);
        // "familia de 3", "hogar de cuatro", "somos 4", "4 personas"
        if (word.starts_with("familia") || word.starts_with("hogar"))
            && next(1) == "de"
            && let Some(n) = count(&next(2))
        {
            out["householdSize"] = json!(n);
        }
        // "somos 4", "somos cuatro" (not "somos una familia de 3")
        if word == "somos"
            && !matches!(next(1).as_str(), "una" | "uno")
            && let Some(n) = count(&next(1))
        {
            out["householdSize"] = json!(n);
        }
        if let Some(n) = count(&word).filter(|_| next(1).starts_with("persona")) {
            out["householdSize"] = json!(n);
        }
        if w.contains('$')
            || word.starts_with("dolar")
            || next(1).starts_with("dolar")
            || (next(1) == "mil" && next(2).starts_with("dolar"))
        {
            let Some(mut amount) = amount_of(w).filter(|a| *a > 0.0) else { continue };
            if next(1) == "mil" {
                amount *= 1000.0;
            }
            let rest = words[i + 1..words.len().min(i + 5)].join(" ");
            let yearly = if rest.contains("mes") {
                amount * 12.0
            } else if rest.contains("quincena") {
                amount * 26.0
            } else if rest.contains("semana") {
                amount * 52.0
            } else {
                amount
            };
            out["yearlyIncome"] = json!(yearly);
        }
    }
    let english = income_arguments(question);
    for key in ["householdSize", "yearlyIncome"] {
        if out.get(key).is_none()
            && let Some(v) = english.get(key)
        {
            out[key] = v.clone();
        }
    }
    // An income alone cannot be weighed: the guidelines go by household size.
    if out.get("householdSize").is_none() {
        out.as_object_mut().map(|o| o.remove("yearlyIncome"));
    }
    out
}

fn text(v: &Value) -> Option<&str> {
    v.as_str().filter(|s| !s.trim().is_empty())
}

fn entry_line(e: &Value, es: bool) -> String {
    let mut line = format!("**{}**", text(&e["name"]).unwrap_or(if es { "Ayuda" } else { "Help" }));
    if let Some(p) = crate::cards::phones(&e["phone"], if es { " o " } else { " or " }) {
        let _ = write!(line, " — {p}");
    }
    if let Some(u) = text(&e["url"]) {
        let _ = write!(line, " — {u}");
    }
    if let Some(how) = text(&e["howToApply"]).or(text(&e["who"])) {
        let _ = write!(line, ". {}", how.trim_end_matches('.'));
    }
    line.push('.');
    line
}

/// The hand-offs first: each situation the question meets, why (with the law), who to call today
/// and what the app can still do. `es`: in Spanish (the Help data's own words come as the server
/// wrote them).
pub fn hand_offs(result: &Value, es: bool) -> String {
    let mut out = String::new();
    for q in result["handOffs"].as_array().into_iter().flatten() {
        let hand = &q["handOff"];
        let (title, asked, why) = (text(&hand["title"]), text(&q["text"]).unwrap_or_default(), text(&q["why"]).unwrap_or_default());
        let today = text(&hand["today"]).unwrap_or_default();
        if es {
            let title = title.unwrap_or("Busque la ayuda de un abogado ahora");
            let _ = write!(
                out,
                "**{title}: puede que esta aplicación no baste para ayudarle con esto de forma segura.** Usted escribió sobre una \
                 situación por la que pregunta la aplicación: *{asked}* {why}\n\n"
            );
            let _ = writeln!(out, "**A quién llamar hoy:** {today}\n");
        } else {
            let title = title.unwrap_or("Get a lawyer’s help now");
            let _ = write!(
                out,
                "**{title} — this may be more than this app can help with safely.** You wrote about a situation the app asks about: \
                 *{asked}* {why}\n\n"
            );
            let _ = writeln!(out, "**Who to call today:** {today}\n");
        }
        for e in hand["call"].as_array().into_iter().flatten() {
            let _ = writeln!(out, "- {}", entry_line(e, es));
        }
        let still = text(&hand["appCanStill"]).unwrap_or_default();
        if es {
            let _ = write!(out, "\n**Lo que esta aplicación todavía puede hacer:** {still}\n\n");
        } else {
            let _ = write!(out, "\n**What this app can still do:** {still}\n\n");
        }
        let law: Vec<String> = q["law"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|p| {
                let cite = text(&p["cite"])?;
                let read = text(&p["read"]).unwrap_or("?");
                Some(match (es, p["official"] == true) {
                    (false, true) => format!("{cite} (official text, read {read})"),
                    (false, false) => format!("{cite} (unofficial copy, read {read})"),
                    (true, true) => format!("{cite} (texto oficial, leído el {read})"),
                    (true, false) => format!("{cite} (copia no oficial, leída el {read})"),
                })
            })
            .collect();
        if !law.is_empty() {
            let lead = if es {
                "La ley en la que se basa, como la guardó la aplicación:"
            } else {
                "The law this rests on, as the app recorded it:"
            };
            let _ = write!(out, "*{lead}* {}.\n\n", law.join("; "));
        }
    }
    out
}

/// Who can help, for a question about getting a lawyer: the person's program, the statewide
/// lines, what their income means, and where the list comes from. `es`: in Spanish.
pub fn who_can_help(result: &Value, es: bool) -> String {
    let mut out = String::new();
    let place = text(&result["locality"]["name"]);
    match place {
        Some(place) => {
            let from_case = result["localityFrom"] == "case court";
            if es {
                let from = if from_case { " (según el tribunal de su caso)" } else { "" };
                let _ = write!(
                    out,
                    "**Ayuda legal gratuita para {place}**{from}: la ayuda legal es ayuda gratuita de abogados para personas de bajos \
                     ingresos. Llame o haga la solicitud, diga dónde vive y de qué se trata su caso; el programa decide si puede \
                     aceptarlo.\n\n"
                );
            } else {
                let from = if from_case { " (from your case's court)" } else { "" };
                let _ = write!(
                    out,
                    "**Free legal help for {place}**{from}: legal aid gives free help from lawyers to people with low incomes. Call or apply, say where you live and what your case is about; the program decides whether it can take it.\n\n"
                );
            }
            for p in result["programs"].as_array().into_iter().flatten() {
                let _ = writeln!(out, "- {}", entry_line(p, es));
            }
            out.push('\n');
        }
        None if es => {
            let why = text(&result["localityNote"]).unwrap_or("No se sabe en qué condado o ciudad vive usted.");
            let _ = write!(
                out,
                "**Ayuda legal gratuita:** la ayuda legal es ayuda gratuita de abogados para personas de bajos ingresos; el programa \
                 que le corresponde depende de su condado o ciudad. {why}\n\n"
            );
        }
        None => {
            let why = text(&result["localityNote"]).unwrap_or("Your county or city is not known.");
            let _ = write!(
                out,
                "**Free legal help:** legal aid gives free help from lawyers to people with low incomes; which program serves you \
                 depends on your county or city. {why}\n\n"
            );
        }
    }
    let lines: Vec<String> = result["statewide"].as_array().into_iter().flatten().map(|e| entry_line(e, es)).collect();
    if !lines.is_empty() {
        out.push_str(if es { "**Para todo Virginia:**\n\n" } else { "**For all of Virginia:**\n\n" });
        for line in lines {
            let _ = writeln!(out, "- {line}");
        }
        out.push('\n');
    }
    let e = &result["eligibility"];
    if e.is_object() {
        let people = e["householdSize"]
            .as_u64()
            .map(|n| match (es, n) {
                (false, 1) => "1 person".to_string(),
                (false, n) => format!("{n} people"),
                (true, 1) => "1 persona".to_string(),
                (true, n) => format!("{n} personas"),
            })
            .unwrap_or_default();
        let (year, line, percent) = (&e["guidelineYear"], money(e["povertyLine"].as_f64().unwrap_or(0.0)), &e["percentOfPoverty"]);
        if es {
            let _ = write!(
                out,
                "**Quién califica:** la pauta federal de pobreza para {people} en {year} es ${line} al año; sus ingresos son el \
                 {percent}% de esa cantidad."
            );
        } else {
            let _ = write!(
                out,
                "**Who qualifies:** the federal poverty guideline for {people} in {year} is ${line} a year; your income is {percent}% of it."
            );
        }
        for r in e["programs"].as_array().into_iter().flatten() {
            let limit = money(r["limit"].as_f64().unwrap_or(0.0));
            let may = r["mayQualify"] == true;
            if es {
                let verdict = if may { "usted podría calificar; ellos deciden" } else { "más que su límite habitual" };
                let name = text(&r["name"]).unwrap_or("Un programa");
                let _ = write!(out, " {name}: {verdict} (unos ${limit} al año para {people}).");
            } else {
                let verdict = if may { "you may qualify — they decide" } else { "above their usual limit" };
                let name = text(&r["name"]).unwrap_or("A program");
                let _ = write!(out, " {name}: {verdict} (about ${limit} a year for {people}).");
            }
        }
        out.push_str("\n\n");
    } else if es {
        out.push_str(
            "**Quién califica:** los programas de ayuda legal comparan los ingresos del hogar antes de impuestos con las pautas \
             federales de pobreza. Dígame cuántas personas viven en su hogar y cuánto ganan en un año, o use Ayuda → Quién \
             califica; el programa decide.\n\n",
        );
    } else {
        out.push_str(
            "**Who qualifies:** legal aid programs look at the household's income before tax against the federal poverty \
             guidelines. Tell me how many people live in your household and your yearly income, or use Help → Who qualifies; \
             the program decides.\n\n",
        );
    }
    if let Some(date) = text(&result["listDate"]) {
        if es {
            let _ = write!(
                out,
                "*Esta lista de programas y líneas de ayuda se leyó el {date}; cada uno muestra su fuente en la pestaña Ayuda.*\n\n"
            );
        } else {
            let _ = write!(out, "*This list of programs and lines was read {date}; each entry on the Help tab shows its source.*\n\n");
        }
    }
    out
}

/// Whole dollars with thousands separated: 27320 → "27,320".
fn money(amount: f64) -> String {
    crate::cards::thousands(amount.round() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stated_household_and_income_become_arguments() {
        assert_eq!(
            income_arguments("I'm a family of 3 making $21,000 a year, can I get a free lawyer?"),
            json!({"householdSize": 3, "yearlyIncome": 21000.0})
        );
        assert_eq!(
            income_arguments("There are four of us and I make $1,800 a month"),
            json!({"householdSize": 4, "yearlyIncome": 21600.0})
        );
        assert_eq!(income_arguments("2 people, 30k dollars"), json!({"householdSize": 2, "yearlyIncome": 30000.0}));
        // An income with no household is not weighed; nothing stated is nothing.
        assert_eq!(income_arguments("I make $20,000"), json!({}));
        assert_eq!(income_arguments("Can I get a free lawyer?"), json!({}));
    }

    #[test]
    fn lawyer_questions_are_known_by_their_words() {
        for q in
            ["Can I get a free lawyer?", "I can't afford a lawyer", "Do I need a lawyer for an eviction?", "Is there legal aid near me?"]
        {
            assert!(asks_for_a_lawyer(q), "{q}");
        }
        assert!(!asks_for_a_lawyer("How long do I have to appeal?"));
        assert_eq!(money(27320.0), "27,320");
        assert_eq!(money(5680.0), "5,680");
    }
}
