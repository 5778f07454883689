//! Scenario files: rule checks written as data, one command a line.
//!
//! The format is specified in `docs/scenarios.md`. In short:
//!
//! ```text
//! # a comment
//! case a pair protects its pieces
//! variant jequier
//! position <the variant's notation>
//! throw 1 1 0 0
//! legal 12-14 15-17
//! reject 9-11 protected
//! stuck s9=protected
//! play 12-14
//! expect <notation>
//! status move 2
//! ```
//!
//! Parsing and running are pure; reading files is left to the caller (the
//! `scenario` example and the `scenarios` test).

use std::collections::BTreeSet;

use crate::scoring::ScoreLabel;
use crate::{Game, IllegalMove, Player, Setup, Status, Throw, Variant};

/// The result of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseReport {
    /// The case's name.
    pub name: String,
    /// The line the case starts on (1-based).
    pub line: usize,
    /// Number of checks (legal, includes, reject, expect, status, play, stuck, breakdown)
    /// that ran.
    pub checks: usize,
    /// The first failure: its line and what went wrong. `None` if the case passed.
    pub failure: Option<(usize, String)>,
}

impl CaseReport {
    /// True if the case passed.
    pub fn passed(&self) -> bool {
        self.failure.is_none()
    }
}

struct Case {
    name: String,
    line: usize,
    variant: Option<Variant>,
    setup: Setup,
    game: Option<Game>,
    checks: usize,
}

/// Runs every case of a scenario file's text.
///
/// A file holds one or more cases, each starting with a `case NAME` line. The `variant` of
/// a case carries over to the next case of the same file unless that case names another.
///
/// ```
/// let text = "case start\nvariant pyramid\nstart\nstatus throw 1\n";
/// let reports = senet_engine::scenario::run(text);
/// assert!(reports.iter().all(|r| r.passed()), "{reports:?}");
/// ```
pub fn run(text: &str) -> Vec<CaseReport> {
    let mut reports = Vec::new();
    let mut current: Option<(Case, Option<(usize, String)>)> = None;
    let mut last_variant = None;

    for (i, raw) in text.lines().enumerate() {
        let lineno = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        if cmd == "case" {
            if let Some((case, failure)) = current.take() {
                last_variant = case.variant.or(last_variant);
                reports.push(report(case, failure));
            }
            let case = Case {
                name: rest.to_string(),
                line: lineno,
                variant: last_variant,
                setup: Setup::default(),
                game: None,
                checks: 0,
            };
            current = Some((case, None));
            continue;
        }
        let Some((case, failure)) = current.as_mut() else {
            reports.push(CaseReport {
                name: "(before the first case)".into(),
                line: lineno,
                checks: 0,
                failure: Some((lineno, format!("{cmd:?} before any `case` line"))),
            });
            return reports;
        };
        if failure.is_some() {
            continue;
        }
        if let Err(e) = step(case, cmd, rest) {
            *failure = Some((lineno, e));
        }
    }
    if let Some((case, failure)) = current.take() {
        reports.push(report(case, failure));
    }
    reports
}

fn report(case: Case, failure: Option<(usize, String)>) -> CaseReport {
    let failure = failure
        .or_else(|| (case.checks == 0).then(|| (case.line, "the case checks nothing".to_string())));
    CaseReport {
        name: case.name,
        line: case.line,
        checks: case.checks,
        failure,
    }
}

fn game(case: &mut Case) -> Result<&mut Game, String> {
    case.game
        .as_mut()
        .ok_or_else(|| "no game yet: use `start` or `position` first".to_string())
}

fn mover(game: &Game) -> Result<Player, String> {
    match game.status() {
        Status::Move { player } => Ok(player),
        other => Err(format!(
            "expected a move to be due, but status is {other:?}"
        )),
    }
}

