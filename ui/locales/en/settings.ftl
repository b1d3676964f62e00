# The settings dialog: its part of ui/index.html and what ui/settings.js says.

settings-title = Settings
settings-close =
    .title = Close (Esc)
    .aria-label = Close settings

## Answers written on this computer (the model catalogue is below, under "What settings.js says")

settings-local-legend = Answers written on this computer
settings-local-lead = Get answers written in plain words by a model on this computer. You need no account and no key. Nothing you ask leaves this computer.
settings-local-details-summary = Details: every model, its size, memory and licence; a model file you already have
settings-local-catalogue-title = Download a model
settings-local-catalogue-hint = Each is a GGUF file from Hugging Face, pinned to one version and checked against its published checksum before it is used. Nothing is downloaded until you press Download; a stopped download resumes where it stopped.
settings-local-model-label = Use a GGUF file I already have
settings-local-model-input =
    .placeholder = /home/me/models/qwen3-1.7b-q4_k_m.gguf
settings-local-model-browse = Browse…
settings-local-model-clear = Don’t use
settings-local-model-hint = For example a file LM Studio or Ollama downloaded. While one is chosen it writes the answers instead of the model service above; “Always use offline mode” still wins.
settings-idle-minutes-label = Free its memory after
settings-idle-minutes-option = { $minutes ->
        [60] 1 hour without a question
        [one] { $minutes } minute without a question
       *[other] { $minutes } minutes without a question
    }
settings-idle-minutes-hint = The model is loaded again with the next question.

## Language. The legend and the languages' own names are bilingual on purpose: a person who
## cannot read the window's language still finds them.

settings-language-legend = Language / Idioma
settings-language-label = Language of the window
# $system is this computer's language: en or es.
settings-language-follow = Follow this computer ({ $system ->
        [es] Español
       *[other] English
    })
settings-language-english = English
settings-language-spanish = Español
settings-language-hint = Every screen changes to the language you choose as soon as you save.

## Offline mode, or a model service

settings-offline-legend = Offline mode, or a model service
settings-offline-label = Always use offline mode
settings-offline-hint = Offline mode needs no model service: answers quote the sources found, with their citations. Your questions stay on this computer (research searches still go to the services you have keys for).
settings-model-service-summary = Advanced: use a model service
settings-model-service-lead = Use a model service that works like OpenAI's. It can be OpenAI itself: you need an account and a key. Or it can run on this computer, like Ollama or llama.cpp.
settings-base-url-label = Model service address (base URL)
settings-base-url-input =
    .placeholder = Leave empty to use OpenAI
settings-base-url-hint = Leave empty for OpenAI. Common addresses:
settings-small-model-label = Model for looking things up
settings-small-model-hint = A fast model that can call tools.
settings-large-model-label = Model for writing answers
settings-large-model-hint = The model that writes the final answer.

## Other assistants (MCP)

settings-mcp-legend = Other assistants (MCP)
settings-mcp-case-data-label = Let other assistants read my case data
settings-mcp-case-data-hint = Assistants such as Claude Desktop or Jan can use ProSeVA's law graph through <code>proseva-mcp</code> (see the README). With this on, they can also read your cases, deadlines and documents — read only, while ProSeVA is open. Off by default.

## Research services (the keys themselves: "What settings.js says")

settings-research-legend = Research services
settings-research-lead = Each service needs its own free key. Keys are kept in your system keyring (or a private file when there is none) and are never shown again; leave a field empty to keep the saved key.
settings-openalex-email-label = Email for OpenAlex (optional)
settings-openalex-email-hint = OpenAlex answers faster when it has a contact address. No key is needed.

## Reminders (reminders.js saves them)

