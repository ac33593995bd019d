//! The core functions next to the crates they are measured against, on the same inputs, so
//! that every run gives the ratios the performance targets are stated in (see BENCHMARKS.md).
//!
//!   cargo bench --bench core
//!
//! Inputs: the real URLs of `tests/data/urls-permissive-slice.txt`, and non-ASCII text made
//! here from a fixed seed (code points of several scripts), each also percent-encoded. The
//! digest of `--unique` is timed on the URLs against SipHash and the `polyval` crate.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode, percent_encode};
use uriesc::check::{self, Target};
use uriesc::decode::{self, Decoder};
use uriesc::encode::{Encoder, Options};
use uriesc::sets::{Context, Standard};
use uriesc::stream::Filter;

const NOT_UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

fn urls() -> Vec<&'static str> {
    include_str!("../tests/data/urls-permissive-slice.txt")
        .lines()
        .collect()
}

/// Lines of text that are mostly non-ASCII: code points drawn from several scripts.
fn utf8_lines() -> Vec<String> {
    const SCRIPTS: [(u32, u32); 6] = [
        (0x4E00, 0x9FA5),
        (0x0410, 0x044F),
        (0x0905, 0x0939),
        (0x0391, 0x03C9),
        (0xAC00, 0xD7A3),
        (0x20, 0x7E),
    ];
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..2000)
        .map(|_| {
            let len = 10 + next() % 80;
            (0..len)
                .map(|_| {
                    let (lo, hi) = SCRIPTS[(next() % 6) as usize];
                    char::from_u32(lo + (next() % u64::from(hi - lo)) as u32).unwrap_or('?')
                })
                .collect()
        })
        .collect()
}

fn encode_all(lines: &[impl AsRef<[u8]>]) -> Vec<Vec<u8>> {
    let encoder =
        Encoder::for_context(Standard::Rfc3986, Context::Any, &Options::default()).unwrap();
    lines
        .iter()
        .map(|l| encoder.encode_to_vec(l.as_ref()))
        .collect()
}

fn bytes(lines: &[impl AsRef<[u8]>]) -> u64 {
    lines.iter().map(|l| l.as_ref().len() as u64 + 1).sum()
}

fn encode(c: &mut Criterion) {
    let urls = urls();
    let text = utf8_lines();
    let encoder =
        Encoder::for_context(Standard::Rfc3986, Context::Any, &Options::default()).unwrap();
    for (name, lines) in [
        (
            "urls",
            urls.iter().map(|s| s.as_bytes()).collect::<Vec<_>>(),
        ),
        ("utf8", text.iter().map(|s| s.as_bytes()).collect()),
    ] {
        let mut group = c.benchmark_group(format!("encode/{name}"));
        group.throughput(Throughput::Bytes(bytes(&lines)));
        let mut out = Vec::with_capacity(1 << 20);
        group.bench_function("uriesc", |b| {
            b.iter(|| {
                out.clear();
                for line in &lines {
                    encoder.encode(line, &mut out);
                }
                black_box(out.len())
            })
        });
        group.bench_function("percent-encoding", |b| {
            b.iter(|| {
                out.clear();
                for line in &lines {
                    for part in percent_encode(line, NOT_UNRESERVED) {
                        out.extend_from_slice(part.as_bytes());
                    }
                }
                black_box(out.len())
            })
        });
        group.finish();
    }
}

fn decode(c: &mut Criterion) {
    for (name, lines) in [
        ("urls", encode_all(&urls())),
        ("utf8", encode_all(&utf8_lines())),
    ] {
        let mut group = c.benchmark_group(format!("decode/{name}"));
        group.throughput(Throughput::Bytes(bytes(&lines)));
        let mut out = Vec::with_capacity(1 << 20);
        let mut decoder = Decoder::new(decode::Options::default());
        group.bench_function("uriesc", |b| {
            b.iter(|| {
                out.clear();
                for line in &lines {
                    let _ = decoder.piece(line, &mut out);
                    let _ = decoder.finish(&mut out);
                }
                black_box(out.len())
            })
        });
        group.bench_function("percent-encoding", |b| {
            b.iter(|| {
                out.clear();
                for line in &lines {
                    let decoded: std::borrow::Cow<[u8]> = percent_decode(line).into();
                    out.extend_from_slice(&decoded);
                }
                black_box(out.len())
            })
        });
        group.finish();
    }
}

fn validate(c: &mut Criterion) {
    let urls = urls();
    let mut group = c.benchmark_group("check/urls");
    group.throughput(Throughput::Bytes(bytes(&urls)));
    let count = |f: &dyn Fn(&str) -> bool| urls.iter().filter(|u| f(u)).count();
    group.bench_function("uriesc rfc3986", |b| {
        b.iter(|| {
            count(&|u| check::check(u.as_bytes(), Standard::Rfc3986, Target::Reference).is_ok())
        })
    });
    group.bench_function("fluent-uri", |b| {
        b.iter(|| count(&|u| fluent_uri::UriRef::parse(u).is_ok()))
    });
    group.bench_function("uriesc whatwg", |b| {
        b.iter(|| count(&|u| check::check(u.as_bytes(), Standard::Whatwg, Target::Uri).is_ok()))
    });
    group.bench_function("url", |b| b.iter(|| count(&|u| url::Url::parse(u).is_ok())));
    group.finish();
}

/// `--unique`'s digest of each URL (POLYVAL by carry-less multiplies, `Seen::digest`) against
/// SipHash-1-3 with a 128-bit output (the `siphasher` crate: the digest before POLYVAL) and
/// against the `polyval` crate's own API for the same digest.
fn digest(c: &mut Criterion) {
    use polyval::universal_hash::UniversalHash;

    let urls = urls();
    let mut group = c.benchmark_group("digest/urls");
    group.throughput(Throughput::Bytes(bytes(&urls)));
    let seen = uriesc::key::Seen::new();
    let each = |f: &dyn Fn(&[u8]) -> u128| urls.iter().fold(0, |x, u| x ^ f(u.as_bytes()));
    group.bench_function("uriesc", |b| b.iter(|| each(&|u| seen.digest(u))));
    let sip = siphasher::sip128::SipHasher13::new_with_keys(1, 2);
    group.bench_function("siphasher 1-3-128", |b| {
        b.iter(|| each(&|u| sip.hash(u).as_u128()))
    });
    let polyval = polyval::Polyval::new(&[7; 16].into());
    let by_crate = |u: &[u8]| {
        let mut polyval = polyval.clone();
        polyval.update_padded(u);
        polyval.update(&[(u.len() as u128).to_le_bytes().into()]);
        u128::from_le_bytes(polyval.finalize().into())
    };
    group.bench_function("polyval", |b| b.iter(|| each(&by_crate)));
    group.finish();
}

criterion_group!(benches, encode, decode, validate, digest);
criterion_main!(benches);
