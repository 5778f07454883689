## Les notes sous le plateau : ce que la position contient et que le plateau ne dessine pas.

notes-separator = {" · "}
notes-list-separator = {", "}
notes-group-separator = {" ; "}
notes-number = { $number }
notes-side-count = { $side ->
    [black] noirs
    [white] blancs
    [red] rouges
    [yellow] jaunes
    [blue] bleus
    [green] verts
   *[other] { $side }
} { $count }
notes-side-sizes = { $side ->
    [black] noirs
   *[white] blancs
} { $sizes }
notes-size = { $size ->
    [large] grande
    [medium] moyenne
   *[small] petite
}
notes-none = aucune
notes-borne-off = pièces sorties : { $sides }
notes-sizes-borne-off = pyramides sorties : { $sides }
notes-captured = pièces prises : { $sides }
notes-piece = { $side ->
    [red] rouge
    [yellow] jaune
    [blue] bleue
   *[green] verte
} { $piece }
notes-pieces-up = pièces montées : { $pieces } (la troisième finit la partie)
notes-no-pieces-up = pièces montées : aucune encore (la troisième finit la partie)
notes-waiting-for-one = un homme attend un 1 pour quitter la rangée du Senet
notes-no-waiting-for-one = personne n'attend de 1
notes-quiet-turns = tours depuis la dernière prise : { $turns } (partie nulle à { $limit })
notes-dice-to-play = dés à jouer : { $dice }
notes-die = dé : { $die }
notes-needs-one = { $side ->
    [black] les noirs doivent
   *[white] les blancs doivent
} faire un 1 pour commencer à jouer
notes-throws-to-play = lancers à jouer : { $throws }
notes-throws-kept = lancers gardés : { $throws }
notes-back-from-water = la pièce { $side ->
    [black] noire
   *[white] blanche
} en { $square } est revenue de l'eau et doit jouer la prochaine
notes-loses-turn = { $side ->
    [black] les noirs perdent
   *[white] les blancs perdent
} leur prochain tour
