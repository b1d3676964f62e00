### Messages of ui/casefile.js.

## Contacts

casefile-contacts-title = Contacts
casefile-contacts-lead = The people and offices in this case: the other party, the clerk, lawyers, witnesses.
casefile-contact-name = Name
casefile-contact-role-label = Role
# $role is the contact's role: opposing_party, attorney, clerk, judge, witness, other.
casefile-contact-role = { $role ->
        [opposing_party] Other party
        [attorney] Attorney
        [clerk] Clerk
        [judge] Judge
        [witness] Witness
       *[other] Other
    }
casefile-contact-phone = Phone
casefile-contact-email = Email
casefile-contact-address = Address
casefile-contact-notes = Notes

## Finances and their totals by category

casefile-finances-title = Finances
casefile-finances-lead = What the case costs you, and what you receive: fees, costs, support.
casefile-finances-empty = No money recorded yet.
# An entry's name (in "Delete …"): $what is its description or category, $date its date.
casefile-finance-name = { $what } ({ $date })
casefile-finance-date = Date
casefile-finance-amount = Amount in dollars
casefile-finance-amount-hint = Choose Spent or Received, then the amount, e.g. 86.50.
casefile-finance-category-placeholder = e.g. filing fees
casefile-finance-description = Description
# The title of an entry with neither description nor category.
casefile-finance-untitled = Entry
# The badge of an entry with no category.
casefile-finance-category-none = other
# $reason is the app's own message, as it came.
casefile-totals-unreadable = Totals could not be read: { $reason }
casefile-totals-title = Totals by category
casefile-totals-none = Nothing recorded yet.
casefile-totals-category = Category
casefile-totals-entries = Entries
casefile-totals-total = Total
casefile-totals-all = All categories
casefile-totals-hint = Money spent counts up; money received (shown with a minus sign) counts down.

## Timeline

casefile-timeline-title = Timeline
casefile-timeline-lead = What happened, when, and who did it — the story of the case in order.
casefile-timeline-empty = No events match.
casefile-event-title = What happened
casefile-event-party = Who
casefile-event-party-placeholder = e.g. Me, the landlord
casefile-event-critical = Critical — an important event for the case
casefile-event-details = Details
casefile-event-critical-badge = Critical
# $id is the number of the document the event was read from.
casefile-event-from-document = From document #{ $id }
casefile-filter-words = Words
casefile-filter-words-placeholder = e.g. deposit
casefile-filter-from = From
casefile-filter-to = To
casefile-filter-critical = Critical only
