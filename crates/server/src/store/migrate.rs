//! The migrations, embedded in the binary and run at start.

use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;

use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};

/// Each migration: version, description, SQL (the same for both
/// databases).
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (1, "init", include_str!("../../migrations/0001_init.sql")),
    (
        2,
        "presence",
        include_str!("../../migrations/0002_presence.sql"),
    ),
    (
        10,
        "accounts",
        include_str!("../../migrations/0010_accounts.sql"),
    ),
    (
        11,
        "ratings",
        include_str!("../../migrations/0011_ratings.sql"),
    ),
    (
        12,
        "correspondence",
        include_str!("../../migrations/0012_correspondence.sql"),
    ),
    (
        13,
        "pairing",
        include_str!("../../migrations/0013_pairing.sql"),
    ),
    (14, "chat", include_str!("../../migrations/0014_chat.sql")),
    (20, "bots", include_str!("../../migrations/0020_bots.sql")),
    (
        30,
        "tournaments",
        include_str!("../../migrations/0030_tournaments.sql"),
    ),
    (31, "swiss", include_str!("../../migrations/0031_swiss.sql")),
    (
        40,
        "reviews",
        include_str!("../../migrations/0040_reviews.sql"),
    ),
    (
        50,
        "language",
        include_str!("../../migrations/0050_language.sql"),
    ),
    (
        60,
        "tournament bots",
        include_str!("../../migrations/0060_tournament_bots.sql"),
    ),
    (
        70,
        "table bots",
        include_str!("../../migrations/0070_table_bots.sql"),
    ),
    (
        80,
        "first move",
        include_str!("../../migrations/0080_first_move.sql"),
    ),
    (
        81,
        "no show",
        include_str!("../../migrations/0081_no_show.sql"),
    ),
    (
        90,
        "puzzle ratings",
        include_str!("../../migrations/0090_puzzle_ratings.sql"),
    ),
];

#[derive(Debug)]
struct Embedded;

impl MigrationSource<'static> for Embedded {
    fn resolve(
        self,
    ) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send + 'static>> {
        Box::pin(async {
            Ok(MIGRATIONS
                .iter()
                .map(|&(version, description, sql)| {
                    Migration::new(
                        version,
                        Cow::Borrowed(description),
                        MigrationType::Simple,
                        Cow::Borrowed(sql),
                        false,
                    )
                })
                .collect())
        })
    }
}

/// The migrator over the embedded migrations.
///
/// # Errors
/// Never in practice: the embedded list is fixed.
pub async fn migrator() -> Result<Migrator, sqlx::migrate::MigrateError> {
    Migrator::new(Embedded).await
}
