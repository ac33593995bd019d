//! The query and the session ids of the `surt` profile: the Google canonicalizer's escaping of
//! the query, and the IA canonicalizer's session-id strips (its `stripQuerySessionID` and
//! `stripPathSessionID` expressions) and parameter sort (`alphaReorderQuery`), as the `surt`
//! package does them, with the fix of surt#20 (an escaped `&` stays `%26`).
//!
//! The package matches its session ids with regular expressions that begin `^(.*)`, so the
//! last place where one matches is the one stripped; each is found here by a scan from the end,
//! linear in the query or path, however many near-misses it holds.

/// An `&` that came from an escape (`%26`), kept apart from the bytes (surt#20).
const ESCAPED_AMPERSAND: u16 = 0x100 | b'&' as u16;

/// Buffers kept from one query to the next.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    unescaped: Vec<u16>,
    escaped: Vec<u8>,
    params: Vec<(usize, usize, Option<usize>)>,
    sorted: Vec<u8>,
}

/// The canonical query of the non-empty `query`, or none where nothing is left of it.
pub(super) fn canonical<'a>(query: &[u8], scratch: &'a mut Scratch) -> Option<&'a [u8]> {
    // The Google canonicalizer: unescaped repeatedly, escaped once.
    let escaped = &mut scratch.escaped;
    escaped.clear();
    if !query.contains(&b'%') {
        super::super::google::escape(query, escaped);
    } else {
        unescape_repeatedly(query, &mut scratch.unescaped);
        for &c in &scratch.unescaped {
            match u8::try_from(c) {
                Ok(b) => super::super::google::escape(&[b], escaped),
                Err(_) => escaped.extend_from_slice(b"%26"),
            }
        }
    }
    // The IA canonicalizer.
    strip_query_session_ids(escaped);
    escaped.make_ascii_lowercase();
    sort_parameters(escaped, &mut scratch.params, &mut scratch.sorted);
    (!scratch.sorted.is_empty()).then_some(&scratch.sorted[..])
}

/// `%XX` decoded until none is left, in one pass (as `google::unescape_repeatedly`, whose
/// tests hold it to repeated passes), into `out`; an `&` decoded is [`ESCAPED_AMPERSAND`].
fn unescape_repeatedly(input: &[u8], out: &mut Vec<u16>) {
    out.clear();
    let hex = |c: u16| char::from_u32(u32::from(c)).and_then(|c| c.to_digit(16));
    for &b in input {
        out.push(u16::from(b));
        while let [.., percent, high, low] = out[..]
            && percent == u16::from(b'%')
            && let (Some(high), Some(low)) = (hex(high), hex(low))
        {
            let value = (high << 4 | low) as u16;
            out.truncate(out.len() - 2);
            let last = out.len() - 1;
            out[last] = match value == u16::from(b'&') {
                true => ESCAPED_AMPERSAND,
                false => value,
            };
        }
    }
}

/// `alphaReorderQuery`: the parameters (split at `&`, a name up to the first `=`) sorted by
/// name, then value, a parameter without `=` before one with it; joined by `&` into `out`.
pub(super) fn sort_parameters(
    query: &[u8],
    params: &mut Vec<(usize, usize, Option<usize>)>,
    out: &mut Vec<u8>,
) {
    out.clear();
    if !query.contains(&b'&') {
        out.extend_from_slice(query);
        return;
    }
    params.clear();
    let mut start = 0;
    for end in memchr::memchr_iter(b'&', query).chain([query.len()]) {
        let eq = query[start..end]
            .iter()
            .position(|&b| b == b'=')
            .map(|i| start + i);
        params.push((start, end, eq));
        start = end + 1;
    }
    let parts = |&(start, end, eq): &(usize, usize, Option<usize>)| match eq {
        Some(eq) => (&query[start..eq], Some(&query[eq + 1..end])),
        None => (&query[start..end], None),
    };
    params.sort_unstable_by(|a, b| parts(a).cmp(&parts(b)));
    for (i, &(start, end, _)) in params.iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(&query[start..end]);
    }
}

/// `stripQuerySessionID`: each of the package's five session ids, in its order, stripped where
/// it last stands before `&` or the end (with that `&`). Each has its `=` a fixed number of
/// bytes after its start, so only the places of `=` are tried.
pub(super) fn strip_query_session_ids(query: &mut Vec<u8>) {
    if !may_hold_session_id(query) {
        return;
    }
    let alnum = |b: &u8| b.is_ascii_alphanumeric();
    let alpha = |b: &u8| b.is_ascii_alphabetic();
    let fixed: [&[u8]; 3] = [b"jsessionid", b"phpsessid", b"sid"];
    for name in fixed {
        strip_last(query, name.len(), |q| {
            let rest = starts_with_ignore_case(q, name)?.strip_prefix(b"=")?;
            (rest.len() >= 32 && rest[..32].iter().all(alnum)).then_some(name.len() + 33)
        });
    }
    strip_last(query, 20, |q| {
        let rest = starts_with_ignore_case(q, b"aspsessionid")?;
        let ok = rest.len() >= 33
            && rest[..8].iter().all(alpha)
            && rest[8] == b'='
            && rest[9..33].iter().all(alpha);
        ok.then_some(12 + 33)
    });
    strip_cfid(query);
}

