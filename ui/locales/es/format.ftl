# ui/format.js: how a deadline stands, money spent or received, file sizes, pages of a list.
# Dates, numbers and money themselves are formatted by ui/i18n.js (Intl), not here.

## Where a deadline stands (never colour alone)

format-due-done = Hecho
format-due-overdue = { $days ->
        [one] Vencida hace { $days } día
       *[other] Vencida hace { $days } días
    }
format-due-today = Vence hoy
format-due-tomorrow = Vence mañana
format-due-in = { $days ->
        [one] En { $days } día
       *[other] En { $days } días
    }

## Finances: positive is money spent, negative money received; $amount is already "$86.50"

format-money-spent = Gastado: { $amount }
format-money-received = Recibido: { $amount }

## File sizes; $size is already "60.2 MB"

format-bytes = { $count ->
        [one] { $count } byte
       *[other] { $count } bytes
    }
format-size-problem = { $name } pesa { $size }; el límite es { $limit }

## A page of a long list

format-page-all = { $total } en total
format-page-range = Mostrando { $from }–{ $to } de { $total }
