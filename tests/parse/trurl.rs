//! trurl's test suite (curl/trurl 0.16.1, `tests.json`): the intent of each of its `--get` and
//! `--json` cases, said in `uriesc parse`'s words and run.
//!
//! Each case is named by trurl's arguments and given a verdict. *Same*: uriesc gives trurl's
//! answer once the syntax is translated (trurl's `{path}` is decoded, uriesc's `{path|decoded}`;
//! trurl's `{:path}` is as written, uriesc's `{path}`; trurl's `{user}` is RFC 3986's
//! `{userinfo}` or the URL Standard's `{username}`; trurl guesses `http://` for a bare host,
//! uriesc is given the scheme; trurl's JSON nests `parts` and `params`, uriesc's members are
//! flat). *Differs*: the standard answers otherwise, and the expected value is the standard's
//! (RFC 3986, or url.bs where the run says `--whatwg`), with the reason. *Not applicable*: a
//! trurl feature `parse` has not (editing a URL, `--verify`, IMAP's options, `{must:…}`).
//!
//! Expected values are trurl's where the standard agrees, else the standard's; never uriesc's
//! own output. The README ("Differences from trurl") lists the cases that differ, by reason.

mod json;
mod parts;
mod templates;

use std::collections::BTreeMap;

use serde_json::Value;

use super::json_lines;
use crate::util::run;

/// A case that edits the URL: the work of another command.
const EDIT: &str =
    "it edits the URL (--set, --iterate, --trim, --qtrim, --replace): a later command's work";
/// A scheme's default port, which trurl writes where the URL has none.
const DEFAULT_PORT: &str = "no default port: the port is what the URI writes, here none, the \
    scheme's default only implied (RFC 3986 §3.2.3); the URL Standard knows the defaults of its \
    special schemes only, and imap is none (url.bs \"default port\")";

/// One trurl case and what uriesc makes of its intent, `R` a run of the command that states
/// it (`parse`'s here, `edit`'s in its own suite).
pub(crate) struct Entry<R: 'static> {
    /// trurl's arguments, as `tests.json` has them: they name the case.
    pub(crate) trurl: &'static [&'static str],
    pub(crate) verdict: Verdict,
    /// The runs that state the intent; none where not applicable.
    pub(crate) runs: &'static [R],
}

/// A case of this suite: its runs are `uriesc parse`'s.
pub(super) type Case = Entry<Run>;

#[derive(Clone, Copy)]
pub(crate) enum Verdict {
    /// uriesc's answer is trurl's, the syntax translated as the note says.
    Same(&'static str),
    /// The standard answers otherwise: the reason.
    Differs(&'static str),
    /// A trurl feature the command (`parse`, `edit`) has not: the reason.
    NotApplicable(&'static str),
}

/// A suite's cases counted by verdict (as `parse`'s and `edit`'s trurl tests both count
/// them), what is wrong with them, and the reasons of those that differ.
#[derive(Default)]
pub(crate) struct Tally {
    same: usize,
    differs: usize,
    not_applicable: usize,
    report: Vec<String>,
    /// What is wrong, found by the caller or here.
    pub(crate) wrong: Vec<String>,
}

impl Tally {
    /// The case of trurl's arguments `trurl`: its verdict (`Same`, or `Differs` and
    /// `NotApplicable` with a reason, which they must give), whether it has runs (where, and
    /// only where, it applies), and what is wrong with it against trurl's answer.
    pub(crate) fn case(
        &mut self,
        trurl: &[&str],
        verdict: Verdict,
        has_runs: bool,
        wrong: Option<String>,
    ) {
        match verdict {
            Verdict::Same(_) => self.same += 1,
            Verdict::Differs(reason) => {
                self.differs += 1;
                assert!(!reason.is_empty(), "{trurl:?}: why it differs");
                self.report.push(format!("{trurl:?}\n    {reason}"));
            }
            Verdict::NotApplicable(reason) => {
                self.not_applicable += 1;
                assert!(!reason.is_empty(), "{trurl:?}: why not applicable");
            }
        }
        let applies = !matches!(verdict, Verdict::NotApplicable(_));
        assert_eq!(
            has_runs, applies,
            "{trurl:?}: runs where applicable, none where not"
        );
        self.wrong.extend(wrong);
    }

    /// The end of the suite `name` of `suite` cases: none `left` without an entry, nothing
    /// wrong, and the counts (same, differs, not applicable) the README gives.
    pub(crate) fn finish<T: std::fmt::Debug>(
        self,
        name: &str,
        left: &BTreeMap<Vec<String>, Vec<T>>,
        suite: usize,
        counts: (usize, usize, usize),
    ) {
        let missed: Vec<_> = left.iter().filter(|(_, s)| !s.is_empty()).collect();
        assert!(
            missed.is_empty(),
            "trurl's cases without an entry: {missed:?}"
        );
        assert!(self.wrong.is_empty(), "{}", self.wrong.join("\n"));
        let (same, differs, not_applicable) = (self.same, self.differs, self.not_applicable);
        println!("{name}: {same} same, {differs} differ, {not_applicable} not applicable");
        println!("where uriesc differs, and why:\n{}", self.report.join("\n"));
        assert_eq!(same + differs + not_applicable, suite);
        assert_eq!((same, differs, not_applicable), counts);
    }
}

/// `uriesc parse ARGS` with `stdin`, and what it must give.
pub(super) struct Run {
    args: &'static [&'static str],
    stdin: &'static str,
    want: Want,
    status: i32,
}

pub(super) enum Want {
    /// The whole of stdout.
    Text(&'static str),
    /// A JSON array, an object for each line of stdout (JSON Lines), which names members of
    /// that line: each is the line's (an object: a part of the line's, member by member).
    Json(&'static str),
}

/// `--get` ARGS give STDOUT, status 0.
const fn get(args: &'static [&'static str], stdout: &'static str) -> Run {
    Run {
        args,
        stdin: "",
        want: Want::Text(stdout),
        status: 0,
    }
}

/// ARGS give STDOUT and end with STATUS (1: a record did not parse; 2: a usage error).
const fn fails(args: &'static [&'static str], stdout: &'static str, status: i32) -> Run {
    Run {
        args,
        stdin: "",
        want: Want::Text(stdout),
        status,
    }
}

/// `--format json` ARGS give lines that hold what WANT says, status 0.
const fn json(args: &'static [&'static str], want: &'static str) -> Run {
    Run {
        args,
        stdin: "",
        want: Want::Json(want),
        status: 0,
    }
}

/// A case whose answer is trurl's, the syntax translated as `note` says.
pub(crate) const fn same<R>(
    trurl: &'static [&'static str],
    runs: &'static [R],
    note: &'static str,
) -> Entry<R> {
    Entry {
        trurl,
        verdict: Verdict::Same(note),
        runs,
    }
}

