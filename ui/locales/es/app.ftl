# La página de la ventana (ui/index.html) y lo que dice ui/app.js. Español de EE. UU., de usted;
# las palabras de los tribunales, como las dice sidecars/server/lang/glossary-es.json.

## The unlock screen (privacy.js shows it while the case file is locked)

app-unlock-title = ProSeVA está bloqueado
app-unlock-hint = Su expediente está cifrado en esta computadora. Se abre con su frase de contraseña.
app-unlock-label = Frase de contraseña
app-unlock-submit = Desbloquear
app-unlock-use-recovery = La olvidé: usar mi clave de recuperación
app-unlock-quick-exit = Salida rápida
    .title = Ocultar ProSeVA de inmediato (o presione Esc tres veces)

## The skip link

app-skip-link = Ir al contenido principal

## The header: tabs, case picker, Settings, Lock, Quick exit

app-brand-tag = Investigación legal de Virginia para personas sin abogado
app-tabs-nav =
    .aria-label = Secciones
app-tabs-list =
    .aria-label = Secciones
app-tab-chat =
    .title = Preguntar (Ctrl+1)
app-tab-chat-label = Preguntar
app-tab-chat-sub = su caso y la ley de Virginia
app-tab-research =
    .title = Investigar (Ctrl+2)
app-tab-research-label = Investigar
app-tab-research-sub = casos y proyectos de ley
app-tab-workspace =
    .title = Caso (Ctrl+3)
app-tab-workspace-label = Caso
app-tab-workspace-sub = su expediente
app-tab-library =
    .title = Leyes (Ctrl+4)
app-tab-library-label = Leyes
app-tab-library-sub = biblioteca de leyes
app-tab-help =
    .title = Ayuda (Ctrl+5)
app-tab-help-label = Ayuda
app-tab-help-sub = quién puede ayudarle
app-case-picker-label = Caso
app-case-picker-none = Todavía no hay ningún caso
app-case-picker-new = Caso nuevo…
app-case-picker-hint = El caso con el que trabajan Preguntar, Investigar y la pestaña Caso.
app-settings-button =
    .title = Configuración (Ctrl+,)
    .aria-label = Configuración
app-settings-button-label = Configuración
app-lock-now =
    .title = Bloquear ProSeVA ahora: su frase de contraseña lo vuelve a abrir
app-lock-now-label = Bloquear
app-quick-exit =
    .title = Ocultar ProSeVA de inmediato (o presione Esc tres veces)
app-quick-exit-label = Salida rápida
app-quick-exit-hint = Oculta ProSeVA de inmediato y lo deja en la portada de la biblioteca de leyes, sin mostrar ningún caso. Presionar Escape tres veces hace lo mismo.

## Ask

app-chat-heading = Pregunte sobre su caso y las leyes de Virginia
app-chat-transcript =
    .aria-label = Conversación
app-chat-empty-title = Pregunte sobre las leyes de Virginia o sobre su propio caso
app-chat-empty-lead = Pregunte sobre su caso o sobre las leyes de Virginia. ProSeVA busca en el Código de Virginia, en la Constitución de Virginia y en el expediente que está en esta computadora. Le muestra cada fuente que usó. Haga clic en el número de una sección en la respuesta, como § 2.2-3704, para leer la ley misma.
app-chat-examples-title = Pruebe una de estas preguntas:
# The example questions: what they show, and (data-question) what they ask.
app-chat-example-1 = ¿Cómo pido registros públicos a una agencia del estado?
    .data-question = ¿Cómo pido registros públicos a una agencia del estado?
app-chat-example-2 = Mi arrendador no me devuelve el depósito de seguridad: ¿qué dice la ley?
    .data-question = Mi arrendador no me devuelve el depósito de seguridad: ¿qué dice la ley?
app-chat-example-3 = ¿Cuáles son mis próximas fechas límite?
    .data-question = ¿Cuáles son mis próximas fechas límite?
