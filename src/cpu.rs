//! Which block loops this CPU can run: the fast paths of `encode` and `decode` use AVX2, or
//! AVX-512 with VBMI (byte gathers across a whole register) and VBMI2 (byte compress), found
//! at run time; every other machine takes the plain loops. (`ByteSet::prefix_len` and
//! `check`'s quick yes need less, AVX-512 F and BW, and look for it themselves; tests run
//! them each way through `Blocks` too.)

/// A block loop, by the instructions it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocks {
    /// None: the plain loops only.
    None,
    /// AVX2 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    Avx2,
    /// AVX-512 F, BW, VBMI and VBMI2, BMI2 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Blocks {
    /// Every block loop this CPU can run, the best last.
    pub fn available() -> Vec<Blocks> {
        #[allow(unused_mut)]
        let mut all = vec![Blocks::None];
        #[cfg(target_arch = "x86_64")]
        {
            use std::is_x86_feature_detected as has;
            if has!("avx2") && has!("popcnt") {
                all.push(Blocks::Avx2);
                let avx512 = has!("avx512f") && has!("avx512bw") && has!("avx512vbmi");
                if avx512 && has!("avx512vbmi2") && has!("bmi2") {
                    all.push(Blocks::Avx512);
                }
            }
        }
        all
    }

    /// The best block loop this CPU can run.
    pub fn best() -> Blocks {
        Blocks::available().pop().unwrap_or(Blocks::None)
    }
}
