//! `parse --get TEMPLATE`: a line of text per URL, from a template of fields in braces.
//!
//! `{NAME}` is a field as it stands in the URL, percent-encoded as it is there, so that a value
//! never breaks the line; `{NAME|decoded}` is it percent-decoded but for the controls
//! ([`decoded_for_line`]). `{segment:N}` is the path's Nth segment (from 1; from the end where
//! negative), `{query:NAME}` the first value of the parameter NAME (matched decoded),
//! `{query-all:NAME}` all of them, separated by spaces; `{param_names}` the name of each of the
//! query's pairs, in order, duplicates kept, separated by spaces (url.bs
//! "application/x-www-form-urlencoded parsing", as [`params`] splits them). An absent part is
//! the empty string.
//! `{{` and `}}` are braces.

use super::Derive;
use super::derived::{decoded, decoded_for_line, params, segments};
use super::fields::{self, FIELDS, Kind};
use super::url::Url;
use crate::sets::Standard;

/// A template, read once for the whole run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    pieces: Vec<Piece>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(Vec<u8>),
    Value { value: Value, decoded: bool },
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    /// A field, by its index in the table ([`FIELDS`]).
    Field(usize),
    /// From 1, or from the end where negative.
    Segment(i64),
    Query {
        name: Vec<u8>,
        all: bool,
    },
    /// The name of each of the query's pairs.
    ParamNames,
}

/// The name of `{param_names}`.
const PARAM_NAMES: &str = "param_names";

/// The qualifier that asks for a value decoded.
const DECODED: &str = "|decoded";

impl Template {
    /// Reads `text` for `standard`'s reading; what is wrong with it, for a person.
    ///
    /// ```
    /// use uriesc::parse::Template;
    /// use uriesc::sets::Standard;
    ///
    /// assert!(Template::parse("{host} {query:id} {segment:-1|decoded}", Standard::Rfc3986).is_ok());
    /// assert!(Template::parse("{hostname}", Standard::Whatwg).is_ok());
    /// let error = Template::parse("{hostname}", Standard::Rfc3986).unwrap_err();
    /// assert!(error.to_string().contains("--whatwg"), "{error}");
    /// assert!(Template::parse("{host", Standard::Rfc3986).is_err());
    /// assert!(Template::parse("{param_names|decoded}", Standard::Whatwg).is_ok());
    /// ```
    pub fn parse(text: &str, standard: Standard) -> Result<Template, TemplateError> {
        Self::parse_text(text, standard).map_err(TemplateError)
    }

    /// As the public one, its reason as text.
    fn parse_text(text: &str, standard: Standard) -> Result<Template, String> {
        let pieces = braced(text)?
            .into_iter()
            .map(|piece| match piece {
                Braced::Text(text) => Ok(Piece::Text(text)),
                Braced::Placeholder(inside) => placeholder(inside, standard),
            })
            .collect::<Result<_, _>>()?;
        Ok(Template { pieces })
    }

    /// Appends the line of `url` (without its terminator).
    pub(crate) fn write(&self, url: &Url, derive: &mut Derive, out: &mut Vec<u8>) {
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => out.extend_from_slice(text),
                Piece::Value { value, decoded } => value.write(url, *decoded, derive, out),
            }
        }
    }
}

/// A piece of a `--get` template: text, or what one pair of braces holds.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Braced<'a> {
    /// Text as it is written out, `{{` and `}}` each one brace.
    Text(Vec<u8>),
    /// Between `{` and `}`.
    Placeholder(&'a str),
}

/// `text` in pieces: runs of text and placeholders in braces (`{{` and `}}` are braces); where a
/// brace is unmatched, which and where, for a person (a `--get` option's message).
pub(crate) fn braced(text: &str) -> Result<Vec<Braced<'_>>, String> {
    let mut pieces = Vec::new();
    let mut literal = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(['{', '}']) {
        literal.extend_from_slice(&rest.as_bytes()[..i]);
        let at = text.len() - rest.len() + i;
        let after = &rest[i + 1..];
        if rest[i..].starts_with("{{") || rest[i..].starts_with("}}") {
            literal.push(rest.as_bytes()[i]);
            rest = &after[1..];
            continue;
        }
        if rest.as_bytes()[i] == b'}' {
            return Err(format!(
                "--get: a '}}' that closes no '{{' at column {}; write '}}}}' for a brace",
                at + 1
            ));
        }
        let Some(end) = after.find('}') else {
            return Err(format!(
                "--get: the '{{' at column {} is not closed; close it with '}}', or write \
                 '{{{{' for a brace",
                at + 1
            ));
        };
        if !literal.is_empty() {
            pieces.push(Braced::Text(std::mem::take(&mut literal)));
        }
        pieces.push(Braced::Placeholder(&after[..end]));
        rest = &after[end + 1..];
    }
    literal.extend_from_slice(rest.as_bytes());
    if !literal.is_empty() {
        pieces.push(Braced::Text(literal));
    }
    Ok(pieces)
}

