### Messages of ui/papers.js: the case's "Papers to file" page. The papers' titles, when to file
### them, their fields and sources come from the app (the server's catalogue) in the window's
### language; the paper itself is always English, as the court takes it.

## The page

papers-title = Papers to file
papers-lead = Court papers written from your case — a motion, a notice, a letter to the clerk — laid out as the court expects, checked before you file, and saved as Word or PDF. You read them, sign them and file them.
papers-fill-form = Fill a form I downloaded

## The list of papers

papers-kinds-title = Papers ProSeVA can write for this case
papers-kinds-loading = Reading the papers…
# $reason is the app's own reason, as it came.
papers-kinds-failed = The papers could not be read: { $reason }
papers-kinds-for-kind = The papers for this kind of case. Choose one: ProSeVA fills in what your case already says.
papers-kinds-all = Your case has no kind chosen on Step by step yet, so every paper is listed. Choose the kind there to see only the ones that fit.
papers-kinds-none = No papers for this kind of case yet.
# Before a paper's "when to file it" text, which comes from the app.
papers-when-label = When to file it:
papers-why-parts = Why these parts
papers-part-2023 = official text of 2023 — check it today
papers-write = Write this paper

## The form

papers-write-eyebrow = Write a paper
# $version is the number of the version being changed.
papers-edit-eyebrow = Edit: a new version of version { $version }
papers-back-all = ← All papers
papers-back-paper = ← Back to the paper
# $count is how many answers came from the case.
papers-proposed-note = { $count ->
        [one] 1 answer is filled in from your case; it says where from. Change anything that is wrong.
       *[other] { $count } answers are filled in from your case; each says where from. Change anything that is wrong.
    }
# After a field's own hint. $from says where the value came from (the app writes it).
papers-filled-from = Filled in from { $from }.
papers-you-legend = About you (the signature block)
papers-own-legend = This paper
papers-service-legend = Certificate of service
papers-service-required = This paper must say how the other side gets a copy: it stays on the paper.
papers-service-offered = It tells the court the other side gets a copy. Keep it unless the clerk says it is not needed.
papers-field-name = Your name, as you sign
papers-field-address = Your address
papers-field-address-hint = One line per line, as on an envelope. A party without a lawyer must give it on every paper (Code of Virginia § 8.01-271.1).
papers-field-phone = Telephone
papers-field-email = E-mail
papers-field-date = Date you sign it
papers-field-date-hint = Leave it empty to write the date by hand when you sign.
papers-field-side = Your side in the case
papers-field-side-hint = How the caption names you.
papers-side-plaintiff = Plaintiff (I sued)
papers-side-defendant = Defendant (I was sued)
papers-side-petitioner = Petitioner (I asked the court)
papers-side-respondent = Respondent (the other side asked)
papers-field-certificate = Add a certificate of service (I will give the other side a copy)
papers-field-service-method = How you give them the copy
papers-service-hand = By hand
papers-service-mail = By first-class mail
papers-service-email = By e-mail
papers-field-service-date = The day you give or send it
papers-field-service-date-hint = Leave it empty to write it in by hand.
papers-field-served-on = Who gets a copy
papers-field-served-on-hint = One person a line: “Name, address”. Leave it empty to use the other side’s name and the address in their contact.
papers-build = Build the paper
papers-build-again = Build a new version
papers-building = Building the paper…

## The numbered paragraphs (Edit)

papers-paragraphs-legend = The numbered paragraphs
papers-paragraphs-hint = Change the words as you need; they are numbered in this order. Left as they are, they are written again from your answers above.
# $number is the paragraph's number.
papers-paragraph-label = Paragraph { $number }
papers-paragraph-remove = Remove
# $number is the paragraph's number.
papers-paragraph-remove-label = Remove paragraph { $number }
papers-paragraph-add = + Add a paragraph

## The built paper

papers-result-eyebrow = Your paper
# $version is the version's number.
papers-version = Version { $version }, kept with this case’s drafts. Every version stays.
papers-warnings-title = Look at these before you file:
# The app's notice beside a paper (the server's own is in English).
papers-notice = Draft prepared with ProSeVA software — not legal advice. Check it against the official sources before you file or send it.
papers-actions-label = What to do with the paper
papers-check = Check before filing
papers-save-docx = Save as Word
papers-save-pdf = Save as PDF
papers-edit = Edit
papers-another = Write another paper
# $title is the paper's title, $version its version, $warnings how many things to look at.
papers-built-announce = { $warnings ->
        [0] The paper is built: { $title }, version { $version }.
        [one] The paper is built: { $title }, version { $version }. 1 thing to look at.
       *[other] The paper is built: { $title }, version { $version }. { $warnings } things to look at.
    }
papers-saving = Saving…
# $path is where the file was written.
papers-saved = Saved: { $path }
papers-saved-announce = Saved to your exports folder.
# $reason is the app's own reason, as it came.
papers-not-saved = Not saved: { $reason }

## The Spanish beside the paper (shown when the window is in Spanish)

papers-spanish-title = The paper in Spanish, part by part
papers-spanish-loading = Reading the paper in Spanish…
# $reason is the app's own reason, as it came.
papers-spanish-failed = The Spanish beside the paper could not be read: { $reason }
papers-spanish-note = The paper stays in English: the court takes papers in English. Beside each part is what it says in Spanish and what it is for. File and send only the English paper.
papers-spanish-copy-label = A copy in Spanish, not for filing
papers-spanish-pdf = Spanish copy (PDF)
papers-spanish-docx = Spanish copy (Word)
papers-spanish-saved-announce = The Spanish copy is saved to your exports folder. It is not for filing.

## The check before filing

papers-check-result-label = What the check found
papers-checking = Checking the paper against your case…
papers-check-title = The check before filing
# $reason is the app's own reason, as it came.
papers-check-failed = The check could not run: { $reason }
# $count is how many things the check found.
papers-check-announce = { $count ->
        [0] The check found nothing to fix.
        [one] The check found 1 thing to look at.
       *[other] The check found { $count } things to look at.
    }
# $count is how many things the check found.
papers-findings-title = { $count ->
        [one] 1 thing to look at before filing
       *[other] { $count } things to look at before filing
    }
papers-finding-found = In the paper
papers-finding-expected = Expected
papers-clean = Nothing to fix was found.
papers-clean-caveat = The check is not a lawyer’s review: read the paper through before you file it.
papers-citations-title = Case citations
# $status is what the look-up said of a case citation.
papers-citation-status = { $status ->
        [found] found
        [not_found] not found — check the citation
        [ambiguous] more than one case matches — check it
        [unknown_reporter] a reporter the look-up does not know — check it by hand
       *[other] not checked — check it by hand
    }
papers-citation-open = open
papers-checked-title = What was checked
papers-checked-nothing = The check found nothing it could compare in this paper.

## The other side's paper

papers-theirs-title = Check a paper the other side filed
papers-theirs-hint = Add it to this case’s Documents first. The check compares it with your case — the names, the case number, the court, the dates — and looks up the law it cites.
papers-theirs-document = The paper
papers-theirs-none = No documents in this case yet
papers-theirs-check = Check it
papers-theirs-untitled = The paper
