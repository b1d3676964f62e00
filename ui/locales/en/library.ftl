### Messages of ui/library.js.
# The Law tab: what the law library holds, and the download of the official Code of Virginia.
# A status message of the app (a run's end, a refusal) is shown as it comes.

## What the library holds

# $count is how many sections have their official text; $constitution is yes when the
# Constitution is there too; $beside is how many plain-language summaries are kept beside them.
library-holds-official = { $beside ->
        [0] Official text of { $count ->
            [one] { $count } section
           *[other] { $count } sections
        } ({ $constitution ->
            [yes] Code of Virginia and Constitution
           *[no] Code of Virginia
        }).
       *[other] Official text of { $count ->
            [one] { $count } section
           *[other] { $count } sections
        } ({ $constitution ->
            [yes] Code of Virginia and Constitution
           *[no] Code of Virginia
        }), with { $beside ->
            [one] { $beside } plain-language summary
           *[other] { $beside } plain-language summaries
        } beside them.
    }
# $count is how many sections are summarised, $titles in how many titles (0: not said);
# $constitution is yes when the Constitution is summarised too.
library-holds-starter = Plain-language summaries of { $count ->
        [one] { $count } section
       *[other] { $count } sections
    }{ $titles ->
        [0] {""}
        [one] {" "}in { $titles } title
       *[other] {" "}in { $titles } titles
    }{ $constitution ->
        [yes] {" "}and the Constitution
       *[no] {""}
    } (the starter library).
# $problem is the app's own reason, as it came.
library-holds-not-read = What the library holds could not be read: { $problem }
library-holds-not-running = The law graph is not running yet; what it holds shows here once it is (the status line at the bottom says more).
library-fact-titles = { $count ->
        [one] { $count } title of the Code
       *[other] { $count } titles of the Code
    }
library-fact-summary-only = { $count ->
        [one] { $count } more section is still only a summary (their official text is not downloaded)
       *[other] { $count } more sections are still only a summary (their official text is not downloaded)
    }
# <time>…</time> is the date and time the library was built.
library-fact-built = Built on <time>{ $date }</time>
# $done is how many sections (or pieces) can be searched by meaning, of $total; $off is yes when
# search by meaning is turned off.
library-fact-searchable = { $off ->
        [yes] Searchable by meaning: { $done } of { $total } (search by meaning is off right now)
       *[no] Searchable by meaning: { $done } of { $total }
    }
library-fact-our-words = Summaries are our words, not the statutes’. Download the official Code below for the exact text.

## Making the library searchable by meaning (in the background)

# $done of $total are searchable so far.
library-embedding-paused = Making the library searchable by meaning is paused at { $done } of { $total }. Search by words works for everything.
# $why is the app's reason, or library-embedding-unreachable.
library-embedding-failed = Making the library searchable by meaning stopped at { $done } of { $total }: { $why }. It tries again by itself.
library-embedding-unreachable = the model could not be reached
# $rate is how many a second (a number with one decimal, or "none"); $unit is how the time left
# is counted (second, minute, hour, or none) and $left how many of them.
library-embedding-running = Making the library searchable by meaning: { $done } of { $total }{ $rate ->
        [none] {""}
       *[other] , { $rate } a second
    }{ $unit ->
        [second] { $left ->
            [one] , about { $left } second left
           *[other] , about { $left } seconds left
        }
        [minute] { $left ->
            [one] , about { $left } minute left
           *[other] , about { $left } minutes left
        }
        [hour] { $left ->
            [one] , about { $left } hour left
           *[other] , about { $left } hours left
        }
       *[none] {""}
    }. Search by words works for everything meanwhile; your questions go first.
library-embedding-pause = Pause
library-embedding-resume = Resume

## The download

library-download = Download the official Code of Virginia
library-download-resume = Resume the download
# $count is how many files of the official Code are on this computer; <time>…</time> is when
# they were last checked.
library-last-check = { $count ->
        [one] { $count } file of the official Code on this computer. Last checked <time>{ $date }</time>.
       *[other] { $count } files of the official Code on this computer. Last checked <time>{ $date }</time>.
    }
# $number of $count, $file is the file's name.
library-file-line = File { $number } of { $count }: { $file }
library-getting-ready-files = { $count ->
        [one] Getting ready to download { $count } file…
       *[other] Getting ready to download { $count } files…
    }
library-getting-ready = Getting ready…
# $done and $total are sizes ("1.2 MB").
library-bytes-of = { $done } of { $total }
# $stage is the part of the build under way.
library-build = Building the library: { $stage ->
        [reading] reading the files
        [writing] writing the sections
        [embedding] making it searchable by meaning
        [indexing] indexing
        [starting] starting
       *[other] { $stage }
    }
# The same, with how far it has come: $done of $total.
library-build-count = Building the library: { $stage ->
        [reading] reading the files
        [writing] writing the sections
        [embedding] making it searchable by meaning
        [indexing] indexing
        [starting] starting
       *[other] { $stage }
    } { $done }/{ $total }
# The files on this computer; $date is the date of the newest official text.
library-files-summary = { $count ->
        [one] { $count } file on this computer
       *[other] { $count } files on this computer
    }
library-files-summary-as-of = { $count ->
        [one] { $count } file on this computer — official text as of { $date }
       *[other] { $count } files on this computer — official text as of { $date }
    }
# When the site says a file changed, when the site did not say.
library-file-not-said = not said
# How and when a file came: $origin is import or download, $date when.
library-file-fetched = { $origin ->
        [import] imported { $date }
       *[download] downloaded { $date }
    }
library-count-new = New or changed:
library-count-unchanged = Unchanged:
library-count-not-published = Not published:
library-count-failed = Not downloaded:
library-no-reason = no reason was given
library-checking = Checking the official Code for updates.
library-started = The download of the official Code started.
library-building = Downloaded. Building the library.
library-already = A download is already going.
# $which is check or download; $error is the app's own reason, as it came.
library-not-started = { $which ->
        [check] The check could not start: { $error }
       *[download] The download could not start: { $error }
    }
library-status-not-read = The state of the download could not be read: { $error }

## Importing files saved from the LIS site

library-import-none-csv = None of the chosen files is a .csv file saved from the LIS site.
library-import-none = No file was chosen.
# $number of $count, $file is the file's name.
library-import-checking = Checking file { $number } of { $count }: { $file }
# Why a file was refused, when the app gave no reason.
library-import-not-accepted = not accepted
# $kept of $count files were kept; $refused were refused (0: none).
library-import-done = { $refused ->
        [0] { $kept ->
            [one] { $kept } file of { $count } checked and kept.
           *[other] { $kept } files of { $count } checked and kept.
        }
       *[other] { $kept ->
            [one] { $kept } file of { $count } checked and kept; { $refused } refused.
           *[other] { $kept } files of { $count } checked and kept; { $refused } refused.
        }
    }
library-import-building = Building the library from the imported files.
library-import-failed = The import could not finish: { $error }

## The monthly check

library-monthly-on = ProSeVA will check for updates to the official Code once a month.
library-monthly-off = Monthly checks for updates are off.
library-monthly-not-saved = Not saved: { $error }
