### Messages of ui/docviewer.js: the document viewer (its heading, Find, Close and the parts'
### buttons are in app.ftl, with index.html). The document's text is shown as the app read it.

## What the document is

# The kind of a document whose kind of file is not known (otherwise PDF, DOCX…).
docviewer-document = Document
# A document with no name; $id is its number.
docviewer-untitled = Document { $id }
docviewer-pages = { $count ->
        [one] { $count } page
       *[other] { $count } pages
    }

## Its text

docviewer-opening = Opening the text…
docviewer-not-shown = The text could not be shown.
docviewer-no-text = This document has no text.
docviewer-not-read-yet = The text is not read yet. Its stage is shown in the list; try again in a moment.
# A long text is shown in parts: characters $from to $to of $total.
docviewer-part = Characters { $from }–{ $to } of { $total }
# Where a page of the document begins; $page is its number.
docviewer-page = Page { $page }
docviewer-page-continued = Page { $page } (continued)

## Find in document. $at is the match shown of $count found; $more is yes when there are more
## than were marked (5,000).

docviewer-no-matches = No matches
docviewer-match = { $more ->
        [yes] { $at } of { $count }+
       *[no] { $at } of { $count }
    }
docviewer-match-in-part = { $more ->
        [yes] { $at } of { $count }+ in this part
       *[no] { $at } of { $count } in this part
    }
