//! The top domains whose look-alikes Chromium keeps in punycode, and the match of a host's
//! skeletons against theirs (`IDNSpoofChecker::GetSimilarTopDomain` and
//! `LookupSkeletonInTopDomains`, `components/url_formatter/spoof_checks/idn_spoof_checker.cc`).
//!
//! The list built in is Chromium's `top_domains/domains.list` (`data/domains.list`, with its
//! provenance and licence in `data/README.md`); `TopDomains::parse` reads another in the same
//! format, one domain a line, `#` starting a comment.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

use super::skeleton::skeletons;

/// A list of top domains, looked up by skeleton.
///
/// ```
/// use uriesc::spoof::TopDomains;
///
/// let top = TopDomains::parse("apple.com\nexample.org\n");
/// // Cyrillic а, р, ӏ, е: the skeleton of apple.com.
/// assert_eq!(top.similar("аррӏе.com"), Some("apple.com"));
/// assert_eq!(top.similar("www.apple.com"), None); // a subdomain of the top domain itself
/// assert_eq!(top.similar("bücher.de"), None);
/// ```
#[derive(Debug, Default)]
pub struct TopDomains {
    /// The list as it was given.
    text: Cow<'static, str>,
    /// Each skeleton of each domain, and the first domain that has it: computed on the first
    /// lookup, since only a host to be shown in Unicode is looked up, and those of the list
    /// built in took 4 ms, more than the rest of a short `pretty-print`.
    by_skeleton: OnceLock<HashMap<String, String>>,
}

/// Chromium's list, built in.
static BUILT_IN: TopDomains = TopDomains {
    text: Cow::Borrowed(include_str!("data/domains.list")),
    by_skeleton: OnceLock::new(),
};

/// Chromium matches at most the last four labels of a skeleton: no top domain has more.
const LABELS_TO_CHECK: usize = 4;

impl TopDomains {
    /// Chromium's list of top domains, built in (its skeletons are computed on first use).
    pub fn built_in() -> &'static TopDomains {
        &BUILT_IN
    }

    /// The list in `text`: one domain a line; blank lines and lines that start with `#` are
    /// skipped (its skeletons are computed on its first lookup).
    pub fn parse(text: &str) -> TopDomains {
        TopDomains {
            text: Cow::Owned(text.to_owned()),
            by_skeleton: OnceLock::new(),
        }
    }

    /// Whether the skeletons have been computed.
    #[cfg(test)]
    pub(crate) fn computed(&self) -> bool {
        self.by_skeleton.get().is_some()
    }

    /// Each skeleton of each domain, and the first domain that has it.
    fn by_skeleton(&self) -> &HashMap<String, String> {
        self.by_skeleton.get_or_init(|| {
            let mut by_skeleton = HashMap::new();
            for domain in self
                .text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
            {
                for skeleton in skeletons(domain) {
                    by_skeleton
                        .entry(skeleton)
                        .or_insert_with(|| domain.to_owned());
                }
            }
            by_skeleton
        })
    }

    /// The top domain that `host` (as it would be shown, in Unicode) looks like, if it is not
    /// that domain or one of its subdomains: a skeleton of `host`, or of its last two to four
    /// labels, is one of the domain's.
    pub fn similar(&self, host: &str) -> Option<&str> {
        for skeleton in skeletons(host) {
            let labels: Vec<&str> = skeleton.split('.').collect();
            let mut from = labels.len().saturating_sub(LABELS_TO_CHECK);
            while labels.len() - from >= 2 {
                if let Some(domain) = self.by_skeleton().get(&labels[from..].join(".")) {
                    let itself = host.eq_ignore_ascii_case(domain)
                        || host.len() > domain.len()
                            && host.is_char_boundary(host.len() - domain.len() - 1)
                            && host[host.len() - domain.len() - 1..]
                                .eq_ignore_ascii_case(&format!(".{domain}"));
                    return (!itself).then_some(domain.as_str());
                }
                from += 1;
            }
        }
        None
    }
}
