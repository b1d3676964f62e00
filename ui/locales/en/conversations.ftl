### Messages of ui/conversations.js: the drawer of saved conversations (its heading, Close and
### Show more are in app.ftl, with index.html). A conversation's own title is shown as it was saved.

## The list

# The checkbox that keeps the list to the case chosen; $name is the case's name.
conversations-only-case-named = Only { $name }
conversations-only-case = Only this case
conversations-loading = Loading…
# $reason is the app's own message, as it came.
conversations-unreadable = Saved conversations could not be read: { $reason }
# $shown conversations are listed of $total saved.
conversations-shown = { $shown } of { $total }
conversations-none = No saved conversations yet. Each question you ask is saved here with its answer.

## A conversation in the list

# The panel it was had in: chat is Ask, research is Research (the names of the window's tabs).
conversations-kind = { $kind ->
        [research] Research
       *[chat] Ask
    }
# A case the list does not know by name; $id is its number.
conversations-case-number = Case #{ $id }
conversations-no-case = No case
conversations-untitled = Untitled conversation
conversations-untitled-short = Untitled
# $count is how many messages the conversation has.
conversations-messages = { $count ->
        [one] { $count } message
       *[other] { $count } messages
    }
conversations-rename = Rename
conversations-export = Export as Markdown
conversations-delete = Delete
# $title is the conversation's title.
conversations-rename-label = Rename { $title }
conversations-export-label = Export { $title } as Markdown
conversations-delete-label = Delete { $title }

## What the buttons do

conversations-rename-title = Rename conversation
conversations-field-title = Title
conversations-exporting = Exporting…
# $path is where the file was saved, shown apart from the words.
conversations-saved-to = Saved to { $path }
conversations-exported = Exported to { $path }
# $reason is the app's own message, as it came.
conversations-not-exported = Not exported: { $reason }
conversations-not-deleted = Not deleted: { $reason }
conversations-not-opened = This conversation could not be opened: { $reason }
# $title is the conversation's title.
conversations-reopened = Conversation “{ $title }” reopened. Ask a question to carry on.
