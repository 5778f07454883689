//! Arena rules as pure functions: streaks and the points of every mark, the ranking and its
//! ties, pairing order, never the same opponent twice in a row, seats.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use senet_tournament::{
    ArenaStanding, ArenaWaiting, Entrant, Mark, Outcome, Pairing, Played, arena_pairings,
    arena_standings,
};

fn entrant(id: &str, rating: i32, joined_ms: u64) -> Entrant {
    Entrant {
        id: id.into(),
        rating,
        joined_ms,
    }
}

fn game(first: &str, second: &str, outcome: Outcome, ended_ms: u64) -> Played {
    Played {
        first: first.into(),
        second: second.into(),
        outcome,
        ended_ms,
    }
}

fn pair(first: &str, second: &str) -> Pairing {
    Pairing {
        first: first.into(),
        second: second.into(),
    }
}

fn waiting(ids: &[&str]) -> Vec<ArenaWaiting> {
    ids.iter()
        .zip(0..)
        .map(|(id, since_ms)| ArenaWaiting {
            id: (*id).into(),
            since_ms,
        })
        .collect()
}

fn line<'a>(table: &'a [ArenaStanding], id: &str) -> &'a ArenaStanding {
    table.iter().find(|s| s.id == id).expect("listed")
}

const fn win(points: u32, doubled: bool) -> Mark {
    Mark::Win { points, doubled }
}

const fn draw(points: u32, doubled: bool) -> Mark {
    Mark::Draw { points, doubled }
}

/// `hot` plays `cold` once per letter (W: hot wins, D: a draw, L: hot loses), swapping
/// seats each game.
fn series(results: &str) -> Vec<Played> {
    results
        .chars()
        .zip(0..)
        .map(|(c, i)| {
            let (first, second) = if i % 2 == 0 {
                ("hot", "cold")
            } else {
                ("cold", "hot")
            };
            let hot_first = i % 2 == 0;
            let outcome = match (c, hot_first) {
                ('D', _) => Outcome::Draw,
                ('W', true) | ('L', false) => Outcome::FirstWon,
                ('W', false) | ('L', true) => Outcome::SecondWon,
                _ => panic!("W, D or L"),
            };
            game(first, second, outcome, 1_000 + 10 * i)
        })
        .collect()
}

#[test]
fn a_streak_doubles_until_a_game_is_not_won() {
    let entrants = [entrant("hot", 1500, 0), entrant("cold", 1500, 0)];
    let games = series("WWWLWWWDWDWW");
    let table = arena_standings(&entrants, &games);
    let hot = line(&table, "hot");
    assert_eq!(
        hot.sheet,
        vec![
            win(2, false),  // W
            win(2, false),  // W: two in a row, on fire
            win(4, true),   // W, doubled
            Mark::Loss,     // L ends the streak
            win(2, false),  // W
            win(2, false),  // W: on fire again
            win(4, true),   // W, doubled
            draw(2, true),  // D on fire: doubled, and the streak ends
            win(2, false),  // W
            draw(1, false), // D off a streak: 1
            win(2, false),  // W
            win(2, false),  // W: on fire for the next game
        ]
    );
    assert_eq!(hot.points, 2 + 2 + 4 + 2 + 2 + 4 + 2 + 2 + 1 + 2 + 2);
    assert_eq!(hot.points, 25);
    assert_eq!((hot.games, hot.wins, hot.on_fire), (12, 9, true));
    let cold = line(&table, "cold");
    // cold: won the 4th (2), drew the 8th and 10th (1 each, never on fire).
    assert_eq!(cold.points, 4);
    assert_eq!(cold.sheet[3], win(2, false));
    assert_eq!(cold.sheet[7], draw(1, false));
    assert!(!cold.on_fire);
    assert_eq!((table[0].rank, &*table[0].id), (1, "hot"));
}

#[test]
fn a_loss_or_a_draw_puts_the_fire_out() {
    let entrants = [entrant("hot", 1500, 0), entrant("cold", 1500, 0)];
    for (results, fire) in [
        ("WW", true),
        ("WWW", true),
        ("WWL", false),
        ("WWD", false),
        ("W", false),
        ("LWW", true),
        ("WDW", false),
        ("", false),
    ] {
        let table = arena_standings(&entrants, &series(results));
        assert_eq!(line(&table, "hot").on_fire, fire, "{results}");
    }
    // Three wins on fire in a row: 2, 2, 4, 4, 4.
    let table = arena_standings(&entrants, &series("WWWWW"));
    assert_eq!(line(&table, "hot").points, 16);
}

