//! Drives a game of any variant with throws and choices taken from the input, and checks at
//! every decision that the engine's generated moves are exactly the legal ones: every
//! generated move is accepted, and of every move the variant's notation can express (an
//! enumeration independent of the generator), exactly the generated ones are accepted.
//! Arbitrary text is also fed to the move and position parsers, which must refuse it
//! cleanly. Any panic is a finding.
#![no_main]

use libfuzzer_sys::fuzz_target;
use senet_engine::{Game, Move, Player, Setup, Status, Throw, Variant};

/// Every move the variant's notation can express, whether legal or not.
fn expressible(game: &Game) -> Vec<Move> {
    let mut texts: Vec<String> = Vec::new();
    match game.variant() {
        Variant::Modern => {
            texts.extend(["d1".into(), "d2".into()]);
            for piece in 0..=6 {
                for dist in 0..=13 {
                    texts.push(format!("{piece}+{dist}"));
                }
            }
        }
        Variant::Martian => {
            texts.extend(["E>W".into(), "W>E".into()]);
            for track in ['S', 'B', 'P', 'A'] {
                for n in 0..=10 {
                    for size in ['S', 'M', 'L', 'X'] {
                        texts.push(format!("{track}{n}{size}"));
                    }
                }
            }
        }
        Variant::Parker | Variant::Jequier | Variant::Pyramid | Variant::Bell | Variant::Kendall => {
            texts.extend(["black".into(), "white".into(), "pass".into()]);
            // `kendall` names the throw a move uses where the squares do not: `30-off/2`.
            let throws: &[u8] = if game.variant() == Variant::Kendall { &[1, 2, 3, 4, 5] } else { &[] };
            for from in 0..=32 {
                texts.push(format!("{from}-off"));
                texts.extend(throws.iter().map(|n| format!("{from}-off/{n}")));
                for to in 0..=32 {
                    texts.push(format!("{from}-{to}"));
                    texts.extend(throws.iter().map(|n| format!("{from}-{to}/{n}")));
                }
            }
        }
    }
    let mut moves: Vec<Move> = texts.iter().filter_map(|t| game.parse_move(t).ok()).collect();
    moves.sort_by_key(|m| m.to_string());
    moves.dedup();
    moves
}

fn check_decision(game: &Game, player: Player, candidates: &[Move]) {
    let legal = game.legal_moves();
    assert!(!legal.is_empty(), "a move is due but none is generated");
    for mv in &legal {
        let text = mv.to_string();
        assert_eq!(game.parse_move(&text).ok(), Some(*mv), "{text} does not parse back");
        assert!(candidates.contains(mv), "generated {text} is not expressible");
    }
    for mv in candidates {
        let mut g = game.clone();
        let accepted = g.play(player, *mv).is_ok();
        assert_eq!(
            accepted,
            legal.contains(mv),
            "{mv}: accepted {accepted}, generated {} in {}",
            legal.contains(mv),
            game.to_notation()
        );
        if !accepted {
            assert_eq!(&g, game, "a refused move changed the game");
        }
    }
    // Nobody else may move now.
    for i in 0..game.players() {
        let other = Player::from_index(usize::from(i)).expect("a player");
        if other != player {
            let mut g = game.clone();
            assert!(g.play(other, legal[0]).is_err(), "{other:?} moved out of turn");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[usize::from(head) % Variant::ALL.len()];
    let players = if variant == Variant::Modern { 2 + (head >> 4) % 3 } else { 2 };
    let mut setup = Setup::players(players);
    setup.waiting_for_one = head & 0x08 != 0;
    let mut game = Game::new(variant, setup).expect("a valid setup");
    // Text inputs: the parsers refuse what they cannot read, without panicking.
    if head & 0x80 != 0 {
        let text = String::from_utf8_lossy(rest);
        let _ = game.parse_move(&text);
        let _ = Game::from_notation(variant, &text);
        return;
    }
    // Parsing says nothing about the position, so the candidates are read once.
    let candidates = expressible(&game);
    let mut bytes = rest.iter().copied();
    for _ in 0..400 {
        game.check_invariants().expect("invariants hold");
        match game.status() {
            Status::Over(_) => return,
            Status::Throw { spec, .. } => {
                let faces: Vec<u8> = (0..spec.count)
                    .map(|_| {
                        let b = bytes.next().unwrap_or(0);
                        spec.die.min_face() + b % spec.die.faces()
                    })
                    .collect();
                let throw = Throw::new(spec, &faces).expect("faces in range fit the spec");
                game.throw(throw).expect("a throw of the asked spec is accepted");
            }
            Status::Move { player } => {
                check_decision(&game, player, &candidates);
                let legal = game.legal_moves();
                let Some(b) = bytes.next() else { return };
                let mv = legal[usize::from(b) % legal.len()];
                game.play(player, mv).expect("a generated move is accepted");
            }
        }
    }
});
