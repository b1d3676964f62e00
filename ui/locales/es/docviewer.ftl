### Messages of ui/docviewer.js: the document viewer (its heading, Find, Close and the parts'
### buttons are in app.ftl, with index.html). The document's text is shown as the app read it.

## What the document is

# The kind of a document whose kind of file is not known (otherwise PDF, DOCX…).
docviewer-document = Documento
# A document with no name; $id is its number.
docviewer-untitled = Documento { $id }
docviewer-pages = { $count ->
        [one] { $count } página
       *[other] { $count } páginas
    }

## Its text

docviewer-opening = Abriendo el texto…
docviewer-not-shown = No se pudo mostrar el texto.
docviewer-no-text = Este documento no tiene texto.
docviewer-not-read-yet = Todavía no se ha leído el texto. En la lista se ve en qué paso va; vuelva a intentarlo en un momento.
# A long text is shown in parts: characters $from to $to of $total.
docviewer-part = Caracteres { $from } a { $to } de { $total }
# Where a page of the document begins; $page is its number.
docviewer-page = Página { $page }
docviewer-page-continued = Página { $page } (continuación)

## Find in document. $at is the match shown of $count found; $more is yes when there are more
## than were marked (5,000).

docviewer-no-matches = No se encontró
docviewer-match = { $more ->
        [yes] { $at } de más de { $count }
       *[no] { $at } de { $count }
    }
docviewer-match-in-part = { $more ->
        [yes] { $at } de más de { $count } en esta parte
       *[no] { $at } de { $count } en esta parte
    }
