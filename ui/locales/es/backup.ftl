### Messages of ui/backup.js.
# Backup and restore, in the Settings dialog. Paths and file names come as they are.

# One kind of record in a backup and how many ($count): $kind is cases, deadlines, contacts,
# documents, finances, timeline, notes, conversations, drafts or draftVersions (another kind is
# said as it comes).
backup-count = { $kind ->
        [cases] { $count ->
            [one] { $count } caso
           *[other] { $count } casos
        }
        [deadlines] { $count ->
            [one] { $count } fecha límite
           *[other] { $count } fechas límite
        }
        [contacts] { $count ->
            [one] { $count } contacto
           *[other] { $count } contactos
        }
        [documents] { $count ->
            [one] { $count } documento
           *[other] { $count } documentos
        }
        [finances] { $count ->
            [one] { $count } anotación de dinero
           *[other] { $count } anotaciones de dinero
        }
        [timeline] { $count ->
            [one] { $count } evento de la cronología
           *[other] { $count } eventos de la cronología
        }
        [notes] { $count ->
            [one] { $count } nota
           *[other] { $count } notas
        }
        [conversations] { $count ->
            [one] { $count } conversación
           *[other] { $count } conversaciones
        }
        [drafts] { $count ->
            [one] { $count } borrador
           *[other] { $count } borradores
        }
        [draftVersions] { $count ->
            [one] { $count } versión de un borrador
           *[other] { $count } versiones de borradores
        }
       *[other] { $count } { $kind }
    }
backup-looking = Buscando copias de seguridad…
# $error is the app's own reason, as it came.
backup-not-listed = No se pudieron mostrar las copias de seguridad: { $error }
backup-none = Todavía no hay copias de seguridad.
# $when is the date and time the backup was made.
backup-restore-button = Restaurar…
    .aria-label = Restaurar la copia de seguridad del { $when }
backup-running = Haciendo la copia de seguridad…
# <path>…</path> is where the backup was saved; $size its size; $counts what it holds
# ("3 cases, 12 documents").
backup-saved = ✓ Se guardó en <path>{ $path }</path> ({ $size }).
backup-saved-counts = ✓ Se guardó en <path>{ $path }</path> ({ $size }): { $counts }.
backup-saved-announce = Copia de seguridad guardada en { $path }
backup-not-saved = No se hizo la copia de seguridad: { $error }

## Restoring

backup-restore-title = ¿Restaurar esta copia de seguridad?
# <path>…</path> is the folder where the data of now is kept; $when the backup's date and time.
backup-restore-keep = Sus datos de ahora se guardarán aparte en <path>{ $path }</path> y se cambiarán por la copia de seguridad del { $when }.
backup-restore-what = Sus casos, fechas límite, documentos, notas y conversaciones guardadas quedarán como estaban entonces. No se tocan sus claves.
backup-restore-confirm = Restaurar la copia de seguridad
backup-restoring = Restaurando la copia de seguridad del { $when }…
# <path>…</path> is where the data of before is kept.
backup-restored = ✓ Se restauró la copia de seguridad del { $when }. Sus datos anteriores están guardados en <path>{ $path }</path>.
backup-restored-counts = ✓ Se restauró la copia de seguridad del { $when } ({ $counts }). Sus datos anteriores están guardados en <path>{ $path }</path>.
backup-restored-announce = Copia de seguridad restaurada. Sus datos anteriores están guardados en { $path }
backup-not-restored = No se restauró: { $error }
