//! The URLs of an HTML document, tokenized by `html5gum` (the HTML Standard's "Tokenization",
//! `#tokenization`; character references decoded as a browser decodes them,
//! `#character-reference-state`). The HTML Standard is cited by its anchors, which stay where
//! its section numbers move.
//!
//! * The URL-valued attributes, on any element: `href`, `src`, `action`, `formaction`,
//!   `cite`, `poster`, `data` (a whole value each, leading and trailing ASCII whitespace left
//!   out: `#valid-url-potentially-surrounded-by-spaces`); each URL of `ping` (a set of
//!   space-separated tokens, `#hyperlink-auditing`); each candidate's URL of `srcset`
//!   (`#parse-a-srcset-attribute`); the URL of `<meta http-equiv=refresh content=…>`
//!   (`#shared-declarative-refresh-steps`); each CSS `url(…)` of a `style` attribute and of a
//!   `<style>` element's text (CSS Values and Units §4.5: quoted, or up to `)`).
//! * Text, read as plain text ([`super::text`]); not inside `<pre>`, `<code>`, `<script>`,
//!   `<textarea>` unless [`Options::include_code`], nor in comments.
//!
//! A URL is at its own first character, mapped through the character references decoded
//! before it (`references.rs`). The document is held whole.

use html5gum::{DefaultEmitter, Token, Tokenizer};

use super::places::Places;
use super::references::places;
use super::{Found, Kind, Options, Spot};

/// Gives `found` every URL of the HTML `document`, in order.
pub fn find(document: &[u8], options: &Options, found: &mut dyn FnMut(&Found<'_>)) {
    let mut all = Vec::new();
    spots(document, options, &mut |spot| all.push(spot));
    super::give(document, all, found);
}

/// The attributes whose whole value is a URL.
const URL_ATTRIBUTES: &[&[u8]] = &[
    b"href",
    b"src",
    b"action",
    b"formaction",
    b"cite",
    b"poster",
    b"data",
];

/// The elements whose text is code.
const CODE: &[&[u8]] = &[b"pre", b"code", b"script", b"textarea"];

/// Gives `spot` every URL of `html`, in no set order, at offsets in `html`.
pub(crate) fn spots(html: &[u8], options: &Options, spot: &mut dyn FnMut(Spot<'static>)) {
    let mut emitter = DefaultEmitter::<usize>::new_with_span();
    // Script, style and the like are raw text (§13.2.5.2-5), as a tree builder switches to.
    emitter.naively_switch_states(true);
    let (mut code, mut style) = (0u32, false);
    for token in Tokenizer::new_with_emitter(html, emitter).flatten() {
        match token {
            Token::StartTag(tag) => {
                let name = tag.name.as_slice();
                if CODE.contains(&name) && !tag.self_closing {
                    code += 1;
                }
                style = name == b"style";
                for (attribute, value) in &tag.attributes {
                    let name = attribute.as_slice();
                    let wanted = URL_ATTRIBUTES.contains(&name)
                        || [&b"ping"[..], b"srcset", b"style", b"content"].contains(&name);
                    if !wanted || value.value.is_empty() {
                        continue;
                    }
                    let at = value_start(html, value.span.start);
                    let source = value_source(html, at);
                    let value = Value {
                        text: &value.value,
                        places: places(&value.value, source, at),
                    };
                    attribute_urls(attribute, &value, &tag.attributes, spot);
                }
            }
            Token::EndTag(tag) => {
                if CODE.contains(&tag.name.as_slice()) {
                    code = code.saturating_sub(1);
                }
                style = false;
            }
            Token::String(text) => {
                let source = html.get(text.span.start..text.span.end).unwrap_or(b"");
                let value = Value {
                    text: &text.value,
                    places: places(&text.value, source, text.span.start),
                };
                if style {
                    css_urls(&value, spot);
                } else if code == 0 || options.include_code {
                    text_urls(&value, spot);
                }
            }
            _ => {}
        }
    }
}

/// Where the value of the attribute whose name begins at `name` begins: after its `=`,
/// whitespace and quote (HTML Standard §13.2.5.32–37).
fn value_start(html: &[u8], name: usize) -> usize {
    let Some(rest) = html.get(name + 1..) else {
        return name;
    };
    let Some(equals) = memchr::memchr2(b'=', b'>', rest).filter(|&i| rest[i] == b'=') else {
        return name;
    };
    let mut at = name + 1 + equals + 1;
    while html
        .get(at)
        .is_some_and(|b| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' '))
    {
        at += 1;
    }
    if matches!(html.get(at), Some(b'"' | b'\'')) {
        at += 1;
    }
    at
}

/// The source of the attribute value that begins at `at`: up to its closing quote, or
/// (unquoted) to whitespace or `>` (§13.2.5.38–40).
fn value_source(html: &[u8], at: usize) -> &[u8] {
    let rest = html.get(at..).unwrap_or(b"");
    let end = match at.checked_sub(1).and_then(|q| html.get(q)) {
        Some(&q @ (b'"' | b'\'')) => memchr::memchr(q, rest),
        _ => rest
            .iter()
            .position(|b| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | b'>')),
    };
    &rest[..end.unwrap_or(rest.len())]
}

