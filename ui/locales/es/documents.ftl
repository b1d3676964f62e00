### Messages of ui/documents.js: the Documents page, its upload queue and the files dropped on the
### window. A document's name and the app's reasons are shown as they come.

## The page

documents-title = Documentos
documents-lead = Cartas, órdenes judiciales, avisos, fotos de papeles. ProSeVA los lee (también las páginas escaneadas) para que las respuestas puedan citarlos. Suelte los archivos en cualquier parte de la ventana, o:
documents-add = + Agregar documentos…
# $size is the largest file, already written out ("25 MB").
documents-accept-hint = Texto simple, Markdown, PDF, Word (.docx) e imágenes (PNG, JPEG, TIFF), de hasta { $size } cada uno.
documents-empty = Todavía no hay documentos. Agregue un archivo, o suéltelo en la ventana.

## Where a document is on its way

documents-progress-label = Avance
documents-step-stored = Guardado
documents-step-text = Texto leído
documents-step-words = Se puede buscar por palabras
documents-step-meaning = Se puede buscar por significado
# After a step, for a screen reader: the step is done, or happening now.
documents-step-done = (hecho)
documents-step-current = (en curso)
documents-stage-stored = Guardado; esperando a que se lea
documents-stage-reading = Leyendo el texto…
# $page is the page being read of $pages (OCR: reading the words in a picture of a page).
documents-stage-ocr-page = Leyendo las letras de la página { $page } de { $pages } (OCR)
documents-stage-ocr = Leyendo las páginas escaneadas (OCR)…
documents-stage-words = Se puede buscar por palabras; aprendiendo su significado…
documents-stage-meaning = Se puede buscar por significado
documents-stage-ocr-unavailable = No se pudieron leer las páginas escaneadas
documents-stage-failed = No se pudo leer
documents-stage-unknown = Desconocido
documents-problem-no-ocr = El OCR (lectura de páginas escaneadas) no está disponible.
documents-problem-unreadable = No se pudo leer este archivo.

## A document in the list. $name is the document's name.

# A document with no name; $id is its number.
documents-untitled = Documento { $id }
# The badge of a document whose kind of file is not known (otherwise PDF, DOCX…).
documents-format-unknown = ARCHIVO
documents-pages = { $count ->
        [one] { $count } página
       *[other] { $count } páginas
    }
# $count is the number of characters of text read from the document.
documents-characters = { $count ->
        [one] { $count } carácter
       *[other] { $count } caracteres
    }
# $when is the date and time, already written out.
documents-added-on = agregado el { $when }
documents-view = Ver
documents-view-label = Ver el texto de { $name }
documents-open = Abrir el original
documents-open-label = Abrir el original de { $name }
documents-rename = Cambiar el nombre
documents-rename-label = Cambiar el nombre de { $name }
documents-assign = Poner en un caso
documents-assign-label = Poner { $name } en un caso
documents-reread = Volver a leer
documents-reread-label = Volver a leer { $name }
documents-delete = Borrar
documents-delete-label = Borrar { $name }
documents-now-searchable = Ya se puede buscar { $name } por significado.
# $stage is what went wrong, as the list says it ("Could not be read").
documents-now-problem = { $name }: { $stage }.

## What the buttons do. $reason is the app's own message, as it came.

documents-opening = Abriendo { $name } en su propio programa.
documents-not-opened = No se pudo abrir { $name }: { $reason }
documents-rename-title = Cambiar el nombre de “{ $name }”
documents-field-title = Título
documents-assign-title = Poner “{ $name }” en un caso
documents-field-case = Caso
documents-assign-save = Poner en el caso
documents-no-case = Sin caso
# A closed case in the list of cases; $name is its name.
documents-case-closed = { $name } (cerrado)
documents-reading-again = Volviendo a leer { $name }.
documents-not-reread = No se pudo volver a leer { $name }: { $reason }

## Adding files

# $name is a file's name, $kinds the kinds of file the app reads (".txt, .md, .pdf…").
documents-kind-problem = { $name } no es un tipo de archivo que ProSeVA pueda leer ({ $kinds })
documents-failures-label = Archivos que no se agregaron
documents-dismiss = Cerrar
# $count is how many files were given to add.
documents-to-add = { $count ->
        [one] { $count } archivo por agregar.
       *[other] { $count } archivos por agregar.
    }
# $name is the file's name.
documents-adding = Agregando { $name }…
# $count files were added.
documents-added = { $count ->
        [one] Se agregó { $count } archivo.
       *[other] Se agregaron { $count } archivos.
    }
# $count files were added and $failed were not.
documents-added-some = { $count ->
        [one] Se agregó { $count } archivo; { $failed ->
            [one] { $failed } no se agregó: vea la lista.
           *[other] { $failed } no se agregaron: vea la lista.
        }
       *[other] Se agregaron { $count } archivos; { $failed ->
            [one] { $failed } no se agregó: vea la lista.
           *[other] { $failed } no se agregaron: vea la lista.
        }
    }
# $uploaded of $total files are added so far; $state is running, or done when all were tried.
documents-progress = { $state ->
        [done] Agregados: { $uploaded } de { $total }. Terminado
       *[running] Agregados: { $uploaded } de { $total }
    }
# The same, when $failed files could not be added.
documents-progress-failed = { $state ->
        [done] Agregados: { $uploaded } de { $total } · Sin agregar: { $failed }. Terminado
       *[running] Agregados: { $uploaded } de { $total } · Sin agregar: { $failed }
    }

## Files dragged over the window (under "Drop the files to add them")

# $name is the name of the case chosen.
documents-drop-to-case = a { $name }
documents-drop-to-documents = a sus documentos
