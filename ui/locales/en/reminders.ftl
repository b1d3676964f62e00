# Reminders in the window, the question about starting at login, and the Reminders group of
# Settings (ui/reminders.js). A reminder's own text comes from the app as it is.

## A reminder

# What a reminder says on the neutral view (after a quick exit): nothing of its case.
reminders-neutral = You have a reminder
reminders-show = Show
reminders-dismiss = Dismiss
reminders-dismiss-all = Dismiss all
# $name is the reminder's deadline (or its text), as the app wrote it.
reminders-show-named = Show: { $name }
reminders-show-neutral = Show: the reminder
reminders-dismiss-named = Dismiss: { $name }
reminders-dismiss-neutral = Dismiss: the reminder

## The two lists

reminders-missed-title = While ProSeVA was closed
reminders-live-title = Reminders
# $error is the app's own reason, as it came.
reminders-not-dismissed = Not dismissed: { $error }
# $count is how many reminders were dismissed.
reminders-dismissed = { $count ->
        [one] Reminder dismissed.
       *[other] { $count } reminders dismissed.
    }
# $count is how many reminders came due while the app was closed.
reminders-missed = { $count ->
        [one] While ProSeVA was closed: 1 reminder. They are at the top of the window.
       *[other] While ProSeVA was closed: { $count } reminders. They are at the top of the window.
    }

## Start at login?

reminders-login-yes = Yes, start when I log in
reminders-login-no = Not now
reminders-login-title = Reminders even when ProSeVA is closed?
reminders-login-text = ProSeVA can start when you log in to this computer, hidden in the tray, so your deadline reminders reach you even when you have not opened it. You can change this any time in Settings → Reminders.
reminders-login-asked = A question at the top of the window: start ProSeVA when you log in, so reminders reach you?
reminders-not-saved = Not saved: { $error }
reminders-login-on = ProSeVA will start when you log in, hidden in the tray.
reminders-login-later = Not now. You can turn it on in Settings → Reminders.

## Settings → Reminders

reminders-settings-error = Reminder settings could not be read: { $error }
