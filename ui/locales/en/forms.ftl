### Messages of ui/forms.js: the forms of the case workspace, built from a list of fields. The
### labels, hints and options of the fields are the calling module's; these are forms.js's own.

## A field

# After a field's label, when it must be filled in.
forms-required = (required)
# The choice before an amount of money; $label is the amount's label (for example "Amount").
forms-money-direction-label = { $label }: spent or received
forms-money-spent = Spent
forms-money-received = Received

## The parties of a case

# A party's role in the case.
forms-party-role = { $role ->
        [me] Me
        [other-party] Other party
        [child] Child
        [attorney] Attorney
        [judge] Judge
        [witness] Witness
       *[other] Other
    }
forms-party-add = + Add a party
forms-party-remove = Remove
# $number is the party's place in the list (1, 2, …), read by a screen reader.
forms-party-name-label = Party { $number }: name
forms-party-role-label = Party { $number }: role
# $name is the party's name as typed.
forms-party-remove-named = Remove party { $name }
# A party with no name yet: $number is its place in the list.
forms-party-remove-number = Remove party { $number }

## Reminders before a deadline

forms-reminder-30d = 30 days before
forms-reminder-14d = 2 weeks before
forms-reminder-7d = 7 days before
forms-reminder-3d = 3 days before
forms-reminder-2d = 2 days before
forms-reminder-1d = The day before
forms-reminder-morning = The morning of the day
forms-reminder-2h = 2 hours before a hearing
forms-reminder-1h = 1 hour before a hearing
# A deadline with every reminder turned off.
forms-reminders-none = none
forms-reminders-inherit = Use the usual reminders
forms-reminders-legend = Remind me
forms-reminders-hint = Day reminders come at 8:00 in the morning. None ticked: no reminders.

## A form the app refused. $action is what the form does: save, build (a paper) or create (a case).

forms-not-saved = { $action ->
        [build] Not built.
        [create] Not created.
       *[save] Not saved.
    }
# $count is how many fields need a change; their reasons are shown under them.
forms-not-saved-fields = { $action ->
        [build] { $count ->
            [one] Not built: one field needs a change (see below).
           *[other] Not built: { $count } fields need a change (see below).
        }
        [create] { $count ->
            [one] Not created: one field needs a change (see below).
           *[other] Not created: { $count } fields need a change (see below).
        }
       *[save] { $count ->
            [one] Not saved: one field needs a change (see below).
           *[other] Not saved: { $count } fields need a change (see below).
        }
    }
# $reason is the app's own reasons, as they came.
forms-not-saved-because = { $action ->
        [build] Not built: { $reason }
        [create] Not created: { $reason }
       *[save] Not saved: { $reason }
    }
forms-why-starting = ProSeVA is still starting.
forms-why-unavailable = Your case data is not available right now.
