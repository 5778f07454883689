//! Configuration: command-line flags, each with an environment variable.

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Log output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line.
    Json,
}

/// How the server runs.
#[derive(Clone, Debug, clap::Args)]
pub struct Config {
    /// TCP port (0: any free port).
    #[arg(long, env = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on.
    #[arg(long, env = "SENET_BIND", default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Directory for the embedded store (used from issue 5 on).
    #[arg(long, env = "SENET_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,
    /// Postgres URL (used from issue 5 on; read now so deployments can set it).
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
    /// Log format.
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Seconds a player must have been gone before the opponent may claim the game.
    #[arg(long, env = "SENET_ABANDON_AFTER", default_value_t = 60)]
    pub abandon_after: u64,
    /// Seconds a seat may take over one decision before the opponent may claim the game even
    /// while that seat is connected (matches have no clocks yet; 0: never).
    #[arg(long, env = "SENET_MOVE_LIMIT", default_value_t = 1800)]
    pub move_limit: u64,
    /// Seconds after a game of an undecided series ends before the next game starts by
    /// itself, whether or not every seat asked for it (0: only when every seat asks).
    #[arg(long, env = "SENET_NEXT_GAME_AFTER", default_value_t = 120)]
    pub next_game_after: u64,
    /// Seconds a live game may wait for a move with nobody acting before the server ends the
    /// match as abandoned (the seat waited for is ruled out; 0: never).
    #[arg(long, env = "SENET_IDLE_END", default_value_t = 86_400)]
    pub idle_end: u64,
    /// Milliseconds a new game waits for client seeds before its first throw.
    #[arg(long, env = "SENET_SEED_WAIT_MS", default_value_t = 10_000)]
    pub seed_wait_ms: u64,
    /// Milliseconds between two `chances` frames of one match at least: a batch sooner than
    /// that after the last frame gets none; the first batch after the pause does, or the last
    /// batch once the match has been quiet that long (0: after every stored batch).
    #[arg(long, env = "SENET_CHANCES_EVERY_MS", default_value_t = 250)]
    pub chances_every_ms: u64,
    /// Milliseconds a bot's move waits at least after the move became due, so that it reads
    /// like a person's (its thinking counts within it).
    #[arg(long, env = "SENET_BOT_DELAY_MS", default_value_t = 700)]
    pub bot_delay_ms: u64,
    /// Positions the hard bot may make per decision (its search budget; 0: the bots
    /// crate's default, `Budget::DEFAULT`).
    #[arg(long, env = "SENET_BOT_NODES", default_value_t = 0)]
    pub bot_nodes: u64,
    /// Bot threads: decisions worked out at once, each on a bot thread of the process's own,
    /// at a lower OS priority (0: one fewer than the machine's cores, at least one).
    #[arg(long, env = "SENET_BOT_THREADS", default_value_t = 0)]
    pub bot_threads: usize,
    /// Messages per second a connection may send (token bucket refill rate; 0: no limit).
    #[arg(long, default_value_t = 20.0)]
    pub rate_per_sec: f64,
    /// Messages a connection may send in a burst (token bucket size).
    #[arg(long, default_value_t = 40.0)]
    pub rate_burst: f64,
    /// Frames a socket may fall behind a match's broadcast before it gets a snapshot instead
    /// (each live match holds this many slots, about 72 bytes each, from its start).
    #[arg(long, default_value_t = 64)]
    pub broadcast_capacity: usize,
    /// Seconds a finished match with nobody connected stays in memory (the durable store
    /// keeps it; its pages and records are then read from there).
    #[arg(long, env = "SENET_EVICT_AFTER", default_value_t = 600)]
    pub evict_after: u64,
    /// Seconds a match nobody has joined yet keeps its invites open (then it leaves memory and
    /// is not recovered at the next start).
    #[arg(long, env = "SENET_INVITE_TTL", default_value_t = 86_400)]
    pub invite_ttl: u64,
    /// Commits to Postgres in flight at once (SQLite always has one writer). More help when
    /// the database has cores of its own; on a small shared machine fewer, larger batches win.
    #[arg(long, env = "SENET_STORE_WRITERS", default_value_t = senet_store::DEFAULT_WRITERS)]
    pub store_writers: usize,
    /// WebSockets one client address may have open at once (0: no limit).
    #[arg(long, env = "SENET_MAX_SOCKETS_PER_ADDR", default_value_t = 64)]
    pub max_sockets_per_addr: u32,
    /// Messages per second one address may send over all its sockets (0: no limit).
    #[arg(long, env = "SENET_ADDR_RATE_PER_SEC", default_value_t = 60.0)]
    pub addr_rate_per_sec: f64,
    /// Messages one address may send in a burst over all its sockets.
    #[arg(long, env = "SENET_ADDR_RATE_BURST", default_value_t = 120.0)]
    pub addr_rate_burst: f64,
    /// Matches one address may create, and open seats it may take, per minute (together;
    /// bursts of up to 10; 0: no limit).
    #[arg(long, env = "SENET_CREATE_PER_MIN", default_value_t = 30.0)]
    pub create_per_min: f64,
    /// Spectators one match may have at once.
    #[arg(long, env = "SENET_MAX_SPECTATORS", default_value_t = 1000)]
    pub max_spectators: u32,
    /// Chat messages one room of a match takes per minute from everyone together, in bursts
    /// of a sixth of it (on top of the per-socket and per-address chat allowances; 0: no
    /// limit).
    #[arg(long, env = "SENET_ROOM_CHAT_PER_MIN", default_value_t = 120)]
    pub room_chat_per_min: u32,
    /// Rated games a player needs in a pool to be on its leaderboard by rating.
    #[arg(long, env = "SENET_BOARD_MIN_GAMES", default_value_t = 5)]
    pub board_min_games: u32,
    /// Different opponents (a bot level counts as one) a player needs in a pool's rated games
    /// to be on its leaderboard by rating.
    #[arg(long, env = "SENET_BOARD_MIN_OPPONENTS", default_value_t = 3)]
    pub board_min_opponents: u32,
    /// Matches the server holds in memory at once (finished ones too, until they leave
    /// memory); creating more is refused.
    #[arg(long, env = "SENET_MAX_OPEN_MATCHES", default_value_t = 20_000)]
    pub max_open_matches: usize,
    /// Browser origins allowed to open WebSockets besides the server's own (comma-separated,
    /// e.g. `https://senet.example`). Clients that send no `Origin` (not browsers) are allowed.
    #[arg(long, env = "SENET_ALLOWED_ORIGINS", value_delimiter = ',')]
    pub allowed_origins: Vec<String>,
    /// The site's origin as browsers see it (e.g. `https://senet.example`): passkeys are made
    /// for its domain, and session cookies are `Secure` when it is `https`. Unset: passkeys
    /// for `http://localhost` on any port (a browser makes none for an IP address).
    #[arg(long, env = "SENET_PUBLIC_ORIGIN", value_parser = public_origin)]
    pub public_origin: Option<String>,
    /// Take the client address from the last `X-Forwarded-For` entry (only behind a proxy
    /// that sets it; otherwise clients could pick their own address).
    #[arg(long, env = "SENET_TRUST_FORWARDED_FOR", default_value_t = false)]
    pub trust_forwarded_for: bool,
    /// Kernel send buffer per accepted socket, in bytes (0: the kernel's autotuning, which
    /// lets a client that stops reading hold megabytes).
    #[arg(long, env = "SENET_SOCKET_SEND_BUFFER", default_value_t = 64 * 1024)]
    pub socket_send_buffer: usize,
    /// Milliseconds a new WebSocket has to say `hello`, counted from the upgrade (frames
    /// before it do not extend it).
    #[arg(long, env = "SENET_HELLO_TIMEOUT_MS", default_value_t = 10_000)]
    pub hello_timeout_ms: u64,
    /// Milliseconds a client has to send a request's whole header (0: no limit); a
    /// connection that is slower is closed.
    #[arg(long, env = "SENET_HEADER_READ_TIMEOUT_MS", default_value_t = 10_000)]
    pub header_read_timeout_ms: u64,
    /// HTTP connections one client address may have open at once (0: no limit; a WebSocket
    /// stops counting here once upgraded). Counted by TCP peer, so not applied with
    /// `--trust-forwarded-for` (the proxy's own limits apply there).
    #[arg(long, env = "SENET_MAX_CONNS_PER_ADDR", default_value_t = 128)]
    pub max_conns_per_addr: u32,
    /// Matches one address may have created and not yet finished (0: no limit).
    #[arg(long, env = "SENET_MAX_OPEN_PER_ADDRESS", default_value_t = 10)]
    pub max_open_per_address: u32,
    /// WebSocket upgrades one address may make per second (bursts of twice as many, at
    /// least 64; 0: no limit).
    #[arg(long, env = "SENET_UPGRADES_PER_SEC", default_value_t = 20.0)]
    pub upgrades_per_sec: f64,
    /// Players (`POST /api/players`) one address may create per minute (bursts of up to 10;
    /// 0: no limit).
    #[arg(long, env = "SENET_PLAYERS_PER_MIN", default_value_t = 30.0)]
    pub players_per_min: f64,
    /// Records one address may check (`POST /api/verify`) per minute (bursts of up to 10;
    /// 0: no limit).
    #[arg(long, env = "SENET_VERIFY_PER_MIN", default_value_t = 30.0)]
    pub verify_per_min: f64,
    /// Analysis-board requests one address may make (`POST /api/analysis`) per minute
    /// (bursts of up to 10; 0: no limit).
    #[arg(long, env = "SENET_ANALYSIS_PER_MIN", default_value_t = 120.0)]
    pub analysis_per_min: f64,
    /// Game reviews that may wait in line on this node; a request beyond gets 503 `busy`.
    #[arg(long, env = "SENET_REVIEW_QUEUE", default_value_t = 64)]
    pub review_queue: usize,
    /// Reviews one address may have in line or being made at once; beyond, 429
    /// `too_many_reviews`.
    #[arg(long, env = "SENET_REVIEWS_PER_ADDRESS", default_value_t = 3)]
    pub reviews_per_address: usize,
    /// Reviews made at once, each holding a permit of the record checkers' pool.
    #[arg(long, env = "SENET_REVIEWERS", default_value_t = 1)]
    pub reviewers: usize,
    /// Records checked at once (`POST /api/verify`, each on a blocking thread); more wait.
    #[arg(long, env = "SENET_VERIFY_WORKERS", default_value_t = 2)]
    pub verify_workers: usize,
    /// Chat messages per second one socket may post (token bucket refill rate; 0: no limit).
    #[arg(long, env = "SENET_CHAT_PER_SEC", default_value_t = 0.5)]
    pub chat_per_sec: f64,
    /// Chat messages one socket may post in a burst.
    #[arg(long, env = "SENET_CHAT_BURST", default_value_t = 5.0)]
    pub chat_burst: f64,
    /// Chat messages per second one address may post over all its sockets (0: no limit).
    #[arg(long, env = "SENET_ADDR_CHAT_PER_SEC", default_value_t = 1.0)]
    pub addr_chat_per_sec: f64,
    /// Chat messages one address may post in a burst over all its sockets.
    #[arg(long, env = "SENET_ADDR_CHAT_BURST", default_value_t = 10.0)]
    pub addr_chat_burst: f64,
    /// Seconds a player waits alone in a quick-game pool before the server offers a game
    /// against the computer instead (`bot_offer`).
    #[arg(long, env = "SENET_QUICK_BOT_AFTER", default_value_t = 20)]
    pub quick_bot_after: u64,
    /// Seconds a quick-game ticket may go unpolled before it leaves its pool (the player
    /// left).
    #[arg(long, env = "SENET_QUICK_FORGET_AFTER", default_value_t = 30)]
    pub quick_forget_after: u64,
    /// Redis URL: this node is one of several sharing `DATABASE_URL` (Postgres), and reaches
    /// the others through Redis (`docs/cluster.md`). Unset: one node on its own.
    #[arg(long, env = "REDIS_URL", hide_env_values = true)]
    pub redis_url: Option<String>,
    /// This node's id among several (default: the host name and four random hex digits).
    #[arg(long, env = "SENET_NODE_ID")]
    pub node_id: Option<String>,
    /// Milliseconds a node's lease on a match lasts after its last renewal (renewed every
    /// third of it): how long a dead node's matches wait before another node takes them.
    #[arg(long, env = "SENET_LEASE_TTL_MS", default_value_t = 5_000)]
    pub lease_ttl_ms: u64,
}

