//! What `--set` and `--unset` name, and the value each puts in place: data percent-encoded for
//! its component by the tables `encode -c` uses ([`crate::sets::data_set`]), an IP literal in a
//! host as it is, or a value already written as the component holds it (`NAME:=VALUE`); and,
//! where an edit of data fails, the `NAME:=VALUE` that would have made it ([`written_instead`]).

use super::{Options, ParamScratch, SpecError};
use crate::check;
use crate::encode::{self, Encoder};
use crate::sets::whatwg::ASCII_URL_CODE_POINT;
use crate::sets::{self, Component, Context, Standard};
use crate::visible::visible;

/// A part of a URL that `edit` sets: an RFC 3986 §3 component, or an attribute of the URL
/// Standard's API (url.bs "API"), whose setter sets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// RFC 3986 §3.1 `scheme`.
    Scheme,
    /// RFC 3986 §3.2.1 `userinfo`.
    Userinfo,
    /// RFC 3986 §3.2.2 `host`, or url.bs `host` (the host and the port).
    Host,
    /// RFC 3986 §3.2.3 `port`, or url.bs `port`.
    Port,
    /// RFC 3986 §3.3 `path`.
    Path,
    /// RFC 3986 §3.4 `query`.
    Query,
    /// RFC 3986 §3.5 `fragment`.
    Fragment,
    /// url.bs `href`: the whole URL, parsed anew.
    Href,
    /// url.bs `protocol`: the scheme.
    Protocol,
    /// url.bs `username`.
    Username,
    /// url.bs `password`.
    Password,
    /// url.bs `hostname`: the host alone.
    Hostname,
    /// url.bs `pathname`.
    Pathname,
    /// url.bs `search`: the query.
    Search,
    /// url.bs `hash`: the fragment.
    Hash,
}

/// The parts an RFC reading sets, in the order of RFC 3986 §3.
pub(crate) const RFC_PARTS: [Part; 7] = [
    Part::Scheme,
    Part::Userinfo,
    Part::Host,
    Part::Port,
    Part::Path,
    Part::Query,
    Part::Fragment,
];

/// The parts the URL Standard's API sets, in the order of url.bs "API".
pub(crate) const WHATWG_PARTS: [Part; 10] = [
    Part::Href,
    Part::Protocol,
    Part::Username,
    Part::Password,
    Part::Host,
    Part::Hostname,
    Part::Port,
    Part::Pathname,
    Part::Search,
    Part::Hash,
];

impl Part {
    /// Its name, as the standard has it and `--set` takes it.
    pub const fn name(self) -> &'static str {
        match self {
            Part::Scheme => "scheme",
            Part::Userinfo => "userinfo",
            Part::Host => "host",
            Part::Port => "port",
            Part::Path => "path",
            Part::Query => "query",
            Part::Fragment => "fragment",
            Part::Href => "href",
            Part::Protocol => "protocol",
            Part::Username => "username",
            Part::Password => "password",
            Part::Hostname => "hostname",
            Part::Pathname => "pathname",
            Part::Search => "search",
            Part::Hash => "hash",
        }
    }

    /// The parts `standard`'s reading sets.
    pub fn all(standard: Standard) -> &'static [Part] {
        match standard {
            Standard::Whatwg => &WHATWG_PARTS,
            _ => &RFC_PARTS,
        }
    }

    /// The part named `name` in `standard`'s reading, or why there is none, with the names
    /// there are.
    pub fn named(name: &str, standard: Standard) -> Result<Part, SpecError> {
        Self::named_text(name, standard).map_err(SpecError::new)
    }

    /// As the public one, its reason as text.
    fn named_text(name: &str, standard: Standard) -> Result<Part, String> {
        let parts = Part::all(standard);
        if let Some(&part) = parts.iter().find(|p| p.name() == name) {
            return Ok(part);
        }
        let names: Vec<&str> = parts.iter().map(|p| p.name()).collect();
        let other = match standard {
            Standard::Whatwg => RFC_PARTS
                .iter()
                .any(|p| p.name() == name)
                .then_some(" (an RFC's component name: the URL Standard's API names it otherwise)"),
            _ => WHATWG_PARTS
                .iter()
                .any(|p| p.name() == name)
                .then_some(" (the URL Standard's API name: give --whatwg for it)"),
        };
        Err(format!(
            "no part '{name}' under {standard}{}; the parts are: {}",
            other.unwrap_or_default(),
            names.join(", ")
        ))
    }

    /// The context whose set encodes data for this part; `None` for the parts that take no
    /// escapes (a scheme, RFC 3986 §3.1; a port, §3.2.3; `href` and `protocol`, which are
    /// parsed as they are written).
    fn context(self) -> Option<Context> {
        match self {
            Part::Userinfo | Part::Username | Part::Password => Some(Context::Userinfo),
            Part::Host | Part::Hostname => Some(Context::Host),
            Part::Path | Part::Pathname => Some(Context::Path),
            Part::Query | Part::Search => Some(Context::Query),
            Part::Fragment | Part::Hash => Some(Context::Fragment),
            Part::Scheme | Part::Port | Part::Href | Part::Protocol => None,
        }
    }
}

