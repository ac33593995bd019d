//! web-platform-tests' URLPattern suite (`data/urlpattern/urlpatterntestdata.json`, WPT's
//! `urlpattern/resources/`), each entry through the library, and through `uriesc match` where
//! the command line can say it, by the harness rules of WPT's `urlpatterntests.js`:
//!
//! * `expected_obj: "error"`: the constructor throws. Else each component's pattern string is
//!   `expected_obj`'s; one it leaves out is `""` where listed in `exactly_empty_components`,
//!   else the dictionary's own value, else `*` where an earlier component (protocol, hostname,
//!   port, pathname, search, hash) is in the dictionary, else the base URL's (not for username
//!   and password), else `*`.
//! * `expected_match: null`: no match; `"error"`: `exec()` throws (a dictionary input with a
//!   base URL beside it). Else each component's input and groups are `expected_match`'s; one it
//!   leaves out is `{input: "", groups: {"0": ""}}` (`{}` where exactly empty). A `null` group
//!   is JavaScript's `undefined`: an optional group that matched nothing.
//! * Not held: `exec().inputs` (the arguments given back), which the library has no
//!   counterpart of.
//!
//! Lone UTF-16 surrogates (`\ud83d`), which 4 entries hold and JSON readers in Rust refuse, are
//! read as U+FFFD, as a browser converts a string to a USVString (WebIDL), so that those entries
//! run too.

use serde_json::{Map, Value};
use uriesc::url_pattern::{COMPONENTS, Init, Match, Options, Pattern, Reader};

use crate::util::uriesc;

/// The suite, its lone surrogates made U+FFFD.
fn entries() -> Vec<Value> {
    let text = include_str!("../data/urlpattern/urlpatterntestdata.json");
    serde_json::from_str(&usv(text)).expect("the WPT URLPattern data is JSON")
}

/// `text` with each `\uD800`-`\uDFFF` escape that is not half of a pair as `\uFFFD`.
fn usv(text: &str) -> String {
    let unit = |s: &str| {
        s.strip_prefix("\\u")
            .and_then(|h| h.get(..4))
            .and_then(|h| u16::from_str_radix(h, 16).ok())
    };
    let high = |s: &str| unit(s).is_some_and(|u| (0xD800..0xDC00).contains(&u));
    let low = |s: &str| unit(s).is_some_and(|u| (0xDC00..0xE000).contains(&u));
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("\\u") {
        out.push_str(&rest[..i]);
        let at = &rest[i..];
        let (keep, len) = match (high(at), low(at)) {
            (true, _) if low(&at[6..]) => (&at[..12], 12),
            (true, _) | (_, true) => ("\\uFFFD", 6),
            _ => (&at[..2], 2),
        };
        out.push_str(keep);
        rest = &at[len..];
    }
    out.push_str(rest);
    out
}

/// A pattern's constructor arguments: the input, the base URL, the options.
struct Arguments<'a> {
    input: &'a Value,
    base: Option<&'a str>,
    options: Options,
    /// Arguments the constructor refuses by their types (a base URL beside a dictionary).
    refused: bool,
}

fn arguments(pattern: &[Value]) -> Arguments<'_> {
    // `new URLPattern()`: an empty dictionary.
    static NONE: Value = Value::Null;
    let mut args = Arguments {
        input: pattern.first().unwrap_or(&NONE),
        base: None,
        options: Options::default(),
        refused: false,
    };
    for (i, value) in pattern.iter().enumerate().skip(1) {
        match value {
            Value::String(base) if i == 1 => args.base = Some(base),
            // WebIDL reads the second of three arguments as the base URL, a string: a
            // dictionary there is "[object Object]", no URL.
            Value::Object(_) if i == 1 && pattern.len() > 2 => args.refused = true,
            Value::Object(options) => {
                args.options.ignore_case = options.get("ignoreCase") == Some(&Value::Bool(true))
            }
            _ => args.refused = true,
        }
    }
    args.refused |= args.input.is_object() && args.base.is_some();
    args
}

fn init_of(object: &Map<String, Value>) -> Init {
    let mut init = Init::default();
    for (i, name) in COMPONENTS.iter().enumerate() {
        init.components[i] = object.get(*name).and_then(Value::as_str).map(str::to_owned);
    }
    init.base_url = object
        .get("baseURL")
        .and_then(Value::as_str)
        .map(str::to_owned);
    init
}

fn construct(args: &Arguments<'_>) -> Option<Pattern> {
    if args.refused {
        return None;
    }
    match args.input {
        Value::String(text) => Pattern::new(text, args.base, args.options).ok(),
        Value::Object(object) => Pattern::from_init(init_of(object), args.options).ok(),
        Value::Null => Pattern::from_init(Init::default(), args.options).ok(),
        _ => None,
    }
}

