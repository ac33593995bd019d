//! `parse`'s fields, each named once, in [`FIELDS`]: the components of the RFC reading (RFC
//! 3986 §3), the getters of the URL Standard's API (url.bs "API"), and what both derive. A row
//! says which readings have the field, its kind, its line of help, where the text line shows
//! it, and its getter. The text line, the JSON members and their order, the names a template
//! takes, `--help`'s list of fields and the common URL's JSON layout all come from the table
//! (the layout is held to it at compile time: `json/layout.rs`).
//!
//! Adding a field is a row and its getter.

use super::url::{Getter, Url};
use super::{Derive, Options, Output};
use crate::sets::Standard;

/// Which readings have a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Readings {
    /// An RFC's: its components as they stand in the URI reference (RFC 3986 §3).
    Rfc,
    /// The URL Standard's: its API's getters (url.bs "API").
    Whatwg,
    /// Both: derived from the components.
    Both,
}

impl Readings {
    /// Whether a URL read under `standard` has the field.
    pub(crate) const fn under(self, standard: Standard) -> bool {
        let whatwg = matches!(standard, Standard::Whatwg);
        match self {
            Readings::Rfc => !whatwg,
            Readings::Whatwg => whatwg,
            Readings::Both => true,
        }
    }
}

/// What a field's value is, and so how each view writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// One string.
    Single,
    /// A list, split from its text as [`super::segments`] splits a path: a JSON array of
    /// strings decoded, a template's values separated by spaces.
    List,
    /// Name-value pairs, split from its text as [`super::params`] splits a query: a JSON
    /// array of two-string arrays, decoded; a template's `NAME=VALUE`s separated by spaces.
    Pairs,
}

/// Where the text line (`parse` without `--format`) shows a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// Not on it: the line is for people, and a list is long or the value is a detail.
    Off,
    /// On it where present, the fields by this place and then in the table's order: the
    /// components, then what is derived from the host, from the whole host to its end.
    At(u8),
    /// As `At`, but left out where it is the host as the URL writes it.
    AtUnlessHost(u8),
}

/// Appends the field's value of a URL to the buffer, as it stands; false, with nothing
/// appended, where the URL has none. For a list or pairs, the text they are split from.
pub(crate) type Get = fn(&Url, &mut Derive, &mut Vec<u8>) -> bool;

/// One field of `parse`.
pub(crate) struct Row {
    /// Its name: the text's `NAME=`, the JSON's key, the template's `{NAME}`.
    pub name: &'static str,
    pub readings: Readings,
    pub kind: Kind,
    pub line: Line,
    /// Its value is a part of the URL's string as it stands: where that needs no escaping in
    /// JSON, neither does the value (the JSON writer checks it once rather than per value).
    pub part: bool,
    /// What `--help` says of it, in a line.
    pub about: &'static str,
    pub get: Get,
}

/// `value` appended where there is one.
fn put(out: &mut Vec<u8>, value: Option<impl AsRef<[u8]>>) -> bool {
    value.map(|v| out.extend_from_slice(v.as_ref())).is_some()
}

/// A getter of the URL Standard's API.
fn api(url: &Url, getter: Getter, out: &mut Vec<u8>) -> bool {
    put(out, url.getter(getter))
}

/// The row of a component: on the line, in the reading's order.
const fn component(name: &'static str, readings: Readings, about: &'static str, get: Get) -> Row {
    Row {
        name,
        readings,
        kind: Kind::Single,
        line: Line::At(0),
        part: true,
        about,
        get,
    }
}

use Readings::{Both, Rfc, Whatwg};