# <start> is the "Start here" button.
app-chat-start-again = ¿Tiene un papel del tribunal y no sabe por dónde empezar? <start>Empiece aquí</start>
app-chat-disclaimer = <strong>Información legal, no asesoría legal.</strong> ProSeVA no es un abogado. Revise el texto oficial y las reglas del propio tribunal antes de confiar en una respuesta.
app-chat-input-label = Su pregunta
app-chat-input =
    .placeholder = Pregunte con sus propias palabras; por ejemplo, “¿Cuánto tiempo tengo para apelar?”
app-chat-send = Preguntar
app-chat-check = Verificar una afirmación
    .title = Compare algo que le dijeron o que leyó con las leyes de Virginia y con sus registros
app-chat-draft = Borrador…
    .title = Una cronología o una lista para la audiencia hecha con sus registros, o una carta, un esquema o una tabla que escribe el asistente
app-chat-stop = Detener
app-chat-help = Enter envía · Shift+Enter agrega una línea. <strong>Información legal, no asesoría legal.</strong>
app-chat-conversations = Conversaciones guardadas
app-chat-new = Empezar una conversación nueva

## A draft beside Ask (drafts.js)

app-artifact-kind = Borrador
app-artifact-title = Borrador
app-artifact-all = Todos los borradores
app-artifact-close =
    .title = Cerrar (Esc)
    .aria-label = Cerrar el borrador
app-artifact-list =
    .aria-label = Borradores de este caso
app-artifact-version-label = Versión
app-artifact-sources-title = Fuentes
app-artifact-edit-label = Editar el borrador (se guarda como una versión nueva; las anteriores se conservan)
app-artifact-edit-save = Guardar como versión nueva
app-artifact-edit-cancel = Cancelar
app-artifact-edit = Editar
app-artifact-rebuild = Volver a hacerlo con mis registros
app-artifact-exports =
    .aria-label = Guardar una copia como
app-artifact-exports-label = Guardar como:

## Research

app-research-heading = Investigue casos judiciales, proyectos de ley, publicaciones y artículos
app-research-answer =
    .aria-label = Respuestas de la investigación
app-research-empty-title = Investigue más allá del Código
app-research-empty-lead = Investigar busca en más lugares que Preguntar. Busca casos judiciales (CourtListener), proyectos de ley de Virginia (LegiScan), documentos federales (GovInfo), artículos de académicos (OpenAlex) y listas de abogados, además de las leyes de Virginia. Cada cosa que encuentra aparece junto a la respuesta, agrupada por fuente.
app-research-examples-title = Pruebe una de estas:
app-research-example-1 = Buscar casos de Virginia sobre modificación de la custodia
    .data-question = Buscar casos de Virginia sobre modificación de la custodia
app-research-example-2 = ¿Hay proyectos de ley recientes en Virginia sobre los plazos de aviso de desalojo?
    .data-question = ¿Hay proyectos de ley recientes en Virginia sobre los plazos de aviso de desalojo?
app-research-example-3 = Buscar abogados de derecho de familia cerca de Richmond, Virginia
    .data-question = Buscar abogados de derecho de familia cerca de Richmond, Virginia
# <settings> is a button that opens Settings.
app-research-keys-hint = Algunos servicios necesitan una clave gratuita: agréguelas en <settings>Configuración</settings>.
app-research-disclaimer = <strong>Información legal, no asesoría legal.</strong> Las listas de abogados no son recomendaciones.
app-research-input-label = Pregunta para investigar
app-research-input =
    .placeholder = ¿Qué debe investigar ProSeVA? Por ejemplo, “casos de Virginia sobre mudanza y custodia”
app-research-send = Investigar
app-research-stop = Detener
app-research-help = Enter envía · Shift+Enter agrega una línea. <strong>Información legal, no asesoría legal.</strong>
app-research-conversations = Conversaciones guardadas
app-research-new = Empezar una investigación nueva
app-results-title = Fuentes encontradas
app-results-empty = Lo que cada fuente encuentre para su pregunta aparecerá aquí a medida que llegue, agrupado por fuente: decisiones de tribunales, leyes de Virginia, proyectos de ley, artículos y más.

## The Case tab (workspace.js, cases.js)

