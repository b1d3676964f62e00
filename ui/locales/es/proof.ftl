### Messages of ui/proof.js.
# The Case tab's "Proof for the hearing" page. What the server says (the kind's elements, their
# plain words, the caveat, the evidence sentences, the records' names) comes as it is.

## The page

proof-title = Pruebas para la audiencia
proof-lead = Lo que el tribunal debe comprobar en su tipo de caso, y cuál de sus registros muestra cada punto. Vincule sus documentos, fechas, notas, pagos y testigos; luego lleve con usted el paquete para la audiencia.
proof-loading = Leyendo lo que el tribunal debe comprobar…
proof-try-again = Intentar de nuevo
# $error is the app's own reason, as it came.
proof-not-read = No se pudo leer lo que el tribunal debe comprobar: { $error }
proof-no-kind-title = Todavía no se eligió el tipo de caso
proof-go-path = Elegirlo en Paso a paso
# The two headings when the server's book names none.
proof-claim-title = Lo que se debe probar
proof-defence-title = Las respuestas al caso

## Where each part stands

proof-counts-label =
    .aria-label = Cómo van sus pruebas
# $status is shown, partly or nothing. $count is how many parts; <n>…</n> is the number, in bold.
proof-count = { $status ->
        [shown] <n>{ $count }</n> { $count ->
            [one] mostrado
           *[other] mostrados
        }
        [partly] <n>{ $count }</n> { $count ->
            [one] mostrado en parte
           *[other] mostrados en parte
        }
       *[nothing] <n>{ $count }</n> sin nada todavía
    }
# An element's status badge ($status: shown, partly, nothing).
proof-status = { $status ->
        [shown] Mostrado
        [partly] Mostrado en parte
       *[nothing] Nada todavía
    }
# Said after a link changes: where the parts stand now ($shown, $partly, $nothing are counts).
proof-where = { $shown } { $shown ->
        [one] mostrado
       *[other] mostrados
    }, { $partly } en parte, { $nothing } sin nada todavía.

## The kinds of record ($kind: document, timeline, note, finance, contact)

# A record's kind, as a label beside it.
proof-record-noun = { $kind ->
        [document] Documento
        [timeline] Evento de la cronología
        [note] Nota
        [finance] Pago
        [contact] Persona
       *[other] { $kind }
    }
# A record's kind with its article, in a list: "a document, a timeline event or a note".
proof-record-a = { $kind ->
        [document] un documento
        [timeline] un evento de la cronología
        [note] una nota
        [finance] un pago
        [contact] una persona
       *[other] { $kind }
    }
# The heading of a group of records in the picker.
proof-record-group = { $kind ->
        [document] Documentos
        [timeline] Eventos de la cronología
        [note] Notas
        [finance] Pagos
        [contact] Personas
       *[other] { $kind }
    }
# A person's role beside their name in the picker ($role: opposing_party, attorney, clerk,
# judge, witness; $words is the role as stored, for any other).
proof-contact-role = { $role ->
        [opposing_party] la otra parte
        [attorney] abogado
        [clerk] secretario del tribunal
        [judge] juez
        [witness] testigo
       *[other] { $words }
    }
# A person in the picker: $name is their name, $role the role above.
proof-contact-label = { $name } ({ $role })
# The date of a linked record: $date is the date; $added is yes when it is the day a document
# was added (not a date it carries).
proof-record-date = { $added ->
        [yes] agregado el { $date }
       *[no] { $date }
    }

## A part the court must find

proof-law = La ley:
proof-evidence-title = Qué lo mostraría
proof-records-title = Sus registros
proof-no-links = Todavía no hay ningún registro vinculado.
proof-have = Usted tiene:
proof-missing = Falta:
proof-sources = De dónde viene esto
proof-source-check = revise el texto vigente hoy
proof-agent = Lo propuso el asistente

## A linked record

proof-note-label = Qué muestra
# $label is the record's name.
proof-note-save = Guardar
    .aria-label = Guardar qué muestra “{ $label }”
# $label is the record's name, $title the part it is linked to.
proof-unlink = Desvincular
    .aria-label = Desvincular “{ $label }” de “{ $title }”
proof-saved = Guardado.
# $error is the app's own reason, as it came.
proof-not-saved = No se guardó: { $error }
proof-not-unlinked = No se desvinculó: { $error }
proof-not-linked = No se vinculó: { $error }
# Said when a link is made or taken away: $label is the record's name, $title the part.
proof-linked = Se vinculó { $label } a “{ $title }”.
proof-unlinked = { $label } ya no está vinculado a “{ $title }”.
# The record's name when the view does not have it.
proof-the-record = el registro

## Link a record

proof-link-open = Vincular un registro
# $kinds is the kinds of record the part takes: "a document, a timeline event or a note".
proof-link-can-be = Puede ser { $kinds } de este caso.
proof-link-record = Registro
proof-link-note = Qué muestra (si quiere)
# $linked is yes when some records of these kinds are linked here already.
proof-link-nothing = { $linked ->
        [yes] Todavía no hay nada de ese tipo en este caso que no esté vinculado aquí: agréguelo primero en su página.
       *[no] Todavía no hay nada de ese tipo en este caso: agréguelo primero en su página.
    }
proof-link = Vincular
proof-link-cancel = Cancelar

## The hearing packet

proof-packet-title = Paquete para la audiencia
proof-packet-lead = Los documentos que vinculó, numerados como documentos de prueba en el orden en que se los dará al juez. El paquete también lista a sus testigos, los pagos, la cronología y cada punto que el tribunal debe comprobar, con sus pruebas y lo que todavía falta.
proof-no-exhibits = Todavía no hay ningún documento vinculado. Los documentos que vincule arriba serán los documentos de prueba.
# $number is the exhibit's number.
proof-exhibit = Documento de prueba { $number }
# $parts is the parts the document goes to, separated by semicolons.
proof-exhibit-goes = Sirve para: { $parts }
proof-exhibit-order =
    .aria-label = Orden del documento de prueba { $number }
# $number is the exhibit's number, $label the document's name.
proof-move-up = Subir
    .aria-label = Subir: documento de prueba { $number }, “{ $label }”
proof-move-down = Bajar
    .aria-label = Bajar: documento de prueba { $number }, “{ $label }”
proof-moved = { $label } ahora es el documento de prueba { $number }.
proof-export = Exportar el paquete para la audiencia
proof-exporting = Preparando el paquete para la audiencia…
# $count is how many files were saved.
proof-packet-saved = { $count ->
        [one] Se guardó { $count } archivo en su carpeta de exportaciones:
       *[other] Se guardaron { $count } archivos en su carpeta de exportaciones:
    }
proof-packet-look = Revise esto:
proof-packet-announce = { $count ->
        [one] El paquete para la audiencia está guardado: { $count } archivo en su carpeta de exportaciones.
       *[other] El paquete para la audiencia está guardado: { $count } archivos en su carpeta de exportaciones.
    }
# $error is the app's own reason, as it came.
proof-packet-failed = No se pudo hacer el paquete: { $error }
