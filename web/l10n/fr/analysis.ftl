## Le plateau d'analyse (web/analysis.html, web/analysis.js).

an-doc = Senet — plateau d'analyse
an-position = Position
an-position-input =
    .placeholder = la notation de la position (vide : le départ)
an-set-up = Installer
an-choose-throw = Choisissez un lancer
an-every-move = Tous les coups permis, le meilleur d'abord
an-undo = Annuler
an-copy = Copier la position
an-lobby = Salon
an-player = Joueur { $n }
an-several = Plusieurs coups mènent là : choisissez-en un dans la liste ci-dessous.
an-over = La partie est finie.
an-turn =
    { $turn ->
        [throw] { $who } doit lancer.
       *[move] { $who } doit jouer.
    }
an-turn-side =
    { $turn ->
        [throw] { $who } ({ $side }) doit lancer.
       *[move] { $who } ({ $side }) doit jouer.
    }
an-side =
    { $side ->
        [black] noirs
        [white] blancs
        [red] rouges
        [yellow] jaunes
        [blue] bleus
       *[other] { $side }
    }
an-chance = { $who } : { $chance } %
an-throw-label = lancer { $faces }
an-option = { $move } : { $chance } % de chances de gagner
an-option-best = { $move } : { $chance } % de chances de gagner (le meilleur)
