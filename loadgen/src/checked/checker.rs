//! The partition harness's checker: it reads the store (Postgres at `--check-db`) after the
//! run and fails it when:
//! - an acknowledged move is not the stored event at the number it was acknowledged for;
//! - the stored log of a match has a gap (its numbers are not 1, 2, 3, …);
//! - any socket was shown an event that is not the stored one with its number (a fork), or
//!   events out of order within one connection (not a prefix of the stored sequence);
//! - an acknowledged chat line is not stored exactly once, a line is stored twice, or a
//!   socket was shown a chat line under an id the store gives to another;
//! - a game's result is not written exactly once for each `game_over` in the log.

use std::collections::HashMap;

use serde_json::Value;
use sqlx::Row;

use super::record::Record;
use crate::setup::Match;

/// One stored event.
#[derive(Debug, Clone)]
struct Stored {
    no: u64,
    game: u64,
    kind: String,
    seat: Option<u64>,
    mv: Option<String>,
    /// The stored facts (the payload without its version, and without the server seed a
    /// `game_started` keeps until the game ends).
    facts: Value,
}

/// What the store holds of one match.
#[derive(Debug, Default)]
struct Held {
    /// Its events, by number.
    log: Vec<Stored>,
    /// (id, text) of its chat lines.
    chat: Vec<(u64, String)>,
    /// Its games with a result.
    results: usize,
}

/// What the checker counted, for its report.
#[derive(Debug, Default)]
struct Tally {
    acked: usize,
    stored_moves: usize,
    shown: usize,
    chat_acked: usize,
    chat_stored: usize,
    games_over: usize,
    connections: usize,
    refused: usize,
}

/// Reads what the store holds of match `id`.
async fn held(db: &sqlx::PgPool, id: &str) -> Result<Held, sqlx::Error> {
    let rows =
        sqlx::query("SELECT no, game, kind, payload FROM events WHERE match_id = $1 ORDER BY no")
            .bind(id)
            .fetch_all(db)
            .await?;
    let log = rows
        .iter()
        .map(|r| {
            let mut payload: Value =
                serde_json::from_str(r.get::<&str, _>("payload")).unwrap_or_default();
            let (seat, mv) = (
                payload["seat"].as_u64(),
                payload["move"].as_str().map(str::to_owned),
            );
            if let Some(facts) = payload.as_object_mut() {
                facts.remove("v");
                facts.remove("seed");
            }
            Stored {
                no: r.get::<i64, _>("no") as u64,
                game: r.get::<i64, _>("game") as u64,
                kind: r.get("kind"),
                seat,
                mv,
                facts: payload,
            }
        })
        .collect();
    let chat = sqlx::query("SELECT id, text FROM chat_messages WHERE match_id = $1")
        .bind(id)
        .fetch_all(db)
        .await?
        .iter()
        .map(|l| (l.get::<i64, _>("id") as u64, l.get("text")))
        .collect();
    let results: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM games WHERE match_id = $1 AND ended_ms IS NOT NULL",
    )
    .bind(id)
    .fetch_one(db)
    .await?;
    Ok(Held {
        log,
        chat,
        results: results as usize,
    })
}

