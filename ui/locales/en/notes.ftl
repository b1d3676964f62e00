### Messages of ui/notes.js: the Notes page and "Save as note" under an answer. A note's own title
### and text are the person's, shown as they are.

## "Save as note" under an answer in Ask and Research

notes-save-as-note = Save as note
notes-saved-button = Saved
notes-saving = Saving…
notes-saved-to-notes = Saved to notes
# $case is the name of the case the note was saved to.
notes-saved-to-case = Saved to notes of { $case }
notes-open-note = Open the note
# $reason is the app's own message, as it came.
notes-not-saved = Not saved: { $reason }
# The title of a saved answer whose question was empty.
notes-saved-answer-title = Saved answer
# The heading above the sources of an answer saved as a note (written into the note, in Markdown).
notes-sources-heading = Sources

## The Notes page

notes-title = Notes
notes-lead = Your own notes for this case, and answers you saved from Ask and Research.
notes-new = + New note
notes-list-label = Your notes
notes-empty = No notes yet.
notes-untitled = Untitled
notes-from-conversation = from a conversation

## The editor

notes-new-title = New note
notes-edit-title = Edit note
# $when is the date and time, already written out ("Nov 30, 2026, 3:04 PM").
notes-last-changed = Last changed { $when }
notes-field-title = Title
notes-field-body = Note
notes-field-body-hint = Markdown works: **bold**, *italic*, - lists, ### headings. A section number such as § 20-124.3 links to the law.
notes-preview-title = Preview
notes-preview-empty = The note, as it will show, appears here.
notes-open-conversation = Open the conversation it came from
notes-save = Save note
notes-delete = Delete
notes-saved-announce = Note saved.
# $reason is the app's own message, as it came.
notes-not-opened = This note could not be opened: { $reason }

## Leaving a note with changes

notes-discard-title = Discard your changes?
notes-discard-message = This note has changes that are not saved.
notes-discard-confirm = Discard changes