settings-reminders-legend = Reminders
settings-reminders-lead = Each deadline reminds you 7 days and 2 days before and on the morning of the day, unless you chose other times for it or its case. Reminders also show at the top of this window.
settings-notifications-label = Show reminders as system notifications
settings-notifications-hint = While ProSeVA is open, each reminder also shows up in a small box on your screen.
settings-start-at-login-label = Start ProSeVA when I log in, hidden in the tray
settings-start-at-login-hint = So reminders reach you even on days you do not open it. Off until you turn it on.
settings-discreet-label = Discreet reminders
settings-discreet-protective-orders = For protective-order cases
settings-discreet-all = For every case
settings-discreet-off = Off: each reminder names its case
settings-discreet-hint = A discreet reminder says only “ProSeVA — You have a reminder”: no case, no deadline, no date, no court. What it is about shows in this window when you open it.

## Privacy and safety (privacy.js)

settings-privacy-legend = Privacy and safety
settings-privacy-lead = Lock your case file with a passphrase: your cases, notes, documents, drafts, saved conversations and backups are then encrypted on this computer, and ProSeVA opens only with the passphrase. Useful if someone else can use this computer.
settings-privacy-new-label = New passphrase
settings-privacy-new-hint = At least 8 characters. A few unrelated words are easy to remember and hard to guess.
settings-privacy-new-again-label = The same passphrase again
settings-privacy-warning = <strong>If you lose your passphrase and your recovery key, nobody can open your case file again</strong> — not you, not ProSeVA, not anyone. There is no reset. You will see a recovery key once: write it down and keep it somewhere safe, away from this computer.
settings-privacy-understood-label = I understand: a lost passphrase and recovery key cannot be replaced
settings-privacy-turn-on = Lock my case file with this passphrase
settings-privacy-recovery-lead = <strong>Your recovery key.</strong> Write it down now (or print this page) and keep it away from this computer. It opens your case file if you forget your passphrase. It will not be shown again.
settings-privacy-print = Print
settings-privacy-written = I have written it down
settings-privacy-lock-now = Lock now
settings-idle-lock-label = Lock by itself when I have not used ProSeVA for
settings-idle-lock-option = { $minutes ->
        [0] Never
        [60] 1 hour
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }
settings-unlock-without-asking-label = Unlock on this computer without asking
settings-unlock-without-asking-hint = Keeps your passphrase in this computer's keyring, so ProSeVA opens without asking: anyone who can log in to this computer as you can then open your case file. Off unless you turn it on.
settings-privacy-keep-passphrase-label = Your passphrase, to keep in the keyring
settings-privacy-change-summary = Change my passphrase
settings-privacy-old-label = Passphrase now (or your recovery key)
settings-privacy-change-new-label = New passphrase
settings-privacy-change-again-label = The new passphrase again
settings-privacy-change = Change passphrase
settings-privacy-off-summary = Turn the lock off
settings-privacy-off-lead = Your case file is decrypted on this computer and opens without a passphrase again.
settings-privacy-off-passphrase-label = Your passphrase
settings-privacy-turn-off = Turn the lock off
settings-privacy-quick-exit-hint = Quick exit (the button at the top right, or Esc three times) hides ProSeVA at once and, with a passphrase set, locks it.

## Your data, backups (backup.js)

settings-data-legend = Your data
settings-data-dir-label = Data folder
settings-data-dir-hint = Your cases, documents and the law graph are kept here, on this computer.
settings-backup-title = Backups
settings-backup-lead = One file with your cases, deadlines, documents, notes, saved conversations and settings — never your keys. Keep a copy somewhere safe.
settings-backup-create = Back up everything
settings-backup-list-title = Backups on this computer

## The dialog's buttons

settings-cancel = Cancel
settings-save = Save settings

## What ui/settings.js says

settings-loading = Loading your settings…
settings-load-failed = Your settings could not be loaded: { $error }
settings-saving = Saving…
settings-saved = Settings saved.
settings-saved-partly = Your other settings were saved, but not these: { $reason }
# $field is the field's label, $reason why it was refused.
settings-not-saved-field = Not saved. { $field }: { $reason }
settings-not-saved = Not saved: { $reason }
settings-not-saved-unavailable = Not saved: a service this needs did not answer — { $reason }

## The model for this computer ($model is its name, $size "1.0 GB")

