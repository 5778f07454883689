## Une partie en mots (web/story.js) : le récit de la page d'un plateau, de Senet TV et d'une
## relecture.

story-piece = { $kind ->
    [white] pièce blanche
    [black] pièce noire
    [pharaoh] Pharaon
    [man] pion
    [small] petite pyramide
    [medium] pyramide moyenne
    [large] grande pyramide
    [dots] pièce { $dots }
   *[other] pièce
}
story-the-piece = { $kind ->
    [pharaoh] le { story-piece }
    [man] le { story-piece }
   *[other] la { story-piece }
}
story-a-piece = une pièce
story-the-stack = { story-the-piece } portant { $count ->
    [one] { $count } pyramide
   *[other] { $count } pyramides
}
story-whose-piece = { $me ->
    [yes] votre { story-piece }
   *[other] { story-the-piece } de { $who }
}
story-dice = { $count ->
    [one] dé { $dice }
   *[other] dés { $dice }
}
story-diced = {" "}({ $dice })
story-sticks = { $sticks } bâtonnets : { $plain ->
    [one] { $plain } face unie visible
   *[other] { $plain } faces unies visibles
}
story-stick-value = { $value } ({ $sticks })
story-faces = { $init } et { $last }
story-coaster-east-to-west = le sous-verre est jusqu'au bout ouest
story-coaster-west-to-east = le sous-verre ouest jusqu'au bout est
story-button-d1 = Lancer un dé
story-button-d2 = Lancer deux dés
story-button-black = Jouer les noirs
story-button-white = Jouer les blancs
story-button-pass = Passer (finir le tour)

## Ce qu'a fait un coup, sans son sujet.

story-deed-coaster = { $form ->
    [base] déplacer
    [you] avez déplacé
   *[other] a déplacé
} { $coaster } ({ $move }), emportant { $stacks ->
    [one] { $stacks } pile
   *[other] { $stacks } piles
}
story-deed-choice-d1 = { $form ->
    [base] choisir
    [you] avez choisi
   *[other] a choisi
} de lancer un dé
story-deed-choice-d2 = { $form ->
    [base] choisir
    [you] avez choisi
   *[other] a choisi
} de lancer deux dés
story-deed-choice-black = { $form ->
    [base] choisir
    [you] avez choisi
   *[other] a choisi
} de jouer les noirs
story-deed-choice-white = { $form ->
    [base] choisir
    [you] avez choisi
   *[other] a choisi
} de jouer les blancs
story-deed-choice-pass = { $form ->
    [base] choisir
    [you] avez choisi
   *[other] a choisi
} de passer, sans jouer les lancers du tour
story-deed-played = { $form ->
    [base] jouer
    [you] avez joué
   *[other] a joué
} { $move }
story-deed-bear-off = { $form ->
    [base] sortir
    [you] avez sorti
   *[other] a sorti
} { $piece } de { $from }
story-deed-move = { $form ->
    [base] déplacer
    [you] avez déplacé
   *[other] a déplacé
} { $piece } de { $from } à { $to }{ $via }
story-via = {" "}en passant par { $places }
story-also-capture = { $form ->
    [base] prendre
    [you] avez pris
   *[other] a pris
} { $piece } sur { $from }
story-also-sent-back = { $form ->
    [base] renvoyer
    [you] avez renvoyé
   *[other] a renvoyé
} { $piece } de { $from } à { $to }
story-also-removed = { $form ->
    [base] pousser
    [you] avez poussé
   *[other] a poussé
} { $piece } hors de { $from }, hors du jeu
story-also-bear-off = { $form ->
    [base] sortir
    [you] avez sorti
   *[other] a sorti
} { $piece }
story-also-move = { $form ->
    [base] déplacer
    [you] avez déplacé
   *[other] a déplacé
} { $piece } de { $from } à { $to }
story-and = {", et "}
story-comma = {", "}

## Les phrases.

story-moved = { $me ->
    [yes] Vous
   *[other] { $who }
} { $deed }.
story-threw = { $me ->
    [yes] Vous avez
   *[other] { $who } a
} { $again ->
    [yes] relancé : { $throw }
   *[other] lancé { $throw }
}.
story-threw-start = { $me ->
    [yes] Vous avez lancé
   *[other] { $who } a lancé
} { $throw } pour le départ.
story-kept = Gardé : relancez avant de jouer.
story-no-move-pooled = Aucun coup permis avec ces lancers.
story-no-move = Aucun coup permis avec ce lancer.
story-passed = { $me ->
    [yes] Vous ne pouviez pas jouer
   *[other] { $who } ne pouvait pas jouer
} : le tour passe{ $to ->
    [you] {" "}à vous
    [other] {" "}à { $next }
   *[none] {""}
}.

## Copier une position.

story-copy-field = La notation de la position
story-copy-none = Pas encore de position.
story-copied = Copié
story-copy-by-hand = Copiez le texte sélectionné