/// Every field, in the order the JSON writes them (each reading's components in its standard's
/// order, then the derived ones).
pub(crate) const FIELDS: &[Row] = &[
    component(
        "scheme",
        Rfc,
        "the scheme, without its ':' (§3.1)",
        |u, _, o| put(o, u.rfc().and_then(|c| c.scheme())),
    ),
    component(
        "userinfo",
        Rfc,
        "the user information, without its '@' (§3.2.1)",
        |u, _, o| put(o, u.rfc().and_then(|c| c.userinfo())),
    ),
    component(
        "host",
        Rfc,
        "the host, an IP literal with its brackets (§3.2.2)",
        |u, _, o| put(o, u.rfc().and_then(|c| c.host())),
    ),
    component(
        "host_type",
        Rfc,
        "reg-name, IPv4, IPv6 or IPvFuture (§3.2.2)",
        |u, _, o| put(o, u.rfc().and_then(|c| c.host_type()).map(|t| t.name())),
    ),
    component(
        "port",
        Rfc,
        "the port, without its ':' (§3.2.3)",
        |u, _, o| put(o, u.rfc().and_then(|c| c.port())),
    ),
    component(
        "path",
        Rfc,
        "the path, always there, maybe empty (§3.3)",
        |u, _, o| put(o, u.rfc().map(|c| c.path())),
    ),
    component(
        "query",
        Rfc,
        "the query, without its '?' (§3.4)",
        |u, _, o| put(o, u.rfc().and_then(|c| c.query())),
    ),
    component(
        "fragment",
        Rfc,
        "the fragment, without its '#' (§3.5)",
        |u, _, o| put(o, u.rfc().and_then(|c| c.fragment())),
    ),
    component("href", Whatwg, "the URL, serialized", |u, _, o| {
        api(u, Getter::Href, o)
    }),
    component(
        "origin",
        Whatwg,
        "the origin, serialized (null: opaque)",
        |u, _, o| api(u, Getter::Origin, o),
    ),
    component("protocol", Whatwg, "the scheme and ':'", |u, _, o| {
        api(u, Getter::Protocol, o)
    }),
    component("username", Whatwg, "the username", |u, _, o| {
        api(u, Getter::Username, o)
    }),
    component("password", Whatwg, "the password", |u, _, o| {
        api(u, Getter::Password, o)
    }),
    component(
        "host",
        Whatwg,
        "the host, and ':' and the port if any",
        |u, _, o| api(u, Getter::Host, o),
    ),
    component("hostname", Whatwg, "the host", |u, _, o| {
        api(u, Getter::Hostname, o)
    }),
    component(
        "port",
        Whatwg,
        "the port, unless the scheme's default",
        |u, _, o| api(u, Getter::Port, o),
    ),
    component("pathname", Whatwg, "the path", |u, _, o| {
        api(u, Getter::Pathname, o)
    }),
    component(
        "search",
        Whatwg,
        "'?' and the query, unless empty",
        |u, _, o| api(u, Getter::Search, o),
    ),
    component(
        "hash",
        Whatwg,
        "'#' and the fragment, unless empty",
        |u, _, o| api(u, Getter::Hash, o),
    ),
    Row {
        name: "segments",
        readings: Both,
        kind: Kind::List,
        line: Line::Off,
        part: true,
        about: "the path's segments, between its '/'s",
        get: |u, _, o| put(o, u.path_of_segments()),
    },
    Row {
        name: "params",
        readings: Both,
        kind: Kind::Pairs,
        line: Line::Off,
        part: true,
        about: "the query's name-value pairs, split on '&' and '='",
        get: |u, _, o| put(o, u.query()),
    },
    Row {
        name: "public_suffix",
        readings: Both,
        kind: Kind::Single,
        line: Line::At(3),
        part: false,
        about: "the host's public suffix (the Public Suffix List)",
        get: |u, d, o| put(o, d.site(u).map(|s| s.public_suffix)),
    },
    Row {
        name: "public_suffix_section",
        readings: Both,
        kind: Kind::Single,
        line: Line::Off,
        part: false,
        about: "the list's section that decided it: icann, private, not_listed",
        get: |u, d, o| put(o, d.site(u).map(|s| s.section)),
    },
    Row {
        name: "registrable_domain",
        readings: Both,
        kind: Kind::Single,
        line: Line::At(2),
        part: false,
        about: "the public suffix and the label before it",
        get: |u, d, o| put(o, d.site(u).and_then(|s| s.registrable_domain)),
    },
    Row {
        name: "display_host",
        readings: Both,
        kind: Kind::Single,
        line: Line::AtUnlessHost(1),
        part: false,
        about: "the host as pretty-print --idna shows it",
        get: |u, d, o| d.display_host(u, o),
    },
];

