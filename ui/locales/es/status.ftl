# The status line at the bottom of the window (ui/status.js and its part of ui/index.html).

## The two parts of the app; $state is healthy, starting, preparing, restarting, unavailable
## or unknown; $restarts how many times it was restarted (0 when never)

status-server-state = Datos del caso: { $state ->
        [healthy] listos
        [starting] iniciando…
        [preparing] preparando…
        [restarting] { $restarts ->
            [0] reiniciando…
           *[other] reiniciando ({ $restarts })…
        }
        [unavailable] no disponibles
       *[unknown] estado desconocido
    }
status-explorer-state = Base de leyes: { $state ->
        [healthy] lista
        [starting] iniciando…
        [preparing] preparando…
        [restarting] { $restarts ->
            [0] reiniciando…
           *[other] reiniciando ({ $restarts })…
        }
        [unavailable] no disponible
       *[unknown] estado desconocido
    }
status-server-ready-tip = Sus casos, fechas límite y documentos están disponibles.
status-explorer-ready-tip = Puede buscar en el Código y la Constitución de Virginia.
status-server-down-tip = Ahora mismo no se pueden leer los datos de su caso.
status-explorer-down-tip = Ahora mismo las respuestas no pueden buscar en las leyes de Virginia; las demás fuentes siguen funcionando.
status-restarted = { $count ->
        [one] Se reinició { $count } vez.
       *[other] Se reinició { $count } veces.
    }

## Who writes the answers

status-model-offline = Modo sin conexión: las respuestas citan las fuentes
status-model-local = Respuestas: { $model } en esta computadora
status-model-local-waiting = Respuestas: { $model } en esta computadora (se carga con la próxima pregunta)
status-model-local-failed = { $model } no pudo iniciarse: las respuestas son sin conexión
status-model-online = Modelo: { $models } en { $host }
status-model-online-default = Modelo: el predeterminado en { $host }
status-model-offline-tip = No hay ningún servicio de modelos configurado (o el modo sin conexión está activado): las respuestas se arman con las fuentes encontradas, citadas con sus referencias.
status-model-local-tip = Las respuestas las escribe { $model }, que funciona en esta computadora: nada de lo que pregunte sale de ella. Los modelos pequeños cometen errores; lea las secciones citadas.
status-model-local-failed-tip = El modelo de esta computadora no pudo iniciarse: { $reason }. Las respuestas citan sus fuentes hasta que se inicie (Configuración → Respuestas escritas en esta computadora).
status-model-local-failed-log-tip = El modelo de esta computadora no pudo iniciarse: vea su registro. Las respuestas citan sus fuentes hasta que se inicie (Configuración → Respuestas escritas en esta computadora).
status-model-online-tip = Las respuestas las escribe { $large } después de que { $small } reúne las fuentes, en { $address }.
status-model-online-openai-tip = Las respuestas las escribe { $large } después de que { $small } reúne las fuentes, en la dirección predeterminada de OpenAI.

## Other assistants (MCP), outside services

status-mcp-text = Otros asistentes pueden leer los datos de su caso
status-mcp-tip = Se activó en Configuración → Otros asistentes (MCP). Desactívelo allí.
# $service is the service's name (CourtListener); $seconds how long it is left alone.
status-service-paused = { $service } en pausa por { $seconds } s después de 3 fallas
status-services-tip = Falló tres veces seguidas, así que ProSeVA lo deja en paz por un tiempo en lugar de preguntarle una y otra vez; se vuelve a intentar cuando termina ese tiempo. Las demás fuentes siguen funcionando.

## The first start: the law graph being built ($stage is the step's own name)

status-setup-preparing = Preparando la base de leyes…
status-setup-progress = Preparando la base de leyes… { $done }/{ $total }
status-setup-progress-stage = Preparando la base de leyes… { $done }/{ $total } ({ $stage })
status-items =
    .aria-label = Estado de la aplicación
status-open-diagnostics = Diagnóstico

## The app could not start

status-alert-title = ProSeVA no pudo iniciarse
status-alert-message = Una parte de la aplicación no se inició. Sus datos están seguros en esta computadora.
status-alert-advice = Cierre ProSeVA y vuelva a abrirlo. Si esto sigue pasando, los detalles de abajo le servirán a quien lo revise.
status-alert-details = { $part ->
        [explorer] Detalles técnicos: base de leyes (explorer)
       *[server] Detalles técnicos: datos del caso (server)
    }
status-alert-log = Su archivo de registro:
