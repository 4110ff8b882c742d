//! A server that cannot start says why, as a start-up failure (not as an
//! answer to a request it never received).

use wari_server::{Config, Error};

use crate::common::{config, sqlite_url, start};

/// What `start` returned, which must be an error.
async fn failure(config: Config) -> Error {
    match wari_server::start(config, None).await {
        Ok(server) => {
            server.stop().await;
            panic!("the server started")
        }
        Err(e) => e,
    }
}

#[tokio::test]
async fn a_database_url_it_cannot_use_is_a_startup_failure() {
    let e = failure(config("mysql://localhost/wari")).await;
    assert!(matches!(e, Error::Startup(_)), "{e:?}");
    assert!(e.to_string().contains("unsupported database URL"), "{e}");
}

#[tokio::test]
async fn an_address_already_taken_is_a_startup_failure() {
    let first = start(config(&sqlite_url())).await;
    let mut taken = config(&sqlite_url());
    taken.bind = first.server.addr();
    let e = failure(taken).await;
    assert!(matches!(e, Error::Startup(_)), "{e:?}");
    assert!(e.to_string().contains("cannot listen on"), "{e}");
    first.server.stop().await;
}
