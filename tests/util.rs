//! Running the built binary the same way on every machine.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The `uriesc` binary, with an environment that does not depend on the machine.
pub fn uriesc() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_uriesc"));
    cmd.env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env("TERM", "dumb")
        .env_remove("URIESC_FORCE_IMPLEMENTATION")
        .stdin(Stdio::null());
    cmd
}

/// Runs `uriesc ARGS`, feeding `stdin` from a thread.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_env(&[], args, stdin)
}

/// [`run`] with the environment variables `env` set as well.
pub fn run_env(env: &[(&str, &str)], args: &[&str], stdin: &[u8]) -> Output {
    let mut command = uriesc();
    command.envs(env.iter().copied()).args(args);
    output_of(command, stdin)
}

/// Runs `command` (made by [`uriesc`]), feeding `stdin` from a thread, and collects its output.
pub fn output_of(mut command: Command, stdin: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("uriesc starts");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        // The command may stop reading early (an error, a closed pipe): that is its business.
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("uriesc runs");
    feeder.join().expect("feeder");
    output
}

/// Waits for `child`, but no longer than `deadline`: past it, the child is killed and reaped,
/// and the error names `what`. A guard against hangs, not a measure of speed.
pub fn wait_with_deadline(
    child: &mut std::process::Child,
    deadline: std::time::Duration,
    what: &str,
) -> Result<std::process::ExitStatus, String> {
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("uriesc runs") {
            return Ok(status);
        }
        if start.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("{what} did not finish within {deadline:?}: killed"));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// `run`, but failing the test if the command takes longer than `deadline` (see
/// [`wait_with_deadline`]).
#[track_caller]
pub fn run_with_deadline(args: &[&str], stdin: &[u8], deadline: std::time::Duration) -> Output {
    use std::io::Read;
    let mut child = uriesc()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("uriesc starts");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let drain = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = from.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr")));
    let status = wait_with_deadline(&mut child, deadline, &format!("uriesc {args:?}"))
        .unwrap_or_else(|hung| panic!("{hung}"));
    feeder.join().expect("feeder");
    Output {
        status,
        stdout: stdout.join().expect("stdout reader"),
        stderr: stderr.join().expect("stderr reader"),
    }
}

/// What a successful run printed; fails with its stderr otherwise.
#[track_caller]
pub fn ok(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let out = run(args, stdin);
    assert!(
        out.status.success(),
        "uriesc {args:?} failed ({}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// `ok` for text output.
#[track_caller]
pub fn ok_str(args: &[&str], stdin: &str) -> String {
    String::from_utf8(ok(args, stdin.as_bytes())).expect("UTF-8 output")
}

/// A failing run: its status code, stdout and stderr.
#[track_caller]
pub fn fails(args: &[&str], stdin: &[u8]) -> (i32, Vec<u8>, String) {
    let out = run(args, stdin);
    let code = out.status.code().expect("exited normally");
    assert_ne!(code, 0, "uriesc {args:?} should fail");
    (
        code,
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fresh temporary directory for one test, removed when dropped.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("uriesc-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    /// Writes `contents` to `name` in the directory and returns its path as a string.
    pub fn file(&self, name: &str, contents: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, contents).expect("write test file");
        path.to_str().expect("UTF-8 temp path").to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Whether `program` is an executable file in a directory of PATH.
pub fn on_path(program: &str) -> bool {
    let executable = |m: std::fs::Metadata| {
        #[cfg(unix)]
        let runs = std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o111 != 0;
        #[cfg(not(unix))]
        let runs = true;
        m.is_file() && runs
    };
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path)
            .any(|dir| std::fs::metadata(dir.join(program)).is_ok_and(executable))
    })
}

/// Whether this is CI (`CI` set and not empty, `0` or `false`), which installs every tool a
/// test may skip without: there a missing tool fails the test instead.
pub fn on_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !["", "0", "false"].contains(&v.as_str()))
}

/// Fails, listing them, if there are any `cases` that went wrong.
#[track_caller]
pub fn assert_none_wrong(wrong: &[String]) {
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Runs `uriesc ARGS` with `env` set, its stdout and stderr a pseudo-terminal (POSIX
/// `posix_openpt`, `grantpt`, `unlockpt`, `ptsname`) and its stdin empty; its status and what
/// the terminal showed. A guard kills it past a minute (a hang, not a speed).
#[cfg(unix)]
pub fn on_terminal(env: &[(&str, &str)], args: &[&str]) -> (std::process::ExitStatus, String) {
    let mut command = uriesc();
    command.envs(env.iter().copied());
    on_terminal_with(command, args)
}

/// [`on_terminal`] for `command` (made by [`uriesc`]).
#[cfg(unix)]
pub fn on_terminal_with(mut command: Command, args: &[&str]) -> (std::process::ExitStatus, String) {
    use std::io::Read;

    let (master, terminal) = pseudo_terminal();
    let mut child = command
        .args(args)
        .stdout(terminal.try_clone().expect("a second handle"))
        .stderr(terminal)
        .spawn()
        .expect("uriesc starts");
    // The `Command` keeps its copies of the terminal until it is dropped.
    drop(command);
    // The command holds the only handles on the terminal now: when it exits, reading the
    // other side ends (Linux reports EIO once what the terminal held has been read).
    let mut master = master;
    let reader = std::thread::spawn(move || {
        let mut screen = Vec::new();
        let mut buf = [0; 4096];
        while let Ok(n @ 1..) = master.read(&mut buf) {
            screen.extend_from_slice(&buf[..n]);
        }
        screen
    });
    let status = wait_with_deadline(
        &mut child,
        std::time::Duration::from_secs(60),
        &format!("uriesc {args:?} on a terminal"),
    )
    .unwrap_or_else(|hung| panic!("{hung}"));
    let screen = reader.join().expect("the terminal's reader");
    (status, String::from_utf8_lossy(&screen).into_owned())
}

/// A pseudo-terminal (POSIX `posix_openpt`, `grantpt`, `unlockpt`, `ptsname`): its controlling
/// side, closed on exec so that a command holds only the terminal's side, and the terminal.
#[cfg(unix)]
pub fn pseudo_terminal() -> (std::fs::File, std::fs::File) {
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    use std::os::unix::ffi::OsStrExt;

    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal");
    rustix::io::fcntl_setfd(&master, rustix::io::FdFlags::CLOEXEC).expect("close-on-exec");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("ptsname");
    let terminal = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(std::ffi::OsStr::from_bytes(name.as_bytes()))
        .expect("the terminal opens");
    (std::fs::File::from(master), terminal)
}
