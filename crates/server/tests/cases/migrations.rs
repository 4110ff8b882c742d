//! The migrations keep the games of an existing database: a database as
//! an earlier release left it (the first release's migration 1 only, or
//! issue 14's 1 and 2; its games written with the first release's
//! columns) is migrated at start, and its finished game reads back whole
//! while its game in progress goes on, on SQLite and PostgreSQL.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use reqwest::StatusCode;
use serde_json::json;
use sqlx::Executor;
use sqlx::migrate::Migrator;

use crate::common::{Client, config, direct, sqlite_url, start};

/// The migrations an earlier release ran (the files it embedded).
const RELEASED: &[&str] = &["0001_init.sql", "0002_presence.sql"];

/// A directory of its own holding the first `n` of [`RELEASED`]: the
/// migrations of the release that ran them.
fn release(n: usize) -> PathBuf {
    static DIRS: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "wari-release-{}-{}",
        std::process::id(),
        DIRS.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let migrations = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    for file in &RELEASED[..n] {
        std::fs::copy(migrations.join(file), dir.join(file)).unwrap();
    }
    dir
}

/// The rows the first release wrote for a game of abapa between two
/// guests: finished (`C d` then South resigned), and one in progress
/// (`C` played, North to move) with a 5+0 clock.
const OLD_ROWS: &[&str] = &[
    "INSERT INTO sessions (id, token, name, created_at) VALUES ('s1', 'tok1', 'Ama', 1), ('s2', 'tok2', 'Kofi', 1)",
    "INSERT INTO games (id, table_id, source, rules, start_position, status, version, \
     south_kind, south_name, south_session, north_kind, north_name, north_session, \
     offers, moves_count, result, reason, score, created_at, started_at, finished_at) VALUES \
     ('oldfin01', NULL, 'live', 'abapa', '4,4,4,4,4,4/4,4,4,4,4,4 S 0-0', 'finished', 4, \
      'human', 'Ama', 's1', 'human', 'Kofi', 's2', '', 2, 'N', 'resignation', '0-0', 10, 11, 20)",
    "INSERT INTO moves (game_id, ply, mv, played_at) VALUES ('oldfin01', 0, 'C', 12), ('oldfin01', 1, 'd', 13)",
    "INSERT INTO games (id, table_id, source, rules, start_position, status, version, \
     south_kind, south_name, south_session, north_kind, north_name, north_session, \
     clock_initial_ms, clock_increment_ms, south_ms, north_ms, clock_running, clock_since, \
     offers, moves_count, created_at, started_at) VALUES \
     ('oldplay1', NULL, 'live', 'abapa', '4,4,4,4,4,4/4,4,4,4,4,4 S 0-0', 'playing', 3, \
      'human', 'Ama', 's1', 'human', 'Kofi', 's2', 300000, 0, 300000, 300000, 'N', 9999999999999, '', 1, 10, 11)",
    "INSERT INTO moves (game_id, ply, mv, south_ms, north_ms, played_at) VALUES ('oldplay1', 0, 'C', 300000, 300000, 12)",
];

/// A database at `url` migrated by the release that ran `migrations` of
/// [`RELEASED`], with the first release's rows.
async fn old_database(url: &str, migrations: usize) {
    let pool = direct(url).await;
    Migrator::new(release(migrations))
        .await
        .unwrap()
        .run(&pool)
        .await
        .unwrap();
    for sql in OLD_ROWS {
        pool.execute(*sql).await.unwrap();
    }
    pool.close().await;
}

async fn check_migrated(url: &str) {
    let server = start(config(url)).await;
    let anyone = Client::anonymous(&server.base);
    let game = anyone.game("oldfin01").await;
    assert_eq!(game["moves"], json!(["C", "d"]));
    assert_eq!(game["result"], "N");
    assert_eq!(game["reason"], "resignation");
    assert_eq!(game["players"]["S"]["name"], "Ama");
    assert_eq!(game["rated"], false);
    let (_, archive) = anyone.get("/api/games?player=Kofi").await;
    assert_eq!(archive["games"][0]["id"], "oldfin01");
    // The guests' sessions still work; the game in progress goes on.
    let kofi = Client {
        cookie: Some("wari_session=tok2".to_owned()),
        ..Client::anonymous(&server.base)
    };
    let game = kofi.game("oldplay1").await;
    assert_eq!(game["status"], "playing");
    assert_eq!(game["you"], "N");
    assert_eq!(game["clock"]["running"], "N");
    let (status, body) = kofi.play("oldplay1", "d", 1).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["moves"], json!(["C", "d"]));
    server.server.stop().await;
}

#[tokio::test]
async fn a_first_release_sqlite_database_keeps_its_games() {
    let url = sqlite_url();
    old_database(&url, 1).await;
    check_migrated(&url).await;
}

#[tokio::test]
async fn an_issue_14_sqlite_database_keeps_its_games() {
    let url = sqlite_url();
    old_database(&url, 2).await;
    check_migrated(&url).await;
}

#[tokio::test]
async fn earlier_releases_postgres_databases_keep_their_games() {
    let Ok(url) = std::env::var("WARI_TEST_POSTGRES") else {
        eprintln!("WARI_TEST_POSTGRES is not set: skipped");
        return;
    };
    // A database of its own, made and dropped here.
    let admin = direct(&url).await;
    for migrations in 1..=RELEASED.len() {
        let name = format!("wari_migrate_{}_{migrations}", std::process::id());
        admin
            .execute(format!("DROP DATABASE IF EXISTS {name}").as_str())
            .await
            .unwrap();
        admin
            .execute(format!("CREATE DATABASE {name}").as_str())
            .await
            .unwrap();
        let (base, _) = url.rsplit_once('/').unwrap();
        let own = format!("{base}/{name}");
        old_database(&own, migrations).await;
        check_migrated(&own).await;
        admin
            .execute(format!("DROP DATABASE {name} WITH (FORCE)").as_str())
            .await
            .unwrap();
    }
    admin.close().await;
}
