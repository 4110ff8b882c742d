//! `wari bot` over https, with real processes: a TLS layer (tokio-rustls,
//! with a CA and a certificate made for the run by rcgen) in front of a
//! real `wari serve`. The bot, trusting that CA by `--ca-cert`, becomes a
//! bot, accepts a challenge and moves through it, and hears of its
//! opponent's abort. Without `--ca-cert` the
//! certificate is not trusted, and https to a port that speaks plain
//! http gets no TLS: each is one line and exit status 2 (not a panic, not
//! a retry for ever), as are a URL that is not http(s) and a `--ca-cert`
//! that holds no certificate.

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
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

/// Listens on a loopback port with TLS (`chain`, `key`) and passes each
/// connection's plain bytes to `upstream`; the port.
async fn tls_in_front(
    upstream: u16,
    chain: Vec<CertificateDer<'static>>,
    key: PrivateKeyDer<'static>,
) -> u16 {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .unwrap();
    let acceptor = TlsAcceptor::from(Arc::new(config));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(mut tls) = acceptor.accept(socket).await else {
                    return;
                };
                if let Ok(mut plain) = TcpStream::connect(("127.0.0.1", upstream)).await {
                    let _ = tokio::io::copy_bidirectional(&mut tls, &mut plain).await;
                }
            });
        }
    });
    port
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

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}
