### Messages of ui/start.js.

## The kinds of case, as the person says it (-mine), as someone helping them says it (-theirs),
## and the case's name when none is typed (-name)

start-eviction-tenant-mine = Mi arrendador está tratando de desalojarme
start-eviction-tenant-theirs = El arrendador de esa persona está tratando de desalojarla
start-eviction-tenant-name = Mi caso de { -eviction }
start-debt-defendant-mine = Alguien me está demandando por dinero
start-debt-defendant-theirs = Alguien está demandando a esa persona por dinero
start-debt-defendant-name = Dinero por el que me demandan
start-debt-plaintiff-mine = Quiero demandar a alguien que me debe dinero
start-debt-plaintiff-theirs = Esa persona quiere demandar a alguien que le debe dinero
start-debt-plaintiff-name = Dinero que me deben
start-custody-visitation-mine = La { -custody } de mi hijo o hija, o los derechos de visita
start-custody-visitation-theirs = La { -custody } del hijo o la hija de esa persona, o los derechos de visita
start-custody-visitation-name = Custodia y derechos de visita
start-protective-order-petitioner-mine = Necesito protección contra alguien
start-protective-order-petitioner-theirs = Esa persona necesita protección contra alguien
start-protective-order-petitioner-name = Mi { -protective-order }
start-protective-order-respondent-mine = Alguien le pidió al tribunal una { -protective-order } contra mí
start-protective-order-respondent-theirs = Alguien pidió una { -protective-order } contra esa persona
start-protective-order-respondent-name = Orden de protección contra mí
start-traffic-misdemeanor-mine = Me pusieron una multa de tránsito o me acusan de un delito menor
start-traffic-misdemeanor-theirs = A esa persona le pusieron una multa de tránsito o la acusan de un delito menor
start-traffic-misdemeanor-name = Mi multa de tránsito o cargo por delito menor
start-appeal-district-mine = Perdí en el tribunal de distrito y quiero apelar
start-appeal-district-theirs = Esa persona perdió en el tribunal de distrito y quiere apelar
start-appeal-district-name = Mi apelación

## "What brings you here?"

start-title = ¿Qué le trae por aquí?
start-lead = Elija lo que mejor se ajuste a su caso. No se guarda nada hasta que usted lo diga.
start-lead-helping = Elija de qué trata el caso de esa persona. Todo aquí funciona igual cuando usted ayuda a otra persona; cuando la aplicación diga “usted”, se refiere a esa persona.
start-just-a-question = Solo tengo una pregunta
start-helping = Estoy ayudando a otra persona
start-own-case = Es mi propio caso
start-skip = Omitir por ahora
# Said to a screen reader. “Start here” is the button that opens this question again.
start-skipped = Se omitió. “Empiece aquí”, debajo de las preguntas de ejemplo y en la lista de casos, se lo vuelve a preguntar.
# Said to a screen reader.
start-ask-below = Escriba su pregunta en el cuadro de abajo.
# $reason is the app's own message.
start-kinds-failed = No se pudieron leer los tipos de caso: { $reason }

## The dates on the papers. $who is mine (the person's own case) or theirs (someone they help).

start-dates-title = { $who ->
        [theirs] Las fechas en los papeles de esa persona
       *[mine] Las fechas en sus papeles
    }
start-dates-hint = { $who ->
        [theirs] Cada fecha sirve para calcular una fecha límite o un paso. Deje una fecha en blanco si los papeles de esa persona todavía no la muestran: se puede agregar después en la página Paso a paso.
       *[mine] Cada fecha sirve para calcular una fecha límite o un paso. Deje una fecha en blanco si sus papeles todavía no la muestran: se puede agregar después en la página Paso a paso.
    }
start-name-label = Un nombre para este caso (opcional)
start-amount-label = Cuánto dinero se reclama en el caso (opcional)
start-amount-hint = De eso depende qué tribunal ve el caso.
start-amount-not-money = Escriba la cantidad en dólares, por ejemplo 1,250 o 1250.00.
start-back = Volver
start-create-mine = Crear mi caso y mostrar los pasos
start-create-theirs = Crear el caso de esa persona y mostrar los pasos
# Said to a screen reader. $name is the case's name.
start-created = Se creó el caso “{ $name }”. Paso a paso muestra lo que hay que hacer después.
# $reason is the app's own message.
start-dates-not-saved = El caso se creó, pero sus fechas no se guardaron: { $reason }
# $reason is the app's own message.
start-not-created = No se creó: { $reason }