/// Holds the records of match `id`'s sockets against what the store holds: every fault
/// found, each as a sentence.
fn faults_of(id: &str, held: &Held, records: &[Record], tally: &mut Tally) -> Vec<String> {
    let mut faults = Vec::new();
    let log = &held.log;
    for (i, e) in log.iter().enumerate() {
        if e.no != i as u64 + 1 {
            faults.push(format!(
                "{id}: stored event {} has number {} (a gap)",
                i + 1,
                e.no
            ));
            break;
        }
    }
    let stored = |no: u64| log.get((no as usize).wrapping_sub(1));
    tally.stored_moves += log.iter().filter(|e| e.kind == "moved").count();
    for rec in records {
        tally.connections += rec.connections as usize;
        tally.refused += rec.refused_moves as usize;
        faults.extend(rec.order_faults.iter().map(|f| format!("{id}: {f}")));
        for (no, seat, mv) in &rec.acked_moves {
            tally.acked += 1;
            match stored(*no) {
                Some(e)
                    if e.kind == "moved"
                        && e.mv.as_deref() == Some(mv)
                        && e.seat == Some(*seat) => {}
                Some(e) => faults.push(format!(
                    "{id}: {} was acknowledged {mv} as event {no}; the store has {} {:?} by {:?}",
                    rec.label, e.kind, e.mv, e.seat
                )),
                None => faults.push(format!(
                    "{id}: {} was acknowledged {mv} as event {no}; the store has {} events (lost)",
                    rec.label,
                    log.len()
                )),
            }
        }
        for s in &rec.shown {
            tally.shown += 1;
            let same = stored(s.no).is_some_and(|e| {
                e.game == s.game
                    && e.kind == s.kind
                    && e.mv == s.mv
                    && (s.kind != "moved" || e.seat == s.seat)
                    && s.agrees_with(&e.facts)
            });
            if !same {
                faults.push(format!(
                    "{id}: {} was shown event {} ({} {:?}), which the store does not hold (a fork)",
                    rec.label, s.no, s.kind, s.mv
                ));
            }
        }
    }
    // Chat: each acknowledged line once, no line twice, every id shown as stored.
    let mut by_text: HashMap<&str, usize> = HashMap::new();
    let by_id: HashMap<u64, &str> = held.chat.iter().map(|(i, t)| (*i, t.as_str())).collect();
    for (_, text) in &held.chat {
        *by_text.entry(text).or_default() += 1;
    }
    tally.chat_stored += held.chat.len();
    for (text, n) in &by_text {
        if *n > 1 {
            faults.push(format!("{id}: chat line {text:?} is stored {n} times"));
        }
    }
    for rec in records {
        for text in &rec.acked_chat {
            tally.chat_acked += 1;
            if !by_text.contains_key(text.as_str()) {
                faults.push(format!(
                    "{id}: acknowledged chat line {text:?} is not stored"
                ));
            }
        }
        for (cid, text) in &rec.chat_shown {
            if by_id.get(cid) != Some(&text.as_str()) {
                faults.push(format!(
                    "{id}: {} was shown chat {cid} {text:?}; the store has {:?}",
                    rec.label,
                    by_id.get(cid)
                ));
            }
        }
    }
    // Results: one ended game for each game_over in the log.
    let over = log.iter().filter(|e| e.kind == "game_over").count();
    tally.games_over += over;
    if held.results != over {
        faults.push(format!(
            "{id}: {over} games over in the log, {} results stored",
            held.results
        ));
    }
    faults
}