/// A decoded value, and where its bytes are.
struct Value<'a> {
    text: &'a [u8],
    places: Places,
}

impl Value<'_> {
    fn spot(&self, start: usize, end: usize, kind: Kind) -> Spot<'static> {
        Spot {
            offset: self.places.offset(start),
            url: self.text[start..end].to_vec().into(),
            kind,
        }
    }
}

/// The URLs of one attribute.
fn attribute_urls(
    name: &[u8],
    value: &Value<'_>,
    attributes: &std::collections::BTreeMap<
        html5gum::HtmlString,
        html5gum::Spanned<html5gum::HtmlString, usize>,
    >,
    spot: &mut dyn FnMut(Spot<'static>),
) {
    let text = value.text;
    let is_space = |b: &u8| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ');
    match name {
        _ if URL_ATTRIBUTES.contains(&name) => {
            let start = text.iter().position(|b| !is_space(b)).unwrap_or(text.len());
            let end = text
                .iter()
                .rposition(|b| !is_space(b))
                .map_or(start, |e| e + 1);
            if end > start {
                spot(value.spot(start, end, Kind::Attribute));
            }
        }
        b"ping" => tokens(text, is_space, &mut |s, e| {
            spot(value.spot(s, e, Kind::Attribute))
        }),
        b"srcset" => srcset(text, &mut |s, e| spot(value.spot(s, e, Kind::Attribute))),
        b"style" => css_urls(value, spot),
        b"content" => {
            let refresh = attributes.iter().any(|(name, value)| {
                name.as_slice() == b"http-equiv" && value.value.eq_ignore_ascii_case(b"refresh")
            });
            if let Some((s, e)) = refresh.then(|| refresh_url(text)).flatten() {
                spot(value.spot(s, e, Kind::Attribute));
            }
        }
        _ => {}
    }
}

/// The runs of `text` that `space` separates.
fn tokens(text: &[u8], space: impl Fn(&u8) -> bool, each: &mut dyn FnMut(usize, usize)) {
    let mut i = 0;
    while i < text.len() {
        if space(&text[i]) {
            i += 1;
            continue;
        }
        let end = text[i..]
            .iter()
            .position(&space)
            .map_or(text.len(), |n| i + n);
        each(i, end);
        i = end;
    }
}

/// The HTML Standard's "parse a srcset attribute" (`#parse-a-srcset-attribute`): each
/// candidate's URL.
fn srcset(text: &[u8], each: &mut dyn FnMut(usize, usize)) {
    let space = |b: u8| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ');
    let mut i = 0;
    loop {
        // Step 4: skip whitespace and commas.
        while i < text.len() && (space(text[i]) || text[i] == b',') {
            i += 1;
        }
        if i >= text.len() {
            return;
        }
        // Step 6: the URL is a run of non-whitespace.
        let start = i;
        while i < text.len() && !space(text[i]) {
            i += 1;
        }
        let mut end = i;
        // Step 7: trailing commas end the URL and the candidate.
        if text[start..end].ends_with(b",") {
            while end > start && text[end - 1] == b',' {
                end -= 1;
            }
        } else {
            // Step 8: the descriptors, up to a comma outside parentheses.
            let mut parens = false;
            while i < text.len() {
                match text[i] {
                    b'(' => parens = true,
                    b')' => parens = false,
                    b',' if !parens => break,
                    _ => {}
                }
                i += 1;
            }
        }
        if end > start {
            each(start, end);
        }
    }
}

/// The URL of a `<meta http-equiv=refresh>`'s content: the HTML Standard's "shared
/// declarative refresh steps" (`#shared-declarative-refresh-steps`), steps 3 to 11.
fn refresh_url(text: &[u8]) -> Option<(usize, usize)> {
    let space = |b: &u8| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ');
    let mut i = text.iter().take_while(|b| space(b)).count();
    let digits = text[i..].iter().take_while(|b| b.is_ascii_digit()).count();
    i += digits;
    if digits == 0 && text.get(i) != Some(&b'.') {
        return None;
    }
    i += text[i..]
        .iter()
        .take_while(|&&b| b.is_ascii_digit() || b == b'.')
        .count();
    // Step 9: the time ends at `;`, `,` or whitespace, then whitespace, one `;` or `,`, and
    // whitespace may come (`5; url=x`, `5,x`, `5 x` alike).
    match text.get(i) {
        None => return None,
        Some(b) if matches!(b, b';' | b',') || space(b) => {}
        Some(_) => return None,
    }
    i += text[i..].iter().take_while(|b| space(b)).count();
    if matches!(text.get(i), Some(b';' | b',')) {
        i += 1;
    }
    i += text[i..].iter().take_while(|b| space(b)).count();
    let mut quote = None;
    if text.len() >= i + 3 && text[i..i + 3].eq_ignore_ascii_case(b"url") {
        let mut j = i + 3;
        j += text[j..].iter().take_while(|b| space(b)).count();
        if text.get(j) == Some(&b'=') {
            j += 1;
            j += text[j..].iter().take_while(|b| space(b)).count();
            i = j;
        }
    }
    if let Some(&q @ (b'"' | b'\'')) = text.get(i) {
        quote = Some(q);
        i += 1;
    }
    let end = match quote {
        Some(q) => text[i..]
            .iter()
            .position(|&b| b == q)
            .map_or(text.len(), |n| i + n),
        None => text.len(),
    };
    let end = i + text[i..end]
        .iter()
        .rposition(|b| !space(b))
        .map_or(0, |n| n + 1);
    (end > i).then_some((i, end))
}

/// Each CSS `url(…)` of a value (CSS Values and Units §4.5): a quoted string, or up to `)`
/// or whitespace.
fn css_urls(value: &Value<'_>, spot: &mut dyn FnMut(Spot<'static>)) {
    let text = value.text;
    let mut i = 0;
    while let Some(n) = memchr::memmem::find(&text[i..], b"(") {
        let open = i + n;
        i = open + 1;
        if open < 3 || !text[open - 3..open].eq_ignore_ascii_case(b"url") {
            continue;
        }
        let start = i + text[i..]
            .iter()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
        let (start, end) = match text.get(start) {
            Some(&q @ (b'"' | b'\'')) => {
                let end = text[start + 1..].iter().position(|&b| b == q);
                (start + 1, end.map_or(text.len(), |e| start + 1 + e))
            }
            _ => {
                let end = text[start..]
                    .iter()
                    .position(|&b| b == b')' || b.is_ascii_whitespace());
                (start, end.map_or(text.len(), |e| start + e))
            }
        };
        if end > start {
            spot(value.spot(start, end, Kind::Attribute));
        }
        i = end.max(i);
    }
}

/// The URLs of text, by the plain-text rules.
fn text_urls(value: &Value<'_>, spot: &mut dyn FnMut(Spot<'static>)) {
    super::text::Text::all(value.text, false, &mut |url| {
        let start = url.offset as usize;
        spot(Spot {
            offset: value.places.offset(start),
            url: url.url.to_vec().into(),
            kind: url.kind,
        });
    });
}
