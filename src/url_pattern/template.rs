//! `match --get TEMPLATE`: a line per matching URL from the groups of the pattern it matched
//! (urlpattern.spec `exec()`'s result) and its components. `{COMPONENT.NAME}` is the group
//! NAME of that component (`{pathname.id}`, `{pathname.0}` for the first unnamed one),
//! `{NAME}` the group of that name where one component alone has it, `{COMPONENT}` the
//! component of the URL (`{hostname}`); an optional group that matched nothing is empty. `{{`
//! and `}}` are braces, as in `parse --get`.

use std::fmt;

use super::{COMPONENTS, Match, PatternSet};
use crate::parse::{Braced, braced};

/// A template read once for a set of patterns: each placeholder resolved in each pattern.
///
/// ```
/// use uriesc::url_pattern::{Reader, Options, Pattern, PatternSet, Template};
///
/// let set = PatternSet::new(vec![Pattern::new("https://:sub.example.com/api/:v/*", None, Options::default())?]);
/// let template = Template::parse("{sub} {pathname.v} {hostname}", &set).unwrap();
/// let mut reader = Reader::new();
/// let url = reader.read(b"https://docs.example.com/api/2/x").unwrap();
/// let mut out = Vec::new();
/// template.write(0, &set.patterns()[0].exec(&url).unwrap(), &mut out);
/// assert_eq!(out, b"docs 2 docs.example.com");
/// assert!(Template::parse("{nope}", &set).is_err());
/// # Ok::<(), uriesc::url_pattern::PatternError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    /// Each piece, and for a placeholder what it is in each pattern.
    pieces: Vec<Piece>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(Vec<u8>),
    /// In each pattern of the set, by its index.
    Value(Vec<Value>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    /// The component of the URL, by its index in [`COMPONENTS`].
    Component(usize),
    /// A group: its component and its place among the component's groups.
    Group(usize, usize),
    /// A group this pattern has not (another pattern of the set has it): empty.
    Absent,
}

/// Why a template cannot be read, for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateError(String);

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TemplateError {}

impl Template {
    /// Reads `text` for the patterns of `set`; a placeholder no pattern can fill is an error.
    pub fn parse(text: &str, set: &PatternSet) -> Result<Template, TemplateError> {
        let pieces = braced(text)
            .map_err(TemplateError)?
            .into_iter()
            .map(|piece| match piece {
                Braced::Text(text) => Ok(Piece::Text(text)),
                Braced::Placeholder(inside) => placeholder(inside, set).map(Piece::Value),
            })
            .collect::<Result<_, _>>()
            .map_err(TemplateError)?;
        Ok(Template { pieces })
    }

    /// Appends the line for `found`, the match of the set's pattern `pattern`.
    pub fn write(&self, pattern: usize, found: &Match<'_, '_>, out: &mut Vec<u8>) {
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => out.extend_from_slice(text),
                Piece::Value(values) => match values.get(pattern) {
                    Some(Value::Component(i)) => {
                        out.extend_from_slice(found.components[*i].input.as_bytes())
                    }
                    Some(Value::Group(i, j)) => {
                        if let Some((_, Some(value))) = found.components[*i].groups.get(*j) {
                            out.extend_from_slice(value.as_bytes());
                        }
                    }
                    Some(Value::Absent) | None => {}
                },
            }
        }
    }
}

/// What `{inside}` is in each pattern of `set`.
fn placeholder(inside: &str, set: &PatternSet) -> Result<Vec<Value>, String> {
    let component = |name: &str| COMPONENTS.iter().position(|&c| c == name);
    if let Some(i) = component(inside) {
        return Ok(vec![Value::Component(i); set.patterns().len()]);
    }
    let (only, name) = match inside.split_once('.') {
        Some((c, name)) => match component(c) {
            Some(i) => (Some(i), name),
            None => {
                return Err(format!(
                    "--get: {{{inside}}}: '{c}' is no component; the components are {}",
                    COMPONENTS.join(", ")
                ));
            }
        },
        None => (None, inside),
    };
    let mut values = Vec::new();
    for pattern in set.patterns() {
        let mut found = (0..8)
            .filter(|&i| only.is_none_or(|only| only == i))
            .filter_map(|i| {
                let j = pattern.group_names(i).iter().position(|n| n == name)?;
                Some(Value::Group(i, j))
            });
        let value = found.next().unwrap_or(Value::Absent);
        if found.next().is_some() {
            return Err(format!(
                "--get: {{{inside}}}: more than one component has a group '{name}'; name the \
                 component, as {{pathname.{name}}}"
            ));
        }
        values.push(value);
    }
    if values.iter().all(|v| *v == Value::Absent) {
        return Err(format!(
            "--get: {{{inside}}}: no pattern has a group '{name}'{}; a placeholder is a \
             component ({{hostname}}), a group ({{id}}), or both ({{pathname.id}})",
            only.map(|i| format!(" in its {}", COMPONENTS[i]))
                .unwrap_or_default()
        ));
    }
    Ok(values)
}
