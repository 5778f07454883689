## La page d'un joueur (web/history.html, web/history.js).

hi-doc = Senet — historique du joueur
hi-player = Joueur
hi-playing-now = En train de jouer
hi-manage = Ce joueur et vous
hi-follow-plain = Suivre
hi-challenge = Défier
hi-block-plain = Bloquer
hi-report-before = Signaler
hi-report-after = aux modérateurs
hi-report-what = Que s'est-il passé ?
hi-report-send = Envoyer le signalement
hi-ratings = Classements
hi-ratings-about = Le nombre après ± est la marge du classement : environ 95 % du temps, la vraie force d'un joueur se trouve dans cette marge (deux fois l'écart Glicko-2). Elle est large pour un nouveau venu et se resserre à chaque partie classée.

hi-no-player = Joueur inconnu (ou ce serveur ne garde pas de joueurs).
hi-who =
    { $count ->
        [one] { $name } : { $count } partie
       *[other] { $name } : { $count } parties
    }
hi-since = Membre depuis le { $date }.
hi-col-when = date
hi-col-match = partie
hi-col-against = contre
hi-col-series = série
hi-col-games-won = manches gagnées
hi-col-points = points
hi-col-result = résultat
hi-list-sep = ,{ " " }
hi-series =
    { $kind ->
        [best_of] au meilleur de { $target }
       *[other] le premier à { $target }
    }
hi-games-won = { $won } sur { $games }
hi-result =
    { $result ->
        [won] gagnée
        [lost] perdue
        [live] en cours
        [joining] en attente
        [finished] terminée
        [expired] expirée
       *[other] { $result }
    }
hi-watch = Regarder { $name }
hi-playing-against = { $which }, contre { $against }
hi-block = Bloquer { $name }
hi-unblock = Débloquer { $name }
hi-blocked = { $name } est bloqué : vous n'êtes jamais appariés en partie rapide.
hi-unblocked = { $name } n'est plus bloqué.
hi-reported = Merci : les modérateurs liront votre signalement.
hi-follow = Suivre { $name }
hi-unfollow = Ne plus suivre { $name }
hi-presence =
    { $status ->
        [offline] hors ligne
        [online] en ligne
        [playing] en train de jouer
       *[other] { $status }
    }
hi-watch-link = regarder
hi-followed = Vous suivez { $name }.
hi-unfollowed = Vous ne suivez plus { $name }.
hi-challenge-sent = Défi envoyé : { $name } le voit maintenant. Il attend une réponse pendant dix minutes.
hi-pool-players = { $name }, { $players } joueurs
hi-rating-after =
    { $games ->
        [one] { " " }± { $margin } après { $games } partie classée
       *[other] { " " }± { $margin } après { $games } parties classées
    }
hi-chart-label =
    { $games ->
        [one] { $pool } : classement de 1500 à { NUMBER($to, useGrouping: 0) } en { $games } partie
       *[other] { $pool } : classement de 1500 à { NUMBER($to, useGrouping: 0) } en { $games } parties
    }
