## Les mots de web/people.js, sur toutes les pages : la boîte des défis, la ligne du salon sur
## qui est en ligne et sa liste des joueurs suivis, et la boîte « prochaine partie » d'un
## tournoi. Les noms sont ceux des comptes et des tournois, tels que le serveur les envoie.

people-challenges =
    .aria-label = Défis
people-rated = classée
people-casual = amicale
people-best-of = au meilleur des { $target }
people-first-to = le premier à { $target }
people-clock = pendule { $rule }
people-comma = {", "}
people-you-challenged = Vous avez défié { $to } : { $terms }. En attente d'une réponse…
people-challenges-you = { $from } vous défie : { $terms }.
people-cancel = Annuler
people-accept = Accepter le défi de { $from }
people-decline = Refuser
people-accepted-yours = { $to } a accepté votre défi.
people-you-accepted = Vous avez accepté le défi de { $from }.
people-declined-yours = { $to } a refusé votre défi.
people-you-declined = Vous avez refusé le défi de { $from }.
people-you-took-back = Vous avez retiré votre défi à { $to }.
people-took-back = { $from } a retiré son défi.
people-go-to-board = Aller au plateau
people-close = Fermer
people-challenge-gone = Ce défi n'est plus ouvert.

people-next-game = Votre prochaine partie de { $tournament } est prête.
people-going =
    { $secs ->
        [one] Direction le plateau dans { $secs } seconde…
       *[other] Direction le plateau dans { $secs } secondes…
    }
people-stay = Rester ici
people-waiting = Votre partie vous attend : sa pendule tourne.

people-online =
    { $online ->
        [one] { $online } personne en ligne
       *[other] { $online } personnes en ligne
    } · { $playing ->
        [one] { $playing } partie en cours
       *[other] { $playing } parties en cours
    }
people-status =
    { $status ->
        [offline] hors ligne
        [online] en ligne
        [playing] en train de jouer
       *[other] { $status }
    }
people-watch = regarder
