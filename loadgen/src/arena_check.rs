//! `--arena`'s checks after the end, against the store (Postgres at `--check-db`) and the
//! tournament's page (`GET /api/tournaments/{id}`, read once). It fails the run when:
//! - a game's stored outcome is not what its match's own row says (the match's winner, and
//!   `void` when its game ended after the arena did, or had no winner): a result copied
//!   wrongly, or a finished match whose result was never settled;
//! - the standings (points, games, wins of every player) are not the arena's scoring
//!   (2 a win, 4 after two wins in a row; 1 a draw, 2 on fire) applied to those results in
//!   each player's order of games;
//! - a game a bot was given is not one of the tournament's, or a game a bot saw end before
//!   the arena's end has another result stored, or the bot's seat is not its stored seat.
//!
//! Games still in play when the arena ended are `void` in the store while their matches
//! play on for nobody: counted apart, not failures. Games left unsettled, and pairings no bot
//! heard of, are reported
//! but do not fail the run (they count for nobody either way).

use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use sqlx::Row;

use crate::arena_bot::BotReport;
use crate::arena_http::{http, unix_ms};
use crate::args::Args;

/// One stored game of the tournament, with its match's own row.
#[derive(Debug)]
struct Stored {
    match_id: String,
    first: String,
    second: String,
    /// `tournament_games.outcome`.
    outcome: Option<String>,
    /// The outcome the match's row says.
    expected: Option<String>,
    /// When its game ended (the match's game row), for each player's order.
    ended_ms: i64,
}

/// A player's line, recomputed.
#[derive(Debug, Default, PartialEq)]
struct Line {
    points: i64,
    games: u64,
    wins: u64,
    streak: u32,
}

impl Line {
    /// Marks a game: `half_points` 2 a win, 1 a draw, 0 a loss.
    fn mark(&mut self, half_points: i64) {
        self.games += 1;
        let on_fire = self.streak >= 2;
        if half_points == 2 {
            self.wins += 1;
            self.streak += 1;
        } else {
            self.streak = 0;
        }
        self.points += if on_fire {
            2 * half_points
        } else {
            half_points
        };
    }
}

/// What the match's row says the tournament game's outcome is (as the director settles it).
fn expected(
    status: Option<&str>,
    winner: Option<i64>,
    ended: Option<i64>,
    ends_ms: i64,
) -> Option<String> {
    if status != Some("finished") {
        return None;
    }
    let outcome = match winner {
        _ if ended.is_some_and(|e| e > ends_ms) => "void",
        Some(1) => "first_won",
        Some(2) => "second_won",
        _ => "void",
    };
    Some(outcome.to_owned())
}

async fn stored(db: &sqlx::PgPool, id: &str, ends_ms: i64) -> Result<Vec<Stored>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT g.match_id, g.first_id, g.second_id, g.outcome, g.ended_ms, m.status, \
         m.winner_seat, r.ended_ms AS game_ended FROM tournament_games g \
         LEFT JOIN matches m ON m.id = g.match_id \
         LEFT JOIN games r ON r.match_id = g.match_id AND r.game = 1 \
         WHERE g.tournament_id = $1",
    )
    .bind(id)
    .fetch_all(db)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let status: Option<String> = r.try_get("status")?;
        let winner: Option<i64> = r.try_get("winner_seat")?;
        let game_ended: Option<i64> = r.try_get("game_ended")?;
        let settled: Option<i64> = r.try_get("ended_ms")?;
        out.push(Stored {
            match_id: r.try_get("match_id")?,
            first: r.try_get("first_id")?,
            second: r.try_get("second_id")?,
            outcome: r.try_get("outcome")?,
            expected: expected(status.as_deref(), winner, game_ended, ends_ms),
            ended_ms: game_ended.or(settled).unwrap_or(i64::MAX),
        });
    }
    Ok(out)
}

/// The lines of every player, from the stored games' expected outcomes.
fn recompute(games: &[Stored]) -> HashMap<String, Line> {
    let mut order: Vec<&Stored> = games.iter().collect();
    order.sort_by(|a, b| {
        a.ended_ms
            .cmp(&b.ended_ms)
            .then(a.match_id.cmp(&b.match_id))
    });
    let mut lines: HashMap<String, Line> = HashMap::new();
    for g in order {
        let (first, second) = match g.expected.as_deref() {
            Some("first_won") => (2, 0),
            Some("second_won") => (0, 2),
            Some("draw") => (1, 1),
            _ => continue,
        };
        lines.entry(g.first.clone()).or_default().mark(first);
        lines.entry(g.second.clone()).or_default().mark(second);
    }
    lines
}

