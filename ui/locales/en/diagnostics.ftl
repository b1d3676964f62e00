### Messages of ui/diagnostics.js.
# The Diagnostics dialog: every tool's figures, and the outside services. Tool and service names,
# and a tool's most common failure, come from the app as they are.

# $error is the reason, as it came.
diagnostics-not-read = The figures could not be read: { $error }
diagnostics-empty = No look-ups yet: ask a question first.
diagnostics-no-services = No outside service asked yet.
# One outside service: $service is its name; $state is ok, failing, paused or trying (another
# state is said as it comes); $seconds is how long it stays paused; $trips how often it was
# paused since ProSeVA started (0: never).
diagnostics-service = { $service }: { $state ->
        [ok] working
        [failing] failing (still asked)
        [paused] paused for { $seconds } s more
        [trying] being tried again
       *[other] { $state }
    }{ $trips ->
        [0] {""}
        [one] {" "}— paused { $trips } time since ProSeVA started
       *[other] {" "}— paused { $trips } times since ProSeVA started
    }
