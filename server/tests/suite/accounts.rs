//! Accounts (`docs/accounts.md`): sign-up and sign-in with a password or a passkey (a
//! software authenticator, `common/soft_passkey.rs`), sessions, a second device, a browser's
//! player key claimed, and the attacks the threat model names: session fixation, CSRF on
//! every state-changing route, a stolen cookie after "sign out everywhere", look-alike
//! names, password guessing, name enumeration, and one account's passkey used for another.

use std::net::SocketAddr;

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::common::soft_passkey::SoftPasskey;
use crate::common::{TestServer, start_durable};
use crate::db;

/// A response: status, headers (lower-case names), JSON body (null if empty).
pub(crate) struct Answer {
    pub(crate) status: u16,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: Value,
}

impl Answer {
    /// The session secret a `Set-Cookie` gives, if any ("" when it clears the cookie).
    fn session(&self) -> Option<String> {
        self.headers
            .iter()
            .filter(|(n, _)| n == "set-cookie")
            .find_map(|(_, v)| v.strip_prefix("senet_session="))
            .map(|v| v.split(';').next().unwrap_or_default().to_owned())
    }

    pub(crate) fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or_default()
    }
}

/// A browser of the tests: an address, a cookie, and an `Origin` header to send.
pub(crate) struct Browser {
    pub(crate) addr: SocketAddr,
    pub(crate) cookie: Option<String>,
    origin: Option<String>,
    content_type: &'static str,
    forwarded_for: Option<String>,
}

impl Browser {
    pub(crate) fn new(addr: SocketAddr) -> Browser {
        Browser {
            addr,
            cookie: None,
            origin: Some("http://test".into()),
            content_type: "application/json",
            forwarded_for: None,
        }
    }

    pub(crate) async fn send(&mut self, method: &str, path: &str, body: Option<&Value>) -> Answer {
        let mut s = TcpStream::connect(self.addr).await.expect("connect");
        let body = body.map(Value::to_string).unwrap_or_default();
        let mut extra = String::new();
        if let Some(c) = &self.cookie {
            extra.push_str(&format!("Cookie: theme=dark; senet_session={c}\r\n"));
        }
        if let Some(o) = &self.origin {
            extra.push_str(&format!("Origin: {o}\r\n"));
        }
        if let Some(f) = &self.forwarded_for {
            extra.push_str(&format!("X-Forwarded-For: {f}\r\n"));
        }
        let req = format!(
            "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n{extra}Content-Type: {}\r\nContent-Length: {}\r\n\r\n{body}",
            self.content_type,
            body.len()
        );
        s.write_all(req.as_bytes()).await.expect("write");
        let mut buf = Vec::new();
        s.read_to_end(&mut buf).await.expect("read");
        let text = String::from_utf8_lossy(&buf);
        let (head, body) = text.split_once("\r\n\r\n").expect("a response");
        let mut lines = head.lines();
        let status = lines
            .next()
            .unwrap()
            .split(' ')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
            .collect();
        let body = if body.trim().is_empty() {
            Value::Null
        } else {
            serde_json::from_str(body).unwrap_or(Value::String(body.to_owned()))
        };
        let answer = Answer {
            status,
            headers,
            body,
        };
        // Like a browser, keep what Set-Cookie says.
        if let Some(secret) = answer.session() {
            self.cookie = (!secret.is_empty()).then_some(secret);
        }
        answer
    }

    /// A new browser that signed up as `name` (with a password, "correct horse").
    pub(crate) async fn signed_up(addr: SocketAddr, name: &str) -> Browser {
        let mut b = Browser::new(addr);
        let made = b
            .post(
                "/api/accounts",
                json!({"username": name, "password": "correct horse"}),
            )
            .await;
        assert_eq!(made.status, 201, "{}", made.body);
        b
    }

    pub(crate) async fn post(&mut self, path: &str, body: Value) -> Answer {
        self.send("POST", path, Some(&body)).await
    }

    pub(crate) async fn me(&mut self) -> Answer {
        self.send("GET", "/api/me", None).await
    }

    /// Signs up with a passkey: the passkey and the answer.
    pub(crate) async fn passkey_sign_up(
        &mut self,
        username: &str,
        player_key: Option<&str>,
    ) -> (SoftPasskey, Answer) {
        let start = self
            .post(
                "/api/accounts/passkey",
                json!({"username": username, "player_key": player_key}),
            )
            .await;
        assert_eq!(start.status, 200, "{}", start.body);
        let (key, credential) =
            SoftPasskey::register(&start.body["public_key"], &origin(self.addr));
        let done = self
            .post(
                "/api/accounts/passkey/finish",
                json!({"ceremony": start.body["ceremony"], "credential": credential}),
            )
            .await;
        (key, done)
    }

