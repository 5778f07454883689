## Les mots qu'écrivent les scripts du salon (web/lobby.js, web/tournaments.js, web/tv.js),
## ceux de web/common.js, communs aux scripts de toutes les pages, et les erreurs du serveur
## selon leur code (web/errors.js). Les noms des joueurs, des parties et des variantes sont
## ceux du serveur, tels qu'il les envoie.

## web/common.js

ls-account-label = Votre compte : connecté en tant que { $name }
ls-copy = Copier
ls-copied = Copié
ls-seat = place { $seat }
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