fn step(case: &mut Case, cmd: &str, rest: &str) -> Result<(), String> {
    match cmd {
        "variant" => {
            case.variant = Some(rest.parse().map_err(|e| format!("{e}"))?);
            case.game = None;
        }
        "setup" => {
            for kv in rest.split_whitespace() {
                let (k, v) = kv
                    .split_once('=')
                    .ok_or_else(|| format!("setup wants key=value, got {kv:?}"))?;
                match k {
                    "players" => {
                        case.setup.players = v.parse().map_err(|_| format!("bad players {v:?}"))?
                    }
                    "waiting_for_one" | "five_pieces" | "starting_throw" | "trap" | "home_row" => {
                        let v: bool = v.parse().map_err(|_| format!("bad bool {v:?}"))?;
                        let s = &mut case.setup;
                        *match k {
                            "waiting_for_one" => &mut s.waiting_for_one,
                            "five_pieces" => &mut s.five_pieces,
                            "starting_throw" => &mut s.starting_throw,
                            "trap" => &mut s.trap,
                            _ => &mut s.home_row,
                        } = v;
                    }
                    _ => return Err(format!("unknown setup key {k:?}")),
                }
            }
        }
        "start" => {
            let variant = case.variant.ok_or("no variant")?;
            case.game = Some(Game::new(variant, case.setup).map_err(|e| format!("setup: {e}"))?);
        }
        "position" => {
            let variant = case.variant.ok_or("no variant")?;
            let g = Game::from_notation(variant, rest).map_err(|e| format!("position: {e}"))?;
            g.check_invariants()
                .map_err(|e| format!("position breaks an invariant: {e}"))?;
            case.game = Some(g);
        }
        "throw" => {
            let g = game(case)?;
            let throw: Throw = rest.parse().map_err(|e| format!("throw {rest:?}: {e}"))?;
            g.throw(throw)
                .map_err(|e| format!("throw {throw} refused: {e}"))?;
            g.check_invariants()
                .map_err(|e| format!("after throw: {e}"))?;
        }
        "legal" => {
            case.checks += 1;
            let g = game(case)?;
            let want: BTreeSet<String> = rest
                .split_whitespace()
                .filter(|m| *m != "-")
                .map(String::from)
                .collect();
            // Normalise the expected moves through the parser so equivalent spellings agree.
            let mut want_norm = BTreeSet::new();
            for m in &want {
                let mv = g
                    .parse_move(m)
                    .map_err(|e| format!("legal: cannot read {m:?}: {e}"))?;
                want_norm.insert(mv.to_string());
            }
            let got: BTreeSet<String> = g.legal_moves().iter().map(ToString::to_string).collect();
            if got != want_norm {
                let missing: Vec<_> = want_norm.difference(&got).collect();
                let extra: Vec<_> = got.difference(&want_norm).collect();
                return Err(format!(
                    "legal moves differ: missing {missing:?}, unexpected {extra:?}"
                ));
            }
        }
        "includes" => {
            case.checks += 1;
            let g = game(case)?;
            let got: BTreeSet<String> = g.legal_moves().iter().map(ToString::to_string).collect();
            for m in rest.split_whitespace() {
                let mv = g
                    .parse_move(m)
                    .map_err(|e| format!("includes: cannot read {m:?}: {e}"))?;
                if !got.contains(&mv.to_string()) {
                    return Err(format!("{m} is not among the legal moves {got:?}"));
                }
            }
        }
        "play" => {
            case.checks += 1;
            let g = game(case)?;
            for m in rest.split_whitespace() {
                let player = mover(g)?;
                g.play_notation(player, m)
                    .map_err(|e| format!("play {m}: refused: {e} ({e:?})"))?;
                g.check_invariants()
                    .map_err(|e| format!("after {m}: {e}"))?;
            }
        }
        "reject" => {
            case.checks += 1;
            let g = game(case)?;
            let (m, reason) = rest
                .split_once(char::is_whitespace)
                .ok_or("reject wants MOVE REASON")?;
            let want = reason.trim();
            let player = match g.status() {
                Status::Move { player } | Status::Throw { player, .. } => player,
                Status::Over(_) => Player::One,
            };
            let before = g.clone();
            match g.play_notation(player, m) {
                Ok(_) => return Err(format!("{m} was accepted, expected {want}")),
                Err(e) => {
                    let got = reason_name(e);
                    if got != want {
                        return Err(format!("{m} refused as {got}, expected {want}"));
                    }
                }
            }
            if *g != before {
                return Err(format!("refusing {m} changed the game"));
            }
        }
        "expect" => {
            case.checks += 1;
            let g = game(case)?;
            let variant = g.variant();
            let want = Game::from_notation(variant, rest).map_err(|e| format!("expect: {e}"))?;
            if *g != want {
                return Err(format!(
                    "position differs:\n   got: {}\n  want: {}",
                    g.to_notation(),
                    want.to_notation()
                ));
            }
        }
        "status" => {
            case.checks += 1;
            let g = game(case)?;
            check_status(g.status(), rest)?;
        }
        "stuck" => {
            case.checks += 1;
            let g = game(case)?;
            let want: BTreeSet<String> = rest
                .split_whitespace()
                .filter(|w| *w != "-")
                .map(String::from)
                .collect();
            let got: BTreeSet<String> = g
                .stuck()
                .iter()
                .map(|s| format!("{}={}", s.from, s.reason.code()))
                .collect();
            if got != want {
                let missing: Vec<_> = want.difference(&got).collect();
                let extra: Vec<_> = got.difference(&want).collect();
                return Err(format!(
                    "stuck pieces differ: missing {missing:?}, unexpected {extra:?}"
                ));
            }
        }
        "breakdown" => {
            case.checks += 1;
            let g = game(case)?;
            check_breakdown(g, rest)?;
        }
        "resign" => {
            let g = game(case)?;
            let p: Player = rest.parse().map_err(|e| format!("{e}"))?;
            g.resign(p).map_err(|e| format!("resign: {e}"))?;
        }
        _ => return Err(format!("unknown command {cmd:?}")),
    }
    Ok(())
}