    /// Signs in with `passkey` (as the user handle `as_user`, or its own).
    pub(crate) async fn passkey_sign_in(
        &mut self,
        passkey: &mut SoftPasskey,
        as_user: Option<&str>,
    ) -> Answer {
        let start = self.post("/api/session/passkey", json!({})).await;
        assert_eq!(start.status, 200, "{}", start.body);
        assert_eq!(
            start.body["public_key"]["allowCredentials"],
            json!([]),
            "discoverable: no names"
        );
        let credential = match as_user {
            Some(handle) => passkey.assert_as(&start.body["public_key"], handle),
            None => passkey.assert(&start.body["public_key"]),
        };
        self.post(
            "/api/session/passkey/finish",
            json!({"ceremony": start.body["ceremony"], "credential": credential}),
        )
        .await
    }
}

/// The origin the software passkey signs for (passkeys are for `localhost`, any port).
pub(crate) fn origin(addr: SocketAddr) -> String {
    format!("http://localhost:{}", addr.port())
}

async fn server(url: &str) -> TestServer {
    let mut cfg = db::config(url);
    cfg.trust_forwarded_for = true;
    start_durable(cfg).await
}

pub(crate) fn unique(prefix: &str) -> String {
    let mut b = [0u8; 3];
    getrandom::fill(&mut b).unwrap();
    format!("{prefix}{}", hex::encode(b))
}

#[tokio::test]
async fn password_accounts_sign_in_and_out_on_sqlite() {
    let (_dir, url) = db::sqlite();
    password_accounts_sign_in_and_out(&url).await;
}

#[tokio::test]
async fn password_accounts_sign_in_and_out_on_postgres() {
    let Some(pg) = db::pg_db("password_accounts_sign_in_and_out").await else {
        return;
    };
    password_accounts_sign_in_and_out(&pg.url).await;
    pg.drop_db().await;
}

