### Messages of ui/help.js.

## When a page was read

# $date is the day it was read ("Nov 30, 2026"); $days how many days ago that was (0 is today).
help-read-when = { $days ->
        [0] { $date } (today)
        [1] { $date } (yesterday)
       *[other] { $date } ({ $days } days ago)
    }
# $when is help-read-when ("Nov 30, 2026 (today)").
help-read-ago = read { $when }
# Under a program or a help line. <site>…</site> is the link to the web site ($site its name);
# $more is how many other pages were read; $when is help-read-when ("Nov 30, 2026 (today)").
help-source = { $more ->
        [0] Source: <site>{ $site }</site>, read { $when }.
       *[other] Source: <site>{ $site }</site> and { $more } more, read { $when }.
    }
# The same, when the day it was read is not known.
help-source-undated = { $more ->
        [0] Source: <site>{ $site }</site>.
       *[other] Source: <site>{ $site }</site> and { $more } more.
    }

## Legal aid where the person lives

help-counties = Counties
help-cities = Cities
# $reason is the app's own message.
help-localities-failed = The list of places could not be read: { $reason }
help-looking = Looking…
# $place is a county or city ("Fairfax County").
help-programs-heading = Legal aid for { $place }
help-programs-lead = Legal aid is free help from lawyers for people with low incomes. Call or apply, say where you live and what your case is about; they decide whether they can take it.
# The list's name for a screen reader. $place is a county or city.
help-programs-label = Legal aid programs for { $place }
help-statewide-heading = Help for all of Virginia
# $when is help-read-when ("Nov 30, 2026 (12 days ago)").
help-list-age = This list was read { $when }. Numbers and offices change: if one does not answer, try the statewide Legal Aid line.
help-list-changes = Numbers and offices change: if one does not answer, try the statewide Legal Aid line.
# Said to a screen reader. $count is the number of programs; $place a county or city.
help-programs-found = { $count ->
        [one] { $count } legal aid program for { $place }.
       *[other] { $count } legal aid programs for { $place }.
    }
# $court is the court's name, as the case says it.
help-locality-from-court = From your case’s court ({ $court }). Choose another place if you live elsewhere.
# $court is the court's name; $places the counties or cities it could be in ("Fairfax County or Fairfax").
help-locality-court-could-be = Your case’s court ({ $court }) could be in { $places }: choose the one where you live.
# Before a program's telephone numbers.
help-telephone = Telephone:
# Before a program's web address.
help-web = Web:
# $kinds is the program's own list of the cases it takes, as its pages say it.
help-takes-cases = Takes cases such as: { $kinds }.
help-takes-unknown = The pages read do not say it takes your kind of case; ask them.
# $cost is what the help line says it costs, as it says it.
help-cost = Cost: { $cost }

## Who may qualify

help-income-needed = Enter the household’s yearly income before tax, in dollars (for example 21,000).
# $size is the number of people in the household; $year the guideline's year ("2026");
# $line the guideline ("$15,650"); $income the household's income ("$21,000"); $percent a number.
help-poverty = { $size ->
        [one] The federal poverty guideline for { $size } person in { $year } is { $line } a year. { $income } is { $percent }% of it.
       *[other] The federal poverty guideline for { $size } people in { $year } is { $line } a year. { $income } is { $percent }% of it.
    }
# After a program's name. $size is the number of people in the household; $limit an amount ("$39,125").
help-rule-may-qualify = { $size ->
        [one] you may qualify — they decide. Their limit for { $size } person is about { $limit } a year.
       *[other] you may qualify — they decide. Their limit for { $size } people is about { $limit } a year.
    }
help-rule-above = { $size ->
        [one] above their limit of about { $limit } a year for { $size } person.
       *[other] above their limit of about { $limit } a year for { $size } people.
    }
help-may-qualify-announce = You may qualify for free legal help. They decide.
help-above-limits-announce = Your income is above the limits shown.

## When this app is not enough: the questions and the hand-off screen

# $reason is the app's own message.
help-kinds-failed = The kinds of case could not be read: { $reason }
# The answer buttons under each question. $answer is yes or no.
help-answer = { $answer ->
        [no] No
       *[yes] Yes
    }
# The hand-off's title when the server gives none.
help-handoff-title = Get a lawyer’s help now
# Before the question, which follows as the server says it.
help-handoff-answered-yes = You answered yes to:
help-handoff-why-heading = Why this matters
help-handoff-call-heading = Who to call today
help-handoff-app-heading = What this app can still do
help-handoff-packet = Prepare for a lawyer
help-handoff-back = Back to the questions
# Said to a screen reader when the hand-off opens. $title is its title.
help-handoff-announce = { $title }.
# $count is the number of passages of law.
help-handoff-law = The law this rests on ({ $count })
# A passage of law, quoted. $passage is the law's own words.
help-law-passage = “{ $passage }”
# Under a passage. $official is yes or no; $text what the text is of, as the server says it;
# $when is help-read-when; <site>…</site> the link to where it was read ($site its name).
help-law-source = { $official ->
        [yes] Official text ({ $text }); read { $when } from <site>{ $site }</site>.
       *[other] Not an official copy ({ $text }); read { $when } from <site>{ $site }</site>.
    }
# The same, when the day it was read is not known.
help-law-source-undated = { $official ->
        [yes] Official text ({ $text }); from <site>{ $site }</site>.
       *[other] Not an official copy ({ $text }); from <site>{ $site }</site>.
    }

## The packet for a lawyer

help-packet-no-case = Open a case on the Case tab first: the packet is made from it.
# $name is the case's name.
help-packet-from-case = From the case “{ $name }”.
help-packet-no-documents = No documents in this case yet.
help-packet-no-notes = No notes in this case yet.
help-packet-making = Making the packet…
# $count is the number of files saved; their names follow.
help-packet-saved = { $count ->
        [one] Saved { $count } file to your exports folder:
       *[other] Saved { $count } files to your exports folder:
    }
# Said to a screen reader. $count is the number of files.
help-packet-saved-announce = { $count ->
        [one] The packet is saved: { $count } file in your exports folder.
       *[other] The packet is saved: { $count } files in your exports folder.
    }
