//! The offline answer in Spanish, for a question asked in Spanish: the same answer as in English
//! (the section that leads, the sources found, the person's records), its words in Spanish. The
//! law is quoted in English, as the official text and its checked summaries are written; a
//! section's Spanish summary (`summaryEs`, written from the English with the same figures) is
//! given beside it, and where a section has none yet the answer says so rather than translating
//! on the fly.

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