settings-local-none-fits = This computer has too little free memory for the models ProSeVA offers. Offline mode still answers, quoting the sources it finds.
settings-local-in-use = { $model } writes your answers, on this computer.
settings-local-ready = { $model } is downloaded.
settings-local-use = Use it for my answers
settings-local-downloading = Downloading { $model }. You can keep using the app; a stopped download resumes.
settings-local-stop = Stop the download
settings-local-recommended = Recommended for this computer: { $model }. One download of { $size }; the time left shows once it starts, and a stopped download resumes.
settings-local-download = Download ({ $size })
settings-local-resume = Resume the download ({ $size })
settings-local-slow = On this computer its answers will come slowly.
settings-local-progress-label = Download of { $model }
settings-catalogue-failed = The catalogue could not be read: { $error }

## A model of the catalogue ($done and $total "340 MB"; $parameters as the catalogue says it)

settings-model-facts = { $parameters } parameters · { $size } download · needs about { $memory } of memory · { $licence }
settings-model-in-use = In use
settings-model-stop = Stop
settings-model-use = Use
settings-model-delete = Delete
settings-model-download = Download
settings-model-resume = Resume ({ $done } of { $total })
settings-model-download-started = Download started.
settings-model-download-stopped = Download stopped; it can resume.
settings-model-in-use-said = In use.
settings-model-deleted = Deleted.
settings-download-done = { $done } of { $total }
settings-download-left = about { $minutes } min left

## The keys ($key is the key's name as the label says it)

# $name is the key's variable; $label the app's own label, for a key this list does not know.
settings-secret-name = { $name ->
        [OPENAI_API_KEY] OpenAI (or compatible server) API key
        [COURTLISTENER_API_TOKEN] CourtListener API token (court opinions and dockets)
        [LEGISCAN_API_KEY] LegiScan API key (bills)
        [GOVINFO_API_KEY] GovInfo API key (federal documents)
        [SERPAPI_API_KEY] SerpAPI key (lawyer directory search)
       *[other] { $label }
    }
settings-secret-replace-placeholder = Type a new key to replace the saved one
settings-secret-paste-placeholder = Paste your key here
settings-secret-clear = Clear
settings-secret-keep = Keep the saved key
settings-secret-clear-label = Clear: { $key }
settings-secret-keep-label = Keep the saved key: { $key }
settings-secret-will-be-removed = Will be removed when you save.
settings-secret-will-replace = The new key replaces the saved one when you save.
settings-secret-will-save = Saved when you press Save.
# $store: keyring, file, environment.
settings-secret-saved = { $store ->
        [keyring] ✓ Saved in the system keyring
        [file] ✓ Saved in a private file
       *[other] ✓ Saved
    }
settings-secret-not-set = Not set

## A model of the catalogue: what it needs here, and why a download stopped (ui/settings.js
## catalogueRow, from the row's figures; $needed "2.0 GB" the memory it needs, $total "16 GB" this
## computer's memory, $cores its processor cores)

# $billions is the parameter count in billions (1.7); the rest as settings-model-facts.
settings-model-facts-billions = { $billions } billion parameters · { $size } download · needs about { $memory } of memory · { $licence }
settings-model-verdict-room = Fits: needs about { $needed } of this computer's { $total }
settings-model-verdict-few-cores = Slow here: { $cores ->
        [one] 1 core
       *[other] { $cores } cores
    }, so answers come a few words a second; needs about { $needed } of this computer's { $total }
settings-model-verdict-more-than-half = Slow here: needs about { $needed }, more than half of this computer's { $total }
settings-model-verdict-too-large = Too large: needs about { $needed }, and this computer has { $total } (a quarter of it is kept for the rest)
# When the row has no figures: $fit is fits, slowHere or tooLarge.
settings-model-verdict-fit = { $fit ->
        [fits] Fits this computer
        [slowHere] Slow on this computer
       *[other] Too large for this computer
    }
# Why the download stopped: $code the kind of trouble (proseva_models download errors), $error
# the app's own words (English), shown as they are in English and as the detail in Spanish.
settings-model-error = { $error }
    .detail = Technical detail ({ $code }): { $error }
