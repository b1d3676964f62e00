# The status line at the bottom of the window (ui/status.js and its part of ui/index.html).

## The two parts of the app; $state is healthy, starting, preparing, restarting, unavailable
## or unknown; $restarts how many times it was restarted (0 when never)

status-server-state = Case data: { $state ->
        [healthy] ready
        [starting] starting…
        [preparing] preparing…
        [restarting] { $restarts ->
            [0] restarting…
           *[other] restarting ({ $restarts })…
        }
        [unavailable] unavailable
       *[unknown] unknown
    }
status-explorer-state = Law graph: { $state ->
        [healthy] ready
        [starting] starting…
        [preparing] preparing…
        [restarting] { $restarts ->
            [0] restarting…
           *[other] restarting ({ $restarts })…
        }
        [unavailable] unavailable
       *[unknown] unknown
    }
status-server-ready-tip = Your cases, deadlines and documents are available.
status-explorer-ready-tip = The Code and Constitution of Virginia are available for search.
status-server-down-tip = Your case data cannot be read right now.
status-explorer-down-tip = Answers cannot search Virginia law right now; other sources still work.
status-restarted = { $count ->
        [one] Restarted { $count } time.
       *[other] Restarted { $count } times.
    }

## Who writes the answers

status-model-offline = Offline mode — answers quote sources
status-model-local = Answers: { $model } on this computer
status-model-local-waiting = Answers: { $model } on this computer (loads with the next question)
status-model-local-failed = { $model } could not start — answers are offline
status-model-online = Model: { $models } at { $host }
status-model-online-default = Model: default at { $host }
status-model-offline-tip = No model service is set (or offline mode is on): answers are built from the sources found, quoted with their citations.
status-model-local-tip = Answers are written by { $model }, running on this computer: nothing you ask leaves it. Small models make mistakes; read the quoted sections.
status-model-local-failed-tip = The model on this computer could not start: { $reason }. Answers quote their sources until it does (Settings → Answers written on this computer).
status-model-local-failed-log-tip = The model on this computer could not start: see its log. Answers quote their sources until it does (Settings → Answers written on this computer).
status-model-online-tip = Answers are written by { $large } after { $small } gathers sources, at { $address }.
status-model-online-openai-tip = Answers are written by { $large } after { $small } gathers sources, at the default OpenAI address.

## Other assistants (MCP), outside services

status-mcp-text = Other assistants can read your case data
status-mcp-tip = Turned on in Settings → Other assistants (MCP). Turn it off there.
# $service is the service's name (CourtListener); $seconds how long it is left alone.
status-service-paused = { $service } paused for { $seconds } s after 3 failures
status-services-tip = It failed three times in a row, so ProSeVA leaves it alone for a while instead of asking again and again; it is tried again when the time is up. Other sources still work.

## The first start: the law graph being built ($stage is the step's own name)

status-setup-preparing = Preparing the law graph…
status-setup-progress = Preparing the law graph… { $done }/{ $total }
status-setup-progress-stage = Preparing the law graph… { $done }/{ $total } ({ $stage })
status-items =
    .aria-label = App status
status-open-diagnostics = Diagnostics

## The app could not start

status-alert-title = ProSeVA could not start
status-alert-message = A part of the app did not start. Your data is safe on this computer.
status-alert-advice = Close ProSeVA and open it again. If this keeps happening, the details below help whoever looks into it.
status-alert-details = { $part ->
        [explorer] Technical details: Law graph (explorer)
       *[server] Technical details: Case data (server)
    }
status-alert-log = Its log file:
