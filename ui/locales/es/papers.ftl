### Messages of ui/papers.js: the case's "Papers to file" page. The papers' titles, when to file
### them, their fields and sources come from the app (the server's catalogue) in the window's
### language; the paper itself is always English, as the court takes it.

## The page

papers-title = Documentos para presentar
papers-lead = Papeles para el tribunal escritos con los datos de su caso —una moción, un aviso, una carta al { -clerk }— con la forma que espera el tribunal, revisados antes de presentarlos y guardados en Word o PDF. Usted los lee, los firma y los presenta. El tribunal los recibe en inglés: al lado de cada parte, ProSeVA le explica en español lo que dice.
papers-fill-form = Llenar un formulario que bajé

## The list of papers

papers-kinds-title = Papeles que ProSeVA puede escribir para este caso
papers-kinds-loading = Leyendo los papeles…
# $reason is the app's own reason, as it came.
papers-kinds-failed = No se pudieron leer los papeles: { $reason }
papers-kinds-for-kind = Los papeles para esta clase de caso. Escoja uno: ProSeVA llena lo que su caso ya dice.
papers-kinds-all = Todavía no escogió la clase de su caso en Paso a paso, así que aparecen todos los papeles. Escoja la clase allí para ver solo los que le sirven.
papers-kinds-none = Todavía no hay papeles para esta clase de caso.
# Before a paper's "when to file it" text, which comes from the app.
papers-when-label = Cuándo presentarlo:
papers-why-parts = Por qué lleva estas partes
papers-part-2023 = texto oficial de 2023 — revíselo hoy
papers-write = Escribir este papel

## The form

papers-write-eyebrow = Escribir un papel
# $version is the number of the version being changed.
papers-edit-eyebrow = Cambiar: una versión nueva de la versión { $version }
papers-back-all = ← Todos los papeles
papers-back-paper = ← Volver al papel
# $count is how many answers came from the case.
papers-proposed-note = { $count ->
        [one] 1 respuesta ya está llena con datos de su caso; dice de dónde salió. Cambie lo que esté mal.
       *[other] { $count } respuestas ya están llenas con datos de su caso; cada una dice de dónde salió. Cambie lo que esté mal.
    }
# After a field's own hint. $from says where the value came from (the app writes it).
papers-filled-from = Se llenó con: { $from }.
papers-you-legend = Sobre usted (el bloque de firma)
papers-own-legend = Este papel
papers-service-legend = Certificado de notificación
papers-service-required = Este papel debe decir cómo recibe una copia la otra parte: el certificado se queda en el papel.
papers-service-offered = Le dice al tribunal que la otra parte recibe una copia. Déjelo, a menos que el { -clerk } le diga que no hace falta.
papers-field-name = Su nombre, como lo firma
papers-field-address = Su dirección
papers-field-address-hint = Una línea por renglón, como en un sobre. Una parte sin abogado debe darla en cada papel (Código de Virginia § 8.01-271.1).
papers-field-phone = Teléfono
papers-field-email = Correo electrónico
papers-field-date = Fecha en que lo firma
papers-field-date-hint = Déjela vacía para escribir la fecha a mano cuando firme.
papers-field-side = Su lado en el caso
papers-field-side-hint = Cómo lo nombra a usted el encabezado del caso.
papers-side-plaintiff = Demandante (yo demandé)
papers-side-defendant = Demandado (me demandaron)
papers-side-petitioner = Peticionario (yo le pedí algo al tribunal)
papers-side-respondent = Demandado (la otra parte le pidió algo al tribunal)
papers-field-certificate = Agregar un certificado de notificación (le voy a dar una copia a la otra parte)
papers-field-service-method = Cómo le da la copia
papers-service-hand = En persona
papers-service-mail = Por correo de primera clase
papers-service-email = Por correo electrónico
papers-field-service-date = El día en que la da o la manda
papers-field-service-date-hint = Déjelo vacío para escribirlo a mano.
papers-field-served-on = Quién recibe una copia
papers-field-served-on-hint = Una persona por línea: “Nombre, dirección”. Déjelo vacío para usar el nombre de la otra parte y la dirección de su contacto.
papers-build = Hacer el papel
papers-build-again = Hacer una versión nueva
papers-building = Haciendo el papel…

## The numbered paragraphs (Edit)