impl Config {
    /// Defaults, as if started with no flags and no environment (port 0 for tests).
    pub fn for_tests() -> Config {
        Config {
            port: 0,
            bind: IpAddr::from([127, 0, 0, 1]),
            data_dir: PathBuf::from("data"),
            database_url: None,
            log_format: LogFormat::Text,
            abandon_after: 60,
            move_limit: 1800,
            next_game_after: 120,
            idle_end: 86_400,
            seed_wait_ms: 10_000,
            chances_every_ms: 250,
            bot_delay_ms: 0,
            bot_nodes: 0,
            bot_threads: 0,
            rate_per_sec: 20.0,
            rate_burst: 40.0,
            broadcast_capacity: 64,
            evict_after: 600,
            invite_ttl: 86_400,
            store_writers: senet_store::DEFAULT_WRITERS,
            // Tests open many sockets and matches from 127.0.0.1; the limit tests set their own.
            max_sockets_per_addr: 0,
            addr_rate_per_sec: 0.0,
            addr_rate_burst: 0.0,
            create_per_min: 0.0,
            max_spectators: 1000,
            room_chat_per_min: 120,
            board_min_games: 5,
            board_min_opponents: 3,
            max_open_matches: 20_000,
            allowed_origins: Vec::new(),
            public_origin: None,
            trust_forwarded_for: false,
            socket_send_buffer: 64 * 1024,
            hello_timeout_ms: 10_000,
            header_read_timeout_ms: 10_000,
            max_conns_per_addr: 0,
            max_open_per_address: 0,
            upgrades_per_sec: 0.0,
            players_per_min: 0.0,
            verify_per_min: 0.0,
            analysis_per_min: 0.0,
            verify_workers: 2,
            review_queue: 64,
            reviews_per_address: 64,
            reviewers: 1,
            chat_per_sec: 0.5,
            chat_burst: 5.0,
            // Like the other per-address limits: tests set their own.
            addr_chat_per_sec: 0.0,
            addr_chat_burst: 0.0,
            quick_bot_after: 20,
            quick_forget_after: 30,
            redis_url: None,
            node_id: None,
            lease_ttl_ms: 5_000,
        }
    }

