//! Large tables read at random, on huge pages where the system allows:
//! with 4 KB pages nearly every read of such a table also misses the TLB.

/// The size of a huge page (x86-64 and most Linux systems): a table that
/// is to get huge pages starts on a multiple of it.
pub(crate) const HUGE_PAGE: usize = 2 << 20;

/// Asks the system to back the `len` bytes at `at`, not yet touched, with
/// huge pages. `at` must be a multiple of the page size (a multiple of
/// [`HUGE_PAGE`] is what gets huge pages).
///
/// # Errors
/// The system's refusal: an address not on a page boundary, or huge pages
/// not built into the kernel.
#[cfg(target_os = "linux")]
pub(crate) fn huge_pages(at: *mut u8, len: usize) -> std::io::Result<()> {
    // SAFETY: madvise only advises on the pages of a range this process
    // owns (the table's allocation); it reads and writes no memory.
    let done = unsafe { libc::madvise(at.cast(), len, libc::MADV_HUGEPAGE) };
    if done == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn huge_pages(_: *mut u8, _: usize) -> std::io::Result<()> {
    Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
}
