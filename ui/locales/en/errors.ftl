### The app's error codes (ui/dom.js errorText).

## One message per error code the app answers with, `{code, message, field?, fields?}`
## (src-tauri/src/error.rs, sidecars/server/src/error.rs, the agent's and its tools' codes).
## The value is what the person reads; in English it is the app's own words ($message), which
## are good English already. `.detail` is the technical detail, the app's words again, shown
## as a tooltip and under "Technical detail" when the value does not say them.

# The summary of the box that shows the app's own words.
errors-detail-summary = Technical detail

# $message is the app's own sentence; $fields the fields to check, as the form labels them
# ("date and title"), $count how many (0 when the app named none).
errors-invalid-input = { $message }
    .fields = { $count ->
        [0] Check what you entered.
        [one] Check this: { $fields }.
       *[other] Check these: { $fields }.
    }
    .detail = Technical detail: { $message }
# The app is still starting (src-tauri).
errors-starting = { $message }
    .detail = Technical detail: { $message }
# A service the request needs failed or cannot do it now.
errors-unavailable = { $message }
    .detail = Technical detail: { $message }
# A service behind the server failed (the law graph, the language model).
errors-upstream-unavailable = { $message }
    .detail = Technical detail: { $message }
# No such record, section or route.
errors-not-found = { $message }
    .detail = Technical detail: { $message }
# The change would lose or orphan other records (a case that still has deadlines).
errors-conflict = { $message }
    .detail = Technical detail: { $message }
# The case file is locked.
errors-locked = { $message }
    .detail = Technical detail: { $message }
# A file over the size limit: the app's words, which name the limit ($limit, "25 MB", or none, is
# for languages whose sentence is not the app's).
errors-too-large = { $limit ->
        [none] { $message }
       *[other] { $message }
    }
    .detail = Technical detail: { $message }
# What was sent is over the server's limit.
errors-payload-too-large = { $limit ->
        [none] { $message }
       *[other] { $message }
    }
    .detail = Technical detail: { $message }
# A file of a kind this part of the app does not take.
errors-unsupported-media-type = { $message }
    .detail = Technical detail: { $message }
# The body could not be read (malformed JSON, a broken upload).
errors-bad-request = { $message }
    .detail = Technical detail: { $message }
# Something went wrong inside the app or its server.
errors-internal = { $message }
    .detail = Technical detail: { $message }
# The server refused the app's own token.
errors-unauthorized = { $message }
    .detail = Technical detail: { $message }
# A request addressed to another host name than this computer.
errors-forbidden-host = { $message }
    .detail = Technical detail: { $message }
# The app asked its server for something it does not do.
errors-method-not-allowed = { $message }
    .detail = Technical detail: { $message }
# As many questions as it answers at once are running.
errors-busy = { $message }
    .detail = Technical detail: { $message }
# Asked more often than a service answers.
errors-rate-limited = { $message }
    .detail = Technical detail: { $message }
# A search or a tool did not answer in time.
errors-timeout = { $message }
    .detail = Technical detail: { $message }
# The person stopped the request.
errors-cancelled = { $message }
    .detail = Technical detail: { $message }
# The language model failed to answer.
errors-model = { $message }
    .detail = Technical detail: { $message }
# A research tool was given arguments it does not take.
errors-invalid-arguments = { $message }
    .detail = Technical detail: { $message }
# A research service has no key in Settings.
errors-not-configured = { $message }
    .detail = Technical detail: { $message }
# A research tool failed.
errors-failed = { $message }
    .detail = Technical detail: { $message }
# A tool ProSeVA does not have.
errors-unknown-tool = { $message }
    .detail = Technical detail: { $message }
# A tool not allowed in this kind of request.
errors-not-allowed-for-role = { $message }
    .detail = Technical detail: { $message }
# The request used all the searches it may.
errors-budget-exhausted = { $message }
    .detail = Technical detail: { $message }
# A service failed several times in a row and is rested.
errors-circuit-open = { $message }
    .detail = Technical detail: { $message }
# A change the person must allow first.
errors-needs-confirmation = { $message }
    .detail = Technical detail: { $message }
# Any other code.
errors-other = { $message }
    .detail = Technical detail: { $message }

## What is wrong with one field, shown under it (ui/dom.js fieldErrorText). The English is
## the app's own words (sidecars/server/src/fields.rs, src-tauri/src/settings.rs); a reason
## not listed here is errors-reason-other. $why is the app's words, the detail.

# fields.rs: an empty required field.
errors-reason-required = is required
    .detail = Technical detail: { $why }
# A field that may not be left empty.
errors-reason-empty = cannot be empty
    .detail = Technical detail: { $why }
# A required date.
errors-reason-date-required = is required (YYYY-MM-DD)
    .detail = Technical detail: { $why }
# A date that is not one.
errors-reason-date = must be a date written YYYY-MM-DD, e.g. 2025-03-14
    .detail = Technical detail: { $why }
# $first and $last are years.
errors-reason-date-between = must be a date between { $first }-01-01 and { $last }-12-31
    .detail = Technical detail: { $why }
# $max is a number of characters.
errors-reason-too-long = must be at most { $max } characters
    .detail = Technical detail: { $why }
# $max is a number of characters.
errors-reason-one-line = must be one line of at most { $max } characters
    .detail = Technical detail: { $why }
# $min and $max are the limits.
errors-reason-whole-number = must be a whole number from { $min } to { $max }
    .detail = Technical detail: { $why }
# $min and $max are numbers of minutes.
errors-reason-minutes = must be from { $min } to { $max } minutes
    .detail = Technical detail: { $why }
# A required amount.
errors-reason-money-required = is required (a number of dollars, e.g. 86.50)
    .detail = Technical detail: { $why }
# An amount that is not one.
errors-reason-money = must be a number of dollars, e.g. 86.50
    .detail = Technical detail: { $why }
# An amount that may not be negative.
errors-reason-money-positive = must be a number of dollars, not negative, e.g. 4500 or 4,500.00
    .detail = Technical detail: { $why }
# A record chosen by its number.
errors-reason-record-id = must be the id of a record (a positive whole number)
    .detail = Technical detail: { $why }
# An address that is not a web address.
errors-reason-web-address = must start with http:// or https://
    .detail = Technical detail: { $why }
# An e-mail address that is not one.
errors-reason-email = must be an e-mail address
    .detail = Technical detail: { $why }
# Any other reason: the app's words are the detail.
errors-reason-other = { $why }
    .detail = Technical detail: { $why }

## A field the app names, as a person reads it in a list ("Check these: date and title");
## a form that shows other labels passes its own. $name is the app's name for the field.

errors-field = { $name ->
        [caseId] case
        [title] title
        [date] date
        [name] name
        [kind] kind
        [notes] notes
        [body] text
        [text] text
        [content] text
        [description] description
        [amount] amount
        [category] category
        [status] status
        [type] type
        [dueDate] due date
        [triggerDate] starting date
        [startDate] start date
        [endDate] end date
        [serviceDate] date of service
        [servedOn] date served
        [serviceMethod] how it was delivered
        [court] court
        [caseNumber] case number
        [locality] city or county
        [caseKind] kind of case
        [party] party
        [role] role
        [address] address
        [phone] phone
        [email] e-mail
        [location] place
        [file] file
        [fileName] file name
        [passphrase] passphrase
        [recoveryKey] recovery key
        [question] question
        [query] search
        [messages] question
        [baseUrl] service address
        [smallModel] model for looking things up
        [largeModel] model for writing answers
        [openalexEmail] e-mail for OpenAlex
        [localModel] model file
        [localModelIdleMinutes] minutes before the model is unloaded
        [language] language
        [yearlyIncome] yearly income
        [dates] dates
        [paper] paper
        [id] record
       *[other] { $name }
    }
