### Messages of ui/markdown.js.
# The words the Markdown renderer adds to what it shows: the names of links to outside pages and
# of citation links. The link's own words and the cited text are as they were written.

# $url is the web address the link opens.
markdown-link-title = Se abre en su navegador: { $url }
# Read after a link's words by a screen reader (it starts with a space): $host is the site.
markdown-link-opens = { " " }(abre { $host } en su navegador)
markdown-link-opens-page = { " " }(abre una página web en su navegador)
# A citation that could not be checked: $label is the citation ("§ 8.01-129"); $why is note when
# nothing could be checked (the law graph was not there), else other.
markdown-cite-unverified = { $why ->
        [note] { $label }: no se pudo comparar con la base de leyes
       *[other] { $label }: no se encontró en la base de leyes; revise esta cita
    }
    .aria-label = { $why ->
        [note] { $label }: no se pudo comparar con la base de leyes
       *[other] { $label }: no se encontró en la base de leyes; revise esta cita
    }
# A checked citation's tooltip: $label is the section ("§ 8.01-129").
markdown-cite-read = Leer { $label }
