//! A standard stream the process was started without (`uriesc encode a >&-`) stays one that
//! cannot be written: a write to it fails with EBADF ("Bad file descriptor"), as `cat`'s does,
//! rather than succeeding into /dev/null or into a file the program opens later.
//!
//! POSIX gives a new descriptor the lowest number not open (open(2), "the lowest numbered
//! unused file descriptor"), so a closed 1 or 2 would be the next file opened. Rust's runtime
//! guards against that before `main`: it opens /dev/null, for reading and writing, in place of
//! a closed 0, 1 or 2. That hides the closed stream (a write to /dev/null succeeds). Here a
//! constructor that the C library runs before the runtime's check (an ELF `.init_array`
//! entry, run before `main`) opens /dev/null *read-only* in place of a closed 0, 1 or 2: the
//! number stays taken, reading it gives end of file (as the runtime's stand-in does), and a
//! write to it fails with EBADF, as a write to the closed descriptor would (POSIX write(2):
//! "not a valid file descriptor open for writing"). The writes themselves go through
//! [`super::stdio::StdStream`], which reports EBADF, where `std::io::stdout()` would take it
//! for success.
//!
//! Only on Linux and Android, where this is tested; elsewhere a closed stdout is the runtime's
//! /dev/null, as it was.

#[cfg(any(target_os = "linux", target_os = "android"))]
#[used]
// SAFETY: `.init_array` holds pointers to functions that take no arguments (the C library
// passes argc, argv and envp, which the C calling convention lets a function ignore), run once
// before `main` on the one thread there is; this is such a pointer, to a function that neither
// unwinds nor needs anything of Rust's runtime.
#[unsafe(link_section = ".init_array")]
static KEEP_CLOSED_STREAMS_CLOSED: extern "C" fn() = keep_closed_streams_closed;

/// Opens /dev/null read-only in place of each of the descriptors 0, 1 and 2 that is not open,
/// lowest first, so that each open takes the number it stands in for.
#[cfg(any(target_os = "linux", target_os = "android"))]
extern "C" fn keep_closed_streams_closed() {
    for fd in 0..=2 {
        // SAFETY: F_GETFD reads the descriptor flags of `fd`, open or not (then -1 and EBADF);
        // it reads or writes no memory of ours.
        let open = unsafe { libc::fcntl(fd, libc::F_GETFD) } != -1;
        if open || std::io::Error::last_os_error().raw_os_error() != Some(libc::EBADF) {
            continue;
        }
        // SAFETY: the path is a NUL-terminated string that outlives the call. The descriptor
        // is left open for the life of the process: it stands in for `fd`. Should the open
        // fail (no /dev/null), the runtime's own check after this aborts, as it always has.
        unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDONLY) };
    }
}
