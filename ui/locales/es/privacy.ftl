### Messages of ui/privacy.js.

## The unlock screen (the only thing shown while the case file is locked)

privacy-unlock-passphrase-label = Frase de contraseña
privacy-unlock-recovery-label = Clave de recuperación
privacy-unlock-passphrase-hint = Su expediente está cifrado en esta computadora. Se abre con su frase de contraseña.
privacy-unlock-recovery-hint = Las 25 letras y números que se mostraron cuando se activó el bloqueo (no importan los guiones ni los espacios).
privacy-unlock-use-passphrase = Usar mi frase de contraseña
privacy-unlock-use-recovery = La olvidé: usar mi clave de recuperación
privacy-unlock-type-passphrase = Escriba su frase de contraseña.
privacy-unlock-type-recovery = Escriba su clave de recuperación.
privacy-unlock-submit = Desbloquear
privacy-unlock-busy = Desbloqueando…

## Settings → Privacy and safety

# $min is the fewest characters a passphrase may have (8).
privacy-passphrase-too-short = Use por lo menos { $min } caracteres. Unas cuantas palabras sin relación entre sí son fáciles de recordar y difíciles de adivinar.
privacy-passphrases-differ = Las dos frases de contraseña no son iguales.
# $reason is the app's own message.
privacy-state-failed = No se pudo saber si el bloqueo está activado: { $reason }
privacy-state-on = Su expediente está cifrado en esta computadora. Sin su frase de contraseña (o su clave de recuperación) nadie puede leerlo, ni aquí ni en una copia de la carpeta.
privacy-state-off = Su expediente no está bloqueado: cualquier persona que pueda abrir esta computadora, o copiar sus archivos, puede leer sus casos, notas y documentos.
privacy-keyring-hint = Guarda su frase de contraseña en el llavero de esta computadora, para que ProSeVA se abra sin preguntar: cualquier persona que pueda entrar en esta computadora con su usuario podrá entonces abrir su expediente. Desactivado si usted no lo activa.
privacy-keyring-missing = No disponible aquí: esta computadora no tiene un llavero del sistema donde guardar la frase de contraseña (ProSeVA nunca la guarda en un archivo).
privacy-tick-understood = Marque la casilla para decir que entiende que una frase de contraseña y una clave de recuperación perdidas no se pueden reemplazar.
# On the button while it works.
privacy-encrypting = Cifrando su expediente…
privacy-type-old = Escriba ahora su frase de contraseña (o su clave de recuperación).
# On the button while it works.
privacy-changing = Cambiando…
privacy-passphrase-changed = Su frase de contraseña se cambió. La anterior ya no abre su expediente; su clave de recuperación sí lo abre.
privacy-type-to-turn-off = Escriba su frase de contraseña para quitar el bloqueo.
# On the button while it works.
privacy-decrypting = Descifrando su expediente…
