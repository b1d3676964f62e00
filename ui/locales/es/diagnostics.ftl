### Messages of ui/diagnostics.js.
# The Diagnostics dialog: every tool's figures, and the outside services. Tool and service names,
# and a tool's most common failure, come from the app as they are.

# $error is the reason, as it came.
diagnostics-not-read = No se pudieron leer las cifras: { $error }
diagnostics-empty = Todavía no hay búsquedas: primero haga una pregunta.
diagnostics-no-services = Todavía no se le ha preguntado a ningún servicio de afuera.
# One outside service: $service is its name; $state is ok, failing, paused or trying (another
# state is said as it comes); $seconds is how long it stays paused; $trips how often it was
# paused since ProSeVA started (0: never).
diagnostics-service = { $service }: { $state ->
        [ok] funciona
        [failing] falla (se le sigue preguntando)
        [paused] en pausa por { $seconds } s más
        [trying] se está volviendo a probar
       *[other] { $state }
    }{ $trips ->
        [0] {""}
        [one] {" "}— en pausa { $trips } vez desde que se inició ProSeVA
       *[other] {" "}— en pausa { $trips } veces desde que se inició ProSeVA
    }
