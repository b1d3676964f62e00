### Messages of ui/dialogs.js (the dialogs' own words are in app.ftl, with index.html).

# The confirmation dialog's button when the caller names none.
dialogs-confirm = Confirm
# The record form's Save button when the caller names none.
dialogs-save = Save
# Said when the record form has saved.
dialogs-saved = Saved.