    /// `lease_ttl_ms` as a duration (at least 300 ms).
    pub fn lease_ttl(&self) -> Duration {
        Duration::from_millis(self.lease_ttl_ms.max(300))
    }

    /// `abandon_after` as a duration.
    pub fn abandon_after(&self) -> Duration {
        Duration::from_secs(self.abandon_after)
    }

    /// `move_limit` as a duration; none when 0.
    pub fn move_limit(&self) -> Option<Duration> {
        (self.move_limit > 0).then(|| Duration::from_secs(self.move_limit))
    }

    /// `next_game_after` as a duration; none when 0.
    pub fn next_game_after(&self) -> Option<Duration> {
        (self.next_game_after > 0).then(|| Duration::from_secs(self.next_game_after))
    }

    /// `idle_end` as a duration; none when 0.
    pub fn idle_end(&self) -> Option<Duration> {
        (self.idle_end > 0).then(|| Duration::from_secs(self.idle_end))
    }

    /// `invite_ttl` as a duration.
    pub fn invite_ttl(&self) -> Duration {
        Duration::from_secs(self.invite_ttl)
    }

    /// `hello_timeout_ms` as a duration.
    pub fn hello_timeout(&self) -> Duration {
        Duration::from_millis(self.hello_timeout_ms)
    }

