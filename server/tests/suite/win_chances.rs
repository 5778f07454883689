//! The win-chances bar: a spectator gets a `chances` frame after every stored batch (and
//! after its welcome) — at most one per `--chances-every-ms`, and always one for the last
//! batch — per table seat, equal to the bots' `win_probability` of the engine's
//! position mapped through the game's seats; a seat's socket never gets one during the
//! game. `GET /api/matches/{id}/games/{game}/chances` gives one point per event of a
//! finished game, 409 `game_live` for a live one, 404 for a private match read without its
//! key; `modern` with 3 and 4 seats gives 3 and 4 figures.

use std::collections::HashMap;

use crate::common::{Client, Lcg, Ws, start_with};
use crate::db::{config, get_bearer};
use senet_match::record::GameRecord;
use serde_json::{Value, json};

/// Rounded to 3 decimals, as the server sends them.
fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// What the chances after every event of game `game` must be: the record replayed through
/// the engine, each position's `win_probability` (per engine player) put at the table seat
/// of that player (`record.seats[i]` plays engine player `i + 1`). Returns the record too.
async fn expected(
    c: &Client,
    id: &str,
    game: u64,
    key: &str,
) -> (GameRecord, HashMap<u64, Vec<f64>>) {
    let (st, record) = c.get(&format!("/api/matches/{id}/games/{game}{key}")).await;
    assert_eq!(st, 200, "{record}");
    let record: GameRecord = serde_json::from_value(record).unwrap();
    let mut by_no = HashMap::new();
    record
        .replay_each(|e, engine| {
            let by_player = senet_bots::win_probability(engine);
            let mut per_seat = vec![f64::NAN; record.seats.len()];
            for (player, &seat) in record.seats.iter().enumerate() {
                per_seat[usize::from(seat) - 1] = round3(by_player[player]);
            }
            by_no.insert(e.no, per_seat);
        })
        .expect("the record replays");
    (record, by_no)
}

fn figures(v: &Value) -> Vec<f64> {
    v.as_array()
        .expect("a list of figures")
        .iter()
        .map(|x| x.as_f64().expect("a number"))
        .collect()
}

fn assert_sums_to_one(chances: &[f64], what: &str) {
    let sum: f64 = chances.iter().sum();
    assert!(
        (sum - 1.0).abs() < 0.0025,
        "{what}: {chances:?} sums to {sum}"
    );
    assert!(
        chances.iter().all(|p| (0.0..=1.0).contains(p)),
        "{what}: {chances:?}"
    );
}

/// Every seat of match `id` plays game 1 with random legal moves (seat `i` from seed
/// `seed + i`) until it is over.
async fn play_one_game(s: &Client, id: &str, tokens: &[String], seed: u64) {
    let mut seats = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let (ws, _) = s.hello(id, Some(token), Some(0)).await;
        seats.push(tokio::spawn(play(ws, i as u64 + 1, seed + i as u64, 1)));
    }
    for seat in seats {
        seat.await.unwrap();
    }
}

/// Plays `seat` with random legal moves through `games` games (asking for the next game
/// after each but the last); returns every message the socket got. The socket said hello
/// with `last_event: 0`, so every event comes, whenever it connected.
async fn play(mut ws: Ws, seat: u64, seed: u64, games: u64) -> Vec<Value> {
    let mut rng = Lcg(seed);
    let mut seen = Vec::new();
    let mut acted_at = 0;
    // The tests' servers take no client seeds (`seed_wait_ms = 0`): the dice start at once.
    loop {
        let m = ws.recv().await;
        seen.push(m.clone());
        let (no, view) = match m["type"].as_str() {
            Some("event") => {
                if m["kind"] == "game_over" {
                    if m["game"].as_u64() == Some(games) {
                        // Read on a little: anything sent after the game ends is checked too.
                        while let Ok(Some(more)) =
                            tokio::time::timeout(std::time::Duration::from_millis(200), ws.next())
                                .await
                        {
                            seen.push(more);
                        }
                        return seen;
                    }
                    ws.act(json!({"type": "rematch"})).await;
                    continue;
                }
                (m["no"].as_u64().unwrap(), m.clone())
            }
            Some("snapshot") => {
                let snap = m["snapshot"].clone();
                (snap["last_event"].as_u64().unwrap(), snap)
            }
            Some("error") if m["code"] == "stale_seq" || m["code"] == "seeds_closed" => continue,
            Some("error") => panic!("seat {seat} got an error: {m}"),
            _ => continue,
        };
        if view["turn"]["kind"] == "move" && view["turn"]["seat"] == seat && no > acted_at {
            let legal = view["legal"].as_array().unwrap();
            let mv = legal[rng.pick(legal.len())].clone();
            acted_at = no;
            ws.act(json!({"type": "move", "game": view["game"], "move": mv}))
                .await;
        }
    }
}

