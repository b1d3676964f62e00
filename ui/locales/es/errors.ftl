### The app's error codes (ui/dom.js errorText).

## One message per error code the app answers with, `{code, message, field?, fields?}`
## (src-tauri/src/error.rs, sidecars/server/src/error.rs, the agent's and its tools' codes).
## The value is what the person reads; in English it is the app's own words ($message), which
## are good English already. `.detail` is the technical detail, the app's words again, shown
## as a tooltip and under "Technical detail" when the value does not say them.

# The summary of the box that shows the app's own words.
errors-detail-summary = Detalle técnico (en inglés)

# $message is the app's own sentence; $fields the fields to check, as the form labels them
# ("date and title"), $count how many (0 when the app named none).
errors-invalid-input = { $count ->
        [0] Revise los datos que escribió.
        [one] Revise este dato: { $fields }.
       *[other] Revise estos datos: { $fields }.
    }
    .fields = { $count ->
        [0] Revise los datos que escribió.
        [one] Revise este dato: { $fields }.
       *[other] Revise estos datos: { $fields }.
    }
    .detail = Detalle técnico (en inglés): { $message }
# The app is still starting (src-tauri).
errors-starting = ProSeVA todavía se está iniciando. Inténtelo de nuevo en un momento.
    .detail = Detalle técnico (en inglés): { $message }
# A service the request needs failed or cannot do it now.
errors-unavailable = Un servicio que ProSeVA necesita no está disponible ahora. Inténtelo de nuevo en un momento.
    .detail = Detalle técnico (en inglés): { $message }
# A service behind the server failed (the law graph, the language model).
errors-upstream-unavailable = Un servicio del que depende esta respuesta falló. Inténtelo de nuevo en un momento.
    .detail = Detalle técnico (en inglés): { $message }
# No such record, section or route.
errors-not-found = No se encontró lo que buscaba. Puede que se haya borrado.
    .detail = Detalle técnico (en inglés): { $message }
# The change would lose or orphan other records (a case that still has deadlines).
errors-conflict = Este cambio no se puede hacer: otros datos guardados dependen de esto.
    .detail = Detalle técnico (en inglés): { $message }
# The case file is locked.
errors-locked = Su expediente está bloqueado. Ábralo con su frase de contraseña.
    .detail = Detalle técnico (en inglés): { $message }
# A file over the size limit; $limit is the most the app takes ("25 MB"), or none when the app did not say.
errors-too-large = { $limit ->
        [none] El archivo es demasiado grande para ProSeVA.
       *[other] El archivo es demasiado grande para ProSeVA: lo más que acepta es { $limit }.
    }
    .detail = Detalle técnico (en inglés): { $message }
# What was sent is over the server's limit ($limit, "25 MB", or none).
errors-payload-too-large = { $limit ->
        [none] Lo que se envió es demasiado grande para ProSeVA.
       *[other] Lo que se envió es demasiado grande para ProSeVA: lo más que acepta es { $limit }.
    }
    .detail = Detalle técnico (en inglés): { $message }
# A file of a kind this part of the app does not take.
errors-unsupported-media-type = ProSeVA no puede usar este tipo de archivo aquí.
    .detail = Detalle técnico (en inglés): { $message }
# The body could not be read (malformed JSON, a broken upload).
errors-bad-request = ProSeVA no pudo leer lo que se envió. Inténtelo de nuevo.
    .detail = Detalle técnico (en inglés): { $message }
# Something went wrong inside the app or its server.
errors-internal = Algo salió mal dentro de ProSeVA.
    .detail = Detalle técnico (en inglés): { $message }
# The server refused the app's own token.
errors-unauthorized = El servicio de datos de ProSeVA no aceptó la solicitud. Cierre ProSeVA y vuelva a abrirlo.
    .detail = Detalle técnico (en inglés): { $message }
# A request addressed to another host name than this computer.
errors-forbidden-host = El servicio de datos de ProSeVA solo responde a esta computadora.
    .detail = Detalle técnico (en inglés): { $message }
# The app asked its server for something it does not do.
errors-method-not-allowed = ProSeVA pidió algo que su servicio de datos no hace. Es un error de la aplicación.
    .detail = Detalle técnico (en inglés): { $message }
# As many questions as it answers at once are running.
errors-busy = ProSeVA está respondiendo otras preguntas. Inténtelo de nuevo en unos segundos.
    .detail = Detalle técnico (en inglés): { $message }
# Asked more often than a service answers.
errors-rate-limited = Se hicieron demasiadas solicitudes seguidas. Espere un momento e inténtelo de nuevo.
    .detail = Detalle técnico (en inglés): { $message }
# A search or a tool did not answer in time.
errors-timeout = Una búsqueda tardó demasiado y se detuvo. Inténtelo de nuevo.
    .detail = Detalle técnico (en inglés): { $message }
# The person stopped the request.
errors-cancelled = Se detuvo.
    .detail = Detalle técnico (en inglés): { $message }
# The language model failed to answer.
errors-model = El modelo de lenguaje no pudo responder.
    .detail = Detalle técnico (en inglés): { $message }
# A research tool was given arguments it does not take.
errors-invalid-arguments = Una herramienta de investigación recibió datos que no le sirven.
    .detail = Detalle técnico (en inglés): { $message }
# A research service has no key in Settings.
errors-not-configured = Este servicio no está configurado: falta su clave en Configuración.
    .detail = Detalle técnico (en inglés): { $message }
# A research tool failed.
errors-failed = Una búsqueda falló.
    .detail = Detalle técnico (en inglés): { $message }
