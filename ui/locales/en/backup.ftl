### Messages of ui/backup.js.
# Backup and restore, in the Settings dialog. Paths and file names come as they are.

# One kind of record in a backup and how many ($count): $kind is cases, deadlines, contacts,
# documents, finances, timeline, notes, conversations, drafts or draftVersions (another kind is
# said as it comes).
backup-count = { $kind ->
        [cases] { $count ->
            [one] { $count } case
           *[other] { $count } cases
        }
        [deadlines] { $count ->
            [one] { $count } deadline
           *[other] { $count } deadlines
        }
        [contacts] { $count ->
            [one] { $count } contact
           *[other] { $count } contacts
        }
        [documents] { $count ->
            [one] { $count } document
           *[other] { $count } documents
        }
        [finances] { $count ->
            [one] { $count } money entry
           *[other] { $count } money entries
        }
        [timeline] { $count ->
            [one] { $count } timeline event
           *[other] { $count } timeline events
        }
        [notes] { $count ->
            [one] { $count } note
           *[other] { $count } notes
        }
        [conversations] { $count ->
            [one] { $count } conversation
           *[other] { $count } conversations
        }
        [drafts] { $count ->
            [one] { $count } draft
           *[other] { $count } drafts
        }
        [draftVersions] { $count ->
            [one] { $count } draft version
           *[other] { $count } draft versions
        }
       *[other] { $count } { $kind }
    }
backup-looking = Looking for backups…
# $error is the app's own reason, as it came.
backup-not-listed = Backups could not be listed: { $error }
backup-none = No backups yet.
# $when is the date and time the backup was made.
backup-restore-button = Restore…
    .aria-label = Restore the backup of { $when }
backup-running = Backing up…
# <path>…</path> is where the backup was saved; $size its size; $counts what it holds
# ("3 cases, 12 documents").
backup-saved = ✓ Saved to <path>{ $path }</path> ({ $size }).
backup-saved-counts = ✓ Saved to <path>{ $path }</path> ({ $size }) — { $counts }.
backup-saved-announce = Backup saved to { $path }
backup-not-saved = Not backed up: { $error }

## Restoring

backup-restore-title = Restore this backup?
# <path>…</path> is the folder where the data of now is kept; $when the backup's date and time.
backup-restore-keep = Your current data will be kept aside in <path>{ $path }</path> and replaced by the backup of { $when }.
backup-restore-what = Your cases, deadlines, documents, notes and saved conversations will be as they were then. Your keys are not touched.
backup-restore-confirm = Restore the backup
backup-restoring = Restoring the backup of { $when }…
# <path>…</path> is where the data of before is kept.
backup-restored = ✓ Restored the backup of { $when }. Your previous data is kept at <path>{ $path }</path>.
backup-restored-counts = ✓ Restored the backup of { $when } ({ $counts }). Your previous data is kept at <path>{ $path }</path>.
backup-restored-announce = Backup restored. Your previous data is kept at { $path }
backup-not-restored = Not restored: { $error }
