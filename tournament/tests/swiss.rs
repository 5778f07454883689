//! Swiss pairings as pure functions: recorded events round by round, the errors, and
//! properties over random events (no rematch, each player once, the right byes, a pairing
//! found whenever one exists).

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use senet_tournament::{
    Entrant, Outcome, Pairing, Played, PlayerId, SwissError, SwissRound, swiss_pairings,
    swiss_standings,
};
use serde::Deserialize;

fn entrant(id: &str, rating: i32) -> Entrant {
    Entrant {
        id: id.into(),
        rating,
        joined_ms: 0,
    }
}

fn pair(first: &str, second: &str) -> Pairing {
    Pairing {
        first: first.into(),
        second: second.into(),
    }
}

/// The games of a round from its pairings and outcomes, ending in board order.
fn play(round: u64, pairings: &[Pairing], outcomes: &[Outcome]) -> Vec<Played> {
    assert_eq!(pairings.len(), outcomes.len(), "one outcome per pairing");
    pairings
        .iter()
        .zip(outcomes)
        .zip(0..)
        .map(|((p, &outcome), board)| Played {
            first: p.first.clone(),
            second: p.second.clone(),
            outcome,
            ended_ms: round * 1_000 + board,
        })
        .collect()
}

/// What every round must be: each player in it once, no rematch, a bye exactly when the
/// count is odd, and a bye only to someone with the fewest byes so far.
fn check_round(players: &[Entrant], games: &[Played], byes: &[PlayerId], round: &SwissRound) {
    let met: BTreeSet<(&str, &str)> = games
        .iter()
        .flat_map(|g| [(&*g.first, &*g.second), (&*g.second, &*g.first)])
        .collect();
    let mut seen = BTreeSet::new();
    for p in &round.pairings {
        assert_ne!(p.first, p.second, "{p:?} pairs a player with themself");
        assert!(
            !met.contains(&(&*p.first, &*p.second)),
            "{p:?} is a rematch"
        );
        assert!(seen.insert(p.first.clone()), "{} twice", p.first);
        assert!(seen.insert(p.second.clone()), "{} twice", p.second);
    }
    if let Some(bye) = &round.bye {
        assert!(seen.insert(bye.clone()), "{bye} has the bye and a game");
        let had = |id: &str| byes.iter().filter(|b| *b == id).count();
        let fewest = players.iter().map(|p| had(&p.id)).min().unwrap_or(0);
        assert_eq!(
            had(bye),
            fewest,
            "{bye} gets another bye while someone has fewer"
        );
    }
    assert_eq!(round.bye.is_some(), players.len() % 2 == 1);
    let everyone: BTreeSet<PlayerId> = players.iter().map(|p| p.id.clone()).collect();
    assert_eq!(seen, everyone, "someone is left out");
}

#[derive(Deserialize)]
struct Fixture {
    name: String,
    players: Vec<Entrant>,
    rounds: Vec<FixtureRound>,
    final_standings: FixtureStandings,
}

#[derive(Deserialize)]
struct FixtureRound {
    pairings: Vec<(String, String)>,
    bye: Option<PlayerId>,
    outcomes: Vec<Outcome>,
}

