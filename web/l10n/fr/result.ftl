## Le panneau de résultat de la page d'un plateau (web/result.js).

result-head-over = La manche { $game } est terminée
result-head-draw = Égalité
result-head-you-won = Vous avez gagné !
result-head-you-lost = Vous avez perdu
result-head-won = { $who } a gagné
result-col-player = joueur
result-col-this-game = cette manche
result-col-games-won = manches gagnées
result-col-points = points
result-cell-won = gagnée, +{ $points ->
    [one] { $points } point
   *[other] { $points } points
}
result-cell-lost = perdue
result-cell-draw = égalité
result-points = Points de cette manche : { $points }.
result-points-won-by = Points de cette manche : { $points } (gagnée { $reason }).
result-won-by-completed = en la jouant jusqu'au bout
result-won-by-resigned = par abandon
result-won-by-no-move = faute de coup
result-won-by-move-limit = à la limite de coups
result-won-by-timeout = au temps
result-how-counted = Comment les points se comptent
result-at-the-end = À la fin : { $notes }.
result-comma = {", "}

## La série, les classements.

result-best-of = au meilleur de { $target }
result-first-to = premier à { $target } points
result-series-won = Série ({ $rule }) : { $me ->
    [yes] vous avez gagné la partie.
   *[other] { $who } a gagné la partie.
}
result-series-no-one = Série ({ $rule }) : personne n'a gagné la partie.
result-series-leads = Série ({ $rule }) : { $me ->
    [yes] vous menez.
   *[other] { $who } mène.
}
result-series-level = Série ({ $rule }) : égalité.
result-ratings = Classements : { $list }.
result-rating = { $who }{ $me ->
    [yes] {" "}(vous)
   *[other] {""}
} { $before } → { $after } ({ $change })
result-unrated = Cette manche n'a pas compté pour le classement.
result-unrated-not-played = Cette manche n'a pas compté pour le classement : elle s'est terminée avant que chaque joueur ait joué.
result-unrated-pair-limit = Cette manche n'a pas compté pour le classement : ces joueurs ont déjà joué assez de manches classées ensemble aujourd'hui.
result-unrated-same-player = Cette manche n'a pas compté pour le classement : un même joueur tenait deux sièges.

## La suite.

result-asked-next = Manche suivante demandée…
result-next-game = Manche suivante ({ $game })
result-same-again = Nouvelle partie, mêmes réglages
result-replay = Revoir et vérifier la manche { $game }
result-next = La manche suivante commence quand chaque joueur la demande, ou d'elle-même au bout d'un moment.
result-next-asked = La manche suivante commence quand chaque joueur la demande (l'ont demandée : { $asked }), ou d'elle-même au bout d'un moment.
result-cannot-create = Impossible de créer la partie : { $message }

## Comment les points s'additionnent (le détail du serveur).

result-nothing-counted = Rien n'a compté pour les points : { $total }.
result-add-up = Comment { $total ->
    [one] le { $total } point s'obtient
   *[other] les { $total } points s'additionnent
} : { $lines }{ $end }.
result-line-times = { $what } × { $each } = { $subtotal }
result-line-total = { $what } : { $subtotal }
result-all-saved = {" ; "}toutes les pièces sauvées, donc { $sum } × { $multiplier } = { $total }
result-in-all = {" ; "}{ $total } en tout
result-of = { $me ->
    [yes] {""}
    [loser] {" "}du perdant
   *[other] {" "}de { $who }
}
result-line-source-track-pips = { $count ->
    [one] { $count } marque
   *[other] { $count } marques
} { $me ->
    [yes] de vos pyramides
   *[other] des pyramides{ result-of }
} sur la piste Source
result-line-balance-track-pips = { $count ->
    [one] { $count } marque
   *[other] { $count } marques
} { $me ->
    [yes] de vos pyramides
   *[other] des pyramides{ result-of }
} sur la piste de l'Équilibre
result-line-perfect-track-pips = { $count ->
    [one] { $count } marque
   *[other] { $count } marques
} { $me ->
    [yes] de vos pyramides
   *[other] des pyramides{ result-of }
} sur la piste Parfaite
result-line-pharaoh-saved = le Pharaon sauvé
result-line-men-saved = { $count ->
    [one] { $count } pion sauvé
   *[other] { $count } pions sauvés
}
result-line-first-row-pieces = { $count } { $me ->
    [yes] de vos pièces
   *[other] des pièces{ result-of }
} restées sur la première rangée
result-line-middle-row-pieces = { $count } { $me ->
    [yes] de vos pièces
   *[other] des pièces{ result-of }
} restées sur la rangée du milieu
result-line-last-row-pieces = { $count } { $me ->
    [yes] de vos pièces
   *[other] des pièces{ result-of }
} restées sur la dernière rangée
result-line-large-borne-off = { $count ->
    [one] { $count } grande pyramide sortie
   *[other] { $count } grandes pyramides sorties
}
result-line-medium-borne-off = { $count ->
    [one] { $count } pyramide moyenne sortie
   *[other] { $count } pyramides moyennes sorties
}
result-line-small-borne-off = { $count ->
    [one] { $count } petite pyramide sortie
   *[other] { $count } petites pyramides sorties
}
result-line-large-on-board = { $count ->
    [one] { $count } grande pyramide encore sur le plateau
   *[other] { $count } grandes pyramides encore sur le plateau
}
result-line-medium-on-board = { $count ->
    [one] { $count } pyramide moyenne encore sur le plateau
   *[other] { $count } pyramides moyennes encore sur le plateau
}
result-line-small-on-board = { $count ->
    [one] { $count } petite pyramide encore sur le plateau
   *[other] { $count } petites pyramides encore sur le plateau
}
result-line-piece-up = pièce { $each } montée
