## La page d'un plateau (/m/{id}) : ses propres mots et ceux qu'écrit match.js autour du plateau.

board-doc = Partie de senet
board-connecting = connexion…
board-sound = 🔊 Son
board-confirm-moves = Confirmer
board-keys-open = ⌨ Touches
board-keys-title = Touches
board-keys-close = Fermer
board-story =
    .aria-label = ce qui s'est passé
board-choices =
    .aria-label = coups permis
board-type-move = Taper un coup
board-move-go = Jouer
board-copy-position = Copier la position
    .title = La notation de la position, à coller dans le plateau d'analyse
board-analyse-final = Analyser la position finale
board-moves-summary = Les coups, tour par tour
board-chat =
    .aria-label = Discussion
board-chat-list =
    .aria-label = messages de la discussion
board-chat-name = Votre nom dans la discussion
board-chat-use-name = Prendre ce nom
board-chat-input =
    .aria-label = Message
    .placeholder = Dites quelque chose…
board-chat-send = Envoyer
board-chat-canned =
    .aria-label = phrases toutes faites
board-say-good-luck = Bonne chance !
    .data-say = Bonne chance !
board-say-well-played = Bien joué !
    .data-say = Bien joué !
board-say-thanks = Merci !
    .data-say = Merci !

## Écrits par match.js.

board-back-tournament = Retour au tournoi
board-sound-on = ♪ Son activé
board-sound-off = ♪ Son coupé
board-conn-open-seat = vous jouez au siège { $seat }
board-conn-watching = spectateur
board-conn-reconnecting = connexion perdue — nouvel essai dans { $seconds } s
board-conn-closed = déconnecté
board-conn-restarting = redémarrage du serveur…
board-title = { $name } · manche { $game }
board-doc-your-move = ▶ À vous de jouer
board-status-seeds = Collecte des graines de dés avant le premier lancer…
board-status-throw-you = Vous lancez…
board-status-throw = { $name } lance…
board-status-to-move = À { $name } de jouer.
board-status-game-over = La manche { $game } est terminée.
board-your-move-board = À vous : choisissez une pièce, puis une case en surbrillance.
board-your-move-buttons = À vous : { $what } avec les boutons ci-dessous.
board-your-move-both = À vous : choisissez une pièce, puis une case en surbrillance, ou { $what } avec les boutons ci-dessous.
board-what-dice = lancez un dé ou deux
board-what-colour = choisissez votre couleur
board-what-coaster = déplacez un sous-verre
board-what-choose-one = choisissez
board-what-choose = choisissez
board-side = joue { $side }
board-side-undecided = côté pas encore décidé
board-you = (vous)
board-online = connecté
board-offline = non connecté
board-points = pts
# The comma before a player's games won.
board-comma = {", "}
board-won = { $count ->
    [one] { $count } gagnée
   *[other] { $count } gagnées
}
board-watching = { $count ->
    [one] { $count } spectateur
   *[other] { $count } spectateurs
}
board-clock = pendule
board-resign = Abandonner
board-resign-really = Vraiment abandonner ?
board-claim-in = { $name } est absent : réclamation possible dans { $seconds } s
board-claim = Réclamer : { $name } est absent
board-error-not-your-turn = Ce n'est pas votre tour.
board-error-not-legal = Ce coup n'est pas permis maintenant.
board-error-spectator = Les spectateurs ne peuvent pas jouer.
board-error-rate-limited = Trop de messages — ralentissez.
board-error-bad-token = Ce jeton de siège n'est pas valable pour cette partie.
board-error-spectator-key-required = Cette partie est privée : il vous faut son lien de spectateur.
board-error-store-unavailable = Le coup n'a pas pu être enregistré ; réessayez.
board-error-not-absent = L'autre joueur est toujours connecté.
board-error-too-early = Trop tôt pour réclamer : l'autre joueur peut revenir.
board-typed-pending = Votre coup est en route.
board-typed-several = « { $text } » désigne { $count } coups : tapez l'un de { $moves }.
board-typed-illegal = « { $text } » n'est pas un coup permis maintenant. Permis : { $moves }.

## La liste des touches.

board-key-help = Afficher ou masquer cette liste
board-key-move = Taper un coup (le curseur y reste pour le suivant)
board-key-board = Le plateau : sa première pièce qui peut bouger
board-key-arrows = Sur le plateau : la pièce ou la cible précédente ou suivante
board-key-enter = Sur le plateau : prendre une pièce, ou jouer la cible où elle va
board-key-escape = Reposer la pièce ; fermer une question ou cette liste
board-key-log = Les coups, tour par tour
board-key-chat = La discussion