/// The pattern string expected of component `i`, by the harness's rules.
fn expected_pattern(entry: &Value, args: &Arguments<'_>, i: usize) -> String {
    let name = COMPONENTS[i];
    if let Some(s) = entry["expected_obj"].get(name).and_then(Value::as_str) {
        return s.to_owned();
    }
    if empty_listed(entry, name) {
        return String::new();
    }
    let dictionary = args.input.as_object();
    if let Some(s) = dictionary.and_then(|d| d.get(name)).and_then(Value::as_str) {
        return s.to_owned();
    }
    const ORDER: [&str; 6] = ["protocol", "hostname", "port", "pathname", "search", "hash"];
    if let (Some(d), Some(at)) = (dictionary, ORDER.iter().position(|&c| c == name))
        && ORDER[..at].iter().any(|c| d.contains_key(*c))
    {
        return "*".into();
    }
    let base = dictionary
        .and_then(|d| d.get("baseURL"))
        .and_then(Value::as_str)
        .or(args.base);
    if let Some(base) = base
        && !matches!(name, "username" | "password")
        && let Ok(url) = ada_url::Url::parse(base, None)
    {
        return match name {
            "protocol" => url.protocol().trim_end_matches(':').into(),
            "hostname" => url.hostname().into(),
            "port" => url.port().into(),
            "pathname" => url.pathname().into(),
            "search" => url.search().strip_prefix('?').unwrap_or("").into(),
            _ => url.hash().strip_prefix('#').unwrap_or("").into(),
        };
    }
    "*".into()
}

fn empty_listed(entry: &Value, name: &str) -> bool {
    entry["exactly_empty_components"]
        .as_array()
        .is_some_and(|a| a.iter().any(|c| c == name))
}

/// The exec() result of `found` as the suite writes one.
fn as_json(found: &Match<'_, '_>) -> Map<String, Value> {
    let mut object = Map::new();
    for (name, c) in COMPONENTS.iter().zip(&found.components) {
        let groups: Map<String, Value> = c
            .groups
            .iter()
            .map(|(n, v)| ((*n).to_owned(), v.map_or(Value::Null, |v| v.into())))
            .collect();
        let mut result = Map::new();
        result.insert("input".into(), c.input.into());
        result.insert("groups".into(), groups.into());
        object.insert((*name).into(), result.into());
    }
    object
}

/// The expected exec() result of `entry`, each component the suite leaves out filled in.
fn expected_match(entry: &Value) -> Map<String, Value> {
    let mut object = Map::new();
    for name in COMPONENTS {
        let value = entry["expected_match"]
            .get(name)
            .cloned()
            .unwrap_or_else(|| {
                let groups = match empty_listed(entry, name) {
                    true => serde_json::json!({}),
                    false => serde_json::json!({"0": ""}),
                };
                serde_json::json!({"input": "", "groups": groups})
            });
        object.insert(name.into(), value);
    }
    object
}

/// What the library gives for `entry`'s inputs against `pattern`: `Err` where exec() throws,
/// `Ok(None)` for no match.
fn run_library(pattern: &Pattern, inputs: &[Value]) -> Result<Option<Map<String, Value>>, ()> {
    match inputs {
        [Value::String(url)] | [Value::String(url), Value::String(_)] => {
            let mut reader = match inputs.get(1).and_then(Value::as_str) {
                Some(base) => match Reader::with_base(base.as_bytes()) {
                    Ok(reader) => reader,
                    Err(_) => return Ok(None),
                },
                None => Reader::new(),
            };
            let Ok(url) = reader.read(url.as_bytes()) else {
                return Ok(None);
            };
            Ok(pattern.exec(&url).as_ref().map(as_json))
        }
        [Value::Object(init)] => {
            // A dictionary input is processed as the standard's "process a URLPatternInit"
            // of type "url": the urlpattern crate's, the same that compiles patterns.
            let Some(input) = dictionary_input(init) else {
                return Ok(None);
            };
            let url = uriesc::url_pattern::Components(std::array::from_fn(|i| input[i].as_str()));
            Ok(pattern.exec(&url).as_ref().map(as_json))
        }
        [Value::Object(_), _] => Err(()),
        _ => Err(()),
    }
}

/// The eight components of a dictionary input, or `None` where processing fails.
fn dictionary_input(init: &Map<String, Value>) -> Option<[String; 8]> {
    let field = |n: &str| init.get(n).and_then(Value::as_str).map(str::to_owned);
    let init = urlpattern::quirks::UrlPatternInit {
        protocol: field("protocol"),
        username: field("username"),
        password: field("password"),
        hostname: field("hostname"),
        port: field("port"),
        pathname: field("pathname"),
        search: field("search"),
        hash: field("hash"),
        base_url: field("baseURL"),
    };
    let (input, _) =
        urlpattern::quirks::process_match_input(urlpattern::quirks::StringOrInit::Init(init), None)
            .ok()??;
    let m = urlpattern::quirks::parse_match_input(input)?;
    Some([
        m.protocol, m.username, m.password, m.hostname, m.port, m.pathname, m.search, m.hash,
    ])
}

