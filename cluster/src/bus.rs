//! The Redis side of a node: one multiplexed connection that publishes, and one pub/sub
//! connection that listens on the node's channel and the channels of the matches it relays.
//! Both come back by themselves after Redis restarts: the listener resubscribes everything
//! and tells the node it was cut off ([`Listener::down`]), so that it drops what depended on
//! the lost messages.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use futures_util::StreamExt;
use redis::aio::{ConnectionManager, ConnectionManagerConfig, PubSubSink};

/// What a node does with what it hears.
pub trait Listener: Send + Sync + 'static {
    /// A message on `channel`.
    fn heard(self: Arc<Self>, channel: &str, payload: &str);
    /// The pub/sub connection broke: messages may have been lost until it is back.
    fn down(self: Arc<Self>);
}

/// Publishing and subscribing.
pub struct Bus {
    client: redis::Client,
    publisher: ConnectionManager,
    sink: tokio::sync::Mutex<Option<PubSubSink>>,
    channels: Mutex<HashSet<String>>,
    up: std::sync::atomic::AtomicBool,
}

impl std::fmt::Debug for Bus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bus").finish_non_exhaustive()
    }
}

/// Why Redis could not be used.
#[derive(Debug, thiserror::Error)]
#[error("redis: {0}")]
pub struct BusError(pub(crate) String);

impl From<redis::RedisError> for BusError {
    fn from(e: redis::RedisError) -> BusError {
        BusError(e.to_string())
    }
}

impl Bus {
    /// Connects to `url` (publishing at once; the listener starts with [`Bus::listen`]).
    ///
    /// # Errors
    /// When the URL does not parse or Redis does not answer.
    pub async fn connect(url: &str) -> Result<Arc<Bus>, BusError> {
        let client = redis::Client::open(url)?;
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Duration::from_secs(2))
            .set_response_timeout(Duration::from_secs(2))
            .set_number_of_retries(1);
        let publisher = client.get_connection_manager_with_config(config).await?;
        Ok(Arc::new(Bus {
            client,
            publisher,
            sink: tokio::sync::Mutex::new(None),
            channels: Mutex::default(),
            up: std::sync::atomic::AtomicBool::new(false),
        }))
    }

    /// Whether the listening connection is up.
    pub fn is_up(&self) -> bool {
        self.up.load(std::sync::atomic::Ordering::Acquire)
    }

    /// Publishes `payload` on `channel`: how many listeners got it.
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn publish(&self, channel: &str, payload: &str) -> Result<u64, BusError> {
        let mut conn = self.publisher.clone();
        let started = std::time::Instant::now();
        let n: u64 = redis::cmd("PUBLISH")
            .arg(channel)
            .arg(payload)
            .query_async(&mut conn)
            .await?;
        crate::counters::REDIS_PUBLISH.observe(started.elapsed().as_secs_f64());
        Ok(n)
    }

    /// Puts `value` at `key` for `ttl`, and `member` in the set `set` (the keys' index).
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn put_indexed(
        &self,
        set: &str,
        member: &str,
        key: &str,
        value: &str,
        ttl: Duration,
    ) -> Result<(), BusError> {
        let mut conn = self.publisher.clone();
        let ttl_ms = u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX).max(1);
        redis::pipe()
            .cmd("SET")
            .arg(key)
            .arg(value)
            .arg("PX")
            .arg(ttl_ms)
            .ignore()
            .cmd("SADD")
            .arg(set)
            .arg(member)
            .ignore()
            .query_async::<()>(&mut conn)
            .await?;
        Ok(())
    }

    /// The values of the keys `key_of(member)` for every member of the set `set` that still
    /// has one; members whose key expired leave the set.
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn get_indexed(
        &self,
        set: &str,
        key_of: impl Fn(&str) -> String,
    ) -> Result<Vec<(String, String)>, BusError> {
        let mut conn = self.publisher.clone();
        let members: Vec<String> = redis::cmd("SMEMBERS")
            .arg(set)
            .query_async(&mut conn)
            .await?;
        if members.is_empty() {
            return Ok(Vec::new());
        }
        let keys: Vec<String> = members.iter().map(|m| key_of(m)).collect();
        let values: Vec<Option<String>> =
            redis::cmd("MGET").arg(&keys).query_async(&mut conn).await?;
        let mut found = Vec::new();
        let mut gone = Vec::new();
        for (member, value) in members.into_iter().zip(values) {
            match value {
                Some(v) => found.push((member, v)),
                None => gone.push(member),
            }
        }
        if !gone.is_empty() {
            redis::cmd("SREM")
                .arg(set)
                .arg(&gone)
                .query_async::<()>(&mut conn)
                .await?;
        }
        Ok(found)
    }

    /// Listens on `channel` from now on (and again after every reconnect).
    ///
    /// # Errors
    /// When the listener is down or Redis does not answer.
    pub async fn subscribe(&self, channel: &str) -> Result<(), BusError> {
        self.channels
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(channel.to_owned());
        let mut sink = self.sink.lock().await;
        let Some(sink) = sink.as_mut() else {
            return Err(BusError("the listener is not connected".into()));
        };
        sink.subscribe(channel).await?;
        Ok(())
    }

    /// Stops listening on `channel`.
    pub async fn unsubscribe(&self, channel: &str) {
        self.channels
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(channel);
        if let Some(sink) = self.sink.lock().await.as_mut() {
            if let Err(e) = sink.unsubscribe(channel).await {
                tracing::debug!(channel, error = %e, "unsubscribe failed");
            }
        }
    }

    /// Runs the listener until `listener` is dropped: connects, subscribes every channel,
    /// hands each message over; after a break, waits and does it again.
    pub fn listen<L: Listener>(self: &Arc<Self>, listener: Weak<L>) {
        let bus = self.clone();
        tokio::spawn(async move {
            let mut pause = Duration::from_millis(100);
            loop {
                if listener.strong_count() == 0 {
                    return;
                }
                match bus.client.get_async_pubsub().await {
                    Ok(pubsub) => {
                        let (mut sink, mut stream) = pubsub.split();
                        let channels: Vec<String> = bus
                            .channels
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .iter()
                            .cloned()
                            .collect();
                        let subscribed = if channels.is_empty() {
                            Ok(())
                        } else {
                            sink.subscribe(&channels).await
                        };
                        match subscribed {
                            Ok(()) => {
                                *bus.sink.lock().await = Some(sink);
                                bus.up.store(true, std::sync::atomic::Ordering::Release);
                                tracing::info!(channels = channels.len(), "redis: listening");
                                pause = Duration::from_millis(100);
                                while let Some(msg) = stream.next().await {
                                    let Some(l) = listener.upgrade() else { return };
                                    let payload: String = match msg.get_payload() {
                                        Ok(p) => p,
                                        Err(_) => continue,
                                    };
                                    l.heard(msg.get_channel_name(), &payload);
                                }
                            }
                            Err(e) => tracing::warn!(error = %e, "redis: cannot subscribe"),
                        }
                        bus.up.store(false, std::sync::atomic::Ordering::Release);
                        *bus.sink.lock().await = None;
                        tracing::warn!("redis: the listening connection broke");
                        if let Some(l) = listener.upgrade() {
                            l.down();
                        }
                    }
                    Err(e) => tracing::debug!(error = %e, "redis: cannot connect"),
                }
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(1));
            }
        });
    }

    /// Waits until the listener is connected, at most `within`.
    pub async fn wait_up(&self, within: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + within;
        while !self.is_up() {
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        true
    }
}