papers-paragraphs-legend = Los párrafos con número
papers-paragraphs-hint = Cambie las palabras como necesite; se numeran en este orden. Si los deja como están, se vuelven a escribir con sus respuestas de arriba. Escríbalos en inglés: el tribunal recibe los papeles en inglés.
# $number is the paragraph's number.
papers-paragraph-label = Párrafo { $number }
papers-paragraph-remove = Quitar
# $number is the paragraph's number.
papers-paragraph-remove-label = Quitar el párrafo { $number }
papers-paragraph-add = + Agregar un párrafo

## The built paper

papers-result-eyebrow = Su papel
# $version is the version's number.
papers-version = Versión { $version }, guardada con los borradores de este caso. Todas las versiones se conservan.
papers-warnings-title = Revise esto antes de presentarlo:
# The app's notice beside a paper (the server's own is in English).
papers-notice = Borrador preparado con el programa ProSeVA; no es asesoría legal. Compárelo con las fuentes oficiales antes de presentarlo o mandarlo.
papers-actions-label = Qué hacer con el papel
papers-check = Revisar antes de presentar
papers-save-docx = Guardar en Word
papers-save-pdf = Guardar en PDF
papers-edit = Cambiar
papers-another = Escribir otro papel
# $title is the paper's title, $version its version, $warnings how many things to look at.
papers-built-announce = { $warnings ->
        [0] El papel está hecho: { $title }, versión { $version }.
        [one] El papel está hecho: { $title }, versión { $version }. Hay 1 cosa que revisar.
       *[other] El papel está hecho: { $title }, versión { $version }. Hay { $warnings } cosas que revisar.
    }
papers-saving = Guardando…
# $path is where the file was written.
papers-saved = Se guardó: { $path }
papers-saved-announce = Se guardó en su carpeta de exportaciones.
# $reason is the app's own reason, as it came.
papers-not-saved = No se guardó: { $reason }

## The Spanish beside the paper (shown when the window is in Spanish)

papers-spanish-title = El papel en español, parte por parte
papers-spanish-loading = Leyendo el papel en español…
# $reason is the app's own reason, as it came.
papers-spanish-failed = No se pudo leer el español al lado del papel: { $reason }
papers-spanish-note = El papel se queda en inglés: el tribunal recibe los papeles en inglés. Al lado de cada parte está lo que dice en español y para qué sirve. Presente y entregue solo el papel en inglés.
papers-spanish-copy-label = Una copia en español, que no es para presentar
papers-spanish-pdf = Copia en español (PDF)
papers-spanish-docx = Copia en español (Word)
papers-spanish-saved-announce = La copia en español se guardó en su carpeta de exportaciones. No es para presentar.

## The check before filing

papers-check-result-label = Lo que encontró la revisión
papers-checking = Revisando el papel con los datos de su caso…
papers-check-title = La revisión antes de presentar
# $reason is the app's own reason, as it came.
papers-check-failed = No se pudo hacer la revisión: { $reason }
# $count is how many things the check found.
papers-check-announce = { $count ->
        [0] La revisión no encontró nada que corregir.
        [one] La revisión encontró 1 cosa que revisar.
       *[other] La revisión encontró { $count } cosas que revisar.
    }
# $count is how many things the check found.
papers-findings-title = { $count ->
        [one] 1 cosa que revisar antes de presentar
       *[other] { $count } cosas que revisar antes de presentar
    }
papers-finding-found = En el papel
papers-finding-expected = Lo esperado
papers-clean = No se encontró nada que corregir.
papers-clean-caveat = La revisión no es la de un abogado: lea todo el papel antes de presentarlo.
papers-citations-title = Citas de casos
# $status is what the look-up said of a case citation.
papers-citation-status = { $status ->
        [found] se encontró
        [not_found] no se encontró — revise la cita
        [ambiguous] hay más de un caso que coincide — revísela
        [unknown_reporter] una colección de casos que la búsqueda no conoce — revísela a mano
       *[other] no se revisó — revísela a mano
    }
papers-citation-open = abrir
papers-checked-title = Lo que se revisó
papers-checked-nothing = La revisión no encontró nada que pudiera comparar en este papel.

## The other side's paper

papers-theirs-title = Revisar un papel que presentó la otra parte
papers-theirs-hint = Primero agréguelo a los Documentos de este caso. La revisión lo compara con su caso —los nombres, el número de caso, el tribunal, las fechas— y busca las leyes que cita.
papers-theirs-document = El papel
papers-theirs-none = Todavía no hay documentos en este caso
papers-theirs-check = Revisarlo
papers-theirs-untitled = El papel
