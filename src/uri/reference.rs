//! An owned URI reference (RFC 3986 §4.1): its five components as bytes, taken apart by
//! Appendix B ([`Parts`]), set one at a time, and put back together by §5.3 Component
//! Recomposition.

use super::{Authority, Parts};

/// A URI reference taken apart: each component as bytes, `None` where it is undefined (which
/// §5 tells apart from empty).
///
/// The setters take bytes already percent-encoded as their component needs (RFC 3986 §2.1,
/// the caller's business: nothing is encoded or validated here), and keep the path apart from
/// what comes before it, so that the reference splits again into the same components: with an
/// authority a path begins with `/` or is empty (§3.3); without one it does not begin with
/// `//` (§3.3); without a scheme its first segment holds no `:` (§4.2). Writing the fields
/// directly keeps none of this.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reference {
    /// Without its `:`.
    pub scheme: Option<Vec<u8>>,
    /// Without its `//`.
    pub authority: Option<Vec<u8>>,
    /// Always present, and possibly empty.
    pub path: Vec<u8>,
    /// Without its `?`.
    pub query: Option<Vec<u8>>,
    /// Without its `#`.
    pub fragment: Option<Vec<u8>>,
}

impl Reference {
    /// Splits `s` by Appendix B, as [`Parts::split`] does, and copies the components.
    ///
    /// ```
    /// use uriesc::uri::Reference;
    ///
    /// // RFC 3986 §5.3: taken apart and put back together, a reference is the same string.
    /// let reference = Reference::parse(b"http://a/b/c/d;p?q");
    /// assert_eq!(reference.query.as_deref(), Some(&b"q"[..]));
    /// assert_eq!(reference.to_bytes(), b"http://a/b/c/d;p?q");
    /// ```
    pub fn parse(s: &[u8]) -> Reference {
        let parts = Parts::split(s);
        let get = |r: Option<std::ops::Range<usize>>| r.map(|r| s[r].to_vec());
        Reference {
            scheme: get(parts.scheme),
            authority: get(parts.authority),
            path: s[parts.path].to_vec(),
            query: get(parts.query),
            fragment: get(parts.fragment),
        }
    }

