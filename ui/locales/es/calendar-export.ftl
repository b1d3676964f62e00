### Messages of ui/calendar-export.js.
# "Add to my calendar": the .ics file for one deadline, one case or everything, and how to import
# it. Product names (Google Calendar, Outlook, Apple Calendar) and their menus are as each shows
# them in the language.

# The button's words: $scope is deadline, case or all.
calendar-export-button = { $scope ->
        [deadline] Agregar a mi calendario
        [case] Agregar este caso a mi calendario
       *[all] Agregar todo a mi calendario
    }
calendar-export-neutral = Títulos neutrales (nada sobre el caso)
calendar-export-howto = Cómo agregar el archivo a su calendario
calendar-export-howto-google = <strong>Google Calendar: </strong>en una computadora, abra calendar.google.com y luego Configuración (la rueda dentada) → Importar y exportar → Importar. Elija este archivo y el calendario donde ponerlo, y luego presione Importar. Su teléfono muestra los eventos cuando ya están en Google Calendar.
calendar-export-howto-outlook = <strong>Outlook: </strong>Archivo → Abrir y exportar → Importar o exportar → “Importar un archivo iCalendar (.ics) o vCalendar”, y luego elija el archivo. En Outlook en la web: Calendario → Agregar calendario → Cargar desde archivo.
calendar-export-howto-apple = <strong>Calendario de Apple: </strong>Archivo → Importar…, y luego elija el archivo y el calendario. O abra el archivo: Calendario le pregunta dónde agregar los eventos.
calendar-export-howto-more = Cada fecha límite conserva la misma identidad en el archivo, así que si importa otra vez un archivo más nuevo se actualizan sus eventos en vez de agregar copias; una fecha límite que marcó como hecha aparece como cancelada. Las audiencias tienen su hora y lugar, y cada evento lleva sus recordatorios.
# After an export: $count events were saved in the file at <path>…</path>.
calendar-export-saved = { $count ->
        [0] <strong>Se guardó un archivo de calendario todavía sin eventos</strong> (primero agregue una fecha límite) en <path>{ $path }</path>.
        [one] <strong>Se guardó { $count } evento</strong> para su calendario en <path>{ $path }</path>.
       *[other] <strong>Se guardaron { $count } eventos</strong> para su calendario en <path>{ $path }</path>.
    }
calendar-export-writing = Escribiendo el archivo de calendario…
# Said when the file is saved: $file is its name, $count how many events it holds.
calendar-export-announce = { $count ->
        [one] Archivo de calendario guardado: { $file }. { $count } evento.
       *[other] Archivo de calendario guardado: { $file }. { $count } eventos.
    }
# $error is the app's own reason, as it came.
calendar-export-failed = No se guardó el archivo de calendario: { $error }