/// Checks `breakdown LABEL:COUNTxEACH ... [times N]` (the items in order, the multiplier,
/// 1 if not given) and that the total is the outcome's points.
fn check_breakdown(g: &Game, want: &str) -> Result<(), String> {
    let b = g
        .breakdown()
        .ok_or_else(|| format!("no breakdown: the game is not over ({:?})", g.status()))?;
    let mut words = want.split_whitespace().filter(|w| *w != "-").peekable();
    let mut items = Vec::new();
    let mut multiplier = 1;
    while let Some(w) = words.next() {
        if w == "times" {
            let n = words.next().ok_or("breakdown: `times` wants a number")?;
            multiplier = n
                .parse()
                .map_err(|_| format!("breakdown: bad multiplier {n:?}"))?;
            continue;
        }
        let bad = || format!("breakdown: want LABEL:COUNTxEACH, got {w:?}");
        let (label, numbers) = w.split_once(':').ok_or_else(bad)?;
        let (count, each) = numbers.split_once('x').ok_or_else(bad)?;
        let label = ScoreLabel::ALL
            .into_iter()
            .find(|l| l.code() == label)
            .ok_or_else(|| format!("breakdown: unknown label {label:?}"))?;
        let count: u32 = count.parse().map_err(|_| bad())?;
        let each: u32 = each.parse().map_err(|_| bad())?;
        items.push((label, count, each));
    }
    let got: Vec<_> = b.items.iter().map(|i| (i.label, i.count, i.each)).collect();
    if got != items || b.multiplier != multiplier {
        return Err(format!(
            "breakdown differs: got {got:?} times {}, want {items:?} times {multiplier}",
            b.multiplier
        ));
    }
    let points = g.status().outcome().map(|o| o.points);
    if Some(b.total) != points {
        return Err(format!(
            "breakdown total {} is not the outcome's points {points:?}",
            b.total
        ));
    }
    Ok(())
}

/// The snake_case name of a reason, as scenario files and the protocol write it.
pub fn reason_name(e: IllegalMove) -> &'static str {
    e.code()
}

fn check_status(status: Status, want: &str) -> Result<(), String> {
    let words: Vec<&str> = want.split_whitespace().collect();
    let bad = || Err(format!("status is {status:?}, expected `{want}`"));
    match (words.as_slice(), status) {
        (["throw", p], Status::Throw { player, .. }) | (["move", p], Status::Move { player })
            if p.parse::<Player>().ok() == Some(player) =>
        {
            Ok(())
        }
        (["throw", p, spec @ ..], Status::Throw { player, spec: s })
            if p.parse::<Player>().ok() == Some(player) && spec.join(" ") == s.to_string() =>
        {
            Ok(())
        }
        (["over", who, rest @ ..], Status::Over(o)) => {
            let winner_ok = match *who {
                "draw" => o.winner.is_none(),
                p => p.parse::<Player>().ok() == o.winner && o.winner.is_some(),
            };
            if !winner_ok {
                return bad();
            }
            let mut it = rest.iter();
            while let Some(k) = it.next() {
                let v = it.next().ok_or("status over: key without value")?;
                let ok = match *k {
                    "points" => v.parse::<u32>().ok() == Some(o.points),
                    "reason" => o.reason.code() == *v,
                    _ => return Err(format!("status over: unknown key {k:?}")),
                };
                if !ok {
                    return bad();
                }
            }
            Ok(())
        }
        _ => bad(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_that_checks_nothing_fails() {
        let r = run("case empty\nvariant pyramid\nstart\n");
        assert_eq!(r.len(), 1);
        assert!(!r[0].passed());
    }

    #[test]
    fn commands_before_a_case_fail() {
        let r = run("variant pyramid\n");
        assert!(!r[0].passed());
    }

    #[test]
    fn unknown_commands_fail_with_their_line() {
        let r = run("case x\nvariant pyramid\nfrobnicate\n");
        assert_eq!(r[0].failure.as_ref().map(|f| f.0), Some(3));
    }

    #[test]
    fn status_lines_are_checked() {
        let ok = run("case s\nvariant pyramid\nstart\nstatus throw 1\n");
        assert!(ok[0].passed(), "{ok:?}");
        let wrong = run("case s\nvariant pyramid\nstart\nstatus move 2\n");
        assert!(!wrong[0].passed());
    }
}