/// The next text message (none when the socket closes).
async fn next_text(ws: &mut Ws) -> Option<Value> {
    use futures_util::StreamExt;
    while let Some(Ok(m)) = ws.ws.next().await {
        if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
            return serde_json::from_str(t.as_str()).ok();
        }
    }
    None
}

/// Watches until the chances after game `games`' end have come; returns every message.
async fn watch(mut ws: Ws, games: u64) -> Vec<Value> {
    let mut seen = Vec::new();
    let mut over_at = None;
    let mut last_chances = 0;
    loop {
        let m = match tokio::time::timeout(std::time::Duration::from_secs(5), next_text(&mut ws))
            .await
        {
            Ok(Some(m)) => m,
            _ => panic!(
                "the spectator got nothing more; the last messages: {:?}",
                &seen[seen.len().saturating_sub(6)..]
            ),
        };
        if m["type"] == "event" && m["kind"] == "game_over" && m["game"].as_u64() == Some(games) {
            over_at = m["no"].as_u64();
        }
        if m["type"] == "chances" {
            last_chances = last_chances.max(m["no"].as_u64().unwrap());
        }
        // A frame goes to the socket's outbox, which its writer serves before the broadcast:
        // the chances after a batch may come before the batch's events.
        let done = over_at.is_some_and(|over| last_chances >= over);
        seen.push(m);
        if done {
            return seen;
        }
    }
}

/// Checks a spectator's `chances` frames against the engine; returns how many there were.
async fn check_frames(c: &Client, id: &str, seen: &[Value], players: usize, key: &str) -> usize {
    let frames: Vec<&Value> = seen.iter().filter(|m| m["type"] == "chances").collect();
    let mut records = HashMap::new();
    let mut last_no = 0;
    for f in &frames {
        let game = f["game"].as_u64().unwrap();
        if let std::collections::hash_map::Entry::Vacant(slot) = records.entry(game) {
            slot.insert(expected(c, id, game, key).await);
        }
        let (_, by_no) = &records[&game];
        let no = f["no"].as_u64().unwrap();
        assert!(
            no > last_no || last_no == 0,
            "one frame per batch, in order: {f}"
        );
        last_no = no;
        let chances = figures(&f["chances"]);
        assert_eq!(chances.len(), players, "{f}");
        assert_sums_to_one(&chances, &f.to_string());
        let want = by_no
            .get(&no)
            .unwrap_or_else(|| panic!("frame {f} is for no event of game {game}"));
        assert_eq!(&chances, want, "frame {f}: per table seat");
    }
    frames.len()
}

