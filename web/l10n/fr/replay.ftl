## Le revisionnage d'une manche (web/replay.html, web/replay.js). Le récit des lancers et
## des coups est celui de web/story.js.

rp-doc = Senet — revoir
rp-dice-check = Vérification des dés
rp-checking = Vérification…
rp-every-throw = Tous les lancers
rp-first =
    .aria-label = premier
rp-prev =
    .aria-label = précédent
rp-step =
    .aria-label = événement
rp-next =
    .aria-label = suivant
rp-last =
    .aria-label = dernier
rp-copy-position = Copier la position
    .title = La notation de la position, à coller dans le plateau d'analyse
rp-analyse = Analyser cette position
rp-moves = Coups
rp-review = Analyse
rp-review-go = Analyser cette manche
rp-review-what = Chaque décision notée selon ce qu'elle a coûté en chances de gagner, et la chance de chaque lancer.
rp-chat-section =
    .aria-label = Discussion
rp-chat-title = La discussion de la partie

rp-title = Manche { $game } revue ({ $variant })
rp-no-game-title = Manche introuvable
rp-no-game = Cette partie n'a pas de manche { $game }, ou cette partie n'existe pas.
rp-cannot-load = Impossible de charger la manche : { $error }
rp-lobby = Salon
rp-match = Partie
rp-raw = Enregistrement brut (JSON)
rp-whose = de { $name }
rp-where = événement { NUMBER($n, useGrouping: 0) } sur { NUMBER($of, useGrouping: 0) }
rp-threw = { $name } a lancé{ " " }
rp-no-positions = Cet enregistrement ne contient pas de positions.
rp-passes = passe
rp-off = sorti
rp-ev-thrown = Lancer { $n } : { $sentence }
rp-ev-over-won =
    { $points ->
        [one] Fin de la manche : { $name } gagne ({ $how }, { $points } point)
       *[other] Fin de la manche : { $name } gagne ({ $how }, { $points } points)
    }
rp-ev-over-draw =
    { $points ->
        [one] Fin de la manche : égalité ({ $how }, { $points } point)
       *[other] Fin de la manche : égalité ({ $how }, { $points } points)
    }
rp-end =
    { $reason ->
        [completed] jouée jusqu'au bout
        [resigned] par abandon
        [no_move] aucun coup possible
        [move_limit] la limite de coups
        [timeout] au temps
       *[other] { $reason }
    }
rp-ev-resigned = { $name } a abandonné.
rp-ev-timed-out = { $name } a dépassé son temps.
rp-ev-claimed = { $name } a réclamé la manche : { $against } était absent.
rp-ev-abandoned = Personne n'a joué pour { $against } depuis trop longtemps : la manche est perdue pour ce joueur.
rp-ev-rematch = { $name } a demandé la manche suivante.
rp-ev-client-seed = { $name } a donné la graine de dés « { $seed } »
rp-ev-started = La manche { $game } commence ; engagement { $commitment }
rp-ev-other-by = { $kind } par { $name }

rp-class =
    { $class ->
        [inaccuracy] une imprécision (?!)
        [mistake] une erreur (?)
        [blunder] une gaffe (??)
       *[good] bon
    }
