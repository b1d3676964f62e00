### Messages of ui/drafts.js: the draft panel beside Ask and the Draft dialog (their static words
### are in app.ftl, with index.html). A draft's title, text, notice, warnings and sources are the
### app's, shown as they come.

## What the panel says of a draft

# A draft's kind.
drafts-kind = { $kind ->
        [mermaid] Diagram
        [table] Table
        [paper] Court paper
       *[markdown] Text
    }
# Above the draft's title; $kind is its kind, already in words ("Diagram").
drafts-eyebrow = Draft · { $kind }
# A version in the list of versions; $latest is yes for the newest.
drafts-version-option = { $latest ->
        [yes] Version { $version } (latest)
       *[no] Version { $version }
    }
# Who made the draft: $by is person (the person), agent (the assistant), offline (built from the
# records with no model), or other ($name is then the app's word for it).
drafts-made-by = { $by ->
        [person] Made by you.
        [agent] Made by the assistant.
        [offline] Made by ProSeVA, from your records.
       *[other] Made by { $name }.
    }
# The same, with the day the version was made ($when, already written out: "November 30, 2026").
drafts-made-by-on = { $by ->
        [person] Made by you on { $when }.
        [agent] Made by the assistant on { $when }.
        [offline] Made by ProSeVA, from your records, on { $when }.
       *[other] Made by { $name } on { $when }.
    }
# The notice when the draft carries none of its own.
drafts-notice = Draft prepared with software. Not legal advice.
# Above what changed in the draft when its citations were checked.
drafts-warnings-title = Changed when it was checked:
# $reason is the app's own message, as it came.
drafts-not-opened = This draft could not be opened: { $reason }
# Said when a draft is shown; $title is its title.
drafts-shown = Draft shown: { $title }, version { $version }.

## A diagram or a table

# The name of the hidden frame that draws diagrams.
drafts-diagram-frame = Diagram renderer
drafts-diagram-drawing = Drawing the diagram…
drafts-diagram-error-title = This diagram could not be drawn.
drafts-diagram-source = Its source, as saved:
# Why a diagram could not be drawn, when the diagram library says nothing itself.
drafts-diagram-not-started = the diagram library did not start
drafts-diagram-not-drawn = the diagram could not be drawn
drafts-diagram-too-long = drawing the diagram took too long
drafts-diagram-not-picture = the diagram came out as something other than a picture
drafts-table-empty = The table is empty.
drafts-table-label = Table

## Saving, editing, building again

drafts-saving = Saving…
# $path is where the copy was saved.
drafts-saved = Saved: { $path }
drafts-saved-announce = Saved to your exports folder.
# $reason is the app's own message, as it came.
drafts-not-saved = Not saved: { $reason }
drafts-saved-version = Saved as version { $version }; the earlier versions are kept.
drafts-rebuilt = Built again from your records, as a new version.
drafts-not-built = Not built: { $reason }

## All drafts

drafts-list-loading = Loading…
drafts-list-empty = No drafts yet for this case.
# After a draft's title in the list; $kind is its kind, already in words.
drafts-list-kind-version = { $kind }, version { $version }

## The Draft dialog

drafts-submit-write = Ask the assistant to write it
drafts-submit-build = Build it from my records
drafts-describe-missing = Say what the draft should be about — for example, “a letter to the clerk asking to move my hearing on March 20”.
drafts-choose-case = Choose a case first (the picker at the top): the draft is built from its records.
# The question the assistant is asked, shown in Ask as the person's: $kind is letter, outline or
# table; $description is what the person wrote.
drafts-ask = { $kind ->
        [letter] Draft a letter: { $description }
        [outline] Draft a motion outline: { $description }
        [table] Draft a table: { $description }
       *[other] Draft a draft: { $description }
    }
# What the assistant is told to do with it. Keep create_draft as it is (the tool's name); $format
# is the draft kind the tool takes ("markdown", "table (CSV)").
drafts-ask-how = (Make it with create_draft, kind { $format }, and list the sources it relies on.)
