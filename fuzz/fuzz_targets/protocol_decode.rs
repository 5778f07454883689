//! Any bytes as a WebSocket text frame: the client-message decoder never panics, and what it
//! accepts re-encodes to a message that decodes to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use senet_protocol::ClientMsg;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(msg) = serde_json::from_str::<ClientMsg>(text) {
        let again = serde_json::to_string(&msg).expect("a decoded message encodes");
        let back: ClientMsg = serde_json::from_str(&again).expect("an encoded message decodes");
        assert_eq!(back, msg);
        let _ = msg.seq();
    }
});
