### Messages of ui/casefile.js.

## Contacts

casefile-contacts-title = Contactos
casefile-contacts-lead = Las personas y oficinas de este caso: la otra parte, el secretario del tribunal, los abogados, los testigos.
casefile-contact-name = Nombre
casefile-contact-role-label = Papel en el caso
# $role is the contact's role: opposing_party, attorney, clerk, judge, witness, other.
casefile-contact-role = { $role ->
        [opposing_party] La otra parte
        [attorney] Abogado
        [clerk] Secretario del tribunal
        [judge] Juez
        [witness] Testigo
       *[other] Otro
    }
casefile-contact-phone = Teléfono
casefile-contact-email = Correo electrónico
casefile-contact-address = Dirección
casefile-contact-notes = Notas

## Finances and their totals by category

casefile-finances-title = Finanzas
casefile-finances-lead = Lo que el caso le cuesta y lo que usted recibe: cuotas, costos, manutención.
casefile-finances-empty = Todavía no hay dinero anotado.
# An entry's name (in "Delete …"): $what is its description or category, $date its date.
casefile-finance-name = { $what } ({ $date })
casefile-finance-date = Fecha
casefile-finance-amount = Cantidad en dólares
casefile-finance-amount-hint = Elija Gastado o Recibido y luego la cantidad, p. ej. 86.50.
casefile-finance-category-placeholder = p. ej. cuota de presentación
casefile-finance-description = Descripción
# The title of an entry with neither description nor category.
casefile-finance-untitled = Movimiento
# The badge of an entry with no category.
casefile-finance-category-none = otro
# $reason is the app's own message, as it came.
casefile-totals-unreadable = No se pudieron leer los totales: { $reason }
casefile-totals-title = Totales por categoría
casefile-totals-none = Todavía no hay nada anotado.
casefile-totals-category = Categoría
casefile-totals-entries = Movimientos
casefile-totals-total = Suma
casefile-totals-all = Todas las categorías
casefile-totals-hint = El dinero que gastó suma; el dinero que recibió (con un signo de menos) resta.

## Timeline

casefile-timeline-title = Cronología
casefile-timeline-lead = Qué pasó, cuándo y quién lo hizo — la historia del caso en orden.
casefile-timeline-empty = Ningún evento coincide.
casefile-event-title = Qué pasó
casefile-event-party = Quién
casefile-event-party-placeholder = p. ej. Yo, el arrendador
casefile-event-critical = Crítico — un evento importante para el caso
casefile-event-details = Detalles
casefile-event-critical-badge = Crítico
# $id is the number of the document the event was read from.
casefile-event-from-document = Del documento n.º { $id }
casefile-filter-words = Palabras
casefile-filter-words-placeholder = p. ej. depósito
casefile-filter-from = Desde
casefile-filter-to = Hasta
casefile-filter-critical = Solo los críticos
