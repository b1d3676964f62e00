# The Deadlines page and the "Due in the next 7 days" strip on the Ask panel (ui/deadlines.js).

## The kinds of deadline ($kind is filing, hearing, response, service, appeal, discovery,
## post-trial or other)

deadlines-kind = { $kind ->
        [filing] Filing
        [hearing] Hearing
        [response] Response
        [service] Service
        [appeal] Appeal
        [discovery] Discovery
        [post-trial] After the trial
       *[other] Other
    }

## A deadline's fields (Add a deadline, Edit deadline)

deadlines-field-title = What is due
deadlines-field-date = Date
# $rule is the rule's name, as the app wrote it.
deadlines-field-date-rule-hint = Set by { $rule }. Changing the date by hand unlinks the rule.
deadlines-field-date-a-rule-hint = Set by a rule. Changing the date by hand unlinks the rule.
deadlines-field-kind = Kind
deadlines-field-trigger = Counted from (event date)
deadlines-field-trigger-hint = Changing it counts the date again under the same rule.
deadlines-field-time = Time
deadlines-field-time-hint = For a hearing: when it starts. Leave empty for a deadline that lasts all day.
deadlines-field-location = Where
    .placeholder = e.g. Richmond General District Court, 400 N. 9th St., Courtroom 2
deadlines-field-location-hint = For a hearing. Left empty, a hearing is at the case’s court.
deadlines-field-reminders = Reminders
deadlines-field-reminders-inherit = Use the case’s reminders (if it has none: 7 days before, 2 days before and the morning of the day)
deadlines-field-notes = Notes
deadlines-edit-title = Edit deadline
deadlines-add-title = Add a deadline
deadlines-save-changes = Save changes
deadlines-add-save = Add deadline

## The page

deadlines-add-hand = + Add by hand
deadlines-add-rule = Add from a rule…
deadlines-done = Done
# $count is how many deadlines are marked done.
deadlines-done-count = Done ({ $count })
deadlines-overdue = Overdue
deadlines-upcoming = Upcoming
deadlines-page-title = Deadlines
deadlines-page-lead = Dates you must not miss. A rule counts the days for you, skipping weekends and legal holidays, and says how it did.
deadlines-calendar =
    .aria-label = Calendar
deadlines-list-upcoming = Upcoming deadlines
deadlines-list-overdue = overdue deadlines
deadlines-list-done = done deadlines
deadlines-empty-overdue = Nothing overdue.
deadlines-empty-upcoming = No upcoming deadlines.
deadlines-empty-done = Nothing marked done yet.

## A deadline in the list ($title is the deadline's title)

deadlines-done-check = Done: { $title }
# Before the rule's name; ends with a space.
deadlines-rule-label = Rule:{ " " }
# $date is the day the rule counted from.
deadlines-counted-from = counted from { $date }
# $reminders is when the reminders come ("7 days before, the morning of the day").
deadlines-reminders = Reminders: { $reminders }
# $time is the hour, as the person typed it (14:30).
deadlines-at-time = at { $time }
deadlines-calendar-add = Add to my calendar
deadlines-calendar-add-label = Add to my calendar: { $title }
deadlines-edit = Edit
deadlines-edit-label = Edit { $title }
deadlines-delete = Delete
deadlines-delete-label = Delete { $title }

## A day of the calendar

deadlines-day-none = No deadlines on this day.
# $date is the day.
deadlines-day-add = + Add a deadline on { $date }
deadlines-marked-done = Marked done.
deadlines-marked-not-done = Marked not done.
# $error is the app's own reason, as it came.
deadlines-not-changed = Not changed: { $error }

## The strip on the Ask panel

deadlines-due-title = Due in the next 7 days
# $count is how many deadlines are overdue (with "+": there are more than shown).
deadlines-due-overdue = { $count } overdue · due in the next 7 days
deadlines-due-overdue-more = { $count }+ overdue · due in the next 7 days
# $total is how many deadlines there are.
deadlines-due-all = All { $total } →