/// Sign up, sign in on a second browser (any letter case), sign out one, then everywhere:
/// a copied cookie is worthless after it.
async fn password_accounts_sign_in_and_out(url: &str) {
    let s = server(url).await;
    let name = unique("Ana ");
    let mut a = Browser::new(s.addr);
    let made = a
        .post(
            "/api/accounts",
            json!({"username": name, "password": "correct horse"}),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    assert_eq!(made.body["username"], name.as_str());
    assert_eq!(made.body["has_password"], true);
    let cookie = made
        .headers
        .iter()
        .find(|(n, _)| n == "set-cookie")
        .map(|(_, v)| v.clone())
        .unwrap();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    let me = a.me().await;
    assert_eq!(me.status, 200);
    assert_eq!(me.body["player_id"], made.body["player_id"]);

    let mut b = Browser::new(s.addr);
    assert_eq!(b.me().await.code(), "signed_out");
    let signed = b
        .post(
            "/api/session",
            json!({"username": name.to_uppercase(), "password": "correct horse"}),
        )
        .await;
    assert_eq!(signed.status, 200, "{}", signed.body);
    assert_eq!(signed.body["player_id"], made.body["player_id"]);
    assert_ne!(a.cookie, b.cookie, "every sign-in is a session of its own");

    // Signing out B leaves A signed in.
    let out = b.post("/api/session/end", json!({})).await;
    assert_eq!(out.status, 204);
    assert_eq!(out.session().as_deref(), Some(""), "the cookie is cleared");
    assert_eq!(b.me().await.status, 401);
    assert_eq!(a.me().await.status, 200);

    // A thief copies A's cookie; A signs in again elsewhere and signs out everywhere.
    let mut thief = Browser::new(s.addr);
    thief.cookie = a.cookie.clone();
    assert_eq!(
        thief.me().await.status,
        200,
        "the copy works while the session lives"
    );
    let mut c = Browser::new(s.addr);
    c.post(
        "/api/session",
        json!({"username": name, "password": "correct horse"}),
    )
    .await;
    let everywhere = c.post("/api/session/end-everywhere", json!({})).await;
    assert_eq!(everywhere.status, 204);
    for browser in [&mut a, &mut thief, &mut c] {
        let me = browser.me().await;
        assert_eq!((me.status, me.code()), (401, "signed_out"));
    }
    // The replayed cookie cannot act either.
    let replay = thief.post("/api/session/end-everywhere", json!({})).await;
    assert_eq!(replay.status, 401);
    s.running.shutdown.send(true).unwrap();
}

#[tokio::test]
async fn a_planted_session_never_becomes_a_signed_in_one() {
    let (_dir, url) = db::sqlite();
    let s = server(&url).await;
    let name = unique("Bo ");
    let mut setup = Browser::new(s.addr);
    setup
        .post(
            "/api/accounts",
            json!({"username": name, "password": "correct horse"}),
        )
        .await;

    // The attacker's own session, planted in the victim's browser.
    let mut attacker = Browser::new(s.addr);
    let other = unique("Mallory ");
    attacker
        .post(
            "/api/accounts",
            json!({"username": other, "password": "correct horse"}),
        )
        .await;
    let planted = attacker.cookie.clone().unwrap();
    let mut victim = Browser::new(s.addr);
    victim.cookie = Some(planted.clone());
    let signed = victim
        .post(
            "/api/session",
            json!({"username": name, "password": "correct horse"}),
        )
        .await;
    assert_eq!(signed.status, 200);
    let fresh = victim.cookie.clone().unwrap();
    assert_ne!(fresh, planted, "a sign-in always makes a new session");
    // The planted session is ended: the attacker holds nothing of the victim's.
    let me = attacker.me().await;
    assert_eq!(me.status, 401, "the planted session ended with the sign-in");
    // A made-up secret is no session at all.
    let mut forged = Browser::new(s.addr);
    forged.cookie = Some("A".repeat(43));
    assert_eq!(forged.me().await.code(), "signed_out");
    forged.cookie = Some("not even the right shape".into());
    assert_eq!(forged.me().await.code(), "signed_out");
    s.running.shutdown.send(true).unwrap();
}

#[tokio::test]
async fn every_state_changing_route_refuses_other_sites() {
    let (_dir, url) = db::sqlite();
    let s = server(&url).await;
    let mut victim = Browser::new(s.addr);
    victim
        .post(
            "/api/accounts",
            json!({"username": unique("Cy "), "password": "correct horse"}),
        )
        .await;
    let posts: Vec<&str> = senet_server::http::ROUTES
        .iter()
        .filter(|(method, _)| *method == "post")
        .map(|(_, path)| *path)
        .collect();
    assert!(posts.contains(&"/api/session/end-everywhere") && posts.len() > 10);
    for path in posts {
        let path = path.replace("{id}", "x").replace("{ticket}", "x");
        // Another site's page posting with the victim's cookie.
        victim.origin = Some("https://evil.example".into());
        victim.content_type = "application/json";
        let a = victim.post(&path, json!({})).await;
        assert_eq!((a.status, a.code()), (403, "origin_not_allowed"), "{path}");
        // A form (no preflight) from a page without an Origin header.
        victim.origin = None;
        victim.content_type = "application/x-www-form-urlencoded";
        let a = victim.send("POST", &path, None).await;
        assert_eq!(
            (a.status, a.code()),
            (415, "unsupported_media_type"),
            "{path}"
        );
    }
    victim.origin = Some("http://test".into());
    victim.content_type = "application/json";
    assert_eq!(
        victim.me().await.status,
        200,
        "none of them signed the victim out"
    );
    s.running.shutdown.send(true).unwrap();
}

#[tokio::test]
async fn names_that_look_alike_are_one_name() {
    let (_dir, url) = db::sqlite();
    let s = server(&url).await;
    let mut a = Browser::new(s.addr);
    let base = unique("ana");
    assert_eq!(
        a.post(
            "/api/accounts",
            json!({"username": base, "password": "correct horse"})
        )
        .await
        .status,
        201
    );
    let cyrillic = base.replacen('a', "\u{430}", 1);
    for taken in [
        base.to_uppercase(),
        cyrillic,
        format!("{base}\u{200b}"),
        format!(" {base} "),
    ] {
        let mut b = Browser::new(s.addr);
        let r = b
            .post(
                "/api/accounts",
                json!({"username": taken, "password": "correct horse"}),
            )
            .await;
        assert_eq!((r.status, r.code()), (409, "username_taken"), "{taken:?}");
        let r = b
            .post("/api/accounts/passkey", json!({"username": taken}))
            .await;
        assert_eq!((r.status, r.code()), (409, "username_taken"), "{taken:?}");
        assert!(b.cookie.is_none());
    }
    let mut c = Browser::new(s.addr);
    for (bad, why) in [
        ("x", "short"),
        ("a\u{202e}b", "bidi"),
        ("\u{200b}\u{200b}", "invisible"),
    ] {
        let r = c
            .post(
                "/api/accounts",
                json!({"username": bad, "password": "correct horse"}),
            )
            .await;
        assert_eq!((r.status, r.code()), (422, "invalid"), "{why}");
    }
    let r = c
        .post(
            "/api/accounts",
            json!({"username": unique("Di "), "password": "short"}),
        )
        .await;
    assert_eq!((r.status, r.code()), (422, "invalid"));
    s.running.shutdown.send(true).unwrap();
}

#[tokio::test]
async fn sign_in_errors_say_nothing_of_which_names_exist() {
    let (_dir, url) = db::sqlite();
    let s = server(&url).await;
    let name = unique("Eve ");
    let mut a = Browser::new(s.addr);
    a.post(
        "/api/accounts",
        json!({"username": name, "password": "correct horse"}),
    )
    .await;
    let mut b = Browser::new(s.addr);
    b.forwarded_for = Some("10.1.0.1".into());
    let wrong_password = b
        .post(
            "/api/session",
            json!({"username": name, "password": "wrong one"}),
        )
        .await;
    let no_such_name = b
        .post(
            "/api/session",
            json!({"username": unique("Nobody "), "password": "wrong one"}),
        )
        .await;
    let passkey_account = {
        let mut p = Browser::new(s.addr);
        let pname = unique("Pia ");
        let (_key, done) = p.passkey_sign_up(&pname, None).await;
        assert_eq!(done.status, 201);
        b.post(
            "/api/session",
            json!({"username": pname, "password": "wrong one"}),
        )
        .await
    };
    for answer in [&wrong_password, &no_such_name, &passkey_account] {
        assert_eq!(answer.status, 401);
        assert_eq!(
            answer.body, wrong_password.body,
            "one answer for every failure"
        );
    }
    s.running.shutdown.send(true).unwrap();
}

#[tokio::test]
async fn password_guessing_is_bounded_per_account_and_per_address() {
    let (_dir, url) = db::sqlite();
    let s = server(&url).await;
    let name = unique("Fay ");
    let mut owner = Browser::new(s.addr);
    owner
        .post(
            "/api/accounts",
            json!({"username": name, "password": "correct horse"}),
        )
        .await;

    // One account, guessed from five addresses: the sixth try is held, from anywhere, even
    // with the right password.
    let mut guesser = Browser::new(s.addr);
    for n in 0..5 {
        guesser.forwarded_for = Some(format!("10.2.0.{n}"));
        let r = guesser
            .post(
                "/api/session",
                json!({"username": name, "password": format!("guess {n}")}),
            )
            .await;
        assert_eq!(r.status, 401);
    }
    guesser.forwarded_for = Some("10.2.1.1".into());
    let held = guesser
        .post(
            "/api/session",
            json!({"username": name, "password": "correct horse"}),
        )
        .await;
    assert_eq!((held.status, held.code()), (429, "rate_limited"));
    assert!(held.headers.iter().any(|(n, _)| n == "retry-after"));
    assert!(guesser.cookie.is_none());

    // One address guessing many accounts: held after twenty, for every name.
    let mut sprayer = Browser::new(s.addr);
    sprayer.forwarded_for = Some("10.3.0.1".into());
    for n in 0..20 {
        let r = sprayer
            .post(
                "/api/session",
                json!({"username": format!("victim {n}"), "password": "123456789"}),
            )
            .await;
        assert_eq!(r.status, 401, "try {n}");
    }
    let r = sprayer
        .post(
            "/api/session",
            json!({"username": "victim 99", "password": "123456789"}),
        )
        .await;
    assert_eq!(r.status, 429);
    // Another address is not held.
    let mut other = Browser::new(s.addr);
    other.forwarded_for = Some("10.3.0.2".into());
    let r = other
        .post(
            "/api/session",
            json!({"username": "victim 99", "password": "123456789"}),
        )
        .await;
    assert_eq!(r.status, 401);
    s.running.shutdown.send(true).unwrap();
}

#[tokio::test]
async fn passkeys_sign_up_sign_in_and_make_a_second_device() {
    let (_dir, url) = db::sqlite();
    let s = server(&url).await;
    let name = unique("Gus ");
    let mut phone = Browser::new(s.addr);
    let (mut first, made) = phone.passkey_sign_up(&name, None).await;
    assert_eq!(made.status, 201, "{}", made.body);
    assert_eq!(made.body["has_password"], false);
    assert_eq!(made.body["passkeys"].as_array().unwrap().len(), 1);
    assert!(phone.cookie.is_some());

    // A ceremony is used once: the same finish again is refused.
    let mut laptop = Browser::new(s.addr);
    let signed = laptop.passkey_sign_in(&mut first, None).await;
    assert_eq!(signed.status, 200, "{}", signed.body);
    assert_eq!(signed.body["player_id"], made.body["player_id"]);
    assert!(signed.body["passkeys"][0]["last_used_ms"].is_i64());

    // A second passkey, made on the laptop, added from the phone's session.
    let start = phone.post("/api/me/passkeys", json!({})).await;
    assert_eq!(start.status, 200);
    let (mut second, credential) =
        SoftPasskey::register(&start.body["public_key"], &origin(s.addr));
    let added = phone
        .post(
            "/api/me/passkeys/finish",
            json!({"ceremony": start.body["ceremony"], "credential": credential}),
        )
        .await;
    assert_eq!(added.status, 200, "{}", added.body);
    assert_eq!(added.body["passkeys"].as_array().unwrap().len(), 2);
    let replayed = phone
        .post(
            "/api/me/passkeys/finish",
            json!({"ceremony": start.body["ceremony"], "credential": credential}),
        )
        .await;
    assert_eq!(
        (replayed.status, replayed.code()),
        (400, "ceremony_expired")
    );
    let mut tablet = Browser::new(s.addr);
    let signed = tablet.passkey_sign_in(&mut second, None).await;
    assert_eq!(signed.body["player_id"], made.body["player_id"]);

    // Remove the first; the last one stays.
    let ids: Vec<String> = added.body["passkeys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap().to_owned())
        .collect();
    let removed = phone
        .post(&format!("/api/me/passkeys/{}/remove", ids[0]), json!({}))
        .await;
    assert_eq!(removed.status, 200);
    assert_eq!(
        laptop.passkey_sign_in(&mut first, None).await.status,
        401,
        "a removed passkey"
    );
    let last = phone
        .post(&format!("/api/me/passkeys/{}/remove", ids[1]), json!({}))
        .await;
    assert_eq!((last.status, last.code()), (409, "last_way_in"));
    let none = phone.post("/api/me/passkeys/nope/remove", json!({})).await;
    assert_eq!(none.status, 404);
    s.running.shutdown.send(true).unwrap();
}

#[tokio::test]
async fn one_accounts_passkey_never_signs_in_another() {
    let (_dir, url) = db::sqlite();
    let s = server(&url).await;
    let mut victim = Browser::new(s.addr);
    let (victim_key, made) = victim.passkey_sign_up(&unique("Hal "), None).await;
    assert_eq!(made.status, 201);
    let mut attacker = Browser::new(s.addr);
    let (mut attacker_key, mine) = attacker.passkey_sign_up(&unique("Ivy "), None).await;
    assert_eq!(mine.status, 201);

    // The attacker's passkey, signing as the victim's user handle.
    let mut fresh = Browser::new(s.addr);
    let lie = fresh
        .passkey_sign_in(&mut attacker_key, Some(&victim_key.user_handle))
        .await;
    assert_eq!((lie.status, lie.code()), (401, "wrong_credentials"));
    assert!(fresh.cookie.is_none());

    // Registering the attacker's credential to a second account is refused.
    let mut again = Browser::new(s.addr);
    let start = again
        .post("/api/accounts/passkey", json!({"username": unique("Jo ")}))
        .await;
    let credential = attacker_key.attest(&start.body["public_key"]);
    let taken = again
        .post(
            "/api/accounts/passkey/finish",
            json!({"ceremony": start.body["ceremony"], "credential": credential}),
        )
        .await;
    assert_eq!((taken.status, taken.code()), (409, "passkey_taken"));
    assert!(again.cookie.is_none(), "no half account, no session");

    // A signature over another challenge (a replayed answer) is refused.
    let start = fresh.post("/api/session/passkey", json!({})).await;
    let stale = attacker_key.assert(&json!({"rpId": "localhost", "challenge": "AAAA"}));
    let r = fresh
        .post(
            "/api/session/passkey/finish",
            json!({"ceremony": start.body["ceremony"], "credential": stale}),
        )
        .await;
    assert_eq!(r.status, 401);
    // A ceremony id that was never given.
    let r = fresh
        .post(
            "/api/session/passkey/finish",
            json!({"ceremony": "made-up", "credential": stale}),
        )
        .await;
    assert_eq!((r.status, r.code()), (400, "ceremony_expired"));
    s.running.shutdown.send(true).unwrap();
}

#[tokio::test]
async fn a_claimed_player_key_becomes_the_account_on_a_database_of_today_sqlite() {
    let (_dir, url) = db::sqlite();
    claim_on_todays_database(&url).await;
}

#[tokio::test]
async fn a_claimed_player_key_becomes_the_account_on_a_database_of_today_postgres() {
    let Some(pg) = db::pg_db("a_claimed_player_key_becomes_the_account").await else {
        return;
    };
    claim_on_todays_database(&pg.url).await;
    pg.drop_db().await;
}

/// A database of the release before accounts (migrations up to 0009) with a player, its key
/// and ratings; then this release opens it (0010), and the player claims the key at sign-up.
async fn claim_on_todays_database(url: &str) {
    let pool = senet_store::sql::migrate_up_to(url, 9).await.unwrap();
    let key = "an-old-browser-key-0123456789abcdef";
    sqlx::query("INSERT INTO players (id, name, key_hash, created_ms) VALUES ($1, $2, $3, $4)")
        .bind("old-player")
        .bind("Old Timer")
        .bind(senet_store::hash_secret(key))
        .bind(1_700_000_000_000_i64)
        .execute(&pool)
        .await
        .unwrap();
    for (pool_name, rating, games) in [("pyramid", 1612.5_f64, 12_i64), ("modern3", 1420.0, 3)] {
        sqlx::query(
            "INSERT INTO ratings (player_id, pool, rating, deviation, volatility, games, updated_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind("old-player")
        .bind(pool_name)
        .bind(rating)
        .bind(80.0_f64)
        .bind(0.06_f64)
        .bind(games)
        .bind(1_700_000_000_000_i64)
        .execute(&pool)
        .await
        .unwrap();
    }
    pool.close().await;

    let s = server(url).await;
    let mut b = Browser::new(s.addr);
    let name = unique("Timer ");
    let made = b
        .post(
            "/api/accounts",
            json!({"username": name, "password": "correct horse", "player_key": key}),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    assert_eq!(
        made.body["player_id"], "old-player",
        "the account is the old player"
    );

    let check = sqlx::AnyPool::connect(url).await.unwrap();
    use sqlx::Row;
    let rows =
        sqlx::query("SELECT pool, rating, games FROM ratings WHERE player_id = $1 ORDER BY pool")
            .bind("old-player")
            .fetch_all(&check)
            .await
            .unwrap();
    let kept: Vec<(String, f64, i64)> = rows
        .iter()
        .map(|r| (r.get("pool"), r.get("rating"), r.get("games")))
        .collect();
    assert_eq!(
        kept,
        vec![
            ("modern3".into(), 1420.0, 3),
            ("pyramid".into(), 1612.5, 12)
        ],
        "every rating kept"
    );
    check.close().await;

    // The old key is no credential any more: not to claim again, nor to play as.
    let mut other = Browser::new(s.addr);
    let again = other
        .post(
            "/api/accounts",
            json!({"username": unique("Copy "), "password": "correct horse", "player_key": key}),
        )
        .await;
    assert_eq!((again.status, again.code()), (422, "invalid"));
    let play = other
        .post(
            "/api/matches",
            json!({"variant": "pyramid", "player_key": key}),
        )
        .await;
    assert_eq!(play.status, 422, "{}", play.body);

    // Signed in, a rated match needs no key: the session is the player.
    let rated = b
        .post(
            "/api/matches",
            json!({"variant": "pyramid", "rated": true, "public": true}),
        )
        .await;
    assert_eq!(rated.status, 201, "{}", rated.body);
    let summary = b
        .send(
            "GET",
            &format!("/api/matches/{}", rated.body["match_id"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(
        summary.body["names"][0],
        name.as_str(),
        "the seat shows the account's name"
    );
    s.running.shutdown.send(true).unwrap();
}

#[tokio::test]
async fn an_account_exports_its_data_then_deletes_itself() {
    let (_dir, url) = db::sqlite();
    let s = server(&url).await;
    let name = unique("Kit ");
    let mut b = Browser::new(s.addr);
    let made = b
        .post(
            "/api/accounts",
            json!({"username": name, "password": "correct horse"}),
        )
        .await;
    let player = made.body["player_id"].as_str().unwrap().to_owned();
    let created = b
        .post(
            "/api/matches",
            json!({"variant": "pyramid", "public": true}),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.body);

    let export = b.send("GET", "/api/me/export", None).await;
    assert_eq!(export.status, 200);
    assert!(
        export
            .headers
            .iter()
            .any(|(n, v)| n == "content-disposition" && v.starts_with("attachment")),
        "a download"
    );
    assert_eq!(export.body["account"]["username"], name.as_str());
    assert_eq!(export.body["sessions"], 1);
    assert_eq!(
        export.body["history"]["matches"].as_array().unwrap().len(),
        1
    );
    assert_eq!(
        export.body["history"]["matches"][0]["match_id"],
        created.body["match_id"]
    );

    let profile = b
        .send("GET", &format!("/api/players/{player}/history"), None)
        .await;
    assert_eq!(
        profile.body["member_since_ms"], made.body["member_since_ms"],
        "a profile"
    );

    let wrong = b
        .post("/api/me/delete", json!({"username": name.to_uppercase()}))
        .await;
    assert_eq!(
        (wrong.status, wrong.code()),
        (422, "invalid"),
        "the name exactly as written"
    );
    let mut other_device = Browser::new(s.addr);
    other_device
        .post(
            "/api/session",
            json!({"username": name, "password": "correct horse"}),
        )
        .await;
    let gone = b.post("/api/me/delete", json!({"username": name})).await;
    assert_eq!(gone.status, 204);
    assert_eq!(b.me().await.status, 401);
    assert_eq!(other_device.me().await.status, 401, "every session ended");
    let signin = other_device
        .post(
            "/api/session",
            json!({"username": name, "password": "correct horse"}),
        )
        .await;
    assert_eq!(signin.status, 401);
    // The games stay, under "deleted player".
    let history = b
        .send("GET", &format!("/api/players/{player}/history"), None)
        .await;
    assert_eq!(history.status, 200);
    assert_eq!(history.body["name"], "deleted player");
    assert_eq!(history.body["matches"].as_array().unwrap().len(), 1);
    assert_eq!(
        history.body["member_since_ms"],
        Value::Null,
        "no account any more"
    );
    // The name is free again.
    let mut newcomer = Browser::new(s.addr);
    let again = newcomer
        .post(
            "/api/accounts",
            json!({"username": name, "password": "another horse"}),
        )
        .await;
    assert_eq!(again.status, 201);
    assert_ne!(again.body["player_id"], player.as_str());
    s.running.shutdown.send(true).unwrap();
}

/// SIGKILL during sign-ups (the real binary, SQLite): every sign-up the server answered is
/// there after the restart and signs in; none left half an account (a player without its
/// account, an account without a way in or without the session it was made with).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_during_sign_ups_leaves_no_half_account() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let data = tempfile::tempdir().unwrap();
    let (mut child, addr) = crate::store_sigkill::start(data.path());
    // Passkey sign-ups started before the kill, finished during it.
    let mut ceremonies = Vec::new();
    for n in 0..20 {
        let mut b = Browser::new(addr);
        let name = format!("Key {n}");
        let start = b
            .post("/api/accounts/passkey", json!({"username": name}))
            .await;
        assert_eq!(start.status, 200, "{}", start.body);
        let (_, credential) = SoftPasskey::register(&start.body["public_key"], &origin(addr));
        ceremonies.push((
            name,
            json!({"ceremony": start.body["ceremony"], "credential": credential}),
        ));
    }
    let answered = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for n in 0..40 {
        let answered = answered.clone();
        let passkey = ceremonies.pop();
        tasks.push(tokio::spawn(async move {
            let name = match &passkey {
                Some((name, _)) => name.clone(),
                None => format!("Word {n}"),
            };
            let body = passkey.map(|(_, finish)| finish);
            let password_name = name.clone();
            // A request the kill cuts off panics in its own task: no answer, no account.
            let request = tokio::spawn(async move {
                let mut b = Browser::new(addr);
                let answer = match body {
                    Some(finish) => b.post("/api/accounts/passkey/finish", finish).await,
                    None => {
                        let body = json!({"username": password_name, "password": "correct horse"});
                        b.post("/api/accounts", body).await
                    }
                };
                answer.status
            });
            let status = tokio::time::timeout(std::time::Duration::from_secs(20), request)
                .await
                .ok()
                .and_then(Result::ok);
            if status == Some(201) {
                answered.fetch_add(1, Ordering::SeqCst);
            }
            (name, status)
        }));
    }
    // Kill once a few are answered, with the rest in flight.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while answered.load(Ordering::SeqCst) < 5 && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    child.kill().expect("SIGKILL");
    child.wait().unwrap();
    let mut made = Vec::new();
    let mut unanswered = 0;
    for t in tasks {
        let (name, status) = t.await.unwrap();
        match status {
            Some(201) => made.push(name),
            None => unanswered += 1,
            Some(other) => panic!("{name}: {other}"),
        }
    }
    eprintln!(
        "sign-ups answered before the kill: {}; unanswered: {unanswered}",
        made.len()
    );
    assert!(!made.is_empty());

    let (mut child, addr) = crate::store_sigkill::start(data.path());
    let url = format!("sqlite://{}", data.path().join("senet.db").display());
    sqlx::any::install_default_drivers();
    let db = sqlx::AnyPool::connect(&url).await.unwrap();
    use sqlx::Row;
    let count = |sql: &'static str| {
        let db = db.clone();
        async move {
            sqlx::query(sql)
                .fetch_one(&db)
                .await
                .unwrap()
                .get::<i64, _>("n")
        }
    };
    assert_eq!(
        count("SELECT COUNT(*) AS n FROM players p WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.player_id = p.id)").await,
        0,
        "a player without its account"
    );
    assert_eq!(
        count("SELECT COUNT(*) AS n FROM accounts a WHERE a.password_hash IS NULL AND NOT EXISTS (SELECT 1 FROM passkeys k WHERE k.player_id = a.player_id)").await,
        0,
        "an account with no way in"
    );
    assert_eq!(
        count("SELECT COUNT(*) AS n FROM accounts a WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.player_id = a.player_id)").await,
        0,
        "an account without the session it was made with"
    );
    let accounts = count("SELECT COUNT(*) AS n FROM accounts").await;
    assert!(
        accounts >= made.len() as i64,
        "every answered sign-up is kept"
    );
    // Each answered password account signs in after the restart.
    for name in made.iter().filter(|n| n.starts_with("Word")) {
        let mut b = Browser::new(addr);
        let r = b
            .post(
                "/api/session",
                json!({"username": name, "password": "correct horse"}),
            )
            .await;
        assert_eq!(r.status, 200, "{name}");
    }
    db.close().await;
    child.kill().unwrap();
    child.wait().unwrap();
}

/// Blocks, reports and a moderator (`docs/accounts.md`, "Blocks, reports and moderators"):
/// a block keeps two players out of each other's quick games; a report reaches the
/// moderators only; a moderator closes an account, which then signs in nowhere.
#[tokio::test]
async fn blocks_reports_and_a_moderator_closing_an_account() {
    let (_dir, url) = db::sqlite();
    let s = server(&url).await;
    let mut signed = Vec::new();
    for name in ["Ana", "Bo", "Cy", "Mo"] {
        let mut b = Browser::new(s.addr);
        let made = b
            .post(
                "/api/accounts",
                json!({"username": name, "password": "correct horse"}),
            )
            .await;
        assert_eq!(made.status, 201, "{}", made.body);
        signed.push(b);
    }
    let [mut ana, mut bo, mut cy, mut mo] = <[Browser; 4]>::try_from(signed).ok().unwrap();

    // Ana blocks Bo (any letter case); not herself, not nobody.
    let r = ana.post("/api/me/blocks", json!({"username": "BO"})).await;
    assert_eq!((r.status, &r.body), (200, &json!({"blocked": ["Bo"]})));
    assert_eq!(
        ana.post("/api/me/blocks", json!({"username": "ana"}))
            .await
            .status,
        422
    );
    assert_eq!(
        ana.post("/api/me/blocks", json!({"username": "Nobody"}))
            .await
            .status,
        404
    );
    assert_eq!(
        ana.send("GET", "/api/me/blocks", None).await.body,
        json!({"blocked": ["Bo"]})
    );

    // Quick games: Bo never meets Ana, whoever blocked whom; Cy meets the first in line.
    let quick = json!({"variant": "pyramid", "allow_same_address": true});
    let first = ana.post("/api/quick", quick.clone()).await;
    assert!(first.body["match_id"].is_null(), "{}", first.body);
    let second = bo.post("/api/quick", quick.clone()).await;
    assert!(
        second.body["match_id"].is_null(),
        "Bo is not paired with Ana: {}",
        second.body
    );
    let third = cy.post("/api/quick", quick.clone()).await;
    assert!(
        third.body["match_id"].is_string(),
        "Cy is paired: {}",
        third.body
    );
    let unblocked = ana
        .post("/api/me/blocks/remove", json!({"username": "Bo"}))
        .await;
    assert_eq!(unblocked.body, json!({"blocked": []}));

    // Cy reports Bo; only a moderator reads it.
    let r = cy
        .post(
            "/api/reports",
            json!({"username": "bo", "reason": "  rude in chat  "}),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.body);
    for bad in [
        json!({"username": "bo", "reason": " "}),
        json!({"username": "bo", "reason": "x", "match_id": "nope"}),
    ] {
        assert_eq!(cy.post("/api/reports", bad).await.status, 422);
    }
    let refused = cy.send("GET", "/api/admin/reports", None).await;
    assert_eq!((refused.status, refused.code()), (403, "forbidden"));
    assert_eq!(
        cy.post("/api/admin/accounts/close", json!({"username": "Bo"}))
            .await
            .status,
        403
    );

    // The operator makes Mo a moderator (the command line's way, through the same call).
    let store = senet_store::sql::SqlStore::connect(&url).await.unwrap();
    let accounts = senet_accounts::Accounts::new(store, None).unwrap();
    accounts.set_moderator("mo", true).await.unwrap();
    assert_eq!(mo.me().await.body["role"], "moderator");
    let reports = mo.send("GET", "/api/admin/reports", None).await;
    assert_eq!(reports.status, 200);
    assert_eq!(reports.body["reports"][0]["reported"], "Bo");
    assert_eq!(reports.body["reports"][0]["reporter"], "Cy");
    assert_eq!(reports.body["reports"][0]["reason"], "rude in chat");

    // Closed: Bo's session ends, and Bo signs in no more.
    assert_eq!(bo.me().await.status, 200);
    let closed = mo
        .post("/api/admin/accounts/close", json!({"username": "Bo"}))
        .await;
    assert_eq!(closed.status, 204);
    assert_eq!(bo.me().await.status, 401);
    let again = Browser::new(s.addr)
        .post(
            "/api/session",
            json!({"username": "Bo", "password": "correct horse"}),
        )
        .await;
    assert_eq!((again.status, again.code()), (403, "account_closed"));
    let wrong = Browser::new(s.addr)
        .post(
            "/api/session",
            json!({"username": "Bo", "password": "wrong horse"}),
        )
        .await;
    assert_eq!(
        wrong.code(),
        "wrong_credentials",
        "closure is told only to the password"
    );
    s.running.shutdown.send(true).unwrap();
}
