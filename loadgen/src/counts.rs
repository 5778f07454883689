//! Counts per move (`--counts`): what the servers did while the moves were made, counted
//! rather than timed, so that a neighbour's load does not move the figures. System calls by
//! kind come from `perf stat` (the kernel's syscall tracepoints, attached to the server's
//! threads for the measurement), context switches from `/proc/<pid>/task/*/status`; the
//! frames and bytes the server wrote are counted as the load generator's sockets receive
//! them.

use std::collections::BTreeMap;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The syscall tracepoints counted, each with the kind it is reported under.
const SYSCALLS: [(&str, &str); 15] = [
    ("write", "sends"),
    ("writev", "sends"),
    ("sendto", "sends"),
    ("sendmsg", "sends"),
    ("sendmmsg", "sends"),
    ("read", "receives"),
    ("readv", "receives"),
    ("recvfrom", "receives"),
    ("recvmsg", "receives"),
    ("recvmmsg", "receives"),
    ("epoll_wait", "epoll_wait"),
    ("epoll_pwait", "epoll_wait"),
    ("epoll_pwait2", "epoll_wait"),
    ("futex", "futex"),
    ("sched_yield", "sched_yield"),
];

/// The order the kinds are printed in.
const KINDS: [&str; 6] = [
    "all",
    "sends",
    "receives",
    "epoll_wait",
    "futex",
    "sched_yield",
];

/// Context switches of every thread of the processes, (voluntary, not voluntary).
fn switches(pids: &[u32]) -> (u64, u64) {
    let mut sum = (0, 0);
    for pid in pids {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            let Ok(status) = std::fs::read_to_string(task.path().join("status")) else {
                continue;
            };
            for line in status.lines() {
                let value = |l: &str| l.split_whitespace().nth(1)?.parse::<u64>().ok();
                if line.starts_with("voluntary_ctxt_switches:") {
                    sum.0 += value(line).unwrap_or(0);
                } else if line.starts_with("nonvoluntary_ctxt_switches:") {
                    sum.1 += value(line).unwrap_or(0);
                }
            }
        }
    }
    sum
}

/// A count under way, from [`Counting::start`] to [`Counting::finish`].
#[derive(Debug)]
pub(crate) struct Counting {
    pids: Vec<u32>,
    switches_before: (u64, u64),
    perf: Option<Child>,
}

/// What was counted over the measurement.
#[derive(Debug, Default)]
pub(crate) struct Counts {
    /// System calls by kind ("all" for every one); empty when `perf` could not count them.
    pub(crate) syscalls: BTreeMap<&'static str, u64>,
    pub(crate) voluntary: u64,
    pub(crate) involuntary: u64,
}

impl Counting {
    /// Starts counting the processes `pids` for `duration` (a thread the server starts later
    /// is not counted by `perf`: start once every socket is open).
    pub(crate) fn start(pids: &[u32], duration: Duration) -> Counting {
        let list: Vec<String> = pids.iter().map(u32::to_string).collect();
        let mut events = vec!["raw_syscalls:sys_enter".to_owned()];
        events.extend(
            SYSCALLS
                .iter()
                .map(|(name, _)| format!("syscalls:sys_enter_{name}")),
        );
        let perf = Command::new("perf")
            .args([
                "stat",
                "-x",
                ",",
                "-e",
                &events.join(","),
                "-p",
                &list.join(","),
            ])
            .args(["--", "sleep", &format!("{:.3}", duration.as_secs_f64())])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| eprintln!("counts: perf could not start ({e}); no system calls counted"))
            .ok();
        Counting {
            pids: pids.to_vec(),
            switches_before: switches(pids),
            perf,
        }
    }

    /// Ends the count (waiting for `perf`'s own end, the duration given to `start`).
    pub(crate) fn finish(self) -> Counts {
        let after = switches(&self.pids);
        let mut counts = Counts {
            voluntary: after.0.saturating_sub(self.switches_before.0),
            involuntary: after.1.saturating_sub(self.switches_before.1),
            ..Counts::default()
        };
        let Some(perf) = self.perf else { return counts };
        let Ok(out) = perf.wait_with_output() else {
            return counts;
        };
        let text = String::from_utf8_lossy(&out.stderr);
        for line in text.lines() {
            // CSV: count,unit,event,...; a count perf could not take reads "<not supported>".
            let fields: Vec<&str> = line.split(',').collect();
            let (Some(count), Some(event)) = (fields.first(), fields.get(2)) else {
                continue;
            };
            let Ok(count) = count.parse::<u64>() else {
                continue;
            };
            let kind = if *event == "raw_syscalls:sys_enter" {
                Some("all")
            } else {
                event.strip_prefix("syscalls:sys_enter_").and_then(|name| {
                    SYSCALLS
                        .iter()
                        .find(|(n, _)| *n == name)
                        .map(|(_, kind)| *kind)
                })
            };
            if let Some(kind) = kind {
                *counts.syscalls.entry(kind).or_default() += count;
            }
        }
        if counts.syscalls.is_empty() {
            eprintln!("counts: perf counted no system call: {}", text.trim());
        }
        counts
    }
}

/// Prints the counts per move, and the frames and bytes per move and per socket of the
/// match (`sockets` over `matches`).
pub(crate) fn print(
    counts: &Counts,
    moves: u64,
    (sockets, matches): (usize, usize),
    frames: u64,
    bytes: u64,
) {
    let per = |n: u64| n as f64 / moves.max(1) as f64;
    if !counts.syscalls.is_empty() {
        let kinds: Vec<String> = KINDS
            .iter()
            .map(|k| {
                format!(
                    "{k} {:.1}",
                    per(counts.syscalls.get(k).copied().unwrap_or(0))
                )
            })
            .collect();
        println!("server system calls per move: {}", kinds.join(", "));
    }
    println!(
        "server context switches per move: voluntary {:.1}, not voluntary {:.1}",
        per(counts.voluntary),
        per(counts.involuntary)
    );
    let per_match = sockets as f64 / matches.max(1) as f64;
    println!(
        "frames received per move: {:.1} ({:.2} per socket of the match), {:.0} bytes per move",
        per(frames),
        per(frames) / per_match.max(1.0),
        per(bytes)
    );
}
