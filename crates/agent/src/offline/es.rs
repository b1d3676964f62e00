//! The offline answer in Spanish, for a question asked in Spanish: the same answer as in English
//! (the section that leads, the sources found, the person's records), its words in Spanish. The
//! law is quoted in English, as the official text and its checked summaries are written; a
//! section's Spanish summary (`summaryEs`, written from the English with the same figures) is
//! given beside it, and where a section has none yet the answer says so rather than translating
//! on the fly.
//!
//! The blocks built from the person's records and the app's tools (where the case stands on its
//! path, who can help, what the court must find) are written in Spanish too, their words beside
//! the English in [`super::path_block`], [`super::help`] and [`super::proof`], or here; what the
//! server gives in them comes in Spanish when it was asked in Spanish
//! ([`crate::language::ANSWER_LANGUAGE`]). A Spanish question is read with the Spanish cues
//! below as well as the English ones.

use super::{Found, best_sentences, plain_sentences};

pub const MOST_RELEVANT: &str = "Lo más pertinente:";
pub const MAY_APPLY: &str = "Estas secciones pueden aplicarse:";
pub const OFFLINE: &str = "**Respuesta sin conexión.** No hay un modelo de lenguaje configurado, así que esta respuesta se arma con \
     las fuentes que encontró la aplicación. Las cita; no las interpreta. La ley se cita en inglés, que es el idioma del texto oficial, \
     con su resumen en español al lado. Para una respuesta escrita, agregue un modelo en Configuración.\n\n";
pub const PROSE: &str = "**Para escribir una carta, una moción o un esquema hace falta un modelo de lenguaje**, y no hay ninguno \
     configurado: agregue uno en Configuración. Sin modelo, el botón **Borrador…** arma una cronología del caso o una lista para la \
     audiencia con sus registros. Abajo están las fuentes en que se basaría ese borrador.\n\n";
pub const NOTHING_FOUND: &str = "No encontré nada en el grafo de leyes de Virginia que corresponda a esta pregunta. Pruebe con otras \
     palabras, o con un número de sección como § 20-124.3.\n\n";
pub const CLOSEST: &str = "**Las secciones de Virginia que más se acercaron** (puede que no se apliquen)\n\n";
pub const SOURCES_SAY: &str = "**Lo que dicen las fuentes de la ley de Virginia**\n\n";
pub const CASE_FILE: &str = "**De su expediente**\n\n";
pub const CASE_FILE_NOTHING: &str = "**De su expediente:** nada en sus registros corresponde a esta pregunta.\n\n";
pub const RELATED: &str = "Secciones relacionadas:";
pub const OUTSIDE: &str = "**Otras fuentes**\n\n";
pub const FAILURES: &str = "No se pudo buscar en algunas fuentes:\n";
pub const NOT_ADVICE: &str = "Esto es información legal, no asesoría legal. Lea el texto oficial (en inglés) antes de basarse en él.";

/// A section's name as a Spanish answer gives it: `§ 55.1-1245`, or the Constitution's article and
/// section.
pub fn section_label(source_id: &str, node_type: &str) -> String {
    if let Some(rest) = source_id.strip_prefix("const-") {
        let (article, section) = rest.split_once('-').unwrap_or((rest, ""));
        return format!("Constitución de Virginia, artículo {article}, sección {section}");
    }
    if node_type == "section" { format!("§ {source_id}") } else { source_id.to_string() }
}

/// The answer's opening when the law graph may not hold the answer at all.
pub fn not_found(searched: &str) -> String {
    format!(
        "**No se encontró en el grafo de leyes de Virginia.** Busqué “{}”, pero lo que encontré no parece responder a su pregunta, \
         así que puede que ninguna de las secciones de abajo se aplique. El Código oficial de Virginia está en \
         https://law.lis.virginia.gov/ (en inglés); para la ley de otro estado o la ley federal, lea el sitio oficial de ese \
         gobierno. Un abogado o un programa de asistencia legal puede decirle qué ley se aplica a su caso.\n\n",
        crate::cards::truncate(searched, 120)
    )
}

/// "In plain words", in Spanish: the sentences of the leading section's Spanish summary that best
/// answer the question; or, for a section with no Spanish summary yet, that it has none.
pub fn plain_words(summary_es: Option<&str>, question: &str) -> String {
    match summary_es.map(|s| plain_sentences(s, question)).filter(|s| !s.is_empty()) {
        Some(sentences) => format!("**En palabras sencillas:** {}\n\n", sentences.join(" ")),
        None => "**En palabras sencillas:** esta sección todavía no tiene resumen en español. Abajo se cita su resumen en inglés.\n\n"
            .to_string(),
    }
}

