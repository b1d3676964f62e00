### Messages of ui/library.js.
# The Law tab: what the law library holds, and the download of the official Code of Virginia.
# A status message of the app (a run's end, a refusal) is shown as it comes.

## What the library holds

# $count is how many sections have their official text; $constitution is yes when the
# Constitution is there too; $beside is how many plain-language summaries are kept beside them.
library-holds-official = { $beside ->
        [0] Texto oficial de { $count ->
            [one] { $count } sección
           *[other] { $count } secciones
        } ({ $constitution ->
            [yes] Código de Virginia y Constitución
           *[no] Código de Virginia
        }).
       *[other] Texto oficial de { $count ->
            [one] { $count } sección
           *[other] { $count } secciones
        } ({ $constitution ->
            [yes] Código de Virginia y Constitución
           *[no] Código de Virginia
        }), con { $beside ->
            [one] { $beside } resumen en lenguaje sencillo
           *[other] { $beside } resúmenes en lenguaje sencillo
        } al lado.
    }
# $count is how many sections are summarised, $titles in how many titles (0: not said);
# $constitution is yes when the Constitution is summarised too.
library-holds-starter = Resúmenes en lenguaje sencillo de { $count ->
        [one] { $count } sección
       *[other] { $count } secciones
    }{ $titles ->
        [0] {""}
        [one] {" "}en { $titles } título
       *[other] {" "}en { $titles } títulos
    }{ $constitution ->
        [yes] {" "}y de la Constitución
       *[no] {""}
    } (la biblioteca inicial).
# $problem is the app's own reason, as it came.
library-holds-not-read = No se pudo leer lo que tiene la biblioteca: { $problem }
library-holds-not-running = La base de leyes todavía no está funcionando; lo que tiene aparecerá aquí cuando funcione (la línea de estado de abajo dice más).
library-fact-titles = { $count ->
        [one] { $count } título del Código
       *[other] { $count } títulos del Código
    }
library-fact-summary-only = { $count ->
        [one] { $count } sección más todavía es solo un resumen (su texto oficial no está descargado)
       *[other] { $count } secciones más todavía son solo un resumen (su texto oficial no está descargado)
    }
# <time>…</time> is the date and time the library was built.
library-fact-built = Se hizo el <time>{ $date }</time>
# $done is how many sections (or pieces) can be searched by meaning, of $total; $off is yes when
# search by meaning is turned off.
library-fact-searchable = { $off ->
        [yes] Se puede buscar por significado: { $done } de { $total } (la búsqueda por significado está apagada ahora)
       *[no] Se puede buscar por significado: { $done } de { $total }
    }
library-fact-our-words = Los resúmenes son palabras nuestras, no las de las leyes. Descargue abajo el Código oficial para tener el texto exacto.

## Making the library searchable by meaning (in the background)

# $done of $total are searchable so far.
library-embedding-paused = Preparar la biblioteca para buscar por significado está en pausa en { $done } de { $total }. La búsqueda por palabras funciona para todo.
# $why is the app's reason, or library-embedding-unreachable.
library-embedding-failed = Preparar la biblioteca para buscar por significado se detuvo en { $done } de { $total }: { $why }. Lo vuelve a intentar solo.
library-embedding-unreachable = no se pudo llegar al modelo
# $rate is how many a second (a number with one decimal, or "none"); $unit is how the time left
# is counted (second, minute, hour, or none) and $left how many of them.
library-embedding-running = Preparando la biblioteca para buscar por significado: { $done } de { $total }{ $rate ->
        [none] {""}
       *[other] , { $rate } por segundo
    }{ $unit ->
        [second] { $left ->
            [one] , falta más o menos { $left } segundo
           *[other] , faltan más o menos { $left } segundos
        }
        [minute] { $left ->
            [one] , falta más o menos { $left } minuto
           *[other] , faltan más o menos { $left } minutos
        }
        [hour] { $left ->
            [one] , falta más o menos { $left } hora
           *[other] , faltan más o menos { $left } horas
        }
       *[none] {""}
    }. Mientras tanto, la búsqueda por palabras funciona para todo; sus preguntas van primero.
library-embedding-pause = Pausar
library-embedding-resume = Continuar

## The download