/// One part to set, and its value as the URL will hold it; or to remove (`value` none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Set {
    /// What is set.
    pub part: Part,
    /// The value, encoded; `None` removes the part.
    pub value: Option<Vec<u8>>,
    /// The value as it was given, where it was data (`NAME=VALUE`) that encoding changed: what
    /// `NAME:=VALUE` would have set instead, which a failed edit's report names where that
    /// would have worked (see `written_instead`).
    pub given: Option<Vec<u8>>,
}

impl Set {
    /// `NAME=VALUE` (VALUE data, encoded for the part; a host's IP literal as it is) or
    /// `NAME:=VALUE` (VALUE as the part holds it, given as it is), under `standard`; or why
    /// not, for a person.
    ///
    /// ```
    /// use uriesc::edit::{Part, Set};
    /// use uriesc::sets::Standard;
    ///
    /// // RFC 3986 §3.4: a query holds "/" and "?", not a space or "#".
    /// let set = Set::parse(b"query=a b#c/d?", Standard::Rfc3986)?;
    /// assert_eq!((set.part, set.value.as_deref()), (Part::Query, Some(&b"a%20b%23c/d?"[..])));
    /// let set = Set::parse(b"query:=a%20b", Standard::Rfc3986)?;
    /// assert_eq!(set.value.as_deref(), Some(&b"a%20b"[..]));
    /// assert!(Set::parse(b"port=http", Standard::Rfc3986).is_err());
    /// // §3.2.2: a host holds an IPv6 address in brackets, and a registered name no "[".
    /// let set = Set::parse(b"host=[::1]", Standard::Rfc3986)?;
    /// assert_eq!(set.value.as_deref(), Some(&b"[::1]"[..]));
    /// assert!(Set::parse(b"host=[zz", Standard::Rfc3986).is_err());
    /// # Ok::<(), uriesc::edit::SpecError>(())
    /// ```
    pub fn parse(spec: &[u8], standard: Standard) -> Result<Set, SpecError> {
        Self::parse_text(spec, standard).map_err(SpecError::new)
    }

    /// As the public one, its reason as text.
    fn parse_text(spec: &[u8], standard: Standard) -> Result<Set, String> {
        let Some(eq) = memchr::memchr(b'=', spec) else {
            return Err(format!(
                "--set {}: give NAME=VALUE (VALUE as data, encoded for its place) or \
                 NAME:=VALUE (VALUE as written in the URL); to remove a part, --unset NAME",
                visible(spec)
            ));
        };
        let (name, value) = (&spec[..eq], &spec[eq + 1..]);
        let (name, written) = match name.strip_suffix(b":") {
            Some(name) => (name, true),
            None => (name, false),
        };
        let name = visible(name);
        let part = Part::named_text(&name, standard).map_err(|e| format!("--set {name}: {e}"))?;
        let given = value;
        let value = match (written, part.context()) {
            (false, Some(_)) if ip_literal(value, part, standard)? => value.to_vec(),
            (false, Some(context)) => encoded(value, part, context, standard)?,
            _ => value.to_vec(),
        };
        as_written(part, &value, standard)?;
        Ok(Set {
            part,
            given: (value != given).then(|| given.to_vec()),
            value: Some(value),
        })
    }

