### Messages of ui/results.js.
# What was found, as cards grouped by source (Research's results, an answer's "Sources used").
# The titles, sources, citations and snippets are the app's and are shown as they come.

## A group of results (one source)

# $shown is how many results are shown, $total how many were found.
results-count-shown = { $shown ->
        [one] Se muestra { $shown } de { $total } encontrados
       *[other] Se muestran { $shown } de { $total } encontrados
    }
results-shown-still-looking = { $shown ->
        [one] Se muestra { $shown } de { $total } encontrados; todavía buscando…
       *[other] Se muestran { $shown } de { $total } encontrados; todavía buscando…
    }
# $count is how many results so far.
results-so-far-still-looking = { $count } hasta ahora; todavía buscando…
results-looking = Buscando…
results-stopped = Se detuvo antes de que esta fuente respondiera.
results-nothing-found = No se encontró nada.
# After the number of results of a group, for screen readers; $count is that number.
results-count-label = { $count ->
        [one] resultado
       *[other] resultados
    }
results-source-failed = Esta fuente falló.
# Before an error, for screen readers.
results-error-prefix = Hubo un error:
results-add-key = Agregar la clave en Configuración

## Whether a law text is the official wording or a summary

results-summary-badge = Resumen
results-summary-badge-long = Resumen en lenguaje sencillo
results-summary-badge-title = Un resumen en lenguaje sencillo: no son las palabras exactas de la ley
results-official-badge = Texto oficial
results-official-badge-title = Texto oficial (Código de Virginia, LIS)

## A result

results-preview-label = Resultado
results-untitled = Sin título
# $url is the address.
results-opens-in-browser-title = Se abre en su navegador: { $url }
results-opens-in-browser = (se abre en su navegador)
# $host is the site (law.lis.virginia.gov).
results-official-page = Página oficial en { $host }
results-official-page-web = Página oficial en internet
