//! trurl's test suite (curl/trurl 0.16.1, `tests.json`): the intent of each of its cases that
//! edit a URL (`--set`/`-s`, `--append`/`-a`, `--qtrim`, `--trim`, `--replace`,
//! `--replace-append`, `--force-replace`, `--sort-query`, `--query-separator`, `--redirect`),
//! said in `uriesc edit`'s words and run. The 15 that also read the result with `--get` or
//! `--json` have their entries with `parse`'s (`tests/parse/trurl.rs`), every one once.
//!
//! Each case is named by trurl's arguments and given a verdict. *Same*: uriesc gives trurl's
//! answer once the syntax is translated (trurl guesses `http://` for a bare host, uriesc is
//! given the scheme; a case without a URL edits the empty reference; trurl's `user` and
//! `password` are RFC 3986's `userinfo`, or the URL Standard's `username` and `password`;
//! `--append query=a=b` is `--append a=b`, `--qtrim` and `--trim query=` are
//! `--remove-param`, `--replace` is `--set-param`, `--sort-query` is `--sort-params`; a
//! `--set` that empties a part is `--unset`). *Differs*: the standard answers otherwise, and
//! the expected value is the standard's (RFC 3986, or url.bs where the run says `--whatwg`),
//! with the reason. *Not applicable*: a trurl feature `edit` has not (`--iterate`, `?=`, a
//! query separator other than `&` and `;`).
//!
//! Expected values are trurl's where the standard agrees, else the standard's; never uriesc's
//! own output. The README ("Differences from trurl (edit)") lists the cases that differ, by
//! reason.

mod pairs;
mod parts;
mod path;
mod query;

use std::collections::BTreeMap;

use serde_json::Value;

use crate::util::run;

/// trurl writes `/` for an empty path, which RFC 3986 keeps as it is.
const SLASH: &str = "path-abempty: the path as written, here empty (RFC 3986 §3.3, §5.3); `/` \
    is a comparison's normalisation (§6.2.3); --whatwg gives trurl's `/` (url.bs \"path start \
    state\": a special URL's path is never empty)";
/// `--iterate`: one URL for each of several values.
const ITERATE: &str = "--iterate (a URL for each of several values): edit makes one URL of \
    each record; a shell loop gives the rest";
/// `--set NAME?=VALUE`: set where the part is absent.
const IF_ABSENT: &str = "--set NAME?=VALUE (only where the part is absent): edit sets a part \
    whatever it held";
/// trurl's `--query-separator` takes any byte.
const SEPARATOR: &str = "a query separator other than '&' or ';': --param-separator takes those \
    two, the ones queries use (url.bs \"application/x-www-form-urlencoded\"; HTML 4.01 B.2.2)";
/// An option without its value.
const MISSING: &str = "an option without its value: a usage error, nothing on stdout (uriesc's \
    status 2; trurl's 3)";
/// trurl's `--append path=SEGMENT`: a segment after the path.
const WHOLE_PATH: &str = "trurl's --append path= adds a segment; edit sets the whole path, \
    the old one and the new segment: --set path=";

/// One trurl case and what uriesc makes of its intent: the runs of `uriesc edit` that state
/// it, none where not applicable.
pub(super) type Case = crate::parse::trurl::Entry<Run>;

/// The verdicts and their cases' constructors, as `parse`'s trurl test gives them (`same`:
/// uriesc's answer is trurl's, the syntax translated as the note says; `not_applicable`: a
/// trurl feature `edit` has not).
pub(super) use crate::parse::trurl::{Tally, Verdict, differs, not_applicable, same};

/// `uriesc edit ARGS` with `stdin`, and what it must give.
pub(super) struct Run {
    args: &'static [&'static str],
    stdin: &'static str,
    /// The whole of stdout: trurl's, or the standard's.
    stdout: &'static str,
    status: i32,
}

/// ARGS give STDOUT, status 0.
const fn ok(args: &'static [&'static str], stdout: &'static str) -> Run {
    Run {
        args,
        stdin: "",
        stdout,
        status: 0,
    }
}

/// ARGS give STDOUT and end with STATUS (1: a record was written as it came; 2: a usage error).
const fn fails(args: &'static [&'static str], stdout: &'static str, status: i32) -> Run {
    Run {
        args,
        stdin: "",
        stdout,
        status,
    }
}

/// The options of trurl's that edit.
const EDITS: &[&str] = &[
    "--set",
    "-s",
    "--append",
    "-a",
    "--qtrim",
    "--trim",
    "--replace",
    "--replace-append",
    "--force-replace",
    "--sort-query",
    "--query-separator",
    "--redirect",
];

