## La page d'un tournoi (web/tournament.html, web/tournament.js).

tp-doc = Senet — tournoi
tp-doc-named = Senet — { $name }
tp-missing-doc = Senet — Tournoi introuvable
tp-missing-title = Tournoi introuvable
tp-missing-detail = Il n'y a pas de tournoi à cette adresse : le lien est peut-être mal tapé ou coupé.
tp-podium = Podium
tp-loading = Chargement…
tp-join = Rejoindre
tp-join-again = Rejoindre à nouveau
tp-leave = Quitter
tp-standings = Classement
tp-nobody = Personne ne s'est encore inscrit.
tp-games = Parties
tp-no-game = Pas encore de partie.

tp-title =
    { $kind ->
        [swiss] Tournoi suisse
       *[other] Tournoi arène
    }
tp-ordinal =
    { $form ->
        [one] { $n }er
       *[other] { $n }e
    }
tp-term-clock = pendule { $clock }
tp-term-rounds =
    { $count ->
        [one] { $count } ronde
       *[other] { $count } rondes
    }
tp-term-minutes =
    { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
tp-term-players =
    { $count ->
        [one] { $count } joueur
       *[other] { $count } joueurs
    }
tp-term-made-by = créé par { $name }
tp-news-starts-in =
    { $secs ->
        [60] Le tournoi commence dans une minute.
       *[other] Le tournoi commence dans dix secondes.
    }
tp-news-left =
    { $secs ->
        [60] Plus qu'une minute dans l'arène.
       *[other] Plus que dix secondes dans l'arène.
    }
tp-col-rank = Rang
tp-col-player = Joueur
tp-col-rating = Classement Elo
tp-col-performance = Performance
tp-col-performance-short = Perf.
tp-col-points = Points
tp-col-points-short = Pts
tp-col-games = Parties
tp-col-rounds = Rondes
tp-col-sheet = Feuille
tp-you = { " " }(vous)
tp-on-fire = { " " }en feu
tp-on-fire-title = en feu : la prochaine victoire compte double
tp-withdrawn = { " " }(retiré)
tp-left = { " " }(parti)
tp-sheet-round = ronde { $n }
tp-sheet-game = partie { $n }
tp-game-round = Ronde { $round } ·{ " " }
tp-in-play = en cours
tp-void = annulée (ne compte pas)
tp-sign-in = Connectez-vous
tp-sign-in-join = { $link } pour participer.
tp-sign-in-next = { $link } pour jouer au prochain.
tp-you-finished =
    { $count ->
        [one] Vous avez terminé { $place } avec { $points } point.
       *[other] Vous avez terminé { $place } avec { $points } points.
    }
tp-you-withdrew = Vous vous êtes retiré : vous n'êtes plus apparié.
tp-you-left = Vous êtes parti : vous n'êtes plus apparié.
tp-game-ready = Votre partie est prête : ouverture de son plateau…
tp-game-playing = Votre partie est en cours : { $link }.
tp-go-to-board = aller à son plateau
tp-you-are-in = Vous êtes inscrit : votre première partie commence avec le tournoi.
tp-bye = Vous êtes exempté à cette ronde. En attente de votre prochain adversaire…
tp-waiting = En attente de votre prochain adversaire…
tp-news-started = Le tournoi a commencé.
tp-news-over = Le tournoi est terminé.
tp-news-over-podium = Le tournoi est terminé. { $podium }.
tp-podium-place = { $place } { $name }
tp-list-sep = ,{ " " }
tp-news-round = La ronde { $round } sur { $rounds } a commencé.
tp-news-you-are = Classement : vous êtes { $place } avec { $points }.
tp-news-leads = Classement : { $name } mène avec { $points }.
tp-news-joined = Vous avez rejoint le tournoi.
tp-news-you-left = Vous avez quitté le tournoi.
tp-signed-out = Vous n'êtes pas connecté : { $link } d'abord.
tp-sign-in-lower = connectez-vous