/// Each entry's failure, described; none expected.
fn library_failures() -> Vec<String> {
    let mut failures = Vec::new();
    for (n, entry) in entries().iter().enumerate() {
        let pattern_args = entry["pattern"].as_array().expect("pattern is an array");
        let args = arguments(pattern_args);
        let pattern = construct(&args);
        let what = format!("entry {n}: {}", entry["pattern"]);
        if entry["expected_obj"] == "error" {
            if pattern.is_some() {
                failures.push(format!("{what}: compiled, expected an error"));
            }
            continue;
        }
        let Some(pattern) = pattern else {
            failures.push(format!("{what}: did not compile"));
            continue;
        };
        if entry["expected_obj"].is_object() {
            for (i, name) in COMPONENTS.iter().enumerate() {
                let expected = expected_pattern(entry, &args, i);
                if pattern.component(i) != expected {
                    failures.push(format!(
                        "{what}: {name} is {:?}, expected {expected:?}",
                        pattern.component(i)
                    ));
                }
            }
        }
        let inputs = entry["inputs"].as_array().cloned().unwrap_or_default();
        if inputs.is_empty() {
            continue;
        }
        let got = run_library(&pattern, &inputs);
        let ok = match &entry["expected_match"] {
            Value::Null => got == Ok(None),
            Value::String(s) if s == "error" => got.is_err(),
            _ => got == Ok(Some(expected_match(entry))),
        };
        if !ok {
            failures.push(format!(
                "{what} on {}: gave {got:?}, expected {}",
                entry["inputs"], entry["expected_match"]
            ));
        }
    }
    failures
}

#[test]
fn wpt_urlpattern_through_the_library() {
    let failures = library_failures();
    assert!(
        failures.is_empty(),
        "{} of {} entries fail:\n{}",
        failures.len(),
        entries().len(),
        failures.join("\n")
    );
}

/// `entry` as a command line of `uriesc match --format json`, where one can say it: a
/// constructor string or a dictionary of components, a string input with or without a base.
fn command_line(entry: &Value) -> Option<Vec<String>> {
    let args = arguments(entry["pattern"].as_array()?);
    if args.refused {
        return None;
    }
    let mut line = vec!["match".to_owned(), "--format".into(), "json".into()];
    if args.options.ignore_case {
        line.push("--ignore-case".into());
    }
    match args.input {
        Value::String(text) => line.extend(["-e".into(), text.clone()]),
        Value::Object(d) => {
            if d.is_empty() {
                return None; // no option says "every component *"
            }
            for (name, value) in d {
                let flag = if name == "baseURL" {
                    "pattern-base"
                } else {
                    name
                };
                line.extend([format!("--{flag}"), value.as_str()?.to_owned()]);
            }
        }
        _ => return None,
    }
    if let Some(base) = args.base {
        line.extend(["--pattern-base".into(), base.to_owned()]);
    }
    let none = Vec::new();
    match entry["inputs"].as_array().unwrap_or(&none).as_slice() {
        // A pattern the constructor refuses is refused before any record is read.
        _ if entry["expected_obj"] == "error" => line.push("https://example.com/".into()),
        [Value::String(url)] => line.push(url.clone()),
        [Value::String(url), Value::String(base)] => {
            line.extend(["--base".into(), base.clone(), url.clone()])
        }
        _ => return None,
    }
    // A URL with a newline is two records on a command line... as an argument it is one.
    Some(line)
}

#[test]
fn wpt_urlpattern_through_the_command() {
    let mut failures = Vec::new();
    let mut ran = 0;
    for (n, entry) in entries().iter().enumerate() {
        let Some(line) = command_line(entry) else {
            continue;
        };
        ran += 1;
        let output = uriesc().args(&line).output().expect("uriesc runs");
        let code = output.status.code();
        let stdout = String::from_utf8_lossy(&output.stdout);
        // exec() gives null for a URL against a base that is no URL; the command refuses such a
        // --base before reading a record, as `parse --base` does (a usage error, status 2):
        // every record would fail alike.
        let bad_base = entry["inputs"]
            .get(1)
            .and_then(Value::as_str)
            .is_some_and(|base| ada_url::Url::parse(base, None).is_err());
        let ok = match &entry["expected_obj"] {
            Value::String(s) if s == "error" => code == Some(2),
            _ if bad_base => code == Some(2),
            _ => match &entry["expected_match"] {
                Value::Null => code == Some(1) && stdout.is_empty(),
                expected if expected.is_object() => {
                    let got: Option<Map<String, Value>> =
                        serde_json::from_str(stdout.trim_end()).ok();
                    let want = expected_match(entry);
                    code == Some(0)
                        && got.is_some_and(|g| COMPONENTS.iter().all(|c| g.get(*c) == want.get(*c)))
                }
                _ => true,
            },
        };
        if !ok {
            failures.push(format!(
                "entry {n}: uriesc {line:?}: status {code:?}, stdout {stdout}, stderr {}",
                String::from_utf8_lossy(&output.stderr)
            ));
        }
    }
    assert!(
        ran >= 112,
        "only {ran} entries could be said on a command line"
    );
    assert!(
        failures.is_empty(),
        "{} of {ran} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