library-download = Descargar el Código oficial de Virginia
library-download-resume = Continuar la descarga
# $count is how many files of the official Code are on this computer; <time>…</time> is when
# they were last checked.
library-last-check = { $count ->
        [one] { $count } archivo del Código oficial en esta computadora. Última revisión: <time>{ $date }</time>.
       *[other] { $count } archivos del Código oficial en esta computadora. Última revisión: <time>{ $date }</time>.
    }
# $number of $count, $file is the file's name.
library-file-line = Archivo { $number } de { $count }: { $file }
library-getting-ready-files = { $count ->
        [one] Preparándose para descargar { $count } archivo…
       *[other] Preparándose para descargar { $count } archivos…
    }
library-getting-ready = Preparándose…
# $done and $total are sizes ("1.2 MB").
library-bytes-of = { $done } de { $total }
# $stage is the part of the build under way.
library-build = Armando la biblioteca: { $stage ->
        [reading] leyendo los archivos
        [writing] escribiendo las secciones
        [embedding] preparándola para buscar por significado
        [indexing] haciendo el índice
        [starting] empezando
       *[other] { $stage }
    }
# The same, with how far it has come: $done of $total.
library-build-count = Armando la biblioteca: { $stage ->
        [reading] leyendo los archivos
        [writing] escribiendo las secciones
        [embedding] preparándola para buscar por significado
        [indexing] haciendo el índice
        [starting] empezando
       *[other] { $stage }
    } { $done }/{ $total }
# The files on this computer; $date is the date of the newest official text.
library-files-summary = { $count ->
        [one] { $count } archivo en esta computadora
       *[other] { $count } archivos en esta computadora
    }
library-files-summary-as-of = { $count ->
        [one] { $count } archivo en esta computadora: texto oficial al { $date }
       *[other] { $count } archivos en esta computadora: texto oficial al { $date }
    }
# When the site says a file changed, when the site did not say.
library-file-not-said = no lo dice
# How and when a file came: $origin is import or download, $date when.
library-file-fetched = { $origin ->
        [import] importado el { $date }
       *[download] descargado el { $date }
    }
library-count-new = Nuevos o cambiados:
library-count-unchanged = Sin cambios:
library-count-not-published = No publicados:
library-count-failed = No descargados:
library-no-reason = no se dio ninguna razón
library-checking = Buscando actualizaciones del Código oficial.
library-started = Empezó la descarga del Código oficial.
library-building = Descargado. Armando la biblioteca.
library-already = Ya hay una descarga en curso.
# $which is check or download; $error is the app's own reason, as it came.
library-not-started = { $which ->
        [check] No se pudo empezar la revisión: { $error }
       *[download] No se pudo empezar la descarga: { $error }
    }
library-status-not-read = No se pudo leer el estado de la descarga: { $error }

## Importing files saved from the LIS site

library-import-none-csv = Ninguno de los archivos elegidos es un archivo .csv guardado del sitio de LIS.
library-import-none = No se eligió ningún archivo.
# $number of $count, $file is the file's name.
library-import-checking = Revisando el archivo { $number } de { $count }: { $file }
# Why a file was refused, when the app gave no reason.
library-import-not-accepted = no se aceptó
# $kept of $count files were kept; $refused were refused (0: none).
library-import-done = { $refused ->
        [0] { $kept ->
            [one] { $kept } archivo de { $count } revisado y guardado.
           *[other] { $kept } archivos de { $count } revisados y guardados.
        }
       *[other] { $kept ->
            [one] { $kept } archivo de { $count } revisado y guardado; { $refused ->
                [one] { $refused } rechazado.
               *[other] { $refused } rechazados.
            }
           *[other] { $kept } archivos de { $count } revisados y guardados; { $refused ->
                [one] { $refused } rechazado.
               *[other] { $refused } rechazados.
            }
        }
    }
library-import-building = Armando la biblioteca con los archivos importados.
library-import-failed = No se pudo terminar la importación: { $error }

## The monthly check

library-monthly-on = ProSeVA buscará actualizaciones del Código oficial una vez al mes.
library-monthly-off = La búsqueda mensual de actualizaciones está apagada.
library-monthly-not-saved = No se guardó: { $error }
