//! The reviews of a few recorded games, pinned: each game's throws and moves are kept in
//! `fixtures/review_pins.json` (recorded once from seeded Easy-against-Hard games by
//! `cargo test --release -p senet-bots --test review_pins -- --ignored record_the_pins`), with what
//! the review said of every decision and every player when it was recorded. A change to the search, the
//! evaluation, the calibration or the classes that changes what a review says fails here,
//! and is then either a bug or a change to record again on purpose (and to say in
//! `docs/review.md`).

use senet_bots::Budget;
use senet_bots::review::{Review, Step, review};
use senet_engine::{Game, Setup, Status, Variant};
use serde::{Deserialize, Serialize};

/// The budget the server reviews with (`senet_match::game_review::REVIEW_BUDGET`).
const BUDGET: Budget = Budget::nodes(5_000);

#[derive(Deserialize, Serialize)]
struct Pinned {
    variant: Variant,
    /// "t 2 4" for a throw's faces, "m <move>" for a move in notation.
    steps: Vec<String>,
    /// [`describe`]'s lines for the review as recorded.
    review: Vec<String>,
}

/// The steps of a recorded game, read against the game as it goes (a throw's spec is the
/// one the game asks for).
fn replay(variant: Variant, lines: &[String]) -> (Game, Vec<Step>) {
    let start = Game::new(variant, Setup::default()).expect("two players are a valid setup");
    let mut game = start.clone();
    let mut steps = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let (kind, rest) = line.split_once(' ').expect("a kind and a value");
        match (kind, game.status()) {
            ("t", Status::Throw { spec, .. }) => {
                let faces: Vec<u8> = rest
                    .split(' ')
                    .map(|f| f.parse().expect("a face"))
                    .collect();
                let throw = senet_engine::Throw::new(spec, &faces).expect("a throw of the spec");
                game.throw(throw).expect("the recorded throw");
                steps.push(Step::Throw(throw));
            }
            ("m", Status::Move { player }) => {
                let mv = game.parse_move(rest).expect("a move in notation");
                game.play(player, mv).expect("the recorded move");
                steps.push(Step::Move(mv));
            }
            _ => panic!("step {k} ({line}) is not what the game waits for"),
        }
    }
    assert!(
        matches!(game.status(), Status::Over(_)),
        "a recorded game ends"
    );
    (start, steps)
}

/// What a review says, a line per decision and per player, figures to one decimal.
pub fn describe(r: &Review) -> Vec<String> {
    let mut lines: Vec<String> = r
        .decisions
        .iter()
        .map(|d| {
            format!(
                "step {} player {}: played {} best {} cost {:.1} {:?} depth {} of {} options",
                d.step,
                d.player.index() + 1,
                d.played,
                d.best(),
                d.cost,
                d.class,
                d.depth,
                d.options.len()
            )
        })
        .collect();
    for (i, p) in r.players.iter().enumerate() {
        lines.push(format!(
            "player {}: {} decisions, {}/{}/{} errors, average cost {:.2}, luck {:.1}",
            i + 1,
            p.decisions,
            p.inaccuracies,
            p.mistakes,
            p.blunders,
            p.average_cost(),
            p.luck
        ));
    }
    lines
}

/// The games recorded: a variant with each of the two thresholds, and short games.
const RECORDED: [(Variant, u64); 4] = [
    (Variant::Pyramid, 7),
    (Variant::Bell, 3),
    (Variant::Modern, 5),
    (Variant::Martian, 2),
];

/// One game between Easy (player 1) and Hard, its throws from a seeded ChaCha8: its steps
/// as the fixture writes them.
fn record(variant: Variant, seed: u64) -> Vec<String> {
    use rand::{Rng, SeedableRng};
    use senet_bots::{Bot, Level};
    let mut game = Game::new(variant, Setup::default()).expect("two players are a valid setup");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut bots = [Bot::new(Level::Easy, seed), Bot::new(Level::Hard, seed ^ 1)];
    let mut lines = Vec::new();
    while !matches!(game.status(), Status::Over(_)) {
        match game.status() {
            Status::Throw { spec, .. } => {
                let all = spec.all_throws();
                let throw = all[rng.random_range(0..all.len())];
                game.throw(throw).expect("a throw of the spec");
                let faces: Vec<String> = throw.faces().iter().map(u8::to_string).collect();
                lines.push(format!("t {}", faces.join(" ")));
            }
            Status::Move { player } => {
                let mv = bots[player.index()]
                    .choose(&game, Budget::DEFAULT)
                    .expect("the game waits for a move");
                game.play(player, mv).expect("a bot plays legal moves");
                lines.push(format!("m {mv}"));
            }
            Status::Over(_) => {}
        }
    }
    lines
}

/// Records the games again and what their reviews say now: a tool, run only on purpose
/// (see the module's documentation), never by the suite.
#[test]
#[ignore = "writes the fixture: run on purpose to record the pins again"]
fn record_the_pins() {
    let pins: Vec<Pinned> = RECORDED
        .iter()
        .map(|&(variant, seed)| {
            let steps = record(variant, seed);
            let (start, replayed) = replay(variant, &steps);
            let r = review(&start, &replayed, BUDGET).expect("a recorded game reviews");
            Pinned {
                variant,
                steps,
                review: describe(&r),
            }
        })
        .collect();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/review_pins.json"
    );
    let text = serde_json::to_string_pretty(&pins).expect("pins write") + "\n";
    std::fs::write(path, text).expect("the fixture is written");
}

#[test]
fn the_reviews_of_recorded_games_are_as_pinned() {
    let pinned: Vec<Pinned> =
        serde_json::from_str(include_str!("fixtures/review_pins.json")).expect("the pins read");
    assert!(pinned.len() >= 3, "a few games");
    for p in &pinned {
        let (start, steps) = replay(p.variant, &p.steps);
        let r = review(&start, &steps, BUDGET).expect("a recorded game reviews");
        let got = describe(&r);
        for (k, (got, want)) in got.iter().zip(&p.review).enumerate() {
            assert_eq!(got, want, "{} game, line {k} of its review", p.variant.id());
        }
        assert_eq!(got.len(), p.review.len(), "{} game", p.variant.id());
        assert!(
            r.decisions.len() >= 10,
            "{} game: a game with decisions to pin",
            p.variant.id()
        );
    }
}
