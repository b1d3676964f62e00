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

## The tools' names and what each is doing, as the trail and the result groups show them: in
## English the app's own words; in Spanish by the tool's name, with what it reads (a §, a quoted search).

results-tool-title = { $tool ->
        [GetCases] Sus casos
        [GetDeadlines] Sus fechas límite
        [GetContacts] Sus contactos
        [GetFinances] Sus gastos
        [GetDocuments] Sus documentos
        [GetDocumentText] Texto del documento
        [SearchTimeline] Su cronología
        [SearchKnowledge] Sus documentos y notas
        [FindHelp] Quién puede ayudar
        [check_paper] Papel revisado
        [GetProof] Lo que el tribunal debe comprobar
        [create_note] Notas escritas
        [append_to_note] Notas ampliadas
        [link] Enlaces hechos
        [add_deadline] Fechas límite agregadas
        [create_draft] Borradores
        [create_paper] Papeles para presentar
        [link_evidence] Pruebas enlazadas
        [search_nodes] Leyes de Virginia
        [get_node] Secciones leídas
        [get_neighbors] Secciones relacionadas
        [find_similar] Secciones parecidas
        [get_stats] Resumen del grafo de leyes
        [search_academic] Artículos académicos
        [search_opinions] Opiniones judiciales
        [search_dockets] Expedientes judiciales
        [lookup_citation] Revisión de citas
        [get_citing_opinions] Opiniones que lo citan
        [fetch_opinion] Opinión judicial
        [search_govinfo] Publicaciones federales
        [search_statutes] Proyectos de ley de Virginia
        [search_lawyers] Abogados
        [process_opinion] Notas de jurisprudencia
        [query_graph] Sus notas de jurisprudencia
        [summarize_graph] Resumen de sus notas de jurisprudencia
       *[other] { $title }
    }
results-tool-doing = { $detail ->
        [none] { $tool ->
            [GetCases] Leyendo sus casos
            [GetDeadlines] Leyendo sus fechas límite
            [GetContacts] Leyendo sus contactos
            [GetFinances] Leyendo sus gastos
            [GetDocuments] Viendo la lista de sus documentos
            [GetDocumentText] Leyendo un documento
            [SearchTimeline] Buscando en su cronología
            [SearchKnowledge] Buscando en sus documentos y notas
            [FindHelp] Buscando quién puede ayudarle
            [check_paper] Revisando un papel antes de presentarlo
            [GetProof] Leyendo lo que el tribunal debe comprobar
            [create_note] Escribiendo una nota
            [append_to_note] Agregando a una nota
            [link] Enlazando registros
            [add_deadline] Agregando una fecha límite
            [create_draft] Preparando un borrador
            [create_paper] Preparando un papel para presentar
            [link_evidence] Enlazando un registro con lo que el tribunal debe comprobar
            [search_nodes] Buscando en el grafo de leyes
            [get_node] Leyendo una sección completa
            [get_neighbors] Buscando secciones relacionadas
            [find_similar] Buscando secciones parecidas
            [get_stats] Viendo qué contiene el grafo de leyes
            [search_academic] Buscando artículos académicos
            [search_opinions] Buscando opiniones judiciales
            [search_dockets] Buscando expedientes judiciales
            [lookup_citation] Revisando citas de casos
            [get_citing_opinions] Buscando las opiniones que citan un caso
            [fetch_opinion] Leyendo una opinión judicial
            [search_govinfo] Buscando publicaciones federales
            [search_statutes] Buscando proyectos de ley de Virginia
            [search_lawyers] Buscando abogados
            [process_opinion] Agregando una opinión a sus notas de jurisprudencia
            [query_graph] Consultando sus notas de jurisprudencia
            [summarize_graph] Resumiendo sus notas de jurisprudencia
           *[other] { $label }
        }
       *[other] { $tool ->
            [GetCases] Leyendo sus casos: { $detail }
            [GetDeadlines] Leyendo sus fechas límite: { $detail }
            [GetContacts] Leyendo sus contactos: { $detail }
            [GetFinances] Leyendo sus gastos: { $detail }
            [GetDocuments] Viendo la lista de sus documentos: { $detail }
            [GetDocumentText] Leyendo un documento: { $detail }
            [SearchTimeline] Buscando en su cronología: { $detail }
            [SearchKnowledge] Buscando en sus documentos y notas: { $detail }
            [FindHelp] Buscando quién puede ayudarle: { $detail }
            [check_paper] Revisando un papel antes de presentarlo: { $detail }
            [GetProof] Leyendo lo que el tribunal debe comprobar: { $detail }
            [create_note] Escribiendo una nota: { $detail }
            [append_to_note] Agregando a una nota: { $detail }
            [link] Enlazando registros: { $detail }
            [add_deadline] Agregando una fecha límite: { $detail }
            [create_draft] Preparando un borrador: { $detail }
            [create_paper] Preparando un papel para presentar: { $detail }
            [link_evidence] Enlazando un registro con lo que el tribunal debe comprobar: { $detail }
            [search_nodes] Buscando en el grafo de leyes: { $detail }
            [get_node] Leyendo una sección completa: { $detail }
            [get_neighbors] Buscando secciones relacionadas: { $detail }
            [find_similar] Buscando secciones parecidas: { $detail }
            [get_stats] Viendo qué contiene el grafo de leyes: { $detail }
            [search_academic] Buscando artículos académicos: { $detail }
            [search_opinions] Buscando opiniones judiciales: { $detail }
            [search_dockets] Buscando expedientes judiciales: { $detail }
            [lookup_citation] Revisando citas de casos: { $detail }
            [get_citing_opinions] Buscando las opiniones que citan un caso: { $detail }
            [fetch_opinion] Leyendo una opinión judicial: { $detail }
            [search_govinfo] Buscando publicaciones federales: { $detail }
            [search_statutes] Buscando proyectos de ley de Virginia: { $detail }
            [search_lawyers] Buscando abogados: { $detail }
            [process_opinion] Agregando una opinión a sus notas de jurisprudencia: { $detail }
            [query_graph] Consultando sus notas de jurisprudencia: { $detail }
            [summarize_graph] Resumiendo sus notas de jurisprudencia: { $detail }
           *[other] { $label }
        }
    }
