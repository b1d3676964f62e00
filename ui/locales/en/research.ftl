### Messages of ui/research.js.
# Research's results beside the answer: the question they are for and what they add up to.

# $question is the question, as the person asked it.
research-for = For: “{ $question }”
research-looking = Looking things up…
# $cards is how many results so far, $sources from how many sources.
research-so-far = { $cards } so far from { $sources ->
        [one] { $sources } source
       *[other] { $sources } sources
    } — still looking…
research-nothing-yet = Nothing found yet.
research-no-sources = No sources were searched for this question.
# $cards is how many results, $sources from how many sources.
research-results = { $cards ->
        [one] { $cards } result
       *[other] { $cards } results
    } from { $sources ->
        [one] { $sources } source
       *[other] { $sources } sources
    }