app-workspace-heading = Su caso: fechas límite, documentos, contactos, finanzas, cronología y notas
app-first-case-title = Empiece con su caso
app-first-case-lead = Póngale un nombre a su caso. ProSeVA guardará juntas sus fechas límite, papeles, contactos, gastos, cronología y notas —solo en esta computadora— y las respuestas de Preguntar e Investigar podrán usarlos.
app-first-case-form-title = Su primer caso
app-first-case-submit = Crear el caso
app-first-case-disclaimer = Todo lo que escriba se queda en esta computadora. Puede cambiar cualquier cosa más adelante.
app-workspace-nav =
    .aria-label = Páginas del caso
app-case-nav-overview = Resumen
app-case-nav-path = Paso a paso
app-case-nav-papers = Documentos para presentar
app-case-nav-proof = Pruebas para la audiencia
app-case-nav-deadlines = Fechas límite
app-case-nav-documents = Documentos
app-case-nav-contacts = Contactos
app-case-nav-finances = Finanzas
app-case-nav-timeline = Cronología
app-case-nav-notes = Notas
app-ws-page-overview =
    .aria-label = Resumen
app-ws-page-path =
    .aria-label = Paso a paso
app-ws-page-papers =
    .aria-label = Documentos para presentar
app-ws-page-proof =
    .aria-label = Pruebas para la audiencia
app-ws-page-deadlines =
    .aria-label = Fechas límite
app-ws-page-documents =
    .aria-label = Documentos
app-ws-page-contacts =
    .aria-label = Contactos
app-ws-page-finances =
    .aria-label = Finanzas
app-ws-page-timeline =
    .aria-label = Cronología
app-ws-page-notes =
    .aria-label = Notas

## Help from people (help.js)

app-help-heading = Ayuda de personas: ayuda legal donde usted vive y quién califica
app-help-where-title = Quién puede ayudarle donde usted vive
app-help-where-lead = Esta aplicación da información legal; no es un abogado. Hay personas que pueden ayudarle: elija el condado o la ciudad donde vive (o donde está su caso) para ver el programa de ayuda legal que le corresponde.
app-help-locality-label = Su condado o ciudad
app-help-locality-none = Elija uno…
app-help-screen-title = ¿Necesita un abogado ahora?
app-help-screen-lead = Hay situaciones en las que esta aplicación no puede ayudarle con seguridad. Conteste unas preguntas sobre su tipo de caso: cada “sí” le dice por qué importa, a quién llamar hoy y lo que la aplicación todavía puede hacer.
app-help-screen-kind-label = Su tipo de caso
app-help-screen-kind-none = Elija uno…
app-help-screen-questions =
    .aria-label = Preguntas
app-help-qualify-title = Quién califica para recibir ayuda legal gratuita
app-help-qualify-lead = Los programas comparan los ingresos del hogar antes de impuestos con las pautas federales de pobreza. Esto solo le dice si podría calificar; el programa decide.
app-help-household-label = Personas en su hogar
app-help-income-label = Ingresos del hogar en un año, antes de impuestos ($)
app-help-income-input =
    .placeholder = por ejemplo 21,000
app-help-check = Verificar
app-help-packet-title = Prepárese para un abogado o para la ayuda legal
app-help-packet-lead = Un documento (PDF y Word) con su caso en una página, sus fechas y fechas límite, en qué punto está, sus documentos, su cronología y las personas involucradas, las notas que elija y sus preguntas, para que una primera reunión corta se dedique a su caso. Los documentos que marque van en un archivo zip junto a él. Los archivos se guardan en su carpeta de exportaciones.
app-help-packet-case = Primero abra un caso en la pestaña Caso.
app-help-packet-documents-legend = Documentos que se adjuntan
app-help-packet-notes-legend = Notas que se incluyen
app-help-packet-questions-label = Sus preguntas para el abogado (una en cada línea)
app-help-packet-questions-input =
    .placeholder = Por ejemplo: ¿Puedo quedarme hasta la audiencia?
app-help-packet-make = Preparar el paquete

