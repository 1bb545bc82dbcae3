// CBoxAtomics: atomic operations on 64-bit words and on single bytes, for the Swift state that threads share (ready flags,
// published instances, write counters, claims). Header-only: every function is `static inline`, so that a
// call from Swift, inlinable code included, compiles to the one instruction it stands for, and so that
// ThreadSanitizer sees each operation as the atomic it is (it instruments them where they are inlined).
//
// BoxKit's floor (iOS 17, macOS 14) is below the Synchronization module's (iOS 18, macOS 15), so these
// stand in for its `Atomic`. Every symbol starts with `cbox_atomic_`.
#ifndef CBOXATOMICS_H
#define CBOXATOMICS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#pragma clang assume_nonnull begin

_Static_assert(__atomic_always_lock_free(sizeof(uint64_t), 0), "64-bit atomics are lock-free on every target");

// MARK: - Orderings

/// The memory orderings, with the values of the compiler's `__ATOMIC_*` constants. A function below that
/// takes one and is inlined where it is a constant (every call from Swift's `_AtomicWord`) compiles to the
/// one instruction of that ordering; as a variable, the compiler chooses among the orderings at run time.
typedef enum cbox_atomic_order {
    CBOX_ATOMIC_RELAXED = __ATOMIC_RELAXED,
    CBOX_ATOMIC_ACQUIRE = __ATOMIC_ACQUIRE,
    CBOX_ATOMIC_RELEASE = __ATOMIC_RELEASE,
    CBOX_ATOMIC_ACQ_REL = __ATOMIC_ACQ_REL,
    CBOX_ATOMIC_SEQ_CST = __ATOMIC_SEQ_CST,
} cbox_atomic_order;

// MARK: - Loads and stores

/// The word; `order` is relaxed, acquire or sequentially consistent.
static inline uint64_t cbox_atomic_load(const uint64_t *word, cbox_atomic_order order) {
    return __atomic_load_n(word, (int)order);
}

/// Stores `value`; `order` is relaxed, release or sequentially consistent.
static inline void cbox_atomic_store(uint64_t *word, uint64_t value, cbox_atomic_order order) {
    __atomic_store_n(word, value, (int)order);
}

// MARK: - Read-modify-write

/// Adds `value` (wrapping) and returns the word's previous value.
static inline uint64_t cbox_atomic_add_relaxed(uint64_t *word, uint64_t value) {
    return __atomic_fetch_add(word, value, __ATOMIC_RELAXED);
}

/// Adds `value` (wrapping) with release ordering and returns the word's previous value.
static inline uint64_t cbox_atomic_add_release(uint64_t *word, uint64_t value) {
    return __atomic_fetch_add(word, value, __ATOMIC_RELEASE);
}

/// Stores `desired` if the word holds `*expected` and returns true; otherwise writes the word's value to
/// `*expected` and returns false. Acquire-release on success, acquire on failure.
static inline bool cbox_atomic_compare_exchange_acq_rel(uint64_t *word, uint64_t *expected, uint64_t desired) {
    return __atomic_compare_exchange_n(word, expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/// `cbox_atomic_compare_exchange_acq_rel`, sequentially consistent.
static inline bool cbox_atomic_compare_exchange_seq_cst(uint64_t *word, uint64_t *expected, uint64_t desired) {
    return __atomic_compare_exchange_n(word, expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

// MARK: - Bytes (flags that share a word, each its own memory location)

/// The byte; `order` is relaxed, acquire or sequentially consistent.
static inline uint8_t cbox_atomic_load_u8(const uint8_t *byte, cbox_atomic_order order) {
    return __atomic_load_n(byte, (int)order);
}

/// Stores `value`; `order` is relaxed, release or sequentially consistent.
static inline void cbox_atomic_store_u8(uint8_t *byte, uint8_t value, cbox_atomic_order order) {
    __atomic_store_n(byte, value, (int)order);
}

/// Sets the byte to 1 if it is 0, sequentially consistent; returns whether it did.
static inline bool cbox_atomic_claim_u8_seq_cst(uint8_t *byte) {
    uint8_t expected = 0;
    return __atomic_compare_exchange_n(byte, &expected, 1, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif
