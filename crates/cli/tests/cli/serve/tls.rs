//! `wari bot` over https, with real processes: a TLS layer (tokio-rustls,
//! with a CA and a certificate made for the run by rcgen) in front of a
//! real `wari serve`. The bot, trusting that CA by `--ca-cert`, becomes a
//! bot, accepts a challenge and moves through it, and hears of its
//! opponent's abort. Without `--ca-cert` the
//! certificate is not trusted, and https to a port that speaks plain
//! http gets no TLS: each is one line and exit status 2 (not a panic, not
//! a retry for ever), as are a URL that is not http(s) and a `--ca-cert`
//! that holds no certificate. After the start, a TLS failure (the server
//! now shows a certificate of a CA the bot does not trust) stops the bot
//! the same way, while a network fault (connections cut, then reset
//! before the handshake) is retried.

use std::io::BufRead;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::json;
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

use super::{
    bot_account, game_where, logged_end, moves, serve, sign_up, temp_dir, until_bot, wari_bot_with,
};

/// A CA made for this run (its PEM) and the chain and key of a
/// certificate it signed for `127.0.0.1` and `localhost`.
fn certificates() -> (String, Vec<CertificateDer<'static>>, PrivateKeyDer<'static>) {
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca_params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "wari test CA");
    let ca = ca_params.self_signed(&ca_key).unwrap();
    let key = rcgen::KeyPair::generate().unwrap();
    let params =
        rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned(), "localhost".to_owned()])
            .unwrap();
    let leaf = params.signed_by(&key, &ca, &ca_key).unwrap();
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
    (ca.pem(), vec![leaf.der().clone()], key)
}

/// A TLS acceptor showing `chain` (with its `key`).
fn acceptor(chain: Vec<CertificateDer<'static>>, key: PrivateKeyDer<'static>) -> TlsAcceptor {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .unwrap();
    TlsAcceptor::from(Arc::new(config))
}

/// Listens on a loopback port with TLS (`chain`, `key`) and passes each
/// connection's plain bytes to `upstream`; the port.
async fn tls_in_front(
    upstream: u16,
    chain: Vec<CertificateDer<'static>>,
    key: PrivateKeyDer<'static>,
) -> u16 {
    Front::start(upstream, acceptor(chain, key)).await.port
}

/// A TLS front whose behaviour a test changes: it shows the certificate
/// it was started with, or cuts each connection before the handshake (a
/// network fault: the connection is reset), or shows another
/// certificate.
#[derive(Clone)]
struct Front {
    port: u16,
    /// `None`: cut each connection at once.
    acceptor: Arc<Mutex<Option<TlsAcceptor>>>,
    /// The connections passed on, to cut.
    open: Arc<Mutex<Vec<tokio::task::AbortHandle>>>,
}

impl Front {
    async fn start(upstream: u16, first: TlsAcceptor) -> Front {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let front = Front {
            port: listener.local_addr().unwrap().port(),
            acceptor: Arc::new(Mutex::new(Some(first))),
            open: Arc::default(),
        };
        let serving = front.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let Some(acceptor) = serving.acceptor.lock().unwrap().clone() else {
                    drop(socket);
                    continue;
                };
                let passed = tokio::spawn(async move {
                    let Ok(mut tls) = acceptor.accept(socket).await else {
                        return;
                    };
                    if let Ok(mut plain) = TcpStream::connect(("127.0.0.1", upstream)).await {
                        let _ = tokio::io::copy_bidirectional(&mut tls, &mut plain).await;
                    }
                });
                serving.open.lock().unwrap().push(passed.abort_handle());
            }
        });
        front
    }

    /// From now on: `acceptor`'s certificate, or (`None`) each connection
    /// cut before the handshake; the connections open are cut.
    fn switch(&self, acceptor: Option<TlsAcceptor>) {
        *self.acceptor.lock().unwrap() = acceptor;
        for open in self.open.lock().unwrap().drain(..) {
            open.abort();
        }
    }
}

/// Runs `wari bot` with `args` (and a token) until it exits by itself,
/// within 60 s; its exit code and stderr.
async fn bot_exit(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wari"))
        .arg("bot")
        .args(args)
        .env("WARI_BOT_TOKEN", "wari_not_a_real_token")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("wari bot starts");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("wari bot {args:?} did not stop by itself");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    (status.code(), stderr)
}

/// The one line `wari bot` wrote, checked to be one line and an error.
fn one_error_line(run: &(Option<i32>, String)) -> &str {
    let (code, stderr) = run;
    assert_eq!(*code, Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
        .trim_end()
        .strip_prefix("wari: error: ")
        .unwrap_or_else(|| panic!("an error line: {stderr}"))
}

#[tokio::test]
async fn wari_bot_plays_through_https_and_says_why_it_cannot() {
    let dir = temp_dir("bot-tls");
    let server = serve(
        &format!("sqlite://{}?mode=rwc", dir.join("tls.db").display()),
        &dir,
    )
    .await;
    let base = server.base.as_str();
    let plain_port = base.rsplit(':').next().unwrap();
    let (ca, chain, key) = certificates();
    let ca_file = dir.join("ca.pem");
    std::fs::write(&ca_file, &ca).unwrap();
    let tls_port = tls_in_front(plain_port.parse().unwrap(), chain, key).await;
    let https = format!("https://127.0.0.1:{tls_port}");

    // Refusals first, each one line.
    let run = bot_exit(&["--server", &https]).await;
    let line = one_error_line(&run);
    assert!(line.starts_with("no TLS connection: "), "{line}");
    assert!(line.contains("certificate"), "{line}");
    let run = bot_exit(&["--server", &format!("https://127.0.0.1:{plain_port}")]).await;
    let line = one_error_line(&run);
    assert!(line.starts_with("no TLS connection: "), "{line}");
    let run = bot_exit(&["--server", "ftp://127.0.0.1/"]).await;
    assert_eq!(
        one_error_line(&run),
        "--server \"ftp://127.0.0.1/\": an http:// or https:// URL"
    );
    let not_pem = dir.join("not.pem");
    std::fs::write(&not_pem, "no certificate here\n").unwrap();
    let run = bot_exit(&["--server", &https, "--ca-cert", path(&not_pem)]).await;
    assert_eq!(
        one_error_line(&run),
        format!("--ca-cert {}: no PEM certificate in it", not_pem.display())
    );
    let missing = dir.join("missing.pem");
    let run = bot_exit(&["--server", &https, "--ca-cert", path(&missing)]).await;
    assert!(
        one_error_line(&run).starts_with(&format!("--ca-cert {}: ", missing.display())),
        "{run:?}"
    );

    // Trusting the CA, the bot works through TLS: it becomes a bot (its
    // account and upgrade calls), hears a challenge on its event stream,
    // accepts it and moves first on its game stream.
    let name = "tls_bot";
    let (_, token) = bot_account(base, name).await;
    let _bot = wari_bot_with(
        &https,
        &token,
        1,
        &dir.join("logs"),
        &["--ca-cert", path(&ca_file)],
    );
    until_bot(base, name).await;
    let ama = sign_up(base, "Ama_tls").await;
    let made = ama
        .post(
            format!("{base}/api/challenge/{name}"),
            json!({"clock": "1+1", "color": "N"}),
        )
        .await;
    let id = made["challenge"]["game_id"].as_str().unwrap().to_owned();
    let moved = game_where(base, &id, |g| moves(g) >= 1).await;
    assert_eq!(moved["players"]["S"]["name"], name);
    // Ama aborts before her first move: the bot's game stream says so,
    // and its log.
    let aborted = ama
        .post(format!("{base}/api/games/{id}/abort"), json!({}))
        .await;
    assert_eq!(aborted["reason"], "aborted");
    let log = logged_end(&dir.join("logs").join(format!("{id}.log"))).await;
    assert!(log.contains("over: aborted after 1 moves"), "{log}");
}

#[tokio::test]
async fn a_tls_failure_after_the_start_stops_the_bot_and_network_faults_do_not() {
    let dir = temp_dir("bot-tls-later");
    let server = serve(
        &format!("sqlite://{}?mode=rwc", dir.join("tls.db").display()),
        &dir,
    )
    .await;
    let base = server.base.as_str();
    let plain_port: u16 = base.rsplit(':').next().unwrap().parse().unwrap();
    let (ca, chain, key) = certificates();
    let ca_file = dir.join("ca.pem");
    std::fs::write(&ca_file, &ca).unwrap();
    let front = Front::start(plain_port, acceptor(chain, key)).await;
    let https = format!("https://127.0.0.1:{}", front.port);
    let name = "tls_later_bot";
    let (_, token) = bot_account(base, name).await;

    // The bot starts trusting the CA; its stderr is read line by line.
    let mut child = Command::new(env!("CARGO_BIN_EXE_wari"))
        .args(["bot", "--server", &https, "--engine", "wari", "--upgrade"])
        .args(["--ca-cert", path(&ca_file)])
        .env("WARI_BOT_TOKEN", &token)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("wari bot starts");
    let lines = Arc::new(Mutex::new(Vec::<String>::new()));
    let reader = {
        let lines = Arc::clone(&lines);
        let stderr = std::io::BufReader::new(child.stderr.take().unwrap());
        std::thread::spawn(move || {
            for line in stderr.lines().map_while(Result::ok) {
                lines.lock().unwrap().push(line);
            }
        })
    };
    let said = |text: &str| lines.lock().unwrap().iter().any(|l| l.contains(text));
    let until_said = |text: &'static str| {
        let said = &said;
        let lines = &lines;
        async move {
            let start = Instant::now();
            while !said(text) {
                assert!(
                    start.elapsed() < Duration::from_secs(60),
                    "the bot never said {text:?}: {:?}",
                    lines.lock().unwrap()
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    };
    until_bot(base, name).await;
    until_said("connected as").await;

    // A network fault: the front cuts the event stream, then resets every
    // new connection before its handshake. The bot says so and tries
    // again, twice at least, and is still running.
    front.switch(None);
    until_said("cannot open the event stream (network").await;
    let start = Instant::now();
    while lines
        .lock()
        .unwrap()
        .iter()
        .filter(|l| l.contains("cannot open the event stream (network"))
        .count()
        < 2
    {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{:?}",
            lines.lock().unwrap()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        child.try_wait().unwrap().is_none(),
        "{:?}",
        lines.lock().unwrap()
    );
    assert!(!said("wari: error"), "{:?}", lines.lock().unwrap());

    // The server now shows a certificate of a CA the bot does not trust:
    // at its next try the bot stops, with one error line, exit status 2.
    let (_, other_chain, other_key) = certificates();
    front.switch(Some(acceptor(other_chain, other_key)));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("the bot did not stop: {:?}", lines.lock().unwrap());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    reader.join().unwrap();
    let lines = lines.lock().unwrap();
    assert_eq!(status.code(), Some(2), "{lines:?}");
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("wari: error: "))
        .collect();
    assert_eq!(errors.len(), 1, "{lines:?}");
    assert_eq!(
        Some(errors[0]),
        lines.last(),
        "the error is the last line: {lines:?}"
    );
    let error = errors[0].strip_prefix("wari: error: ").unwrap();
    assert!(error.starts_with("no TLS connection: "), "{error}");
    assert!(error.contains("certificate"), "{error}");
    assert!(!lines.iter().any(|l| l.contains("panicked")), "{lines:?}");
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}
