//! What a client is told beyond the moves, checked over random play of every variant: the
//! points breakdown of a finished game adds up to its points, the pieces that cannot move
//! are exactly the mover's pieces from which no legal move starts, each with a reason about
//! that piece and a sentence for the player, and every position names a side per player and
//! has its notes, which read back from JSON and say one line of English.

use std::collections::BTreeSet;

#[macro_use]
#[path = "support/every_ruleset.rs"]
mod every_ruleset;

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use senet_engine::geometry::{Layout, PieceKind, Place, StepKind};
use senet_engine::scoring::Whose;
use senet_engine::stuck::specificity;
use senet_engine::{IllegalMove, Player, Ruleset, Setup, Status, Throw, Variant};

fn roll(rng: &mut SmallRng, spec: senet_engine::ThrowSpec) -> Throw {
    let faces: Vec<u8> = (0..spec.count)
        .map(|_| rng.random_range(spec.die.min_face()..=spec.die.max_face()))
        .collect();
    Throw::new(spec, &faces).expect("a fair roll fits its spec")
}

/// The places of `game`'s pieces that belong to `player`.
fn places_of<R: Layout>(game: &R, player: Player) -> BTreeSet<Place> {
    game.placement()
        .board
        .into_iter()
        .filter(|s| s.pieces.iter().any(|p| p.owner == Some(player)))
        .map(|s| s.place)
        .collect()
}

/// Checks `stuck` (and the candidate moves behind it) in a position where `player` moves.
fn check_stuck<R: Ruleset>(game: &R, player: Player) {
    let at = game.to_notation();
    let legal = game.legal_moves();
    // Every legal move is a candidate, named by the place its piece leaves.
    let mut candidates = Vec::new();
    game.candidate_moves(|place, mv| candidates.push((place, mv)));
    let mut legal_from = BTreeSet::new();
    for &mv in &legal {
        let geometry = game.geometry(mv).expect("a legal move has a geometry");
        let Some(first) = geometry
            .steps
            .first()
            .filter(|s| s.kind != StepKind::Coaster)
        else {
            continue;
        };
        legal_from.insert(first.from);
        assert!(
            candidates.contains(&(first.from, mv)),
            "legal {mv} from {} is not a candidate in {at}",
            first.from
        );
    }
    let stuck = game.stuck();
    assert_eq!(
        game.stuck_except(|place| legal_from.contains(&place)),
        stuck,
        "stuck given the legal moves' places differs in {at}"
    );
    let stuck_at: BTreeSet<Place> = stuck.iter().map(|s| s.from).collect();
    assert_eq!(stuck_at.len(), stuck.len(), "a place listed twice in {at}");
    for s in &stuck {
        assert!(
            specificity(s.reason) > 0,
            "{} says nothing about the piece on {} in {at}",
            s.reason,
            s.from
        );
        // Every reason a click on a stuck piece can meet has a sentence for the player.
        let words = R::explain(s.reason);
        assert!(
            words.is_some_and(|w| !w.is_empty()),
            "no words for {} in {at}",
            s.reason
        );
        assert_eq!(R::VARIANT.explain(s.reason), words);
        assert_eq!(s.explained(R::VARIANT).text, words.unwrap_or_default());
        if s.reason == IllegalMove::NotLegal {
            // No code says "this piece moved already": `modern`'s piece that took the first
            // die of a split turn is the only one without a more specific reason.
            assert_eq!(
                R::VARIANT,
                Variant::Modern,
                "not_legal on {} in {at}",
                s.from
            );
            let moved = at.rsplit(':').next().and_then(|p| p.parse::<u8>().ok());
            let piece = game
                .placement()
                .board
                .into_iter()
                .find(|stack| stack.place == s.from)
                .and_then(|stack| stack.pieces.first().map(|p| p.kind));
            assert!(
                moved.is_some() && piece == moved.map(PieceKind::Numbered),
                "not_legal on {} in {at}",
                s.from
            );
        }
    }
    if candidates.is_empty() {
        // A choice that moves no piece (a colour, a number of dice): nothing is stuck.
        assert!(stuck.is_empty(), "stuck pieces in a choice: {at}");
        return;
    }
    // The mover's places are exactly those a legal move starts from, and the stuck ones.
    assert!(
        legal_from.is_disjoint(&stuck_at),
        "a place both movable and stuck in {at}: {stuck:?}"
    );
    let both: BTreeSet<Place> = legal_from.union(&stuck_at).copied().collect();
    assert_eq!(both, places_of(game, player), "in {at}: stuck {stuck:?}");
}

