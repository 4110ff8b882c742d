//! A `wari serve` process on a loopback port, started and waited for
//! until `/healthz` answers: shared by the fault suite and the CLI's
//! tests (`crates/cli/tests/cli/serve.rs`).

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `wari serve` process, killed when dropped.
pub struct Serve {
    pub child: Child,
    pub base: String,
}

impl Serve {
    /// Starts `wari serve --bind 127.0.0.1:PORT` (the binary at `wari`)
    /// with `args` after `serve`'s own; `command` may add to it (the
    /// environment, the directory). Its output goes nowhere.
    pub fn spawn(
        wari: &str,
        port: u16,
        args: &[&str],
        command: impl FnOnce(&mut Command) -> &mut Command,
    ) -> Serve {
        let mut serve = Command::new(wari);
        serve
            .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let child = command(&mut serve).spawn().expect("wari serve starts");
        Serve {
            child,
            base: format!("http://127.0.0.1:{port}"),
        }
    }

    /// Waits until it answers `/healthz` (asking every 20 ms); how long
    /// that took. Panics after `patience`.
    pub async fn up(&self, http: &reqwest::Client, patience: Duration) -> Duration {
        let start = Instant::now();
        loop {
            if let Ok(r) = http.get(format!("{}/healthz", self.base)).send().await
                && r.status().is_success()
            {
                return start.elapsed();
            }
            assert!(
                start.elapsed() < patience,
                "wari serve did not come up within {patience:?}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
