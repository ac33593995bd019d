//! What `encode` writes, under `check`: valid for its component, but where docs/fine-print.md says
//! it is not (its "`encode` and `check`" paragraph), for every byte between two letters.
//!
//! The exceptions come from the standards: RFC 2396's `-c host` data is a `reg_name` (§3.2.1)
//! where `check -c host` takes a server's `host` (§3.2.2, no escapes); the URL Standard's
//! percent-encode sets leave characters that its "URL writing" grammar does not count as URL
//! units (`[ ] |` in a path, `` [ \ ] ^ ` { | } `` in a query, `# [ \ ] ^ { | }` in a fragment),
//! `encode -c host` writes an opaque host where `check -c host` takes a valid host string (a
//! domain, an IP address), and a valid URL string has no userinfo at all.

use uriesc::check::{check, supported};
use uriesc::encode::{Encoder, Options};
use uriesc::sets::{Component, Context, Standard};

/// The components `check` validates that `component`'s output is meant for: `param` and
/// `form` are parts of a query, `any` goes in every component.
fn targets(component: Context) -> Vec<Component> {
    match component {
        Context::Any => vec![
            Component::Userinfo,
            Component::Host,
            Component::Path,
            Component::Segment,
            Component::Query,
            Component::Fragment,
        ],
        Context::Param | Context::Form | Context::Query => vec![Component::Query],
        Context::Userinfo => vec![Component::Userinfo],
        Context::Host => vec![Component::Host],
        Context::Path => vec![Component::Path],
        Context::Segment => vec![Component::Segment],
        Context::Fragment => vec![Component::Fragment],
    }
}

/// A host name as RFC 2396 §3.2.2 and a domain as the URL Standard take it, for these
/// three-byte records: letters, digits, `-` and `.`.
fn hostname_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'.'
}

/// Whether, by docs/fine-print.md, `check` refuses what `encode` writes for `a`, byte `b`, `b` under
/// `standard`, meant for `component`, checked as `target`.
fn refused(standard: Standard, component: Context, target: Component, b: u8) -> bool {
    match (standard, target) {
        (Standard::Whatwg, Component::Userinfo) => true,
        (Standard::Whatwg | Standard::Rfc2396 | Standard::Rfc1738, Component::Host) => {
            !hostname_byte(b)
        }
        (Standard::Whatwg, Component::Path | Component::Segment) => {
            component != Context::Any && b"[]|".contains(&b)
        }
        (Standard::Whatwg, Component::Query) => {
            component == Context::Query && br"[\]^`{|}".contains(&b)
        }
        (Standard::Whatwg, Component::Fragment) => {
            component == Context::Fragment && br"#[\]^{|}".contains(&b)
        }
        _ => false,
    }
}

#[test]
fn encode_output_passes_check_but_where_the_readme_says() {
    let mut wrong = Vec::new();
    for standard in Standard::ALL {
        for component in Context::ALL {
            let Ok(encoder) = Encoder::for_context(standard, component, &Options::default()) else {
                continue;
            };
            for target in targets(component) {
                if supported(standard, target.into()).is_err() {
                    continue;
                }
                for b in 0..=255u8 {
                    let encoded = encoder.encode_to_vec(&[b'a', b, b'b']);
                    let valid = check(&encoded, standard, target.into()).is_ok();
                    if valid == refused(standard, component, target, b) {
                        wrong.push(format!(
                            "{standard} -c {} as {}: {:?} is {}",
                            component.name(),
                            target.name(),
                            String::from_utf8_lossy(&encoded),
                            if valid { "valid" } else { "invalid" }
                        ));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
