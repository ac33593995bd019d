//! `edit` under an RFC: the record checked by the standard's grammar, resolved (RFC 3986 §5.2),
//! taken apart by Appendix B and §3.2, its components set, put back together by §5.3 straight
//! into the output (the record is never copied whole), and the result checked by the grammar
//! again.

use std::borrow::Cow;

use super::{Failure, Options, ParamScratch, Part};
use crate::check::{self, Problem};
use crate::uri::{self, Authority, Parts};

/// An authority's user information, host and port (§3.2).
type AuthorityParts<'a> = (Option<&'a [u8]>, &'a [u8], Option<&'a [u8]>);

/// The components of the URI being edited, as slices of it or of the values set.
struct Components<'a> {
    scheme: Option<&'a [u8]>,
    /// Where there is an authority.
    authority: Option<AuthorityParts<'a>>,
    path: &'a [u8],
    query: Option<&'a [u8]>,
    fragment: Option<&'a [u8]>,
}

impl<'a> Components<'a> {
    /// `uri` split by Appendix B, its authority by §3.2.
    fn of(uri: &'a [u8]) -> Components<'a> {
        let parts = Parts::split(uri);
        let get = |r: Option<std::ops::Range<usize>>| r.map(|r| &uri[r]);
        let authority = get(parts.authority).map(|a| {
            let split = Authority::split(a);
            let get = |r: Option<std::ops::Range<usize>>| r.map(|r| &a[r]);
            (get(split.userinfo), &a[split.host], get(split.port))
        });
        Components {
            scheme: get(parts.scheme),
            authority,
            path: &uri[parts.path],
            query: get(parts.query),
            fragment: get(parts.fragment),
        }
    }

    /// Sets `part` to `value` (`None` removes it). A user information or a port where there
    /// is no authority makes one, with an empty host (§3.2.2: a reg-name may be empty); a host
    /// removed takes the authority with it (§3.2: an authority has a host).
    fn set(&mut self, part: Part, value: Option<&'a [u8]>) {
        let authority = || (None, &b""[..], None);
        match part {
            Part::Scheme => self.scheme = value,
            Part::Userinfo if value.is_some() || self.authority.is_some() => {
                self.authority.get_or_insert_with(authority).0 = value;
            }
            Part::Port if value.is_some() || self.authority.is_some() => {
                self.authority.get_or_insert_with(authority).2 = value;
            }
            Part::Host => match value {
                Some(host) => self.authority.get_or_insert_with(authority).1 = host,
                None => self.authority = None,
            },
            Part::Path => self.path = value.unwrap_or_default(),
            Part::Query => self.query = value,
            Part::Fragment => self.fragment = value,
            // Removing what is absent; `Set` gives an RFC reading only RFC parts.
            _ => {}
        }
    }

    /// §5.3 Component Recomposition, into `out`, with the path kept apart from what comes
    /// before it ([`uri::path_apart`]), so that the result splits again into the same
    /// components.
    fn write(&self, out: &mut Vec<u8>) {
        if let Some(scheme) = self.scheme {
            out.extend_from_slice(scheme);
            out.push(b':');
        }
        if let Some((userinfo, host, port)) = self.authority {
            out.extend_from_slice(b"//");
            Authority::write(userinfo, host, port, out);
        }
        let path = self.path;
        out.extend_from_slice(uri::path_apart(
            self.scheme.is_some(),
            self.authority.is_some(),
            path,
        ));
        out.extend_from_slice(path);
        for (mark, part) in [(b'?', self.query), (b'#', self.fragment)] {
            if let Some(part) = part {
                out.push(mark);
                out.extend_from_slice(part);
            }
        }
    }
}

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
            return Err(Failure::Record(Problem {
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
    if options.sets.is_empty() && options.params.is_empty() {
        out.extend_from_slice(&uri);
        return Ok(());
    }
    let mut components = Components::of(&uri);
    for set in &options.sets {
        components.set(set.part, set.value.as_deref());
    }
    let mut query = std::mem::take(&mut scratch.query);
    query.clear();
    let edited = match options.params.is_empty() {
        true => None,
        false => options.params.apply(components.query, scratch, &mut query),
    };
    match edited {
        Some(present) => components.query = present.then_some(&query[..]),
        // Nothing set and no pair changed (most records, where `--remove-param` matches
        // none): the record as it came, valid already, with no recomposing or second check.
        None if options.sets.is_empty() => {
            scratch.query = query;
            out.extend_from_slice(&uri);
            return Ok(());
        }
        None => {}
    }
    let start = out.len();
    components.write(out);
    scratch.query = query;
    // What the edits made must be valid too: a value given as written may not be.
    match check::check(&out[start..], standard, target) {
        Ok(()) => Ok(()),
        Err(problem) => Err(Failure::Result(out[start..].to_vec(), problem)),
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
