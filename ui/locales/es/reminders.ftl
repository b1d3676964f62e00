# Reminders in the window, the question about starting at login, and the Reminders group of
# Settings (ui/reminders.js). A reminder's own text comes from the app as it is.

## A reminder

# What a reminder says on the neutral view (after a quick exit): nothing of its case.
reminders-neutral = Tiene un recordatorio
reminders-show = Ver
reminders-dismiss = Quitar
reminders-dismiss-all = Quitar todos
# $name is the reminder's deadline (or its text), as the app wrote it.
reminders-show-named = Ver: { $name }
reminders-show-neutral = Ver: el recordatorio
reminders-dismiss-named = Quitar: { $name }
reminders-dismiss-neutral = Quitar: el recordatorio

## The two lists

reminders-missed-title = Mientras ProSeVA estaba cerrado
reminders-live-title = Recordatorios
# $error is the app's own reason, as it came.
reminders-not-dismissed = No se quitó: { $error }
# $count is how many reminders were dismissed.
reminders-dismissed = { $count ->
        [one] Recordatorio quitado.
       *[other] { $count } recordatorios quitados.
    }
# $count is how many reminders came due while the app was closed.
reminders-missed = { $count ->
        [one] Mientras ProSeVA estaba cerrado: 1 recordatorio. Está arriba, al principio de la ventana.
       *[other] Mientras ProSeVA estaba cerrado: { $count } recordatorios. Están arriba, al principio de la ventana.
    }

## Start at login?

reminders-login-yes = Sí, iniciar cuando entre a la computadora
reminders-login-no = Ahora no
reminders-login-title = ¿Recordatorios aun cuando ProSeVA está cerrado?
reminders-login-text = ProSeVA puede iniciarse cuando usted entra a esta computadora, escondido en la bandeja del sistema, para que los recordatorios de sus fechas límite le lleguen aunque no lo haya abierto. Puede cambiar esto cuando quiera en Configuración → Recordatorios.
reminders-login-asked = Una pregunta arriba en la ventana: ¿iniciar ProSeVA cuando entre a la computadora, para que le lleguen los recordatorios?
reminders-not-saved = No se guardó: { $error }
reminders-login-on = ProSeVA se iniciará cuando entre a la computadora, escondido en la bandeja del sistema.
reminders-login-later = Ahora no. Puede activarlo en Configuración → Recordatorios.

## Settings → Reminders

reminders-settings-error = No se pudo leer la configuración de los recordatorios: { $error }
