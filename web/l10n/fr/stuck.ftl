## Pourquoi une pièce ne peut pas bouger (le `stuck` d'une trame : sa raison, mise en mots par
## match.js selon la variante de la partie, `$variant`).

stuck-must-wait = { $variant ->
    [bell] Une pièce sur X, III, II ou I ne part qu'en sortant avec ce nombre (4, 3, 2, 1).
    [jequier] Cette pièce doit attendre que la pièce devant elle ait bougé.
    [parker] Ce pion doit attendre : il n'atteint la case 20 que par un compte exact, et ne la quitte qu'avec un un d'un lancer suivant.
    [pyramid] Cette pyramide doit attendre sur sa case numérotée qu'un dé montre le numéro de cette case.
    [martian] Cette pyramide doit attendre.
   *[other] Cette pièce doit attendre.
}
stuck-must-bear-off-first = { $variant ->
    [pyramid] Une pyramide sur une case numérotée qu'un dé de ce lancer fait sortir doit partir d'abord.
   *[other] Vous devez d'abord sortir une pièce.
}
stuck-must-move-forced-piece = { $variant ->
    [bell] Une pièce sur une case marquée peut bouger : elle doit bouger d'abord.
    [kendall] Une autre pièce doit bouger : la pièce de tête sur le 1 d'ouverture, votre pièce dans l'eau, ou votre pièce revenue de l'eau jusqu'à ce qu'elle reparte.
    [modern] Une de vos pièces sur les cases 28 à 30 doit bouger ce tour-ci, et ce coup l'en empêcherait.
    [pyramid] La pyramide sur l'Ânkh (26) doit bouger d'abord.
    [martian] Une autre pyramide doit bouger d'abord.
    [parker] Un autre pion doit bouger d'abord.
   *[other] Une autre pièce doit bouger d'abord.
}
stuck-must-use-all-dice = { $variant ->
    [martian] Bouger cette pyramide laisserait un dé inutilisé : les deux dés doivent être joués quand ils peuvent l'être.
    [pyramid] Bouger cette pyramide laisserait un dé inutilisé : les deux dés doivent être joués quand ils peuvent l'être.
    [parker] Bouger ce pion laisserait un dé inutilisé : les deux dés doivent être joués quand ils peuvent l'être.
   *[other] Bouger cette pièce laisserait un dé inutilisé : les deux dés doivent être joués quand ils peuvent l'être.
}
stuck-blocked = { $variant ->
    [jequier] Cette pièce est bloquée par trois pièces adverses à la suite.
    [kendall] L'eau contient déjà une pièce.
    [martian] Cette pyramide est bloquée par un arbre complet de l'autre couleur sur son chemin.
    [parker] Ce pion est bloqué par un de vos propres pions sur son chemin.
    [pyramid] Cette pyramide est bloquée par trois pyramides adverses à la suite.
   *[other] Cette pièce est bloquée.
}
stuck-protected = { $variant ->
    [bell] Cette pièce tomberait sur une pièce adverse sur une case marquée, où elle est à l'abri.
    [jequier] Cette pièce tomberait sur une pièce protégée : deux d'une couleur côte à côte, ou une sur une case sûre (15, 26, 28, 29).
    [kendall] Cette pièce a une pièce de sa couleur à côté d'elle : elles se protègent l'une l'autre.
    [modern] Cette pièce tomberait sur une pièce protégée : les pièces sur les cases 28 à 30 sont à l'abri des pièces hors des cinq dernières cases.
    [pyramid] Cette pyramide tomberait sur une pyramide protégée : une à côté d'une autre de sa couleur, ou une sur une case marquée (26 à 30).
    [martian] Cette pyramide tomberait sur une pyramide protégée.
    [parker] Ce pion tomberait sur un pion protégé.
   *[other] Cette pièce tomberait sur une pièce protégée.
}
stuck-occupied-by-own = { $variant ->
    [martian] Cette pyramide tomberait sur une des vôtres.
    [pyramid] Cette pyramide tomberait sur une des vôtres.
    [parker] Ce pion tomberait sur un des vôtres.
   *[other] Cette pièce tomberait sur une des vôtres.
}
stuck-illegal-stack = { $variant ->
    [martian] Cette pyramide ne peut pas s'empiler là où elle tomberait : seulement sur une pyramide d'une taille de plus ou de moins, et jamais en coiffant un arbre.
    [pyramid] Cette pyramide ne peut pas être empilée là où elle tomberait.
    [parker] Ce pion ne peut pas être empilé là où il tomberait.
   *[other] Cette pièce ne peut pas être empilée là où elle tomberait.
}
stuck-cannot-bear-off = { $variant ->
    [jequier] Vous ne pouvez sortir qu'une fois toutes vos pièces dans la dernière rangée.
    [kendall] Vous ne pouvez sortir qu'une fois aucune de vos pièces sur la première rangée.
    [martian] Une pyramide ne sort qu'une fois aucune des vôtres sur la piste Source, et jamais en portant l'autre couleur.
    [pyramid] Seule une pyramide sur une case numérotée (27 à 30) sort, avec le numéro de cette case.
    [parker] Ce pion ne peut pas encore sortir.
   *[other] Cette pièce ne peut pas encore sortir.
}
stuck-off-path = { $variant ->
    [kendall] Une pièce doit s'arrêter exactement sur la case 26 avant de continuer, et ne quitte 28 à 30 qu'en sortant.
    [martian] Cette pyramide quitterait le plateau.
    [pyramid] Cette pyramide quitterait le plateau.
    [parker] Ce pion quitterait le plateau.
   *[other] Cette pièce quitterait le plateau.
}
stuck-trapped = { $variant ->
    [martian] Cette pyramide est tenue dans une plus grande : la plus grande bouge d'abord.
    [pyramid] Cette pyramide est tenue dans une autre : celle qui l'entoure bouge d'abord.
    [parker] Ce pion est tenu dans un autre : celui qui l'entoure bouge d'abord.
   *[other] Cette pièce est tenue dans une autre : celle qui l'entoure bouge d'abord.
}
stuck-no-backward = { $variant ->
    [bell] Les pièces n'avancent que vers l'avant.
    [jequier] Une pièce ne recule que quand aucune des vôtres ne peut avancer.
    [kendall] Une pièce ne recule que quand aucune des vôtres ne peut avancer, et jamais de 27 à 30.
    [parker] Ce pion ne peut pas reculer : seul le Pharaon recule, et seulement dans la rangée du Senet.
    [pyramid] Les pyramides ne reculent jamais.
    [martian] Cette pyramide ne peut pas reculer maintenant.
   *[other] Cette pièce ne peut pas reculer maintenant.
}
stuck-no-such-die = { $variant ->
    [bell] Le dé ne mène pas cette pièce aussi loin ; sortir demande le nombre exact.
    [jequier] Les bâtonnets ne mènent pas cette pièce aussi loin.
    [kendall] Les bâtonnets ne mènent pas cette pièce ainsi : 26 sort avec un 5, l'eau avec un 4, 28 avec un 3, 29 avec un 2.
    [martian] Ce lancer déplace un sous-verre, pas une pyramide : choisissez un coup de sous-verre.
    [pyramid] Ce lancer ne déplace pas cette pyramide.
    [parker] Ce lancer ne déplace pas ce pion.
   *[other] Ce lancer ne déplace pas cette pièce.
}
stuck-not-legal = { $variant ->
    [modern] Cette pièce a bougé avec le premier dé : le second dé déplace une autre pièce.
    [martian] Cette pyramide n'a aucun coup permis avec ce lancer.
    [pyramid] Cette pyramide n'a aucun coup permis avec ce lancer.
    [parker] Ce pion n'a aucun coup permis avec ce lancer.
   *[other] Cette pièce n'a aucun coup permis avec ce lancer.
}
