//! `edit` under an RFC: the record checked by the standard's grammar, resolved (RFC 3986 §5.2),
//! its components set ([`Reference`]'s setters keep the path apart from what comes before it)
//! and recomposed (§5.3), and the result checked by the grammar again.

use std::borrow::Cow;

use super::{Failure, Options, ParamScratch, Part};
use crate::check;
use crate::uri::{self, Parts, Reference};

/// Edits `record` under `options.standard` (an RFC) into `out`.
pub(super) fn edit(
    record: &[u8],
    options: &Options,
    scratch: &mut ParamScratch,
    out: &mut Vec<u8>,
) -> Result<(), Failure> {
    let standard = options.standard;
    let target = crate::parse::target(standard);
    check::check(record, standard, target).map_err(Failure::Record)?;
    let mut uri = Cow::Borrowed(record);
    if let Some(base) = &options.base {
        uri = Cow::Owned(uri::resolve(base, &uri));
    }
    if let Some(reference) = &options.redirect {
        // §5.1: the record is the base, so it must be a URI, with a scheme.
        if let Err(problem) = check::check(&uri, standard, check::Target::Uri) {
            return Err(Failure::Record(check::Problem {
                message: format!(
                    "--redirect resolves against each record, and a base must be a URI, \
                     with a scheme (RFC 3986 §5.1): {}",
                    problem.message
                ),
                ..problem
            }));
        }
        uri = Cow::Owned(uri::resolve(&uri, reference));
    }
    if options.sets.is_empty() {
        // Only the query's pairs, if anything: the rest stays where it is.
        return query_only(&uri, options, scratch, out);
    }
    let mut reference = Reference::parse(&uri);
    for set in &options.sets {
        let value = set.value.as_deref();
        match set.part {
            Part::Scheme => reference.set_scheme(value),
            Part::Userinfo => reference.set_userinfo(value),
            Part::Host => match value {
                Some(host) => reference.set_host(host),
                // An authority has a host (§3.2): without one, there is no authority.
                None => reference.set_authority(None),
            },
            Part::Port => reference.set_port(value),
            Part::Path => reference.set_path(value.unwrap_or_default()),
            Part::Query => reference.set_query(value),
            Part::Fragment => reference.set_fragment(value),
            // `Set` gives an RFC reading only RFC parts.
            _ => {}
        }
    }
    if !options.params.is_empty() {
        let mut query = Vec::new();
        if let Some(present) = options
            .params
            .apply(reference.query.as_deref(), scratch, &mut query)
        {
            reference.query = present.then_some(query);
        }
    }
    let result = reference.to_bytes();
    checked(result, options, out)
}

/// `uri` with its query's pairs edited.
fn query_only(
    uri: &[u8],
    options: &Options,
    scratch: &mut ParamScratch,
    out: &mut Vec<u8>,
) -> Result<(), Failure> {
    let parts = Parts::split(uri);
    let start = out.len();
    // The URI up to its query, without the `?`, then the query and what follows.
    let (before, query, after) = match &parts.query {
        Some(q) => (&uri[..q.start - 1], Some(&uri[q.clone()]), &uri[q.end..]),
        None => {
            let end = parts.fragment.as_ref().map_or(uri.len(), |f| f.start - 1);
            (&uri[..end], None, &uri[end..])
        }
    };
    out.extend_from_slice(before);
    let mark = out.len();
    out.push(b'?');
    match options.params.apply(query, scratch, out) {
        None => {
            // Unchanged: the URI as it is (already valid, or resolved from valid parts).
            out.truncate(start);
            out.extend_from_slice(uri);
            return Ok(());
        }
        Some(false) => out.truncate(mark),
        Some(true) => {}
    }
    out.extend_from_slice(after);
    let result = out.split_off(start);
    checked(result, options, out)
}

