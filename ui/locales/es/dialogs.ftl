### Messages of ui/dialogs.js (the dialogs' own words are in app.ftl, with index.html).

# The confirmation dialog's button when the caller names none.
dialogs-confirm = Confirmar
# The record form's Save button when the caller names none.
dialogs-save = Guardar
# Said when the record form has saved.
dialogs-saved = Se guardó.
