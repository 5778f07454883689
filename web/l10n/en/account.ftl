## The account page (web/account.html, web/account.js): signing in, creating an account,
## its passkeys, signing out, its data.

ac-doc = Senet — your account
ac-loading = Checking whether this browser is signed in…
ac-sign-in = Sign in
ac-sign-in-passkey = Sign in with a passkey
ac-passkey-hint = Your device asks for your fingerprint, face, PIN or security key.
ac-or-password = or with your password
ac-username = Username
ac-password = Password
ac-sign-in-password = Sign in with password
ac-create = Create an account
ac-name-hint = Others see this name in games and on the leaderboard.
ac-create-passkey = Create with a passkey
ac-no-password-hint = No password to remember: this device keeps the key.
ac-or-choose-password = or choose a password
ac-create-password = Create with a password
# The heading "Signed in as <name>": the name follows.
ac-signed-in-as = Signed in as
ac-profile = Your profile: games and ratings
ac-passkeys = Passkeys
ac-passkeys-none = No passkeys yet.
ac-add-passkey = Add a passkey (another device)
ac-sign-out = Sign out
ac-sign-out-everywhere = Sign out everywhere
ac-sign-out-everywhere-hint = “Sign out everywhere” ends every session of this account, on every device, this one too.
ac-data = Your data
ac-download = Download your data
ac-download-what = (JSON: your account, passkeys, games and ratings)
ac-delete-summary = Delete this account
ac-delete-what = Your sessions, passkeys and ratings are deleted. Your games stay, under “deleted player”. This cannot be undone.
# The label "Type your name, <name>, to confirm": the name between the two.
ac-delete-type-before = Type your name,
ac-delete-type-after = , to confirm
ac-delete-go = Delete the account

# What did not happen ($doing in the refusals below).
ac-not-signed-in = Not signed in
ac-not-created = No account was created
ac-not-added = No passkey was added
ac-not-removed = Not removed
ac-not-signed-out = Not signed out
ac-not-deleted = Not deleted
# The server's words ($words), and the seconds it asks to wait.
ac-try-again-in = { $words } (try again in { $secs } s)
ac-refused-not-allowed = { $doing }: cancelled, timed out, or no passkey of this device fits.
ac-refused-invalid-state = This device already holds a passkey for this account.
ac-refused-security = Passkeys do not work at this address ({ $host }): open the site by its name.
ac-refused-not-supported = { $doing }: this device cannot make such a passkey.
ac-refused-abort = { $doing }: cancelled.
ac-unreachable = The server cannot be reached: check the connection and try again.
ac-failed = { $doing }: { $error }
# $password: yes or no; $passkeys: how many.
ac-ways =
    { $password ->
        [yes]
            { $passkeys ->
                [0] You sign in with a password.
                [one] You sign in with a password or a passkey.
               *[other] You sign in with a password or { $passkeys } passkeys.
            }
       *[no]
            { $passkeys ->
                [0] You sign in with no passkey.
                [one] You sign in with a passkey.
               *[other] You sign in with { $passkeys } passkeys.
            }
    }
ac-this-browser-player = this browser's player
ac-claim = This browser plays as { $name }. Your games and ratings as { $name } come with you.
ac-since = Member since { $date }.
ac-passkey-added = added { $date }
ac-passkey-used = last used { $date }
ac-passkey-unused = not used yet
ac-remove = Remove
ac-session-ended = This browser is no longer signed in: sign in again.
ac-enter-username = Enter your username.
ac-enter-password = Enter your password.
ac-choose-username = Choose a username.
ac-choose-password-or-passkey = Choose a password, or create the account with a passkey.
ac-choose-password = Choose a password.
ac-created-with-games = Account { $name } created: your games and ratings came with you.
ac-created = Account { $name } created.
ac-claim-refused = The server does not know this browser's player { $name }, so its games cannot come with you: create the account again to start without them.
ac-passkey-added-named = Passkey added: { $name }.
ac-passkey-added-plain = Passkey added.
ac-removed = { $name } removed.
ac-signed-out-everywhere = Signed out on every device.
ac-signed-out = Signed out.
ac-deleted = Account deleted. Your games stay, under “deleted player”.
ac-no-passkeys = This browser cannot use passkeys, so only passwords are offered here.
ac-no-passkeys-insecure = Passkeys need a secure address (https, or localhost on this computer), so only passwords are offered here.
