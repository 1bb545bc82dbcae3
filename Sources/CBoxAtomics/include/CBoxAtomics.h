// CBoxAtomics: atomic operations on 64-bit words and on single bytes, for the Swift state that threads
// share (ready flags, published instances, write counters, claims). Header-only: every function is
// `static inline`, so that a call from Swift, inlinable code included, compiles to the one instruction it
// stands for, and so that ThreadSanitizer sees each operation as the atomic it is (it instruments them where
// they are inlined).
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

/// The memory orderings: the compiler's `__ATOMIC_*` constants, under BoxKit's prefix. The functions below
/// take one as an `int` (Swift's `_AtomicOrdering` passes its raw value, which is the same): inlined where it
/// is a constant, as in every call from Swift, an operation compiles to the one instruction of that ordering;
/// as a variable, the compiler chooses among the orderings at run time.
#define CBOX_ATOMIC_RELAXED __ATOMIC_RELAXED
#define CBOX_ATOMIC_ACQUIRE __ATOMIC_ACQUIRE
#define CBOX_ATOMIC_RELEASE __ATOMIC_RELEASE
#define CBOX_ATOMIC_ACQ_REL __ATOMIC_ACQ_REL
#define CBOX_ATOMIC_SEQ_CST __ATOMIC_SEQ_CST

// MARK: - Words

/// The word; `order` is relaxed, acquire or sequentially consistent.
static inline uint64_t cbox_atomic_load(const uint64_t *word, int order) { return __atomic_load_n(word, order); }

/// Stores `value`; `order` is relaxed, release or sequentially consistent.
static inline void cbox_atomic_store(uint64_t *word, uint64_t value, int order) {
    __atomic_store_n(word, value, order);
}

/// Adds `value` (wrapping) and returns the word's previous value; any `order`.
static inline uint64_t cbox_atomic_add(uint64_t *word, uint64_t value, int order) {
    return __atomic_fetch_add(word, value, order);
}

/// Stores `desired` if the word holds `*expected` and returns true; otherwise writes the word's value to
/// `*expected` and returns false. `order` (acquire-release or sequentially consistent) on success; on
/// failure, acquire for acquire-release, sequentially consistent for sequentially consistent.
static inline bool cbox_atomic_compare_exchange(uint64_t *word, uint64_t *expected, uint64_t desired, int order) {
    int failure = order == __ATOMIC_ACQ_REL ? __ATOMIC_ACQUIRE : order;
    return __atomic_compare_exchange_n(word, expected, desired, false, order, failure);
}

// MARK: - Bytes (flags that share a word, each its own memory location)

/// The byte; `order` is relaxed, acquire or sequentially consistent.
static inline uint8_t cbox_atomic_load_u8(const uint8_t *byte, int order) { return __atomic_load_n(byte, order); }

/// Stores `value`; `order` is relaxed, release or sequentially consistent.
static inline void cbox_atomic_store_u8(uint8_t *byte, uint8_t value, int order) {
    __atomic_store_n(byte, value, order);
}

/// Sets the byte to 1 if it is 0, sequentially consistent; returns whether it did.
static inline bool cbox_atomic_claim_u8_seq_cst(uint8_t *byte) {
    uint8_t expected = 0;
    return __atomic_compare_exchange_n(byte, &expected, 1, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

/// Sets the bits of `bits` in the byte, sequentially consistent; returns the byte as it was.
static inline uint8_t cbox_atomic_or_u8_seq_cst(uint8_t *byte, uint8_t bits) {
    return __atomic_fetch_or(byte, bits, __ATOMIC_SEQ_CST);
}

/// Clears the bits of `bits` in the byte, sequentially consistent.
static inline void cbox_atomic_clear_u8_seq_cst(uint8_t *byte, uint8_t bits) {
    __atomic_fetch_and(byte, (uint8_t)~bits, __ATOMIC_SEQ_CST);
}

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif
