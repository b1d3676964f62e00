# Words and messages several modules share (ui/locales/README.md).

## Terms: the court words every module says the same way. Use them inside other messages,
## `{ -court-gdc }`, never as separate pieces of text. The Spanish file says them as the glossary
## says them (sidecars/server/lang/glossary-es.json).

-court-gdc = General District Court
-court-circuit = Circuit Court
-court-jdr = Juvenile and Domestic Relations District Court
-clerk = clerk of the court
-hearing = hearing
-eviction = eviction
-protective-order = protective order
-custody = custody
-child-support = child support

## Errors

# An error with no message of its own (a failure the app could not describe).
common-error-unknown = Something went wrong.