/// Two people play a best-of-3 (so game 2's seats are rotated: seat 2 is engine player 1)
/// while a spectator watches.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_get_chances_per_table_seat_and_players_never_do() {
    let s = start_with(|c| {
        c.seed_wait_ms = 0;
        c.chances_every_ms = 0;
    })
    .await;
    let (id, tokens, _) = s
        .create_full(
            json!({"variant": "jequier", "series": {"kind": "best_of", "target": 3},
            "player_name": "Ana"}),
        )
        .await;
    // Arrange: the spectator first, so it sees every batch.
    let (spectator, _) = s.hello(&id, None, None).await;
    let c = Client { addr: s.addr };
    let watching = tokio::spawn(async move { watch(spectator, 2).await });
    let mut seats = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let (ws, _) = s.hello(&id, Some(token), Some(0)).await;
        seats.push(tokio::spawn(play(ws, i as u64 + 1, 7 + i as u64, 2)));
    }
    // Act
    let mut players_saw = Vec::new();
    for seat in seats {
        players_saw.push(seat.await.unwrap());
    }
    let watched = watching.await.unwrap();
    // Assert: the seats never got chances; the spectator got them for both games.
    for (i, seen) in players_saw.iter().enumerate() {
        assert!(
            seen.iter().all(|m| m["type"] != "chances"),
            "seat {} got chances",
            i + 1
        );
    }
    let n = check_frames(&c, &id, &watched, 2, "").await;
    let moves = watched
        .iter()
        .filter(|m| m["type"] == "event" && m["kind"] == "moved")
        .count();
    assert!(n >= moves / 2 && n > 10, "{n} frames for {moves} moves");
    let games: Vec<u64> = watched
        .iter()
        .filter(|m| m["type"] == "chances")
        .filter_map(|m| m["game"].as_u64())
        .collect();
    assert!(games.contains(&1) && games.contains(&2), "{games:?}");
    let (record2, _) = expected(&c, &id, 2, "").await;
    assert_eq!(record2.seats, vec![2, 1], "game 2 maps seats the other way");
    // The last frame of a game over: the winner 1, the loser 0.
    let last = watched
        .iter()
        .rev()
        .find(|m| m["type"] == "chances")
        .unwrap();
    let mut end = figures(&last["chances"]);
    end.sort_by(f64::total_cmp);
    assert_eq!(end, vec![0.0, 1.0], "{last}");
}

/// Batches that come faster than `--chances-every-ms` share a frame: no more frames than
/// pauses in the game's time, and the one after the game's last event is never skipped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fast_batches_share_a_frame_and_the_last_one_always_comes() {
    const EVERY_MS: u64 = 300;
    let s = start_with(|c| {
        c.seed_wait_ms = 0;
        c.chances_every_ms = EVERY_MS;
    })
    .await;
    let (id, tokens, _) = s.create_full(json!({"variant": "pyramid"})).await;
    let (spectator, _) = s.hello(&id, None, None).await;
    let c = Client { addr: s.addr };
    let began = std::time::Instant::now();
    let watching = tokio::spawn(async move { watch(spectator, 1).await });
    play_one_game(&s, &id, &tokens, 11).await;
    let watched = watching.await.unwrap();
    let elapsed_ms = began.elapsed().as_millis() as u64;
    // Assert: every frame is right for its event; at most one per pause (and the welcome's).
    let n = check_frames(&c, &id, &watched, 2, "").await;
    let batches = watched.iter().filter(|m| m["type"] == "event").count();
    assert!(
        n as u64 <= elapsed_ms / EVERY_MS + 2,
        "{n} frames in {elapsed_ms} ms ({batches} events)"
    );
    let last_event = watched
        .iter()
        .filter(|m| m["type"] == "event")
        .filter_map(|m| m["no"].as_u64())
        .max();
    let last = watched
        .iter()
        .rev()
        .find(|m| m["type"] == "chances")
        .unwrap();
    assert_eq!(
        last["no"].as_u64(),
        last_event,
        "the last frame is the last event's: {last}"
    );
    let mut end = figures(&last["chances"]);
    end.sort_by(f64::total_cmp);
    assert_eq!(end, vec![0.0, 1.0], "{last}");
}

/// A spectator who joins mid-game gets the chances right after its welcome.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_gets_the_chances_after_its_welcome() {
    let s = start_with(|c| c.seed_wait_ms = 0).await;
    let (id, tokens, _) = s.create_full(json!({"variant": "parker"})).await;
    let (mut ws, _) = s.hello(&id, Some(&tokens[0]), None).await;
    // A player's first frames: none is a chances frame.
    for _ in 0..3 {
        if let Ok(Some(m)) =
            tokio::time::timeout(std::time::Duration::from_millis(300), ws.next()).await
        {
            assert_ne!(m["type"], "chances", "{m}");
        }
    }
    let (mut spectator, welcome) = s.hello(&id, None, None).await;
    let m = spectator.recv().await;
    assert_eq!(m["type"], "chances", "{m}");
    assert_eq!(m["no"], welcome["snapshot"]["last_event"], "{m}");
    assert_eq!(m["game"], 1);
    assert_sums_to_one(&figures(&m["chances"]), "after the welcome");
    // Live: the route refuses to give them.
    let (st, body) = s.get(&format!("/api/matches/{id}/games/1/chances")).await;
    assert_eq!(
        (st, body["code"].as_str()),
        (409, Some("game_live")),
        "{body}"
    );
}

