### Messages of ui/conversation.js.
# A conversation (Ask, Research): the question, the steps of the answer, its sources, its errors.
# What the app says (the answer, a step's label, an error's message, titles) is shown as it comes.

## While the answer is written

# $phase is what the answer is doing: starting, tools, answer, intent, verify, decide (other: anything else).
conversation-phase = { $phase ->
        [starting] Starting…
        [tools] Looking things up…
        [answer] Writing the answer…
        [intent] Finding the law and your records on this claim…
        [verify] Checking the claim against what was found…
        [decide] Deciding…
       *[other] Working…
    }
# The model on this computer; $model is its name, $ahead how many questions it answers before this one.
conversation-local-waiting = Waiting for { $model } on this computer — { $ahead ->
        [one] { $ahead } question
       *[other] { $ahead } questions
    } ahead of yours…
conversation-local-loading = Loading { $model } on this computer…
conversation-local-writing = Writing the answer with { $model } on this computer…
conversation-wait = Please wait for the current answer, or press Stop.

## Headings a screen reader reads before each message

conversation-you-asked = You asked
conversation-you-ran-workflow = You ran a workflow
conversation-workflow-badge = Workflow
conversation-answered = ProSeVA answered

## The steps taken (the trail)

conversation-trail-label = Steps taken for this answer
# After a step, for screen readers; $state: running, done, failed, unfinished.
conversation-trail-state = { $state ->
        [running] in progress
        [done] done
        [failed] failed
       *[unfinished] not finished
    }
# $count is how many results the step found.
conversation-outcome-found = { $count ->
        [0] nothing found
       *[other] { $count } found
    }
# A draft made; $title is its title, $version its version number.
conversation-outcome-draft = { $title }, version { $version }
# Stand-ins for a title the app did not give.
conversation-draft-untitled = draft
conversation-written-untitled = written
conversation-opinion-untitled = opinion
conversation-open-draft = Open the draft
conversation-read-section = Read the section
# $kind is what the assistant wrote: note, deadline, document, case (other: anything else).
conversation-open-record = { $kind ->
        [note] Open the note
        [deadline] Open the deadline
        [document] Open the document
        [case] Open the case
       *[other] Open it
    }

## The answer

conversation-no-answer = No answer was written.
# Said to a screen reader; $reply is the start of the answer.
conversation-answer-ready = Answer ready. { $reply }
# $count is how many citations of the answer were not found.
conversation-answer-flagged = { $count ->
        [one] One citation was not found in the law graph.
       *[other] { $count } citations were not found in the law graph.
    }
conversation-sources-title = Sources
# $list is the citations, as the answer wrote them.
conversation-unverified-not-checked = Could not check: { $list }.
conversation-unverified-not-found = Not found in the law graph: { $list }.
conversation-unverified-advice = Check these citations in the official Code before you rely on them.
# $count is how many look-ups the answer made.
conversation-tools-used = Sources used ({ $count ->
        [one] { $count } look-up
       *[other] { $count } look-ups
    })
# $cards is how many results, $sources from how many sources.
conversation-sidebar-link = See the { $cards ->
        [one] { $cards } result
       *[other] { $cards } results
    } from { $sources ->
        [one] { $sources } source
       *[other] { $sources } sources
    }

## An answer that could not be finished

conversation-ask-again = Ask again
conversation-try-again = Try again
conversation-open-settings = Open settings
conversation-stopped-title = You stopped this answer.
# $code is the error's kind: starting, invalid_input, unavailable, model (other: anything else).
conversation-error-title = { $code ->
        [starting] ProSeVA is still starting.
        [invalid_input] This question could not be sent.
        [unavailable] A service did not answer.
        [model] The model service did not answer.
       *[other] This answer could not be finished.
    }
conversation-error-unfinished = The answer could not be finished.
# Said to a screen reader; $message is the app's message.
conversation-failed-said = The answer could not be finished: { $message }
conversation-stopped-said = Stopped.
conversation-hint-starting = ProSeVA is still getting ready. Wait for the status line at the bottom to say “ready”, then try again.
conversation-hint-model = This looks like a problem with the model service. Check the model settings, or switch on offline mode.
conversation-hint-unavailable = A service did not answer. Check the status line at the bottom, or try again in a moment.
conversation-hint-invalid-input = Change the question (or start a new conversation) and send it again.
