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

// MARK: - Loads

static inline uint64_t cbox_atomic_load_relaxed(const uint64_t *word) {
    return __atomic_load_n(word, __ATOMIC_RELAXED);
}

static inline uint64_t cbox_atomic_load_acquire(const uint64_t *word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static inline uint64_t cbox_atomic_load_seq_cst(const uint64_t *word) {
    return __atomic_load_n(word, __ATOMIC_SEQ_CST);
}

// MARK: - Stores

static inline void cbox_atomic_store_relaxed(uint64_t *word, uint64_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELAXED);
}

static inline void cbox_atomic_store_release(uint64_t *word, uint64_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

static inline void cbox_atomic_store_seq_cst(uint64_t *word, uint64_t value) {
    __atomic_store_n(word, value, __ATOMIC_SEQ_CST);
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

static inline bool cbox_atomic_load_u8_relaxed(const uint8_t *byte) {
    return __atomic_load_n(byte, __ATOMIC_RELAXED) != 0;
}

static inline bool cbox_atomic_load_u8_acquire(const uint8_t *byte) {
    return __atomic_load_n(byte, __ATOMIC_ACQUIRE) != 0;
}

static inline bool cbox_atomic_load_u8_seq_cst(const uint8_t *byte) {
    return __atomic_load_n(byte, __ATOMIC_SEQ_CST) != 0;
}

static inline void cbox_atomic_store_u8_relaxed(uint8_t *byte, bool value) {
    __atomic_store_n(byte, (uint8_t)value, __ATOMIC_RELAXED);
}

static inline void cbox_atomic_store_u8_release(uint8_t *byte, bool value) {
    __atomic_store_n(byte, (uint8_t)value, __ATOMIC_RELEASE);
}

static inline void cbox_atomic_store_u8_seq_cst(uint8_t *byte, bool value) {
    __atomic_store_n(byte, (uint8_t)value, __ATOMIC_SEQ_CST);
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
