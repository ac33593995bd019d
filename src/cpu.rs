//! Which SIMD fast paths this CPU can run, and which of them the crate runs: this module owns
//! every choice of SIMD instructions in the crate (runtime feature detection, as the memchr
//! crate does it, with the instruction sets named as in Intel's and AMD's manuals).
//!
//! The fast paths need, by [`Level`]: `ByteSet::prefix_len` SSSE3 (16 bytes at a time) or
//! AVX-512 F and BW (64); `encode` and `decode` AVX2, or AVX-512 with VBMI (byte gathers
//! across a whole register) and VBMI2 (byte compress); the fast paths for common URIs and URLs
//! (`check`, `clean`, and under the URL Standard `parse` and `edit`) AVX2, or AVX-512 F and
//! BW; the digest `--unique` holds each key as (POLYVAL) PCLMULQDQ, which the AVX2 level
//! takes with it (every CPU with AVX2 has it), or VPCLMULQDQ, which the AVX-512 level takes
//! (every CPU with VBMI2 has it). Every other machine takes the portable loops.
//!
//! A [`Blocks`] is proof that this CPU runs a level: [`Blocks::new`] is the only way to make
//! one above [`Level::Portable`], and it returns `None` where the CPU lacks the features. So
//! the safe functions that take one (`Encoder::with_blocks`, `Decoder::with_blocks`,
//! `ByteSet::prefix_len_by`) never run an instruction the CPU lacks.
//!
//! The CPU's features are detected once for the whole crate, at first use, and
//! [`Blocks::selected`] (what the crate runs when not told otherwise) is chosen once too and
//! kept in an atomic, so a hot path pays one load for it. It is the best level this CPU has,
//! unless the environment variable `URIESC_FORCE_IMPLEMENTATION` (after simdjson's
//! `SIMDJSON_FORCE_IMPLEMENTATION`) names another one it has: `portable`, `ssse3`, `avx2` or
//! `avx512`. Empty means unset. The variable is read once, at first use; the `uriesc` command
//! checks it at start with [`Blocks::from_env`] and stops (status 2) on a name it does not
//! know or a level the CPU lacks. `portable` runs none of the crate's own SIMD code; the
//! `memchr` crate, which finds record ends and some bytes, is out of scope: it picks its own
//! instructions (and `stream` takes its SSE2 searcher, x86_64's baseline, by name).

use std::sync::atomic::{AtomicU8, Ordering};

/// The environment variable that names the level [`Blocks::selected`] takes.
pub(crate) const FORCE_VARIABLE: &str = "URIESC_FORCE_IMPLEMENTATION";

/// A set of SIMD fast paths, by the instructions they need; each level needs what the ones
/// below it need too, so the order says which is better.
///
/// ```
/// use uriesc::cpu::Level;
///
/// assert_eq!(Level::named("avx2"), Some(Level::Avx2));
/// assert_eq!(Level::Avx2.features(), ["SSSE3", "AVX2", "POPCNT", "PCLMULQDQ"]);
/// assert!(Level::Portable < Level::Avx512);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// The portable loops, on any CPU.
    Portable,
    /// SSSE3: `ByteSet::prefix_len` 16 bytes at a time.
    Ssse3,
    /// AVX2, POPCNT and PCLMULQDQ (and SSSE3): the AVX2 loops of `encode` and `decode`, and
    /// of the fast paths for common URIs and URLs, too; and the carry-less multiplies of
    /// `--unique`'s digest.
    Avx2,
    /// AVX-512 F, BW, VBMI and VBMI2, BMI2 and VPCLMULQDQ (and all AVX2 needs): the AVX-512
    /// loops of `encode`, `decode`, `ByteSet::prefix_len` and the fast paths for common URIs
    /// and URLs, and of `--unique`'s digest.
    Avx512,
}

impl Level {
    /// Every level, the best last.
    pub const ALL: [Level; 4] = [Level::Portable, Level::Ssse3, Level::Avx2, Level::Avx512];

    /// The level's name, as `URIESC_FORCE_IMPLEMENTATION` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Portable => "portable",
            Level::Ssse3 => "ssse3",
            Level::Avx2 => "avx2",
            Level::Avx512 => "avx512",
        }
    }

    /// The level named `name` (see [`Level::name`]).
    pub fn named(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name() == name)
    }

    /// The CPU features the level needs, by the names the vendors' manuals use.
    pub fn features(self) -> &'static [&'static str] {
        const AVX512: [&str; 10] = [
            "SSSE3",
            "AVX2",
            "POPCNT",
            "PCLMULQDQ",
            "AVX-512 F",
            "AVX-512 BW",
            "AVX-512 VBMI",
            "AVX-512 VBMI2",
            "BMI2",
            "VPCLMULQDQ",
        ];
        match self {
            Level::Portable => &[],
            Level::Ssse3 => &AVX512[..1],
            Level::Avx2 => &AVX512[..4],
            Level::Avx512 => &AVX512,
        }
    }

    /// The features of the level this CPU lacks (all of them on other architectures).
    pub(crate) fn lacking(self) -> Vec<&'static str> {
        let features = self.features().iter().copied();
        features.filter(|&feature| !has(feature)).collect()
    }
}

