# ui/format.js: how a deadline stands, money spent or received, file sizes, pages of a list.
# Dates, numbers and money themselves are formatted by ui/i18n.js (Intl), not here.

## Where a deadline stands (never colour alone)

format-due-done = Done
format-due-overdue = { $days ->
        [one] Overdue by { $days } day
       *[other] Overdue by { $days } days
    }
format-due-today = Due today
format-due-tomorrow = Due tomorrow
format-due-in = { $days ->
        [one] In { $days } day
       *[other] In { $days } days
    }

## Finances: positive is money spent, negative money received; $amount is already "$86.50"

format-money-spent = Spent { $amount }
format-money-received = Received { $amount }

## File sizes; $size is already "60.2 MB"

format-bytes = { $count ->
        [one] { $count } byte
       *[other] { $count } bytes
    }
format-size-problem = { $name } is { $size }; the limit is { $limit }

## A page of a long list

format-page-all = { $total } in all
format-page-range = Showing { $from }–{ $to } of { $total }
