//! Memory: a command that holds a record (`check`, `clean` with most options, `pretty-print
//! --idna`) holds it once and its result once, as the README's "Streaming and memory" says, and
//! no more. Measured as the peak resident memory (VmHWM, Linux `proc(5)`) of the running binary.

use std::io::Write;
use std::process::Stdio;

use crate::util::uriesc;

/// Peak resident memory (VmHWM, KiB) of `uriesc ARGS` on one line of `len` bytes, read when
/// its first output arrives: a command that holds the record writes only once the record and
/// its result are made, so the mark covers both. The run is line-buffered and its stdin stays
/// open until the mark is read, so the process is still alive to be measured (a run that had
/// ended would leave a zombie without memory figures).
fn peak_when_output_begins(args: &[&str], line: &[u8]) -> u64 {
    use std::io::Read;
    let mut child = uriesc()
        .args(args)
        .arg("--line-buffered")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("uriesc starts");
    let pid = child.id();
    let mut stdout = child.stdout.take().expect("stdout");
    let (peak_sender, peak) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut first = [0u8; 1];
        let n = stdout.read(&mut first).expect("output");
        assert_eq!(n, 1, "some output");
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc");
        let peak: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .expect("VmHWM");
        peak_sender.send(peak).expect("the test waits");
        std::io::copy(&mut stdout, &mut std::io::sink()).expect("the rest");
    });
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(line).expect("input");
    let peak = peak.recv().expect("a peak is read");
    drop(stdin);
    reader.join().expect("reader");
    child.wait().expect("uriesc ends");
    peak
}

/// A record that must be held is held once, plus its result: at most twice its size. `clean
/// --whatwg` has one copy more: the parser (ada) keeps its serialization in its own memory,
/// from which the result is copied, mended.
#[cfg(target_os = "linux")]
#[test]
fn a_held_record_takes_at_most_twice_its_size() {
    const LEN: usize = 48 << 20;
    let mut line = b"http://example.com/a/./b/".to_vec();
    line.resize(LEN, b'a');
    // A space at the end: check reports it (output to read), clean encodes it.
    line.extend_from_slice(b" \n");
    for args in [
        &["clean", "--normalize"][..],
        &["clean", "--base", "http://h/x/y"],
        &["clean", "--base", "http://h/x/y", "--normalize"],
        &["clean", "--whatwg"],
        &["clean", "--idna"],
        &["clean", "--basic"],
        &["clean", "-r", "2396"],
        &["check", "--whatwg"],
        &["check"],
    ] {
        let peak = peak_when_output_begins(args, &line);
        let copies = match args {
            ["clean", "--whatwg"] => 3,
            _ => 2,
        };
        let limit = (copies * LEN + (16 << 20)) as u64 / 1024;
        assert!(peak < limit, "{args:?}: peak {peak} KiB, limit {limit} KiB");
    }
}
