### Messages of ui/rules.js.
# "Add a deadline from a rule": the rules, the date each gives, what is due by then. The rules'
# titles, citations, what they count from ($after) and their explanations come from the app as
# they are.

rules-loading = Cargando las reglas…
# $error is the app's own reason, as it came.
rules-not-read = No se pudieron leer las reglas: { $error }
# Under a rule's title: $days days after $after (the event, as the rule names it).
rules-days-after = { $days ->
        [one] { $days } día después de { $after }
       *[other] { $days } días después de { $after }
    }
# What a rule says is due ($what, a list of things; $cites their sections): by the rule's day, or
# within $days days.
rules-due-by-then = Vence para entonces: { $what } ({ $cites })
rules-due-within = { $days ->
        [one] Vence en { $days } día: { $what } ({ $cites })
       *[other] Vence en { $days } días: { $what } ({ $cites })
    }
# The last two things of such a list: $first (the others before it) and $last; $semicolons is yes
# when the things are separated by semicolons (one of them has a comma of its own).
rules-list-and = { $semicolons ->
        [yes] { $first }; y { $last }
       *[no] { $first } y { $last }
    }
# The date field's label once a rule is chosen: $after is what the rule counts from.
rules-trigger-label = 2. Fecha de { $after }
# $date is the deadline's date.
rules-would-be = La fecha límite sería el { $date }.
rules-preview-empty = Elija una regla y escriba la fecha: la fecha límite que da, y cómo se contó, aparece aquí antes de guardar.
rules-counting = Contando los días…
rules-preview-error = Todavía no hay fecha: vea el mensaje de arriba.
rules-preview-title = La fecha límite
rules-preview-due = Lo que vence
# $date is the day the days counted to; $count how many days were skipped after it.
rules-moved = { $count ->
        [one] Se movió del { $date }: se saltó { $count } día
       *[other] Se movió del { $date }: se saltaron { $count } días
    }
rules-passed = Esta fecha ya pasó.
# $date is the deadline's date.
rules-saved = Fecha límite guardada para el { $date }.
# $error is the app's own reason, as it came.
rules-not-saved = No se guardó: { $error }
