### Messages of ui/help.js.

## When a page was read

# $date is the day it was read ("Nov 30, 2026"); $days how many days ago that was (0 is today).
help-read-when = { $days ->
        [0] { $date } (hoy)
        [1] { $date } (ayer)
       *[other] { $date } (hace { $days } días)
    }
# $when is help-read-when ("Nov 30, 2026 (today)").
help-read-ago = consultado el { $when }
# Under a program or a help line. <site>…</site> is the link to the web site ($site its name);
# $more is how many other pages were read; $when is help-read-when ("Nov 30, 2026 (today)").
help-source = { $more ->
        [0] Fuente: <site>{ $site }</site>, consultada el { $when }.
        [one] Fuentes: <site>{ $site }</site> y { $more } más, consultadas el { $when }.
       *[other] Fuentes: <site>{ $site }</site> y { $more } más, consultadas el { $when }.
    }
# The same, when the day it was read is not known.
help-source-undated = { $more ->
        [0] Fuente: <site>{ $site }</site>.
        [one] Fuentes: <site>{ $site }</site> y { $more } más.
       *[other] Fuentes: <site>{ $site }</site> y { $more } más.
    }

## Legal aid where the person lives

help-counties = Condados
help-cities = Ciudades
# $reason is the app's own message.
help-localities-failed = No se pudo leer la lista de lugares: { $reason }
help-looking = Buscando…
# $place is a county or city ("Fairfax County").
help-programs-heading = Ayuda legal para { $place }
help-programs-lead = La ayuda legal es ayuda gratuita de abogados para personas de bajos ingresos. Llame o haga su solicitud, diga dónde vive y de qué trata su caso; ellos deciden si pueden aceptarlo.
# The list's name for a screen reader. $place is a county or city.
help-programs-label = Programas de ayuda legal para { $place }
help-statewide-heading = Ayuda para todo Virginia
# $when is help-read-when ("Nov 30, 2026 (12 days ago)").
help-list-age = Esta lista se consultó el { $when }. Los números y las oficinas cambian: si uno no contesta, llame a la línea de ayuda legal de todo el estado.
help-list-changes = Los números y las oficinas cambian: si uno no contesta, llame a la línea de ayuda legal de todo el estado.
# Said to a screen reader. $count is the number of programs; $place a county or city.
help-programs-found = { $count ->
        [one] { $count } programa de ayuda legal para { $place }.
       *[other] { $count } programas de ayuda legal para { $place }.
    }
# $court is the court's name, as the case says it.
help-locality-from-court = Según el tribunal de su caso ({ $court }). Elija otro lugar si usted vive en otra parte.
# $court is the court's name; $places the counties or cities it could be in ("Fairfax County or Fairfax").
help-locality-court-could-be = El tribunal de su caso ({ $court }) puede estar en { $places }: elija el lugar donde usted vive.
# Before a program's telephone numbers.
help-telephone = Teléfono:
# Before a program's web address.
help-web = Sitio web:
# $kinds is the program's own list of the cases it takes, as its pages say it.
help-takes-cases = Acepta casos como: { $kinds }.
help-takes-unknown = Las páginas consultadas no dicen si acepta su tipo de caso; pregúnteles.
# $cost is what the help line says it costs, as it says it.
help-cost = Costo: { $cost }

## Who may qualify

help-income-needed = Escriba los ingresos del hogar en un año, antes de impuestos, en dólares (por ejemplo 21,000).
# $size is the number of people in the household; $year the guideline's year ("2026");
# $line the guideline ("$15,650"); $income the household's income ("$21,000"); $percent a number.
help-poverty = { $size ->
        [one] La pauta federal de pobreza para { $size } persona en { $year } es { $line } al año. { $income } es el { $percent }% de esa cantidad.
       *[other] La pauta federal de pobreza para { $size } personas en { $year } es { $line } al año. { $income } es el { $percent }% de esa cantidad.
    }
# After a program's name. $size is the number of people in the household; $limit an amount ("$39,125").
help-rule-may-qualify = { $size ->
        [one] usted podría calificar; ellos deciden. Su límite para { $size } persona es de unos { $limit } al año.
       *[other] usted podría calificar; ellos deciden. Su límite para { $size } personas es de unos { $limit } al año.
    }
help-rule-above = { $size ->
        [one] más que su límite de unos { $limit } al año para { $size } persona.
       *[other] más que su límite de unos { $limit } al año para { $size } personas.
    }
help-may-qualify-announce = Usted podría calificar para recibir ayuda legal gratuita. Ellos deciden.
help-above-limits-announce = Sus ingresos están por encima de los límites que se muestran.

## When this app is not enough: the questions and the hand-off screen

# $reason is the app's own message.
help-kinds-failed = No se pudieron leer los tipos de caso: { $reason }
# The answer buttons under each question. $answer is yes or no.
help-answer = { $answer ->
        [no] No
       *[yes] Sí
    }
# The hand-off's title when the server gives none.
help-handoff-title = Busque la ayuda de un abogado ahora
# Before the question, which follows as the server says it.
help-handoff-answered-yes = Usted contestó que sí a:
help-handoff-why-heading = Por qué importa
help-handoff-call-heading = A quién llamar hoy
help-handoff-app-heading = Lo que esta aplicación todavía puede hacer
help-handoff-packet = Prepararse para un abogado
help-handoff-back = Volver a las preguntas
# Said to a screen reader when the hand-off opens. $title is its title.
help-handoff-announce = { $title }.
# $count is the number of passages of law.
help-handoff-law = La ley en la que se basa ({ $count })
# A passage of law, quoted. $passage is the law's own words.
help-law-passage = “{ $passage }”
# Under a passage. $official is yes or no; $text what the text is of, as the server says it;
# $when is help-read-when; <site>…</site> the link to where it was read ($site its name).
help-law-source = { $official ->
        [yes] Texto oficial ({ $text }); consultado el { $when } en <site>{ $site }</site>.
       *[other] No es una copia oficial ({ $text }); consultada el { $when } en <site>{ $site }</site>.
    }
# The same, when the day it was read is not known.
help-law-source-undated = { $official ->
        [yes] Texto oficial ({ $text }); de <site>{ $site }</site>.
       *[other] No es una copia oficial ({ $text }); de <site>{ $site }</site>.
    }

## The packet for a lawyer

help-packet-no-case = Primero abra un caso en la pestaña Caso: el paquete se prepara a partir de él.
# $name is the case's name.
help-packet-from-case = Del caso “{ $name }”.
help-packet-no-documents = Este caso todavía no tiene documentos.
help-packet-no-notes = Este caso todavía no tiene notas.
help-packet-making = Preparando el paquete…
# $count is the number of files saved; their names follow.
help-packet-saved = { $count ->
        [one] Se guardó { $count } archivo en su carpeta de exportaciones:
       *[other] Se guardaron { $count } archivos en su carpeta de exportaciones:
    }
# Said to a screen reader. $count is the number of files.
help-packet-saved-announce = { $count ->
        [one] El paquete está guardado: { $count } archivo en su carpeta de exportaciones.
       *[other] El paquete está guardado: { $count } archivos en su carpeta de exportaciones.
    }
