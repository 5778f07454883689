## Le tableau des scores d'une partie (web/scoreboard.html, web/scoreboard.js).

sb-doc = Senet — tableau des scores
sb-series = Série
sb-games = Manches
sb-title = Tableau des scores — { $name }
sb-heading =
    { $kind ->
        [best_of] { $variant } : au meilleur de { $target }
       *[other] { $variant } : le premier à { $target }
    }
sb-cannot-load = Impossible de charger la partie : { $error }
sb-won = { $name } a gagné la série.
sb-leads = { $name } mène.
sb-ended-level = La série s'est terminée à égalité.
sb-level = Égalité pour l'instant.
sb-status =
    État : { $status ->
        [joining] en attente de joueurs
        [live] en cours
        [finished] terminée
        [expired] expirée
       *[other] { $status }
    }. { $result }
sb-col-seat = place
sb-col-player = joueur
sb-col-points = points
sb-col-games-won = manches gagnées
sb-col-game = manche
sb-col-winner = vainqueur
sb-col-how = comment
sb-winner-mark = { " " }★ vainqueur
sb-how =
    { $reason ->
        [completed] jouée jusqu'au bout
        [resigned] abandon
        [no_move] aucun coup possible
        [move_limit] limite de coups
        [timeout] au temps
        [in_play] en cours
       *[other] { $reason }
    }
sb-replay = revoir et vérifier
sb-back = Retour à la partie
