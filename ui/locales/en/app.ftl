# The window's page (ui/index.html) and what ui/app.js says. Parts of the page that other
# modules fill keep their static words here (ids app-<part>-<thing>); the settings dialog's are in
# settings.ftl, the status line's in status.ftl.

## The unlock screen (privacy.js shows it while the case file is locked)

app-unlock-title = ProSeVA is locked
app-unlock-hint = Your case file is encrypted on this computer. It opens with your passphrase.
app-unlock-label = Passphrase
app-unlock-submit = Unlock
app-unlock-use-recovery = I forgot it: use my recovery key
app-unlock-quick-exit = Quick exit
    .title = Hide ProSeVA at once (or press Esc three times)

## The skip link

app-skip-link = Skip to the main content

## The header: tabs, case picker, Settings, Lock, Quick exit

app-brand-tag = Virginia legal research for people without a lawyer
app-tabs-nav =
    .aria-label = Panels
app-tabs-list =
    .aria-label = Panels
app-tab-chat =
    .title = Ask (Ctrl+1)
app-tab-chat-label = Ask
app-tab-chat-sub = your case & Virginia law
app-tab-research =
    .title = Research (Ctrl+2)
app-tab-research-label = Research
app-tab-research-sub = cases, bills & articles
app-tab-workspace =
    .title = Case (Ctrl+3)
app-tab-workspace-label = Case
app-tab-workspace-sub = your case file
app-tab-library =
    .title = Law (Ctrl+4)
app-tab-library-label = Law
app-tab-library-sub = the law library
app-tab-help =
    .title = Help (Ctrl+5)
app-tab-help-label = Help
app-tab-help-sub = people who can help
app-case-picker-label = Case
app-case-picker-none = No case yet
app-case-picker-new = New case…
app-case-picker-hint = The case Ask, Research and the Case tab work on.
app-settings-button =
    .title = Settings (Ctrl+,)
    .aria-label = Settings
app-settings-button-label = Settings
app-lock-now =
    .title = Lock ProSeVA now: your passphrase opens it again
app-lock-now-label = Lock
app-quick-exit =
    .title = Hide ProSeVA at once (or press Esc three times)
app-quick-exit-label = Quick exit
app-quick-exit-hint = Hides ProSeVA at once and leaves it on the law library's front page, with no case shown. Pressing Escape three times does the same.

## Ask

app-chat-heading = Ask about your case and Virginia law
app-chat-transcript =
    .aria-label = Conversation
app-chat-empty-title = Ask about Virginia law or your own case
app-chat-empty-lead = Ask about your case or Virginia law. ProSeVA looks in the Code of Virginia, the Constitution of Virginia and the case file on this computer. It shows every source it used. Click a section number in an answer, such as § 2.2-3704, to read the law itself.
app-chat-examples-title = Try one of these questions:
# The example questions: what they show, and (data-question) what they ask.
app-chat-example-1 = How do I request public records from a state agency?
    .data-question = How do I request public records from a state agency?
app-chat-example-2 = My landlord won’t return my security deposit — what does the law say?
    .data-question = My landlord won't return my security deposit — what does the law say?
app-chat-example-3 = What are my upcoming deadlines?
    .data-question = What are my upcoming deadlines?
# <start> is the "Start here" button.
app-chat-start-again = Have a court paper and not sure where to begin? <start>Start here</start>
app-chat-disclaimer = <strong>Legal information, not legal advice.</strong> ProSeVA is not a lawyer. Check the official text, and the court’s own rules, before you rely on an answer.
app-chat-input-label = Your question
app-chat-input =
    .placeholder = Ask in your own words — for example, “How long do I have to appeal?”
app-chat-send = Ask
app-chat-check = Check a claim
    .title = Check something you were told or read against Virginia law and your records
app-chat-draft = Draft…
    .title = A timeline or hearing checklist from your records, or a letter, outline or table the assistant writes
app-chat-stop = Stop
app-chat-help = Enter sends · Shift+Enter adds a line. <strong>Legal information, not legal advice.</strong>
app-chat-conversations = Saved conversations
app-chat-new = Start a new conversation