## The Law tab (library.js)

app-library-heading = La biblioteca de leyes: lo que ProSeVA tiene de las leyes de Virginia y el Código oficial
app-library-holds-title = Lo que tiene su biblioteca
app-library-holds-loading = Revisando la base de leyes…
app-library-official-title = El Código oficial de Virginia
app-library-official-lead = ProSeVA puede descargar el texto oficial de todo el Código de Virginia y de la Constitución de Virginia desde law.lis.virginia.gov: unos 80 archivos, uno por segundo, unos minutos en total. Siga trabajando o cierre ProSeVA: la descarga continúa donde se quedó cuando lo vuelva a abrir. Los resúmenes en lenguaje sencillo se quedan, junto al texto oficial.
app-library-download = Descargar el Código oficial de Virginia
app-library-check = Buscar actualizaciones
app-library-import = Importar archivos que descargué…
app-library-import-folder = Importar una carpeta…
# <site> is the address, shown as it is.
app-library-import-about = ¿No tiene conexión, o no se puede verificar el certificado del sitio? Guarde los archivos de <site>law.lis.virginia.gov/law-library/</site> con su navegador web y luego impórtelos aquí: cada uno se verifica igual que una descarga.
app-library-monthly-label = Buscar actualizaciones del Código oficial una vez al mes
app-library-run =
    .aria-label = La descarga
app-library-counts =
    .aria-label = Archivos hasta ahora
app-library-details-summary = Detalles
app-library-failed-title = Archivos que no se descargaron
app-library-files-col-file = Archivo
app-library-files-col-rows = Filas
app-library-files-col-changed = Último cambio en el sitio
app-library-files-col-fetched = Descargado

## Diagnostics (diagnostics.js)

app-diagnostics-title = Diagnóstico
app-diagnostics-close =
    .title = Cerrar (Esc)
    .aria-label = Cerrar el diagnóstico
app-diagnostics-lead = Cada búsqueda desde que ProSeVA se inició: cuántas veces se usó cada herramienta, cuántas veces falló y cuánto tardó. La mitad de las búsquedas tardó menos que p50. La mayoría (95 de cada 100) tardó menos que p95.
app-diagnostics-tools-caption = Herramientas
app-diagnostics-tools-col-tool = Herramienta
app-diagnostics-tools-col-calls = Usos
app-diagnostics-tools-col-failed = Fallas
app-diagnostics-tools-col-most-common-failure = Falla más común
app-diagnostics-empty = Todavía no hay búsquedas: primero haga una pregunta.
app-diagnostics-services-title = Servicios externos
app-diagnostics-refresh = Actualizar

## Make a draft (drafts.js)

app-draft-dialog-title = Hacer un borrador
app-draft-what-legend = Qué borrador hacer
app-draft-timeline = <strong>Cronología del caso</strong>: un diagrama con los hechos, las fechas límite y las audiencias de su caso. Se hace con sus registros; no necesita inteligencia artificial.
app-draft-checklist = <strong>Lista para la audiencia</strong>: lo que tiene que presentar, llevar y hacer para su próxima audiencia. Se hace con sus registros; no necesita inteligencia artificial.
app-draft-write = <strong>Una carta, un esquema de moción o una tabla</strong>: los escribe el asistente a partir de lo que usted describa, con sus fuentes.
app-draft-kind-label = Tipo
app-draft-kind-letter = Carta
app-draft-kind-outline = Esquema de moción
app-draft-kind-table = Tabla
app-draft-describe-label = ¿Qué debe decir?
app-draft-describe-input =
    .placeholder = Por ejemplo: una carta al secretario del tribunal para pedir que cambien mi audiencia del 20 de marzo porque ese día tengo una operación
# <settings> is a button that opens Settings.
app-draft-no-model = Para escribir una carta, un esquema o una tabla se necesita un modelo de lenguaje: agregue una clave de API o un modelo en esta computadora en <settings>Configuración</settings>. La cronología y la lista funcionan sin él.
app-draft-note = Cada borrador dice arriba que se preparó con un programa y que no es asesoría legal. Se guarda con los documentos de su caso, cada versión, y se puede guardar como Word, PDF o Markdown.
app-draft-cancel = Cancelar
app-draft-submit = Hacerlo con mis registros