/// `result` into `out` where it is valid under the standard.
fn checked(result: Vec<u8>, options: &Options, out: &mut Vec<u8>) -> Result<(), Failure> {
    let target = crate::parse::target(options.standard);
    match check::check(&result, options.standard, target) {
        Ok(()) => {
            out.extend_from_slice(&result);
            Ok(())
        }
        Err(problem) => Err(Failure::Result(result, problem)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Set, edit as edit_any};
    use super::*;
    use crate::edit::Glob;
    use crate::sets::Standard;

    fn edit(record: &str, options: &Options) -> Result<String, Failure> {
        let mut out = Vec::new();
        edit_any(
            record.as_bytes(),
            options,
            &mut ParamScratch::default(),
            &mut out,
        )?;
        Ok(String::from_utf8(out).unwrap())
    }

    fn setting(specs: &[&str]) -> Options {
        let mut options = Options::new(Standard::Rfc3986);
        for spec in specs {
            options
                .sets
                .push(Set::parse(spec.as_bytes(), Standard::Rfc3986).unwrap());
        }
        options
    }

    #[test]
    fn components_are_set_as_rfc_3986_lays_them_out() {
        // RFC 3986 §3's example, each component set in turn.
        let uri = "foo://example.com:8042/over/there?name=ferret#nose";
        let cases = [
            (
                "scheme=bar",
                "bar://example.com:8042/over/there?name=ferret#nose",
            ),
            (
                "userinfo=a:b c",
                "foo://a:b%20c@example.com:8042/over/there?name=ferret#nose",
            ),
            (
                "host=example.org",
                "foo://example.org:8042/over/there?name=ferret#nose",
            ),
            (
                "host:=[::1]",
                "foo://[::1]:8042/over/there?name=ferret#nose",
            ),
            ("port=", "foo://example.com:/over/there?name=ferret#nose"),
            ("path=here", "foo://example.com:8042/here?name=ferret#nose"),
            ("query=a b", "foo://example.com:8042/over/there?a%20b#nose"),
            (
                "fragment=#",
                "foo://example.com:8042/over/there?name=ferret#%23",
            ),
        ];
        for (spec, expected) in cases {
            assert_eq!(edit(uri, &setting(&[spec])).unwrap(), expected, "{spec}");
        }
    }

    #[test]
    fn unset_removes_and_the_path_keeps_apart() {
        let mut options = Options::new(Standard::Rfc3986);
        options
            .sets
            .push(Set::unset("host", Standard::Rfc3986).unwrap());
        // §3.3: without an authority, a path cannot begin with "//": "/." goes before it.
        assert_eq!(edit("http://a//b?q", &options).unwrap(), "http:/.//b?q");
        let mut options = Options::new(Standard::Rfc3986);
        options
            .sets
            .push(Set::unset("scheme", Standard::Rfc3986).unwrap());
        // §4.2: a relative reference's first segment holds no ':'.
        assert_eq!(edit("urn:a:b", &options).unwrap(), "./a:b");
    }

    #[test]
    fn an_invalid_record_or_result_fails() {
        assert!(matches!(
            edit("http://a b/", &setting(&[])),
            Err(Failure::Record(_))
        ));
        let raw = setting(&["host:=a b"]);
        assert!(matches!(edit("http://a/", &raw), Err(Failure::Result(..))));
    }

    #[test]
    fn params_alone_leave_the_rest_as_it_stands() {
        let mut options = Options::new(Standard::Rfc3986);
        options.params.remove.push(Glob::new(b"utm_*"));
        let got = edit("HTTP://A/%7e?utm_a=1&b=2#F", &options).unwrap();
        assert_eq!(got, "HTTP://A/%7e?b=2#F");
        assert_eq!(
            edit("http://a/?utm_a=1#f", &options).unwrap(),
            "http://a/#f"
        );
        assert_eq!(
            edit("http://a/#?utm_a", &options).unwrap(),
            "http://a/#?utm_a"
        );
    }
}