#[derive(Deserialize)]
struct FixtureStandings {
    lines: Vec<FixtureLine>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct FixtureLine {
    id: PlayerId,
    points_x2: u32,
    buchholz_x2: u32,
    sonneborn_berger_x4: u32,
}

/// Plays a recorded event round by round: each round's pairings and bye as recorded, then
/// its recorded results, and at the end the recorded table.
fn replay(json: &str) {
    let fixture: Fixture = serde_json::from_str(json).expect("a fixture");
    let (mut games, mut byes) = (Vec::new(), Vec::new());
    for (number, recorded) in (1..).zip(&fixture.rounds) {
        let round = swiss_pairings(&fixture.players, &games, &byes)
            .unwrap_or_else(|e| panic!("{}, round {number}: {e}", fixture.name));
        check_round(&fixture.players, &games, &byes, &round);
        let expected: Vec<Pairing> = recorded.pairings.iter().map(|(a, b)| pair(a, b)).collect();
        assert_eq!(
            round,
            SwissRound {
                pairings: expected,
                bye: recorded.bye.clone(),
            },
            "{}, round {number}",
            fixture.name
        );
        games.extend(play(number, &round.pairings, &recorded.outcomes));
        byes.extend(round.bye);
    }
    let table: Vec<FixtureLine> = swiss_standings(&fixture.players, &games, &byes)
        .into_iter()
        .map(|s| FixtureLine {
            id: s.id,
            points_x2: s.points_x2,
            buchholz_x2: s.buchholz_x2,
            sonneborn_berger_x4: s.sonneborn_berger_x4,
        })
        .collect();
    assert_eq!(table, fixture.final_standings.lines, "{}", fixture.name);
}

#[test]
fn eight_players_three_rounds_as_recorded() {
    replay(include_str!("fixtures/swiss_8_players_3_rounds.json"));
}

#[test]
fn seven_players_four_rounds_as_recorded() {
    replay(include_str!("fixtures/swiss_7_players_4_rounds.json"));
}

#[test]
fn the_first_round_pairs_top_half_against_bottom_half() {
    let six: Vec<Entrant> = (0..6)
        .map(|i| entrant(&format!("p{i}"), 2000 - i))
        .collect();
    let round = swiss_pairings(&six, &[], &[]).unwrap();
    assert_eq!(
        round.pairings,
        vec![pair("p0", "p3"), pair("p1", "p4"), pair("p2", "p5")]
    );
    assert_eq!(round.bye, None);
    // Five: the lowest has the bye, and the four left pair 1-3, 2-4.
    let round = swiss_pairings(&six[..5], &[], &[]).unwrap();
    assert_eq!(round.pairings, vec![pair("p0", "p2"), pair("p1", "p3")]);
    assert_eq!(round.bye.as_deref(), Some("p4"));
}

#[test]
fn equal_ratings_rank_by_id_and_the_slice_order_does_not_matter() {
    let players = [
        entrant("dd", 1500),
        entrant("bb", 1500),
        entrant("cc", 1500),
        entrant("aa", 1500),
    ];
    let round = swiss_pairings(&players, &[], &[]).unwrap();
    assert_eq!(round.pairings, vec![pair("aa", "cc"), pair("bb", "dd")]);
    let mut reversed = players.clone();
    reversed.reverse();
    assert_eq!(swiss_pairings(&reversed, &[], &[]).unwrap(), round);
}

#[test]
fn four_players_have_no_fourth_round() {
    let players: Vec<Entrant> = ["a", "b", "c", "d"]
        .iter()
        .map(|id| entrant(id, 1500))
        .collect();
    let mut games = Vec::new();
    for number in 1..=3 {
        let round = swiss_pairings(&players, &games, &[]).unwrap();
        check_round(&players, &games, &[], &round);
        games.extend(play(
            number,
            &round.pairings,
            &[Outcome::Draw, Outcome::FirstWon],
        ));
    }
    // After three rounds everyone has met everyone.
    assert_eq!(
        swiss_pairings(&players, &games, &[]),
        Err(SwissError::NoPairingWithoutRematch)
    );
}

#[test]
fn three_players_take_turns_at_the_bye_until_all_have_met() {
    let players = [entrant("a", 1700), entrant("b", 1600), entrant("c", 1500)];
    let (mut games, mut byes) = (Vec::new(), Vec::new());
    let mut had_bye = Vec::new();
    for number in 1..=3 {
        let round = swiss_pairings(&players, &games, &byes).unwrap();
        check_round(&players, &games, &byes, &round);
        had_bye.push(round.bye.clone().unwrap());
        games.extend(play(number, &round.pairings, &[Outcome::FirstWon]));
        byes.extend(round.bye);
    }
    // c (lowest) first; then each round the only player without a bye whose absence leaves
    // a new game.
    assert_eq!(had_bye[0], "c");
    let distinct: BTreeSet<&String> = had_bye.iter().collect();
    assert_eq!(distinct.len(), 3);
    assert_eq!(
        swiss_pairings(&players, &games, &byes),
        Err(SwissError::NoPairingWithoutRematch)
    );
}

#[test]
fn the_bye_skips_a_player_whose_absence_leaves_a_rematch() {
    // Met: a-b, c-d, b-e, a-e; e had a bye. Ranks: e (2 points), a, b (1), c, d (1/2).
    // Without a bye: a, b, c, d, the lowest first. Without d, e can only meet c, leaving
    // a-b: a rematch. Without c, e can only meet d, leaving a-b again. Without b: e-c, a-d.
    let players: Vec<Entrant> = [
        ("a", 1900),
        ("b", 1800),
        ("c", 1700),
        ("d", 1600),
        ("e", 1500),
    ]
    .iter()
    .map(|&(id, r)| entrant(id, r))
    .collect();
    let game = |first: &str, second: &str, ended_ms| Played {
        first: first.into(),
        second: second.into(),
        outcome: Outcome::Draw,
        ended_ms,
    };
    let games = [
        game("a", "b", 1),
        game("c", "d", 2),
        game("b", "e", 3),
        game("a", "e", 4),
    ];
    let byes = ["e".to_owned()];
    let round = swiss_pairings(&players, &games, &byes).unwrap();
    check_round(&players, &games, &byes, &round);
    assert_eq!(round.bye.as_deref(), Some("b"));
}

#[test]
fn too_few_players() {
    assert_eq!(
        swiss_pairings(&[], &[], &[]),
        Err(SwissError::TooFewPlayers)
    );
    assert_eq!(
        swiss_pairings(&[entrant("a", 1500)], &[], &[]),
        Err(SwissError::TooFewPlayers)
    );
    // The same player twice is one player.
    assert_eq!(
        swiss_pairings(&[entrant("a", 1500), entrant("a", 1500)], &[], &[]),
        Err(SwissError::TooFewPlayers)
    );
}

#[test]
fn two_players_who_met_cannot_meet_again() {
    let players = [entrant("a", 1500), entrant("b", 1400)];
    let round = swiss_pairings(&players, &[], &[]).unwrap();
    assert_eq!(round.pairings, vec![pair("a", "b")]);
    let games = play(1, &round.pairings, &[Outcome::SecondWon]);
    assert_eq!(
        swiss_pairings(&players, &games, &[]),
        Err(SwissError::NoPairingWithoutRematch)
    );
}

#[test]
fn a_withdrawn_players_games_still_count() {
    // w beat b, lost to a, and withdrew. Still in: a (1 point), and b, c, d (0).
    let players: Vec<Entrant> = [("a", 1500), ("b", 1900), ("c", 1800), ("d", 1700)]
        .iter()
        .map(|&(id, r)| entrant(id, r))
        .collect();
    let games = [
        Played {
            first: "w".into(),
            second: "b".into(),
            outcome: Outcome::FirstWon,
            ended_ms: 1,
        },
        Played {
            first: "a".into(),
            second: "w".into(),
            outcome: Outcome::FirstWon,
            ended_ms: 2,
        },
    ];
    let round = swiss_pairings(&players, &games, &[]).unwrap();
    // a floats to the top of the 0 group, b (1900): a and b have both played once in seat 1
    // (a) and seat 2 (b): b has had seat 1 fewer times.
    assert_eq!(round.pairings, vec![pair("b", "a"), pair("c", "d")]);
    let table = swiss_standings(&players, &games, &[]);
    // w's score (1) counts in a's Buchholz though w is no longer listed.
    let a = table.iter().find(|s| s.id == "a").unwrap();
    assert_eq!(
        (a.points_x2, a.buchholz_x2, a.sonneborn_berger_x4),
        (2, 2, 4)
    );
    assert_eq!(a.performance, None, "w's rating is unknown");
    assert_eq!(table.len(), 4);
}

#[test]
fn three_hundred_players_nine_rounds() {
    let players: Vec<Entrant> = (0..300)
        .map(|i| entrant(&format!("p{i:03}"), 1200 + (i * 7919) % 1000))
        .collect();
    let (mut games, mut byes) = (Vec::new(), Vec::new());
    for number in 1..=9_u64 {
        let round = swiss_pairings(&players, &games, &byes).unwrap();
        check_round(&players, &games, &byes, &round);
        // Results from the board and the round: mostly decisive, a draw in seven.
        let outcomes: Vec<Outcome> = (0..round.pairings.len() as u64)
            .map(|b| match (b * 31 + number * 17) % 7 {
                0 => Outcome::Draw,
                1..=3 => Outcome::FirstWon,
                _ => Outcome::SecondWon,
            })
            .collect();
        games.extend(play(number, &round.pairings, &outcomes));
        byes.extend(round.bye);
    }
    assert_eq!(games.len(), 9 * 150);
}

/// Whether the players can be paired at all without a rematch (with an allowed bye):
/// trying everything.
fn pairable_by_brute_force(players: &[Entrant], games: &[Played], byes: &[PlayerId]) -> bool {
    let met: BTreeSet<(&str, &str)> = games
        .iter()
        .flat_map(|g| [(&*g.first, &*g.second), (&*g.second, &*g.first)])
        .collect();
    fn perfect(left: &[&str], met: &BTreeSet<(&str, &str)>) -> bool {
        let Some((&first, rest)) = left.split_first() else {
            return true;
        };
        rest.iter().enumerate().any(|(i, &other)| {
            !met.contains(&(first, other)) && {
                let others: Vec<&str> = rest
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &v)| v)
                    .collect();
                perfect(&others, met)
            }
        })
    }
    let ids: Vec<&str> = players.iter().map(|p| &*p.id).collect();
    if ids.len() % 2 == 0 {
        return perfect(&ids, &met);
    }
    let had = |id: &str| byes.iter().filter(|b| *b == id).count();
    let fewest = ids.iter().map(|id| had(id)).min().unwrap_or(0);
    ids.iter().filter(|id| had(id) == fewest).any(|bye| {
        let rest: Vec<&str> = ids.iter().copied().filter(|id| id != bye).collect();
        perfect(&rest, &met)
    })
}

