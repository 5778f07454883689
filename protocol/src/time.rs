//! Time as the wire writes it: Unix milliseconds and RFC 3339 text.

use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// Unix milliseconds as an RFC 3339 UTC time (`2026-11-23T14:08:27.123Z`).
pub fn rfc3339(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let milli = ms.rem_euclid(1000);
    let days = secs.div_euclid(86_400);
    let tod = secs.rem_euclid(86_400);
    // Civil date from a day count (proleptic Gregorian, eras of 400 years).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{milli:03}Z",
        tod / 3600,
        tod % 3600 / 60,
        tod % 60
    )
}

/// The time now in whole seconds, as a chat line's `at` (`2026-11-24T10:00:00Z`).
pub fn now_whole_seconds() -> String {
    let ms = now_ms();
    rfc3339(ms - ms.rem_euclid(1000)).replace(".000Z", "Z")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_seconds_have_no_fraction() {
        let at = now_whole_seconds();
        assert_eq!(at.len(), "2026-11-24T10:00:00Z".len(), "{at}");
        assert!(at.ends_with('Z') && !at.contains('.'), "{at}");
    }

    #[test]
    fn civil_dates() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(rfc3339(951_782_400_123), "2000-02-29T00:00:00.123Z");
        assert_eq!(rfc3339(-1), "1969-12-31T23:59:59.999Z");
    }
}
