### Messages of ui/workspace.js.

## The header's case picker

workspace-cases-unavailable = Los casos no están disponibles
workspace-no-case-yet = Todavía no hay casos
workspace-choose-case = Elija un caso
workspace-my-cases = Mis casos…
# $name is the case's name.
workspace-case-closed = { $name } (cerrado)
workspace-new-case-option = Caso nuevo…
workspace-start-option = Empiece aquí: un caso a partir de mis papeles…
# $name is the case's name (the picker's title, and said when a case is chosen).
workspace-picker-case = Caso: { $name }
workspace-case-chosen-mine = Caso: { $name }. Sus casos están en esta lista.
workspace-no-case-chosen = No eligió ningún caso.

## The first-run card and New case…

# $reason is the app's own message, as it came.
workspace-cases-unreadable = No se pudieron leer sus casos: { $reason }
workspace-new-case-title = Caso nuevo
workspace-new-case-save = Crear el caso
workspace-case-created = Se creó el caso “{ $name }”.
