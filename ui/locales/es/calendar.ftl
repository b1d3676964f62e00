### Messages of ui/calendar.js.
# The month calendar of deadlines on the Deadlines page. Month and weekday names come from the
# language itself (Intl); a deadline's title is the person's own.

calendar-previous = ‹
    .aria-label = Mes anterior
    .title = Mes anterior
calendar-next = ›
    .aria-label = Mes siguiente
    .title = Mes siguiente
calendar-today = Hoy
calendar-help = Las flechas pasan de un día a otro; las teclas Page Up y Page Down (Re Pág, Av Pág), de un mes a otro. Enter muestra las fechas límite del día.
# A day's name for a screen reader, on today: $day is the day's number, $date the whole date.
calendar-day-today = { $day } Hoy, { $date }
# What a day holds, after its date: $count deadlines; $overdue is yes when some are overdue;
# $titles their titles, separated by semicolons.
calendar-day-deadlines = { $overdue ->
        [yes] { $count ->
            [one] { $count } fecha límite, vencida: { $titles }
           *[other] { $count } fechas límite, vencidas: { $titles }
        }
       *[no] { $count ->
            [one] { $count } fecha límite: { $titles }
           *[other] { $count } fechas límite: { $titles }
        }
    }
# A deadline that is done, in that list: $title is its title.
calendar-deadline-done = { $title } (hecha)
# More deadlines on a day than its square shows: $count of them.
calendar-more = +{ $count } más
