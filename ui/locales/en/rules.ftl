### Messages of ui/rules.js.
# "Add a deadline from a rule": the rules, the date each gives, what is due by then. The rules'
# titles, citations, what they count from ($after) and their explanations come from the app as
# they are.

rules-loading = Loading the rules…
# $error is the app's own reason, as it came.
rules-not-read = The rules could not be read: { $error }
# Under a rule's title: $days days after $after (the event, as the rule names it).
rules-days-after = { $days ->
        [one] { $days } day after { $after }
       *[other] { $days } days after { $after }
    }
# What a rule says is due ($what, a list of things; $cites their sections): by the rule's day, or
# within $days days.
rules-due-by-then = Due by then: { $what } ({ $cites })
rules-due-within = { $days ->
        [one] Due within { $days } day: { $what } ({ $cites })
       *[other] Due within { $days } days: { $what } ({ $cites })
    }
# The last two things of such a list: $first (the others before it) and $last; $semicolons is yes
# when the things are separated by semicolons (one of them has a comma of its own).
rules-list-and = { $semicolons ->
        [yes] { $first }; and { $last }
       *[no] { $first } and { $last }
    }
# The date field's label once a rule is chosen: $after is what the rule counts from.
rules-trigger-label = 2. Date of { $after }
# $date is the deadline's date.
rules-would-be = The deadline would be { $date }.
rules-preview-empty = Pick a rule and enter the date: the deadline it gives, and how it was counted, shows here before you save.
rules-counting = Counting the days…
rules-preview-error = No date yet — see the message above.
rules-preview-title = The deadline
rules-preview-due = What is due
# $date is the day the days counted to; $count how many days were skipped after it.
rules-moved = { $count ->
        [one] Moved from { $date }: { $count } day skipped
       *[other] Moved from { $date }: { $count } days skipped
    }
rules-passed = This date has already passed.
# $date is the deadline's date.
rules-saved = Deadline saved for { $date }.
# $error is the app's own reason, as it came.
rules-not-saved = Not saved: { $error }
