### Messages of ui/markdown.js.
# The words the Markdown renderer adds to what it shows: the names of links to outside pages and
# of citation links. The link's own words and the cited text are as they were written.

# $url is the web address the link opens.
markdown-link-title = Opens in your browser: { $url }
# Read after a link's words by a screen reader (it starts with a space): $host is the site.
markdown-link-opens = { " " }(opens { $host } in your browser)
markdown-link-opens-page = { " " }(opens a web page in your browser)
# A citation that could not be checked: $label is the citation ("§ 8.01-129"); $why is note when
# nothing could be checked (the law graph was not there), else other.
markdown-cite-unverified = { $why ->
        [note] { $label }: could not be checked against the law graph
       *[other] { $label }: not found in the law graph — check this citation
    }
    .aria-label = { $why ->
        [note] { $label } — could not be checked against the law graph
       *[other] { $label } — not found in the law graph — check this citation
    }
# A checked citation's tooltip: $label is the section ("§ 8.01-129").
markdown-cite-read = Read { $label }