/// After the game: one point per event, per table seat, equal to the engine's figures.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_route_gives_one_point_per_event_of_a_finished_game() {
    let s = start_with(|c| c.seed_wait_ms = 0).await;
    let (id, tokens, _) = s.create_full(json!({"variant": "pyramid"})).await;
    play_one_game(&s, &id, &tokens, 3).await;
    let (record, want) = expected(&s, &id, 1, "").await;
    let (st, body) = s.get(&format!("/api/matches/{id}/games/1/chances")).await;
    assert_eq!(st, 200, "{body}");
    assert_eq!(body["game"], 1);
    assert_eq!(body["seats"], json!([1, 2]));
    let points = body["points"].as_array().unwrap();
    assert_eq!(points.len(), record.events.len(), "one point per event");
    for (p, e) in points.iter().zip(&record.events) {
        assert_eq!(p["no"].as_u64(), Some(e.no), "{p}");
        let chances = figures(&p["chances"]);
        assert_sums_to_one(&chances, &p.to_string());
        assert_eq!(&chances, &want[&e.no], "{p}");
    }
    // Asked again (from the cache): the same answer.
    let (st, again) = s.get(&format!("/api/matches/{id}/games/1/chances")).await;
    assert_eq!((st, &again), (200, &body));
    // No such game.
    let (st, _) = s.get(&format!("/api/matches/{id}/games/7/chances")).await;
    assert_eq!(st, 404);
}

/// A private match's chances need its key, like its record.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_match_needs_its_key() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    let s = senet_server::spawn_durable(config(&url)).await.unwrap();
    let c = Client { addr: s.addr };
    let (id, tokens, created) = c
        .create_full(json!({"variant": "martian", "public": false}))
        .await;
    let (mut ws, _) = c.hello(&id, Some(&tokens[1]), None).await;
    let seq = ws.act(json!({"type": "resign"})).await;
    assert_eq!(ws.reply(seq).await["type"], "ack");
    ws.until(|m| m["kind"] == "match_over").await;
    let path = format!("/api/matches/{id}/games/1/chances");
    let (st, body) = c.get(&path).await;
    assert_eq!(
        (st, body["code"].as_str()),
        (404, Some("not_found")),
        "{body}"
    );
    let (st, body) = get_bearer(s.addr, &path, Some("not-the-key")).await;
    assert_eq!(st, 404, "{body}");
    let key = created["spectator_key"]
        .as_str()
        .or_else(|| created["token"].as_str())
        .unwrap();
    let (st, body) = get_bearer(s.addr, &path, Some(key)).await;
    assert_eq!(st, 200, "{body}");
    let last = body["points"].as_array().unwrap().last().unwrap().clone();
    // Seat 2 resigned: seat 1 has it all.
    assert_eq!(last["chances"], json!([1.0, 0.0]), "{body}");
    s.shutdown.send(true).unwrap();
}

