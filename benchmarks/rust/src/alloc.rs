//! A global allocator that counts the bytes requested while counting is switched on, for the
//! `alloc_bytes` column. It wraps the system allocator; when counting is off (the timing
//! passes) the only extra cost is one relaxed load per call.
//!
//! A `realloc` counts as an allocation of its new size (as a grown array is a new allocation in
//! Java); frees are not subtracted.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The counting allocator.
pub struct Counting;

static ON: AtomicBool = AtomicBool::new(false);
static BYTES: AtomicU64 = AtomicU64::new(0);

#[global_allocator]
static GLOBAL: Counting = Counting;

fn count(size: usize) {
    if ON.load(Ordering::Relaxed) {
        BYTES.fetch_add(size as u64, Ordering::Relaxed);
    }
}

// SAFETY: every call is forwarded unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        System.alloc_zeroed(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        System.realloc(ptr, layout, new_size)
    }
}

/// The bytes allocated (by any thread) while `f` runs. Not reentrant: one measurement at a time.
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, u64) {
    BYTES.store(0, Ordering::SeqCst);
    ON.store(true, Ordering::SeqCst);
    let value = f();
    ON.store(false, Ordering::SeqCst);
    (value, BYTES.load(Ordering::SeqCst))
}