    /// `--unset NAME`: the part removed, or why it cannot be.
    ///
    /// ```
    /// use uriesc::edit::Set;
    /// use uriesc::sets::Standard;
    ///
    /// assert!(Set::unset("fragment", Standard::Rfc3986).is_ok());
    /// assert!(Set::unset("protocol", Standard::Whatwg).is_err());
    /// ```
    pub fn unset(name: &str, standard: Standard) -> Result<Set, SpecError> {
        Self::unset_text(name, standard).map_err(SpecError::new)
    }

    /// As the public one, its reason as text.
    fn unset_text(name: &str, standard: Standard) -> Result<Set, String> {
        let part = Part::named_text(name, standard).map_err(|e| format!("--unset {name}: {e}"))?;
        if matches!(part, Part::Href | Part::Protocol) {
            return Err(format!(
                "--unset {name}: a URL always has a {}; set it with --set {name}=VALUE",
                match part {
                    Part::Href => "serialization",
                    _ => "scheme",
                }
            ));
        }
        Ok(Set {
            part,
            value: None,
            given: None,
        })
    }
}

/// Whether `value`, given as data for a host, is an IP literal, which is set as it is: its
/// brackets are no data, but how a host holds an IPv6 address (RFC 3986 §3.2.2 `IP-literal =
/// "[" ( IPv6address / IPvFuture ) "]"`, RFC 3987's `ihost` alike, RFC 2732 §3's
/// `IPv6reference` for RFC 2396; url.bs "host parsing": a host that begins with `[` is an IPv6
/// address, and `%5B` is never one, being a forbidden host code point once percent-decoded).
///
/// Under an RFC whose host has IP literals, a value that begins with `[` and is not one is
/// refused here, for a person, rather than in every record's result. Under the URL Standard a
/// value in brackets goes to the setter, which judges it for each URL (url.bs "host setter").
fn ip_literal(value: &[u8], part: Part, standard: Standard) -> Result<bool, String> {
    if !matches!(part, Part::Host | Part::Hostname) || value.first() != Some(&b'[') {
        return Ok(false);
    }
    if standard == Standard::Whatwg {
        return Ok(value.ends_with(b"]"));
    }
    let host = Component::Host.into();
    // RFC 1738's host has none (§3.1: a domain name or an IP number), and no data either.
    if check::check(b"[::1]", standard, host).is_err() {
        return Ok(false);
    }
    let Err(problem) = check::check(value, standard, host) else {
        return Ok(true);
    };
    let rule = match standard {
        Standard::Rfc2396 => "RFC 2732 §3: IPv6reference = \"[\" IPv6address \"]\"",
        _ => "RFC 3986 §3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"",
    };
    let mut message = format!(
        "--set host={}: a host that begins with '[' is an IP literal ({rule}), and this is \
         none under {standard}: {}",
        visible(value),
        problem.message
    );
    // Brackets that are data, encoded, where the standard's registered name holds them so.
    let context = Context::Host;
    if let Ok(escaped) = encoded(value, part, context, standard)
        && check::check(&escaped, standard, host).is_ok()
    {
        message.push_str(&format!(
            "; a registered name with '[' in it is written with it encoded: --set host:={}",
            visible(&escaped)
        ));
    }
    Err(message)
}