/// `modern` with 3 and 4 seats: one figure per seat, live and after the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn modern_with_three_and_four_seats_gives_a_figure_per_seat() {
    let s = start_with(|c| {
        c.seed_wait_ms = 0;
        c.chances_every_ms = 0;
        // A human-like pace: a socket that falls behind may lose a `chances` frame (it is
        // sent to the outbox, which drops what a full one cannot take).
        c.bot_delay_ms = 20;
    })
    .await;
    for players in [3usize, 4] {
        let bots = vec!["easy"; players - 1];
        let (st, created) = s
            .post(
                "/api/matches",
                json!({"variant": "modern", "players": players, "bots": bots}),
            )
            .await;
        assert_eq!(st, 201, "{created}");
        let id = created["match_id"].as_str().unwrap().to_owned();
        let token = created["token"].as_str().unwrap().to_owned();
        let (spectator, _) = s.hello(&id, None, None).await;
        let watching = tokio::spawn(watch(spectator, 1));
        let (ws, _) = s.hello(&id, Some(&token), Some(0)).await;
        let seen = play(ws, 1, 5, 1).await;
        assert!(
            seen.iter().all(|m| m["type"] != "chances"),
            "seat 1 got chances"
        );
        let watched = watching.await.unwrap();
        let n = check_frames(&s, &id, &watched, players, "").await;
        assert!(n > 5, "{players} players: {n} frames");
        let (st, body) = s.get(&format!("/api/matches/{id}/games/1/chances")).await;
        assert_eq!(st, 200, "{body}");
        let seats: Vec<u8> = (1..=players as u8).collect();
        assert_eq!(body["seats"], json!(seats));
        for p in body["points"].as_array().unwrap() {
            let chances = figures(&p["chances"]);
            assert_eq!(chances.len(), players, "{p}");
            assert_sums_to_one(&chances, &p.to_string());
        }
    }
}

