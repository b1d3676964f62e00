# El cuadro de Configuración: su parte de ui/index.html y lo que dice ui/settings.js.

settings-title = Configuración
settings-close =
    .title = Cerrar (Esc)
    .aria-label = Cerrar la configuración

## Answers written on this computer (the model catalogue is below, under "What settings.js says")

settings-local-legend = Respuestas escritas en esta computadora
settings-local-lead = Reciba respuestas escritas en palabras sencillas por un modelo en esta computadora. No necesita cuenta ni clave. Nada de lo que pregunte sale de esta computadora.
settings-local-details-summary = Detalles: cada modelo, su tamaño, la memoria que usa y su licencia; un archivo de modelo que usted ya tenga
settings-local-catalogue-title = Descargar un modelo
settings-local-catalogue-hint = Cada uno es un archivo GGUF de Hugging Face, fijado en una versión y verificado con la suma de comprobación publicada antes de usarlo. No se descarga nada hasta que presione Descargar; una descarga detenida continúa donde se quedó.
settings-local-model-label = Usar un archivo GGUF que ya tengo
settings-local-model-input =
    .placeholder = /home/usuario/modelos/qwen3-1.7b-q4_k_m.gguf
settings-local-model-browse = Examinar…
settings-local-model-clear = No usar
settings-local-model-hint = Por ejemplo, un archivo que descargó LM Studio u Ollama. Mientras esté elegido, escribe las respuestas en lugar del servicio de modelos de arriba; “Usar siempre el modo sin conexión” tiene prioridad.
settings-idle-minutes-label = Liberar su memoria después de
settings-idle-minutes-option = { $minutes ->
        [60] 1 hora sin preguntas
        [one] { $minutes } minuto sin preguntas
       *[other] { $minutes } minutos sin preguntas
    }
settings-idle-minutes-hint = El modelo se vuelve a cargar con la próxima pregunta.

## Language. The legend and the languages' own names are bilingual on purpose: a person who
## cannot read the window's language still finds them.

settings-language-legend = Idioma / Language
settings-language-label = Idioma de la ventana
# $system is this computer's language: en or es.
settings-language-follow = Usar el idioma de esta computadora ({ $system ->
        [es] Español
       *[other] English
    })
settings-language-english = English
settings-language-spanish = Español
settings-language-hint = Todas las pantallas cambian al idioma que elija en cuanto guarde.

## Offline mode, or a model service

settings-offline-legend = Modo sin conexión o un servicio de modelos
settings-offline-label = Usar siempre el modo sin conexión
settings-offline-hint = El modo sin conexión no necesita ningún servicio de modelos: las respuestas citan las fuentes encontradas, con sus referencias. Sus preguntas se quedan en esta computadora (las búsquedas de Investigar sí van a los servicios para los que tiene claves).
settings-model-service-summary = Avanzado: usar un servicio de modelos
settings-model-service-lead = Use un servicio de modelos que funcione como el de OpenAI. Puede ser OpenAI mismo: necesita una cuenta y una clave. O puede funcionar en esta computadora, como Ollama o llama.cpp.
settings-base-url-label = Dirección del servicio de modelos (URL base)
settings-base-url-input =
    .placeholder = Déjelo vacío para usar OpenAI
settings-base-url-hint = Déjelo vacío para OpenAI. Direcciones comunes:
settings-small-model-label = Modelo para buscar información
settings-small-model-hint = Un modelo rápido que puede usar herramientas.
settings-large-model-label = Modelo para escribir las respuestas
settings-large-model-hint = El modelo que escribe la respuesta final.

## Other assistants (MCP)

settings-mcp-legend = Otros asistentes (MCP)
settings-mcp-case-data-label = Permitir que otros asistentes lean los datos de mi caso
settings-mcp-case-data-hint = Asistentes como Claude Desktop o Jan pueden usar la base de leyes de ProSeVA por medio de <code>proseva-mcp</code> (vea el README). Con esto activado, también pueden leer sus casos, fechas límite y documentos, solo para leer y mientras ProSeVA esté abierto. Desactivado si usted no lo activa.

## Research services (the keys themselves: "What settings.js says")

