### Messages of ui/verdict.js.
# The card of a claim check (Ask → Check a claim). What the model wrote (the resolution, quotes,
# steps and their dates) is shown as it comes.

verdict-claim-check = Claim check
# $verdict: supported, not_supported, unclear.
verdict-words = { $verdict ->
        [supported] The law supports this claim
        [not_supported] The law does not support this claim
       *[unclear] Unclear from what was found
    }
# $percent is a number from 0 to 100.
verdict-confidence = Confidence { $percent } %
verdict-confidence-label = Confidence
verdict-law-heading = The law it rests on
# A section of the Constitution; $article (a Roman numeral) and $section are its numbers.
verdict-constitution-section = Constitution of Virginia, Article { $article }, Section { $section }
verdict-quote-not-verbatim = These are the model’s words: they are not in the section’s text as the app has it. Open the section to read what it says.
verdict-steps-heading = What to do
# $date is the step's date, as the model wrote it.
verdict-step-by = by { $date }

## Adding a step to the deadlines

verdict-add-to-deadlines = Add to deadlines
verdict-adding = Adding…
verdict-added = Added
# $date is the step's date, as the model wrote it.
verdict-added-said = ✓ in your deadlines for { $date }
# $message is the app's message.
verdict-not-added = Not added: { $message }