/// Holds every record against the store; prints the tally and the faults, returns how many
/// faults there are.
pub(super) async fn check(
    db_url: &str,
    matches: &[Match],
    records: &[Vec<Record>],
) -> Result<usize, String> {
    let db = sqlx::PgPool::connect(db_url)
        .await
        .map_err(|e| e.to_string())?;
    let mut tally = Tally::default();
    let mut faults = Vec::new();
    for (m, recs) in matches.iter().zip(records) {
        let held = held(&db, &m.id).await.map_err(|e| e.to_string())?;
        faults.extend(faults_of(&m.id, &held, recs, &mut tally));
    }
    let t = &tally;
    println!(
        "checked {} matches: {} moves acknowledged, {} stored; {} events shown; {} chat lines \
         acknowledged, {} stored; {} games over; {} connections; {} moves refused; {} faults",
        matches.len(),
        t.acked,
        t.stored_moves,
        t.shown,
        t.chat_acked,
        t.chat_stored,
        t.games_over,
        t.connections,
        t.refused,
        faults.len()
    );
    for f in faults.iter().take(40) {
        println!("FAULT {f}");
    }
    Ok(faults.len())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::record::Shown;
    use super::*;

    fn event(no: u64, kind: &str, seat: Option<u64>, mv: Option<&str>) -> Stored {
        let mut facts = json!({"kind": kind, "seat": seat});
        if let Some(mv) = mv {
            facts["move"] = json!(mv);
        }
        if kind == "thrown" {
            facts["throw"] = json!(3);
        }
        Stored {
            no,
            game: 1,
            kind: kind.into(),
            seat,
            mv: mv.map(str::to_owned),
            facts,
        }
    }

    /// The frame a socket is shown for `e`: its facts and the fields worked out for it.
    fn shown(e: &Stored) -> Shown {
        let mut frame = e.facts.clone();
        frame["type"] = json!("event");
        frame["no"] = json!(e.no);
        frame["game"] = json!(e.game);
        frame["turn"] = json!({"kind": "move", "seat": 1});
        frame["legal"] = json!(["10-12"]);
        Shown::of(&frame).unwrap()
    }

    /// A match of four events, a chat line and one finished game, and a seat's record
    /// that agrees with it.
    fn agreed() -> (Held, Record) {
        let held = Held {
            log: vec![
                event(1, "game_started", None, None),
                event(2, "thrown", Some(1), None),
                event(3, "moved", Some(1), Some("10-12")),
                event(4, "game_over", None, None),
            ],
            chat: vec![(1, "m seat 1 line 1".into())],
            results: 1,
        };
        let record = Record {
            label: "seat 1".into(),
            shown: held.log.iter().map(shown).collect(),
            acked_moves: vec![(3, 1, "10-12".into())],
            acked_chat: vec!["m seat 1 line 1".into()],
            chat_shown: vec![(1, "m seat 1 line 1".into())],
            ..Record::default()
        };
        (held, record)
    }

    fn faults(held: &Held, record: Record) -> Vec<String> {
        faults_of("m", held, &[record], &mut Tally::default())
    }

    #[test]
    fn a_record_that_agrees_with_the_store_has_no_fault() {
        let (held, record) = agreed();
        assert_eq!(faults(&held, record), Vec::<String>::new());
    }

    #[test]
    fn an_acknowledged_move_missing_from_the_store_is_lost() {
        let (mut held, mut record) = agreed();
        held.log.truncate(2);
        held.results = 0;
        record.shown.truncate(2);
        let f = faults(&held, record);
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].contains("(lost)"), "{f:?}");
    }

    #[test]
    fn an_acknowledged_move_stored_as_another_is_caught() {
        let (mut held, mut record) = agreed();
        held.log[2].mv = Some("10-13".into());
        record.shown[2].mv = Some("10-13".into());
        let f = faults(&held, record);
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].contains("acknowledged 10-12 as event 3"), "{f:?}");
    }

    #[test]
    fn an_event_shown_but_not_stored_is_a_fork() {
        let (held, mut record) = agreed();
        record
            .shown
            .push(shown(&event(5, "moved", Some(2), Some("11-13"))));
        let f = faults(&held, record);
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].contains("event 5") && f[0].contains("fork"), "{f:?}");
    }

    #[test]
    fn a_throw_shown_other_than_stored_is_a_fork() {
        let (held, mut record) = agreed();
        let mut other = held.log[1].clone();
        other.facts["throw"] = json!(4);
        record.shown[1] = shown(&other);
        let f = faults(&held, record);
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].contains("event 2") && f[0].contains("fork"), "{f:?}");
    }

    #[test]
    fn a_gap_in_the_stored_numbers_is_caught() {
        let (mut held, record) = agreed();
        held.log[3].no = 5;
        let f = faults(&held, record);
        assert!(f.iter().any(|f| f.contains("a gap")), "{f:?}");
    }

    #[test]
    fn chat_stored_twice_lost_or_shown_under_another_id_is_caught() {
        let (mut held, record) = agreed();
        held.chat.push((2, "m seat 1 line 1".into()));
        let f = faults(&held, record);
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].contains("stored 2 times"), "{f:?}");

        let (mut held, record) = agreed();
        held.chat.clear();
        let f = faults(&held, record);
        assert_eq!(f.len(), 2, "{f:?}");
        assert!(f.iter().any(|f| f.contains("is not stored")), "{f:?}");

        let (mut held, record) = agreed();
        held.chat[0].0 = 7;
        let f = faults(&held, record);
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].contains("was shown chat 1"), "{f:?}");
    }

    #[test]
    fn a_result_written_twice_or_not_at_all_is_caught() {
        for results in [0, 2] {
            let (mut held, record) = agreed();
            held.results = results;
            let f = faults(&held, record);
            assert_eq!(f.len(), 1, "{f:?}");
            assert!(f[0].contains("results stored"), "{f:?}");
        }
    }

    #[test]
    fn events_out_of_order_on_one_connection_are_reported() {
        let (held, mut record) = agreed();
        record
            .order_faults
            .push("seat 1: connection 1 expected event 3, got 4".into());
        let f = faults(&held, record);
        assert_eq!(f, vec!["m: seat 1: connection 1 expected event 3, got 4"]);
    }
}
