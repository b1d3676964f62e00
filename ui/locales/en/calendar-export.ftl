### Messages of ui/calendar-export.js.
# "Add to my calendar": the .ics file for one deadline, one case or everything, and how to import
# it. Product names (Google Calendar, Outlook, Apple Calendar) and their menus are as each shows
# them in the language.

# The button's words: $scope is deadline, case or all.
calendar-export-button = { $scope ->
        [deadline] Add to my calendar
        [case] Add this case to my calendar
       *[all] Add everything to my calendar
    }
calendar-export-neutral = Neutral titles (nothing about the case)
calendar-export-howto = How to add the file to your calendar
calendar-export-howto-google = <strong>Google Calendar: </strong>on a computer, open calendar.google.com, then Settings (the gear) → Import & export → Import. Choose this file and the calendar to put it in, then press Import. Your phone shows the events once they are in Google Calendar.
calendar-export-howto-outlook = <strong>Outlook: </strong>File → Open & Export → Import/Export → “Import an iCalendar (.ics) or vCalendar file”, then choose the file. In Outlook on the web: Calendar → Add calendar → Upload from file.
calendar-export-howto-apple = <strong>Apple Calendar: </strong>File → Import…, then choose the file and the calendar. Or open the file: Calendar asks where to add the events.
calendar-export-howto-more = Each deadline keeps the same identity in the file, so importing a newer file again updates its events instead of adding copies; a deadline you marked done shows as cancelled. Hearings have their time and place, and each event carries its reminders.
# After an export: $count events were saved in the file at <path>…</path>.
calendar-export-saved = { $count ->
        [0] <strong>Saved a calendar file with no events yet</strong> (add a deadline first) in <path>{ $path }</path>.
        [one] <strong>Saved { $count } event</strong> for your calendar in <path>{ $path }</path>.
       *[other] <strong>Saved { $count } events</strong> for your calendar in <path>{ $path }</path>.
    }
calendar-export-writing = Writing the calendar file…
# Said when the file is saved: $file is its name, $count how many events it holds.
calendar-export-announce = { $count ->
        [one] Calendar file saved: { $file }. { $count } event.
       *[other] Calendar file saved: { $file }. { $count } events.
    }
# $error is the app's own reason, as it came.
calendar-export-failed = The calendar file was not saved: { $error }