settings-research-legend = Servicios de investigación
settings-research-lead = Cada servicio necesita su propia clave gratuita. Las claves se guardan en el llavero de su sistema (o en un archivo privado si no hay llavero) y nunca se vuelven a mostrar; deje un campo vacío para conservar la clave guardada.
settings-openalex-email-label = Correo electrónico para OpenAlex (opcional)
settings-openalex-email-hint = OpenAlex responde más rápido cuando tiene una dirección de contacto. No necesita clave.

## Reminders (reminders.js saves them)

settings-reminders-legend = Recordatorios
settings-reminders-lead = Cada fecha límite le avisa 7 días y 2 días antes, y la mañana del mismo día, a menos que haya elegido otros momentos para esa fecha o para su caso. Los recordatorios también aparecen arriba en esta ventana.
settings-notifications-label = Mostrar los recordatorios como notificaciones del sistema
settings-notifications-hint = Mientras ProSeVA esté abierto, cada recordatorio también aparece en un cuadrito en su pantalla.
settings-start-at-login-label = Iniciar ProSeVA al entrar en mi sesión, oculto en la bandeja
settings-start-at-login-hint = Así los recordatorios le llegan incluso los días en que no lo abre. Desactivado hasta que usted lo active.
settings-discreet-label = Recordatorios discretos
settings-discreet-protective-orders = Para los casos de orden de protección
settings-discreet-all = Para todos los casos
settings-discreet-off = Desactivados: cada recordatorio nombra su caso
settings-discreet-hint = Un recordatorio discreto solo dice “ProSeVA: tiene un recordatorio”: sin caso, sin fecha límite, sin fecha, sin tribunal. De qué se trata aparece en esta ventana cuando la abra.

## Privacy and safety (privacy.js)

settings-privacy-legend = Privacidad y seguridad
settings-privacy-lead = Bloquee su expediente con una frase de contraseña: así sus casos, notas, documentos, borradores, conversaciones guardadas y copias de seguridad quedan cifrados en esta computadora, y ProSeVA solo se abre con la frase de contraseña. Es útil si otra persona puede usar esta computadora.
settings-privacy-new-label = Frase de contraseña nueva
settings-privacy-new-hint = Por lo menos 8 caracteres. Unas cuantas palabras sin relación entre sí son fáciles de recordar y difíciles de adivinar.
settings-privacy-new-again-label = La misma frase de contraseña otra vez
settings-privacy-warning = <strong>Si pierde su frase de contraseña y su clave de recuperación, nadie podrá volver a abrir su expediente</strong>: ni usted, ni ProSeVA, ni nadie. No hay forma de restablecerla. Verá una clave de recuperación una sola vez: anótela y guárdela en un lugar seguro, lejos de esta computadora.
settings-privacy-understood-label = Entiendo: una frase de contraseña y una clave de recuperación perdidas no se pueden reemplazar
settings-privacy-turn-on = Bloquear mi expediente con esta frase de contraseña
settings-privacy-recovery-lead = <strong>Su clave de recuperación.</strong> Anótela ahora (o imprima esta página) y guárdela lejos de esta computadora. Abre su expediente si olvida su frase de contraseña. No se volverá a mostrar.
settings-privacy-print = Imprimir
settings-privacy-written = Ya la anoté
settings-privacy-lock-now = Bloquear ahora
settings-idle-lock-label = Bloquear solo cuando no haya usado ProSeVA durante
settings-idle-lock-option = { $minutes ->
        [0] Nunca
        [60] 1 hora
        [one] { $minutes } minuto
       *[other] { $minutes } minutos
    }
