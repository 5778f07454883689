## La page « Comment jouer » /howto/modern : tous ses mots, dans l'ordre de la page
## (web/howto/modern.html n'en a aucun, seulement la place de chacun).

howto-modern-doc = Comment jouer au Senet-modern — Senet
howto-modern-description =
    .content = Comment jouer au Senet-modern : de deux à quatre joueurs, des pièces numérotées, deux dés, le soleil, la lune et l'oiseau, et des marques pour les pièces qui montent.
howto-modern-title = Comment jouer au Senet-modern
howto-modern-lede = Un jeu moderne sur l'ancien plateau, pour deux à quatre joueurs, avec des pièces numérotées et deux dés ordinaires.
howto-modern-lede-rules = Les règles exactes couvrent tous les cas.
howto-modern-goal = Le but
howto-modern-goal-1 = Faire « monter » des pièces, au-delà du bout du plateau, et gagner des marques : chaque pièce montée vaut son nombre de points. La partie s'arrête dès que trois pièces sont montées, celles de tous les joueurs comptées ensemble, et celui qui a le plus de marques l'emporte.
howto-modern-pieces-start = Les pièces et le départ
howto-modern-pieces-start-1 = Chaque joueur a cinq pièces de 1 à 5 points ; les pièces de chaque joueur ont leur couleur et leur forme. Elles s'alignent à partir de la case 1, le soleil : d'abord le 5 de chaque joueur, puis le 4 de chaque joueur, jusqu'aux 1. Le joueur dont la pièce est sur le soleil commence, et les tours suivent l'ordre des sièges. Les pièces suivent le parcours en S jusqu'à la case 30.
howto-modern-pieces-start-fig =
    .data-alt = Le départ à deux joueurs : pièces rouges et jaunes en alternance sur les cases 1 à 10, le 5 rouge sur le soleil, le 1 jaune sur la case 10.
howto-modern-pieces-start-fig-caption = Le départ à deux joueurs : le 5 rouge est sur le soleil, c'est donc rouge qui lance en premier.
howto-modern-dice-moving = Les dés et les déplacements
howto-modern-dice-moving-1 = Lancez deux dés. Avancez une pièce de leur somme, ou deux pièces différentes d'un dé chacune. Les deux dés doivent être utilisés quand c'est possible, et vous ne pouvez pas vous poser sur votre propre pièce. Posez-vous sur une pièce adverse et elle retourne au soleil ; la pièce qui s'y trouvait déjà, de quelque couleur qu'elle soit, quitte la partie pour de bon.
howto-modern-dice-moving-fig =
    .data-alt = Pièces rouges en 6, 12, 17 et 22 ; pièces jaunes en 1, 9, 14, 20 et 28 ; le 1 rouge est déjà monté. Les cases 6 et 9 sont entourées.
howto-modern-dice-moving-fig-caption = Rouge a fait 3 et 4. Le 4 rouge peut avancer de 3, de 6 à 9, et renvoyer le 4 jaune au soleil, où se trouve le 5 jaune : ce 5 quitte la partie.
howto-modern-special-squares = Les cases spéciales
howto-modern-special-squares-1 = Arrêtez-vous en 26, la lune, et votre pièce retourne au soleil. Arrêtez-vous en 27, l'oiseau, et elle s'envole jusqu'en 15 (un adversaire qui s'y trouve est renvoyé au soleil). Les cases 28, 29 et 30 sont à l'abri des pièces venant d'en dehors des cinq dernières cases, mais une pièce qui s'y trouve au début de votre tour doit bouger pendant ce tour.
howto-modern-going-up = Monter
howto-modern-going-up-1 = Le but est un pas au-delà de la case 30 : depuis 28 il faut exactement 3, depuis 29 un 2, depuis 30 un 1 (un dé ou la somme). Avec un nombre plus grand, la pièce va jusqu'au but puis recule des pas en trop, et la lune et l'oiseau agissent aussi au retour. Quand il ne vous reste qu'une pièce sur le plateau, vous choisissez de lancer un dé ou deux.
howto-modern-going-up-fig =
    .data-alt = Le même plateau, jaune à jouer : le 1 jaune est sur la case 28. La case 28 et la sortie sont entourées.
howto-modern-going-up-fig-caption = Jaune a fait 3 et 4, et sa pièce en 28 doit bouger. Le 3 la fait monter exactement ; le 4 la ferait rebondir en 30, et la somme de 7 la ferait rebondir sur l'oiseau, qui l'enverrait en 15.
howto-modern-end-score = La fin et les points
howto-modern-end-score-1 = On ne passe jamais : un joueur qui ne peut pas jouer du tout perd aussitôt. Sinon la troisième pièce montée met fin à la partie ; celui qui a le plus de marques l'emporte ; à égalité, celui qui a fait monter le plus de pièces, puis celui qui a fait monter une pièce le premier. Le vainqueur inscrit ses marques au score de la série : dans une série « au meilleur des », le match revient à qui a gagné le plus de parties ; dans une série « le premier à », au premier qui atteint le total de points.
howto-modern-spec = Chaque détail, avec les tests qui le fixent :
howto-modern-spec-link = les règles exactes du Senet-modern
