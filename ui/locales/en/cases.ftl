### Messages of ui/cases.js.

## Kinds of case and step-by-step paths

# $type is the kind of case: custody, divorce, landlord-tenant, traffic, small-claims, protective-order, other.
cases-type = { $type ->
        [custody] Custody and visitation
        [divorce] Divorce
        [landlord-tenant] Landlord and tenant
        [traffic] Traffic
        [small-claims] Small claims
        [protective-order] Protective order
       *[other] Other
    }
cases-type-not-set = Not set
# $kind is the step-by-step path of the case (the short name; the server's titles are longer).
cases-path-title = { $kind ->
        [eviction-tenant] Eviction, as the tenant
        [debt-defendant] Warrant in debt or small claims, being sued
        [debt-plaintiff] Warrant in debt or small claims, suing
        [custody-visitation] Custody and visitation
        [protective-order-petitioner] Protective order, asking for one
        [protective-order-respondent] Protective order, answering one
        [traffic-misdemeanor] Traffic or misdemeanor charge
       *[appeal-district] Appeal from a district court
    }
# $status is open or closed.
cases-status = { $status ->
        [closed] Closed
       *[open] Open
    }

## The fields of a case (first-run card, New case…, Edit)

cases-field-name = Name of the case
cases-field-name-placeholder = e.g. Custody of J., or Deposit from Elm St. landlord
cases-field-name-hint = Any name that helps you recognise it.
cases-field-type = Kind of case
cases-field-type-choose = Choose…
cases-field-case-number = Case number
cases-field-case-number-placeholder = e.g. JJ123456-01-00
cases-field-case-number-hint = On any paper from the court. Leave empty if you have none yet.
cases-field-court = Court
cases-field-court-placeholder = e.g. Fairfax County J&DR District Court
cases-field-status = Status
cases-field-parties = Parties
cases-field-parties-hint = Who is in the case, and their role.
cases-field-reminders = Reminders for this case’s deadlines
cases-field-reminders-inherit = Use the usual reminders: 7 days before, 2 days before and the morning of the day
cases-field-reminders-hint = A deadline can still choose its own.
cases-field-notes = Notes

## The Overview page

cases-eyebrow = Your case
cases-edit = Edit
cases-close = Close case
cases-reopen = Reopen case
cases-delete = Delete
cases-counts-label = In this case
cases-details-title = Details
cases-parties-title = Parties
cases-notes-title = Notes about the case
cases-detail-added = Added
cases-detail-path = Step-by-step path
cases-parties-none = No parties yet — Edit adds them.
cases-notes-none = No notes.
# $count is the number of deadlines not yet done.
cases-count-deadlines = { $count ->
        [one] deadline to meet
       *[other] deadlines to meet
    }
# $count is the number of those deadlines whose day has passed.
cases-count-overdue = ⚠ { $count } overdue
# $count is the number of documents.
cases-count-documents = { $count ->
        [one] document
       *[other] documents
    }
# $count is the number of notes.
cases-count-notes = { $count ->
        [one] note
       *[other] notes
    }

## Edit, Close / Reopen, Delete

cases-edit-title = Edit case
cases-edit-save = Save changes
# $name is the case's name.
cases-closed-announce = { $name } closed. It stays in the case list, marked closed.
cases-reopened-announce = { $name } reopened.
# $reason is the app's own message, as it came.
cases-not-changed = Not changed: { $reason }
cases-delete-title = Delete this case?
cases-delete-message = “{ $name }” will be deleted. A case that still has deadlines, documents or other records cannot be deleted: delete or move them first.
cases-delete-confirm = Delete case
cases-deleted-announce = { $name } deleted.