/// How many fields a URL read under `standard` has.
pub(crate) const fn count(standard: Standard) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < FIELDS.len() {
        if FIELDS[i].readings.under(standard) {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The rows of the fields of `standard`'s reading, in the table's order.
pub(crate) fn under(standard: Standard) -> impl Iterator<Item = &'static Row> {
    FIELDS
        .iter()
        .filter(move |row| row.readings.under(standard))
}

/// Where in [`FIELDS`] the field called `name` under `standard`'s reading is.
pub(crate) fn named(name: &str, standard: Standard) -> Option<usize> {
    let under = |row: &Row| row.readings.under(standard);
    FIELDS.iter().position(|row| row.name == name && under(row))
}

/// The place of a row on the text line; `None` where it is not on it.
const fn place(row: &Row) -> Option<u8> {
    match row.line {
        Line::Off => None,
        Line::At(place) | Line::AtUnlessHost(place) => Some(place),
    }
}

/// How many rows are on the text line.
const ON_LINE: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < FIELDS.len() {
        if place(&FIELDS[i]).is_some() {
            n += 1;
        }
        i += 1;
    }
    n
};

/// The rows on the text line (their indices in [`FIELDS`]), in its order: by place, then in
/// the table's order (a stable sort, made once by the compiler).
pub(crate) const LINE: [usize; ON_LINE] = {
    let mut line = [0; ON_LINE];
    let mut n = 0;
    let mut p = 0;
    while p <= u8::MAX as usize {
        let mut i = 0;
        while i < FIELDS.len() {
            if let Some(at) = place(&FIELDS[i])
                && at as usize == p
            {
                line[n] = i;
                n += 1;
            }
            i += 1;
        }
        p += 1;
    }
    line
};

/// `--help`'s list of the fields (from the table of fields): each with its line of help, by reading.
///
/// ```
/// let help = uriesc::parse::fields_help();
/// assert!(help.contains("\n    scheme "));
/// assert!(help.contains("\n    hostname "));
/// assert!(help.contains("registrable_domain"));
/// ```
pub fn fields_help() -> String {
    let width = FIELDS.iter().map(|row| row.name.len()).max().unwrap_or(0) + 2;
    let mut help = String::new();
    for (readings, heading) in [
        (Rfc, "An RFC's components (RFC 3986 §3), without --whatwg:"),
        (
            Whatwg,
            "The URL Standard's API (url.bs \"API\"), with --whatwg:",
        ),
        (Both, "Derived, under both:"),
    ] {
        help += "\n  ";
        help += heading;
        for row in FIELDS.iter().filter(|row| row.readings == readings) {
            let name = match row.kind {
                Kind::Single => row.name.to_string(),
                Kind::List => format!("{} (list)", row.name),
                Kind::Pairs => format!("{} (pairs)", row.name),
            };
            help += &format!("\n    {name:width$}{}", row.about);
        }
    }
    help
}

impl Url<'_> {
    /// The value of the field called `name` (`parse`'s names: a component of RFC 3986 §3, a
    /// getter of url.bs "API", or what both derive) as it stands: `None` where the URL has
    /// none, or its reading has no such field. A list or pairs is the text they are split
    /// from (the path, the query).
    ///
    /// ```
    /// use uriesc::parse::{Options, Output, read};
    /// use uriesc::sets::Standard;
    ///
    /// let options = Options::new(Standard::Rfc3986, Output::Json);
    /// let mut scratch = Vec::new();
    /// let url = read(b"http://www.example.co.uk:8080/a?b", &options, &mut scratch).unwrap();
    /// assert_eq!(url.field("port"), Some(b"8080".to_vec()));
    /// assert_eq!(url.field("registrable_domain"), Some(b"example.co.uk".to_vec()));
    /// assert_eq!(url.field("fragment"), None);
    /// assert_eq!(url.field("hostname"), None); // the URL Standard's
    /// ```
    pub fn field(&self, name: &str) -> Option<Vec<u8>> {
        let standard = match self.is_whatwg() {
            true => Standard::Whatwg,
            false => Standard::Rfc3986,
        };
        let row = &FIELDS[named(name, standard)?];
        let mut derive = Derive::new(&Options::new(standard, Output::Json));
        let mut value = Vec::new();
        (row.get)(self, &mut derive, &mut value).then_some(value)
    }
}

#[cfg(test)]
mod tests;