/// trurl's cases that edit, without those that `--get` or `--json` read (`parse`'s): each
/// one's arguments and expected stdout; and how many of those there are.
fn trurl_cases() -> (Vec<(Vec<String>, String)>, usize) {
    let suite: Value = serde_json::from_str(include_str!("../data/trurl/tests.json")).unwrap();
    let mut cases = Vec::new();
    let mut read = 0;
    for case in suite.as_array().unwrap() {
        let args: Vec<String> = case["input"]["arguments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_string())
            .collect();
        if !args.iter().any(|a| EDITS.contains(&a.as_str())) {
            continue;
        }
        let get_or_json = args
            .iter()
            .any(|a| a == "--get" || a.starts_with("-g") || a == "--json");
        match get_or_json {
            true => read += 1,
            false => {
                let stdout = case["expected"]["stdout"].as_str().unwrap().to_string();
                cases.push((args, stdout));
            }
        }
    }
    (cases, read)
}

/// What is wrong with the output of the run `wanted`; `None` where it is what the run wants.
fn check(wanted: &Run) -> Option<String> {
    let args: Vec<&str> = ["edit"].iter().chain(wanted.args).copied().collect();
    let out = run(&args, wanted.stdin.as_bytes());
    let stdout = String::from_utf8_lossy(&out.stdout);
    if out.status.code() != Some(wanted.status) {
        return Some(format!(
            "{args:?}: status {}, not {}",
            out.status, wanted.status
        ));
    }
    // A record written as it came, and a usage error, say why on stderr.
    if (wanted.status == 0) != out.stderr.is_empty() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Some(format!(
            "{args:?}: stderr {stderr:?} with status {}",
            wanted.status
        ));
    }
    (stdout != wanted.stdout).then(|| format!("{args:?}: {stdout:?}"))
}

/// Whether each run of `case` gives `answer`: a *same* case's runs all do (each reading that
/// states the intent), a *differs* case's do not (some reading, at least, answers otherwise).
fn gives(case: &Case, answer: &str) -> bool {
    case.runs.iter().all(|r| r.stdout == answer)
}

/// Takes trurl's answer to `case` from `left`: of the cases of the same arguments (a few of
/// trurl's differ only in the libcurl they need), the one a *same* entry gives, or a *differs*
/// entry does not; else the last.
fn take(left: &mut BTreeMap<Vec<String>, Vec<String>>, case: &Case) -> Option<String> {
    let args: Vec<String> = case.trurl.iter().map(|a| a.to_string()).collect();
    let answers = left.get_mut(&args)?;
    let same = matches!(case.verdict, Verdict::Same(_));
    let at = answers.iter().position(|a| gives(case, a) == same);
    let at = at.or_else(|| answers.len().checked_sub(1))?;
    Some(answers.remove(at))
}

/// Every trurl case that edits has its entry, each once, and uriesc gives what each applicable
/// entry says.
#[test]
fn trurl_edit_cases() {
    let cases: Vec<&Case> = parts::CASES
        .iter()
        .chain(path::CASES)
        .chain(query::CASES)
        .chain(pairs::CASES)
        .collect();
    let (suite, read) = trurl_cases();
    assert_eq!(suite.len(), 78, "trurl's cases that edit");
    assert_eq!(
        read, 15,
        "trurl's cases that edit and --get or --json: parse's"
    );
    let mut left: BTreeMap<Vec<String>, Vec<String>> = BTreeMap::new();
    for (args, stdout) in &suite {
        left.entry(args.clone()).or_default().push(stdout.clone());
    }
    let mut tally = Tally::default();
    for case in &cases {
        let Some(trurl_stdout) = take(&mut left, case) else {
            let missing = format!("{:?}: no such case left in trurl's suite", case.trurl);
            tally.wrong.push(missing);
            continue;
        };
        let trurls = gives(case, &trurl_stdout);
        let wrong = match case.verdict {
            Verdict::Same(note) if !trurls => Some(format!(
                "{:?}: not trurl's {trurl_stdout:?} in every run ({note})",
                case.trurl
            )),
            Verdict::Differs(_) if trurls => {
                Some(format!("{:?}: said to differ, gives trurl's", case.trurl))
            }
            _ => None,
        };
        tally.case(case.trurl, case.verdict, !case.runs.is_empty(), wrong);
        tally.wrong.extend(case.runs.iter().filter_map(check));
    }
    // The README's counts (its "Differences from trurl (edit)"), which lists each that differs.
    tally.finish("trurl (edit)", &left, suite.len(), (34, 34, 10));
}