    /// §5.3 Component Recomposition.
    ///
    /// ```
    /// use uriesc::uri::Reference;
    ///
    /// // RFC 3986 §5.3: an empty query or fragment is kept, an undefined one is not.
    /// let mut reference = Reference::parse(b"http://a/b");
    /// reference.set_query(Some(b""));
    /// assert_eq!(reference.to_bytes(), b"http://a/b?");
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        if let Some(scheme) = &self.scheme {
            out.extend_from_slice(scheme);
            out.push(b':');
        }
        if let Some(authority) = &self.authority {
            out.extend_from_slice(b"//");
            out.extend_from_slice(authority);
        }
        out.extend_from_slice(&self.path);
        if let Some(query) = &self.query {
            out.push(b'?');
            out.extend_from_slice(query);
        }
        if let Some(fragment) = &self.fragment {
            out.push(b'#');
            out.extend_from_slice(fragment);
        }
        out
    }

    /// Sets the scheme (§3.1, without its `:`), or removes it: a relative reference is left,
    /// whose first path segment is preceded by `./` if it holds a `:` (§4.2).
    ///
    /// ```
    /// use uriesc::uri::Reference;
    ///
    /// // RFC 3986 §1.1.2's example.
    /// let mut reference = Reference::default();
    /// reference.set_scheme(Some(b"mailto"));
    /// reference.set_path(b"John.Doe@example.com");
    /// assert_eq!(reference.to_bytes(), b"mailto:John.Doe@example.com");
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&[u8]>) {
        self.scheme = scheme.map(<[u8]>::to_vec);
        self.keep_path_apart();
    }

    /// Sets the authority (§3.2, without its `//`), or removes it. With one, a path that does
    /// not begin with `/` is given one (§3.3); without one, a path that begins with `//` is
    /// preceded by `/.` (§3.3), a dot segment that §5.2.4 removes.
    ///
    /// ```
    /// use uriesc::uri::Reference;
    ///
    /// // RFC 3986 §1.1.2's example, an IP-literal host (§3.2.2).
    /// let mut reference = Reference::parse(b"ldap:/c=GB?objectClass?one");
    /// reference.set_authority(Some(b"[2001:db8::7]"));
    /// assert_eq!(reference.to_bytes(), b"ldap://[2001:db8::7]/c=GB?objectClass?one");
    /// ```
    pub fn set_authority(&mut self, authority: Option<&[u8]>) {
        self.authority = authority.map(<[u8]>::to_vec);
        self.keep_path_apart();
    }

    /// Sets the user information of the authority (§3.2.1, without its `@`), or removes it.
    /// Without an authority, setting one makes an authority with an empty host.
    ///
    /// ```
    /// use uriesc::uri::Reference;
    ///
    /// // RFC 3986 §7.6's example.
    /// let mut reference = Reference::parse(b"ftp://10.0.0.1/top_story.htm");
    /// reference.set_userinfo(Some(b"cnn.example.com&story=breaking_news"));
    /// assert_eq!(
    ///     reference.to_bytes(),
    ///     b"ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm"
    /// );
    /// ```
    pub fn set_userinfo(&mut self, userinfo: Option<&[u8]>) {
        if userinfo.is_some() || self.authority.is_some() {
            let (_, host, port) = self.authority_parts();
            self.set_authority_parts(userinfo, &host, port.as_deref());
        }
    }

    /// Sets the host of the authority (§3.2.2; an IP-literal with its brackets), making an
    /// authority if there is none.
    ///
    /// ```
    /// use uriesc::uri::Reference;
    ///
    /// // RFC 3986 §1.1.2's example.
    /// let mut reference = Reference::parse(b"telnet://example.com:80/");
    /// reference.set_host(b"192.0.2.16");
    /// assert_eq!(reference.to_bytes(), b"telnet://192.0.2.16:80/");
    /// ```
    pub fn set_host(&mut self, host: &[u8]) {
        let (userinfo, _, port) = self.authority_parts();
        self.set_authority_parts(userinfo.as_deref(), host, port.as_deref());
    }

    /// Sets the port of the authority (§3.2.3, without its `:`), or removes it. Without an
    /// authority, setting one makes an authority with an empty host.
    ///
    /// ```
    /// use uriesc::uri::Reference;
    ///
    /// // RFC 3986 §3's example.
    /// let mut reference = Reference::parse(b"foo://example.com/over/there?name=ferret#nose");
    /// reference.set_port(Some(b"8042"));
    /// assert_eq!(reference.to_bytes(), b"foo://example.com:8042/over/there?name=ferret#nose");
    /// ```
    pub fn set_port(&mut self, port: Option<&[u8]>) {
        if port.is_some() || self.authority.is_some() {
            let (userinfo, host, _) = self.authority_parts();
            self.set_authority_parts(userinfo.as_deref(), &host, port);
        }
    }

    /// Sets the path (§3.3). With an authority, a path that does not begin with `/` is given
    /// one (§3.3: "the path must either be empty or begin with a slash"); without one, a path
    /// that begins with `//` is preceded by `/.` (§3.3: it "cannot begin with two slash
    /// characters"; §5.2.4 removes the dot segment); without a scheme either, a first segment
    /// that holds a `:` is preceded by `./` (§4.2).
    ///
    /// ```
    /// use uriesc::uri::Reference;
    ///
    /// // RFC 3986 §5.4.1: "/g" against "http://a/b/c/d;p?q" is "http://a/g".
    /// let mut reference = Reference::parse(b"http://a/b/c/d;p?q");
    /// reference.set_path(b"/g");
    /// reference.set_query(None);
    /// assert_eq!(reference.to_bytes(), b"http://a/g");
    ///
    /// // §3.3: with an authority, the path begins with "/".
    /// reference.set_path(b"g");
    /// assert_eq!(reference.to_bytes(), b"http://a/g");
    /// ```
    pub fn set_path(&mut self, path: &[u8]) {
        self.path = path.to_vec();
        self.keep_path_apart();
    }

    /// Sets the query (§3.4, without its `?`), or removes it.
    ///
    /// ```
    /// use uriesc::uri::Reference;
    ///
    /// // RFC 3986 §5.4.1: "?y" against "http://a/b/c/d;p?q" is "http://a/b/c/d;p?y".
    /// let mut reference = Reference::parse(b"http://a/b/c/d;p?q");
    /// reference.set_query(Some(b"y"));
    /// assert_eq!(reference.to_bytes(), b"http://a/b/c/d;p?y");
    /// ```
    pub fn set_query(&mut self, query: Option<&[u8]>) {
        self.query = query.map(<[u8]>::to_vec);
    }

    /// Sets the fragment (§3.5, without its `#`), or removes it.
    ///
    /// ```
    /// use uriesc::uri::Reference;
    ///
    /// // RFC 3986 §5.4.1: "#s" against "http://a/b/c/d;p?q" is "http://a/b/c/d;p?q#s".
    /// let mut reference = Reference::parse(b"http://a/b/c/d;p?q");
    /// reference.set_fragment(Some(b"s"));
    /// assert_eq!(reference.to_bytes(), b"http://a/b/c/d;p?q#s");
    /// ```
    pub fn set_fragment(&mut self, fragment: Option<&[u8]>) {
        self.fragment = fragment.map(<[u8]>::to_vec);
    }

    /// The user information, host and port of the authority ([`Authority::split`]); an empty
    /// host without one.
    fn authority_parts(&self) -> (Option<Vec<u8>>, Vec<u8>, Option<Vec<u8>>) {
        let Some(a) = &self.authority else {
            return (None, Vec::new(), None);
        };
        let split = Authority::split(a);
        let get = |r: Option<std::ops::Range<usize>>| r.map(|r| a[r].to_vec());
        (get(split.userinfo), a[split.host].to_vec(), get(split.port))
    }

    /// `authority = [ userinfo "@" ] host [ ":" port ]` (§3.2).
    fn set_authority_parts(&mut self, userinfo: Option<&[u8]>, host: &[u8], port: Option<&[u8]>) {
        let mut authority = Vec::new();
        Authority::write(userinfo, host, port, &mut authority);
        self.set_authority(Some(&authority));
    }

    /// Keeps the path from being read as part of what comes before it when recomposed (§5.3):
    /// §3.3's two rules, and §4.2's ([`path_apart`]).
    fn keep_path_apart(&mut self) {
        let before = path_apart(self.scheme.is_some(), self.authority.is_some(), &self.path);
        self.path.splice(..0, before.iter().copied());
    }
}