/// What one `{...}` holds.
fn placeholder(inside: &str, standard: Standard) -> Result<Piece, String> {
    let (inside, decoded) = match inside.strip_suffix(DECODED) {
        Some(inside) => (inside, true),
        None => (inside, false),
    };
    let value = match inside.split_once(':') {
        Some(("segment", n)) => match n.parse::<i64>() {
            Ok(n) if n != 0 => Value::Segment(n),
            _ => {
                return Err(format!(
                    "--get: {{segment:{n}}}: N is a number of a segment, from 1 (or from -1, \
                     the last)"
                ));
            }
        },
        Some(("query", name)) => Value::Query {
            name: name.as_bytes().to_vec(),
            all: false,
        },
        Some(("query-all", name)) => Value::Query {
            name: name.as_bytes().to_vec(),
            all: true,
        },
        _ if inside == PARAM_NAMES => Value::ParamNames,
        _ => match fields::named(inside, standard) {
            Some(field) => Value::Field(field),
            None => return Err(unknown(inside, standard)),
        },
    };
    Ok(Piece::Value { value, decoded })
}

/// The error for a name that is no field of `standard`'s reading, with those that are.
fn unknown(name: &str, standard: Standard) -> String {
    let other = match standard {
        Standard::Whatwg => Standard::Rfc3986,
        _ => Standard::Whatwg,
    };
    let hint = match fields::named(name, other) {
        Some(_) if other == Standard::Whatwg => " (a name of the URL Standard's API: add --whatwg)",
        Some(_) => " (a component of RFC 3986: drop --whatwg)",
        None => "",
    };
    let names = |derived: bool| {
        let rows = fields::under(standard)
            .filter(|row| (row.readings == fields::Readings::Both) == derived);
        rows.map(|row| row.name).collect::<Vec<_>>().join(", ")
    };
    format!(
        "--get: no field {{{name}}}{hint}; the fields are {}, {}, segment:N, query:NAME, \
         query-all:NAME and {PARAM_NAMES}, each with |decoded for its value decoded",
        names(false),
        names(true)
    )
}

impl Value {
    fn write(&self, url: &Url, decode: bool, derive: &mut Derive, out: &mut Vec<u8>) {
        let plus = derive.plus(url);
        // `segments` and `params` (and several values) are written separated by spaces.
        let mut first = true;
        let mut put = |raw: &[u8], form: bool, out: &mut Vec<u8>| {
            if !std::mem::take(&mut first) {
                out.push(b' ');
            }
            match decode {
                true => decoded_for_line(raw, form, out),
                false => out.extend_from_slice(raw),
            }
        };
        match self {
            Value::Field(field) => {
                let row = &FIELDS[*field];
                match row.kind {
                    // One value, as it stands: written straight out.
                    Kind::Single if !decode => {
                        (row.get)(url, derive, out);
                    }
                    Kind::Single => {
                        let mut value = std::mem::take(&mut derive.value);
                        value.clear();
                        (row.get)(url, derive, &mut value);
                        put(&value, false, out);
                        derive.value = value;
                    }
                    Kind::List | Kind::Pairs => {
                        let mut whole = std::mem::take(&mut derive.whole);
                        whole.clear();
                        (row.get)(url, derive, &mut whole);
                        match row.kind {
                            Kind::List => segments(&whole).for_each(|s| put(s, false, out)),
                            // Each pair as it stands, `+` a space where decoded.
                            _ => whole
                                .split(|&b| b == b'&')
                                .filter(|sequence| !sequence.is_empty())
                                .for_each(|sequence| put(sequence, plus, out)),
                        }
                        derive.whole = whole;
                    }
                }
            }
            Value::Segment(n) => {
                let path = url.path_of_segments().unwrap_or_default();
                let segment = match *n {
                    n if n > 0 => segments(path).nth((n - 1) as usize),
                    // From the end: counted first, so that no list is made per record.
                    n => segments(path)
                        .count()
                        .checked_sub(n.unsigned_abs() as usize)
                        .and_then(|i| segments(path).nth(i)),
                };
                if let Some(segment) = segment {
                    put(segment, false, out);
                }
            }
            Value::Query { name, all } => {
                let query = url.query().unwrap_or_default();
                let matching = params(query).filter(|(n, _)| decoded(n, plus) == name.as_slice());
                for (_, value) in matching {
                    put(value, plus, out);
                    if !all {
                        break;
                    }
                }
            }
            Value::ParamNames => {
                let query = url.query().unwrap_or_default();
                params(query).for_each(|(name, _)| put(name, plus, out));
            }
        }
    }
}

/// Why a `--get` template is refused: where in it, and what it takes instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateError(String);

impl std::fmt::Display for TemplateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TemplateError {}
