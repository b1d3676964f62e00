### Messages of ui/forms.js: the forms of the case workspace, built from a list of fields. The
### labels, hints and options of the fields are the calling module's; these are forms.js's own.

## A field

# After a field's label, when it must be filled in.
forms-required = (obligatorio)
# The choice before an amount of money; $label is the amount's label (for example "Amount").
forms-money-direction-label = { $label }: gastado o recibido
forms-money-spent = Gastado
forms-money-received = Recibido

## The parties of a case

# A party's role in the case.
forms-party-role = { $role ->
        [me] Yo
        [other-party] La otra parte
        [child] Niño o niña
        [attorney] Abogado
        [judge] Juez
        [witness] Testigo
       *[other] Otro
    }
forms-party-add = + Agregar una parte
forms-party-remove = Quitar
# $number is the party's place in the list (1, 2, …), read by a screen reader.
forms-party-name-label = Parte { $number }: nombre
forms-party-role-label = Parte { $number }: papel en el caso
# $name is the party's name as typed.
forms-party-remove-named = Quitar a la parte { $name }
# A party with no name yet: $number is its place in the list.
forms-party-remove-number = Quitar la parte { $number }

## Reminders before a deadline

forms-reminder-30d = 30 días antes
forms-reminder-14d = 2 semanas antes
forms-reminder-7d = 7 días antes
forms-reminder-3d = 3 días antes
forms-reminder-2d = 2 días antes
forms-reminder-1d = El día anterior
forms-reminder-morning = La mañana de ese día
forms-reminder-2h = 2 horas antes de una audiencia
forms-reminder-1h = 1 hora antes de una audiencia
# A deadline with every reminder turned off.
forms-reminders-none = ninguno
forms-reminders-inherit = Usar los recordatorios de siempre
forms-reminders-legend = Recordarme
forms-reminders-hint = Los recordatorios de un día llegan a las 8:00 de la mañana. Si no marca ninguno, no habrá recordatorios.

## A form the app refused. $action is what the form does: save, build (a paper) or create (a case).

forms-not-saved = { $action ->
        [build] No se preparó.
        [create] No se creó.
       *[save] No se guardó.
    }
# $count is how many fields need a change; their reasons are shown under them.
forms-not-saved-fields = { $action ->
        [build] { $count ->
            [one] No se preparó: hay que cambiar un campo (vea abajo).
           *[other] No se preparó: hay que cambiar { $count } campos (vea abajo).
        }
        [create] { $count ->
            [one] No se creó: hay que cambiar un campo (vea abajo).
           *[other] No se creó: hay que cambiar { $count } campos (vea abajo).
        }
       *[save] { $count ->
            [one] No se guardó: hay que cambiar un campo (vea abajo).
           *[other] No se guardó: hay que cambiar { $count } campos (vea abajo).
        }
    }
# $reason is the app's own reasons, as they came.
forms-not-saved-because = { $action ->
        [build] No se preparó: { $reason }
        [create] No se creó: { $reason }
       *[save] No se guardó: { $reason }
    }
forms-why-starting = ProSeVA todavía se está iniciando.
forms-why-unavailable = Los datos de su caso no están disponibles en este momento.