rp-act-review = { " " }Analyse : { $class }.
rp-outlined = encadré
rp-outlined-chance = encadré, { $chance } % de chances de gagner
rp-arrow-chance = flèche, { $chance } %
rp-line-best = { $name } { $played } : le meilleur coup, { $chance } % de chances de gagner.
rp-line = { $name } { $played }. Le mieux était : { $best }. Coût : { $cost } points, { $class }.
rp-jump = { $name } { $played } : { $class }, { $cost } points ; le mieux était : { $best }.
rp-review-next = Prochaine dans la file des analyses…
rp-review-waiting = En attente dans la file des analyses : place { $place } sur { $of }…
rp-review-progress = Avancement de l'analyse
rp-reviewing = Analyse de chaque décision…
rp-review-asking = Demande de l'analyse…
rp-review-not-over = La manche n'est pas finie : une manche s'analyse une fois terminée.
rp-review-failed = L'analyse n'a pas pu être faite : { $error }.
rp-review-about = Le coût d'une décision est la chance de gagner qu'elle a cédée par rapport au meilleur coup, en points : une imprécision à partir de { $inaccuracy }, une erreur à partir de { $mistake }, une gaffe à partir de { $blunder }. La chance est ce que les lancers ont changé avant tout choix.
rp-col-player = Joueur
rp-col-decisions = Décisions
rp-col-decisions-short = Déc.
rp-col-inaccuracies = Imprécisions
rp-col-mistakes = Erreurs
rp-col-blunders = Gaffes
rp-col-average = Coût moyen
rp-col-average-short = Moy.
rp-col-luck = Chance
rp-pts = { $pts } pts
rp-review-clean = Aucune imprécision, erreur ni gaffe : chaque décision est restée sous les seuils.
rp-chart-title = Cliquez pour aller à ce moment de la manche

rp-verify-pending = La manche n'est pas finie : la graine du serveur est encore secrète, les dés ne peuvent donc pas encore être vérifiés.
rp-verify-moves = Les coups ne sont pas vérifiés dans le navigateur : { $command } les rejoue dans le moteur.
rp-verified = ✔ Vérifié dans votre navigateur : le SHA-256 de la graine révélée correspond à l'engagement, et les { NUMBER($count, useGrouping: 0) } lancers correspondent à la graine.
rp-not-verified = ✘ NON vérifié : { $why }.
rp-not-verified-throws = ✘ NON vérifié : { $why } ({ NUMBER($bad, useGrouping: 0) } lancers sur { NUMBER($count, useGrouping: 0) } diffèrent).
rp-throw-check = lancer { NUMBER($n, useGrouping: 0) } : { $claimed } — attendu { $expected } { $mark }
rp-check-failed = La vérification n'a pas pu se faire : { $error }
rp-verify-malformed = l'enregistrement n'est pas celui d'une manche
rp-verify-too_many_events = l'enregistrement contient trop d'événements
rp-verify-too_many_throws = l'enregistrement contient trop de lancers
rp-verify-bad_game_started = l'événement game_started de l'enregistrement manque, est mal placé ou répété
rp-verify-game_mismatch = un événement appartient à une autre manche
rp-verify-game_id_mismatch = game_started nomme un autre identifiant de manche que l'enregistrement
rp-verify-setup_mismatch = la variante, les réglages ou les places de game_started diffèrent de ceux de l'enregistrement
rp-verify-bad_seats = les places de l'enregistrement ne sont pas chacune une fois
rp-verify-commitment_mismatch = l'engagement de l'enregistrement n'est pas celui que game_started a publié
rp-verify-bad_seat = une graine de joueur nomme une place qui ne joue pas
rp-verify-client_seed_late = une graine de joueur est arrivée après le premier lancer
rp-verify-client_seed_repeated = une place a donné une seconde graine
rp-verify-bad_client_seed = une graine de joueur ne fait pas 0 à 64 lettres, chiffres, - ou _
rp-verify-client_seed_mismatch = les graines des joueurs diffèrent de celles de l'enregistrement
rp-verify-bad_game_over = l'enregistrement a un second événement game_over
rp-verify-seed_mismatch = la graine révélée n'est pas celle de l'enregistrement
rp-verify-bad_seed = la graine n'est pas faite de 64 chiffres hexadécimaux en minuscules
rp-verify-bad_spec = un lancer demande un nombre de dés qu'aucun lancer n'a
rp-verify-throw_numbering = les lancers ne sont pas numérotés 1, 2, 3, … dans l'ordre
rp-verify-commitment_not_seed = le SHA-256 de la graine n'est pas l'engagement
rp-verify-faces_mismatch = les faces d'un lancer ne sont pas celles que donne la graine

rp-chat-who = { $name } :
rp-chat-watching = { $name } (spectateur) :
rp-nobody-chatted = Personne n'a discuté.
