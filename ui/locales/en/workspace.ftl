### Messages of ui/workspace.js.

## The header's case picker

workspace-cases-unavailable = Cases unavailable
workspace-no-case-yet = No case yet
workspace-choose-case = Choose a case
workspace-my-cases = My cases…
# $name is the case's name.
workspace-case-closed = { $name } (closed)
workspace-new-case-option = New case…
workspace-start-option = Start here: a case from my papers…
# $name is the case's name (the picker's title, and said when a case is chosen).
workspace-picker-case = Case: { $name }
workspace-case-chosen-mine = Case: { $name }. Your cases are in this list.
workspace-no-case-chosen = No case chosen.

## The first-run card and New case…

# $reason is the app's own message, as it came.
workspace-cases-unreadable = Your cases could not be read: { $reason }
workspace-new-case-title = New case
workspace-new-case-save = Create case
workspace-case-created = Case “{ $name }” created.
