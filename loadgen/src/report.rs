//! What a run reports: the figures at the end, a soak's progress lines, and the servers'
//! (and the load generator's own) memory and CPU from `/proc`.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::args::Args;
use crate::play::Counters;

/// Sleeps through the measurement, printing every `every` the moves so far, their rate since
/// the last line, the servers' CPU and their memory.
pub(crate) async fn soak(args: &Args, counters: &Counters, t0: Instant, every: Duration) {
    let end = t0 + args.duration;
    let (mut last_moves, mut last_at) = (0, t0);
    let mut last_cpu = servers_cpu(&args.server_pid);
    while Instant::now() < end {
        tokio::time::sleep_until((Instant::now() + every).min(end).into()).await;
        let now = Instant::now();
        let moves = counters.moves.load(Ordering::Relaxed);
        let secs = (now - last_at).as_secs_f64();
        let cpu = servers_cpu(&args.server_pid);
        let busy = match (last_cpu, cpu) {
            (Some(a), Some(b)) => {
                format!("{:.0}% of one core", 100.0 * (b.total() - a.total()) / secs)
            }
            _ => "-".to_owned(),
        };
        println!(
            "soak {:>5.0} s: moves {} ({:.0}/s); servers' CPU {}; memory {}",
            (now - t0).as_secs_f64(),
            moves,
            (moves - last_moves) as f64 / secs,
            busy,
            rss_of(&args.server_pid).unwrap_or_else(|| "-".to_owned()),
        );
        (last_moves, last_at, last_cpu) = (moves, now, cpu);
    }
}

/// A process's memory now and at its peak, from `/proc/<pid>/status`.
fn rss(pid: u32) -> Option<String> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .map(|l| l[name.len()..].trim().to_owned())
    };
    Some(format!(
        "VmRSS {} (peak VmHWM {})",
        field("VmRSS:")?,
        field("VmHWM:").unwrap_or_default()
    ))
}

/// The memory of each process in `pids` (none when there are none or one cannot be read).
pub(crate) fn rss_of(pids: &[u32]) -> Option<String> {
    if pids.is_empty() {
        return None;
    }
    let each: Option<Vec<String>> = pids.iter().map(|&p| rss(p)).collect();
    Some(each?.join("; "))
}

/// CPU seconds a process has used, in user space and in the kernel (on a loopback test
/// the kernel's share holds the receiving side of every TCP segment the process sends).
#[derive(Clone, Copy, Default)]
pub(crate) struct Cpu {
    pub(crate) user: f64,
    pub(crate) kernel: f64,
}

impl Cpu {
    pub(crate) fn total(self) -> f64 {
        self.user + self.kernel
    }

    pub(crate) fn since(self, earlier: Cpu) -> Cpu {
        Cpu {
            user: self.user - earlier.user,
            kernel: self.kernel - earlier.kernel,
        }
    }
}

/// CPU the processes in `pids` have used together (none when there are none or one cannot
/// be read).
pub(crate) fn servers_cpu(pids: &[u32]) -> Option<Cpu> {
    if pids.is_empty() {
        return None;
    }
    pids.iter().try_fold(Cpu::default(), |sum, p| {
        let one = cpu_seconds(&p.to_string())?;
        Some(Cpu {
            user: sum.user + one.user,
            kernel: sum.kernel + one.kernel,
        })
    })
}

/// The CPU a process has used, from `/proc/<pid>/stat` (Linux's clock tick is 100 Hz on
/// every platform Rust targets).
pub(crate) fn cpu_seconds(pid: &str) -> Option<Cpu> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces) start at `) `.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let seconds = |i: usize| Some(fields.get(i)?.parse::<u64>().ok()? as f64 / 100.0);
    Some(Cpu {
        user: seconds(11)?,
        kernel: seconds(12)?,
    })
}

/// The `p` quantile of `sorted` (µs), in milliseconds.
pub(crate) fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

/// Prints the run's figures.
#[allow(clippy::too_many_arguments)]
pub(crate) fn report(
    args: &Args,
    connected: usize,
    failed: usize,
    moves: u64,
    events: u64,
    elapsed: Duration,
    counters: &Counters,
    lat: &[u32],
    rss_before: Option<String>,
    rss_after: Option<String>,
) {
    let secs = elapsed.as_secs_f64();
    println!(
        "matches {}  spectators {}  variant {}  think {} ms  duration {:.1} s",
        args.matches, args.spectators, args.variant, args.think_ms, secs
    );
    println!("connections: {connected} open, {failed} failed");
    println!(
        "moves: {moves} ({:.0}/s); games finished {}; spectator events received {} ({:.0}/s)",
        moves as f64 / secs,
        counters.games.load(Ordering::Relaxed),
        events,
        events as f64 / secs
    );
    println!(
        "errors: {}; lag snapshots: {}",
        counters.errors.load(Ordering::Relaxed),
        counters.lagged_snapshots.load(Ordering::Relaxed)
    );
    println!(
        "move->broadcast latency: p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms  ({} samples)",
        percentile(lat, 0.50),
        percentile(lat, 0.99),
        lat.last().map_or(0.0, |&m| f64::from(m) / 1000.0),
        lat.len()
    );
    if args.bot_matches > 0 {
        let bot_moves = counters.bot_moves.load(Ordering::Relaxed);
        println!(
            "bot matches {} ({}): bot moves {bot_moves} ({:.0}/s), counted in the CPU per move \
             (the latency figures are the people's moves only)",
            args.bot_matches,
            args.bot_level,
            bot_moves as f64 / secs
        );
    }
    if args.flooders > 0 {
        println!(
            "flooders: {}; messages sent {}; sockets closed by the server {}",
            args.flooders,
            counters.flood_sent.load(Ordering::Relaxed),
            counters.flood_closed.load(Ordering::Relaxed)
        );
    }
    if let Some(r) = rss_before {
        println!("server memory when play began: {r}");
    }
    if let Some(r) = rss_after {
        println!("server memory at end of run:   {r}");
    }
}