## A draft beside Ask (drafts.js)

app-artifact-kind = Draft
app-artifact-title = Draft
app-artifact-all = All drafts
app-artifact-close =
    .title = Close (Esc)
    .aria-label = Close the draft
app-artifact-list =
    .aria-label = Drafts of this case
app-artifact-version-label = Version
app-artifact-sources-title = Sources
app-artifact-edit-label = Edit the draft (saved as a new version; the earlier ones are kept)
app-artifact-edit-save = Save as a new version
app-artifact-edit-cancel = Cancel
app-artifact-edit = Edit
app-artifact-rebuild = Build again from my records
app-artifact-exports =
    .aria-label = Save a copy as
app-artifact-exports-label = Save as:

## Research

app-research-heading = Research court cases, bills, publications and articles
app-research-answer =
    .aria-label = Research answers
app-research-empty-title = Research beyond the Code
app-research-empty-lead = Research looks in more places than Ask. It searches court cases (CourtListener), Virginia bills (LegiScan), federal papers (GovInfo), articles by scholars (OpenAlex) and lists of lawyers, as well as the Virginia law. Each thing it finds is listed by source beside the answer.
app-research-examples-title = Try one of these:
app-research-example-1 = Find Virginia cases on custody modification
    .data-question = Find Virginia cases on custody modification
app-research-example-2 = Are there recent Virginia bills about eviction notice periods?
    .data-question = Are there recent Virginia bills about eviction notice periods?
app-research-example-3 = Find family law attorneys near Richmond, Virginia
    .data-question = Find family law attorneys near Richmond, Virginia
# <settings> is a button that opens Settings.
app-research-keys-hint = Some services need a free key: add them under <settings>Settings</settings>.
app-research-disclaimer = <strong>Legal information, not legal advice.</strong> Lawyer listings are not recommendations.
app-research-input-label = Research question
app-research-input =
    .placeholder = What should ProSeVA research? For example, “Virginia cases on relocation and custody”
app-research-send = Research
app-research-stop = Stop
app-research-help = Enter sends · Shift+Enter adds a line. <strong>Legal information, not legal advice.</strong>
app-research-conversations = Saved conversations
app-research-new = Start new research
app-results-title = Sources found
app-results-empty = What each source finds for your research question appears here as it arrives, grouped by source: court opinions, Virginia law, bills, articles and more.

## The Case tab (workspace.js, cases.js)

app-workspace-heading = Your case: deadlines, documents, contacts, finances, timeline and notes
app-first-case-title = Start with your case
app-first-case-lead = Give your case a name. ProSeVA then keeps its deadlines, papers, contacts, costs, timeline and notes together — on this computer only — and answers in Ask and Research can use them.
app-first-case-form-title = Your first case
app-first-case-submit = Create the case
app-first-case-disclaimer = Everything you enter stays on this computer. You can change any of it later.
app-workspace-nav =
    .aria-label = Case pages
app-case-nav-overview = Overview
app-case-nav-path = Step by step
app-case-nav-papers = Papers to file
app-case-nav-proof = Proof for the hearing
app-case-nav-deadlines = Deadlines
app-case-nav-documents = Documents
app-case-nav-contacts = Contacts
app-case-nav-finances = Finances
app-case-nav-timeline = Timeline
app-case-nav-notes = Notes
app-ws-page-overview =
    .aria-label = Overview
app-ws-page-path =
    .aria-label = Step by step
app-ws-page-papers =
    .aria-label = Papers to file
app-ws-page-proof =
    .aria-label = Proof for the hearing
app-ws-page-deadlines =
    .aria-label = Deadlines
app-ws-page-documents =
    .aria-label = Documents
app-ws-page-contacts =
    .aria-label = Contacts
app-ws-page-finances =
    .aria-label = Finances
app-ws-page-timeline =
    .aria-label = Timeline
app-ws-page-notes =
    .aria-label = Notes

## Help from people (help.js)