## À côté des dés d'un lancer.

board-throw-again = encore
board-throw-no-move = aucun coup permis
board-throw-kept = gardé : relancez
board-throw-decided = pour le départ

## Prendre un siège, et une partie qui n'est pas là.

board-join-title = Rejoindre cette partie
board-join-name = Nom
board-join-name-placeholder = votre nom
board-join-go = Prendre le siège
board-join-invite-used = Cette invitation a déjà servi.
board-join-failed = Impossible de rejoindre : { $message }
board-join-your-seat = Aller à votre siège
board-join-summary = { $name } — { $variant }, { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}.
board-how-to-play = Comment jouer
board-rules = Règles
board-scoreboard = Tableau des scores
board-spectator-view = Vue spectateur
board-private = Partie privée
board-no-such-match = Aucune partie de ce nom.
board-no-such-match-why = Le lien est peut-être mal tapé, ou la partie n'a jamais été créée ici.
board-to-lobby = Aller au salon
board-gone-expired = Cette partie a expiré : ses sièges n'ont pas tous été pris à temps.
board-gone-over = Cette partie est terminée.
board-gone-scoreboard = Scores et relectures
board-back-lobby = Retour au salon

## La salle d'attente.

board-waiting = En attente de joueurs : { $taken } sièges pris sur { $seats }
board-waiting-invites = Envoyez chaque invitation à un seul joueur (chacune sert une fois) :
board-invite-for = Invitation pour le siège { $seat }
board-waiting-share = Partagez le lien d'invitation donné à la création de la partie ; la manche commence quand tous les sièges sont pris.
board-spectator-link = Lien de spectateur

## Les phrases du récit pour les événements que story.js ne raconte pas.

board-said-game-started = La manche { $game } commence.
board-said-resigned = { $me ->
    [yes] Vous avez abandonné.
   *[other] { $who } a abandonné.
}
board-said-timed-out = { $me ->
    [yes] Vous n'avez plus de temps.
   *[other] { $who } n'a plus de temps.
}
board-said-claimed = { $me ->
    [yes] Vous avez réclamé la manche
   *[other] { $who } a réclamé la manche
} : { $against } était absent.
board-said-abandoned = Personne n'a joué pour { $against } depuis trop longtemps : la manche est perdue { $me ->
    [yes] pour vous
   *[other] pour { $against }
}.
board-said-rematch = { $me ->
    [yes] Vous avez demandé la manche suivante.
   *[other] { $who } a demandé la manche suivante.
}
board-said-match-won = La partie est terminée : { $me ->
    [yes] vous avez gagné la série.
   *[other] { $who } a gagné la série.
}
board-said-match-no-one = La partie est terminée : personne n'a gagné la série.
board-out-claimed = { $againstMe ->
    [yes] Vous étiez absent
   *[other] { $against } était absent
} et { $me ->
    [yes] vous avez réclamé la manche.
   *[other] { $who } a réclamé la manche.
}
board-out-abandoned = Personne n'a joué pour { $against } depuis trop longtemps.
board-end-no-move = { $me ->
    [yes] Vous ne pouviez pas jouer avec { $throw } et êtes éliminé.
   *[other] { $who } ne pouvait pas jouer avec { $throw } et est éliminé.
}
board-end-move-limit = La limite de coups a été atteinte.
board-end-won = { $me ->
    [yes] Vous avez gagné
   *[other] { $who } a gagné
} la manche { $game }, remportant { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
board-end-draw = La manche { $game } s'est terminée par une égalité.
board-notice-you-threw = (Vous aviez lancé { $throw }.)

## La liste des coups, les coups proposés, la question d'un coup.

board-act-throw = ({ $faces })
board-act-throw-no-move = ({ $faces } : aucun coup)
board-act-throw-kept = ({ $faces }, gardé)
board-act-passes = passe
board-earlier = Coups précédents :
board-full-record = partie complète
board-move-coaster = Déplacer { $coaster } ({ $move })
board-moves-of = Coups de la pièce sur { $place } :
board-choose = Choisissez :
board-all-moves-label = Tous les coups permis
board-all-moves = Tous les coups permis ({ $count })
board-confirm-ask = Jouer { $move } ?
board-confirm-go = Jouer
board-confirm-cancel = Annuler
board-move-not-your-turn = ce n'est pas votre tour
board-piece-owner = { $me ->
    [yes] à vous
   *[other] à { $who }
}
board-not-yours = Cette pièce est { $owners } : vous ne bougez que les vôtres.
board-owner = à { $who }
board-owner-and = {" et "}
board-no-move-now = Cette pièce n'a aucun coup permis maintenant.
board-act-off = sortie