## The section viewer (section.js)

app-section-back = ← Atrás
app-section-close =
    .title = Cerrar (Esc)
    .aria-label = Cerrar la sección
app-section-path =
    .aria-label = Dónde está esto en la ley
app-section-summary-title = Resumen en lenguaje sencillo: no son las palabras de la ley
app-section-url-label = Página oficial:
app-section-opinions-title = Decisiones de tribunales que citan esta sección
app-section-opinions-about = Sus notas de jurisprudencia: decisiones agregadas desde CourtListener con “Crear notas de jurisprudencia”. Lea una decisión completa antes de confiar en ella.
app-section-opinions-empty = Todavía no hay ninguna. “Buscar más” busca decisiones de los tribunales de apelación de Virginia que aplican esta sección, sigue los casos que las citan y las agrega aquí.
app-section-find-opinions = Buscar más

## A confirmation (dialogs.js)

app-confirm-title = ¿Está seguro?
app-confirm-cancel = Cancelar
app-confirm-ok = Confirmar

## Add or edit a record (dialogs.js)

app-record-dialog-title = Agregar
app-record-close =
    .title = Cerrar (Esc)
    .aria-label = Cerrar
app-record-cancel = Cancelar
app-record-save = Guardar

## A deadline from a rule (rules.js)

app-rule-dialog-title = Agregar una fecha límite según una regla
app-rule-close =
    .title = Cerrar (Esc)
    .aria-label = Cerrar
app-rule-list-legend = 1. La regla
app-rule-trigger-label = 2. Fecha del hecho desde el que se cuentan los días
app-rule-title-label = 3. Título
app-rule-preview =
    .aria-label = La fecha que resulta
app-rule-caveats-summary = Antes de confiar en esta fecha
app-rule-cancel = Cancelar
app-rule-save = Guardar la fecha límite

## The document viewer (docviewer.js)

app-doc-close =
    .title = Cerrar (Esc)
    .aria-label = Cerrar el documento
app-doc-find-input-label = Buscar en el documento
app-doc-find-prev =
    .title = Coincidencia anterior (Shift+Enter)
    .aria-label = Coincidencia anterior
app-doc-find-next =
    .title = Coincidencia siguiente (Enter)
    .aria-label = Coincidencia siguiente
app-document-text =
    .aria-label = Texto del documento
app-doc-parts =
    .aria-label = Partes del documento
app-doc-part-prev = ← Parte anterior
app-doc-part-next = Parte siguiente →

## Saved conversations (conversations.js)

app-conversations-eyebrow = Preguntar e Investigar
app-conversations-title = Conversaciones guardadas
app-conversations-close =
    .title = Cerrar (Esc)
    .aria-label = Cerrar las conversaciones guardadas
app-conversations-only-case-label = Solo este caso
app-conversations-more = Mostrar más

## Files dragged over the window (documents.js)

app-drop-title = Suelte los archivos para agregarlos
app-drop-hint = PDF, Word, texto e imágenes, de hasta 25 MB cada uno.

## Keep this case private? (privacy.js)

app-lock-offer-title = ¿Mantener este caso en privado?
app-lock-offer-lead = Si otra persona puede usar esta computadora, usted puede bloquear su expediente con una frase de contraseña. Así, todo lo de sus casos queda cifrado y ProSeVA solo se abre con su frase de contraseña. También puede hacerlo más tarde en Configuración → Privacidad y seguridad.
app-lock-offer-no = Ahora no
app-lock-offer-yes = Poner una frase de contraseña

## What ui/app.js says

app-claim-needed = Primero escriba la afirmación; por ejemplo, “Mi arrendador dice que puede quedarse con todo mi depósito porque me fui 2 días antes”.
# The label of a claim check in the conversation.
app-claim-badge = Afirmación
app-chat-new-started = Empezó una conversación nueva.
app-research-cleared = Se borró la investigación.
