### Messages of ui/calendar.js.
# The month calendar of deadlines on the Deadlines page. Month and weekday names come from the
# language itself (Intl); a deadline's title is the person's own.

calendar-previous = ‹
    .aria-label = Previous month
    .title = Previous month
calendar-next = ›
    .aria-label = Next month
    .title = Next month
calendar-today = Today
calendar-help = Arrow keys move between days, Page Up and Page Down between months. Enter lists the day’s deadlines.
# A day's name for a screen reader, on today: $day is the day's number, $date the whole date.
calendar-day-today = { $day } Today, { $date }
# What a day holds, after its date: $count deadlines; $overdue is yes when some are overdue;
# $titles their titles, separated by semicolons.
calendar-day-deadlines = { $overdue ->
        [yes] { $count ->
            [one] { $count } deadline, overdue: { $titles }
           *[other] { $count } deadlines, overdue: { $titles }
        }
       *[no] { $count ->
            [one] { $count } deadline: { $titles }
           *[other] { $count } deadlines: { $titles }
        }
    }
# A deadline that is done, in that list: $title is its title.
calendar-deadline-done = { $title } (done)
# More deadlines on a day than its square shows: $count of them.
calendar-more = +{ $count } more
