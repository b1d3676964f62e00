# A write the assistant proposed, held until the person allows it, and the line of what a
# conversation allows (ui/write-confirm.js). $tool is the name of the app's tool (create_note…).

## The card's heading: what the write does

write-confirm-heading = { $tool ->
        [create_note] El asistente quiere agregar una nota.
        [append_to_note] El asistente quiere agregar algo a una de sus notas.
        [link] El asistente quiere conectar uno de sus registros con la ley.
        [add_deadline] El asistente quiere agregar una fecha límite.
        [create_draft] El asistente quiere hacer un borrador.
        [create_paper] El asistente quiere preparar un papel para que usted lo firme y lo presente.
        [link_evidence] El asistente quiere conectar uno de sus registros con lo que el tribunal debe comprobar.
        [process_opinion] El asistente quiere guardar una opinión de un tribunal en sus notas de jurisprudencia.
       *[other] El asistente quiere usar { $tool }.
    }

## The kinds of write, as the line of what is allowed names them

write-confirm-kind = { $tool ->
        [create_note] notas nuevas
        [append_to_note] agregados a las notas
        [link] conexiones
        [add_deadline] fechas límite
        [create_draft] borradores
        [create_paper] papeles para presentar
        [link_evidence] registros conectados con lo que el tribunal debe comprobar
        [process_opinion] opiniones de tribunales en sus notas de jurisprudencia
       *[other] { $tool }
    }

## What the write would put in the records (labels, and a few values)

write-confirm-label-title = Título
write-confirm-label-text = Texto
write-confirm-label-added-text = Texto agregado
write-confirm-label-from = Desde
write-confirm-label-to = Hacia
write-confirm-label-why = Por qué
write-confirm-label-deadline = Fecha límite
write-confirm-label-date = Fecha
write-confirm-label-rule = Regla
write-confirm-label-counted-from = Contada desde
write-confirm-label-kind = Tipo
write-confirm-label-content = Contenido
write-confirm-label-paper = Papel
write-confirm-label-change = Cambio
write-confirm-label-record = Registro
write-confirm-label-shows = Lo que muestra
write-confirm-label-opinion = Opinión
write-confirm-label-kept = Lo que se guarda
# $value is yes or no.
write-confirm-yes-no = { $value ->
        [no] no
       *[yes] sí
    }
write-confirm-unlink = quitar la conexión
write-confirm-link = conectar el registro
# $id is the opinion's number at CourtListener.
write-confirm-opinion = Opinión { $id } de CourtListener
write-confirm-opinion-kept = la opinión, un resumen corto de lo que decidió escrito por el asistente, y conexiones a las secciones del Código que cita

## Why it was held

write-confirm-why-instructions = Algo que se leyó para esta respuesta contenía instrucciones, así que no se escribe nada por eso a menos que usted lo permita.
write-confirm-why = No se escribe nada en sus registros a menos que usted lo permita.

## Where it would go ($title is the record's name, $id its number)

write-confirm-where-opinions = sus notas de jurisprudencia en la base de leyes
write-confirm-where-note = la nota “{ $title }”
write-confirm-where-note-id = la nota { $id }
write-confirm-where-case = el caso “{ $title }”
write-confirm-where-case-id = el caso { $id }
write-confirm-where-nowhere = sus registros, sin ningún caso
write-confirm-proof-what = lo que el tribunal debe comprobar
# $kind is the kind of record (document, timeline, note, finance, contact).
write-confirm-proof-record = { $kind ->
        [finance] su pago “{ $title }”
        [document] su documento “{ $title }”
        [timeline] su evento de la cronología “{ $title }”
        [note] su nota “{ $title }”
       *[contact] su contacto “{ $title }”
    }
# $case is where-case; $what what the court must find (its title, in quotes); $record proof-record.
write-confirm-where-proof = { $case }, Pruebas para la audiencia: { $what }
write-confirm-where-proof-record = { $case }, Pruebas para la audiencia: { $record } para { $what }

## The card

write-confirm-where = Dónde
write-confirm-reason = La razón del asistente
write-confirm-asked = Usted preguntó
write-confirm-allow-once = Permitir una vez
write-confirm-allow-conversation = Permitir en esta conversación
write-confirm-dont-allow = No permitir
write-confirm-state-waiting = esperando su respuesta
write-confirm-state-done = hecho
write-confirm-state-not-written = no se escribió
write-confirm-not-saved = Esta conversación todavía no está guardada; use Permitir una vez.
write-confirm-writing = Escribiendo…
# $error is the app's own reason, as it came.
write-confirm-failed = No se pudo escribir: { $error }
# $kinds is write-confirm-kind of the tool.
write-confirm-written-conversation = escrito: usted permitió en esta conversación: { $kinds }
write-confirm-written-once = escrito: usted lo permitió una vez
write-confirm-declined = no se escribió: usted no lo permitió

## The line under the question box

# $kinds is the kinds allowed (write-confirm-kind), with commas. Ends with a space.
write-confirm-grants = En esta conversación el asistente puede escribir sin preguntarle: { $kinds }.{ " " }
write-confirm-take-back = Quitar el permiso
write-confirm-taken-back = En esta conversación se le volverá a preguntar antes de cada cambio.
