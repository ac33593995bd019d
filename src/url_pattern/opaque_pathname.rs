//! The pathname component of a pattern whose protocol matches no special scheme, compiled as
//! urlpattern.spec "create" (step 17) says: with "canonicalize an opaque pathname" and the
//! default options, whatever the pathname begins with.
//!
//! The urlpattern crate compiles such a pathname through the `url` crate's `set_path`, which
//! writes a leading `/` as `%2F` (deno#29935: `{/:x}?` then matches no `/x`), and takes the
//! pathname options where the pathname begins with `/`; the polyfill and the standard do
//! neither. Here the pattern is parsed by the crate's parser (urlpattern.spec "parse a pattern
//! string") with the standard's callback, and the expression and pattern string generated as
//! urlpattern.spec §1.6 "generate a regular expression and name list" and "generate a pattern
//! string" say.

use icu_properties::CodePointSetData;
use icu_properties::props::{IdContinue, IdStart};
use urlpattern::component::Component;
use urlpattern::matcher::{InnerMatcher, Matcher};
use urlpattern::parser::{self, FULL_WILDCARD_REGEXP_VALUE, Part, PartModifier, PartType};
use urlpattern::regexp::RegExp;

use super::regexp::Regexp;

/// The URL Standard's special schemes (url.bs "special scheme").
pub(super) const SPECIAL_SCHEMES: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// urlpattern.spec "process a URLPatternInit" for the pathname, of type "pattern": the given
/// pathname, after the base URL's directory where it is relative; or, where none of protocol,
/// hostname, port and pathname is given, the base URL's path escaped; or `*`.
pub(super) fn processed(init: &urlpattern::UrlPatternInit) -> String {
    let base = init.base_url.as_ref();
    let Some(pathname) = &init.pathname else {
        return match base {
            Some(base)
                if init.protocol.is_none() && init.hostname.is_none() && init.port.is_none() =>
            {
                escape_pattern_string(url::quirks::pathname(base))
            }
            _ => "*".to_string(),
        };
    };
    match base {
        Some(base) if !base.cannot_be_a_base() && !is_absolute_pathname(pathname) => {
            let path = escape_pattern_string(url::quirks::pathname(base));
            match path.rfind('/') {
                Some(slash) => format!("{}{pathname}", &path[..=slash]),
                None => pathname.clone(),
            }
        }
        _ => pathname.clone(),
    }
}

/// urlpattern.spec "is an absolute pathname", of type "pattern".
fn is_absolute_pathname(input: &str) -> bool {
    input.starts_with('/') || input.starts_with("\\/") || input.starts_with("{/")
}

/// urlpattern.spec "escape a pattern string".
fn escape_pattern_string(input: &str) -> String {
    let mut result = String::with_capacity(input.len());
    for c in input.chars() {
        if matches!(c, '+' | '*' | '?' | ':' | '{' | '}' | '(' | ')' | '\\') {
            result.push('\\');
        }
        result.push(c);
    }
    result
}

/// urlpattern.spec "canonicalize an opaque pathname": `value` run through url.bs's "opaque path
/// state" after its tabs and newlines are removed (basic URL parser, step 3): a `?` or `#` ends
/// the path, a space before one is `%20`, and each other character is percent-encoded with the
/// C0 control percent-encode set (C0 controls and above U+007E).
fn canonicalize(value: &str) -> Result<String, urlpattern::Error> {
    let chars: Vec<char> = value
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let mut path = String::with_capacity(value.len());
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '?' | '#' => break,
            ' ' if matches!(chars.get(i + 1), Some('?' | '#')) => path.push_str("%20"),
            c if c <= '\u{1F}' || c > '\u{7E}' => {
                for byte in c.encode_utf8(&mut [0; 4]).bytes() {
                    path.push_str(&format!("%{byte:02X}"));
                }
            }
            c => path.push(c),
        }
    }
    Ok(path)
}

/// urlpattern.spec "compile a component" of `pathname`, with "canonicalize an opaque
/// pathname" and the default options (`ignore case` as given).
pub(super) fn compile(
    pathname: &str,
    ignore_case: bool,
) -> Result<Component<Regexp>, urlpattern::Error> {
    let options = parser::Options {
        ignore_case,
        regex_syntax: urlpattern::RegexSyntax::EcmaScript,
        ..parser::Options::default()
    };
    let parts = parser::parse_pattern_string(pathname, &options, canonicalize)?;
    let (expression, names) = regular_expression(&parts, &options);
    let flags = if ignore_case { "ui" } else { "u" };
    let regexp = Regexp::parse(&expression, flags, true).map_err(urlpattern::Error::RegExp)?;
    // `*` alone needs no expression; anything else is the whole expression (its literal
    // prefix and suffix are left to it).
    let inner = match parts.as_slice() {
        [part]
            if part.kind == PartType::FullWildcard
                && part.modifier == PartModifier::None
                && part.prefix.is_empty()
                && part.suffix.is_empty() =>
        {
            InnerMatcher::SingleCapture {
                filter: None,
                allow_empty: true,
            }
        }
        _ => InnerMatcher::RegExp {
            regexp: Ok(regexp.clone()),
        },
    };
    Ok(Component {
        pattern_string: pattern_string(&parts, &options),
        regexp: Ok(regexp),
        group_name_list: names,
        matcher: Matcher {
            prefix: String::new(),
            suffix: String::new(),
            inner,
            ignore_case,
        },
        has_regexp_group: parts.iter().any(|part| part.kind == PartType::Regexp),
    })
}

