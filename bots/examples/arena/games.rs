//! Playing the games: one game and what it left behind ([`Record`], with each decision's
//! [`Timing`]), and every game of a run on several threads.

use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use senet_bots::{Bot, eval};
use senet_engine::{Game, Setup, Status, Throw};

use crate::options::{Mode, Options, Player};

/// What one decision cost.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Timing {
    /// Wall-clock time.
    pub(crate) wall: Duration,
    /// CPU time of this thread: on a shared, loaded machine the wall clock also counts the
    /// time other processes had the core.
    pub(crate) cpu: Option<Duration>,
    /// Nodes of work the search did.
    pub(crate) nodes: u64,
    /// Depth of its deepest completed iteration.
    pub(crate) depth: u32,
}

/// CPU time this thread has run (`CLOCK_THREAD_CPUTIME_ID`, through rustix's safe call).
pub(crate) fn thread_cpu_time() -> Option<Duration> {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    let secs = u64::try_from(t.tv_sec).ok()?;
    let nanos = u32::try_from(t.tv_nsec).ok()?;
    Some(Duration::new(secs, nanos))
}

/// Everything one game left behind.
#[derive(Default)]
pub(crate) struct Record {
    /// The winner's seat index, `None` on a draw.
    pub(crate) winner: Option<usize>,
    /// Seat of level A.
    pub(crate) a_seat: usize,
    /// Decisions with a choice by level A and by level B.
    pub(crate) times: [Vec<Timing>; 2],
    /// Every seat's win probability at every throw and move.
    pub(crate) predictions: Vec<Vec<f64>>,
    /// Every seat's features at every throw.
    pub(crate) features: Vec<Vec<Vec<f64>>>,
    /// Moves and throws played.
    pub(crate) actions: u32,
}

pub(crate) fn play(options: &Options, game_index: u32) -> Result<Record, String> {
    let seed = options.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(game_index);
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut explore = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let players = usize::from(options.players);
    let a_seat = game_index as usize % players;
    let mut bots: Vec<(Player, Option<Bot>)> = (0..players)
        .map(|seat| {
            let who = if seat == a_seat { options.a } else { options.b };
            let bot = match who {
                Player::Bot(level) => Some(Bot::new(level, seed ^ seat as u64)),
                Player::Random => None,
            };
            (who, bot)
        })
        .collect();
    let mut game =
        Game::new(options.variant, Setup::players(options.players)).map_err(|e| e.to_string())?;
    let mut record = Record {
        a_seat,
        ..Record::default()
    };
    let mut faces = [0u8; Throw::MAX_DICE];
    loop {
        // A finished game's figures are right by construction: only live positions count.
        if game.status().outcome().is_none() {
            match options.mode {
                Mode::Calibrate => record.predictions.push(senet_bots::win_probability(&game)),
                Mode::Isotonic => record
                    .predictions
                    .push(senet_bots::win_probability_uncalibrated(&game)),
                _ => {}
            }
        }
        match game.status() {
            Status::Over(outcome) => {
                record.winner = outcome.winner.map(|p| p.index());
                return Ok(record);
            }
            Status::Throw { spec, .. } => {
                if matches!(options.mode, Mode::Fit | Mode::Scale) {
                    record.features.push(eval::features(&game));
                }
                let faces = &mut faces[..usize::from(spec.count)];
                for face in faces.iter_mut() {
                    *face = dice.random_range(spec.die.min_face()..=spec.die.max_face());
                }
                let throw = Throw::new(spec, faces).map_err(|e| e.to_string())?;
                game.throw(throw).map_err(|e| e.to_string())?;
            }
            Status::Move { player } => {
                let seat = player.index();
                let legal = game.legal_moves();
                let (who, bot) = &mut bots[seat];
                let random = *who == Player::Random
                    || (options.explore > 0.0 && explore.random_bool(options.explore.min(1.0)));
                let mv = match bot {
                    Some(bot) if !random => {
                        let cpu_before = thread_cpu_time();
                        let started = Instant::now();
                        let decision = bot
                            .decide(&game, options.budget)
                            .map_err(|e| e.to_string())?;
                        let wall = started.elapsed();
                        let cpu = thread_cpu_time()
                            .zip(cpu_before)
                            .map(|(after, before)| after.saturating_sub(before));
                        if legal.len() > 1 {
                            record.times[usize::from(seat != a_seat)].push(Timing {
                                wall,
                                cpu,
                                nodes: decision.nodes,
                                depth: decision.depth,
                            });
                        }
                        decision.mv
                    }
                    _ => *legal.choose(&mut explore).ok_or("no legal move")?,
                };
                game.play(player, mv).map_err(|e| e.to_string())?;
            }
        }
        record.actions += 1;
        if record.actions > 200_000 {
            return Err(format!("game {game_index} did not end"));
        }
    }
}

/// Plays every game, `options.threads` at a time, and returns their records in game order.
pub(crate) fn play_all(options: &Options) -> Result<Vec<Record>, String> {
    let threads = u32::try_from(options.threads).unwrap_or(u32::MAX).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..options.games)
                        .step_by(threads as usize)
                        .map(|g| play(options, g).map(|r| (g, r)))
                        .collect::<Result<Vec<_>, String>>()
                })
            })
            .collect();
        let mut all = Vec::with_capacity(options.games as usize);
        for worker in workers {
            all.extend(
                worker
                    .join()
                    .map_err(|_| "a game thread panicked".to_string())??,
            );
        }
        all.sort_unstable_by_key(|(g, _)| *g);
        Ok(all.into_iter().map(|(_, r)| r).collect())
    })
}