settings-unlock-without-asking-label = Desbloquear en esta computadora sin preguntar
settings-unlock-without-asking-hint = Guarda su frase de contraseña en el llavero de esta computadora, para que ProSeVA se abra sin preguntar: cualquier persona que pueda entrar en esta computadora con su usuario podrá entonces abrir su expediente. Desactivado si usted no lo activa.
settings-privacy-keep-passphrase-label = Su frase de contraseña, para guardarla en el llavero
settings-privacy-change-summary = Cambiar mi frase de contraseña
settings-privacy-old-label = Frase de contraseña actual (o su clave de recuperación)
settings-privacy-change-new-label = Frase de contraseña nueva
settings-privacy-change-again-label = La frase de contraseña nueva otra vez
settings-privacy-change = Cambiar la frase de contraseña
settings-privacy-off-summary = Quitar el bloqueo
settings-privacy-off-lead = Su expediente se descifra en esta computadora y vuelve a abrirse sin frase de contraseña.
settings-privacy-off-passphrase-label = Su frase de contraseña
settings-privacy-turn-off = Quitar el bloqueo
settings-privacy-quick-exit-hint = La salida rápida (el botón de arriba a la derecha, o Esc tres veces) oculta ProSeVA de inmediato y, si hay una frase de contraseña, lo bloquea.

## Your data, backups (backup.js)

settings-data-legend = Sus datos
settings-data-dir-label = Carpeta de datos
settings-data-dir-hint = Sus casos, documentos y la base de leyes se guardan aquí, en esta computadora.
settings-backup-title = Copias de seguridad
settings-backup-lead = Un solo archivo con sus casos, fechas límite, documentos, notas, conversaciones guardadas y configuración, nunca sus claves. Guarde una copia en un lugar seguro.
settings-backup-create = Hacer una copia de todo
settings-backup-list-title = Copias de seguridad en esta computadora

## The dialog's buttons

settings-cancel = Cancelar
settings-save = Guardar la configuración

## What ui/settings.js says

settings-loading = Cargando su configuración…
settings-load-failed = No se pudo cargar su configuración: { $error }
settings-saving = Guardando…
settings-saved = Se guardó la configuración.
settings-saved-partly = Se guardó el resto de su configuración, pero no esto: { $reason }
# $field is the field's label, $reason why it was refused.
settings-not-saved-field = No se guardó. { $field }: { $reason }
settings-not-saved = No se guardó: { $reason }
settings-not-saved-unavailable = No se guardó: un servicio que se necesita no respondió. { $reason }

## The model for this computer ($model is its name, $size "1.0 GB")

settings-local-none-fits = Esta computadora tiene muy poca memoria libre para los modelos que ofrece ProSeVA. El modo sin conexión sigue respondiendo: cita las fuentes que encuentra.
settings-local-in-use = { $model } escribe sus respuestas, en esta computadora.
settings-local-ready = { $model } ya está descargado.
settings-local-use = Usarlo para mis respuestas
settings-local-downloading = Descargando { $model }. Puede seguir usando la aplicación; una descarga detenida continúa después.
settings-local-stop = Detener la descarga
settings-local-recommended = Recomendado para esta computadora: { $model }. Una sola descarga de { $size }; el tiempo que falta aparece cuando empieza, y una descarga detenida continúa después.
settings-local-download = Descargar ({ $size })
settings-local-resume = Continuar la descarga ({ $size })
settings-local-slow = En esta computadora sus respuestas llegarán despacio.
settings-local-progress-label = Descarga de { $model }
settings-catalogue-failed = No se pudo leer el catálogo: { $error }

## A model of the catalogue ($done and $total "340 MB"; $parameters as the catalogue says it)

settings-model-facts = { $parameters } parámetros · descarga de { $size } · necesita unos { $memory } de memoria · { $licence }
settings-model-in-use = En uso
settings-model-stop = Detener
settings-model-use = Usar
settings-model-delete = Eliminar
settings-model-download = Descargar
settings-model-resume = Continuar ({ $done } de { $total })
settings-model-download-started = Empezó la descarga.
settings-model-download-stopped = Se detuvo la descarga; puede continuar después.
settings-model-in-use-said = En uso.
settings-model-deleted = Eliminado.
settings-download-done = { $done } de { $total }
settings-download-left = faltan unos { $minutes } min

## The keys ($key is the key's name as the label says it)

# $name is the key's variable; $label the app's own label, for a key this list does not know.
settings-secret-name = { $name ->
        [OPENAI_API_KEY] Clave de API de OpenAI (o de un servidor compatible)
        [COURTLISTENER_API_TOKEN] Token de API de CourtListener (decisiones y expedientes judiciales)
        [LEGISCAN_API_KEY] Clave de API de LegiScan (proyectos de ley)
        [GOVINFO_API_KEY] Clave de API de GovInfo (documentos federales)
        [SERPAPI_API_KEY] Clave de SerpAPI (búsqueda en directorios de abogados)
       *[other] { $label }
    }
