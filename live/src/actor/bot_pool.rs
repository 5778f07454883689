//! The bots' own threads. People come first: a bot's search runs on one of `--bot-threads`
//! threads of its own, started once per process at a lower OS priority ([`BOT_NICE`]), so
//! that when the machine is busy the kernel runs the people's moves (the async workers,
//! the store) before any bot's search; and a search that starts while other decisions wait
//! behind it gets a quarter of its budget ([`BUSY_SHARE`]), so that a queue of bots drains
//! quickly instead of growing. The async workers never run a search.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use senet_bots::Budget;
use tokio::sync::oneshot;

/// The niceness of the bot threads (0 is the server's own; 19 the lowest priority).
pub const BOT_NICE: i32 = 10;

/// The share of its budget a search gets when other decisions wait for a bot thread.
pub const BUSY_SHARE: u64 = 4;

type Job = Box<dyn FnOnce() + Send>;

/// The process's bot threads and the decisions waiting for one.
pub(super) struct BotPool {
    jobs: flume::Sender<Job>,
    /// Decisions handed in and not yet started.
    waiting: AtomicUsize,
}

/// The process's pool, started with `threads` threads the first time a bot thinks.
pub(super) fn pool(threads: usize) -> &'static BotPool {
    static POOL: OnceLock<BotPool> = OnceLock::new();
    POOL.get_or_init(|| BotPool::start(threads.max(1)))
}

impl BotPool {
    fn start(threads: usize) -> BotPool {
        let (jobs, queue) = flume::unbounded::<Job>();
        for k in 0..threads {
            let queue = queue.clone();
            let started = std::thread::Builder::new()
                .name(format!("senet-bot-{k}"))
                .spawn(move || {
                    lower_priority();
                    while let Ok(job) = queue.recv() {
                        // A panicking search loses its decision (the match hears of it and
                        // the bot resigns), not the thread.
                        let _lost = catch_unwind(AssertUnwindSafe(job));
                    }
                });
            if let Err(e) = started {
                tracing::error!(error = %e, "a bot thread could not start");
            }
        }
        BotPool {
            jobs,
            waiting: AtomicUsize::new(0),
        }
    }

    /// Works out `search` on a bot thread with `budget`, or a quarter of it when other
    /// decisions are waiting behind this one as it starts; none if the search panicked.
    pub(super) async fn run<T: Send + 'static>(
        &'static self,
        budget: Budget,
        search: impl FnOnce(Budget) -> T + Send + 'static,
    ) -> Option<T> {
        let (tx, rx) = oneshot::channel();
        self.waiting.fetch_add(1, Ordering::SeqCst);
        let job: Job = Box::new(move || {
            let behind = self
                .waiting
                .fetch_sub(1, Ordering::SeqCst)
                .saturating_sub(1);
            let budget = if behind > 0 { shorter(budget) } else { budget };
            // The asker may have gone (its match ended): nothing to tell then.
            let _gone = tx.send(search(budget));
        });
        if self.jobs.send(job).is_err() {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        rx.await.ok()
    }
}

/// `budget` with a [`BUSY_SHARE`]th of its nodes (at least one).
pub fn shorter(budget: Budget) -> Budget {
    Budget {
        nodes: (budget.nodes / BUSY_SHARE).max(1),
        ..budget
    }
}

/// Lowers the calling thread's priority to [`BOT_NICE`] (on Linux a thread's niceness is
/// its own). A failure is logged: the bots then play at the server's priority.
fn lower_priority() {
    if let Err(e) = rustix::process::setpriority_process(None, BOT_NICE) {
        tracing::warn!(error = %e, "the bot thread's priority could not be lowered");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_search_runs_on_a_lowered_thread_and_a_queue_shortens_the_next() {
        let pool: &'static BotPool = Box::leak(Box::new(BotPool::start(1)));
        let nice = pool
            .run(Budget::DEFAULT, |_| {
                rustix::process::getpriority_process(None).expect("readable")
            })
            .await;
        assert_eq!(nice, Some(BOT_NICE));
        // One decision holds the thread while two more queue: the first of them starts
        // with another behind it (a quarter of the budget), the last with none (all of it).
        let pause = || tokio::time::sleep(std::time::Duration::from_millis(30));
        let (gate_tx, gate_rx) = std::sync::mpsc::channel::<()>();
        let first = tokio::spawn(pool.run(Budget::DEFAULT, move |b| {
            let _ = gate_rx.recv();
            b.nodes
        }));
        pause().await;
        let second = tokio::spawn(pool.run(Budget::DEFAULT, |b| b.nodes));
        let third = tokio::spawn(pool.run(Budget::DEFAULT, |b| b.nodes));
        pause().await;
        gate_tx.send(()).expect("the first waits");
        let nodes = |r: Result<Option<u64>, _>| r.expect("joined").expect("worked out");
        assert_eq!(
            nodes(first.await),
            Budget::DEFAULT.nodes,
            "alone when it started"
        );
        assert_eq!(
            nodes(second.await),
            Budget::DEFAULT.nodes / BUSY_SHARE,
            "one behind it"
        );
        assert_eq!(nodes(third.await), Budget::DEFAULT.nodes, "none behind it");
        let lost = pool
            .run(Budget::DEFAULT, |_| -> u64 { panic!("a bug") })
            .await;
        assert_eq!(lost, None);
        assert_eq!(
            pool.run(Budget::DEFAULT, |b| b.nodes).await,
            Some(Budget::DEFAULT.nodes),
            "the thread lives on"
        );
    }
}
