//! The queue of game reviews waiting to be made (`docs/review.md`): a review takes a tenth
//! of a second to a few seconds of one core, so a request does not wait for it. The first
//! request for a game puts it in line and is answered with its place; later requests see the
//! place, then the progress of the review while it runs, then the review.
//!
//! The line is bounded (`--review-queue`), and so is what one address may have in it at once
//! (`--reviews-per-address`). At most `--reviewers` reviews run at once, each holding a permit
//! of the record checkers' pool (`server/src/http/pool.rs`). Workers are started by a request
//! when the line has work and fewer are running, and end when the line is empty: an idle
//! server runs none.
//!
//! Each node has its own line; the store's kept reviews are shared, so a review made on one
//! node is served by every other.

use std::collections::VecDeque;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use senet_match::record::GameRecord;

/// (match id, game number, game id): the game a review is of.
pub type GameKey = (String, u32, String);

/// How far a running review is: the game's throws and moves reviewed, of how many.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicU32,
    of: AtomicU32,
}

impl Progress {
    /// After each step of the review: `done` of `of` steps reviewed.
    pub fn set(&self, done: usize, of: usize) {
        self.of
            .store(u32::try_from(of).unwrap_or(u32::MAX), Ordering::Relaxed);
        self.done
            .store(u32::try_from(done).unwrap_or(u32::MAX), Ordering::Relaxed);
    }

    fn get(&self) -> (u32, u32) {
        (
            self.done.load(Ordering::Relaxed),
            self.of.load(Ordering::Relaxed),
        )
    }
}

/// Where a requested review is: the body of a 202 to `GET …/review`, tagged by `state`
/// (`waiting` or `running`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(tag = "state", rename_all = "snake_case")]
#[schemars(rename = "ReviewPending")]
pub enum Place {
    /// In line: `place` 1 is next, of `waiting` in line.
    Waiting {
        /// 1 for the next review to start.
        place: usize,
        /// Reviews in line.
        waiting: usize,
    },
    /// Being made: `done` of the game's `of` throws and moves reviewed.
    Running {
        /// Steps reviewed.
        done: u32,
        /// The game's throws and moves.
        of: u32,
    },
}

/// Why a review was not put in line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The line is full (503 `busy`).
    Full,
    /// The address has as many reviews in line as it may (429 `too_many_reviews`).
    TooManyFromAddress,
}

/// A review to make: the game's record, and who asked (for the per-address bound).
#[derive(Debug)]
pub struct Job {
    /// The game.
    pub key: GameKey,
    /// Its record, read when it was requested.
    pub record: GameRecord,
    /// The address that asked first.
    pub ip: Option<IpAddr>,
}

#[derive(Debug)]
struct Running {
    key: GameKey,
    ip: Option<IpAddr>,
    progress: Arc<Progress>,
}

#[derive(Debug, Default)]
struct Line {
    waiting: VecDeque<Job>,
    running: Vec<Running>,
    workers: usize,
    /// Games whose review failed (a record that does not replay), the newest last: asked
    /// again, they are answered with the error rather than put in line for ever.
    failed: VecDeque<(GameKey, String)>,
}

/// How many failed reviews are remembered.
const FAILED_KEPT: usize = 64;

/// The line of reviews, shared by every request of a node.
#[derive(Debug)]
pub struct Reviews {
    line: Mutex<Line>,
    capacity: usize,
    per_address: usize,
    workers: usize,
}

/// What [`Reviews::request`] did.
#[derive(Debug, PartialEq, Eq)]
pub struct Requested {
    /// Where the review now is.
    pub place: Place,
    /// True when the caller must start a worker ([`Reviews::next`] in a loop).
    pub start_worker: bool,
}

impl Reviews {
    /// A line holding at most `capacity` reviews in waiting, `per_address` of them (waiting
    /// or running) from one address, with at most `workers` making reviews at once.
    pub fn new(capacity: usize, per_address: usize, workers: usize) -> Reviews {
        Reviews {
            line: Mutex::new(Line::default()),
            capacity: capacity.max(1),
            per_address: per_address.max(1),
            workers: workers.max(1),
        }
    }

    fn line(&self) -> std::sync::MutexGuard<'_, Line> {
        self.line.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Where the review of `key` is, if it is in line or being made; or the error it ended
    /// with.
    pub fn status(&self, key: &GameKey) -> Option<Result<Place, String>> {
        let line = self.line();
        if let Some((_, why)) = line.failed.iter().find(|(k, _)| k == key) {
            return Some(Err(why.clone()));
        }
        if let Some(r) = line.running.iter().find(|r| &r.key == key) {
            let (done, of) = r.progress.get();
            return Some(Ok(Place::Running { done, of }));
        }
        line.waiting.iter().position(|j| &j.key == key).map(|at| {
            Ok(Place::Waiting {
                place: at + 1,
                waiting: line.waiting.len(),
            })
        })
    }

