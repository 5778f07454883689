## A game in words (web/story.js): the narrative of a board's page, of Senet TV and of a
## replay. `$form`: `past` ("moved"), `you` (the same said of this page's seat: some
## languages conjugate it) or `base` ("move", to follow "to"). `$me`: `yes` when the subject
## is this page's seat ("You").

# A piece as the geometry names it, with no article. `$kind`: white, black, pharaoh, man,
# small, medium, large, dots (a numbered piece: `$dots`) or other.
story-piece = { $kind ->
    [white] white piece
    [black] black piece
    [pharaoh] Pharaoh
    [man] man
    [small] small pyramid
    [medium] medium pyramid
    [large] large pyramid
    [dots] piece { $dots }
   *[other] piece
}
story-the-piece = the { story-piece }
story-a-piece = a piece
# The mover's stack: its bottom piece and the `$count` pyramids on it.
story-the-stack = the { story-piece } with { $count ->
    [one] { $count } pyramid
   *[other] { $count } pyramids
} on it
# Another seat's piece (`$who`), or this page's own (`$me`).
story-whose-piece = { $me ->
    [yes] your { story-piece }
   *[other] { $who }'s { story-piece }
}
story-dice = { $count ->
    [one] die { $dice }
   *[other] dice { $dice }
}
story-diced = {" "}({ $dice })
story-sticks = { $sticks } sticks: { $plain ->
    [one] { $plain } plain side
   *[other] { $plain } plain sides
} up
story-stick-value = { $value } ({ $sticks })
# The faces of dice: "3, 4 and 5".
story-faces = { $init } and { $last }
story-coaster-east-to-west = the east coaster to the west end
story-coaster-west-to-east = the west coaster to the east end
story-button-d1 = Throw one die
story-button-d2 = Throw two dice
story-button-black = Play black
story-button-white = Play white
story-button-pass = Pass (end the turn)

## What a move did, without its subject.

story-deed-coaster = { $form ->
    [base] move
   *[other] moved
} { $coaster } ({ $move }), carrying { $stacks ->
    [one] { $stacks } stack
   *[other] { $stacks } stacks
}
story-deed-choice-d1 = { $form ->
    [base] choose
   *[other] chose
} to throw one die
story-deed-choice-d2 = { $form ->
    [base] choose
   *[other] chose
} to throw two dice
story-deed-choice-black = { $form ->
    [base] choose
   *[other] chose
} to play black
story-deed-choice-white = { $form ->
    [base] choose
   *[other] chose
} to play white
story-deed-choice-pass = { $form ->
    [base] choose
   *[other] chose
} to pass, leaving the turn's throws unused
story-deed-played = { $form ->
    [base] play
   *[other] played
} { $move }
story-deed-bear-off = { $form ->
    [base] bear off
   *[other] bore off
} { $piece } from { $from }
story-deed-move = { $form ->
    [base] move
   *[other] moved
} { $piece } from { $from } to { $to }{ $via }
story-via = {" "}by way of { $places }
story-also-capture = { $form ->
    [base] capture
   *[other] captured
} { $piece } on { $from }
story-also-sent-back = { $form ->
    [base] send
   *[other] sent
} { $piece } back from { $from } to { $to }
story-also-removed = { $form ->
    [base] push
   *[other] pushed
} { $piece } off { $from }, out of the game
story-also-bear-off = { $form ->
    [base] bear off
   *[other] bore off
} { $piece }
story-also-move = { $form ->
    [base] move
   *[other] moved
} { $piece } from { $from } to { $to }
# Before the first of a move's other deeds, and between the others.
story-and = {", and "}
story-comma = {", "}

## The sentences.

story-moved = { $me ->
    [yes] You
   *[other] { $who }
} { $deed }.
story-threw = { $me ->
    [yes] You
   *[other] { $who }
} threw { $again ->
    [yes] again: { $throw }
   *[other] { $throw }
}.
story-threw-start = { $me ->
    [yes] You
   *[other] { $who }
} threw { $throw } for the start.
story-kept = Kept: throw again before moving.
story-no-move-pooled = No legal move with these throws.
story-no-move = No legal move with this throw.
# `$to`: you, other (`$next`) or none.
story-passed = { $me ->
    [yes] You
   *[other] { $who }
} could not move: the turn passes{ $to ->
    [you] {" "}to you
    [other] {" "}to { $next }
   *[none] {""}
}.

## Copying a position.

story-copy-field = The position's notation
story-copy-none = No position yet.
story-copied = Copied
story-copy-by-hand = Copy the selected text
