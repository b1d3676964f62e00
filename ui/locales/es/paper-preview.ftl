### Messages of ui/paper-preview.js: a court paper shown as a page. The paper's own words
### ("Respectfully submitted,", "CERTIFICATE OF SERVICE", "v.") are the English paper filed with the
### court, never translated; these are the words around it.

paper-preview-label = Vista del papel
paper-preview-sign-here = Firme aquí a mano
paper-preview-certificate = Certificado de notificación

## The Spanish beside each part (when the window is in Spanish)

# $part is which part of the paper; $number a paragraph's number.
paper-preview-part = { $part ->
        [court] El tribunal
        [caption] Las partes y el número de caso
        [heading] El título
        [opening] La introducción
        [paragraph] Párrafo { $number }
        [body] Párrafo { $number }
        [closing] Lo que usted pide
        [signature] La firma
        [certificate] El certificado de notificación
        [sender] Quién la manda
        [letterDate] La fecha
        [recipient] A quién va
        [subject] De qué trata
        [salutation] El saludo
        [letterClosing] Las últimas palabras
        [letterSignature] La firma
       *[other] Esta parte
    }
# $part is the name of the part (paper-preview-part).
paper-preview-explained = { $part }: lo que dice en español
paper-preview-in-spanish = En español:
paper-preview-purpose = Para qué sirve:
paper-preview-as-written = Estas palabras las escribió o cambió usted: se muestran como usted las escribió.