#[test]
fn the_order_of_the_games_is_when_they_ended() {
    let entrants = [entrant("hot", 1500, 0), entrant("cold", 1500, 0)];
    let games = series("WWLWWWDL");
    let mut shuffled = games.clone();
    shuffled.reverse();
    shuffled.swap(1, 5);
    assert_eq!(
        arena_standings(&entrants, &shuffled),
        arena_standings(&entrants, &games)
    );
}

#[test]
fn ties_break_by_performance_then_rating_then_joining_then_id() {
    let entrants = [
        entrant("twin_b", 1600, 5),
        entrant("late", 1600, 7),
        entrant("x", 1800, 0),
        entrant("bob", 1500, 0),
        entrant("ann", 1500, 0),
        entrant("y", 1400, 0),
        entrant("twin_a", 1600, 5),
        entrant("early", 1600, 5),
        entrant("new", 1700, 50),
    ];
    let games = [
        game("ann", "x", Outcome::FirstWon, 10),
        game("y", "bob", Outcome::SecondWon, 11),
        game("twin_a", "late", Outcome::Draw, 12),
        game("twin_b", "early", Outcome::Draw, 13),
    ];
    let table = arena_standings(&entrants, &games);
    let order: Vec<&str> = table.iter().map(|s| &*s.id).collect();
    // 2 points: ann (beat 1800: 2200) over bob (beat 1400: 1800).
    // 1 point, all four drew a 1600 (performance 1600), all rated 1600: twin_a, twin_b and
    //   early joined at 5 (then by id: early, twin_a, twin_b), late at 7.
    // 0 points: x and y both 1100 (1500 − 400); x is rated higher. new has no game, so no
    //   performance: last, though rated above y.
    assert_eq!(
        order,
        [
            "ann", "bob", "early", "twin_a", "twin_b", "late", "x", "y", "new"
        ]
    );
    let ranks: Vec<u32> = table.iter().map(|s| s.rank).collect();
    assert_eq!(ranks, (1..=9).collect::<Vec<u32>>());
    assert_eq!(line(&table, "ann").performance, Some(2200));
    assert_eq!(line(&table, "bob").performance, Some(1800));
    assert_eq!(line(&table, "x").performance, Some(1100));
    let new = line(&table, "new");
    assert_eq!((new.points, new.games, new.performance), (0, 0, None));
    assert!(new.sheet.is_empty());
}

#[test]
fn a_game_against_someone_not_entered_scores_but_has_no_performance() {
    let table = arena_standings(
        &[entrant("ann", 1500, 0)],
        &[game("ann", "ghost", Outcome::FirstWon, 1)],
    );
    assert_eq!(table.len(), 1);
    assert_eq!((table[0].points, table[0].performance), (2, None));
}

/// Standings in which `ids` rank 1, 2, … in that order (the pairing reads only the ranks).
fn ranked(ids: &[&str]) -> Vec<ArenaStanding> {
    ids.iter()
        .zip(1..)
        .map(|(id, rank)| ArenaStanding {
            rank,
            id: (*id).into(),
            rating: 1500,
            points: 0,
            games: 0,
            wins: 0,
            on_fire: false,
            performance: None,
            sheet: Vec::new(),
        })
        .collect()
}

#[test]
fn neighbours_in_rank_order_are_paired() {
    let standings = ranked(&["r1", "r2", "r3", "r4", "r5", "r6"]);
    // Waiting in another order than their ranks; r6 does not wait.
    let pairings = arena_pairings(&waiting(&["r4", "r2", "r5", "r1", "r3"]), &standings, &[]);
    // No games yet: the better ranked moves first; r5 waits for someone else.
    assert_eq!(pairings, vec![pair("r1", "r2"), pair("r3", "r4")]);
}