/// One source as the Spanish answer lists it: its name, what kind of English text is quoted, the
/// quote, and its Spanish summary beside it.
pub fn quoted(label: &str, heading: &str, f: &Found, question: &str) -> String {
    let kind = if f.text_kind == "summary" {
        "resumen en inglés en lenguaje sencillo, no las palabras de la ley"
    } else {
        "texto oficial, en inglés"
    };
    let english = best_sentences(&f.text, question, 2).join(" ");
    let spanish = match f.summary_es.as_deref() {
        Some(summary) => format!(" **En español (resumen, no el texto oficial):** {}", best_sentences(summary, question, 2).join(" ")),
        None => " *Esta sección todavía no tiene resumen en español.*".to_string(),
    };
    let link = f.url.as_deref().map(|u| format!(" [Texto oficial]({u})")).unwrap_or_default();
    // The notices of another version or of a change are the explorer's, in English.
    let notices: String =
        [f.version_notice.as_deref(), f.change_notice.as_deref()].into_iter().flatten().map(|n| format!(" *{n}*")).collect();
    format!("- **{label}. {heading}** ({kind}): \"{english}\"{spanish}{notices}{link}\n")
}

/// Whether a Spanish question asks for prose to be written (una carta, una moción…).
pub fn asks_for_prose(question: &str) -> bool {
    const VERBS: [&str; 5] = ["escrib", "redact", "prepar", "hacer", "hazme"];
    const WRITINGS: [&str; 9] = ["carta", "mocion", "peticion", "respuesta", "correo", "email", "esquema", "declaracion", "demanda"];
    let q = proseva_citation::lang::fold(question);
    let words: Vec<&str> = q.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    words.iter().any(|w| VERBS.iter().any(|v| w.starts_with(v))) && WRITINGS.iter().any(|n| words.contains(n))
}

// Where the person's case stands on its step-by-step path (`GetCases`'s `path`), in the words
// the Case tab's Paso a paso page uses.

pub const PATH_NEXT: &str = "Siguiente:";
/// The next step's facts: its label and the key of `path.next` it shows.
pub const PATH_FACTS: [(&str, &str); 3] = [("Tribunal", "court"), ("Qué presentar", "file"), ("Qué llevar", "bring")];
pub const PATH_DEADLINE: &str = "Fecha límite";
pub const PATH_LAW: &str = "La ley";
pub const PATH_ALL_DONE: &str = "Todos los pasos de este camino están hechos.\n";
pub const PATH_AFTER: &str = "Después vienen:";
pub const PATH_COURT: &str = "Qué tribunal ve su caso:";
pub const PATH_ITS_STEPS: &str = "Sus pasos:";

/// The path's heading: the case, the path, and how many of its steps are done.
pub fn path_heading(case_name: Option<&str>, title: &str, done: u64, steps: u64) -> String {
    let done_words = if steps == 1 { "paso hecho" } else { "pasos hechos" };
    format!("**Dónde está su caso: {}** ({title}; {done} de {steps} {done_words})\n\n", case_name.unwrap_or("su caso"))
}

/// "What to do next" for a person with no case on a path yet: the paths (`lines`, one list item
/// each) and where to start one.
pub fn path_offer(lines: &str) -> String {
    format!(
        "**Qué hacer ahora:** esta aplicación tiene un camino paso a paso para este tipo de caso.\n\n{lines}\nElija **Empiece \
         aquí** (debajo de las preguntas de ejemplo de Preguntar) para escribir las fechas que aparecen en sus papeles: Paso a \
         paso le muestra entonces su siguiente paso, la fecha límite y qué tribunal ve su caso.\n\n"
    )
}

// The person's own records, one line each under "De su expediente".

/// A tool's error when it gave none.
pub const FAILED: &str = "no funcionó";
pub const EVENT: &str = "evento";
pub const UNTITLED: &str = "sin título";

/// A passage of one of the person's notes or documents.
pub fn from_record(note: bool, title: Option<&str>, text: &str) -> String {
    let from = if note { "De su nota" } else { "De su documento" };
    format!("{from} \"{}\": \"{text}\"", title.unwrap_or(UNTITLED))
}

/// One of the person's deadlines.
pub fn deadline_line(date: Option<&str>, title: Option<&str>, overdue: bool) -> String {
    let overdue = if overdue { " — ya venció" } else { "" };
    format!("Fecha límite {}: {}{overdue}", date.unwrap_or("?"), title.unwrap_or(UNTITLED))
}

/// One of the person's cases: its number, name, court and whether it is open.
pub fn case_line(number: Option<&str>, name: Option<&str>, court: Option<&str>, status: Option<&str>) -> String {
    let status = match status.unwrap_or("open") {
        "open" => "abierto",
        "closed" => "cerrado",
        other => other,
    };
    format!("Caso {}: {} ({}, {status})", number.unwrap_or("?"), name.unwrap_or("sin nombre"), court.unwrap_or("no se sabe el tribunal"))
}