/// urlpattern.spec "generate a regular expression and name list".
fn regular_expression(parts: &[Part], options: &parser::Options) -> (String, Vec<String>) {
    let escape = |text: &str| options.escape_regexp_string(text);
    let mut result = String::from("^");
    let mut names = Vec::new();
    for part in parts {
        if part.kind == PartType::FixedText {
            match &part.modifier {
                PartModifier::None => result.push_str(&escape(&part.value)),
                modifier => result.push_str(&format!("(?:{}){modifier}", escape(&part.value))),
            }
            continue;
        }
        names.push(part.name.clone());
        let value = match part.kind {
            PartType::SegmentWildcard => segment_wildcard(options),
            PartType::FullWildcard => FULL_WILDCARD_REGEXP_VALUE.to_string(),
            _ => part.value.clone(),
        };
        let modifier = part.modifier.to_string();
        let repeating = matches!(
            part.modifier,
            PartModifier::ZeroOrMore | PartModifier::OneOrMore
        );
        let (prefix, suffix) = (escape(&part.prefix), escape(&part.suffix));
        result.push_str(&match (prefix.is_empty() && suffix.is_empty(), repeating) {
            (true, false) => format!("({value}){modifier}"),
            (true, true) => format!("((?:{value}){modifier})"),
            (false, false) => format!("(?:{prefix}({value}){suffix}){modifier}"),
            (false, true) => {
                let optional = if part.modifier == PartModifier::ZeroOrMore {
                    "?"
                } else {
                    ""
                };
                format!(
                    "(?:{prefix}((?:{value})(?:{suffix}{prefix}(?:{value}))*){suffix}){optional}"
                )
            }
        });
    }
    result.push('$');
    (result, names)
}

/// urlpattern.spec "generate a segment wildcard regexp": `[^` the delimiter `]+?`; the default
/// options have none, and `[^]+?` is any character.
fn segment_wildcard(options: &parser::Options) -> String {
    match options.delimiter_code_point {
        Some(c) => format!("[^{}]+?", options.escape_regexp_string(&c.to_string())),
        None => "[^]+?".to_string(),
    }
}

/// urlpattern.spec "valid name code point".
fn is_name_code_point(c: char, first: bool) -> bool {
    if first {
        c == '$' || c == '_' || CodePointSetData::new::<IdStart>().contains(c)
    } else {
        matches!(c, '$' | '\u{200C}' | '\u{200D}')
            || CodePointSetData::new::<IdContinue>().contains(c)
    }
}

/// urlpattern.spec "generate a pattern string".
fn pattern_string(parts: &[Part], options: &parser::Options) -> String {
    let mut result = String::new();
    for (i, part) in parts.iter().enumerate() {
        let previous = i.checked_sub(1).and_then(|i| parts.get(i));
        let next = parts.get(i + 1);
        if part.kind == PartType::FixedText {
            match &part.modifier {
                PartModifier::None => result.push_str(&escape_pattern_string(&part.value)),
                modifier => result.push_str(&format!(
                    "{{{}}}{modifier}",
                    escape_pattern_string(&part.value)
                )),
            }
            continue;
        }
        let custom_name = !part.name.starts_with(|c: char| c.is_ascii_digit());
        let mut needs_grouping = !part.suffix.is_empty()
            || (!part.prefix.is_empty() && part.prefix != options.prefix_code_point);
        if let Some(next) = next.filter(|next| {
            !needs_grouping
                && custom_name
                && part.kind == PartType::SegmentWildcard
                && part.modifier == PartModifier::None
                && next.prefix.is_empty()
                && next.suffix.is_empty()
        }) {
            needs_grouping = if next.kind == PartType::FixedText {
                next.value
                    .chars()
                    .next()
                    .is_some_and(|c| is_name_code_point(c, false))
            } else {
                next.name.starts_with(|c: char| c.is_ascii_digit())
            };
        }
        if !needs_grouping
            && part.prefix.is_empty()
            && previous.is_some_and(|p| {
                p.kind == PartType::FixedText
                    && !options.prefix_code_point.is_empty()
                    && p.value.ends_with(options.prefix_code_point.as_str())
            })
        {
            needs_grouping = true;
        }
        if needs_grouping {
            result.push('{');
        }
        result.push_str(&escape_pattern_string(&part.prefix));
        if custom_name {
            result.push(':');
            result.push_str(&part.name);
        }
        match part.kind {
            PartType::Regexp => result.push_str(&format!("({})", part.value)),
            PartType::SegmentWildcard if !custom_name => {
                result.push_str(&format!("({})", segment_wildcard(options)))
            }
            PartType::FullWildcard => {
                let plain = previous.is_none_or(|p| {
                    p.kind == PartType::FixedText || p.modifier != PartModifier::None
                }) || needs_grouping
                    || !part.prefix.is_empty();
                if !custom_name && plain {
                    result.push('*');
                } else {
                    result.push_str(&format!("({FULL_WILDCARD_REGEXP_VALUE})"));
                }
            }
            _ => {}
        }
        if part.kind == PartType::SegmentWildcard
            && custom_name
            && part
                .suffix
                .chars()
                .next()
                .is_some_and(|c| is_name_code_point(c, false))
        {
            result.push('\\');
        }
        result.push_str(&escape_pattern_string(&part.suffix));
        if needs_grouping {
            result.push('}');
        }
        result.push_str(&part.modifier.to_string());
    }
    result
}
