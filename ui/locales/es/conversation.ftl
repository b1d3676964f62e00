### Messages of ui/conversation.js.
# A conversation (Ask, Research): the question, the steps of the answer, its sources, its errors.
# What the app says (the answer, a step's label, an error's message, titles) is shown as it comes.

## While the answer is written

# $phase is what the answer is doing: starting, tools, answer, intent, verify, decide (other: anything else).
conversation-phase = { $phase ->
        [starting] Empezando…
        [tools] Buscando…
        [answer] Escribiendo la respuesta…
        [intent] Buscando la ley y sus registros sobre esta afirmación…
        [verify] Comparando la afirmación con lo que se encontró…
        [decide] Decidiendo…
       *[other] Trabajando…
    }
# The model on this computer; $model is its name, $ahead how many questions it answers before this one.
conversation-local-waiting = Esperando a { $model } en esta computadora — { $ahead ->
        [one] { $ahead } pregunta va
       *[other] { $ahead } preguntas van
    } antes de la suya…
conversation-local-loading = Cargando { $model } en esta computadora…
conversation-local-writing = Escribiendo la respuesta con { $model } en esta computadora…
conversation-wait = Espere a que termine la respuesta de ahora, o presione Detener.

## Headings a screen reader reads before each message

conversation-you-asked = Usted preguntó
conversation-you-ran-workflow = Usted inició un flujo de trabajo
conversation-workflow-badge = Flujo de trabajo
conversation-answered = ProSeVA respondió

## The steps taken (the trail)

conversation-trail-label = Pasos que se siguieron para esta respuesta
# After a step, for screen readers; $state: running, done, failed, unfinished.
conversation-trail-state = { $state ->
        [running] en curso
        [done] listo
        [failed] falló
       *[unfinished] sin terminar
    }
# $count is how many results the step found.
conversation-outcome-found = { $count ->
        [0] no se encontró nada
        [one] se encontró { $count }
       *[other] se encontraron { $count }
    }
# A draft made; $title is its title, $version its version number.
conversation-outcome-draft = { $title }, versión { $version }
# Stand-ins for a title the app did not give.
conversation-draft-untitled = borrador
conversation-written-untitled = escrito
conversation-opinion-untitled = decisión
conversation-open-draft = Abrir el borrador
conversation-read-section = Leer la sección
# $kind is what the assistant wrote: note, deadline, document, case (other: anything else).
conversation-open-record = { $kind ->
        [note] Abrir la nota
        [deadline] Abrir la fecha límite
        [document] Abrir el documento
        [case] Abrir el caso
       *[other] Abrirlo
    }

## The answer

conversation-no-answer = No se escribió ninguna respuesta.
# Said to a screen reader; $reply is the start of the answer.
conversation-answer-ready = Respuesta lista. { $reply }
# $count is how many citations of the answer were not found.
conversation-answer-flagged = { $count ->
        [one] Una cita no se encontró en la base de leyes.
       *[other] { $count } citas no se encontraron en la base de leyes.
    }
conversation-sources-title = Fuentes
# $list is the citations, as the answer wrote them.
conversation-unverified-not-checked = No se pudo verificar: { $list }.
conversation-unverified-not-found = No se encontró en la base de leyes: { $list }.
conversation-unverified-advice = Revise estas citas en el Código oficial antes de confiar en ellas.
# $count is how many look-ups the answer made.
conversation-tools-used = Fuentes usadas ({ $count ->
        [one] { $count } búsqueda
       *[other] { $count } búsquedas
    })
# $cards is how many results, $sources from how many sources.
conversation-sidebar-link = Ver { $cards ->
        [one] el { $cards } resultado
       *[other] los { $cards } resultados
    } de { $sources ->
        [one] { $sources } fuente
       *[other] { $sources } fuentes
    }

## An answer that could not be finished

conversation-ask-again = Preguntar de nuevo
conversation-try-again = Intentar de nuevo
conversation-open-settings = Abrir la configuración
conversation-stopped-title = Usted detuvo esta respuesta.
# $code is the error's kind: starting, invalid_input, unavailable, model (other: anything else).
conversation-error-title = { $code ->
        [starting] ProSeVA todavía se está iniciando.
        [invalid_input] No se pudo enviar esta pregunta.
        [unavailable] Un servicio no respondió.
        [model] El servicio del modelo no respondió.
       *[other] No se pudo terminar esta respuesta.
    }
conversation-error-unfinished = No se pudo terminar la respuesta.
# Said to a screen reader; $message is the app's message.
conversation-failed-said = No se pudo terminar la respuesta: { $message }
conversation-stopped-said = Se detuvo.
conversation-hint-starting = ProSeVA todavía se está preparando. Espere a que la línea de estado, abajo, diga que está listo, y luego intente de nuevo.
conversation-hint-model = Parece un problema con el servicio del modelo. Revise la configuración del modelo, o active el modo sin conexión.
conversation-hint-unavailable = Un servicio no respondió. Revise la línea de estado, abajo, o intente de nuevo en un momento.
conversation-hint-invalid-input = Cambie la pregunta (o empiece una conversación nueva) y envíela otra vez.
