//! What a tournament's page and the lobby draw, made from the stored rows with
//! `senet-tournament`'s standings: the server computes every point and rank, the page only
//! draws them.

use schemars::JsonSchema;
use senet_protocol::ClockSpec;
use senet_store::sql::tournament_rows::{EntrantRow, TournamentGameRow, TournamentRow};
use senet_tournament::{Entrant, Mark, Outcome, Played};
use serde::Serialize;

/// Finished games a page lists (after those in play).
const FINISHED_LISTED: usize = 30;

/// A tournament as the lobby lists it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct TournamentLine {
    /// Its id.
    pub id: String,
    /// `arena` or `swiss`.
    pub kind: String,
    /// Its name.
    pub name: String,
    /// The variant's id.
    pub variant: String,
    /// Every game's clock.
    pub clock: Option<ClockSpec>,
    /// Whether its games are rated.
    pub rated: bool,
    /// `created` (not started yet), `running` or `finished`.
    pub status: String,
    /// When it starts (Unix ms).
    pub starts_ms: i64,
    /// Arena: when it ends (null for Swiss).
    pub ends_ms: Option<i64>,
    /// Swiss: the rounds (null for an arena).
    pub rounds: Option<i64>,
    /// Swiss: the round being played (0 before the first).
    pub round: i64,
    /// How many joined.
    pub players: i64,
}

/// A line of the standings.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct TournamentStanding {
    /// 1 for the leader.
    pub rank: u32,
    /// The player.
    pub player_id: String,
    /// Their account's name.
    pub name: String,
    /// Their rating when they joined.
    pub rating: i32,
    /// Arena: points; Swiss: the score (a draw is a half).
    pub points: f64,
    /// Games played (byes aside).
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Arena: the next win counts double.
    pub on_fire: bool,
    /// The performance rating (null before a game).
    pub performance: Option<i32>,
    /// Arena: the points of each game, in order ("4" a doubled win); Swiss: each round's
    /// "1", "½", "0", "bye" or "–" (not paired).
    pub sheet: Vec<String>,
    /// Swiss: the Buchholz tie-break (null in an arena).
    pub buchholz: Option<f64>,
    /// Swiss: the Sonneborn–Berger tie-break (null in an arena).
    pub sonneborn_berger: Option<f64>,
    /// Still in: an arena player who left is not paired; a Swiss player who left is out.
    pub active: bool,
}

/// A game of the tournament.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct TournamentGameLine {
    /// The match (watch it at `/m/{match_id}/watch`).
    pub match_id: String,
    /// Swiss: the round; arena: 0.
    pub round: i64,
    /// Seat 1's name.
    pub first: String,
    /// Seat 2's name.
    pub second: String,
    /// Null while in play; then `1-0`, `0-1`, `½-½`, or `void` (it does not count).
    pub result: Option<String>,
}

/// The signed-in player's own seat in a game of the tournament that is being played.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct TournamentSeat {
    /// The match.
    pub match_id: String,
    /// The seat (1 or 2).
    pub seat: u8,
    /// The seat's token (a bearer secret for the match's `hello`).
    pub token: String,
}

/// The signed-in player's place in the tournament.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct TournamentMe {
    /// Whether they joined it.
    pub joined: bool,
    /// Whether they are still in (see [`TournamentStanding::active`]).
    pub active: bool,
    /// Their game being played, if any.
    pub playing: Option<TournamentSeat>,
}

/// A tournament's page.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct TournamentView {
    /// What the lobby lists of it.
    #[serde(flatten)]
    pub line: TournamentLine,
    /// Raised by every change: `?after=` it waits for the next.
    pub version: i64,
    /// The server's clock (Unix ms), for the countdowns.
    pub now_ms: i64,
    /// Who created it.
    pub created_by: String,
    /// Best first.
    pub standings: Vec<TournamentStanding>,
    /// Those in play first, then the latest finished (at most 30).
    pub games: Vec<TournamentGameLine>,
    /// Once finished: the first three names.
    pub podium: Vec<String>,
    /// The signed-in player's place (null when signed out).
    pub me: Option<TournamentMe>,
}

/// The lobby's line of a tournament.
pub fn line_of(t: &TournamentRow) -> TournamentLine {
    TournamentLine {
        id: t.id.clone(),
        kind: t.kind.clone(),
        name: t.name.clone(),
        variant: t.variant.clone(),
        clock: serde_json::from_str(&t.clock).ok(),
        rated: t.rated,
        status: t.status.clone(),
        starts_ms: t.starts_ms,
        ends_ms: t.ends_ms,
        rounds: t.rounds,
        round: t.round,
        players: t.players,
    }
}

/// The pure crate's entrant of a stored player.
pub(super) fn entrant(p: &EntrantRow) -> Entrant {
    Entrant {
        id: p.player_id.clone(),
        rating: i32::try_from(p.rating).unwrap_or(1500),
        joined_ms: u64::try_from(p.joined_ms).unwrap_or(0),
    }
}

/// The games that count, as the pure crate reads them (in play and void ones left out).
pub(super) fn counted(games: &[TournamentGameRow]) -> Vec<Played> {
    games
        .iter()
        .filter_map(|g| {
            let outcome = match g.outcome.as_deref()? {
                "first_won" => Outcome::FirstWon,
                "second_won" => Outcome::SecondWon,
                "draw" => Outcome::Draw,
                _ => return None,
            };
            Some(Played {
                first: g.first_id.clone(),
                second: g.second_id.clone(),
                outcome,
                ended_ms: u64::try_from(g.ended_ms.unwrap_or(0)).unwrap_or(0),
            })
        })
        .collect()
}

