### Messages of ui/conversations.js: the drawer of saved conversations (its heading, Close and
### Show more are in app.ftl, with index.html). A conversation's own title is shown as it was saved.

## The list

# The checkbox that keeps the list to the case chosen; $name is the case's name.
conversations-only-case-named = Solo { $name }
conversations-only-case = Solo este caso
conversations-loading = Cargando…
# $reason is the app's own message, as it came.
conversations-unreadable = No se pudieron leer las conversaciones guardadas: { $reason }
# $shown conversations are listed of $total saved.
conversations-shown = { $shown } de { $total }
conversations-none = Todavía no hay conversaciones guardadas. Cada pregunta que usted hace se guarda aquí con su respuesta.

## A conversation in the list

# The panel it was had in: chat is Ask, research is Research (the names of the window's tabs).
conversations-kind = { $kind ->
        [research] Investigar
       *[chat] Preguntar
    }
# A case the list does not know by name; $id is its number.
conversations-case-number = Caso n.º { $id }
conversations-no-case = Sin caso
conversations-untitled = Conversación sin título
conversations-untitled-short = Sin título
# $count is how many messages the conversation has.
conversations-messages = { $count ->
        [one] { $count } mensaje
       *[other] { $count } mensajes
    }
conversations-rename = Cambiar el nombre
conversations-export = Exportar como Markdown
conversations-delete = Borrar
# $title is the conversation's title.
conversations-rename-label = Cambiar el nombre de { $title }
conversations-export-label = Exportar { $title } como Markdown
conversations-delete-label = Borrar { $title }

## What the buttons do

conversations-rename-title = Cambiar el nombre de la conversación
conversations-field-title = Título
conversations-exporting = Exportando…
# $path is where the file was saved, shown apart from the words.
conversations-saved-to = Se guardó en { $path }
conversations-exported = Se exportó a { $path }
# $reason is the app's own message, as it came.
conversations-not-exported = No se exportó: { $reason }
conversations-not-deleted = No se borró: { $reason }
conversations-not-opened = No se pudo abrir esta conversación: { $reason }
# $title is the conversation's title.
conversations-reopened = Se volvió a abrir la conversación “{ $title }”. Haga una pregunta para continuar.
