### Messages of ui/drafts.js: the draft panel beside Ask and the Draft dialog (their static words
### are in app.ftl, with index.html). A draft's title, text, notice, warnings and sources are the
### app's, shown as they come.

## What the panel says of a draft

# A draft's kind.
drafts-kind = { $kind ->
        [mermaid] Diagrama
        [table] Tabla
        [paper] Papel para el tribunal
       *[markdown] Texto
    }
# Above the draft's title; $kind is its kind, already in words ("Diagram").
drafts-eyebrow = Borrador · { $kind }
# A version in the list of versions; $latest is yes for the newest.
drafts-version-option = { $latest ->
        [yes] Versión { $version } (la más reciente)
       *[no] Versión { $version }
    }
# Who made the draft: $by is person (the person), agent (the assistant), offline (built from the
# records with no model), or other ($name is then the app's word for it).
drafts-made-by = { $by ->
        [person] Lo hizo usted.
        [agent] Lo hizo el asistente.
        [offline] Lo hizo ProSeVA con sus registros.
       *[other] Lo hizo: { $name }.
    }
# The same, with the day the version was made ($when, already written out: "November 30, 2026").
drafts-made-by-on = { $by ->
        [person] Lo hizo usted el { $when }.
        [agent] Lo hizo el asistente el { $when }.
        [offline] Lo hizo ProSeVA con sus registros el { $when }.
       *[other] Lo hizo { $name } el { $when }.
    }
# The notice when the draft carries none of its own.
drafts-notice = Borrador preparado con un programa. No es asesoría legal.
# Above what changed in the draft when its citations were checked.
drafts-warnings-title = Lo que cambió al revisarlo:
# $reason is the app's own message, as it came.
drafts-not-opened = No se pudo abrir este borrador: { $reason }
# Said when a draft is shown; $title is its title.
drafts-shown = Se muestra el borrador: { $title }, versión { $version }.

## A diagram or a table

# The name of the hidden frame that draws diagrams.
drafts-diagram-frame = Dibujo de diagramas
drafts-diagram-drawing = Dibujando el diagrama…
drafts-diagram-error-title = No se pudo dibujar este diagrama.
drafts-diagram-source = Su texto original, tal como se guardó:
# Why a diagram could not be drawn, when the diagram library says nothing itself.
drafts-diagram-not-started = el programa de diagramas no arrancó
drafts-diagram-not-drawn = no se pudo dibujar el diagrama
drafts-diagram-too-long = dibujar el diagrama tardó demasiado
drafts-diagram-not-picture = el diagrama no salió como una imagen
drafts-table-empty = La tabla está vacía.
drafts-table-label = Tabla

## Saving, editing, building again

drafts-saving = Guardando…
# $path is where the copy was saved.
drafts-saved = Se guardó: { $path }
drafts-saved-announce = Se guardó en su carpeta de exportaciones.
# $reason is the app's own message, as it came.
drafts-not-saved = No se guardó: { $reason }
drafts-saved-version = Se guardó como la versión { $version }; las versiones anteriores se conservan.
drafts-rebuilt = Se volvió a hacer con sus registros, como una versión nueva.
drafts-not-built = No se pudo hacer: { $reason }

## All drafts

drafts-list-loading = Cargando…
drafts-list-empty = Todavía no hay borradores para este caso.
# After a draft's title in the list; $kind is its kind, already in words.
drafts-list-kind-version = { $kind }, versión { $version }

## The Draft dialog

drafts-submit-write = Pedirle al asistente que lo escriba
drafts-submit-build = Hacerlo con mis registros
drafts-describe-missing = Diga de qué debe tratar el borrador; por ejemplo, “una carta al { -clerk } para pedir que cambien la fecha de mi audiencia del 20 de marzo”.
drafts-choose-case = Primero elija un caso (en la lista de arriba): el borrador se hace con sus registros.
# The question the assistant is asked, shown in Ask as the person's: $kind is letter, outline or
# table; $description is what the person wrote.
drafts-ask = { $kind ->
        [letter] Haga el borrador de una carta: { $description }
        [outline] Haga el esquema de una moción: { $description }
        [table] Haga una tabla: { $description }
       *[other] Haga un borrador: { $description }
    }
# What the assistant is told to do with it. Keep create_draft as it is (the tool's name); $format
# is the draft kind the tool takes ("markdown", "table (CSV)").
drafts-ask-how = (Hágalo con create_draft, de tipo { $format }, y anote las fuentes en que se basa.)
