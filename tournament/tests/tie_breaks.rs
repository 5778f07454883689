//! Swiss tie-breaks against tables computed by hand.

use senet_tournament::{Entrant, Outcome, Played, PlayerId, SwissStanding, swiss_standings};

fn entrant(id: &str, rating: i32) -> Entrant {
    Entrant {
        id: id.into(),
        rating,
        joined_ms: 0,
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

/// (id, points ×2, Buchholz ×2, Sonneborn–Berger ×4, performance, games, byes).
type Row<'a> = (&'a str, u32, u32, u32, Option<i32>, u32, u32);

/// The table's rows in rank order.
fn rows(table: &[SwissStanding]) -> Vec<Row<'_>> {
    table
        .iter()
        .map(|s| {
            (
                &*s.id,
                s.points_x2,
                s.buchholz_x2,
                s.sonneborn_berger_x4,
                s.performance,
                s.games,
                s.byes,
            )
        })
        .collect()
}

// Five players, three rounds, a bye each round:
//
//   round 1: xia beats sam, yan beats wes, zoe has the bye
//   round 2: wes beats xia, sam draws zoe, yan has the bye
//   round 3: sam beats yan, wes beats zoe, xia has the bye
//
// Scores (×2): wes 0+2+2 = 4; yan 2+2(bye)+0 = 4; xia 2+0+2(bye) = 4; sam 0+1+2 = 3;
// zoe 2(bye)+1+0 = 3.
//
// Buchholz ×2, the opponents' scores ×2 (a bye adds nothing; an opponent's own bye counts
// in their score):
//   wes: yan 4 + xia 4 + zoe 3 = 11      sam: xia 4 + zoe 3 + yan 4 = 11
//   yan: wes 4 + sam 3         = 7       zoe: sam 3 + wes 4         = 7
//   xia: sam 3 + wes 4         = 7
//
// Sonneborn–Berger ×4: a beaten opponent's score ×2, doubled; a drawn one's score ×2:
//   wes: beat xia 2×4 + beat zoe 2×3 = 14    sam: drew zoe 3 + beat yan 2×4 = 11
//   yan: beat wes 2×4                = 8     zoe: drew sam 3                = 3
//   xia: beat sam 2×3                = 6
//
// Performance, (sum of opponents' ratings + 400 × (wins − losses)) / games, ratings sam
// 1600, wes 1400, the others 1500:
//   wes: (1500 + 1500 + 1500 + 400) / 3 = 1633.3 → 1633
//   yan: (1400 + 1600) / 2 = 1500          xia: (1600 + 1400) / 2 = 1500
//   sam: (1500 + 1500 + 1500 + 0) / 3 = 1500
//   zoe: (1600 + 1400 − 400) / 2 = 1300
//
// Table: 4 points: wes (Buchholz 11) over yan and xia (7 each), and yan (SB 8) over xia
// (SB 6); 3 points: sam (Buchholz 11) over zoe (7).
//
//   rank  id   pts×2  Bh×2  SB×4  perf  games  byes
//   1     wes    4     11    14   1633    3     0
//   2     yan    4      7     8   1500    2     1
//   3     xia    4      7     6   1500    2     1
//   4     sam    3     11    11   1500    3     0
//   5     zoe    3      7     3   1300    2     1
#[test]
fn buchholz_and_sonneborn_berger_by_hand() {
    let players = [
        entrant("sam", 1600),
        entrant("wes", 1400),
        entrant("xia", 1500),
        entrant("yan", 1500),
        entrant("zoe", 1500),
    ];
    let games = [
        game("xia", "sam", Outcome::FirstWon, 10),
        game("yan", "wes", Outcome::FirstWon, 11),
        game("xia", "wes", Outcome::SecondWon, 20),
        game("sam", "zoe", Outcome::Draw, 21),
        game("yan", "sam", Outcome::SecondWon, 30),
        game("wes", "zoe", Outcome::FirstWon, 31),
    ];
    let byes: Vec<PlayerId> = ["zoe", "yan", "xia"].map(String::from).to_vec();
    let table = swiss_standings(&players, &games, &byes);
    assert_eq!(
        rows(&table),
        vec![
            ("wes", 4, 11, 14, Some(1633), 3, 0),
            ("yan", 4, 7, 8, Some(1500), 2, 1),
            ("xia", 4, 7, 6, Some(1500), 2, 1),
            ("sam", 3, 11, 11, Some(1500), 3, 0),
            ("zoe", 3, 7, 3, Some(1300), 2, 1),
        ]
    );
    let ranks: Vec<u32> = table.iter().map(|s| s.rank).collect();
    assert_eq!(ranks, [1, 2, 3, 4, 5]);
    // The order of the slices does not matter.
    let (mut p, mut g, mut b) = (players.to_vec(), games.to_vec(), byes.clone());
    p.reverse();
    g.reverse();
    b.reverse();
    assert_eq!(swiss_standings(&p, &g, &b), table);
}

// One round, two draws: a-b and c-d. Everyone has 1 (×2), Buchholz 1, SB 1 (a drawn
// opponent's 1). Then rating: b and c (1600) before a (1500) before d (1400); b and c by id.
#[test]
fn equal_to_the_last_tie_break_then_rating_then_id() {
    let players = [
        entrant("a", 1500),
        entrant("b", 1600),
        entrant("c", 1600),
        entrant("d", 1400),
    ];
    let games = [
        game("a", "b", Outcome::Draw, 1),
        game("c", "d", Outcome::Draw, 2),
    ];
    let table = swiss_standings(&players, &games, &[]);
    assert_eq!(
        rows(&table),
        vec![
            ("b", 1, 1, 1, Some(1500), 1, 0),
            ("c", 1, 1, 1, Some(1400), 1, 0),
            ("a", 1, 1, 1, Some(1600), 1, 0),
            ("d", 1, 1, 1, Some(1600), 1, 0),
        ]
    );
}

// A bye alone: a win's points, no game, no Buchholz, no performance.
#[test]
fn a_bye_scores_but_adds_nothing_to_buchholz() {
    let table = swiss_standings(&[entrant("solo", 1500)], &[], &["solo".to_owned()]);
    assert_eq!(rows(&table), vec![("solo", 2, 0, 0, None, 0, 1)]);
}
