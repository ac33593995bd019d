//! `uriesc key`: its options (clap) and its run: the profile's options checked against it, then
//! every record keyed ([`key::Keyer`]), written as `--with-key`, `--unique` and `--format` say.

use std::process::ExitCode;

use clap::Args;
use uriesc::{key, stream};

use super::args::{Exit, Reports};
use super::{Input, KeyProfile, OutputFormat, output_forms, stdio};

#[derive(Debug, Args)]
pub struct KeyArgs {
    /// Which key: a field's own canonical form of a URL
    #[arg(help_heading = "Key", long, value_enum, value_name = "PROFILE")]
    pub profile: KeyProfile,
    /// whatwg: leave the fragment out (url.bs "URL equivalence" with exclude fragments)
    #[arg(help_heading = "Key", long)]
    pub no_fragment: bool,
    /// safebrowsing: after the key, each suffix/prefix expression a client looks up, after a
    /// space
    #[arg(help_heading = "Key", long)]
    pub expressions: bool,
    /// safebrowsing, with --expressions: each expression's SHA-256 (lowercase hex) instead
    #[arg(help_heading = "Key", long, requires = "expressions")]
    pub hash: bool,
    /// surt: the scheme too, http://(org,archive)/ (surt's with_scheme)
    #[arg(help_heading = "Key", long)]
    pub with_scheme: bool,
    /// surt: a comma after the host, org,archive,)/ (surt's trailing_comma)
    #[arg(help_heading = "Key", long)]
    pub trailing_comma: bool,
    /// surt: keep a leading www., www2., ... label (surt's host_massage=False)
    #[arg(help_heading = "Key", long)]
    pub keep_www: bool,
    /// Write KEY<TAB>RECORD (for sort -k1,1, join, reduceByKey)
    #[arg(help_heading = "Output", long)]
    pub with_key: bool,
    /// The key a line, as --with-key and --unique say; or JSON Lines, the record and its key
    #[arg(help_heading = "Output", long, value_parser = output_forms(
        "The key a line (KEY<TAB>RECORD with --with-key; with --unique, the records)",
        "JSON Lines: {\"record\":…,\"key\":…} a record (the key null where it has none); \
         with --unique, the first record of each key",
    ), default_value = "text", value_name = "FORMAT")]
    pub format: OutputFormat,
    /// Write each record whose key was not seen before (the record, or KEY<TAB>RECORD with
    /// --with-key), in input order; how many were dropped goes to stderr
    #[arg(help_heading = "Output", long)]
    pub unique: bool,
    /// With --unique, write each record it drops to FILE as PLACE<TAB>FIRST<TAB>RECORD: its
    /// place and that of the record whose key it repeats, each SOURCE:LINE
    /// (<stdin>:2<TAB><stdin>:1<TAB>HTTP://A:80/1)
    #[arg(
        help_heading = "Output",
        long,
        value_name = "FILE",
        requires = "unique"
    )]
    pub dropped: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub reports: Reports,
    #[command(flatten)]
    pub exit: Exit,
    #[command(flatten)]
    pub input: Input,
}

/// `key`: every record's key ([`key::Keyer`]), or its record once per key; with `--unique`,
/// how many were dropped on stderr.
pub fn run(args: KeyArgs) -> anyhow::Result<ExitCode> {
    let profile = args.profile.0;
    let only = |flag: &str, given: bool, allowed: key::Profile| {
        if given && profile != allowed {
            anyhow::bail!(
                "key {flag} is for --profile {}, not {}",
                allowed.name(),
                profile.name()
            );
        }
        Ok(())
    };
    only("--no-fragment", args.no_fragment, key::Profile::Whatwg)?;
    only(
        "--expressions",
        args.expressions,
        key::Profile::Safebrowsing,
    )?;
    only("--with-scheme", args.with_scheme, key::Profile::Surt)?;
    only("--trailing-comma", args.trailing_comma, key::Profile::Surt)?;
    only("--keep-www", args.keep_www, key::Profile::Surt)?;
    let options = key::Options {
        exclude_fragment: args.no_fragment,
        expressions: args.expressions,
        hash: args.hash,
        with_scheme: args.with_scheme,
        trailing_comma: args.trailing_comma,
        keep_www: args.keep_www,
        ..key::Options::new(profile)
    };
    // JSON Lines end each object with a newline (a record in JSON holds none).
    if args.format == OutputFormat::Json {
        for (flag, given) in [("-z", args.input.null), ("--with-key", args.with_key)] {
            if given {
                anyhow::bail!(
                    "key {flag} is for --format text: JSON Lines give each record and its key, \
                     one object a line"
                );
            }
        }
    }
    let output = match (args.format, args.unique, args.with_key) {
        (OutputFormat::Json, false, _) => key::Output::Json,
        (OutputFormat::Json, true, _) => key::Output::UniqueJson,
        (_, false, false) => key::Output::Key,
        (_, false, true) => key::Output::KeyAndRecord,
        (_, true, false) => key::Output::Unique,
        (_, true, true) => key::Output::UniqueKeyAndRecord,
    };
    let mut keyer =
        key::Keyer::new(options, output, stdio::messages()).with_format(args.reports.format.0);
    // An error of the --dropped file names it (status 2, as every I/O error).
    let named = |path: &std::path::Path| {
        uriesc::visible::visible(path.as_os_str().as_encoded_bytes()).into_owned()
    };
    if let Some(path) = &args.dropped {
        let file = anyhow::Context::with_context(std::fs::File::create(path), || {
            format!("key --dropped: cannot create '{}'", named(path))
        })?;
        let end = if args.input.null { 0 } else { b'\n' };
        keyer = keyer.with_dropped(key::Dropped::new(Box::new(file), end));
    }
    let outcome = stdio::run(&args.input.plan(), stream::WholeRecords::new(keyer))?;
    let mut keyer = outcome.filter.inner;
    if let Some(path) = &args.dropped {
        anyhow::Context::with_context(keyer.flush_dropped(), || {
            format!("key --dropped: cannot write '{}'", named(path))
        })?;
    }
    // The count is for people: not among reports on stderr written for a program.
    let for_people = args.reports.format.0.for_people();
    if args.unique && for_people {
        stdio::write_stderr(&format!(
            "uriesc key: {} of {} records dropped: their key was seen before ({} distinct keys)\n",
            keyer.dropped,
            keyer.keyed + keyer.failed,
            keyer.distinct()
        ))?;
    }
    Ok(args.exit.status(outcome.unreadable, keyer.failed > 0))
}