/// Runs the checks and prints the verdict; true when none failed.
pub(crate) async fn check(
    args: &Args,
    db_url: &str,
    id: &str,
    ends_ms: i64,
    reports: &[BotReport],
) -> bool {
    let db = match sqlx::PgPool::connect(db_url).await {
        Ok(db) => db,
        Err(e) => {
            println!("CHECK FAILED: the store at --check-db cannot be read: {e}");
            return false;
        }
    };
    // The director marks the arena finished at its first look after the end.
    let deadline = unix_ms() + 30_000;
    loop {
        let status: Result<String, _> =
            sqlx::query_scalar("SELECT status FROM tournaments WHERE id = $1")
                .bind(id)
                .fetch_one(&db)
                .await;
        match status {
            Ok(s) if s == "finished" => break,
            _ if unix_ms() > deadline => {
                println!("CHECK FAILED: the arena is not finished 30 s after its end");
                return false;
            }
            _ => tokio::time::sleep(Duration::from_millis(500)).await,
        }
    }
    // A last settle of what ended just before it finished.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let games = match stored(&db, id, ends_ms).await {
        Ok(g) => g,
        Err(e) => {
            println!("CHECK FAILED: the tournament's games cannot be read: {e}");
            return false;
        }
    };
    let mut failures: Vec<String> = Vec::new();
    let mut in_play = 0usize;
    let mut voided_at_end = 0usize;
    let mut voids = 0usize;
    for g in &games {
        match (&g.outcome, &g.expected) {
            (None, None) => in_play += 1,
            // In play when the arena ended: the director stores it as `void`, and its match
            // plays on for nobody.
            (Some(o), None) if o == "void" => voided_at_end += 1,
            (Some(o), Some(e)) if o == e => voids += usize::from(o == "void"),
            (None, Some(e)) => failures.push(format!(
                "{}: its match finished ({e}) but the tournament never settled it",
                g.match_id
            )),
            (o, e) => failures.push(format!(
                "{}: stored outcome {o:?}, its match's row says {e:?}",
                g.match_id
            )),
        }
    }
    // The standings, read once, from the first node that answers (one may have been killed).
    let nodes = args.addr.split(',').count().max(1);
    let mut view = None;
    for k in 0..nodes {
        match http(
            args.node(k),
            "GET",
            &format!("/api/tournaments/{id}"),
            None,
            None,
        )
        .await
        {
            Ok(a) if a.status == 200 => {
                view = Some(a.body);
                break;
            }
            Ok(a) => {
                println!(
                    "CHECK FAILED: the tournament's page: {} {}",
                    a.status, a.body
                );
                return false;
            }
            Err(e) => println!("the tournament's page, node {}: {e}", args.node(k)),
        }
    }
    let Some(view) = view else {
        println!("CHECK FAILED: the tournament's page: no node answered");
        return false;
    };
    let lines = recompute(&games);
    let standings = view["standings"].as_array().cloned().unwrap_or_default();
    let mut listed = 0usize;
    let (mut shown_points, mut summed_points) = (0i64, 0i64);
    for s in &standings {
        let Some(player) = s["player_id"].as_str() else {
            failures.push(format!("a standing without a player_id: {s}"));
            continue;
        };
        listed += 1;
        let shown = (
            s["points"].as_f64().map_or(-1, |p| p.round() as i64),
            s["games"].as_u64().unwrap_or(u64::MAX),
            s["wins"].as_u64().unwrap_or(u64::MAX),
        );
        let line = lines.get(player);
        let ours = line.map_or((0, 0, 0), |l| (l.points, l.games, l.wins));
        shown_points += shown.0;
        summed_points += ours.0;
        if shown != ours {
            failures.push(format!(
                "{player}: standings say (points, games, wins) {shown:?}, the stored results sum to {ours:?} (sheet {})",
                s["sheet"]
            ));
        }
    }
    if listed != reports.len() {
        failures.push(format!(
            "{listed} players in the standings, {} bots joined",
            reports.len()
        ));
    }
    // What the bots saw.
    let by_match: HashMap<&str, &Stored> = games.iter().map(|g| (g.match_id.as_str(), g)).collect();
    let mut told: BTreeMap<&str, usize> = BTreeMap::new();
    let mut seen_checked = 0usize;
    for r in reports {
        for p in &r.games {
            *told.entry(p.match_id.as_str()).or_default() += 1;
            let Some(g) = by_match.get(p.match_id.as_str()) else {
                failures.push(format!(
                    "{}: a bot was given this game, but it is not one of the tournament's",
                    p.match_id
                ));
                continue;
            };
            let stored_seat = if g.first == r.player_id {
                1
            } else if g.second == r.player_id {
                2
            } else {
                0
            };
            if stored_seat != p.seat {
                failures.push(format!(
                    "{}: {} played seat {}, the store has it in seat {stored_seat}",
                    p.match_id, r.player_id, p.seat
                ));
            }
            let (Some(Some(winner)), Some(over_ms)) = (p.over, p.over_ms) else {
                continue;
            };
            let want = if over_ms < ends_ms - 2_000 {
                if winner == 1 {
                    "first_won"
                } else {
                    "second_won"
                }
            } else if over_ms > ends_ms + 2_000 {
                "void"
            } else {
                continue;
            };
            seen_checked += 1;
            if g.outcome.as_deref() != Some(want) {
                failures.push(format!(
                    "{}: {} saw it end with seat {winner} winning at {over_ms}, the store has {:?}",
                    p.match_id, r.player_id, g.outcome
                ));
            }
        }
    }
    let unheard: Vec<&str> = games
        .iter()
        .map(|g| g.match_id.as_str())
        .filter(|m| !told.contains_key(m))
        .collect();
    let half_heard = told.values().filter(|&&n| n != 2).count();
    println!(
        "check: {} games stored ({} void after their matches ended, {voided_at_end} void as in \
         play when the arena ended, {in_play} left unsettled), {} players in the standings, \
         {shown_points} points shown, {summed_points} summed from the matches' rows; \
         {seen_checked} results the bots saw checked",
        games.len(),
        voids,
        listed
    );
    if !unheard.is_empty() || half_heard > 0 {
        println!(
            "WARNING: {} stored games no bot was given (first: {:?}); {half_heard} games only \
             one of the two players was given",
            unheard.len(),
            unheard.iter().take(5).collect::<Vec<_>>()
        );
    }
    if failures.is_empty() {
        println!("CHECK PASSED: standings equal the sum of the stored results; no game lost");
        true
    } else {
        println!("CHECK FAILED: {} problems", failures.len());
        for f in failures.iter().take(40) {
            println!("  {f}");
        }
        false
    }
}