/// Standings: an arena's points, or a Swiss event's score and tie-breaks.
pub(super) fn standings(
    t: &TournamentRow,
    players: &[EntrantRow],
    games: &[TournamentGameRow],
    byes: &[(i64, String)],
) -> Vec<TournamentStanding> {
    let entrants: Vec<Entrant> = players.iter().map(entrant).collect();
    let played = counted(games);
    let of = |id: &str| players.iter().find(|p| p.player_id == id);
    let name = |id: &str| of(id).map(|p| p.name.clone()).unwrap_or_default();
    let active = |id: &str| of(id).is_some_and(|p| p.active);
    if t.kind == "arena" {
        return senet_tournament::arena_standings(&entrants, &played)
            .into_iter()
            .map(|s| TournamentStanding {
                rank: s.rank,
                name: name(&s.id),
                active: active(&s.id),
                rating: s.rating,
                points: f64::from(s.points),
                games: s.games,
                wins: s.wins,
                on_fire: s.on_fire,
                performance: s.performance,
                sheet: s.sheet.iter().map(mark).collect(),
                buchholz: None,
                sonneborn_berger: None,
                player_id: s.id,
            })
            .collect();
    }
    let bye_ids: Vec<String> = byes.iter().map(|(_, p)| p.clone()).collect();
    senet_tournament::swiss_standings(&entrants, &played, &bye_ids)
        .into_iter()
        .map(|s| {
            let wins = played
                .iter()
                .filter(|g| {
                    (g.first == s.id && g.outcome == Outcome::FirstWon)
                        || (g.second == s.id && g.outcome == Outcome::SecondWon)
                })
                .count();
            TournamentStanding {
                rank: s.rank,
                name: name(&s.id),
                active: active(&s.id),
                rating: s.rating,
                points: f64::from(s.points_x2) / 2.0,
                games: s.games,
                wins: u32::try_from(wins).unwrap_or(u32::MAX),
                on_fire: false,
                performance: s.performance,
                sheet: swiss_sheet(t.round, &s.id, games, byes),
                buchholz: Some(f64::from(s.buchholz_x2) / 2.0),
                sonneborn_berger: Some(f64::from(s.sonneborn_berger_x4) / 4.0),
                player_id: s.id,
            }
        })
        .collect()
}

fn mark(m: &Mark) -> String {
    match m {
        Mark::Win { points, .. } | Mark::Draw { points, .. } => points.to_string(),
        Mark::Loss => "0".into(),
    }
}

/// A Swiss player's result in each round so far.
fn swiss_sheet(
    rounds: i64,
    id: &str,
    games: &[TournamentGameRow],
    byes: &[(i64, String)],
) -> Vec<String> {
    (1..=rounds)
        .map(|round| {
            if byes.iter().any(|(r, p)| *r == round && p == id) {
                return "bye".into();
            }
            let Some(g) = games
                .iter()
                .find(|g| g.round == round && (g.first_id == id || g.second_id == id))
            else {
                return "–".into();
            };
            let first = g.first_id == id;
            match (g.outcome.as_deref(), first) {
                (None, _) => "…".into(),
                (Some("draw"), _) => "½".into(),
                (Some("first_won"), true) | (Some("second_won"), false) => "1".into(),
                (Some("first_won" | "second_won"), _) => "0".into(),
                _ => "–".into(),
            }
        })
        .collect()
}

/// The page of tournament `t` as `me` (a signed-in player, or none) sees it.
pub fn view_of(
    t: &TournamentRow,
    players: &[EntrantRow],
    games: &[TournamentGameRow],
    byes: &[(i64, String)],
    me: Option<&str>,
    now_ms: i64,
) -> TournamentView {
    let standings = standings(t, players, games, byes);
    let podium = if t.status == "finished" {
        standings.iter().take(3).map(|s| s.name.clone()).collect()
    } else {
        Vec::new()
    };
    let result = |g: &TournamentGameRow| {
        g.outcome.as_deref().map(|o| {
            match o {
                "first_won" => "1-0",
                "second_won" => "0-1",
                "draw" => "½-½",
                _ => "void",
            }
            .to_owned()
        })
    };
    let line = |g: &TournamentGameRow| TournamentGameLine {
        match_id: g.match_id.clone(),
        round: g.round,
        first: g.first_name.clone(),
        second: g.second_name.clone(),
        result: result(g),
    };
    let mut listed: Vec<TournamentGameLine> = games
        .iter()
        .rev()
        .filter(|g| g.outcome.is_none())
        .map(line)
        .collect();
    listed.extend(
        games
            .iter()
            .rev()
            .filter(|g| g.outcome.is_some())
            .take(FINISHED_LISTED)
            .map(line),
    );
    TournamentView {
        line: line_of(t),
        version: t.version,
        now_ms,
        created_by: t.creator_name.clone(),
        standings,
        games: listed,
        podium,
        me: me.map(|id| me_of(players, games, id)),
    }
}

/// Player `id`'s place in the tournament of `players` and `games`.
pub fn me_of(players: &[EntrantRow], games: &[TournamentGameRow], id: &str) -> TournamentMe {
    {
        let mine = players.iter().find(|p| p.player_id == id);
        let playing = games.iter().rev().find_map(|g| {
            if g.outcome.is_some() {
                return None;
            }
            let (seat, token) = if g.first_id == id {
                (1, g.first_token.as_ref()?)
            } else if g.second_id == id {
                (2, g.second_token.as_ref()?)
            } else {
                return None;
            };
            Some(TournamentSeat {
                match_id: g.match_id.clone(),
                seat,
                token: token.clone(),
            })
        });
        TournamentMe {
            joined: mine.is_some(),
            active: mine.is_some_and(|p| p.active),
            playing,
        }
    }
}
