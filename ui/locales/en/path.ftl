# The Case tab's "Step by step" page and the Overview's "Step by step" card (ui/path.js).

## How far a day is from today ($days is a number of days, 2 or more)

path-day-today = today
path-day-tomorrow = tomorrow
path-day-yesterday = yesterday
path-day-in = { $days ->
        [one] in { $days } day
       *[other] in { $days } days
    }
path-day-ago = { $days ->
        [one] { $days } day ago
       *[other] { $days } days ago
    }

## When a step happens or is due (a label, then the date; the labels end with a space)

# $label is the name of the date (from the kind of case: "The first court date").
path-date-not-entered = Not entered yet: enter “{ $label }” above when you know it.
path-when-in-court = In court:{ " " }
path-when-on = On:{ " " }
path-when-date = Date:{ " " }
path-when-deadline = Deadline:{ " " }
# $error is the app's own reason, as it came.
path-deadline-error = could not be counted: { $error }
path-proof-link = Proof for the hearing: what the court must find, and your records for it

## A step

path-fact-what = What happens
path-fact-court = Court
path-fact-file = What to file
path-fact-bring = What to bring
path-fact-law = The law
# Read out before the step's title; $number is its place in the list. Ends with a space.
path-step-number = Step { $number }:{ " " }
path-status-done = Done
path-status-next = Next
path-status-later = Later
path-tick-done = Done
path-step-more = What this step said

## Which court hears the case

path-court-title = Which court
path-court-choose = Choose the kind of case to see which court hears it.
# $court is the court's name, as in path-court-name.
path-court-usually = Usually the <strong>{ $court }</strong>.
# $court is the court's id.
path-court-name = { $court ->
        [general-district] general district court
        [small-claims] small claims division of the general district court
        [juvenile-domestic] juvenile and domestic relations district court
       *[circuit] circuit court
    }
# $count is how many other courts; $last the last one's name; $others the names before it, with commas.
path-court-also = { $count ->
        [one] It may also go to the { $last }.
       *[other] It may also go to the { $others } or the { $last }.
    }
# Before the links to the sections; ends with a space.
path-law-label = The law:{ " " }

## Is this app enough?

path-screen-text = <strong>Is this app enough for your case? </strong>Some situations need a lawyer now — a charge that can mean jail, a bankruptcy, custody across state lines, immigration. A few yes-or-no questions tell you.
path-screen-open = Answer a few questions

## The path

# $done and $total are numbers of steps; $next is the next step's title.
path-progress-next = { $done } of { $total } steps done. Next: <strong>{ $next }</strong>.
path-progress-all = All { $total } steps done.
path-caveats =
    .aria-label = Before you rely on this
path-court-date = Court date

## The amount claimed, refused (shown under the field, its first letter made a capital)

path-amount-not-number = must be a number of dollars, e.g. 4500 or 4,500.00
path-amount-negative = must be a number of dollars, not negative, e.g. 4500 or 4,500.00
path-amount-invalid = the amount is not a number

## The page

path-kind-none = None of these
path-dates-legend = Dates in your case
path-dates-hint = Enter the ones you know, from the papers you got. The deadlines below are counted from them, and each one goes into your Deadlines.
path-amount =
    .placeholder = e.g. 4,800.00
path-amount-label = Amount claimed, in dollars
path-amount-hint = Not counting interest and lawyer fees. It decides which court can hear the case.
path-save = Save
path-form-title = Your case
path-kind-label = Which of these is your case?
path-steps =
    .aria-label = The steps of your case
path-calendar-add = Add this case to my calendar
path-page-title = Step by step
path-page-lead = What happens in a case like yours, in order: which court, what to file and bring, and the dates you must not miss. Tick each step off as you go.
# $error is the app's own reason, as it came.
path-kinds-error = The kinds of case could not be read: { $error }
path-working = Working out your steps…
path-load-error = The steps could not be read: { $error }
path-kind-choose = Choose one to see its steps. Leave “None of these” if none fits: everything else in the case works the same.
path-empty = Choose which of the eight kinds your case is, above, and save: the steps of that kind of case appear here, with their dates.
path-empty-kinds = Eviction for a tenant, a warrant in debt or small claims (either side), custody and visitation, a protective order (either side), a traffic or misdemeanor charge, and an appeal from a district court.

## Saved, or not ($next is the next step's title; $error the app's own reason)

path-saved = Saved. Dates with a deadline or a court day are in your Deadlines.
path-saved-next = Saved. Next: { $next }. Dates with a deadline or a court day are in your Deadlines.
path-saved-no-path = Saved: no step-by-step path for this case.
path-not-saved = Not saved: { $error }
# $count is how many fields need a change.
path-not-saved-fields = { $count ->
        [one] Not saved: one thing needs a change (see above).
       *[other] Not saved: { $count } things need a change (see above).
    }
path-marked-done = Marked done. Every step is done.
path-marked-done-next = Marked done. Next: { $next }.
path-marked-not-done = Marked not done.
path-not-changed = Not changed: { $error }

## The Overview's "Step by step" card

path-card-title = Step by step
path-card-intro = For an eviction, a debt or small claim, custody, a protective order, a traffic charge or an appeal, ProSeVA can show each step in order, with its deadline.
path-card-choose = Choose the kind of case
path-card-reading = Reading your steps…
path-card-error = Your steps could not be read: { $error }
path-card-see-all = See every step
path-card-next = Next
path-card-all-done = Every step is done.
