# A write the assistant proposed, held until the person allows it, and the line of what a
# conversation allows (ui/write-confirm.js). $tool is the name of the app's tool (create_note…).

## The card's heading: what the write does

write-confirm-heading = { $tool ->
        [create_note] The assistant wants to add a note.
        [append_to_note] The assistant wants to add to one of your notes.
        [link] The assistant wants to link one of your records to the law.
        [add_deadline] The assistant wants to add a deadline.
        [create_draft] The assistant wants to make a draft.
        [create_paper] The assistant wants to build a paper for you to sign and file.
        [link_evidence] The assistant wants to link one of your records to what the court must find.
        [process_opinion] The assistant wants to record a court opinion in your case-law notes.
       *[other] The assistant wants to use { $tool }.
    }

## The kinds of write, as the line of what is allowed names them

write-confirm-kind = { $tool ->
        [create_note] new notes
        [append_to_note] additions to notes
        [link] links
        [add_deadline] deadlines
        [create_draft] drafts
        [create_paper] papers to file
        [link_evidence] records linked to what the court must find
        [process_opinion] court opinions in your case-law notes
       *[other] { $tool }
    }

## What the write would put in the records (labels, and a few values)

write-confirm-label-title = Title
write-confirm-label-text = Text
write-confirm-label-added-text = Added text
write-confirm-label-from = From
write-confirm-label-to = To
write-confirm-label-why = Why
write-confirm-label-deadline = Deadline
write-confirm-label-date = Date
write-confirm-label-rule = Rule
write-confirm-label-counted-from = Counted from
write-confirm-label-kind = Kind
write-confirm-label-content = Content
write-confirm-label-paper = Paper
write-confirm-label-change = Change
write-confirm-label-record = Record
write-confirm-label-shows = What it shows
write-confirm-label-opinion = Opinion
write-confirm-label-kept = What is kept
# $value is yes or no.
write-confirm-yes-no = { $value ->
        [no] no
       *[yes] yes
    }
write-confirm-unlink = take the link away
write-confirm-link = link the record
# $id is the opinion's number at CourtListener.
write-confirm-opinion = CourtListener opinion { $id }
write-confirm-opinion-kept = the opinion, a short holding written by the assistant, and links to the Code sections it cites

## Why it was held

write-confirm-why-instructions = Something read for this answer contained instructions, so nothing is written on its account unless you allow it.
write-confirm-why = Nothing is written to your records unless you allow it.

## Where it would go ($title is the record's name, $id its number)

write-confirm-where-opinions = your case-law notes in the law graph
write-confirm-where-note = the note “{ $title }”
write-confirm-where-note-id = the note { $id }
write-confirm-where-case = the case “{ $title }”
write-confirm-where-case-id = the case { $id }
write-confirm-where-nowhere = your records, in no case
write-confirm-proof-what = what the court must find
# $kind is the kind of record (document, timeline, note, finance, contact).
write-confirm-proof-record = { $kind ->
        [finance] your payment “{ $title }”
        [document] your document “{ $title }”
        [timeline] your timeline “{ $title }”
        [note] your note “{ $title }”
       *[contact] your contact “{ $title }”
    }
# $case is where-case; $what what the court must find (its title, in quotes); $record proof-record.
write-confirm-where-proof = { $case }, Proof for the hearing: { $what }
write-confirm-where-proof-record = { $case }, Proof for the hearing: { $record } for { $what }

## The card

write-confirm-where = Where
write-confirm-reason = The assistant’s reason
write-confirm-asked = You asked
write-confirm-allow-once = Allow once
write-confirm-allow-conversation = Allow for this conversation
write-confirm-dont-allow = Don’t allow
write-confirm-state-waiting = waiting for you
write-confirm-state-done = done
write-confirm-state-not-written = not written
write-confirm-not-saved = This conversation is not saved yet; use Allow once.
write-confirm-writing = Writing…
# $error is the app's own reason, as it came.
write-confirm-failed = Could not write it: { $error }
# $kinds is write-confirm-kind of the tool.
write-confirm-written-conversation = written: you allowed { $kinds } for this conversation
write-confirm-written-once = written: you allowed it once
write-confirm-declined = not written: you did not allow it

## The line under the question box

# $kinds is the kinds allowed (write-confirm-kind), with commas. Ends with a space.
write-confirm-grants = In this conversation the assistant may write without asking: { $kinds }.{ " " }
write-confirm-take-back = Take back
write-confirm-taken-back = Every change asks you again in this conversation.
