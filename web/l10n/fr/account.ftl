## La page du compte (web/account.html, web/account.js).

ac-doc = Senet — votre compte
ac-loading = Vérification de la connexion de ce navigateur…
ac-sign-in = Se connecter
ac-sign-in-passkey = Se connecter avec une clé d'accès
ac-passkey-hint = Votre appareil demande votre empreinte, votre visage, votre code ou votre clé de sécurité.
ac-or-password = ou avec votre mot de passe
ac-username = Nom d'utilisateur
ac-password = Mot de passe
ac-sign-in-password = Se connecter avec le mot de passe
ac-create = Créer un compte
ac-name-hint = Les autres voient ce nom dans les parties et au classement.
ac-create-passkey = Créer avec une clé d'accès
ac-no-password-hint = Aucun mot de passe à retenir : cet appareil garde la clé.
ac-or-choose-password = ou choisissez un mot de passe
ac-create-password = Créer avec un mot de passe
ac-signed-in-as = Connecté en tant que
ac-profile = Votre profil : parties et classements
ac-passkeys = Clés d'accès
ac-passkeys-none = Pas encore de clé d'accès.
ac-add-passkey = Ajouter une clé d'accès (un autre appareil)
ac-sign-out = Se déconnecter
ac-sign-out-everywhere = Se déconnecter partout
ac-sign-out-everywhere-hint = « Se déconnecter partout » met fin à toutes les sessions de ce compte, sur tous les appareils, celui-ci compris.
ac-data = Vos données
ac-download = Télécharger vos données
ac-download-what = (JSON : votre compte, vos clés d'accès, vos parties et vos classements)
ac-delete-summary = Supprimer ce compte
ac-delete-what = Vos sessions, clés d'accès et classements sont supprimés. Vos parties restent, sous « joueur supprimé ». C'est irréversible.
ac-delete-type-before = Tapez votre nom,
ac-delete-type-after = , pour confirmer
ac-delete-go = Supprimer le compte

ac-not-signed-in = Pas de connexion
ac-not-created = Aucun compte n'a été créé
ac-not-added = Aucune clé d'accès n'a été ajoutée
ac-not-removed = Non retirée
ac-not-signed-out = Pas de déconnexion
ac-not-deleted = Non supprimé
ac-try-again-in = { $words } (réessayez dans { $secs } s)
ac-refused-not-allowed = { $doing } : annulé, délai dépassé, ou aucune clé d'accès de cet appareil ne convient.
ac-refused-invalid-state = Cet appareil a déjà une clé d'accès pour ce compte.
ac-refused-security = Les clés d'accès ne fonctionnent pas à cette adresse ({ $host }) : ouvrez le site par son nom.
ac-refused-not-supported = { $doing } : cet appareil ne peut pas créer une telle clé d'accès.
ac-refused-abort = { $doing } : annulé.
ac-unreachable = Le serveur est injoignable : vérifiez la connexion et réessayez.
ac-failed = { $doing } : { $error }
ac-ways =
    { $password ->
        [yes]
            { $passkeys ->
                [0] Vous vous connectez avec un mot de passe.
                [one] Vous vous connectez avec un mot de passe ou une clé d'accès.
               *[other] Vous vous connectez avec un mot de passe ou { $passkeys } clés d'accès.
            }
       *[no]
            { $passkeys ->
                [0] Vous n'avez aucune clé d'accès pour vous connecter.
                [one] Vous vous connectez avec une clé d'accès.
               *[other] Vous vous connectez avec { $passkeys } clés d'accès.
            }
    }
ac-this-browser-player = le joueur de ce navigateur
ac-claim = Ce navigateur joue en tant que { $name }. Vos parties et classements en tant que { $name } vous suivent.
ac-since = Membre depuis le { $date }.
ac-passkey-added = ajoutée le { $date }
ac-passkey-used = dernière utilisation le { $date }
ac-passkey-unused = jamais utilisée
ac-remove = Retirer
ac-session-ended = Ce navigateur n'est plus connecté : reconnectez-vous.
ac-enter-username = Saisissez votre nom d'utilisateur.
ac-enter-password = Saisissez votre mot de passe.
ac-choose-username = Choisissez un nom d'utilisateur.
ac-choose-password-or-passkey = Choisissez un mot de passe, ou créez le compte avec une clé d'accès.
ac-choose-password = Choisissez un mot de passe.
ac-created-with-games = Compte { $name } créé : vos parties et classements vous ont suivi.
ac-created = Compte { $name } créé.
ac-claim-refused = Le serveur ne connaît pas le joueur { $name } de ce navigateur, ses parties ne peuvent donc pas vous suivre : créez à nouveau le compte pour commencer sans elles.
ac-passkey-added-named = Clé d'accès ajoutée : { $name }.
ac-passkey-added-plain = Clé d'accès ajoutée.
ac-removed = { $name } retirée.
ac-signed-out-everywhere = Déconnecté sur tous les appareils.
ac-signed-out = Déconnecté.
ac-deleted = Compte supprimé. Vos parties restent, sous « joueur supprimé ».
ac-no-passkeys = Ce navigateur ne peut pas utiliser de clés d'accès : seuls les mots de passe sont proposés ici.
ac-no-passkeys-insecure = Les clés d'accès demandent une adresse sécurisée (https, ou localhost sur cet ordinateur) : seuls les mots de passe sont proposés ici.
