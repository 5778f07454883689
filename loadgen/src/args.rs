//! The command line of the load generator.

use std::time::Duration;

use clap::Parser;

/// The command line.
#[derive(Parser, Debug, Clone)]
#[command(name = "senet-loadgen", about = "Load generator for senet-server")]
pub(crate) struct Args {
    /// The server's address; several nodes of one cluster as a comma-separated list: match
    /// `i` is made on node `i`, its second seat joins through node `i + 1`, seat `s` plays on
    /// node `i + s` and its spectators watch from node `i + 2` (so with two or three nodes
    /// every match has sockets on a node that does not own it).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub(crate) addr: String,
    /// Concurrent matches (two player connections each).
    #[arg(long, default_value_t = 100)]
    pub(crate) matches: usize,
    /// Spectator connections, spread over the matches.
    #[arg(long, default_value_t = 0)]
    pub(crate) spectators: usize,
    /// How long to play once everyone is connected (e.g. 30s, 2m, 500ms).
    #[arg(long, default_value = "30s", value_parser = parse_duration)]
    pub(crate) duration: Duration,
    /// Think time before each move, in milliseconds.
    #[arg(long, default_value_t = 0)]
    pub(crate) think_ms: u64,
    /// The variant to play.
    #[arg(long, default_value = "pyramid")]
    pub(crate) variant: String,
    /// The server's process id, to report its memory and CPU; several nodes' as a
    /// comma-separated list (their CPU is added up, their memory reported each).
    #[arg(long, value_delimiter = ',')]
    pub(crate) server_pid: Vec<u32>,
    /// Connections opened at once while setting up.
    #[arg(long, default_value_t = 64)]
    pub(crate) connect_concurrency: usize,
    /// Hostile sockets that watch a match and send messages as fast as they can, reconnecting
    /// whenever the server closes them (to measure what a flood costs everyone else).
    #[arg(long, default_value_t = 0)]
    pub(crate) flooders: usize,
    /// Messages per second each flooder tries to send (0: as fast as it can; then the load
    /// generator itself takes the machine's cores).
    #[arg(long, default_value_t = 1000)]
    pub(crate) flood_rate: u64,
    /// Clients of the analysis board beside the matches, each with one search at a time in
    /// the server's record checkers' pool (`POST /api/analysis`; start the server with
    /// `--analysis-per-min 0`).
    #[arg(long, default_value_t = 0)]
    pub(crate) analysts: usize,
    /// Matches against the computer, besides `--matches`: the server's bot takes seat 2 and
    /// one player connection of the load generator plays seat 1.
    #[arg(long, default_value_t = 0)]
    pub(crate) bot_matches: usize,
    /// The level of the bots in `--bot-matches` (easy, medium or hard).
    #[arg(long, default_value = "hard")]
    pub(crate) bot_level: String,
    /// After the run, reconnect every player at once with `last_event` 0 (a node restart's
    /// storm, at its worst: clients that saw nothing) and report how long until every one
    /// had its `welcome`, and how many frames and bytes each got until then.
    #[arg(long)]
    pub(crate) reconnect_storm: bool,
    /// Create the matches (every seat taken) and exit without connecting or playing: their
    /// games start and wait on the server (for a take-over's figures, say; one process may
    /// not hold two sockets per match when there are many).
    #[arg(long)]
    pub(crate) create_only: bool,
    /// The reconnect storm's `hello.tail` (the web client sends 60): a client that missed
    /// more events gets them in its welcome's `recent`, not as frames (none: no tail, every
    /// missed event follows the welcome as a frame).
    #[arg(long)]
    pub(crate) storm_tail: Option<u64>,
    /// A soak run's progress: every so often during the measurement (e.g. 60s), print the
    /// moves so far and their rate, and each server's memory.
    #[arg(long, value_parser = parse_duration)]
    pub(crate) report_every: Option<Duration>,
    /// Count what the servers (`--server-pid`) do per move during the measurement, rather
    /// than time it: system calls by kind (`perf stat` on the syscall tracepoints, where the
    /// kernel allows), context switches, and the frames and bytes received per move.
    #[arg(long)]
    pub(crate) counts: bool,
    /// The partition harness's client (`scripts/partition.sh`): every socket survives
    /// faults (reconnecting to the next node), everything acknowledged and shown is written
    /// down, and after `--duration` it is checked against the store at `--check-db`; the
    /// exit status is the verdict. Spectators are `--spectators` in all, spread over the
    /// matches.
    #[arg(long)]
    pub(crate) checked: bool,
    /// The store's Postgres URL, which `--checked` reads after the run.
    #[arg(long)]
    pub(crate) check_db: Option<String>,
    /// With `--checked`: each player posts a chat line every this many of its moves (0:
    /// none).
    #[arg(long, default_value_t = 10)]
    pub(crate) chat_every: u64,
    /// An arena of this many players (bots signed up with passwords: start the server with
    /// `SENET_PLAYERS_PER_MIN=0`), checked against the store at `--check-db` after its end;
    /// the exit status is the verdict. `--think-ms` is each move's think time.
    #[arg(long)]
    pub(crate) arena: Option<usize>,
    /// With `--arena`: how long the arena lasts, in minutes.
    #[arg(long, default_value_t = 10)]
    pub(crate) arena_mins: u32,
    /// With `--arena`: seconds from its creation (once every account is signed up) to its
    /// start, for the joins and the page sockets.
    #[arg(long, default_value_t = 30)]
    pub(crate) arena_start_secs: u32,
    /// With `--arena`: a game's moves per bot before one side resigns, on average (each
    /// bot resigns after a random count from half of this to one and a half times it; 0:
    /// never, games end on their own).
    #[arg(long, default_value_t = 40)]
    pub(crate) arena_resign_after: u64,
    /// With `--arena`: sign-ups at once (each costs the server a password hash).
    #[arg(long, default_value_t = 4)]
    pub(crate) sign_up_concurrency: usize,
}

impl Args {
    /// Node `k` of `--addr` (round the list).
    pub(crate) fn node(&self, k: usize) -> &str {
        let nodes: Vec<&str> = self.addr.split(',').collect();
        nodes[k % nodes.len()].trim()
    }
}

pub(crate) fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let (num, unit) = s
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .map_or((s, "s"), |i| (&s[..i], &s[i..]));
    let n: f64 = num.parse().map_err(|_| format!("not a duration: {s}"))?;
    let secs = match unit {
        "ms" => n / 1000.0,
        "s" => n,
        "m" => n * 60.0,
        _ => return Err(format!("unknown unit in {s}: use ms, s or m")),
    };
    Ok(Duration::from_secs_f64(secs))
}
