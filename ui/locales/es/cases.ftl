### Messages of ui/cases.js.

## Kinds of case and step-by-step paths

# $type is the kind of case: custody, divorce, landlord-tenant, traffic, small-claims, protective-order, other.
cases-type = { $type ->
        [custody] Custodia y derechos de visita
        [divorce] Divorcio
        [landlord-tenant] Arrendador e inquilino
        [traffic] Tránsito
        [small-claims] Reclamos menores
        [protective-order] Orden de protección
       *[other] Otro
    }
cases-type-not-set = Sin elegir
# $kind is the step-by-step path of the case (the short name; the server's titles are longer).
cases-path-title = { $kind ->
        [eviction-tenant] Desalojo, como inquilino
        [debt-defendant] Demanda de cobro de deuda (Warrant in Debt) o reclamos menores, si lo demandan a usted
        [debt-plaintiff] Demanda de cobro de deuda (Warrant in Debt) o reclamos menores, si usted demanda
        [custody-visitation] Custodia y derechos de visita
        [protective-order-petitioner] Orden de protección, si usted la pide
        [protective-order-respondent] Orden de protección, si usted la responde
        [traffic-misdemeanor] Cargo de tránsito o de delito menor
       *[appeal-district] Apelación desde un tribunal de distrito
    }
# $status is open or closed.
cases-status = { $status ->
        [closed] Cerrado
       *[open] Abierto
    }

## The fields of a case (first-run card, New case…, Edit)

cases-field-name = Nombre del caso
cases-field-name-placeholder = p. ej. Custodia de J., o Depósito del arrendador de Elm St.
cases-field-name-hint = Cualquier nombre que le ayude a reconocerlo.
cases-field-type = Tipo de caso
cases-field-type-choose = Elija…
cases-field-case-number = Número de caso
cases-field-case-number-placeholder = p. ej. JJ123456-01-00
cases-field-case-number-hint = Está en cualquier papel del tribunal. Déjelo vacío si todavía no tiene uno.
cases-field-court = Tribunal
cases-field-court-placeholder = p. ej. Fairfax County J&DR District Court
cases-field-status = Estado
cases-field-parties = Partes
cases-field-parties-hint = Quién participa en el caso y qué papel tiene.
cases-field-reminders = Recordatorios para las fechas límite de este caso
cases-field-reminders-inherit = Usar los recordatorios de siempre: 7 días antes, 2 días antes y la mañana del día
cases-field-reminders-hint = Cada fecha límite todavía puede elegir los suyos.
cases-field-notes = Notas

## The Overview page

cases-eyebrow = Su caso
cases-edit = Editar
cases-close = Cerrar el caso
cases-reopen = Volver a abrir el caso
cases-delete = Borrar
cases-counts-label = En este caso
cases-details-title = Detalles
cases-parties-title = Partes
cases-notes-title = Notas sobre el caso
cases-detail-added = Agregado
cases-detail-path = Guía paso a paso
cases-parties-none = Todavía no hay partes — agréguelas con Editar.
cases-notes-none = No hay notas.
# $count is the number of deadlines not yet done.
cases-count-deadlines = { $count ->
        [one] fecha límite por cumplir
       *[other] fechas límite por cumplir
    }
# $count is the number of those deadlines whose day has passed.
cases-count-overdue = { $count ->
        [one] ⚠ { $count } vencida
       *[other] ⚠ { $count } vencidas
    }
# $count is the number of documents.
cases-count-documents = { $count ->
        [one] documento
       *[other] documentos
    }
# $count is the number of notes.
cases-count-notes = { $count ->
        [one] nota
       *[other] notas
    }

## Edit, Close / Reopen, Delete

cases-edit-title = Editar el caso
cases-edit-save = Guardar los cambios
# $name is the case's name.
cases-closed-announce = Se cerró { $name }. Sigue en la lista de casos, marcado como cerrado.
cases-reopened-announce = Se volvió a abrir { $name }.
# $reason is the app's own message, as it came.
cases-not-changed = No se cambió: { $reason }
cases-delete-title = ¿Borrar este caso?
cases-delete-message = Se borrará “{ $name }”. Un caso que todavía tiene fechas límite, documentos u otros registros no se puede borrar: bórrelos o muévalos primero.
cases-delete-confirm = Borrar el caso
cases-deleted-announce = Se borró { $name }.