#[test]
fn the_real_standings_give_the_order() {
    let entrants = [
        entrant("a", 1500, 0),
        entrant("b", 1500, 0),
        entrant("c", 1500, 0),
        entrant("d", 1500, 0),
    ];
    let games = [
        game("a", "b", Outcome::SecondWon, 1),
        game("c", "d", Outcome::FirstWon, 2),
    ];
    let standings = arena_standings(&entrants, &games);
    // b and c won (b first: performance 1900 each, rating 1500 each, joined at 0: id), then
    // a and d. b and a just played, and so did c and d; b-c and a-d are new.
    let pairings = arena_pairings(&waiting(&["a", "b", "c", "d"]), &standings, &games);
    // Seats: b and d never had seat 1, c and a once.
    assert_eq!(pairings, vec![pair("b", "c"), pair("d", "a")]);
}

#[test]
fn never_the_same_opponent_twice_in_a_row() {
    let standings = ranked(&["r1", "r2", "r3", "r4"]);
    let games = [game("r1", "r2", Outcome::Draw, 1)];
    // 1 and 2 just played: 1-3, and 2 goes on with the next, 4. Seats: r1 had seat 1, r3
    // has no game yet: r3 first; r2 and r4 never had seat 1, r2 last sat in seat 2: r2.
    let pairings = arena_pairings(&waiting(&["r1", "r2", "r3", "r4"]), &standings, &games);
    assert_eq!(pairings, vec![pair("r3", "r1"), pair("r2", "r4")]);
    // Three waiting: 1-3, 2 waits.
    let pairings = arena_pairings(&waiting(&["r1", "r2", "r3"]), &standings, &games);
    assert_eq!(pairings, vec![pair("r3", "r1")]);
    // Only the two who just played: no game; they wait for someone else.
    let pairings = arena_pairings(&waiting(&["r2", "r1"]), &standings, &games);
    assert_eq!(pairings, vec![]);
}

#[test]
fn either_ones_last_game_counts() {
    let standings = ranked(&["a", "b", "c", "d"]);
    // a played b; then b played c. a's last opponent is b (b's is c): a-b would be a's
    // second game in a row against b.
    let games = [
        game("a", "b", Outcome::Draw, 1),
        game("b", "c", Outcome::Draw, 2),
    ];
    assert_eq!(
        arena_pairings(&waiting(&["a", "b"]), &standings, &games),
        vec![]
    );
    assert_eq!(
        arena_pairings(&waiting(&["b", "c"]), &standings, &games),
        vec![]
    );
    // a-c is new: a takes c (who never had seat 1, so moves first), and b, whose last game
    // was c's too, waits.
    assert_eq!(
        arena_pairings(&waiting(&["a", "b", "c"]), &standings, &games),
        vec![pair("c", "a")]
    );
    // Once both have played someone else, they may meet again.
    let games = [
        game("a", "b", Outcome::Draw, 1),
        game("a", "c", Outcome::Draw, 2),
        game("b", "d", Outcome::Draw, 3),
    ];
    assert_eq!(
        arena_pairings(&waiting(&["a", "b"]), &standings, &games),
        vec![pair("b", "a")]
    );
}

#[test]
fn seat_one_goes_to_who_had_it_less() {
    let standings = ranked(&["a", "b", "c", "d", "e", "f"]);
    let games = [
        // a: seat 1 twice; b: once.
        game("a", "x", Outcome::Draw, 1),
        game("a", "y", Outcome::Draw, 2),
        game("b", "z", Outcome::Draw, 3),
        // c and d: seat 1 once each, c last in seat 1, d last in seat 2.
        game("c", "x", Outcome::Draw, 4),
        game("y", "d", Outcome::Draw, 5),
        game("d", "z", Outcome::Draw, 0),
        // e and f: seat 2 once each, both last in seat 2.
        game("x", "e", Outcome::Draw, 6),
        game("y", "f", Outcome::Draw, 7),
    ];
    let pairings = arena_pairings(
        &waiting(&["a", "b", "c", "d", "e", "f"]),
        &standings,
        &games,
    );
    assert_eq!(
        pairings,
        vec![pair("b", "a"), pair("d", "c"), pair("e", "f")]
    );
}

