### Messages of ui/results.js.
# What was found, as cards grouped by source (Research's results, an answer's "Sources used").
# The titles, sources, citations and snippets are the app's and are shown as they come.

## A group of results (one source)

# $shown is how many results are shown, $total how many were found.
results-count-shown = { $shown } shown of { $total } found
results-shown-still-looking = { $shown } shown of { $total } found — still looking…
# $count is how many results so far.
results-so-far-still-looking = { $count } so far — still looking…
results-looking = Looking…
results-stopped = Stopped before this source answered.
results-nothing-found = Nothing found.
# After the number of results of a group, for screen readers; $count is that number.
results-count-label = { $count ->
        [one] results
       *[other] results
    }
results-source-failed = This source failed.
# Before an error, for screen readers.
results-error-prefix = Error:
results-add-key = Add the key in Settings

## Whether a law text is the official wording or a summary

results-summary-badge = Summary
results-summary-badge-long = Plain-language summary
results-summary-badge-title = A plain-language summary — not the statute’s exact words
results-official-badge = Official text
results-official-badge-title = Official text (Code of Virginia, LIS)

## A result

results-preview-label = Result
results-untitled = Untitled
# $url is the address.
results-opens-in-browser-title = Opens in your browser: { $url }
results-opens-in-browser = (opens in your browser)
# $host is the site (law.lis.virginia.gov).
results-official-page = Official page on { $host }
results-official-page-web = Official page on the web

## The tools' names and what each is doing, as the trail and the result groups show them: in
## English the app's own words; in Spanish by the tool's name, with what it reads (a §, a quoted search).

results-tool-title = { $tool ->
       *[other] { $title }
    }
results-tool-doing = { $detail ->
       *[other] { $tool ->
           *[other] { $label }
        }
    }