/// A case the standard answers otherwise, for `reason`.
pub(crate) const fn differs<R>(
    trurl: &'static [&'static str],
    runs: &'static [R],
    reason: &'static str,
) -> Entry<R> {
    Entry {
        trurl,
        verdict: Verdict::Differs(reason),
        runs,
    }
}

/// A case of a trurl feature the command has not, for `reason`.
pub(crate) const fn not_applicable<R>(
    trurl: &'static [&'static str],
    reason: &'static str,
) -> Entry<R> {
    Entry {
        trurl,
        verdict: Verdict::NotApplicable(reason),
        runs: &[],
    }
}

/// Whether `have` holds `want`: each member of an object `want` is `have`'s, recursively.
fn holds(have: &Value, want: &Value) -> bool {
    match (have, want) {
        (Value::Object(have), Value::Object(want)) => want
            .iter()
            .all(|(name, want)| have.get(name).is_some_and(|have| holds(have, want))),
        _ => have == want,
    }
}

/// trurl's cases that `--get` (`-g`, `-gTEMPLATE`) or `--json` run: each one's arguments and
/// expected stdout.
fn trurl_cases() -> Vec<(Vec<String>, Value)> {
    let suite: Value = serde_json::from_str(include_str!("../data/trurl/tests.json")).unwrap();
    let mut cases = Vec::new();
    for case in suite.as_array().unwrap() {
        let args: Vec<String> = case["input"]["arguments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_string())
            .collect();
        let get_or_json = args
            .iter()
            .any(|a| a == "--get" || a.starts_with("-g") || a == "--json");
        if get_or_json {
            cases.push((args, case["expected"]["stdout"].clone()));
        }
    }
    cases
}

/// What is wrong with the output of the run `wanted`; `None` where it is what the run wants.
fn check(wanted: &Run) -> Option<String> {
    let args: Vec<&str> = ["parse"].iter().chain(wanted.args).copied().collect();
    let out = run(&args, wanted.stdin.as_bytes());
    let stdout = String::from_utf8_lossy(&out.stdout);
    if out.status.code() != Some(wanted.status) {
        return Some(format!(
            "{args:?}: status {}, not {}",
            out.status, wanted.status
        ));
    }
    // A record that does not parse is an error object in JSON, an empty line and a message on
    // stderr from a template; a usage error is a message.
    let quiet = wanted.status == 0 || (wanted.status == 1 && matches!(wanted.want, Want::Json(_)));
    if quiet != out.stderr.is_empty() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Some(format!(
            "{args:?}: stderr {stderr:?} with status {}",
            wanted.status
        ));
    }
    let right = match wanted.want {
        Want::Text(want) => stdout == want,
        Want::Json(want) => {
            let want: Value = serde_json::from_str(want).expect("a JSON want");
            let want = want.as_array().expect("an array");
            let lines = json_lines(&out.stdout);
            lines.len() == want.len() && lines.iter().zip(want).all(|(l, w)| holds(l, w))
        }
    };
    (!right).then(|| format!("{args:?}: {stdout:?}"))
}