/// Checks the breakdown of a finished game against its outcome.
fn check_breakdown<R: Ruleset>(game: &R) {
    let at = game.to_notation();
    let outcome = game.status().outcome().expect("the game is over");
    let b = game.breakdown().expect("a finished game has a breakdown");
    assert_eq!(b.total, outcome.points, "breakdown {b:?} in {at}");
    assert_eq!(b.total, b.subtotals() * b.multiplier, "{b:?}");
    assert!(b.multiplier == 1 || b.multiplier == 2, "{b:?}");
    for item in &b.items {
        assert!(item.count > 0, "an empty item in {b:?}");
        assert_eq!(item.subtotal, item.count * item.each, "{b:?}");
    }
    let whose = match R::VARIANT {
        Variant::Martian | Variant::Jequier | Variant::Kendall => Whose::Loser,
        Variant::Modern | Variant::Parker | Variant::Pyramid | Variant::Bell => Whose::Winner,
    };
    assert_eq!(b.whose, whose);
    if outcome.winner.is_none() {
        assert!(b.items.is_empty(), "a draw scores nothing: {b:?}");
    }
}

/// Plays a random game (resigning at a random point in some), checking `stuck` at every
/// move and the breakdown at the end.
fn random_game<R: Ruleset>(seed: u64, setup: Setup) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = R::new(setup).expect("setup");
    let resign_after = rng.random_bool(0.3).then(|| rng.random_range(0..400u32));
    for action in 0..20_000u32 {
        assert_eq!(
            game.sides().len(),
            usize::from(game.players()),
            "{}",
            game.to_notation()
        );
        let notes = game.notes();
        let line = senet_engine::notes::english(&notes);
        assert!(
            !line.is_empty() && !line.contains('\n'),
            "{line:?} in {}",
            game.to_notation()
        );
        // What a client reads back from the wire is the same notes.
        let wire = serde_json::to_string(&notes).expect("notes serialise");
        let read: Vec<senet_engine::Note> = serde_json::from_str(&wire).expect("and read back");
        assert_eq!(read, notes, "{wire}");
        if resign_after == Some(action) && game.status().outcome().is_none() {
            let who = Player::from_index(rng.random_range(0..usize::from(game.players())))
                .expect("a seat of the game");
            game.resign(who)
                .expect("a game in progress can be resigned");
        }
        match game.status() {
            Status::Over(_) => {
                check_breakdown(&game);
                assert!(game.stuck().is_empty());
                return;
            }
            Status::Throw { spec, .. } => {
                assert!(game.breakdown().is_none());
                assert!(game.stuck().is_empty(), "nothing is stuck before a throw");
                game.throw(roll(&mut rng, spec)).expect("fair throw");
            }
            Status::Move { player } => {
                assert!(game.breakdown().is_none());
                check_stuck(&game, player);
                let legal = game.legal_moves();
                let mv = legal[rng.random_range(0..legal.len())];
                game.play(player, mv).expect("legal");
            }
        }
    }
    panic!("the game did not end: {}", game.to_notation());
}

macro_rules! random_games {
    ($name:ident, $ty:ty, $setup:expr) => {
        proptest! {
            #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]
            #[test]
            fn $name(seed in any::<u64>()) {
                random_game::<$ty>(seed, $setup);
            }
        }
    };
}

every_ruleset! {
    random_games:
    jequier => senet_engine::jequier::Jequier, Setup::default();
    pyramid => senet_engine::pyramid::Pyramid, Setup::default();
    bell => senet_engine::bell::Bell, Setup::default();
    modern_2p => senet_engine::modern::Modern, Setup::players(2);
    modern_4p => senet_engine::modern::Modern, Setup::players(4);
    parker => senet_engine::parker::Parker, Setup::default();
    parker_no_waiting => senet_engine::parker::Parker, Setup {
        waiting_for_one: false,
        ..Setup::default()
    };
    martian => senet_engine::martian::Martian, Setup::default();
    kendall => senet_engine::kendall::Kendall, Setup::default();
    kendall_all_options => senet_engine::kendall::Kendall, Setup {
        five_pieces: true,
        starting_throw: true,
        trap: true,
        home_row: true,
        ..Setup::default()
    };
}
