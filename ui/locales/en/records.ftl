### Messages of ui/records.js.

## Paged lists

records-empty-default = Nothing here yet.
records-loading = Loading…
# $reason is the app's own message, as it came.
records-list-unreadable = This list could not be read: { $reason }
records-previous = ← Previous
records-next = Next →
# $list is the list's name (as its heading says it).
records-pager-label = { $list } pages
records-pager-label-plain = List pages

## A page of one kind of record (contacts, finances, timeline). $noun is the kind of record:
## contact, entry, event, deadline, document, note, conversation. $name is the record's name.

records-add-button = { $noun ->
        [contact] + Add contact
        [entry] + Add entry
        [event] + Add event
        [deadline] + Add deadline
        [document] + Add document
        [note] + Add note
        [conversation] + Add conversation
       *[other] + Add { $noun }
    }
records-add-title = { $noun ->
        [contact] Add contact
        [entry] Add entry
        [event] Add event
        [deadline] Add deadline
        [document] Add document
        [note] Add note
        [conversation] Add conversation
       *[other] Add { $noun }
    }
records-edit-title = { $noun ->
        [contact] Edit contact
        [entry] Edit entry
        [event] Edit event
        [deadline] Edit deadline
        [document] Edit document
        [note] Edit note
        [conversation] Edit conversation
       *[other] Edit { $noun }
    }
records-empty = { $noun ->
        [contact] No contacts yet.
        [entry] No entries yet.
        [event] No events yet.
        [deadline] No deadlines yet.
        [document] No documents yet.
        [note] No notes yet.
        [conversation] No conversations yet.
       *[other] No { $noun }s yet.
    }
records-save-changes = Save changes
records-edit = Edit
records-edit-label = Edit { $name }
records-delete = Delete
records-delete-label = Delete { $name }
# $list is the page's title, in lower case.
records-filter-label = Filter { $list }
records-filter-apply = Apply
records-filter-clear = Clear

## Deleting a record

records-delete-title = { $noun ->
        [contact] Delete this contact?
        [entry] Delete this entry?
        [event] Delete this event?
        [deadline] Delete this deadline?
        [document] Delete this document?
        [note] Delete this note?
        [conversation] Delete this conversation?
       *[other] Delete this { $noun }?
    }
records-delete-message = “{ $name }” will be deleted. This cannot be undone.
records-delete-confirm = { $noun ->
        [contact] Delete contact
        [entry] Delete entry
        [event] Delete event
        [deadline] Delete deadline
        [document] Delete document
        [note] Delete note
        [conversation] Delete conversation
       *[other] Delete { $noun }
    }
records-deleted = Deleted { $name }.
# $reason is the app's own message, as it came.
records-not-deleted = Not deleted: { $reason }
