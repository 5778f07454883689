## Les mots des plateaux (web/boards.js), des chances de gain (web/winbar.js), des pendules
## (web/clock.js) et des commandes de la discussion (web/chat.js).

boards-board = Plateau { $name }
boards-square-title = { $square } : { $name }. { $rule }
boards-off = hors du plateau
boards-off-mark = sortie
boards-borne-off = sorties
boards-out = hors du jeu
boards-west = Ouest
boards-east = Est
boards-colour = { $colour ->
    [red] rouge
    [yellow] jaune
    [blue] bleu
    [green] vert
   *[other] { $colour }
}
boards-side = { $side ->
    [black] les noirs
    [white] les blancs
    [red] les rouges
    [yellow] les jaunes
    [blue] les bleus
    [green] les verts
   *[other] { $side }
}
boards-lane-square = { $colour } { $square }
boards-disc = { $colour ->
    [black] pièce noire
   *[white] pièce blanche
}{ $unmoved ->
    [yes] {" "}(pas encore jouée)
   *[no] {""}
}
boards-pyramid = { $size ->
    [large] grande pyramide
    [medium] pyramide moyenne
   *[small] petite pyramide
} { $colour ->
    [black] noire
   *[white] blanche
}
boards-numbered = pièce { $dots } { $colour ->
    [red] rouge
    [yellow] jaune
    [blue] bleue
    [green] verte
   *[other] { $colour }
}
boards-peg = { $kind ->
    [pharaoh] Pharaon
   *[man] pion
} { $colour ->
    [red] rouge
   *[yellow] jaune
}{ $arrived ->
    [yes] {" "}(tout juste arrivé)
   *[no] {""}
}
boards-stack-part = { $size ->
    [large] grande
    [medium] moyenne
   *[small] petite
} { $colour ->
    [red] rouge
   *[yellow] jaune
}
boards-stack = pile { $stack } (de bas en haut : { $parts })
boards-comma = {", "}
boards-owned = { $piece } ({ $whose })
boards-piece-label = { $pieces }{ $at ->
    [square] {" "}sur la case { $place }
    [off] {" "}{ $place }
    [place] {" "}sur { $place }
   *[nowhere] {""}
}{ $movable ->
    [yes] {" "}— peut bouger
   *[no] {""}
}
boards-target = aller sur { $place } : { $moves }
boards-target-move = { $move } ({ $count ->
    [one] dé
   *[other] dés
} { $dice })
boards-or = {" ou "}
boards-sticks = { $sticks } bâtonnets, { $plain ->
    [one] { $plain } face unie visible
   *[other] { $plain } faces unies visibles
}
boards-die = dé : { $face }
boards-dice = dés : { $faces }

## Chances de gain (web/winbar.js).

winbar-pct = { $pct } %
winbar-seat = Siège { $seat }
winbar-comma = {", "}
winbar-label = Chances de gain : { $list }
winbar-label-seat = { $who } { $pct }
winbar-not-known = Chances de gain : pas encore connues
winbar-wait = Chances de gain…
winbar-chart = Chances de gain au fil de la manche { $game }
winbar-chart-label = Chances de gain au fil de la manche { $game } : { $list }
winbar-chart-seat = { $who } de { $from } à { $to }
winbar-loading = Chargement…
winbar-failed = Les chances n'ont pas pu être chargées ({ $message }).

## Les pendules (web/clock.js).

clock-days = { $days } j { $hours } h
clock-left = { $running ->
    [yes] en marche, il reste { $time }
   *[no] il reste { $time }
}

## Les commandes de la discussion (web/chat.js) : pas ce que les gens écrivent.

chat-sender = { $as ->
    [watching] { $who } (spectateur)
    [me] Vous
   *[player] { $who }
}
chat-who = { chat-sender } :
chat-peek = { chat-sender } : { $text }
chat-peek-label = Discussion{ $count ->
    [0] {""}
    [one] , { $count } nouveau
   *[other] , { $count } nouveaux
} : { chat-sender } a dit { $text }. Aller à la discussion.
chat-unread = { $count ->
    [one] { $count } nouveau
   *[other] { $count } nouveaux
}
chat-none = Pas encore de message.
chat-none-spectators = Pas encore de message. Les joueurs ne voient cette discussion que s'ils le choisissent.
chat-spectators = Discussion des spectateurs
chat-show-spectators = Voir la discussion des spectateurs
chat-mute = Masquer { $who }
chat-unmute = Ne plus masquer { $who }
chat-not-connected = Non connecté : le message n'a pas été envoyé.
chat-name-to-post-spectators = Choisissez un nom pour écrire dans la discussion des spectateurs.
chat-error-rate-limited = Trop de messages : attendez un moment avant le suivant.
chat-error-chat-too-long = Ce message est trop long (300 caractères au plus).
chat-error-chat-empty = Il n'y a rien à envoyer.
chat-error-name-required = Choisissez un nom pour écrire.
chat-error-not-a-player = Seuls les joueurs peuvent faire cela.
chat-error-store-unavailable = Le message n'a pas pu être enregistré ; réessayez.