/// Whether this CPU has `feature` (one of [`Level::features`]).
fn has(feature: &str) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::is_x86_feature_detected as has;
        match feature {
            "SSSE3" => has!("ssse3"),
            "AVX2" => has!("avx2"),
            "POPCNT" => has!("popcnt"),
            "PCLMULQDQ" => has!("pclmulqdq"),
            "AVX-512 F" => has!("avx512f"),
            "AVX-512 BW" => has!("avx512bw"),
            "AVX-512 VBMI" => has!("avx512vbmi"),
            "AVX-512 VBMI2" => has!("avx512vbmi2"),
            "BMI2" => has!("bmi2"),
            "VPCLMULQDQ" => has!("vpclmulqdq"),
            _ => false,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = feature;
        false
    }
}

/// A level this CPU runs: made only by [`Blocks::new`] after detection (or
/// [`Blocks::portable`]), so holding one is proof that its loops are safe to run here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Blocks(Level);

/// The level of [`Blocks::selected`] plus one, or 0 until chosen.
static SELECTED: AtomicU8 = AtomicU8::new(0);
/// The best level this CPU has plus one, or 0 until detected.
static DETECTED: AtomicU8 = AtomicU8::new(0);

impl Blocks {
    /// The loops of `level`, where this CPU has all that they need (on x86_64 only, above
    /// [`Level::Portable`]).
    pub fn new(level: Level) -> Option<Blocks> {
        (level <= Blocks::detected()).then_some(Blocks(level))
    }

    /// The portable loops, which every CPU runs.
    pub const fn portable() -> Blocks {
        Blocks(Level::Portable)
    }

    /// Which level these are.
    #[inline]
    pub fn level(self) -> Level {
        self.0
    }

    /// Every level this CPU runs, the best last.
    ///
    /// ```
    /// use uriesc::cpu::{Blocks, Level};
    ///
    /// let available = Blocks::available();
    /// assert_eq!(available[0], Blocks::portable());
    /// assert!(available.iter().all(|blocks| Level::ALL.contains(&blocks.level())));
    /// ```
    pub fn available() -> Vec<Blocks> {
        Level::ALL.into_iter().filter_map(Blocks::new).collect()
    }

    /// The loops the crate runs: the best this CPU has, or the one `URIESC_FORCE_IMPLEMENTATION`
    /// names where the CPU has it. Chosen once; after that, one atomic load.
    ///
    /// ```
    /// use uriesc::cpu::Blocks;
    ///
    /// let selected = Blocks::selected();
    /// assert!(Blocks::available().contains(&selected));
    /// // Asked again, the same choice.
    /// assert_eq!(Blocks::selected(), selected);
    /// ```
    #[inline]
    pub fn selected() -> Blocks {
        match SELECTED.load(Ordering::Relaxed) {
            0 => Blocks::select(),
            n => Blocks(Level::ALL[usize::from(n - 1) & 3]),
        }
    }

    #[cold]
    #[inline(never)]
    fn select() -> Blocks {
        let best = Blocks(Blocks::detected());
        let blocks = Blocks::from_env().ok().flatten().unwrap_or(best);
        SELECTED.store(blocks.0 as u8 + 1, Ordering::Relaxed);
        blocks
    }

    /// The best level this CPU has, detected once.
    fn detected() -> Level {
        match DETECTED.load(Ordering::Relaxed) {
            0 => {
                let mut best = Level::Portable;
                for level in Level::ALL {
                    if level.lacking().is_empty() {
                        best = level;
                    }
                }
                DETECTED.store(best as u8 + 1, Ordering::Relaxed);
                best
            }
            n => Level::ALL[usize::from(n - 1) & 3],
        }
    }

    /// The level `URIESC_FORCE_IMPLEMENTATION` names: `None` where it is unset or empty, an
    /// error (saying which names this CPU takes) for a name that is not a level or a level
    /// the CPU lacks.
    pub fn from_env() -> Result<Option<Blocks>, ForceError> {
        let Some(value) = std::env::var_os(FORCE_VARIABLE) else {
            return Ok(None);
        };
        if value.is_empty() {
            return Ok(None);
        }
        let value_shown = value.to_string_lossy().into_owned();
        let Some(level) = value.to_str().and_then(Level::named) else {
            return Err(ForceError::NotALevel { value: value_shown });
        };
        match Blocks::new(level) {
            Some(blocks) => Ok(Some(blocks)),
            None => Err(ForceError::Lacking {
                value: value_shown,
                level,
            }),
        }
    }
}

/// Why `URIESC_FORCE_IMPLEMENTATION` names no level this CPU runs; the message says which it
/// takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ForceError {
    /// The value is no level's name.
    NotALevel {
        /// The value, as text.
        value: String,
    },
    /// The level needs instructions this CPU lacks.
    Lacking {
        /// The value, as text.
        value: String,
        /// The level it names.
        level: Level,
    },
}

impl std::fmt::Display for ForceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let choices: Vec<&str> = Blocks::available().iter().map(|b| b.0.name()).collect();
        let choices = choices.join(", ");
        match self {
            ForceError::NotALevel { value } => write!(
                f,
                "{FORCE_VARIABLE}={value}: not an implementation; choose one of: {choices}"
            ),
            ForceError::Lacking { value, level } => write!(
                f,
                "{FORCE_VARIABLE}={value}: this CPU lacks {}; choose one of: {choices}",
                level.lacking().join(", ")
            ),
        }
    }
}

impl std::error::Error for ForceError {}
