### Messages of ui/documents.js: the Documents page, its upload queue and the files dropped on the
### window. A document's name and the app's reasons are shown as they come.

## The page

documents-title = Documents
documents-lead = Letters, orders, notices, photos of papers. ProSeVA reads them (scanned pages too) so answers can quote them. Drop files anywhere on the window, or:
documents-add = + Add documents…
# $size is the largest file, already written out ("25 MB").
documents-accept-hint = Plain text, Markdown, PDF, Word (.docx) and images (PNG, JPEG, TIFF), up to { $size } each.
documents-empty = No documents yet. Add a file, or drop one on the window.

## Where a document is on its way

documents-progress-label = Progress
documents-step-stored = Stored
documents-step-text = Text read
documents-step-words = Searchable by words
documents-step-meaning = Searchable by meaning
# After a step, for a screen reader: the step is done, or happening now.
documents-step-done = (done)
documents-step-current = (in progress)
documents-stage-stored = Stored — waiting to be read
documents-stage-reading = Reading the text…
# $page is the page being read of $pages (OCR: reading the words in a picture of a page).
documents-stage-ocr-page = OCR page { $page } of { $pages }
documents-stage-ocr = Reading the scanned pages (OCR)…
documents-stage-words = Searchable by words — learning its meaning…
documents-stage-meaning = Searchable by meaning
documents-stage-ocr-unavailable = The scanned pages could not be read
documents-stage-failed = Could not be read
documents-stage-unknown = Unknown
documents-problem-no-ocr = OCR is not available.
documents-problem-unreadable = This file could not be read.

## A document in the list. $name is the document's name.

# A document with no name; $id is its number.
documents-untitled = Document { $id }
# The badge of a document whose kind of file is not known (otherwise PDF, DOCX…).
documents-format-unknown = FILE
documents-pages = { $count ->
        [one] { $count } page
       *[other] { $count } pages
    }
# $count is the number of characters of text read from the document.
documents-characters = { $count ->
        [one] { $count } character
       *[other] { $count } characters
    }
# $when is the date and time, already written out.
documents-added-on = added { $when }
documents-view = View
documents-view-label = View the text of { $name }
documents-open = Open original
documents-open-label = Open the original of { $name }
documents-rename = Rename
documents-rename-label = Rename { $name }
documents-assign = Assign to case
documents-assign-label = Assign { $name } to a case
documents-reread = Re-read
documents-reread-label = Read { $name } again
documents-delete = Delete
documents-delete-label = Delete { $name }
documents-now-searchable = { $name } is searchable by meaning.
# $stage is what went wrong, as the list says it ("Could not be read").
documents-now-problem = { $name }: { $stage }.

## What the buttons do. $reason is the app's own message, as it came.

documents-opening = Opening { $name } in its own app.
documents-not-opened = { $name } could not be opened: { $reason }
documents-rename-title = Rename “{ $name }”
documents-field-title = Title
documents-assign-title = Assign “{ $name }” to a case
documents-field-case = Case
documents-assign-save = Assign
documents-no-case = No case
# A closed case in the list of cases; $name is its name.
documents-case-closed = { $name } (closed)
documents-reading-again = Reading { $name } again.
documents-not-reread = { $name } could not be read again: { $reason }

## Adding files

# $name is a file's name, $kinds the kinds of file the app reads (".txt, .md, .pdf…").
documents-kind-problem = { $name } is not a kind of file ProSeVA reads ({ $kinds })
documents-failures-label = Files not added
documents-dismiss = Dismiss
# $count is how many files were given to add.
documents-to-add = { $count ->
        [one] { $count } file to add.
       *[other] { $count } files to add.
    }
# $name is the file's name.
documents-adding = Adding { $name }…
# $count files were added.
documents-added = { $count ->
        [one] { $count } file added.
       *[other] { $count } files added.
    }
# $count files were added and $failed were not.
documents-added-some = { $count ->
        [one] { $count } file added; { $failed } not added — see the list.
       *[other] { $count } files added; { $failed } not added — see the list.
    }
# $uploaded of $total files are added so far; $state is running, or done when all were tried.
documents-progress = { $state ->
        [done] { $uploaded } of { $total } uploaded — done
       *[running] { $uploaded } of { $total } uploaded
    }
# The same, when $failed files could not be added.
documents-progress-failed = { $state ->
        [done] { $uploaded } of { $total } uploaded · { $failed } not added — done
       *[running] { $uploaded } of { $total } uploaded · { $failed } not added
    }

## Files dragged over the window (under "Drop the files to add them")

# $name is the name of the case chosen.
documents-drop-to-case = to { $name }
documents-drop-to-documents = to your documents
