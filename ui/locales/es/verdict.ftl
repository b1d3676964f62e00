### Messages of ui/verdict.js.
# The card of a claim check (Ask → Check a claim). What the model wrote (the resolution, quotes,
# steps and their dates) is shown as it comes.

verdict-claim-check = Verificación de una afirmación
# $verdict: supported, not_supported, unclear.
verdict-words = { $verdict ->
        [supported] La ley apoya esta afirmación
        [not_supported] La ley no apoya esta afirmación
       *[unclear] No queda claro con lo que se encontró
    }
# $percent is a number from 0 to 100.
verdict-confidence = Confianza: { $percent } %
verdict-confidence-label = Confianza
verdict-law-heading = La ley en la que se basa
# A section of the Constitution; $article (a Roman numeral) and $section are its numbers.
verdict-constitution-section = Constitución de Virginia, Artículo { $article }, Sección { $section }
verdict-quote-not-verbatim = Estas son palabras del modelo: no están en el texto de la sección que tiene la aplicación. Abra la sección para leer lo que dice.
verdict-steps-heading = Qué hacer
# $date is the step's date, as the model wrote it.
verdict-step-by = a más tardar el { $date }

## Adding a step to the deadlines

verdict-add-to-deadlines = Agregar a las fechas límite
verdict-adding = Agregando…
verdict-added = Agregado
# $date is the step's date, as the model wrote it.
verdict-added-said = ✓ en sus fechas límite para el { $date }
# $message is the app's message.
verdict-not-added = No se agregó: { $message }