/// `value` as data for `part`: each byte of the context's set as `%XX`.
fn encoded(
    value: &[u8],
    part: Part,
    context: Context,
    standard: Standard,
) -> Result<Vec<u8>, String> {
    let mut encoder = Encoder::for_context(standard, context, &encode::Options::default())
        .map_err(|e| {
            format!(
                "--set {}: {e}; give the value as it is written in the URL: {}:=VALUE",
                part.name(),
                part.name()
            )
        })?;
    if standard == Standard::Whatwg && context != Context::Host {
        // The URL Standard's percent-encode sets are what its parser encodes, and leave some
        // bytes literal that a valid URL string does not hold (`[`, `|`, `#` in a query): data
        // is also encoded where it is no URL code point (url.bs "URL writing": a URL unit is a
        // URL code point or a percent-encoded byte), so that the URL edited stays valid.
        let set = sets::data_set(standard, context).map_err(|e| e.to_string())?;
        encoder = Encoder::new(&set.union(ASCII_URL_CODE_POINT.complement()));
    }
    let mut value = encoder.encode_to_vec(value);
    // The URL Standard's `search` and `hash` setters drop one leading `?` and `#` (url.bs
    // "search setter", "hash setter"), which their sets leave literal: as data, it stays.
    let mark = match part {
        Part::Search => Some((b'?', b"%3F")),
        Part::Hash => Some((b'#', b"%23")),
        _ => None,
    };
    if let Some((mark, escape)) = mark
        && value.first() == Some(&mark)
    {
        value.splice(..1, escape.iter().copied());
    }
    Ok(value)
}

/// Whether `value`, as it will stand in the URL, can: a scheme and a port by their rules
/// (RFC 3986 §3.1, §3.2.3), and text for the URL Standard's setters, which take strings.
fn as_written(part: Part, value: &[u8], standard: Standard) -> Result<(), String> {
    let name = part.name();
    if standard == Standard::Whatwg {
        return match std::str::from_utf8(value) {
            Ok(_) => Ok(()),
            Err(_) => Err(format!(
                "--set {name}: the URL Standard's setters take text, and this value is not \
                 UTF-8; give it as data ({name}=VALUE), which is encoded"
            )),
        };
    }
    let valid = match part {
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
        Part::Scheme => {
            value.first().is_some_and(u8::is_ascii_alphabetic)
                && value
                    .iter()
                    .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        }
        // port = *DIGIT
        Part::Port => value.iter().all(u8::is_ascii_digit),
        _ => true,
    };
    match (valid, part) {
        (true, _) => Ok(()),
        (false, Part::Scheme) => Err(format!(
            "--set scheme={}: a scheme is a letter, then letters, digits, '+', '-' and '.' \
             (RFC 3986 §3.1); it takes no escapes",
            visible(value)
        )),
        (false, _) => Err(format!(
            "--set port={}: a port is decimal digits (RFC 3986 §3.2.3); it takes no escapes",
            visible(value)
        )),
    }
}

/// Where the URL Standard's setter of `refused` refused a value of `options` for `record`, what
/// its report adds: the first `--set NAME:=VALUE` of that part, with the value that was given
/// as data and encoded, that would have edited the record instead, so that a value meant as
/// written (a host with its port, url.bs "host setter") is said how to give. Empty where none
/// would have done. (Under an RFC, data encoded for its place is always valid there: `edit`'s
/// laws, `tests/edit/laws.rs`.) Run only for refused records.
pub(super) fn written_instead(record: &[u8], options: &Options, refused: Part) -> String {
    let sets = options.sets.iter().enumerate();
    let written = sets
        .filter(|(_, set)| set.part == refused)
        .find_map(|(i, set)| {
            let given = set.given.as_ref()?;
            let mut instead = options.clone();
            instead.sets[i] = Set {
                part: set.part,
                value: Some(given.clone()),
                given: None,
            };
            let mut out = Vec::new();
            super::edit(record, &instead, &mut ParamScratch::default(), &mut out).ok()?;
            Some(format!("--set {}:={}", set.part.name(), visible(given)))
        });
    written.map_or_else(String::new, |w| {
        format!("; {w}, the value as written, would edit it")
    })
}
