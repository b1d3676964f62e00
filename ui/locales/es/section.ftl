### Messages of ui/section.js.
# The section viewer: one section of the Code (or the Constitution) of Virginia. The law's text,
# headings, version labels and notices come from the law graph and are shown as they come.

## Opening a section ($label is the section's label, "§ 2.2-3704")

section-opening = Abriendo { $label }…
section-not-in-graph = { $label } no está en la base de leyes
section-no-text = La base de leyes no tiene texto para esto.
# Said to a screen reader; $kind: summary, official, official-with-summary.
section-opened = Se abrió { $label }. { $kind ->
        [summary] Resumen en lenguaje sencillo.
        [official-with-summary] Texto oficial, con un resumen en lenguaje sencillo al lado.
       *[official] Texto oficial.
    }
# Said to a screen reader after section-opened; $count is how many opinions.
section-opened-opinions = { $count ->
        [one] { $count } decisión de un tribunal en sus notas de jurisprudencia la cita.
       *[other] { $count } decisiones de tribunales en sus notas de jurisprudencia la citan.
    }
# The label of the "Find more" run, in the conversation.
section-build-case-law = Crear notas de jurisprudencia: “{ $label }”

## What the text is ($law: code, constitution)

section-kind-summary = Resumen en lenguaje sencillo
section-kind-official = Texto oficial
section-kind-note-summary = — no son las palabras exactas de la ley. Lea el texto oficial antes de confiar en él.
section-kind-note-official = ({ $law ->
        [constitution] Constitución de Virginia
       *[code] Código de Virginia
    }, LIS)
section-kind-note-official-with-summary = ({ $law ->
        [constitution] Constitución de Virginia
       *[code] Código de Virginia
    }, LIS), con un resumen en lenguaje sencillo al lado
# $host is the site.
section-opens-in-browser = Abre { $host } en su navegador
# $date is the date of the official text; $source where it was read (shown as it comes).
section-summary-checked = Resumen comparado con el texto oficial del { $date }.
section-summary-checked-title = Comparado el { $date } con { $source }

## Where the official text came from. $file is the file's name; $changed yes or no, $changedOn
## the date the site last changed it; $got download, import or none, $gotOn its date; $old yes
## for the site's 2023 file format.

section-as-of = Texto oficial de { $file }{ $changed ->
        [yes] , con su último cambio en el sitio de LIS el { $changedOn }
       *[no] {""}
    }{ $got ->
        [download] ; descargado el { $gotOn }
        [import] ; importado el { $gotOn } de un archivo que usted guardó
       *[none] {""}
    }{ $old ->
        [yes] {" "}(el formato de archivo del sitio de 2023)
       *[no] {""}
    }.

## Two versions of a section ($version is the app's label of a version, "effective July 1, 2027")

section-version-another = otra versión
# $inEffect: yes or no.
section-version-headline = { $inEffect ->
        [yes] Vigente: la versión { $version }.
       *[no] No vigente: la versión { $version }.
    }
section-version-read-other = Leer la otra versión ({ $version })
section-version-back = Volver a la versión vigente ({ $version })
section-version-reading-other = Está leyendo la versión que no está vigente hoy; se guarda solo para consulta.
# Said to a screen reader; $headline is section-version-headline.
section-version-shown = Se muestra: { $headline }

## Laws that changed the section since ($name is the bill and chapter, as the app says them)

section-change = { $name }:
section-change-from = { $name }, desde el { $date }:
section-change-source = dónde se leyó esto

## Court opinions citing the section

section-opinion-untitled = Decisión de un tribunal
# $use: interprets or cites.
section-opinion-use = { $use ->
        [interprets] la interpreta
       *[cites] la cita
    }
section-opinion-use-about = { $use ->
        [interprets] El tribunal lee o aplica esta sección (la interpreta, o la cita más de una vez).
       *[cites] La decisión nombra esta sección.
    }
# $count is how many times the opinion names the section (2 or more).
section-opinion-mentions = la nombra { $count } veces
section-holding-summary = Lo que decidió el tribunal, resumido por el modelo: no son las palabras del tribunal.
section-holding-own-words = Las propias palabras de la decisión alrededor de sus citas.
# A part of the law the section is in; $kind: title, chapter, article; $number its number.
section-parent = { $kind ->
        [title] Título { $number }
        [chapter] Capítulo { $number }
       *[article] Artículo { $number }
    }

## A section that could not be opened

section-error-not-found = No se encontró en la base de leyes.
section-error-not-opened = No se pudo abrir esta sección.
# $code is the error's kind: not_found, starting, unavailable (other: anything else).
section-error-next = { $code ->
        [not_found] Puede que la cita esté mal escrita, que la ley se haya derogado o que no esté entre las leyes que tiene esta aplicación. Búsquela en el Código de Virginia oficial.
        [starting] ProSeVA todavía se está iniciando; intente de nuevo cuando la línea de estado, abajo, diga que la base de leyes está lista.
        [unavailable] La base de leyes no está funcionando en este momento; la línea de estado, abajo, dice más.
       *[other] Intente de nuevo en un momento.
    }
section-look-for = Buscar { $label } en law.lis.virginia.gov
# Said to a screen reader; $message is the app's message.
section-not-opened-said = No se pudo abrir { $label }: { $message }