/// The review at `path`, asked for again while it is in line or being made: every such
/// answer is 202 with the review's place (from 1) or progress, which never goes back.
async fn made_review(c: &Client, path: &str) -> Value {
    let mut last_done = 0;
    for _ in 0..600 {
        let (st, body) = c.get(path).await;
        match (st, body["state"].as_str()) {
            (200, _) => return body,
            (202, Some("waiting")) => {
                let (place, waiting) = (
                    body["place"].as_u64().unwrap(),
                    body["waiting"].as_u64().unwrap(),
                );
                assert!(1 <= place && place <= waiting, "{body}");
            }
            (202, Some("running")) => {
                let (done, of) = (body["done"].as_u64().unwrap(), body["of"].as_u64().unwrap());
                assert!(last_done <= done && done <= of, "{body}");
                last_done = done;
            }
            _ => panic!("{st}: {body}"),
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the review of {path} was not made in 30 s");
}

/// The review of a finished game: none while it is live; after it, every decision is a
/// `moved` event of the record with the move it played, its options best first, its cost
/// the best option's chance less the played one's, classed by the stated thresholds; one
/// luck per `thrown` event; the seats' totals add up. Asked again, the same answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_reviewed_and_a_live_one_is_not() {
    let s = start_with(|c| c.seed_wait_ms = 0).await;
    let (id, tokens, _) = s.create_full(json!({"variant": "pyramid"})).await;
    let path = format!("/api/matches/{id}/games/1/review");
    let (st, body) = s.get(&path).await;
    assert_eq!(
        (st, body["code"].as_str()),
        (409, Some("game_live")),
        "{body}"
    );
    play_one_game(&s, &id, &tokens, 11).await;
    let (record, _) = expected(&s, &id, 1, "").await;
    let (st, first) = s.get(&path).await;
    assert_eq!(
        (st, &first["state"], &first["place"]),
        (202, &json!("waiting"), &json!(1)),
        "the first request puts the review in line: {first}"
    );
    let body = made_review(&s, &path).await;
    assert_eq!(body["game"], 1);
    let t = &body["thresholds"];
    let (inaccuracy, mistake, blunder) = (
        t["inaccuracy"].as_f64().unwrap(),
        t["mistake"].as_f64().unwrap(),
        t["blunder"].as_f64().unwrap(),
    );
    assert!(
        0.0 < inaccuracy && inaccuracy < mistake && mistake < blunder,
        "{t}"
    );
    let decisions = body["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty(), "random play makes decisions");
    for d in decisions {
        let no = d["no"].as_u64().unwrap();
        let event = record.events.iter().find(|e| e.no == no).expect("an event");
        let senet_protocol::EventKind::Moved { seat, mv, .. } = &event.kind else {
            panic!("decision {d} is not at a move");
        };
        assert_eq!(d["played"].as_str(), Some(mv.as_str()), "{d}");
        assert_eq!(d["seat"].as_u64(), Some(u64::from(*seat)), "{d}");
        let options = d["options"].as_array().unwrap();
        assert!(options.len() >= 2, "a forced move is no decision: {d}");
        let chance = |o: &Value| o["chance"].as_f64().unwrap();
        assert!(
            options.windows(2).all(|w| chance(&w[0]) >= chance(&w[1])),
            "{d}"
        );
        assert_eq!(d["best"], options[0]["move"], "{d}");
        assert!(d["best_geometry"]["steps"].is_array(), "{d}");
        let played = options
            .iter()
            .find(|o| o["move"] == d["played"])
            .expect("played is an option");
        let cost = d["cost"].as_f64().unwrap();
        assert!(
            (cost - (chance(&options[0]) - chance(played))).abs() <= 0.11,
            "{d}"
        );
        let class = if cost >= blunder {
            "blunder"
        } else if cost >= mistake {
            "mistake"
        } else if cost >= inaccuracy {
            "inaccuracy"
        } else {
            "good"
        };
        // The cost is rounded after classing: a cost on a threshold may class either way.
        let near = [inaccuracy, mistake, blunder]
            .iter()
            .any(|x| (cost - x).abs() < 0.06);
        assert!(near || d["class"] == class, "{d}");
    }
    let thrown = record
        .events
        .iter()
        .filter(|e| matches!(e.kind, senet_protocol::EventKind::Thrown { .. }))
        .count();
    assert_eq!(body["throws"].as_array().unwrap().len(), thrown);
    let per_seat: u64 = body["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["decisions"].as_u64().unwrap())
        .sum();
    assert_eq!(per_seat as usize, decisions.len());
    for seat in body["seats"].as_array().unwrap() {
        for (field, class) in [
            ("inaccuracies", "inaccuracy"),
            ("mistakes", "mistake"),
            ("blunders", "blunder"),
        ] {
            let listed = decisions
                .iter()
                .filter(|d| d["seat"] == seat["seat"] && d["class"] == class)
                .count();
            assert_eq!(seat[field].as_u64(), Some(listed as u64), "{seat}");
        }
    }
    let (st, again) = s.get(&path).await;
    assert_eq!((st, &again), (200, &body));
}

/// A review is made once and kept in the durable store: the row holds the answer, and the
/// route serves the row (a row changed behind the server's back is what it answers).
async fn reviews_are_kept_in_the_store(url: &str) {
    use senet_store::SqlStore;
    let s = senet_server::spawn_durable(config(url)).await.unwrap();
    let c = Client { addr: s.addr };
    let (id, tokens, _) = c.create_full(json!({"variant": "pyramid"})).await;
    play_one_game(&c, &id, &tokens, 21).await;
    let path = format!("/api/matches/{id}/games/1/review");
    let made = made_review(&c, &path).await;
    let (_, record) = c.get(&format!("/api/matches/{id}/games/1")).await;
    let game_id = record["game_id"].as_str().unwrap();
    let store = SqlStore::connect(url).await.unwrap();
    let budget = made["budget_nodes"].as_u64().unwrap();
    let kept = store
        .review(&id, 1, game_id, budget)
        .await
        .unwrap()
        .expect("kept");
    assert_eq!(serde_json::from_str::<Value>(&kept).unwrap(), made);
    // Another game id, or another budget, is not this review.
    assert!(
        store
            .review(&id, 1, "another", budget)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        store
            .review(&id, 1, game_id, budget + 1)
            .await
            .unwrap()
            .is_none()
    );
    let mut changed = made.clone();
    changed["seats"][0]["luck"] = json!(99.9);
    store
        .keep_review(&id, 1, game_id, budget, &changed.to_string())
        .await
        .unwrap();
    let (st, served) = c.get(&path).await;
    assert_eq!((st, served), (200, changed), "served from the store");
    s.shutdown.send(true).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_reviews_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    reviews_are_kept_in_the_store(&format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("t.db").display()
    ))
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_reviews_are_kept() {
    let Some(db) = crate::db::pg_db("postgres_reviews_are_kept").await else {
        return;
    };
    reviews_are_kept_in_the_store(&db.url).await;
}
