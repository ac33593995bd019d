//! `edit` under the URL Standard: the record parsed (url.bs "URL parsing", through ada, with
//! the base where there is one), a reference resolved against it, each part given to the API's
//! setter (url.bs "API"), the query's pairs edited and given to the `search` setter, and the
//! URL serialized (`href`).

use super::{Failure, Options, ParamScratch, Part, Plan};

/// Edits `record` under the URL Standard into `out`.
pub(super) fn edit(
    record: &[u8],
    options: &Options,
    plan: &Plan,
    scratch: &mut ParamScratch,
    out: &mut Vec<u8>,
) -> Result<(), Failure> {
    if let Some(host) = &plan.common_host {
        // A common URL (`fast_path::serialize`: a special scheme, a domain of letters,
        // digits and `-`, no credentials, no dot segment) is written as the URL Standard
        // serializes it, with the new host where its host stood: the host setter would keep
        // the port (url.bs "host state" with a state override stops at the end of a host
        // without `:`), and the new host is its own ASCII form.
        if crate::fast_path::serialize_with_host(record, Some(host), out).is_some() {
            return Ok(());
        }
    }
    let mut url = parsed(record, options)?;
    if let Some(reference) = &options.redirect {
        // `with_redirect` took only UTF-8.
        let reference = std::str::from_utf8(reference).map_err(|_| Failure::Redirect)?;
        url = ada_url::Url::parse(reference, Some(url.href())).map_err(|_| Failure::Redirect)?;
    }
    // A setter that refuses its value leaves the URL as it was (url.bs: the setter returns):
    // that URL, before every edit, is what is written, and the refusal reported.
    let unedited = |out: &mut Vec<u8>| {
        if let Ok(url) = parsed(record, options) {
            out.extend_from_slice(url.href().as_bytes());
        }
    };
    for set in &options.sets {
        // `Set::parse` takes only UTF-8 for the URL Standard's reading; a `Set` made otherwise
        // with bytes of no UTF-8 is refused, as no setter could take it.
        let Ok(value) = set.value.as_deref().map(std::str::from_utf8).transpose() else {
            unedited(out);
            return Err(Failure::Refused(
                set.part,
                set.value.clone().unwrap_or_default(),
            ));
        };
        let result = match set.part {
            Part::Href => url.set_href(value.unwrap_or_default()),
            Part::Protocol => url.set_protocol(value.unwrap_or_default()),
            Part::Username => url.set_username(value),
            Part::Password => url.set_password(value),
            Part::Host => url.set_host(value),
            Part::Hostname => url.set_hostname(value),
            Part::Port => url.set_port(value),
            Part::Pathname => url.set_pathname(value),
            Part::Search => {
                url.set_search(value);
                Ok(())
            }
            Part::Hash => {
                url.set_hash(value);
                Ok(())
            }
            // `Set` gives the URL Standard's reading only its parts.
            _ => Ok(()),
        };
        if result.is_err() {
            unedited(out);
            let value = value.unwrap_or_default().as_bytes().to_vec();
            return Err(Failure::Refused(set.part, value));
        }
    }
    if !options.params.is_empty() {
        let search = url.search();
        let query = search.strip_prefix('?').map(str::as_bytes);
        // The `search` setter drops one leading `?` of what it is given (url.bs "search
        // setter"): the edited query goes after one, so that a query that begins with `?`
        // keeps it.
        let mut edited = std::mem::take(&mut scratch.query);
        edited.clear();
        edited.push(b'?');
        if let Some(present) = options.params.apply(query, scratch, &mut edited) {
            // Written from the query's own bytes and pairs encoded for a query, so UTF-8.
            url.set_search(present.then_some(&*String::from_utf8_lossy(&edited)));
        }
        scratch.query = edited;
    }
    out.extend_from_slice(url.href().as_bytes());
    Ok(())
}

/// The URL record of `record`, against the base where there is one, as `parse` reads it.
fn parsed(record: &[u8], options: &Options) -> Result<ada_url::Url, Failure> {
    crate::parse::parse_whatwg(record, options.base.as_deref()).map_err(Failure::Record)
}

/// The host a common URL gets from `options`, where that is all they do: every edit sets the
/// `host` or `hostname` to a domain that the host parser keeps as it is (url.bs "host parsing":
/// lowercase ASCII letters, digits and `-` in labels that are not empty, no `xn--` label for
/// IDNA to check, and a last label that begins with a letter, so no number, "ends in a number
/// checker"). The last such edit decides.
pub(super) fn common_host(options: &Options) -> Option<Vec<u8>> {
    if options.base.is_some() || options.redirect.is_some() || !options.params.is_empty() {
        return None;
    }
    let mut host = None;
    for set in &options.sets {
        match (set.part, &set.value) {
            (Part::Host | Part::Hostname, Some(value)) if plain_domain(value) => host = Some(value),
            _ => return None,
        }
    }
    host.cloned()
}

/// Whether `domain` is one the host parser keeps as it is (see [`common_host`]).
fn plain_domain(domain: &[u8]) -> bool {
    let mut labels = domain.split(|&b| b == b'.');
    let all_plain = labels.clone().all(|label| {
        !label.is_empty()
            && !label.starts_with(b"xn--")
            && label
                .iter()
                .all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    });
    let last = labels.next_back().unwrap_or_default();
    all_plain && last.first().is_some_and(u8::is_ascii_lowercase)
}