app-help-heading = Help from people: legal aid where you live, and who qualifies
app-help-where-title = Who can help where you live
app-help-where-lead = This app gives legal information, not a lawyer. People can help: choose the county or city where you live (or where your case is) to see the legal aid program that serves it.
app-help-locality-label = Your county or city
app-help-locality-none = Choose one…
app-help-screen-title = Do you need a lawyer now?
app-help-screen-lead = Some situations are more than this app can help with safely. Answer a few questions for your kind of case: a “yes” says why it matters, who to call today, and what the app can still do.
app-help-screen-kind-label = Your kind of case
app-help-screen-kind-none = Choose one…
app-help-screen-questions =
    .aria-label = Questions
app-help-qualify-title = Who qualifies for free legal help
app-help-qualify-lead = Programs look at the household’s income before tax against the federal poverty guidelines. This only tells you whether you may qualify — the program decides.
app-help-household-label = People in your household
app-help-income-label = Household income in a year, before tax ($)
app-help-income-input =
    .placeholder = for example 21,000
app-help-check = Check
app-help-packet-title = Prepare for a lawyer or legal aid
app-help-packet-lead = One paper (PDF and Word) with your case in a page, its dates and deadlines, where it stands, your documents, timeline and people, the notes you pick and your questions — so a short first meeting is spent on your case. Documents you tick go in a zip beside it. The files go to your exports folder.
app-help-packet-case = Open a case on the Case tab first.
app-help-packet-documents-legend = Documents to attach
app-help-packet-notes-legend = Notes to include
app-help-packet-questions-label = Your questions for the lawyer (one on each line)
app-help-packet-questions-input =
    .placeholder = For example: Can I stay until the hearing?
app-help-packet-make = Make the packet

## The Law tab (library.js)

app-library-heading = The law library: what ProSeVA holds of Virginia law, and the official Code
app-library-holds-title = What your library holds
app-library-holds-loading = Looking at the law graph…
app-library-official-title = The official Code of Virginia
app-library-official-lead = ProSeVA can download the official text of the whole Code of Virginia and the Constitution of Virginia from law.lis.virginia.gov: about 80 files, one a second — a few minutes in all. Keep working, or close ProSeVA: the download goes on where it stopped when you open it again. The plain-language summaries stay, beside the official text.
app-library-download = Download the official Code of Virginia
app-library-check = Check for updates
app-library-import = Import files I downloaded…
app-library-import-folder = Import a folder…
# <site> is the address, shown as it is.
app-library-import-about = No connection, or the site’s certificate cannot be checked? Save the files from <site>law.lis.virginia.gov/law-library/</site> in your web browser, then import them here: each is checked as a download is.
app-library-monthly-label = Check for updates to the official Code once a month
app-library-run =
    .aria-label = The download
app-library-counts =
    .aria-label = Files so far
app-library-details-summary = Details
app-library-failed-title = Files not downloaded
app-library-files-col-file = File
app-library-files-col-rows = Rows
app-library-files-col-changed = Last changed on the site
app-library-files-col-fetched = Fetched

## Diagnostics (diagnostics.js)

app-diagnostics-title = Diagnostics
app-diagnostics-close =
    .title = Close (Esc)
    .aria-label = Close diagnostics
app-diagnostics-lead = Every look-up since ProSeVA started: how often each tool ran, how often it failed, and how long it took. Half the look-ups took less than p50. Most (95 in 100) took less than p95.
app-diagnostics-tools-caption = Tools
app-diagnostics-tools-col-tool = Tool
app-diagnostics-tools-col-calls = Calls
app-diagnostics-tools-col-failed = Failed
app-diagnostics-tools-col-most-common-failure = Most common failure
app-diagnostics-empty = No look-ups yet: ask a question first.
app-diagnostics-services-title = Outside services
app-diagnostics-refresh = Refresh

## Make a draft (drafts.js)