/// Whether some `=` of `query` could end the name of one of the session ids: all but
/// `ASPSESSIONID…` end in `d` (`jsessionid`, `phpsessid`, `sid`, `cfid`), and that one has its
/// `=` 20 bytes after its start. One pass, so that a query with none (most) is not scanned once
/// for each of the five.
fn may_hold_session_id(query: &[u8]) -> bool {
    query.iter().enumerate().skip(1).any(|(i, &b)| {
        b == b'='
            && (query[i - 1].eq_ignore_ascii_case(&b'd')
                || i.checked_sub(20).is_some_and(|p| {
                    starts_with_ignore_case(&query[p..], b"aspsessionid").is_some()
                }))
    })
}

/// `cfid=[^&]+&cftoken=[^&]+`, the last one stripped (with the `&` after it).
fn strip_cfid(query: &mut Vec<u8>) {
    // The first `&` at or after a place, found for each `cfid=` over the bytes not yet read.
    let (mut next_amp, mut read_from) = (query.len(), query.len());
    let mut found = None;
    for eq in memchr::memrchr_iter(b'=', query) {
        let Some(p) = eq.checked_sub(4) else {
            continue;
        };
        if !query[p..eq].eq_ignore_ascii_case(b"cfid") {
            continue;
        }
        if let Some(amp) = memchr::memchr(b'&', &query[p..read_from]) {
            next_amp = p + amp;
        }
        read_from = p;
        if next_amp <= eq + 1 {
            continue;
        }
        let end = starts_with_ignore_case(&query[next_amp..], b"&cftoken=").and_then(|value| {
            let len = memchr::memchr(b'&', value).unwrap_or(value.len());
            (len > 0).then_some(next_amp + 9 + len)
        });
        if let Some(end) = end {
            found = Some((p, end));
            break;
        }
    }
    if let Some((p, end)) = found {
        query.drain(p..(end + 1).min(query.len()));
    }
}

/// The session id that `matched` finds (its length, where one begins at the start of the slice
/// it is given, its `=` `to_eq` bytes in), stripped where it last stands before `&` or the end,
/// with that `&`.
fn strip_last(query: &mut Vec<u8>, to_eq: usize, matched: impl Fn(&[u8]) -> Option<usize>) {
    let mut found = None;
    for eq in memchr::memrchr_iter(b'=', query) {
        let Some(p) = eq.checked_sub(to_eq) else {
            continue;
        };
        if let Some(len) = matched(&query[p..]) {
            let end = p + len;
            if end == query.len() || query[end] == b'&' {
                found = Some((p, end));
                break;
            }
        }
    }
    if let Some((p, end)) = found {
        query.drain(p..(end + 1).min(query.len()));
    }
}

/// What follows `prefix` (any case) at the start of `bytes`.
fn starts_with_ignore_case<'a>(bytes: &'a [u8], prefix: &[u8]) -> Option<&'a [u8]> {
    let head = bytes.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &bytes[prefix.len()..])
}

/// `stripPathSessionID`: ASP.NET's cookieless session ids, `/(S(…))/` (one or more of a letter
/// and 24 letters or digits in brackets) and then `/(…)/` (24 of them), each stripped where it
/// last stands after a `/` and before a name that has `.aspx` ahead of any `?`.
pub(super) fn strip_path_session_ids(path: &mut Vec<u8>) {
    if !path.contains(&b'(') {
        return;
    }
    strip_path_session(path, |p| {
        let mut at = 1;
        while p.get(at).is_some_and(u8::is_ascii_alphabetic)
            && p.get(at + 1) == Some(&b'(')
            && p.len() >= at + 27
            && p[at + 2..at + 26].iter().all(u8::is_ascii_alphanumeric)
            && p[at + 26] == b')'
        {
            at += 27;
        }
        (at > 1 && p.get(at..at + 2) == Some(b")/")).then_some(at + 2)
    });
    strip_path_session(path, |p| {
        let ok =
            p.len() >= 27 && p[1..25].iter().all(u8::is_ascii_alphanumeric) && &p[25..27] == b")/";
        ok.then_some(27)
    });
}

/// The session that `matched` finds (its length, where one begins with `(` at the start of the
/// slice it is given) stripped where it last stands after a `/` with `.aspx` after it.
fn strip_path_session(path: &mut Vec<u8>, matched: impl Fn(&[u8]) -> Option<usize>) {
    // Where each `?` and `.aspx` is, found once the first candidate shows up.
    let mut marks: Option<(Vec<usize>, Vec<usize>)> = None;
    for slash in memchr::memrchr_iter(b'/', path) {
        let start = slash + 1;
        if path.get(start) != Some(&b'(') {
            continue;
        }
        let Some(len) = matched(&path[start..]) else {
            continue;
        };
        let (questions, aspx) = marks.get_or_insert_with(|| {
            let questions = memchr::memchr_iter(b'?', path).collect();
            let aspx = (0..path.len().saturating_sub(4))
                .filter(|&i| path[i] == b'.' && path[i + 1..i + 5].eq_ignore_ascii_case(b"aspx"))
                .collect();
            (questions, aspx)
        });
        // `[^?]+\.aspx`: an `.aspx` after at least one byte of the name, before any `?`.
        let rest = start + len;
        let question = questions[questions.partition_point(|&q| q < rest)..]
            .first()
            .copied()
            .unwrap_or(usize::MAX);
        let found = aspx[aspx.partition_point(|&a| a < rest + 1)..].first();
        if found.is_some_and(|&a| a < question) {
            path.drain(start..rest);
            return;
        }
    }
}
