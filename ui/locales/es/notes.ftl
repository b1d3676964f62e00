### Messages of ui/notes.js: the Notes page and "Save as note" under an answer. A note's own title
### and text are the person's, shown as they are.

## "Save as note" under an answer in Ask and Research

notes-save-as-note = Guardar como nota
notes-saved-button = Guardada
notes-saving = Guardando…
notes-saved-to-notes = Se guardó en las notas
# $case is the name of the case the note was saved to.
notes-saved-to-case = Se guardó en las notas de { $case }
notes-open-note = Abrir la nota
# $reason is the app's own message, as it came.
notes-not-saved = No se guardó: { $reason }
# The title of a saved answer whose question was empty.
notes-saved-answer-title = Respuesta guardada
# The heading above the sources of an answer saved as a note (written into the note, in Markdown).
notes-sources-heading = Fuentes

## The Notes page

notes-title = Notas
notes-lead = Sus propias notas sobre este caso, y las respuestas que guardó de Preguntar e Investigar.
notes-new = + Nota nueva
notes-list-label = Sus notas
notes-empty = Todavía no hay notas.
notes-untitled = Sin título
notes-from-conversation = de una conversación

## The editor

notes-new-title = Nota nueva
notes-edit-title = Editar la nota
# $when is the date and time, already written out ("Nov 30, 2026, 3:04 PM").
notes-last-changed = Último cambio: { $when }
notes-field-title = Título
notes-field-body = Nota
notes-field-body-hint = Puede usar Markdown: **negrita**, *cursiva*, - listas, ### títulos. Un número de sección como § 20-124.3 lleva a la ley.
notes-preview-title = Vista previa
notes-preview-empty = Aquí aparece la nota tal como se verá.
notes-open-conversation = Abrir la conversación de donde vino
notes-save = Guardar la nota
notes-delete = Borrar
notes-saved-announce = Se guardó la nota.
# $reason is the app's own message, as it came.
notes-not-opened = No se pudo abrir esta nota: { $reason }

## Leaving a note with changes

notes-discard-title = ¿Descartar sus cambios?
notes-discard-message = Esta nota tiene cambios que no se han guardado.
notes-discard-confirm = Descartar los cambios
