# Palabras y mensajes que comparten varios módulos (ui/locales/README.md).

## Terms: the court words every module says the same way, as the glossary says them
## (sidecars/server/lang/glossary-es.json). Use them inside other messages, `{ -court-gdc }`.

-court-gdc = Tribunal General de Distrito
-court-circuit = Tribunal de Circuito
-court-jdr = Tribunal de Distrito de Menores y Relaciones Domésticas
-clerk = secretario del tribunal
-hearing = audiencia
-eviction = desalojo
-protective-order = orden de protección
-custody = custodia
-child-support = manutención de los hijos

## Errors

# An error with no message of its own (a failure the app could not describe).
common-error-unknown = Algo salió mal.