fn outcome(code: u8) -> Outcome {
    match code % 3 {
        0 => Outcome::FirstWon,
        1 => Outcome::SecondWon,
        _ => Outcome::Draw,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random results over 2 to 24 players for up to n/2 rounds: every round pairs (so few
    /// rounds always leave a rematch-free pairing), with no rematch, each player once, at
    /// most one bye, and no second bye while someone has none.
    #[test]
    fn every_round_is_a_fair_swiss_round(
        n in 2_usize..=24,
        ratings in proptest::collection::vec(1000_i32..2200, 24),
        results in proptest::collection::vec(any::<u8>(), 12 * 12),
        rounds_wanted in 1_usize..=12,
    ) {
        let players: Vec<Entrant> =
            (0..n).map(|i| entrant(&format!("p{i:02}"), ratings[i])).collect();
        let rounds = rounds_wanted.min(n / 2);
        let (mut games, mut byes): (Vec<Played>, Vec<PlayerId>) = (Vec::new(), Vec::new());
        let mut codes = results.iter().copied();
        for number in 1..=rounds as u64 {
            let round = swiss_pairings(&players, &games, &byes);
            prop_assert!(round.is_ok(), "round {number} of {n}: {round:?}");
            let round = round.unwrap();
            check_round(&players, &games, &byes, &round);
            let outcomes: Vec<Outcome> =
                round.pairings.iter().map(|_| outcome(codes.next().unwrap_or(0))).collect();
            games.extend(play(number, &round.pairings, &outcomes));
            byes.extend(round.bye);
        }
        let table = swiss_standings(&players, &games, &byes);
        let total: u32 = table.iter().map(|s| s.points_x2).sum();
        prop_assert_eq!(total as usize, 2 * games.len() + 2 * byes.len());
    }

    /// Any history at all, however full of games: a round is found exactly when one
    /// exists, and it is a fair one.
    #[test]
    fn a_round_is_found_whenever_one_exists(
        n in 2_usize..=9,
        met in proptest::collection::vec((0_usize..9, 0_usize..9, any::<u8>()), 0..30),
        bye_takers in proptest::collection::vec(0_usize..9, 0..4),
    ) {
        let players: Vec<Entrant> =
            (0..n).map(|i| entrant(&format!("p{i}"), 1500 + (i as i32 % 3) * 10)).collect();
        let games: Vec<Played> = met
            .iter()
            .filter(|&&(a, b, _)| a < n && b < n && a != b)
            .zip(0..)
            .map(|(&(a, b, code), ended_ms)| Played {
                first: players[a].id.clone(),
                second: players[b].id.clone(),
                outcome: outcome(code),
                ended_ms,
            })
            .collect();
        let byes: Vec<PlayerId> =
            bye_takers.iter().filter(|&&b| b < n).map(|&b| players[b].id.clone()).collect();
        let round = swiss_pairings(&players, &games, &byes);
        prop_assert_eq!(round.is_ok(), pairable_by_brute_force(&players, &games, &byes));
        match round {
            Ok(round) => check_round(&players, &games, &byes, &round),
            Err(e) => prop_assert_eq!(e, SwissError::NoPairingWithoutRematch),
        }
    }

    /// The order of the slices never changes a round.
    #[test]
    fn the_order_of_the_slices_does_not_matter(
        n in 2_usize..=12,
        seed in any::<u64>(),
        rounds in 1_usize..=4,
    ) {
        let players: Vec<Entrant> =
            (0..n).map(|i| entrant(&format!("p{i:02}"), 1500 + ((seed >> i) % 5) as i32 * 25)).collect();
        let (mut games, mut byes) = (Vec::new(), Vec::new());
        for number in 1..=rounds.min(n / 2) as u64 {
            let round = swiss_pairings(&players, &games, &byes).unwrap();
            let outcomes: Vec<Outcome> = (0..round.pairings.len())
                .map(|b| outcome((seed >> ((b + number as usize) % 60)) as u8))
                .collect();
            games.extend(play(number, &round.pairings, &outcomes));
            byes.extend(round.bye);
        }
        let round = swiss_pairings(&players, &games, &byes);
        let (mut p, mut g, mut b) = (players.clone(), games.clone(), byes.clone());
        p.reverse();
        g.reverse();
        b.reverse();
        prop_assert_eq!(swiss_pairings(&p, &g, &b), round);
        prop_assert_eq!(swiss_standings(&p, &g, &b), swiss_standings(&players, &games, &byes));
    }
}

#[test]
fn scores_seen_by_the_pairing_and_by_the_standings_agree() {
    // One player per score from 0 to 3 (x2): the pairing ranks them as the standings do.
    let players = [
        entrant("w", 1000),
        entrant("x", 1100),
        entrant("y", 1200),
        entrant("z", 1300),
    ];
    let games = [
        Played {
            first: "w".into(),
            second: "x".into(),
            outcome: Outcome::FirstWon,
            ended_ms: 1,
        },
        Played {
            first: "y".into(),
            second: "z".into(),
            outcome: Outcome::Draw,
            ended_ms: 2,
        },
    ];
    let table = swiss_standings(&players, &games, &[]);
    let order: Vec<&str> = table.iter().map(|s| &*s.id).collect();
    assert_eq!(order, ["w", "z", "y", "x"]);
    let scores: BTreeMap<&str, u32> = table.iter().map(|s| (&*s.id, s.points_x2)).collect();
    assert_eq!(
        scores,
        BTreeMap::from([("w", 2), ("x", 0), ("y", 1), ("z", 1)])
    );
    // w (alone on 1) floats to the top of the ½ group, z; y then meets x.
    let round = swiss_pairings(&players, &games, &[]).unwrap();
    assert_eq!(round.pairings, vec![pair("z", "w"), pair("x", "y")]);
}

#[test]
fn a_group_keeps_its_games_inside_when_it_can() {
    // Top group (1 point each): a b c d, b having drawn c and d already. a's preferred c
    // (1-3) would leave b and d, who met, to float down; a-b keeps both games in the group:
    // a-b, c-d. Then the ½ group: e-g, f-h.
    let players: Vec<Entrant> = ["a", "b", "c", "d", "e", "f", "g", "h"]
        .iter()
        .zip(0..)
        .map(|(id, i)| entrant(id, 2000 - 50 * i))
        .collect();
    let drawn = |first: &str, second: &str, ended_ms| Played {
        first: first.into(),
        second: second.into(),
        outcome: Outcome::Draw,
        ended_ms,
    };
    let games = [
        drawn("b", "c", 1),
        drawn("c", "e", 2),
        drawn("a", "g", 3),
        drawn("b", "d", 4),
        drawn("d", "f", 5),
        drawn("a", "h", 6),
    ];
    let round = swiss_pairings(&players, &games, &[]).unwrap();
    check_round(&players, &games, &[], &round);
    // Seats: a and b had seat 1 twice each, c and d once, all last in seat 1; e, f, g, h
    // never, all last in seat 2: the better ranked first everywhere.
    assert_eq!(
        round.pairings,
        vec![
            pair("a", "b"),
            pair("c", "d"),
            pair("e", "g"),
            pair("f", "h")
        ]
    );
}