    /// `header_read_timeout_ms` as a duration (None: no limit).
    pub fn header_read_timeout(&self) -> Option<Duration> {
        (self.header_read_timeout_ms > 0)
            .then(|| Duration::from_millis(self.header_read_timeout_ms))
    }

    /// `bot_delay_ms` as a duration.
    pub fn bot_delay(&self) -> Duration {
        Duration::from_millis(self.bot_delay_ms)
    }

    /// The hard bot's search budget.
    pub fn bot_budget(&self) -> senet_bots::Budget {
        if self.bot_nodes > 0 {
            senet_bots::Budget::nodes(self.bot_nodes)
        } else {
            senet_bots::Budget::DEFAULT
        }
    }

    /// How many bot decisions may be worked out at once.
    pub fn bot_threads(&self) -> usize {
        if self.bot_threads > 0 {
            return self.bot_threads;
        }
        std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
    }

    /// `chances_every_ms` as a duration.
    pub fn chances_every(&self) -> Duration {
        Duration::from_millis(self.chances_every_ms)
    }

    /// `seed_wait_ms` as a duration.
    pub fn seed_wait(&self) -> Duration {
        Duration::from_millis(self.seed_wait_ms)
    }

    /// How live matches run, from these flags.
    pub fn live_settings(&self) -> senet_live::Settings {
        senet_live::Settings {
            abandon_after: self.abandon_after(),
            move_limit: self.move_limit(),
            next_game_after: self.next_game_after(),
            idle_end: self.idle_end(),
            seed_wait: self.seed_wait(),
            chances_every: self.chances_every(),
            bot_delay: self.bot_delay(),
            bot_budget: self.bot_budget(),
            bot_threads: self.bot_threads(),
            broadcast_capacity: self.broadcast_capacity,
            evict_after: Duration::from_secs(self.evict_after),
            invite_ttl: self.invite_ttl(),
            max_spectators: self.max_spectators,
            room_chat_per_min: self.room_chat_per_min,
        }
    }

    /// How this node runs among several (with `live`, its matches' settings).
    pub fn cluster_settings(
        &self,
        live: std::sync::Arc<senet_live::Settings>,
    ) -> senet_cluster::Settings {
        senet_cluster::Settings {
            node_id: self.node_id.clone(),
            lease_ttl: self.lease_ttl(),
            live,
        }
    }
}

/// A public origin passkeys can be made for (a URL with a domain name).
fn public_origin(origin: &str) -> Result<String, String> {
    senet_accounts::RelyingParty::new(Some(origin))
        .map(|_| origin.trim_end_matches('/').to_owned())
        .map_err(|e| e.to_string())
}