// What a Spanish question asks, read from its words: folded (no accents, lower case), with
// "q"/"k" read as "que", each cue matched with a space on either side of the words it names.

/// The question's words as the cues are matched against: folded, one space between words and
/// one at each end.
fn spaced(question: &str) -> String {
    let folded = proseva_citation::lang::fold(question);
    let words: Vec<&str> = folded
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| if w == "q" || w == "k" { "que" } else { w })
        .collect();
    format!(" {} ", words.join(" "))
}

/// Whether the question holds any of `cues` (folded words; a cue with a space before it starts a
/// word, one with a space after it ends one).
pub fn has_any(question: &str, cues: &[&str]) -> bool {
    let q = spaced(question);
    cues.iter().any(|cue| q.contains(cue))
}

/// The Spanish cues of the offline plan, beside the English ones in [`super::plan`].
pub mod cues {
    /// The person speaks of themselves: their records may answer.
    pub const PERSONAL: &[&str] = &[" mi ", " mis ", " me ", " yo ", " tengo ", " nuestro", " nuestra", " nos "];
    pub const DEADLINES: &[&str] = &[
        "fecha limite",
        " plazo",
        "audiencia",
        " cuando es ",
        " cuando tengo ",
        " cuando me toca",
        " siguiente",
        " que sigue",
        " proxim",
        " fecha de corte",
        " fecha en el tribunal",
    ];
    pub const CASES: &[&str] = &[" caso", "audiencia", " juicio"];
    pub const CONTACTS: &[&str] = &["contacto", "abogad", "secretari", " juez", " telefono", " correo", " email", "direccion", "testigo"];
    pub const MONEY: &[&str] =
        &[" dinero", " costo", " cuesta ", " pague", " pagar ", " pagado", " gasto", " cuota", " deuda", " cuanto debo", " le debo"];
    pub const DOCUMENTS: &[&str] = &["documento", " orden", " papel", " carta", " aviso", " peticion", " demanda", " citatorio"];
    pub const TIMELINE: &[&str] = &["cronologia", " que paso ", " cuando paso ", " sucedio", " ocurrio", " incidente", " historia"];
}

/// Whether a Spanish question asks where a case goes from here ("¿qué sigue en mi caso?").
pub fn asks_what_next(question: &str) -> bool {
    has_any(
        question,
        &[
            " que sigue",
            " siguiente paso",
            " proximo paso",
            " los pasos",
            " que pasa ahora",
            " que pasa despues",
            " que va a pasar",
            " que hago",
            " que debo hacer",
            " que tengo que hacer",
            " ahora que ",
            " mi caso",
            " como va ",
            " en que va ",
            " donde estoy",
        ],
    )
}

/// Whether a Spanish question asks what the person still lacks for their hearing, or what they
/// must prove and with what ("¿qué me falta para la audiencia?"), as
/// [`super::proof::asks_what_is_missing`] does in English.
pub fn asks_what_is_missing(question: &str) -> bool {
    has_any(
        question,
        &[
            " que me falta",
            " que mas me falta",
            " que falta para ",
            " que mas necesito",
            " que necesito probar",
            " que tengo que probar",
            " que debo probar",
            " que hay que probar",
            " que necesito demostrar",
            " que tengo que demostrar",
            " que debo demostrar",
            " que pruebas necesito",
            " que pruebas tengo",
            " que pruebas debo",
            " que pruebas hacen falta",
            " que evidencia necesito",
            " que evidencias necesito",
            " que debe comprobar el tribunal",
            " que tiene que comprobar el tribunal",
            " que necesita ver el juez",
            " estoy listo para la audiencia",
            " estoy lista para la audiencia",
            " estoy listo para mi audiencia",
            " estoy lista para mi audiencia",
            " que necesito para la audiencia",
            " que necesito para mi audiencia",
        ],
    )
}

/// Whether a Spanish question asks about getting a lawyer or legal help ("necesito un abogado"),
/// as [`super::help::asks_for_a_lawyer`] does in English.
pub fn asks_for_a_lawyer(question: &str) -> bool {
    has_any(
        question,
        &[
            "abogad",
            " ayuda legal",
            " asistencia legal",
            " servicios legales",
            " pro bono",
            " defensor publico",
            " defensora publica",
            " nombrado por el tribunal",
            " nombrado por la corte",
            " representarme",
            " representacion legal",
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spanish_request_for_a_letter_is_told_from_a_question() {
        assert!(asks_for_prose("me puede escribir una carta para mi casero"));
        assert!(asks_for_prose("Redacte una moción para pedir más tiempo"));
        assert!(!asks_for_prose("mi casero no me devuelve el deposito"));
        assert!(!asks_for_prose("que dice la carta que me mandaron"));
    }
}
