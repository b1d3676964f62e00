### Messages of ui/start.js.

## The kinds of case, as the person says it (-mine), as someone helping them says it (-theirs),
## and the case's name when none is typed (-name)

start-eviction-tenant-mine = My landlord is trying to evict me
start-eviction-tenant-theirs = Their landlord is trying to evict them
start-eviction-tenant-name = My eviction case
start-debt-defendant-mine = Someone is suing me for money
start-debt-defendant-theirs = Someone is suing them for money
start-debt-defendant-name = Money I am being sued for
start-debt-plaintiff-mine = I want to sue someone who owes me money
start-debt-plaintiff-theirs = They want to sue someone who owes them money
start-debt-plaintiff-name = Money I am owed
start-custody-visitation-mine = Custody of my child, or visitation
start-custody-visitation-theirs = Custody of their child, or visitation
start-custody-visitation-name = Custody and visitation
start-protective-order-petitioner-mine = I need protection from someone
start-protective-order-petitioner-theirs = They need protection from someone
start-protective-order-petitioner-name = My protective order
start-protective-order-respondent-mine = Someone asked the court for a protective order against me
start-protective-order-respondent-theirs = Someone asked for a protective order against them
start-protective-order-respondent-name = Protective order against me
start-traffic-misdemeanor-mine = I got a traffic ticket or a misdemeanor charge
start-traffic-misdemeanor-theirs = They got a traffic ticket or a misdemeanor charge
start-traffic-misdemeanor-name = My traffic or misdemeanor charge
start-appeal-district-mine = I lost in district court and want to appeal
start-appeal-district-theirs = They lost in district court and want to appeal
start-appeal-district-name = My appeal

## "What brings you here?"

start-title = What brings you here?
start-lead = Choose what fits best. Nothing is saved until you say so.
start-lead-helping = Choose what their case is about. Everything here works the same when you help someone else; the app will say “you” for them.
start-just-a-question = I just have a question
start-helping = I’m helping someone else
start-own-case = It is my own case
start-skip = Skip for now
# Said to a screen reader. “Start here” is the button that opens this question again.
start-skipped = Skipped. “Start here”, under the example questions and in the list of cases, asks again.
# Said to a screen reader.
start-ask-below = Ask your question in the box below.
# $reason is the app's own message.
start-kinds-failed = The kinds of case could not be read: { $reason }

## The dates on the papers. $who is mine (the person's own case) or theirs (someone they help).

start-dates-title = { $who ->
        [theirs] The dates on their papers
       *[mine] The dates on your papers
    }
start-dates-hint = { $who ->
        [theirs] Each date works out a deadline or a step. Leave a date empty if their papers do not show it yet: it can be added later on the Step by step page.
       *[mine] Each date works out a deadline or a step. Leave a date empty if your papers do not show it yet: it can be added later on the Step by step page.
    }
start-name-label = A name for this case (optional)
start-amount-label = How much money the case is about (optional)
start-amount-hint = It decides which court hears the case.
start-amount-not-money = Write the amount as dollars, for example 1,250 or 1250.00.
start-back = Back
start-create-mine = Create my case and show the steps
start-create-theirs = Create their case and show the steps
# Said to a screen reader. $name is the case's name.
start-created = Case “{ $name }” created. Step by step shows what to do next.
# $reason is the app's own message.
start-dates-not-saved = The case was created, but its dates were not saved: { $reason }
# $reason is the app's own message.
start-not-created = Not created: { $reason }
