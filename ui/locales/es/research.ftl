### Messages of ui/research.js.
# Research's results beside the answer: the question they are for and what they add up to.

# $question is the question, as the person asked it.
research-for = Para: “{ $question }”
research-looking = Buscando…
# $cards is how many results so far, $sources from how many sources.
research-so-far = { $cards } hasta ahora de { $sources ->
        [one] { $sources } fuente
       *[other] { $sources } fuentes
    }; todavía buscando…
research-nothing-yet = Todavía no se encontró nada.
research-no-sources = No se buscó en ninguna fuente para esta pregunta.
# $cards is how many results, $sources from how many sources.
research-results = { $cards ->
        [one] { $cards } resultado
       *[other] { $cards } resultados
    } de { $sources ->
        [one] { $sources } fuente
       *[other] { $sources } fuentes
    }