#[test]
fn whoever_has_no_rank_waits_behind_the_ranked_longest_waiting_first() {
    let standings = ranked(&["r1", "r2"]);
    let queue = [
        ArenaWaiting {
            id: "fresh".into(),
            since_ms: 900,
        },
        ArenaWaiting {
            id: "r2".into(),
            since_ms: 1_000,
        },
        ArenaWaiting {
            id: "old".into(),
            since_ms: 100,
        },
        // The same player twice is paired at most once.
        ArenaWaiting {
            id: "r2".into(),
            since_ms: 1_100,
        },
    ];
    assert_eq!(
        arena_pairings(&queue, &standings, &[]),
        vec![pair("r2", "old")]
    );
}

#[test]
fn marks_serialize_tagged_snake_case() {
    let json = serde_json::to_string(&[win(4, true), draw(1, false), Mark::Loss]).unwrap();
    assert_eq!(
        json,
        r#"[{"result":"win","points":4,"doubled":true},{"result":"draw","points":1,"doubled":false},{"result":"loss"}]"#
    );
    let back: Vec<Mark> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, vec![win(4, true), draw(1, false), Mark::Loss]);
    assert_eq!(
        serde_json::to_string(&Outcome::FirstWon).unwrap(),
        r#""first_won""#
    );
}

fn outcome(code: u8) -> Outcome {
    match code % 3 {
        0 => Outcome::FirstWon,
        1 => Outcome::SecondWon,
        _ => Outcome::Draw,
    }
}

proptest! {
    /// Random arena histories: the sheet adds up, the order of the slice does not matter,
    /// and the pairings pair waiting players once each, never two who just played, and
    /// leave out only players who just played every other one left out.
    #[test]
    fn arena_invariants(
        n in 2_usize..=12,
        raw in proptest::collection::vec((0_usize..12, 0_usize..12, any::<u8>()), 0..60),
        waiting_mask in any::<u16>(),
    ) {
        let entrants: Vec<Entrant> = (0..n)
            .map(|i| entrant(&format!("p{i:02}"), 1400 + (i as i32 * 37) % 300, i as u64))
            .collect();
        let games: Vec<Played> = raw
            .iter()
            .filter(|&&(a, b, _)| a < n && b < n && a != b)
            .zip(0..)
            .map(|(&(a, b, code), t)| game(&entrants[a].id, &entrants[b].id, outcome(code), t))
            .collect();
        let table = arena_standings(&entrants, &games);
        prop_assert_eq!(table.len(), n);
        for s in &table {
            prop_assert_eq!(s.points, s.sheet.iter().map(|m| m.points()).sum::<u32>());
            prop_assert_eq!(s.games as usize, s.sheet.len());
        }
        let total_games: u32 = table.iter().map(|s| s.games).sum();
        prop_assert_eq!(total_games as usize, 2 * games.len());
        for pair in table.windows(2) {
            prop_assert!(pair[0].points >= pair[1].points);
        }
        let mut reversed = games.clone();
        reversed.reverse();
        prop_assert_eq!(&arena_standings(&entrants, &reversed), &table);

        let queue: Vec<ArenaWaiting> = (0..n)
            .filter(|i| waiting_mask & (1 << i) != 0)
            .map(|i| ArenaWaiting { id: entrants[i].id.clone(), since_ms: i as u64 })
            .collect();
        let pairings = arena_pairings(&queue, &table, &games);
        let mut last: BTreeMap<&str, &str> = BTreeMap::new();
        for g in &games {
            last.insert(&g.first, &g.second);
            last.insert(&g.second, &g.first);
        }
        let just_played =
            |a: &str, b: &str| last.get(a) == Some(&b) || last.get(b) == Some(&a);
        let mut used = BTreeSet::new();
        for p in &pairings {
            prop_assert!(queue.iter().any(|w| w.id == p.first));
            prop_assert!(queue.iter().any(|w| w.id == p.second));
            prop_assert!(used.insert(p.first.clone()) && used.insert(p.second.clone()));
            prop_assert!(!just_played(&p.first, &p.second));
        }
        let left: Vec<&str> =
            queue.iter().map(|w| &*w.id).filter(|id| !used.contains(*id)).collect();
        for (i, a) in left.iter().enumerate() {
            for b in &left[i + 1..] {
                prop_assert!(just_played(a, b), "{} and {} could have played", a, b);
            }
        }
    }
}
