### Messages of ui/proof.js.
# The Case tab's "Proof for the hearing" page. What the server says (the kind's elements, their
# plain words, the caveat, the evidence sentences, the records' names) comes as it is.

## The page

proof-title = Proof for the hearing
proof-lead = What the court must find in your kind of case, and which of your records shows each part. Link your documents, dates, notes, payments and witnesses; then take the hearing packet with you.
proof-loading = Reading what the court must find…
proof-try-again = Try again
# $error is the app's own reason, as it came.
proof-not-read = What the court must find could not be read: { $error }
proof-no-kind-title = No kind of case chosen yet
proof-go-path = Choose it on Step by step
# The two headings when the server's book names none.
proof-claim-title = What must be proved
proof-defence-title = The answers to the case

## Where each part stands

proof-counts-label =
    .aria-label = Where your proof stands
# $status is shown, partly or nothing. $count is how many parts; <n>…</n> is the number, in bold.
proof-count = { $status ->
        [shown] <n>{ $count }</n> shown
        [partly] <n>{ $count }</n> partly shown
       *[nothing] <n>{ $count }</n> with nothing yet
    }
# An element's status badge ($status: shown, partly, nothing).
proof-status = { $status ->
        [shown] Shown
        [partly] Partly shown
       *[nothing] Nothing yet
    }
# Said after a link changes: where the parts stand now ($shown, $partly, $nothing are counts).
proof-where = { $shown } shown, { $partly } partly, { $nothing } with nothing yet.

## The kinds of record ($kind: document, timeline, note, finance, contact)

# A record's kind, as a label beside it.
proof-record-noun = { $kind ->
        [document] Document
        [timeline] Timeline event
        [note] Note
        [finance] Payment
        [contact] Person
       *[other] { $kind }
    }
# A record's kind with its article, in a list: "a document, a timeline event or a note".
proof-record-a = { $kind ->
        [document] a document
        [timeline] a timeline event
        [note] a note
        [finance] a payment
        [contact] a person
       *[other] a { $kind }
    }
# The heading of a group of records in the picker.
proof-record-group = { $kind ->
        [document] Documents
        [timeline] Timeline events
        [note] Notes
        [finance] Payments
        [contact] People
       *[other] { $kind }
    }
# A person's role beside their name in the picker ($role: opposing_party, attorney, clerk,
# judge, witness; $words is the role as stored, for any other).
proof-contact-role = { $role ->
        [opposing_party] opposing party
        [attorney] attorney
        [clerk] clerk
        [judge] judge
        [witness] witness
       *[other] { $words }
    }
# A person in the picker: $name is their name, $role the role above.
proof-contact-label = { $name } ({ $role })
# The date of a linked record: $date is the date; $added is yes when it is the day a document
# was added (not a date it carries).
proof-record-date = { $added ->
        [yes] added { $date }
       *[no] { $date }
    }

## A part the court must find

proof-law = The law:
proof-evidence-title = What would show it
proof-records-title = Your records
proof-no-links = No record linked yet.
proof-have = You have:
proof-missing = Missing:
proof-sources = Where this comes from
proof-source-check = check the text in force today
proof-agent = Proposed by the assistant

## A linked record

proof-note-label = What it shows
# $label is the record's name.
proof-note-save = Save
    .aria-label = Save what “{ $label }” shows
# $label is the record's name, $title the part it is linked to.
proof-unlink = Unlink
    .aria-label = Unlink “{ $label }” from “{ $title }”
proof-saved = Saved.
# $error is the app's own reason, as it came.
proof-not-saved = Not saved: { $error }
proof-not-unlinked = Not unlinked: { $error }
proof-not-linked = Not linked: { $error }
# Said when a link is made or taken away: $label is the record's name, $title the part.
proof-linked = Linked { $label } to “{ $title }”.
proof-unlinked = { $label } is no longer linked to “{ $title }”.
# The record's name when the view does not have it.
proof-the-record = the record

## Link a record

proof-link-open = Link a record
# $kinds is the kinds of record the part takes: "a document, a timeline event or a note".
proof-link-can-be = It can be { $kinds } of this case.
proof-link-record = Record
proof-link-note = What it shows (optional)
# $linked is yes when some records of these kinds are linked here already.
proof-link-nothing = { $linked ->
        [yes] Nothing of that kind in this case yet that is not linked here already: add it on its page first.
       *[no] Nothing of that kind in this case yet: add it on its page first.
    }
proof-link = Link
proof-link-cancel = Cancel

## The hearing packet

proof-packet-title = Hearing packet
proof-packet-lead = The documents you linked, numbered as exhibits in the order you will hand them to the judge. The packet also lists your witnesses, the payments, the timeline, and each part the court must find with your evidence and what is still missing.
proof-no-exhibits = No document is linked yet. The documents you link above become the exhibits.
# $number is the exhibit's number.
proof-exhibit = Exhibit { $number }
# $parts is the parts the document goes to, separated by semicolons.
proof-exhibit-goes = Goes to: { $parts }
proof-exhibit-order =
    .aria-label = Order of Exhibit { $number }
# $number is the exhibit's number, $label the document's name.
proof-move-up = Move up
    .aria-label = Move up: Exhibit { $number }, “{ $label }”
proof-move-down = Move down
    .aria-label = Move down: Exhibit { $number }, “{ $label }”
proof-moved = { $label } is now Exhibit { $number }.
proof-export = Export hearing packet
proof-exporting = Making the hearing packet…
# $count is how many files were saved.
proof-packet-saved = { $count ->
        [one] Saved { $count } file to your exports folder:
       *[other] Saved { $count } files to your exports folder:
    }
proof-packet-look = Look at these:
proof-packet-announce = { $count ->
        [one] The hearing packet is saved: { $count } file in your exports folder.
       *[other] The hearing packet is saved: { $count } files in your exports folder.
    }
# $error is the app's own reason, as it came.
proof-packet-failed = The packet was not made: { $error }