# A tool ProSeVA does not have.
errors-unknown-tool = ProSeVA no tiene esa herramienta.
    .detail = Detalle técnico (en inglés): { $message }
# A tool not allowed in this kind of request.
errors-not-allowed-for-role = Esa herramienta no se puede usar aquí.
    .detail = Detalle técnico (en inglés): { $message }
# The request used all the searches it may.
errors-budget-exhausted = Esta pregunta ya usó todas las búsquedas que puede hacer.
    .detail = Detalle técnico (en inglés): { $message }
# A service failed several times in a row and is rested.
errors-circuit-open = Este servicio falló varias veces seguidas. ProSeVA esperará un poco antes de volver a usarlo.
    .detail = Detalle técnico (en inglés): { $message }
# A change the person must allow first.
errors-needs-confirmation = Esto necesita su permiso antes de hacerse.
    .detail = Detalle técnico (en inglés): { $message }
# Any other code.
errors-other = Algo salió mal.
    .detail = Detalle técnico (en inglés): { $message }

## What is wrong with one field, shown under it (ui/dom.js fieldErrorText). The English is
## the app's own words (sidecars/server/src/fields.rs, src-tauri/src/settings.rs); a reason
## not listed here is errors-reason-other. $why is the app's words, the detail.

# fields.rs: an empty required field.
errors-reason-required = Falta este dato.
    .detail = Detalle técnico (en inglés): { $why }
# A field that may not be left empty.
errors-reason-empty = No puede quedar vacío.
    .detail = Detalle técnico (en inglés): { $why }
# A required date.
errors-reason-date-required = Falta la fecha (AAAA-MM-DD: año, mes y día).
    .detail = Detalle técnico (en inglés): { $why }
# A date that is not one.
errors-reason-date = Debe ser una fecha escrita AAAA-MM-DD (año, mes y día), por ejemplo 2025-03-14.
    .detail = Detalle técnico (en inglés): { $why }
# $first and $last are years.
errors-reason-date-between = Debe ser una fecha entre el { $first }-01-01 y el { $last }-12-31.
    .detail = Detalle técnico (en inglés): { $why }
# $max is a number of characters.
errors-reason-too-long = Puede tener { $max } caracteres como máximo.
    .detail = Detalle técnico (en inglés): { $why }
# $max is a number of characters.
errors-reason-one-line = Debe ser una sola línea de { $max } caracteres como máximo.
    .detail = Detalle técnico (en inglés): { $why }
# $min and $max are the limits.
errors-reason-whole-number = Debe ser un número entero del { $min } al { $max }.
    .detail = Detalle técnico (en inglés): { $why }
# $min and $max are numbers of minutes.
errors-reason-minutes = Debe ser de { $min } a { $max } minutos.
    .detail = Detalle técnico (en inglés): { $why }
# A required amount.
errors-reason-money-required = Falta la cantidad en dólares (por ejemplo, 86.50).
    .detail = Detalle técnico (en inglés): { $why }
# An amount that is not one.
errors-reason-money = Debe ser una cantidad en dólares, por ejemplo 86.50.
    .detail = Detalle técnico (en inglés): { $why }
# An amount that may not be negative.
errors-reason-money-positive = Debe ser una cantidad en dólares, sin signo de menos, por ejemplo 4500 o 4,500.00.
    .detail = Detalle técnico (en inglés): { $why }
# A record chosen by its number.
errors-reason-record-id = Debe ser el número de un registro guardado (un número entero mayor que cero).
    .detail = Detalle técnico (en inglés): { $why }
# An address that is not a web address.
errors-reason-web-address = Debe empezar con http:// o https://.
    .detail = Detalle técnico (en inglés): { $why }
# An e-mail address that is not one.
errors-reason-email = Debe ser una dirección de correo electrónico.
    .detail = Detalle técnico (en inglés): { $why }
# Any other reason: the app's words are the detail.
errors-reason-other = Revise este dato.
    .detail = Detalle técnico (en inglés): { $why }

## A field the app names, as a person reads it in a list ("Check these: date and title");
## a form that shows other labels passes its own. $name is the app's name for the field.

errors-field = { $name ->
        [caseId] caso
        [title] título
        [date] fecha
        [name] nombre
        [kind] tipo
        [notes] notas
        [body] texto
        [text] texto
        [content] texto
        [description] descripción
        [amount] cantidad
        [category] categoría
        [status] estado
        [type] tipo
        [dueDate] fecha límite
        [triggerDate] fecha de inicio
        [startDate] fecha de inicio
        [endDate] fecha de fin
        [serviceDate] fecha de entrega
        [servedOn] fecha de entrega
        [serviceMethod] forma de entrega
        [court] tribunal
        [caseNumber] número de caso
        [locality] ciudad o condado
        [caseKind] tipo de caso
        [party] parte
        [role] papel
        [address] dirección
        [phone] teléfono
        [email] correo electrónico
        [location] lugar
        [file] archivo
        [fileName] nombre del archivo
        [passphrase] frase de contraseña
        [recoveryKey] clave de recuperación
        [question] pregunta
        [query] búsqueda
        [messages] pregunta
        [baseUrl] dirección del servicio
        [smallModel] modelo para buscar
        [largeModel] modelo para escribir respuestas
        [openalexEmail] correo electrónico para OpenAlex
        [localModel] archivo del modelo
        [localModelIdleMinutes] minutos antes de descargar el modelo de la memoria
        [language] idioma
        [yearlyIncome] ingreso anual
        [dates] fechas
        [paper] documento
        [id] registro
       *[other] { $name }
    }
