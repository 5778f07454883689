//! The WebSocket side: opening a match's socket and saying `hello`, and sending a client
//! message (`senet-protocol`'s `ClientMsg`).

use futures_util::SinkExt;
use senet_protocol::ClientMsg;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use crate::args::Args;

/// A match's socket.
pub(crate) type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// Opens a match's socket on node `node` and says hello with `token` (none: a spectator).
pub(crate) async fn connect(
    args: &Args,
    node: usize,
    id: &str,
    token: Option<&str>,
) -> Result<Socket, String> {
    let hello = ClientMsg::Hello {
        token: token.map(str::to_owned),
        last_event: None,
        tail: None,
        name: None,
    };
    say_hello(args, node, id, &hello).await
}

/// Opens a match's socket on node `node` and sends `hello`.
pub(crate) async fn say_hello(
    args: &Args,
    node: usize,
    id: &str,
    hello: &ClientMsg,
) -> Result<Socket, String> {
    let url = format!("ws://{}/ws/matches/{id}", args.node(node));
    let config = WebSocketConfig::default()
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
        .await
        .map_err(|e| e.to_string())?;
    if send(&mut ws, hello).await {
        Ok(ws)
    } else {
        Err("the socket closed before its hello".into())
    }
}

/// Sends a client message; false when the socket is closed.
pub(crate) async fn send(ws: &mut Socket, msg: &ClientMsg) -> bool {
    let Ok(text) = serde_json::to_string(msg) else {
        return false;
    };
    ws.send(Message::Text(text.into())).await.is_ok()
}
