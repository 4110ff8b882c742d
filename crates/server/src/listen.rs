//! The accept loop: HTTP/1 connections held to a header-read timeout
//! (which also ends connections idle between requests), a request
//! timeout, and a cap on the connections of one address; on shutdown,
//! idle connections close, requests under way finish, and WebSockets get
//! a close frame (`api/ws.rs`).
//!
//! `axum::serve` has none of these knobs: a client that connects and
//! sends nothing would hold its socket, and a few hundred such would use
//! up the process's open files (issue 14, point 4).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::response::IntoResponse;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt;

use crate::App;
use crate::api::error::Error;
use crate::text::text;

/// Accepts connections on `listener` and serves `router` on each, until
/// `stopping` turns true.
pub async fn serve(
    app: Arc<App>,
    listener: TcpListener,
    router: Router,
    mut stopping: watch::Receiver<bool>,
) {
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = stopped(&mut stopping) => return,
        };
        let (stream, peer) = match accepted {
            Ok(pair) => pair,
            Err(e) => {
                // Out of open files or the like: give connections a
                // moment to close rather than spin.
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let guard = if app.config.trusted_proxies.contains(&peer.ip()) {
            None
        } else {
            match app.limiter.open_address(peer.ip()) {
                Ok(guard) => Some(guard),
                Err(_) => {
                    tracing::debug!(%peer, "over the connections of its address: closed");
                    continue;
                }
            }
        };
        let _ = stream.set_nodelay(true);
        let (app, router, stopping) = (Arc::clone(&app), router.clone(), stopping.clone());
        let hold = app.stopping.hold();
        tokio::spawn(async move {
            connection(&app, stream, peer, router, stopping).await;
            drop((guard, hold));
        });
    }
}

async fn connection(
    app: &Arc<App>,
    stream: tokio::net::TcpStream,
    peer: SocketAddr,
    router: Router,
    mut stopping: watch::Receiver<bool>,
) {
    let timeout = Duration::from_secs(app.config.request_timeout_s.max(1));
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let call = router.clone().oneshot(request.map(axum::body::Body::new));
        async move {
            let response = match tokio::time::timeout(timeout, call).await {
                Ok(Ok(response)) => response,
                Ok(Err(never)) => match never {},
                Err(_) => Error::Timeout(text!("err-request-timeout", as_secs = timeout.as_secs()))
                    .into_response(),
            };
            Ok::<_, std::convert::Infallible>(response)
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(app.config.header_read_timeout_s.max(1)));
    let conn = builder
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    tokio::pin!(conn);
    tokio::select! {
        result = conn.as_mut() => {
            if let Err(e) = result {
                tracing::debug!(%peer, error = %e, "connection ended");
            }
        }
        () = stopped(&mut stopping) => {
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
}

/// Waits until `signal` turns true (or its sender is gone).
pub async fn stopped(signal: &mut watch::Receiver<bool>) {
    let _ = signal.wait_for(|s| *s).await;
}

/// The server's stop: a flag every connection and socket watches, and a
/// count of those still open, to wait for.
#[derive(Debug)]
pub struct Stopping {
    flag: watch::Sender<bool>,
    open: Arc<watch::Sender<usize>>,
}

/// One connection or socket still open; dropping it counts it closed.
#[derive(Debug)]
pub struct Hold {
    open: Arc<watch::Sender<usize>>,
}

impl Drop for Hold {
    fn drop(&mut self) {
        self.open.send_modify(|n| *n = n.saturating_sub(1));
    }
}

impl Default for Stopping {
    fn default() -> Stopping {
        Stopping {
            flag: watch::channel(false).0,
            open: Arc::new(watch::channel(0).0),
        }
    }
}

impl Stopping {
    /// A receiver that turns true when the server stops.
    #[must_use]
    pub fn signal(&self) -> watch::Receiver<bool> {
        self.flag.subscribe()
    }

    /// Counts one more connection or socket open until the `Hold` drops.
    #[must_use]
    pub fn hold(&self) -> Hold {
        self.open.send_modify(|n| *n += 1);
        Hold {
            open: Arc::clone(&self.open),
        }
    }

    /// Signals the stop and waits, at most `grace`, for every connection
    /// and socket to close.
    pub async fn stop(&self, grace: Duration) {
        self.flag.send_replace(true);
        let mut open = self.open.subscribe();
        let _ = tokio::time::timeout(grace, open.wait_for(|n| *n == 0)).await;
    }
}
