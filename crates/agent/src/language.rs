//! The language a request is answered in: set by the runner for a question asked in Spanish or a
//! window in Spanish, read by whatever says words to the person (the tools' requests to the
//! server, the sidebar's cards, a workflow's summary). Kept apart from the tools so that anything
//! may read it without depending on them.

tokio::task_local! {
    /// The language the request being run is answered in (`"es"`), set by the runner for a
    /// question asked in Spanish ([`answering_in`]); unset for English. While it is set, every
    /// request [`crate::tools::local::ServerClient`] sends carries `Accept-Language` with it, so the server's words in
    /// what the tools return (the steps of a path, the Proof books, the Help data) come in that
    /// language. The agent runs a request's tool calls in its own task (it spawns none), so the
    /// scope holds for all of them; a tool that runs in the server's own process can read it too
    /// ([`answer_language`]).
    pub static ANSWER_LANGUAGE: &'static str;
}

/// The language the current request is answered in, when it is not English (`Some("es")`).
pub fn answer_language() -> Option<&'static str> {
    ANSWER_LANGUAGE.try_with(|lang| *lang).ok()
}

/// Runs `work` in the language `question` is written in: in Spanish under [`ANSWER_LANGUAGE`]
/// `"es"`; in English as it is, with no language set.
pub async fn answering_in<F: std::future::Future>(question: &str, work: F) -> F::Output {
    if proseva_citation::lang::is_spanish(question) { ANSWER_LANGUAGE.scope("es", work).await } else { work.await }
}

/// Whether `lang`, a language code as a window or an `Accept-Language` gives it (`"es"`,
/// `"es-US"`), is Spanish. The agent's own words (the sidebar's cards, a workflow's summary and
/// the notes it writes) come in Spanish for it and in English for anything else.
pub fn is_spanish_code(lang: Option<&str>) -> bool {
    lang.map(|l| l.trim().to_ascii_lowercase()).is_some_and(|l| l == "es" || l.starts_with("es-") || l.starts_with("es_"))
}

/// Runs `work` in the window's language `lang` when it is Spanish ([`is_spanish_code`]); else in
/// the language `text` (what the person typed, if anything) is written in, as [`answering_in`].
pub async fn answering_in_language<F: std::future::Future>(lang: Option<&str>, text: &str, work: F) -> F::Output {
    if is_spanish_code(lang) { ANSWER_LANGUAGE.scope("es", work).await } else { answering_in(text, work).await }
}
