### Messages of ui/privacy.js.

## The unlock screen (the only thing shown while the case file is locked)

privacy-unlock-passphrase-label = Passphrase
privacy-unlock-recovery-label = Recovery key
privacy-unlock-passphrase-hint = Your case file is encrypted on this computer. It opens with your passphrase.
privacy-unlock-recovery-hint = The 25 letters and digits shown when the lock was turned on (dashes and spaces do not matter).
privacy-unlock-use-passphrase = Use my passphrase
privacy-unlock-use-recovery = I forgot it: use my recovery key
privacy-unlock-type-passphrase = Type your passphrase.
privacy-unlock-type-recovery = Type your recovery key.
privacy-unlock-submit = Unlock
privacy-unlock-busy = Unlocking…

## Settings → Privacy and safety

# $min is the fewest characters a passphrase may have (8).
privacy-passphrase-too-short = Use at least { $min } characters. A few unrelated words are easy to remember and hard to guess.
privacy-passphrases-differ = The two passphrases are not the same.
# $reason is the app's own message.
privacy-state-failed = The lock's state could not be read: { $reason }
privacy-state-on = Your case file is encrypted on this computer. Without your passphrase (or your recovery key) nobody can read it, here or in a copy of the folder.
privacy-state-off = Your case file is not locked: anyone who can open this computer, or copy its files, can read your cases, notes and documents.
privacy-keyring-hint = Keeps your passphrase in this computer’s keyring, so ProSeVA opens without asking: anyone who can log in to this computer as you can then open your case file. Off unless you turn it on.
privacy-keyring-missing = Not available here: this computer has no system keyring to keep the passphrase in (ProSeVA never keeps it in a file).
privacy-tick-understood = Tick the box to say you understand that a lost passphrase and recovery key cannot be replaced.
# On the button while it works.
privacy-encrypting = Encrypting your case file…
privacy-type-old = Type your passphrase now (or your recovery key).
# On the button while it works.
privacy-changing = Changing…
privacy-passphrase-changed = Your passphrase was changed. The old one no longer opens your case file; your recovery key still does.
privacy-type-to-turn-off = Type your passphrase to turn the lock off.
# On the button while it works.
privacy-decrypting = Decrypting your case file…
