//! The real `cubicle` binary, started on a test's database.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};

use super::TestDb;

/// The `cubicle` binary, running on a database of the test's.
pub struct Binary {
    child: Child,
    pub addr: SocketAddr,
    /// The last lines of its log, shown if the test fails.
    log: Arc<Mutex<VecDeque<String>>>,
}

/// Log lines of a binary kept for a failing test's report.
const LOG_TAIL: usize = 60;

impl Drop for Binary {
    /// A test that fails half-way must not leave its server running, and
    /// says what the server logged last.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        if std::thread::panicking() {
            let log = self.log.lock().unwrap_or_else(|e| e.into_inner());
            eprintln!(
                "--- the last {} log lines of the server on {}:",
                log.len(),
                self.addr
            );
            for line in log.iter() {
                eprintln!("{line}");
            }
        }
    }
}

impl Binary {
    pub fn start(db: &TestDb, fixtures: bool) -> Binary {
        Binary::start_url(&db.url, fixtures)
    }

    /// Starts the binary on the database at `url`.
    pub fn start_url(url: &str, fixtures: bool) -> Binary {
        let extra: &[&str] = if fixtures { &["--allow-fixtures"] } else { &[] };
        Binary::start_with(url, "127.0.0.1:0", extra)
    }

    /// Starts the binary on the database at `url`, listening on `listen`,
    /// with `extra` flags.
    pub fn start_with(url: &str, listen: &str, extra: &[&str]) -> Binary {
        Binary::start_program(env!("CARGO_BIN_EXE_cubicle"), url, listen, extra)
    }

    /// Like [`Binary::start_with`], with the `cubicle` binary at `program`
    /// (a release build, say).
    pub fn start_program(program: &str, url: &str, listen: &str, extra: &[&str]) -> Binary {
        let mut command = Command::new(program);
        command
            .args([
                "--listen",
                listen,
                "--database-url",
                url,
                "--log-format",
                "json",
            ])
            .args(extra)
            .env("RUST_LOG", "info")
            // Bots act at once: tests wait for nobody.
            .env("CUBICLE_BOT_DELAY_MS", "0")
            .env_remove("DATABASE_URL")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let mut child = command.spawn().expect("start the cubicle binary");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = mpsc::channel();
        // Reads the log until the server says it is ready (and where), then keeps
        // draining it so the server never blocks on a full pipe.
        let log = Arc::new(Mutex::new(VecDeque::new()));
        let tail = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                {
                    let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
                    if tail.len() == LOG_TAIL {
                        tail.pop_front();
                    }
                    tail.push_back(line.clone());
                }
                if let Ok(entry) = serde_json::from_str::<Value>(&line) {
                    if entry["fields"]["message"] == "ready" {
                        let _ = tx.send(entry["fields"]["addr"].as_str().unwrap().to_owned());
                    }
                }
            }
        });
        let addr = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the binary logs its address")
            .parse()
            .unwrap();
        Binary { child, addr, log }
    }

    pub fn kill(mut self) {
        // Child::kill sends SIGKILL: no shutdown code runs.
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Sends the process `signal` (a name `kill` knows: STOP, CONT, ...).
    /// After STOP, returns once the process has stopped.
    pub fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success(), "kill -{signal}");
        if signal == "STOP" {
            let stat = format!("/proc/{}/stat", self.child.id());
            for _ in 0..200 {
                let text = std::fs::read_to_string(&stat).unwrap_or_default();
                // The state follows the command name's closing parenthesis.
                if text
                    .rsplit_once(") ")
                    .is_some_and(|(_, rest)| rest.starts_with('T'))
                {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            panic!("the process did not stop");
        }
    }

    pub fn terminate(mut self) -> std::process::ExitStatus {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        self.child.wait().unwrap()
    }

    pub async fn create_room(
        &self,
        seats: u8,
        options: Option<Value>,
    ) -> cubicle_protocol::RoomCreated {
        let mut body = json!({"game": "osaki", "seats": seats});
        if let Some(options) = options {
            body["options"] = options;
        }
        let response = reqwest::Client::new()
            .post(format!("http://{}/api/rooms", self.addr))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 201);
        response.json().await.unwrap()
    }
}
