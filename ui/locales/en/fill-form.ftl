### Messages of ui/fill-form.js: "Fill a form I downloaded" on the Papers page, and its link under a
### step of Step by step. The form's own labels, field names and options, and the app's reasons,
### are shown as they come.

## The link under a step that names a form

fill-form-link = Fill a form I downloaded
# $form is the form's number, such as DC-429.
fill-form-link-named = Fill { $form } (a form I downloaded)

## The section

fill-form-title = Fill a form I downloaded
fill-form-lead = Choose a fillable PDF form you saved from the court’s website. ProSeVA lists its fields with answers from your case, and saves a filled copy for you to print, sign and file.
# $form is the form's number, such as DC-429.
fill-form-wanted = For { $form }: download it from the court’s website (the clerk can tell you where), then choose it here.
fill-form-file-label = The PDF form
fill-form-file-hint = The form is read on this computer, and the filled copy is saved in your exports folder. Nothing leaves this computer.
# $name is the file's name.
fill-form-reading = Reading { $name }…
fill-form-save = Save the filled form

## The table of the form's fields

# What a form with no file name is called.
fill-form-the-form = The form
# $name is the form's file name; it has $count fields on $pages pages.
fill-form-caption = { $name }: { $count ->
        [one] { $count } field
       *[other] { $count } fields
    } on { $pages ->
        [one] { $pages } page
       *[other] { $pages } pages
    }
fill-form-column-field = Field
fill-form-column-kind = Kind
fill-form-column-answer = Your answer
fill-form-kind-text = Text
fill-form-kind-checkbox = Check box
fill-form-kind-radio = One of a few
fill-form-kind-choice = A choice
fill-form-kind-signature = Signature
# After a field's kind, when the form says it must be filled in.
fill-form-required = (required)
# The first choice of a list, before one is chosen.
fill-form-not-chosen = — not chosen —
fill-form-note-signature = Sign by hand after printing.
fill-form-note-fixed = The form does not let this be changed.
# Where a proposed answer came from; $source is the app's words ("the case record").
fill-form-note-from = From { $source }.
# $count answers were proposed from the case.
fill-form-proposed = { $count ->
        [one] { $count } answer filled in from your case; it says where from. Read every one, change what is wrong, then save.
       *[other] { $count } answers filled in from your case; each says where from. Read every one, change what is wrong, then save.
    }
fill-form-none-proposed = Fill in the answers you know, then save.
# $name is the form's file name; $count is how many fields it has.
fill-form-read = { $count ->
        [one] { $name } has { $count } field.
       *[other] { $name } has { $count } fields.
    }

## Saving the filled form

# $path is where the filled copy was saved.
fill-form-saved = Saved: { $path }
fill-form-saved-announce = The filled form is saved to your exports folder.
fill-form-not-saved-field = Not saved: an answer does not fit the form (see the field).
# $reason is the app's own reasons, as they came.
fill-form-not-saved = Not saved: { $reason }
