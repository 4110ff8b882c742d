//! Connections cannot be held for nothing (issue 14, points 4, 5 and 9):
//! a connection that sends no request is closed, one address cannot take
//! every connection, a frozen WebSocket client loses its "connected", the
//! client's address behind a trusted proxy is its own, and stopping the
//! server sends every WebSocket a close frame.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use crate::common::{Client, config, sqlite_url, start};

/// A TCP connection to `server` from the loopback address `from`.
async fn connect_from(from: &str, server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    socket.connect(server).await.unwrap()
}

/// Reads until the server closes the connection (within 20 s); what it
/// sent before.
async fn until_closed(stream: &mut TcpStream) -> String {
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = tokio::time::timeout(Duration::from_secs(20), stream.read(&mut buf))
            .await
            .expect("the server closes the connection")
            .unwrap_or(0);
        if n == 0 {
            return String::from_utf8_lossy(&seen).into_owned();
        }
        seen.extend_from_slice(&buf[..n]);
    }
}

#[tokio::test]
async fn a_connection_that_sends_nothing_is_closed() {
    let mut cfg = config(&sqlite_url());
    cfg.header_read_timeout_s = 1;
    let server = start(cfg).await;
    let addr = server.server.addr();
    // Nothing at all, and half a request.
    let mut silent = connect_from("127.0.0.1", addr).await;
    let mut half = connect_from("127.0.0.1", addr).await;
    half.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    assert_eq!(until_closed(&mut silent).await, "");
    until_closed(&mut half).await;
    // A kept-alive connection that goes idle after a request is closed too.
    let mut idle = connect_from("127.0.0.1", addr).await;
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    assert!(until_closed(&mut idle).await.starts_with("HTTP/1.1 200"));
    server.server.stop().await;
}

#[tokio::test]
async fn one_address_cannot_take_every_connection() {
    let mut cfg = config(&sqlite_url());
    cfg.max_connections_per_address = 4;
    cfg.header_read_timeout_s = 60;
    let server = start(cfg).await;
    let addr = server.server.addr();
    let mut held = Vec::new();
    for _ in 0..4 {
        let mut stream = connect_from("127.0.0.2", addr).await;
        // A full request and its answer: the connection is counted.
        stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap();
        let mut buf = [0u8; 512];
        let n = stream.read(&mut buf).await.unwrap();
        assert!(buf[..n].starts_with(b"HTTP/1.1 200"));
        held.push(stream);
    }
    // The fifth from that address is closed unanswered...
    let mut fifth = connect_from("127.0.0.2", addr).await;
    let _ = fifth
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    assert_eq!(until_closed(&mut fifth).await, "");
    // ...while other addresses are served.
    let nobody = Client::anonymous(&server.base);
    let (status, _, text) = nobody.get_text("/healthz").await;
    assert_eq!((status, text.as_str()), (StatusCode::OK, "ok"));
    drop(held);
    server.server.stop().await;
}

#[tokio::test]
async fn a_frozen_client_loses_connected() {
    let mut cfg = config(&sqlite_url());
    cfg.ping_interval_s = 1;
    let server = start(cfg).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    let kofi = Client::sign_in(&server.base, "Kofi").await;
    let id = ama.game_against(&kofi).await;
    let mut ama_ws = ama.ws(&id).await;
    // Kofi's socket opens, then is never read again: his client froze
    // (it answers no ping, as a stopped process or a dead network would).
    let frozen = kofi.ws(&id).await;
    ama_ws
        .state_where(|g| g["players"]["N"]["connected"] == true)
        .await;
    let game = ama_ws
        .state_where(|g| g["players"]["N"]["connected"] == false)
        .await;
    assert_eq!(game["players"]["S"]["connected"], true);
    drop(frozen);
    ama_ws.close().await;
    server.server.stop().await;
}

#[tokio::test]
async fn stopping_sends_every_socket_a_close_frame() {
    let server = start(config(&sqlite_url())).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    let created = ama
        .create_table(json!({"starts": "S", "opponent": {"kind": "human"}}))
        .await;
    let id = created["table"]["game_id"].as_str().unwrap().to_owned();
    let url = format!(
        "{}/api/games/{id}/ws",
        server.base.replace("http://", "ws://")
    );
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let first = socket.next().await.unwrap().unwrap();
    assert!(matches!(first, Message::Text(_)));
    let stop = tokio::spawn(server.server.stop());
    let close = loop {
        match tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a frame before the server goes")
        {
            Some(Ok(Message::Close(frame))) => break frame,
            Some(Ok(_)) => {}
            other => panic!("the socket ended without a close frame: {other:?}"),
        }
    };
    assert_eq!(close.expect("a close code").code, CloseCode::Away);
    stop.await.unwrap();
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_limits() {
    for trusted in [false, true] {
        let mut cfg = config(&sqlite_url());
        cfg.rate_per_s = 1;
        if trusted {
            cfg.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
        }
        let server = start(cfg).await;
        let http = reqwest::Client::new();
        let sign_in = |forwarded: &'static str| {
            http.post(format!("{}/api/session", server.base))
                .header("content-type", "application/json")
                .header("x-forwarded-for", forwarded)
                .body(json!({"name": "Ama"}).to_string())
                .send()
        };
        // A burst of two passes, then one address is over its rate...
        for _ in 0..2 {
            assert_eq!(sign_in("203.0.113.1").await.unwrap().status(), 200);
        }
        let third = sign_in("203.0.113.1").await.unwrap().status();
        assert_eq!(third, StatusCode::TOO_MANY_REQUESTS);
        // ...and another visitor behind the same proxy is not, when the
        // proxy is trusted; otherwise all share the proxy's address.
        let other = sign_in("203.0.113.2").await.unwrap().status();
        let expected = if trusted {
            StatusCode::OK
        } else {
            StatusCode::TOO_MANY_REQUESTS
        };
        assert_eq!(other, expected, "trusted: {trusted}");
        server.server.stop().await;
    }
}