app-draft-dialog-title = Make a draft
app-draft-what-legend = What to draft
app-draft-timeline = <strong>Case timeline</strong> — a diagram of your case’s events, deadlines and hearings. Made from your records; no AI needed.
app-draft-checklist = <strong>Hearing checklist</strong> — what to file, bring and do for your next hearing. Made from your records; no AI needed.
app-draft-write = <strong>A letter, a motion outline or a table</strong> — written by the assistant from what you describe, with its sources.
app-draft-kind-label = Kind
app-draft-kind-letter = Letter
app-draft-kind-outline = Motion outline
app-draft-kind-table = Table
app-draft-describe-label = What should it say?
app-draft-describe-input =
    .placeholder = For example: a letter to the clerk asking to move my hearing on March 20 because I have surgery that day
# <settings> is a button that opens Settings.
app-draft-no-model = Writing a letter, an outline or a table needs a language model: add an API key or a local model in <settings>Settings</settings>. The timeline and the checklist work without one.
app-draft-note = Every draft says at the top that it was prepared with software and is not legal advice. It is kept with your case’s documents, every version, and can be saved as Word, PDF or Markdown.
app-draft-cancel = Cancel
app-draft-submit = Build it from my records

## The section viewer (section.js)

app-section-back = ← Back
app-section-close =
    .title = Close (Esc)
    .aria-label = Close the section viewer
app-section-path =
    .aria-label = Where this is in the law
app-section-summary-title = Plain-language summary — not the statute’s words
app-section-url-label = Official page:
app-section-opinions-title = Court opinions citing this section
app-section-opinions-about = Your case-law notes: opinions added from CourtListener by “Build case-law notes”. Read an opinion in full before you rely on it.
app-section-opinions-empty = None yet. “Find more” looks for Virginia appellate opinions that apply this section, follows the cases that cite them, and adds them here.
app-section-find-opinions = Find more

## A confirmation (dialogs.js)

app-confirm-title = Are you sure?
app-confirm-cancel = Cancel
app-confirm-ok = Confirm

## Add or edit a record (dialogs.js)

app-record-dialog-title = Add
app-record-close =
    .title = Close (Esc)
    .aria-label = Close
app-record-cancel = Cancel
app-record-save = Save

## A deadline from a rule (rules.js)

app-rule-dialog-title = Add a deadline from a rule
app-rule-close =
    .title = Close (Esc)
    .aria-label = Close
app-rule-list-legend = 1. The rule
app-rule-trigger-label = 2. Date of the event the days count from
app-rule-title-label = 3. Title
app-rule-preview =
    .aria-label = The date this gives
app-rule-caveats-summary = Before you rely on this date
app-rule-cancel = Cancel
app-rule-save = Save deadline

## The document viewer (docviewer.js)

app-doc-close =
    .title = Close (Esc)
    .aria-label = Close the document viewer
app-doc-find-input-label = Find in document
app-doc-find-prev =
    .title = Previous match (Shift+Enter)
    .aria-label = Previous match
app-doc-find-next =
    .title = Next match (Enter)
    .aria-label = Next match
app-document-text =
    .aria-label = Text of the document
app-doc-parts =
    .aria-label = Parts of the document
app-doc-part-prev = ← Previous part
app-doc-part-next = Next part →

## Saved conversations (conversations.js)

app-conversations-eyebrow = Ask and Research
app-conversations-title = Saved conversations
app-conversations-close =
    .title = Close (Esc)
    .aria-label = Close saved conversations
app-conversations-only-case-label = Only this case
app-conversations-more = Show more

## Files dragged over the window (documents.js)

app-drop-title = Drop the files to add them
app-drop-hint = PDF, Word, text and images, up to 25 MB each.

## Keep this case private? (privacy.js)

app-lock-offer-title = Keep this case private?
app-lock-offer-lead = If someone else can use this computer, you can lock your case file with a passphrase. Everything about your cases is then encrypted, and ProSeVA opens only with your passphrase. You can also do this later in Settings → Privacy and safety.
app-lock-offer-no = Not now
app-lock-offer-yes = Set a passphrase

## What ui/app.js says

app-claim-needed = Write the claim first — for example, “My landlord says he can keep my whole deposit because I left 2 days early.”
# The label of a claim check in the conversation.
app-claim-badge = Claim
app-chat-new-started = New conversation started.
app-research-cleared = Research cleared.
