# The Deadlines page and the "Due in the next 7 days" strip on the Ask panel (ui/deadlines.js).

## The kinds of deadline ($kind is filing, hearing, response, service, appeal, discovery,
## post-trial or other)

deadlines-kind = { $kind ->
        [filing] Presentación
        [hearing] Audiencia
        [response] Respuesta
        [service] Notificación
        [appeal] Apelación
        [discovery] Intercambio de pruebas
        [post-trial] Después del juicio
       *[other] Otro
    }

## A deadline's fields (Add a deadline, Edit deadline)

deadlines-field-title = Qué se vence
deadlines-field-date = Fecha
# $rule is the rule's name, as the app wrote it.
deadlines-field-date-rule-hint = La fijó { $rule }. Si cambia la fecha a mano, se quita la conexión con la regla.
deadlines-field-date-a-rule-hint = La fijó una regla. Si cambia la fecha a mano, se quita la conexión con la regla.
deadlines-field-kind = Tipo
deadlines-field-trigger = Contada desde (fecha del suceso)
deadlines-field-trigger-hint = Si la cambia, la fecha se vuelve a contar con la misma regla.
deadlines-field-time = Hora
deadlines-field-time-hint = Para una audiencia: cuándo empieza. Déjela vacía para una fecha límite que dura todo el día.
deadlines-field-location = Dónde
    .placeholder = por ejemplo Tribunal General de Distrito de Richmond, 400 N. 9th St., Sala de audiencias 2
deadlines-field-location-hint = Para una audiencia. Si la deja vacía, la audiencia es en el tribunal del caso.
deadlines-field-reminders = Recordatorios
deadlines-field-reminders-inherit = Usar los recordatorios del caso (si no tiene: 7 días antes, 2 días antes y la mañana del día)
deadlines-field-notes = Notas
deadlines-edit-title = Editar la fecha límite
deadlines-add-title = Agregar una fecha límite
deadlines-save-changes = Guardar los cambios
deadlines-add-save = Agregar la fecha límite

## The page

deadlines-add-hand = + Agregar a mano
deadlines-add-rule = Agregar con una regla…
deadlines-done = Hechas
# $count is how many deadlines are marked done.
deadlines-done-count = Hechas ({ $count })
deadlines-overdue = Vencidas
deadlines-upcoming = Próximas
deadlines-page-title = Fechas límite
deadlines-page-lead = Fechas que no debe dejar pasar. Una regla cuenta los días por usted, sin contar los fines de semana ni los días feriados, y le explica cómo lo hizo.
deadlines-calendar =
    .aria-label = Calendario
deadlines-list-upcoming = Próximas fechas límite
deadlines-list-overdue = fechas límite vencidas
deadlines-list-done = fechas límite hechas
deadlines-empty-overdue = Nada vencido.
deadlines-empty-upcoming = No hay fechas límite próximas.
deadlines-empty-done = Todavía no hay nada marcado como hecho.

## A deadline in the list ($title is the deadline's title)

deadlines-done-check = Hecha: { $title }
# Before the rule's name; ends with a space.
deadlines-rule-label = Regla:{ " " }
# $date is the day the rule counted from.
deadlines-counted-from = contada desde el { $date }
# $reminders is when the reminders come ("7 days before, the morning of the day").
deadlines-reminders = Recordatorios: { $reminders }
# $time is the hour, as the person typed it (14:30).
deadlines-at-time = a las { $time }
deadlines-calendar-add = Agregar a mi calendario
deadlines-calendar-add-label = Agregar a mi calendario: { $title }
deadlines-edit = Editar
deadlines-edit-label = Editar { $title }
deadlines-delete = Borrar
deadlines-delete-label = Borrar { $title }

## A day of the calendar

deadlines-day-none = No hay fechas límite este día.
# $date is the day.
deadlines-day-add = + Agregar una fecha límite el { $date }
deadlines-marked-done = Marcada como hecha.
deadlines-marked-not-done = Marcada como no hecha.
# $error is the app's own reason, as it came.
deadlines-not-changed = No se cambió: { $error }

## The strip on the Ask panel

deadlines-due-title = Se vencen en los próximos 7 días
# $count is how many deadlines are overdue (with "+": there are more than shown).
deadlines-due-overdue = { $count ->
        [one] { $count } vencida · se vencen en los próximos 7 días
       *[other] { $count } vencidas · se vencen en los próximos 7 días
    }
deadlines-due-overdue-more = { $count }+ vencidas · se vencen en los próximos 7 días
# $total is how many deadlines there are.
deadlines-due-all = Las { $total } →
