### Messages of ui/records.js.

## Paged lists

records-empty-default = Todavía no hay nada aquí.
records-loading = Cargando…
# $reason is the app's own message, as it came.
records-list-unreadable = No se pudo leer esta lista: { $reason }
records-previous = ← Anterior
records-next = Siguiente →
# $list is the list's name (as its heading says it).
records-pager-label = Páginas de { $list }
records-pager-label-plain = Páginas de la lista

## A page of one kind of record (contacts, finances, timeline). $noun is the kind of record:
## contact, entry, event, deadline, document, note, conversation. $name is the record's name.

records-add-button = { $noun ->
        [contact] + Agregar contacto
        [entry] + Agregar movimiento de dinero
        [event] + Agregar evento
        [deadline] + Agregar fecha límite
        [document] + Agregar documento
        [note] + Agregar nota
        [conversation] + Agregar conversación
       *[other] + Agregar { $noun }
    }
records-add-title = { $noun ->
        [contact] Agregar contacto
        [entry] Agregar movimiento de dinero
        [event] Agregar evento
        [deadline] Agregar fecha límite
        [document] Agregar documento
        [note] Agregar nota
        [conversation] Agregar conversación
       *[other] Agregar { $noun }
    }
records-edit-title = { $noun ->
        [contact] Editar contacto
        [entry] Editar movimiento de dinero
        [event] Editar evento
        [deadline] Editar fecha límite
        [document] Editar documento
        [note] Editar nota
        [conversation] Editar conversación
       *[other] Editar { $noun }
    }
records-empty = { $noun ->
        [contact] Todavía no hay contactos.
        [entry] Todavía no hay movimientos de dinero.
        [event] Todavía no hay eventos.
        [deadline] Todavía no hay fechas límite.
        [document] Todavía no hay documentos.
        [note] Todavía no hay notas.
        [conversation] Todavía no hay conversaciones.
       *[other] Todavía no hay nada ({ $noun }).
    }
records-save-changes = Guardar los cambios
records-edit = Editar
records-edit-label = Editar { $name }
records-delete = Borrar
records-delete-label = Borrar { $name }
# $list is the page's title, in lower case.
records-filter-label = Filtrar { $list }
records-filter-apply = Aplicar
records-filter-clear = Borrar filtros

## Deleting a record

records-delete-title = { $noun ->
        [contact] ¿Borrar este contacto?
        [entry] ¿Borrar este movimiento de dinero?
        [event] ¿Borrar este evento?
        [deadline] ¿Borrar esta fecha límite?
        [document] ¿Borrar este documento?
        [note] ¿Borrar esta nota?
        [conversation] ¿Borrar esta conversación?
       *[other] ¿Borrar { $noun }?
    }
records-delete-message = Se borrará “{ $name }”. Esto no se puede deshacer.
records-delete-confirm = { $noun ->
        [contact] Borrar contacto
        [entry] Borrar movimiento de dinero
        [event] Borrar evento
        [deadline] Borrar fecha límite
        [document] Borrar documento
        [note] Borrar nota
        [conversation] Borrar conversación
       *[other] Borrar { $noun }
    }
records-deleted = Se borró { $name }.
# $reason is the app's own message, as it came.
records-not-deleted = No se borró: { $reason }