/// What must go before `path` so that a reference recomposed (§5.3) splits again into the same
/// components, given whether it has a scheme and an authority: with an authority, a path
/// begins with `/` or is empty (§3.3: "the path must either be empty or begin with a slash"),
/// so `/` before one that does not; without one, a path cannot begin with `//` (§3.3), so `/.`
/// (a dot segment that §5.2.4 removes); without a scheme either, a first segment holds no `:`
/// (§4.2), so `./`.
///
/// ```
/// use uriesc::uri::path_apart;
///
/// assert_eq!(path_apart(true, true, b"a/b"), b"/");
/// assert_eq!(path_apart(true, false, b"//a"), b"/.");
/// assert_eq!(path_apart(false, false, b"a:b/c"), b"./");
/// assert_eq!(path_apart(true, false, b"a:b/c"), b"");
/// ```
pub fn path_apart(scheme: bool, authority: bool, path: &[u8]) -> &'static [u8] {
    if authority {
        match path.first() {
            None | Some(b'/') => b"",
            Some(_) => b"/",
        }
    } else if path.starts_with(b"//") {
        b"/."
    } else if !scheme {
        let first_segment = path.split(|&b| b == b'/').next().unwrap_or_default();
        match first_segment.contains(&b':') {
            true => b"./",
            false => b"",
        }
    } else {
        b""
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 3986 §5.4.1's base, which the examples are resolved against.
    const BASE: &[u8] = b"http://a/b/c/d;p?q";

    /// A change made with the setters.
    type Edit = fn(&mut Reference);

    /// §5.4.1's targets made from its base by setting the components in which they differ.
    #[test]
    fn setters_make_the_targets_of_5_4_1() {
        let examples: [(&str, Edit); 9] = [
            ("g:h", |r| {
                r.set_scheme(Some(b"g"));
                r.set_authority(None);
                r.set_path(b"h");
                r.set_query(None);
            }),
            ("http://a/b/c/g", |r| {
                r.set_path(b"/b/c/g");
                r.set_query(None);
            }),
            ("http://a/g", |r| {
                r.set_path(b"/g");
                r.set_query(None);
            }),
            ("http://g", |r| {
                r.set_authority(Some(b"g"));
                r.set_path(b"");
                r.set_query(None);
            }),
            ("http://a/b/c/d;p?y", |r| r.set_query(Some(b"y"))),
            ("http://a/b/c/g?y", |r| {
                r.set_path(b"/b/c/g");
                r.set_query(Some(b"y"));
            }),
            ("http://a/b/c/d;p?q#s", |r| r.set_fragment(Some(b"s"))),
            ("http://a/b/c/g;x?y#s", |r| {
                r.set_path(b"/b/c/g;x");
                r.set_query(Some(b"y"));
                r.set_fragment(Some(b"s"));
            }),
            ("http://a/b/c/d;p?q", |_| {}),
        ];
        for (target, edit) in examples {
            let mut reference = Reference::parse(BASE);
            edit(&mut reference);
            assert_eq!(reference.to_bytes(), target.as_bytes(), "{target}");
            assert_eq!(Reference::parse(target.as_bytes()), reference, "{target}");
        }
    }

    /// §1.1.2's examples, built component by component from nothing.
    #[test]
    fn setters_make_the_examples_of_1_1_2() {
        let build = |scheme: &[u8], host: Option<&[u8]>, port: Option<&[u8]>, path: &[u8]| {
            let mut r = Reference::default();
            r.set_scheme(Some(scheme));
            if let Some(host) = host {
                r.set_host(host);
            }
            r.set_port(port);
            r.set_path(path);
            r
        };
        let mut ldap = build(b"ldap", Some(b"[2001:db8::7]"), None, b"/c=GB");
        ldap.set_query(Some(b"objectClass?one"));
        let mut www = build(b"http", Some(b"www.ietf.org"), None, b"/rfc/rfc2396.txt");
        www.set_userinfo(None);
        let examples = [
            (
                build(b"ftp", Some(b"ftp.is.co.za"), None, b"/rfc/rfc1808.txt"),
                "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            ),
            (www, "http://www.ietf.org/rfc/rfc2396.txt"),
            (ldap, "ldap://[2001:db8::7]/c=GB?objectClass?one"),
            (
                build(b"mailto", None, None, b"John.Doe@example.com"),
                "mailto:John.Doe@example.com",
            ),
            (
                build(b"news", None, None, b"comp.infosystems.www.servers.unix"),
                "news:comp.infosystems.www.servers.unix",
            ),
            (
                build(b"tel", None, None, b"+1-816-555-1212"),
                "tel:+1-816-555-1212",
            ),
            (
                build(b"telnet", Some(b"192.0.2.16"), Some(b"80"), b"/"),
                "telnet://192.0.2.16:80/",
            ),
            (
                build(
                    b"urn",
                    None,
                    None,
                    b"oasis:names:specification:docbook:dtd:xml:4.1.2",
                ),
                "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            ),
        ];
        for (reference, uri) in examples {
            assert_eq!(reference.to_bytes(), uri.as_bytes(), "{uri}");
            assert_eq!(Reference::parse(uri.as_bytes()), reference, "{uri}");
        }
    }

    /// Appendix B's example: its components, each replaced and read back (§3 names them).
    #[test]
    fn each_component_of_appendix_b_is_set_alone() {
        let uri = b"http://www.ics.uci.edu/pub/ietf/uri/#Related";
        let reference = Reference::parse(uri);
        assert_eq!(reference.scheme.as_deref(), Some(&b"http"[..]));
        assert_eq!(
            reference.authority.as_deref(),
            Some(&b"www.ics.uci.edu"[..])
        );
        assert_eq!(reference.path, b"/pub/ietf/uri/");
        assert_eq!(
            (reference.query.as_deref(), reference.fragment.as_deref()),
            (None, Some(&b"Related"[..]))
        );
        let edits: [(Edit, &str); 6] = [
            (
                |r| r.set_scheme(Some(b"https")),
                "https://www.ics.uci.edu/pub/ietf/uri/#Related",
            ),
            (
                |r| r.set_userinfo(Some(b"fielding")),
                "http://fielding@www.ics.uci.edu/pub/ietf/uri/#Related",
            ),
            (
                |r| r.set_port(Some(b"")),
                "http://www.ics.uci.edu:/pub/ietf/uri/#Related",
            ),
            (|r| r.set_path(b""), "http://www.ics.uci.edu#Related"),
            (
                |r| r.set_query(Some(b"")),
                "http://www.ics.uci.edu/pub/ietf/uri/?#Related",
            ),
            (
                |r| r.set_fragment(None),
                "http://www.ics.uci.edu/pub/ietf/uri/",
            ),
        ];
        for (edit, target) in edits {
            let mut r = reference.clone();
            edit(&mut r);
            assert_eq!(r.to_bytes(), target.as_bytes(), "{target}");
        }
    }

    /// The path is kept apart from what comes before it: §3.3 with and without an authority,
    /// §4.2 without a scheme.
    #[test]
    fn the_path_is_kept_apart() {
        // §3.3: "When authority is present, the path must either be empty or begin with a
        // slash": a rootless path is given one when an authority is set.
        let mut r = Reference::parse(b"g");
        r.set_host(b"a");
        assert_eq!(r.to_bytes(), b"//a/g");
        // §3.3: without an authority, the path "cannot begin with two slash characters": a
        // dot segment before it, which §5.2.4 removes.
        let mut r = Reference::parse(b"http://a//g");
        r.set_authority(None);
        assert_eq!(r.to_bytes(), b"http:/.//g");
        assert_eq!(super::super::remove_dot_segments(&r.path), b"//g");
        // §4.2: "./this:that" is the relative-path reference to "this:that".
        let mut r = Reference::default();
        r.set_path(b"this:that");
        assert_eq!(r.to_bytes(), b"./this:that");
        let mut r = Reference::parse(b"x:this:that");
        r.set_scheme(None);
        assert_eq!(r.to_bytes(), b"./this:that");
        // A colon after the first segment is no scheme (§4.2's path-noscheme).
        r.set_path(b"a/this:that");
        assert_eq!(r.to_bytes(), b"a/this:that");
        // Unsetting what is not there makes nothing.
        let mut r = Reference::parse(b"mailto:a@b");
        r.set_userinfo(None);
        r.set_port(None);
        assert_eq!(r.to_bytes(), b"mailto:a@b");
    }
}