    /// Puts `job` in line, unless its game is already there (then its place is given).
    ///
    /// # Errors
    /// When the line is full, or the address has as many reviews in line as it may.
    pub fn request(&self, job: Job) -> Result<Requested, Refused> {
        let mut line = self.line();
        if let Some(at) = line.waiting.iter().position(|j| j.key == job.key) {
            let place = Place::Waiting {
                place: at + 1,
                waiting: line.waiting.len(),
            };
            return Ok(Requested {
                place,
                start_worker: false,
            });
        }
        if let Some(r) = line.running.iter().find(|r| r.key == job.key) {
            let (done, of) = r.progress.get();
            return Ok(Requested {
                place: Place::Running { done, of },
                start_worker: false,
            });
        }
        if line.waiting.len() >= self.capacity {
            return Err(Refused::Full);
        }
        if let Some(ip) = job.ip {
            let from_ip = line.waiting.iter().filter(|j| j.ip == Some(ip)).count()
                + line.running.iter().filter(|r| r.ip == Some(ip)).count();
            if from_ip >= self.per_address {
                return Err(Refused::TooManyFromAddress);
            }
        }
        line.waiting.push_back(job);
        let start_worker = line.workers < self.workers;
        if start_worker {
            line.workers += 1;
        }
        Ok(Requested {
            place: Place::Waiting {
                place: line.waiting.len(),
                waiting: line.waiting.len(),
            },
            start_worker,
        })
    }

    /// For a worker: the next review to make, now counted as running, with the progress to
    /// report to. `None` when the line is empty: the worker then ends (it is no longer
    /// counted).
    pub fn next(&self) -> Option<(Job, Arc<Progress>)> {
        let mut line = self.line();
        let Some(job) = line.waiting.pop_front() else {
            line.workers = line.workers.saturating_sub(1);
            return None;
        };
        let progress = Arc::new(Progress::default());
        line.running.push(Running {
            key: job.key.clone(),
            ip: job.ip,
            progress: progress.clone(),
        });
        Some((job, progress))
    }

    /// For a worker: the review of `key` is made (and kept where requests find it), or it
    /// failed with `error`.
    pub fn finish(&self, key: &GameKey, error: Option<String>) {
        let mut line = self.line();
        line.running.retain(|r| &r.key != key);
        if let Some(why) = error {
            if line.failed.len() >= FAILED_KEPT {
                line.failed.pop_front();
            }
            line.failed.push_back((key.clone(), why));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(n: u32, ip: Option<[u8; 4]>) -> Job {
        let record: GameRecord = serde_json::from_value(serde_json::json!({
            "match_id": "m", "game": n, "game_id": format!("g{n}"), "variant": "martian",
            "setup": {}, "seats": [1, 2], "commitment": "", "seed": null,
            "client_seeds": [], "events": []
        }))
        .expect("a record");
        Job {
            key: ("m".into(), n, format!("g{n}")),
            record,
            ip: ip.map(IpAddr::from),
        }
    }

    fn key(n: u32) -> GameKey {
        ("m".into(), n, format!("g{n}"))
    }

    #[test]
    fn requests_wait_in_order_and_a_second_request_sees_the_same_place() {
        let reviews = Reviews::new(10, 10, 1);
        let first = reviews.request(job(1, None)).unwrap();
        assert_eq!(
            first,
            Requested {
                place: Place::Waiting {
                    place: 1,
                    waiting: 1
                },
                start_worker: true
            }
        );
        let second = reviews.request(job(2, None)).unwrap();
        assert_eq!(
            second.place,
            Place::Waiting {
                place: 2,
                waiting: 2
            }
        );
        assert!(!second.start_worker, "one worker at most");
        assert_eq!(reviews.request(job(2, None)).unwrap().place, second.place);
        assert_eq!(reviews.status(&key(2)), Some(Ok(second.place)));
        assert_eq!(reviews.status(&key(3)), None);
    }

    #[test]
    fn a_running_review_reports_progress_then_leaves_the_line() {
        let reviews = Reviews::new(10, 10, 1);
        reviews.request(job(1, None)).unwrap();
        reviews.request(job(2, None)).unwrap();
        let (taken, progress) = reviews.next().unwrap();
        assert_eq!(taken.key, key(1), "first in, first made");
        progress.set(30, 120);
        assert_eq!(
            reviews.status(&key(1)),
            Some(Ok(Place::Running { done: 30, of: 120 }))
        );
        assert_eq!(
            reviews.status(&key(2)),
            Some(Ok(Place::Waiting {
                place: 1,
                waiting: 1
            }))
        );
        reviews.finish(&key(1), None);
        assert_eq!(reviews.status(&key(1)), None);
        let (taken, _) = reviews.next().unwrap();
        assert_eq!(taken.key, key(2));
        reviews.finish(&key(2), Some("event 4: no such move".into()));
        assert_eq!(
            reviews.status(&key(2)),
            Some(Err("event 4: no such move".into()))
        );
        assert!(reviews.next().is_none(), "the line is empty");
        // The worker ended: the next request starts one again.
        assert!(reviews.request(job(3, None)).unwrap().start_worker);
    }

    #[test]
    fn the_line_and_each_address_are_bounded() {
        let reviews = Reviews::new(3, 2, 2);
        let ip = Some([10, 0, 0, 1]);
        reviews.request(job(1, ip)).unwrap();
        reviews.next().unwrap();
        reviews.request(job(2, ip)).unwrap();
        assert_eq!(
            reviews.request(job(3, ip)),
            Err(Refused::TooManyFromAddress),
            "one running and one waiting are the address's two"
        );
        reviews.request(job(3, Some([10, 0, 0, 2]))).unwrap();
        reviews.request(job(4, None)).unwrap();
        assert_eq!(reviews.request(job(5, None)), Err(Refused::Full));
        // A game already in line is answered with its place, however full the line.
        assert!(reviews.request(job(2, ip)).is_ok());
    }
}
