## La page « Comment jouer » /howto/martian : tous ses mots, dans l'ordre de la page
## (web/howto/martian.html n'en a aucun, seulement la place de chacun).

howto-martian-doc = Comment jouer au Senet martien — Senet
howto-martian-description =
    .content = Comment jouer au Senet martien : trois sous-verres, douze pyramides empilables chacun, un dé, les nids, les arbres, les blocs et les déplacements de sous-verre.
howto-martian-title = Comment jouer au Senet martien
howto-martian-lede = Un jeu Looney Pyramids de 2012 sur trois sous-verres carrés, où les pièces s'empilent.
howto-martian-lede-rules = Les règles exactes couvrent tous les cas.
howto-martian-goal = Le but
howto-martian-goal-1 = Être le premier à sortir vos douze pyramides.
howto-martian-board-pieces = Le plateau et les pièces
howto-martian-board-pieces-1 = Trois sous-verres de 3 × 3 cases sont alignés d'est en ouest, formant trois pistes de neuf cases. Toutes les pyramides font le même chemin : la piste de la Source d'est en ouest (S1–S9), retour par la piste de l'Équilibre d'ouest en est (B1–B9), la piste Parfaite d'est en ouest (P1–P9), puis la sortie. Chaque joueur a quatre petites, quatre moyennes et quatre grandes pyramides (1, 2 et 3 points). Elles commencent emboîtées par trois, la petite dans la moyenne dans la grande, en alternance sur la piste de la Source, avec une case vide au milieu. Le joueur 1, ici en rouge, a le trio le plus à l'est et joue le premier.
howto-martian-board-pieces-fig =
    .data-alt = Le départ : huit trios emboîtés sur la piste de la Source, rouges en S1, S3, S6 et S8, jaunes en S2, S4, S7 et S9, S5 vide. S1 et S5 sont entourées.
howto-martian-board-pieces-fig-caption = Le départ. Seule la grande pyramide extérieure d'un nid peut bouger : avec un 4, la grande rouge en S1 va sur la case vide S5.
howto-martian-die = Le dé
howto-martian-die-1 = Un dé à six faces. Un 1, 2, 3, 4 ou 6 fait avancer l'une de vos pyramides d'exactement autant de cases. Après un 1, un 5 ou un 6, vous relancez. Un 5 ne fait avancer aucune pyramide : un sous-verre d'un bout, avec tout ce qu'il porte, passe à l'autre bout de la rangée, sans être tourné. Les pyramides restent sur leurs pistes mais peuvent perdre ou gagner du terrain. Si vous ne pouvez pas jouer, un 1 ou un 6 fait relancer, et un 2, 3 ou 4 passe le dé.
howto-martian-stacking = Les empilements
howto-martian-stacking-1 = Vous déplacez l'une de vos pyramides libres, et les pyramides plus petites empilées dessus la suivent, quelle que soit leur couleur. Elle peut se poser sur une pyramide d'exactement une taille de plus (debout dessus : un arbre) ou d'exactement une taille de moins (en la recouvrant : un nid), jamais sur une de sa taille, et aucun nid ne peut recouvrir un arbre. Une pyramide dans un nid est prise au piège jusqu'à ce que celle qui la recouvre s'en aille. Un arbre complet d'une seule couleur, grande, moyenne et petite, est un bloc : les pyramides de l'autre couleur ne peuvent pas le franchir.
howto-martian-stacking-fig =
    .data-alt = Rouge : une grande en B2, un arbre complet en B7, une moyenne et une petite en P5. Jaune : un nid en S8, une grande portant une moyenne en B1, une moyenne en B4, une petite en B5. B2 et B4 sont entourées.
howto-martian-stacking-fig-caption = Rouge a fait 2 : sa grande en B2 peut recouvrir la moyenne jaune en B4 et la piéger. L'arbre rouge en B7 bloque toutes les pyramides jaunes derrière lui.
howto-martian-stacking-fig2 =
    .data-alt = Le même plateau après le coup de rouge, jaune à jouer un 5 : la grande rouge recouvre la moyenne jaune en B4.
howto-martian-stacking-fig2-caption = Jaune a fait 5. Amener le sous-verre de l'est au bout ouest ramènerait le bloc rouge de B7 en B1 ; amener le sous-verre de l'ouest à l'est renverrait le nid jaune lui-même de S8 en S2.
howto-martian-bearing-off-end = La sortie et la fin
howto-martian-bearing-off-end-1 = Vous pouvez sortir des pyramides dès qu'aucune des vôtres ne reste sur la piste de la Source ; tout nombre qui va au-delà de P9 fait sortir la pyramide, nul besoin d'un compte exact. Le premier qui a sorti ses douze pyramides gagne aussitôt. Le vainqueur marque pour chaque point des pyramides du perdant encore sur le plateau : 1 sur la piste Parfaite, 2 sur la piste de l'Équilibre, 3 sur la piste de la Source. Dans une série « au meilleur des », le match revient à qui a gagné le plus de parties ; dans une série « le premier à », au premier qui atteint le total de points.
howto-martian-bearing-off-end-fig =
    .data-alt = Rouge : un arbre en P2, une moyenne en P5, une petite en P8. Jaune : un nid en B3 et une grande en B7. P5 et la sortie sont entourées.
howto-martian-bearing-off-end-fig-caption = Rouge a quitté la piste de la Source : ce 6 fait donc sortir la moyenne en P5. Si rouge gagnait avec les pyramides jaunes là où elles sont, elles lui rapporteraient 18 points.
howto-martian-spec = Chaque détail, avec les tests qui le fixent :
howto-martian-spec-link = les règles exactes du Senet martien