/// trurl's JSON `params` (`[{"key", "value"}]`) as uriesc writes them (`[[name, value]]`).
fn trurl_params(line: &Value) -> Option<Value> {
    let pairs = line.get("params")?.as_array()?;
    Some(
        pairs
            .iter()
            .map(|p| serde_json::json!([p["key"], p["value"]]))
            .collect(),
    )
}

/// A *same* case's answer is trurl's: a template's output is trurl's stdout, the runs one after
/// the other; JSON has as many lines as trurl's array, and trurl's `params`.
fn same_as_trurl(case: &Case, trurl_stdout: &Value) -> Option<String> {
    let mut text = String::new();
    for wanted in case.runs {
        match (&wanted.want, trurl_stdout) {
            (Want::Text(want), _) => text.push_str(want),
            (Want::Json(want), Value::Array(trurl)) => {
                let want: Vec<Value> = serde_json::from_str(want).unwrap();
                let params = |w: &Value| w.get("params").cloned();
                let agree = want.len() == trurl.len()
                    && want
                        .iter()
                        .zip(trurl)
                        .all(|(w, t)| params(w).is_none_or(|p| Some(p) == trurl_params(t)));
                if !agree {
                    return Some(format!("{:?}: not trurl's {trurl_stdout}", case.trurl));
                }
            }
            (Want::Json(_), _) => {}
        }
    }
    let trurl = trurl_stdout.as_str();
    let texts = case.runs.iter().any(|r| matches!(r.want, Want::Text(_)));
    (texts && trurl.is_some_and(|t| t != text))
        .then(|| format!("{:?}: {text:?} is not trurl's {trurl_stdout}", case.trurl))
}

/// A *differs* case gives what trurl does not (its templates' output, the runs one after the
/// other), and says why.
fn differs_from_trurl(case: &Case, trurl_stdout: &Value) -> Option<String> {
    let Verdict::Differs(reason) = case.verdict else {
        return None;
    };
    let text: String = case
        .runs
        .iter()
        .filter_map(|r| match r.want {
            Want::Text(text) => Some(text),
            Want::Json(_) => None,
        })
        .collect();
    if reason.is_empty() {
        return Some(format!("{:?}: differs, but says not why", case.trurl));
    }
    (trurl_stdout.as_str() == Some(text.as_str()))
        .then(|| format!("{:?}: said to differ, gives trurl's {text:?}", case.trurl))
}

/// Every `--get` and `--json` case of trurl's suite has its entry, each once, and uriesc gives
/// what each applicable entry says.
#[test]
fn trurl_get_and_json_cases() {
    let cases: Vec<&Case> = parts::CASES
        .iter()
        .chain(templates::CASES)
        .chain(json::CASES)
        .collect();
    let suite = trurl_cases();
    assert_eq!(suite.len(), 85, "trurl's --get and --json cases");
    // Counted by arguments: a few cases of trurl differ only in the libcurl they need.
    let mut left: BTreeMap<Vec<String>, Vec<&Value>> = BTreeMap::new();
    for (args, stdout) in &suite {
        left.entry(args.clone()).or_default().push(stdout);
    }
    let mut tally = Tally::default();
    for case in &cases {
        let args: Vec<String> = case.trurl.iter().map(|a| a.to_string()).collect();
        let Some(trurl_stdout) = left.get_mut(&args).and_then(Vec::pop) else {
            let missing = format!("{:?}: no such case left in trurl's suite", case.trurl);
            tally.wrong.push(missing);
            continue;
        };
        let wrong = match case.verdict {
            Verdict::Same(note) => {
                same_as_trurl(case, trurl_stdout).map(|e| format!("{e} ({note})"))
            }
            Verdict::Differs(_) => differs_from_trurl(case, trurl_stdout),
            Verdict::NotApplicable(_) => None,
        };
        tally.case(case.trurl, case.verdict, !case.runs.is_empty(), wrong);
        tally.wrong.extend(case.runs.iter().filter_map(check));
    }
    // The README's counts (its "Differences from trurl"), which lists each case that differs.
    tally.finish("trurl", &left, suite.len(), (37, 25, 23));
}
