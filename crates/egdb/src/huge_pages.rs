//! Large tables read at random, on huge pages where the system allows:
//! with 4 KB pages nearly every read of such a table also misses the TLB.

/// Asks the system to back `len` bytes at `at`, not yet touched, with
/// huge pages: the table is read at random, and with 4 KB pages nearly
/// every read also misses the TLB. Only advice: it may be ignored.
#[cfg(target_os = "linux")]
pub(crate) fn huge_pages(at: *mut u8, len: usize) {
    // SAFETY: madvise only advises on the pages of a range this process
    // owns (the table's allocation); it reads and writes no memory.
    unsafe {
        libc::madvise(at.cast(), len, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn huge_pages(_: *mut u8, _: usize) {}
