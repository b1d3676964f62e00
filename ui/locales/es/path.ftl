# The Case tab's "Step by step" page and the Overview's "Step by step" card (ui/path.js).

## How far a day is from today ($days is a number of days, 2 or more)

path-day-today = hoy
path-day-tomorrow = mañana
path-day-yesterday = ayer
path-day-in = { $days ->
        [one] en { $days } día
       *[other] en { $days } días
    }
path-day-ago = { $days ->
        [one] hace { $days } día
       *[other] hace { $days } días
    }

## When a step happens or is due (a label, then the date; the labels end with a space)

# $label is the name of the date (from the kind of case: "The first court date").
path-date-not-entered = Todavía no la ha escrito: escriba “{ $label }” arriba cuando la sepa.
path-when-in-court = En el tribunal:{ " " }
path-when-on = Fecha:{ " " }
path-when-date = Fecha:{ " " }
path-when-deadline = Fecha límite:{ " " }
# $error is the app's own reason, as it came.
path-deadline-error = no se pudo calcular: { $error }
path-proof-link = Pruebas para la audiencia: lo que el tribunal debe comprobar y sus documentos para eso

## A step

path-fact-what = Qué pasa
path-fact-court = Tribunal
path-fact-file = Qué presentar
path-fact-bring = Qué llevar
path-fact-law = La ley
# Read out before the step's title; $number is its place in the list. Ends with a space.
path-step-number = Paso { $number }:{ " " }
path-status-done = Hecho
path-status-next = Siguiente
path-status-later = Después
path-tick-done = Hecho
path-step-more = Lo que decía este paso

## Which court hears the case

path-court-title = Qué tribunal
path-court-choose = Elija el tipo de caso para ver qué tribunal lo atiende.
# $court is the court's name, as in path-court-name.
path-court-usually = Por lo general: <strong>{ $court }</strong>.
# $court is the court's id.
path-court-name = { $court ->
        [general-district] { -court-gdc }
        [small-claims] División de Reclamos Menores del { -court-gdc }
        [juvenile-domestic] { -court-jdr }
       *[circuit] { -court-circuit }
    }
# $count is how many other courts; $last the last one's name; $others the names before it, with commas.
path-court-also = { $count ->
        [one] También podría verlo otro tribunal: { $last }.
       *[other] También podría verlo otro tribunal: { $others } o { $last }.
    }
# Before the links to the sections; ends with a space.
path-law-label = La ley:{ " " }

## Is this app enough?

path-screen-text = <strong>¿Le basta esta aplicación para su caso? </strong>Algunas situaciones necesitan un abogado ya: un cargo que puede llevar a la cárcel, una bancarrota, la custodia entre estados, la inmigración. Unas pocas preguntas de sí o no se lo dicen.
path-screen-open = Responder unas preguntas

## The path

# $done and $total are numbers of steps; $next is the next step's title.
path-progress-next = { $done } de { $total } pasos hechos. Siguiente: <strong>{ $next }</strong>.
path-progress-all = Los { $total } pasos están hechos.
path-caveats =
    .aria-label = Antes de confiar en esto
path-court-date = Fecha en el tribunal

## The amount claimed, refused (shown under the field, its first letter made a capital)

path-amount-not-number = debe ser una cantidad de dólares, por ejemplo 4500 o 4,500.00
path-amount-negative = debe ser una cantidad de dólares, no negativa, por ejemplo 4500 o 4,500.00
path-amount-invalid = la cantidad no es un número

## The page

path-kind-none = Ninguno de estos
path-dates-legend = Fechas de su caso
path-dates-hint = Escriba las que sepa, según los papeles que recibió. Las fechas límite de abajo se cuentan a partir de ellas, y cada una se agrega a sus Fechas límite.
path-amount =
    .placeholder = por ejemplo 4,800.00
path-amount-label = Cantidad que se reclama, en dólares
path-amount-hint = Sin contar intereses ni honorarios de abogados. De ella depende qué tribunal puede ver el caso.
path-save = Guardar
path-form-title = Su caso
path-kind-label = ¿Cuál de estos es su caso?
path-steps =
    .aria-label = Los pasos de su caso
path-calendar-add = Agregar este caso a mi calendario
path-page-title = Paso a paso
path-page-lead = Lo que pasa en un caso como el suyo, en orden: qué tribunal, qué presentar y qué llevar, y las fechas que no debe dejar pasar. Marque cada paso cuando lo termine.
# $error is the app's own reason, as it came.
path-kinds-error = No se pudieron leer los tipos de caso: { $error }
path-working = Preparando sus pasos…
path-load-error = No se pudieron leer los pasos: { $error }
path-kind-choose = Elija uno para ver sus pasos. Deje “Ninguno de estos” si ninguno le corresponde: todo lo demás del caso funciona igual.
path-empty = Elija arriba cuál de los ocho tipos es su caso y guarde: aquí aparecen los pasos de ese tipo de caso, con sus fechas.
path-empty-kinds = Desalojo de un inquilino, una demanda de cobro de deuda (Warrant in Debt) o reclamos menores (de cualquiera de las partes), custodia y derechos de visita, una orden de protección (de cualquiera de las partes), un cargo de tránsito o de delito menor, y una apelación de un tribunal de distrito.

## Saved, or not ($next is the next step's title; $error the app's own reason)

path-saved = Guardado. Las fechas con fecha límite o con día en el tribunal están en sus Fechas límite.
path-saved-next = Guardado. Siguiente: { $next }. Las fechas con fecha límite o con día en el tribunal están en sus Fechas límite.
path-saved-no-path = Guardado: este caso no tiene un camino paso a paso.
path-not-saved = No se guardó: { $error }
# $count is how many fields need a change.
path-not-saved-fields = { $count ->
        [one] No se guardó: hay una cosa que cambiar (vea arriba).
       *[other] No se guardó: hay { $count } cosas que cambiar (vea arriba).
    }
path-marked-done = Marcado como hecho. Todos los pasos están hechos.
path-marked-done-next = Marcado como hecho. Siguiente: { $next }.
path-marked-not-done = Marcado como no hecho.
path-not-changed = No se cambió: { $error }

## The Overview's "Step by step" card

path-card-title = Paso a paso
path-card-intro = Para un desalojo, una deuda o reclamo menor, una custodia, una orden de protección, un cargo de tránsito o una apelación, ProSeVA puede mostrarle cada paso en orden, con su fecha límite.
path-card-choose = Elegir el tipo de caso
path-card-reading = Leyendo sus pasos…
path-card-error = No se pudieron leer sus pasos: { $error }
path-card-see-all = Ver todos los pasos
path-card-next = Siguiente
path-card-all-done = Todos los pasos están hechos.
