### Messages of ui/section.js.
# The section viewer: one section of the Code (or the Constitution) of Virginia. The law's text,
# headings, version labels and notices come from the law graph and are shown as they come.

## Opening a section ($label is the section's label, "§ 2.2-3704")

section-opening = Opening { $label }…
section-not-in-graph = { $label } is not in the law graph
section-no-text = The law graph has no text for this item.
# Said to a screen reader; $kind: summary, official, official-with-summary.
section-opened = { $label } opened. { $kind ->
        [summary] Plain-language summary.
        [official-with-summary] Official text, with a plain-language summary beside it.
       *[official] Official text.
    }
# Said to a screen reader after section-opened; $count is how many opinions.
section-opened-opinions = { $count ->
        [one] { $count } court opinion in your case-law notes cite it.
       *[other] { $count } court opinions in your case-law notes cite it.
    }
# The label of the "Find more" run, in the conversation.
section-build-case-law = Build case-law notes: “{ $label }”

## What the text is ($law: code, constitution)

section-kind-summary = Plain-language summary
section-kind-official = Official text
section-kind-note-summary = — not the statute’s exact words. Read the official text before you rely on it.
section-kind-note-official = ({ $law ->
        [constitution] Constitution of Virginia
       *[code] Code of Virginia
    }, LIS)
section-kind-note-official-with-summary = ({ $law ->
        [constitution] Constitution of Virginia
       *[code] Code of Virginia
    }, LIS), with a plain-language summary beside it
# $host is the site.
section-opens-in-browser = Opens { $host } in your browser
# $date is the date of the official text; $source where it was read (shown as it comes).
section-summary-checked = Summary checked against the official text of { $date }.
section-summary-checked-title = Checked on { $date } against { $source }

## Where the official text came from. $file is the file's name; $changed yes or no, $changedOn
## the date the site last changed it; $got download, import or none, $gotOn its date; $old yes
## for the site's 2023 file format.

section-as-of = Official text from { $file }{ $changed ->
        [yes] , last changed on the LIS site { $changedOn }
       *[no] {""}
    }{ $got ->
        [download] ; downloaded { $gotOn }
        [import] ; imported from a file you saved { $gotOn }
       *[none] {""}
    }{ $old ->
        [yes] {" "}(the site’s 2023 file format)
       *[no] {""}
    }.

## Two versions of a section ($version is the app's label of a version, "effective July 1, 2027")

section-version-another = another version
# $inEffect: yes or no.
section-version-headline = { $inEffect ->
        [yes] In effect: the version { $version }.
       *[no] Not in effect: the version { $version }.
    }
section-version-read-other = Read the other version ({ $version })
section-version-back = Back to the version in effect ({ $version })
section-version-reading-other = You are reading the version that is not in effect today; it is kept for reference.
# Said to a screen reader; $headline is section-version-headline.
section-version-shown = { $headline } shown.

## Laws that changed the section since ($name is the bill and chapter, as the app says them)

section-change = { $name }:
section-change-from = { $name }, from { $date }:
section-change-source = where this was read

## Court opinions citing the section

section-opinion-untitled = Court opinion
# $use: interprets or cites.
section-opinion-use = { $use ->
        [interprets] interprets
       *[cites] cites
    }
section-opinion-use-about = { $use ->
        [interprets] The court reads or applies this section (it construes it, or cites it more than once).
       *[cites] The opinion names this section.
    }
# $count is how many times the opinion names the section (2 or more).
section-opinion-mentions = named { $count } times
section-holding-summary = Holding summarised by the model — not the court’s words.
section-holding-own-words = The opinion’s own words around its citations.
# A part of the law the section is in; $kind: title, chapter, article; $number its number.
section-parent = { $kind ->
        [title] Title { $number }
        [chapter] Chapter { $number }
       *[article] Article { $number }
    }

## A section that could not be opened

section-error-not-found = Not found in the law graph.
section-error-not-opened = This section could not be opened.
# $code is the error's kind: not_found, starting, unavailable (other: anything else).
section-error-next = { $code ->
        [not_found] The citation may be mistyped, repealed, or outside the law this app holds. Check it in the official Code of Virginia.
        [starting] ProSeVA is still starting; try again when the status line at the bottom says the law graph is ready.
        [unavailable] The law graph is not running right now; the status line at the bottom says more.
       *[other] Try again in a moment.
    }
section-look-for = Look for { $label } on law.lis.virginia.gov
# Said to a screen reader; $message is the app's message.
section-not-opened-said = { $label } could not be opened: { $message }