settings-secret-replace-placeholder = Escriba una clave nueva para reemplazar la guardada
settings-secret-paste-placeholder = Pegue su clave aquí
settings-secret-clear = Borrar
settings-secret-keep = Conservar la clave guardada
settings-secret-clear-label = Borrar: { $key }
settings-secret-keep-label = Conservar la clave guardada: { $key }
settings-secret-will-be-removed = Se eliminará cuando guarde.
settings-secret-will-replace = La clave nueva reemplazará a la guardada cuando guarde.
settings-secret-will-save = Se guardará cuando presione Guardar.
# $store: keyring, file, environment.
settings-secret-saved = { $store ->
        [keyring] ✓ Guardada en el llavero del sistema
        [file] ✓ Guardada en un archivo privado
       *[other] ✓ Guardada
    }
settings-secret-not-set = Sin configurar

## A model of the catalogue: what it needs here, and why a download stopped (ui/settings.js
## catalogueRow, from the row's figures; $needed "2.0 GB" the memory it needs, $total "16 GB" this
## computer's memory, $cores its processor cores)

# $billions is the parameter count in billions (1.7); the rest as settings-model-facts.
settings-model-facts-billions = { $billions } mil millones de parámetros · descarga de { $size } · necesita unos { $memory } de memoria · { $licence }
settings-model-verdict-room = Funciona bien aquí: necesita unos { $needed } de los { $total } de memoria de esta computadora
settings-model-verdict-few-cores = Lento aquí: esta computadora tiene { $cores ->
        [one] 1 núcleo
       *[other] { $cores } núcleos
    } de procesador, así que las respuestas llegan de a pocas palabras por segundo; necesita unos { $needed } de los { $total } de memoria de esta computadora
settings-model-verdict-more-than-half = Lento aquí: necesita unos { $needed }, más de la mitad de los { $total } de memoria de esta computadora
settings-model-verdict-too-large = Demasiado grande: necesita unos { $needed } y esta computadora tiene { $total } de memoria (una cuarta parte se deja libre para lo demás)
# When the row has no figures: $fit is fits, slowHere or tooLarge.
settings-model-verdict-fit = { $fit ->
        [fits] Funciona bien en esta computadora
        [slowHere] Lento en esta computadora
       *[other] Demasiado grande para esta computadora
    }
# Why the download stopped: $code the kind of trouble (proseva_models download errors), $error
# the app's own words (English), shown as they are in English and as the detail in Spanish.
settings-model-error = { $code ->
        [unreachable] No se pudo conectar con Hugging Face. Revise su conexión a internet y presione Descargar otra vez; lo que ya se descargó se guarda.
        [interrupted] Se cortó la conexión durante la descarga. Presione Continuar para seguir desde donde quedó.
        [cancelled] Se detuvo la descarga. Puede continuarla después.
        [refused] Hugging Face no permite descargar este modelo: necesita una cuenta que haya aceptado su licencia, o es privado. No se descargó nada.
        [missing] Hugging Face ya no tiene este archivo en la versión que usa ProSeVA. No se descargó nada.
        [http] Hugging Face no respondió bien. Inténtelo más tarde.
        [no_checksum] Hugging Face no publica la suma de verificación de este archivo, así que no se puede comprobar. No se descargó nada.
        [changed] Hugging Face ahora publica otro archivo con este nombre. No se descargó nada.
        [checksum] El archivo descargado no coincide con su suma de verificación publicada. No se guardó nada.
        [not_a_model] El archivo descargado no es un modelo que ProSeVA pueda usar. No se guardó nada.
        [disk_full] El disco está lleno. Libere espacio y presione Descargar otra vez.
        [unwritable] No se pudo guardar el archivo en esta computadora.
        [server] No se pudo usar la respuesta de Hugging Face. Inténtelo más tarde.
       *[other] La descarga no terminó.
    }
    .detail = Detalle técnico (en inglés, { $code }): { $error }
