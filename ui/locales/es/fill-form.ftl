### Messages of ui/fill-form.js: "Fill a form I downloaded" on the Papers page, and its link under a
### step of Step by step. The form's own labels, field names and options, and the app's reasons,
### are shown as they come.

## The link under a step that names a form

fill-form-link = Llenar un formulario que descargué
# $form is the form's number, such as DC-429.
fill-form-link-named = Llenar el { $form } (un formulario que descargué)

## The section

fill-form-title = Llenar un formulario que descargué
fill-form-lead = Elija un formulario PDF que se pueda llenar y que usted guardó de la página web del tribunal. ProSeVA muestra sus campos con respuestas tomadas de su caso, y guarda una copia llena para que usted la imprima, la firme y la presente.
# $form is the form's number, such as DC-429.
fill-form-wanted = Para el { $form }: descárguelo de la página web del tribunal (el { -clerk } le puede decir dónde) y después elíjalo aquí.
fill-form-file-label = El formulario PDF
fill-form-file-hint = El formulario se lee en esta computadora, y la copia llena se guarda en su carpeta de exportaciones. Nada sale de esta computadora.
# $name is the file's name.
fill-form-reading = Leyendo { $name }…
fill-form-save = Guardar el formulario lleno

## The table of the form's fields

# What a form with no file name is called.
fill-form-the-form = El formulario
# $name is the form's file name; it has $count fields on $pages pages.
fill-form-caption = { $name }: { $count ->
        [one] { $count } campo
       *[other] { $count } campos
    } en { $pages ->
        [one] { $pages } página
       *[other] { $pages } páginas
    }
fill-form-column-field = Campo
fill-form-column-kind = Tipo
fill-form-column-answer = Su respuesta
fill-form-kind-text = Texto
fill-form-kind-checkbox = Casilla para marcar
fill-form-kind-radio = Una de unas pocas opciones
fill-form-kind-choice = Una opción de una lista
fill-form-kind-signature = Firma
# After a field's kind, when the form says it must be filled in.
fill-form-required = (obligatorio)
# The first choice of a list, before one is chosen.
fill-form-not-chosen = — sin elegir —
fill-form-note-signature = Fírmelo a mano después de imprimirlo.
fill-form-note-fixed = El formulario no deja cambiar esto.
# Where a proposed answer came from; $source is the app's words ("the case record").
fill-form-note-from = Fuente: { $source }.
# $count answers were proposed from the case.
fill-form-proposed = { $count ->
        [one] Se llenó { $count } respuesta con datos de su caso; dice de dónde salió. Lea cada una, cambie lo que esté mal y después guarde.
       *[other] Se llenaron { $count } respuestas con datos de su caso; cada una dice de dónde salió. Lea cada una, cambie lo que esté mal y después guarde.
    }
fill-form-none-proposed = Llene las respuestas que sepa y después guarde.
# $name is the form's file name; $count is how many fields it has.
fill-form-read = { $count ->
        [one] { $name } tiene { $count } campo.
       *[other] { $name } tiene { $count } campos.
    }

## Saving the filled form

# $path is where the filled copy was saved.
fill-form-saved = Se guardó: { $path }
fill-form-saved-announce = El formulario lleno se guardó en su carpeta de exportaciones.
fill-form-not-saved-field = No se guardó: una respuesta no cabe en el formulario (vea el campo).
# $reason is the app's own reasons, as they came.
fill-form-not-saved = No se guardó: { $reason }
