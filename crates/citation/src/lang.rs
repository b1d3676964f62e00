//! Which language a person wrote in: Spanish or English, read from the words alone.

/// Words (folded to ASCII) that mark a sentence as Spanish and are not English words.
const SPANISH_MARKS: &[&str] = &[
    "el", "la", "los", "las", "que", "q", "k", "de", "del", "por", "para", "con", "una", "es", "esta", "estoy", "mi", "mis", "tengo",
    "tiene", "puedo", "puede", "se", "y", "pero", "como", "cuando", "donde", "su", "sus", "le", "lo", "ya", "hay", "muy", "porque", "porq",
    "xq", "pq", "sin", "al", "son", "fue", "nos", "les", "yo", "ella", "ellos", "usted", "ustedes", "hace", "quiero", "quiere", "debo",
    "dias", "dinero", "casa", "hijo", "hijos", "esposo", "esposa", "trabajo", "corte", "ayuda", "tambien", "despues", "antes", "cuanto",
    "cuantos", "cuanta", "cuantas", "algo", "nada", "nunca", "todo", "todos", "otra", "otro", "ahora", "aqui", "alla", "pues", "entonces",
    "hasta", "desde", "sobre", "entre", "hacer", "tener", "pagar", "pague", "dijo", "dice", "mismo", "si", "este", "eso", "esa", "ese",
    "estan", "estaba", "tenia", "habia", "han", "ha", "hola", "gracias",
];

/// Words that mark a sentence as English and are not Spanish words.
const ENGLISH_MARKS: &[&str] = &[
    "the", "my", "is", "i", "to", "and", "of", "for", "can", "what", "how", "do", "does", "in", "it", "on", "with", "not", "you", "have",
    "was", "are", "if", "will", "be", "that", "this", "get", "he", "she", "they", "his", "her", "their", "am", "did", "got", "from",
    "want", "when", "where", "who", "why", "would", "should", "could", "after", "before", "about", "back", "still", "just", "an", "or",
    "at", "by", "we", "our", "your", "has", "had", "been", "there", "them", "him", "any", "court", "without",
];

/// Whether `text` is written in Spanish: more Spanish marks than English ones, a Spanish mark
/// being a word only Spanish uses, a word written with a letter only Spanish writes (`ñ`, an
/// accented vowel), or a `¿` or `¡`. A question in Spanglish ("mi landlord no me devuelve el
/// deposit") is Spanish; an English one naming José is English; a tie is English.
pub fn is_spanish(text: &str) -> bool {
    let spanish_letter = |c: char| matches!(c, 'ñ' | 'Ñ' | 'á' | 'é' | 'í' | 'ó' | 'ú' | 'Á' | 'É' | 'Í' | 'Ó' | 'Ú');
    let mut spanish = text.chars().filter(|c| matches!(c, '¿' | '¡')).count();
    let mut english = 0usize;
    for word in text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
        let folded = fold(word);
        spanish += usize::from(SPANISH_MARKS.contains(&folded.as_str()) || word.chars().any(spanish_letter));
        english += usize::from(ENGLISH_MARKS.contains(&folded.as_str()));
    }
    spanish > english
}

/// `text` in lower case with the accents of Spanish (and the other Latin-1 marks) taken off its
/// letters and `ñ` written `n`, whether an accent is part of its letter or a combining mark after
/// it; every other character is kept.
pub fn fold(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ñ' => 'n',
            'ç' => 'c',
            'ý' | 'ÿ' => 'y',
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spanish_questions_are_told_from_english_ones() {
        for q in [
            "mi casero no me devuelve el deposito",
            "¿Cuánto tiempo tengo para apelar?",
            "me llego un papel de la corte q hago",
            "mi landlord no me quiere devolver el deposit",
            "tengo un ticket por manejar rapido",
        ] {
            assert!(is_spanish(q), "{q}");
        }
        for q in [
            "my landlord won't give my deposit back",
            "How long do I have to appeal?",
            "Can I get a protective order?",
            "what is a no contact order",
            "My landlord José kept my deposit",
        ] {
            assert!(!is_spanish(q), "{q}");
        }
    }
}
