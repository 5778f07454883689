## Les mots qu'écrivent les scripts du salon (web/lobby.js, web/tournaments.js, web/tv.js),
## ceux de web/common.js, communs aux scripts de toutes les pages, et les erreurs du serveur
## selon leur code (web/errors.js). Les noms des joueurs, des parties et des variantes sont
## ceux du serveur, tels qu'il les envoie.

## web/common.js

ls-account-label = Votre compte : connecté en tant que { $name }
ls-copy = Copier
ls-copied = Copié
ls-seat = place { $seat }
ls-default-player = Joueur { $seat }
ls-clock-days =
    { $days ->
        [one] { $days } jour par coup
       *[other] { $days } jours par coup
    }
ls-clock-secs = { $secs } s+{ $inc }

## Le salon (web/lobby.js)

ls-bot-match-name = Contre l'ordinateur ({ $level })
ls-bot-failed = Impossible de lancer la partie : { $error }
ls-quick-failed = Impossible de chercher un adversaire : { $error }
ls-quick-looking = Recherche d'un adversaire… ({ $secs } s)
ls-no-game = Pas de partie : { $error }
ls-rated-match-accounts = Une partie classée se joue entre comptes : { $link } d'abord.
ls-rated-game-accounts = Une partie classée se joue entre comptes : { $link } d'abord.
ls-sign-in-or-create = connectez-vous ou créez-en un
ls-create-failed = Impossible de créer la partie : { $error }
ls-created = Partie créée
ls-created-invites = Envoyez chaque invitation à un seul joueur (chacune ne sert qu'une fois). Votre propre place est gardée dans ce navigateur.
ls-invite-for = Invitation pour la place { $seat }
ls-spectator-link = Lien pour les spectateurs
ls-go-to-board = Aller au plateau

ls-live-none = Aucune partie publique pour l'instant.
ls-seat-open = place { $seat } (libre)
ls-versus = contre
ls-rated = classée
ls-casual = amicale
ls-against-computer = contre l'ordinateur
ls-live-status =
    { $status ->
        [joining] en attente de joueurs
        [live] en cours
        [finished] terminée
        [expired] expirée
       *[other] { $status }
    }
ls-live-status-game = { $status }, partie { $game }
ls-watching =
    { $count ->
        [one] { $count } spectateur
       *[other] { $count } spectateurs
    }
ls-your-seat = Votre place
ls-join = Rejoindre
ls-watch = Regarder
ls-scoreboard = Tableau des scores
ls-join-full = Trop tard : toutes les places de { $match } sont prises.
ls-join-failed = Impossible de rejoindre { $match } : { $error }

ls-seats-taken =
    { $filled ->
        [one] { $filled } place prise sur { $seats }
       *[other] { $filled } places prises sur { $seats }
    }
ls-best-of = au meilleur des { $target }
ls-first-to = le premier à { $target }
ls-no-clock = sans pendule
ls-opponents-rated = adversaires classés de { NUMBER($min, useGrouping: 0) } à { NUMBER($max, useGrouping: 0) }
ls-anonymous = Anonyme
ls-seek-line = { $name } ({ NUMBER($rating, useGrouping: 0) }) — { $terms }
ls-your-seek = votre proposition
ls-post-failed = Impossible de publier la proposition : { $error }
ls-waiting-seats = En attente des autres places…
ls-seek-gone = Trop tard : cette proposition n'est plus là.
ls-join-seek-failed = Impossible de rejoindre : { $error }
ls-seek-left = La proposition n'est plus là : son auteur est parti.

ls-lb-none = Aucune partie de joueurs inscrits pour l'instant.
ls-lb-player = joueur
ls-lb-series-won = séries gagnées
ls-lb-games-won = parties gagnées
ls-lb-points = points
ls-lb-not-here = Le classement n'est pas encore disponible sur ce serveur.
ls-lb-unavailable = Le classement n'est pas disponible : { $error }
ls-you-play-as = Vous jouez sous le nom de { $name }.
ls-your-history = Votre historique
ls-ratings-none = Aucune partie classée pour l'instant.
ls-lb-rating = classement Elo
ls-lb-rated-games = parties classées
ls-rating-range = { NUMBER($rating, useGrouping: 0) } ± { NUMBER($deviation, useGrouping: 0) }
ls-ratings-unavailable = Les classements ne sont pas disponibles : { $error }

## La carte des tournois du salon (web/tournaments.js)

ls-tournaments = Tournois
ls-t-kind =
    { $kind ->
        [swiss] Suisse
       *[other] Arène
    }
ls-t-days =
    { $days ->
        [one] { $days } jour { $clock }
       *[other] { $days } jours { $clock }
    }
ls-t-finished = Terminé
ls-t-starts-in = Commence dans { $left }
ls-t-starting = Début imminent…
ls-t-round = Ronde { $round } sur { $rounds }
ls-t-running-left = En cours : encore { $left }
ls-t-ending = Fin : les dernières parties s'achèvent
ls-t-running = En cours
ls-t-sign-in-to = { $link } pour créer un tournoi ou y participer
ls-t-sign-in = Connectez-vous
ls-t-new = Nouveau tournoi
ls-t-kind-field = Type
ls-t-kind-arena = arène : pendant une durée fixée
ls-t-kind-swiss = suisse : en rondes
ls-t-name = Nom
ls-t-optional = facultatif
ls-t-variant = Variante
ls-t-clock = Pendule
ls-t-minutes = Minutes
ls-t-increment = + secondes par coup
ls-t-starts = Commence dans (minutes)
ls-t-lasts = Dure (minutes)
ls-t-rounds = Rondes
ls-t-rated = classé
ls-t-create = Créer le tournoi
ls-t-create-failed = Impossible de créer le tournoi : { $error }
ls-t-players =
    { $count ->
        [one] { $count } joueur
       *[other] { $count } joueurs
    }
ls-t-none-here = Ce serveur n'organise pas de tournois.
ls-t-unavailable = Les tournois ne sont pas disponibles : { $error }
ls-t-none = Aucun tournoi pour l'instant.

## Senet TV (web/tv.js)

ls-tv-copy = Copier la position
    .title = La notation de la position, à coller dans le plateau d'analyse
ls-tv-none = Aucune partie en direct à montrer pour l'instant.
ls-tv-game = partie { $game }

## Les erreurs du serveur (web/errors.js), selon leur code

error-rate_limited =
    { $secs ->
        [0] trop de requêtes ; réessayez plus tard
        [one] trop de requêtes ; réessayez dans { $secs } seconde
       *[other] trop de requêtes ; réessayez dans { $secs } secondes
    }
error-too_many_matches =
    { $status ->
        [503] le serveur a trop de parties en cours ; réessayez plus tard
       *[other] votre adresse a déjà autant de parties non terminées qu'elle le peut ; terminez-en une d'abord
    }
error-too_many_connections = trop de connexions depuis votre adresse
error-match_full = toutes les places de cette partie sont prises
error-name_taken = ce nom ressemble trop à celui d'un joueur déjà assis : choisissez-en un autre
error-blocked = vous ne pouvez pas vous asseoir à une table avec un joueur qui vous bloque ou que vous bloquez
error-seek_gone = aucune proposition ouverte ne porte cet identifiant : elle a été prise, annulée, ou son auteur est parti
error-own_seek = cette proposition est la vôtre (même joueur ou même adresse) : attendez quelqu'un d'autre
error-out_of_range = votre classement est hors de la fourchette de la proposition, ou celui de son auteur hors de la vôtre
error-unknown_variant = variante inconnue
error-not_found = introuvable
error-match_unavailable = la partie n'est pas disponible
error-signed_out = vous n'êtes pas connecté
error-challenge_gone = ce défi n'est plus ouvert

# Tous les autres codes que le serveur peut envoyer. $detail : les mots anglais du
# serveur, là où eux seuls peuvent dire ce qui ne va pas.
error-malformed = la requête n'est pas lisible pour le serveur : { $detail }
error-invalid = refusé : { $detail }
error-bad_invite = cette invitation n'est pas valable pour cette partie
error-invite_used = cette invitation a déjà servi
error-too_large = l'envoi est trop volumineux
error-unsupported_media_type = le serveur n'accepte que du JSON
error-method_not_allowed = cette adresse n'accepte pas ce type de requête
error-origin_not_allowed = les requêtes venant de la page d'un autre site ne sont pas permises
error-busy = le serveur est occupé ; réessayez dans un instant
error-too_many_reviews = votre adresse a déjà autant d'analyses en attente qu'elle le peut ; réessayez plus tard
error-game_live = la manche n'est pas encore finie
error-bad_position = la position est illisible : { $detail }
error-illegal_throw = ce lancer n'est pas possible ici : { $detail }
error-illegal_move = ce coup n'est pas possible ici : { $detail }
error-tournament_over = le tournoi est terminé
error-tournament_started = la dernière ronde du tournoi a commencé : il n'accepte plus de joueurs
error-wrong_credentials = ce nom et ce mot de passe, ou cette clé d'accès, ne connectent personne
error-username_taken = ce nom est pris, ou ressemble trop à celui d'un compte : choisissez-en un autre
error-passkey_taken = cette clé d'accès est déjà enregistrée
error-last_way_in = c'est le seul moyen de se connecter à ce compte : ajoutez-en un autre d'abord
error-ceremony_expired = la demande de clé d'accès a expiré : recommencez
error-account_closed = un modérateur a fermé ce compte
error-forbidden = seul un modérateur peut faire cela
error-passkey_refused = la clé d'accès n'est pas valide : { $detail }
error-silenced = un modérateur a réduit ce compte au silence
error-challenge_refused = ce joueur n'accepte pas vos défis
error-too_many_challenges = vous avez déjà autant de défis en attente de réponse que possible : annulez-en un d'abord
error-binary_not_supported = la connexion n'accepte que des messages texte
error-too_many_spectators = cette partie a déjà autant de spectateurs qu'elle en accepte
error-hello_first = la connexion doit d'abord se présenter
error-hello_timeout = la connexion ne s'est pas présentée à temps
error-already_hello = la connexion s'est déjà présentée
error-bad_token = ce lien ou cette place n'est pas de cette partie
error-spectator_key_required = cette partie est privée : il faut son lien de spectateur pour la regarder
error-spectator = les spectateurs ne peuvent pas agir dans la partie
error-stale_seq = cette requête est trop ancienne pour recevoir une réponse
error-not_started = la manche n'a pas commencé
error-already_started = la manche a déjà commencé
error-game_over = la manche est finie
error-wrong_game = cela concernait une autre manche de la partie
error-game_not_over = la manche n'est pas finie
error-match_over = la partie est terminée
error-not_idle = ce joueur n'est pas absent
error-seeds_closed = les graines des dés sont closes : le premier lancer a eu lieu
error-seed_given = vous avez déjà donné votre graine de dés
error-bad_seed = une graine de dés fait 0 à 64 lettres, chiffres, - ou _
error-not_absent = ce joueur n'est pas absent
error-too_early = trop tôt : attendez encore un peu
error-out_of_time = votre temps est écoulé
error-clock_decides = cette partie a une pendule : c'est elle qui décide quand le temps est écoulé
error-time_left = le joueur au trait a encore du temps
error-bad_setup = les réglages de la partie ne permettent pas de commencer une manche : { $detail }
error-store_unavailable = le serveur n'a pas pu enregistrer cela : réessayez dans un instant
error-store_inconsistent = la partie est bloquée par un problème sur le serveur
error-unavailable = le serveur ne peut pas répondre pour l'instant ; réessayez plus tard
error-internal = une erreur s'est produite sur le serveur
error-chat_empty = le message est vide
error-chat_too_long = le message est trop long : 300 caractères au plus
error-name_required = choisissez un nom pour discuter
error-not_a_player = seul un joueur peut faire cela
error-match_moved = la partie est passée sur un autre serveur ; reconnexion
error-no_requests = cette connexion ne fait qu'écouter
error-not_your_turn = ce n'est pas votre tour
error-must_throw_first = lancez d'abord
error-no_such_piece = vous n'avez pas de pion à cet endroit
error-no_such_die = il n'y a pas de tel dé à jouer
error-occupied_by_own = un de vos propres pions s'y trouve
error-protected = ce pion est protégé
error-off_path = cela sort du parcours
error-cannot_bear_off = ce pion ne peut pas sortir
error-must_bear_off_first = vous devez d'abord sortir un pion
error-must_move_forced_piece = un autre pion doit bouger
error-must_use_all_dice = vous devez utiliser tous les dés possibles
error-must_wait = ce pion doit attendre
error-no_backward = ce pion ne peut pas reculer
error-illegal_stack = les pions ne peuvent pas s'empiler ainsi
error-trapped = ce pion est piégé
error-not_legal = ce coup n'est pas permis

# Pourquoi, sous un code : le `reason` du serveur (docs/protocol.md, « Reasons »), dit avec
# ses nombres ($min, $max, $seat) à la place du $detail anglais. Un coup illégal, par la
# raison du moteur, reprend les mots de stuck.ftl (ou son propre error-<raison>).
error-invalid-name_too_long = un nom compte au plus { $max } caractères
error-invalid-name_control = un nom ne peut contenir ni caractères de contrôle ni marques de sens d'écriture
error-invalid-name_invisible = un nom doit avoir au moins un caractère visible
error-invalid-name_like_seat = ce nom pour le chat ressemble trop à celui de la place { $seat } : choisissez-en un autre
error-invalid-username_too_short = le nom d'un compte compte au moins { $min } caractères
error-invalid-password_too_short = un mot de passe compte au moins { $min } caractères
error-invalid-password_too_long = un mot de passe compte au plus { $max } octets
error-invalid-player_count = cette variante se joue de { $min } à { $max } joueurs
error-invalid-series_target = une série compte de { $min } à { $max } manches
error-invalid-too_many_bots = au plus { $max } joueurs ordinateur : la première place est la vôtre
error-invalid-bot_level = un joueur ordinateur est facile, moyen ou difficile
error-invalid-clock_base = le temps de départ d'une pendule est d'au plus { $max } secondes
error-invalid-clock_increment = une pendule ajoute au plus { $max } secondes par coup
error-invalid-clock_days = une pendule par correspondance donne de 1 à { $max } jours par coup
error-invalid-rated_sign_in = une partie classée se joue entre comptes : connectez-vous d'abord
error-invalid-rated_public = une partie classée est publique
error-invalid-range_order = le classement le plus bas d'une fourchette ne dépasse pas le plus haut
error-invalid-two_players = réservé aux parties à deux joueurs
error-invalid-challenge_no_bots = un défi se joue à deux, sans ordinateur
error-invalid-challenge_self = vous ne pouvez pas vous défier vous-même
error-invalid-follow_self = vous ne pouvez pas vous suivre vous-même
error-invalid-block_self = vous ne pouvez pas vous bloquer vous-même
error-invalid-report_why = dites pourquoi, en 1 à { $max } caractères
error-invalid-report_match = cette partie à signaler n'existe pas
error-invalid-delete_confirm = pour supprimer le compte, tapez son nom exactement tel qu'il est écrit
error-invalid-unknown_player_key = le joueur de ce navigateur est inconnu ici (ou un compte l'a repris) : rechargez la page
error-invalid-tournament_clock = les parties d'un tournoi se jouent à la pendule, avec un temps par partie
error-invalid-arena_terms = une arène dure de 1 à { $max } minutes, sans rondes
error-invalid-swiss_terms = un tournoi suisse compte de 1 à { $max } rondes, sans durée
error-invalid-tournament_kind = un tournoi est une arène ou un tournoi suisse
error-bad_position-position_too_long = une position compte au plus { $max } caractères
error-bad_position-position_unreadable = ce n'est pas une position dans la notation de cette variante
error-bad_position-position_impossible = cette position ne peut pas se produire dans cette variante
error-illegal_throw-no_throw_due = la position n'attend aucun lancer
error-illegal_throw-throw_faces = les dés ne peuvent pas montrer ce lancer ici
error-illegal_move-no_move_due = la position n'attend aucun coup
error-illegal_move-move_unreadable = ce n'est pas un coup dans la notation de cette variante
error-illegal_move-throw_and_move = un lancer ou un coup, pas les deux
error-passkey_refused-passkey_unverified = la réponse de la clé d'accès n'a pas pu être vérifiée : réessayez
error-bad_setup-setup_players = cette variante se joue de { $min } à { $max } joueurs
