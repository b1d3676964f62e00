### Messages of ui/paper-preview.js: a court paper shown as a page. The paper's own words
### ("Respectfully submitted,", "CERTIFICATE OF SERVICE", "v.") are the English paper filed with the
### court, never translated; these are the words around it.

paper-preview-label = Preview of the paper
paper-preview-sign-here = Sign here by hand
paper-preview-certificate = Certificate of service

## The Spanish beside each part (when the window is in Spanish)

# $part is which part of the paper; $number a paragraph's number.
paper-preview-part = { $part ->
        [court] The court
        [caption] The parties and the case number
        [heading] The title
        [opening] The opening
        [paragraph] Paragraph { $number }
        [body] Paragraph { $number }
        [closing] What you ask for
        [signature] The signature
        [certificate] The certificate of service
        [sender] Who sends it
        [letterDate] The date
        [recipient] Who it goes to
        [subject] What it is about
        [salutation] The greeting
        [letterClosing] The last words
        [letterSignature] The signature
       *[other] This part
    }
# $part is the name of the part (paper-preview-part).
paper-preview-explained = { $part }: what it says in Spanish
paper-preview-in-spanish = In Spanish:
paper-preview-purpose = What it is for:
paper-preview-as-written = You wrote or changed these words yourself: they are shown as you wrote them.
