// Hashing: the only file that includes xxhash.h, in its header-only mode (XXH_INLINE_ALL, as libxxhash-dev's
// header offers it), so that XXH3 compiles into cbox_hash: a short key, or none, hashes inline, without a
// call through a library's entry point and its length dispatch. Where xxhash.h is not found (an Apple
// platform without Homebrew's xxhash, which an app target could not link anyway), or with CBOX_OWN_XXH3
// defined, the project's own XXH3 (cbox_xxh3.c) computes the same hash.
#include "CBoxTable.h"

#if !defined(CBOX_OWN_XXH3) && __has_include(<xxhash.h>)
#define XXH_INLINE_ALL
#include <xxhash.h>
#define CBOX_SYSTEM_XXH3 true
static inline uint64_t cbox__xxh3(const void *_Nullable input, size_t length, uint64_t seed) {
    return XXH3_64bits_withSeed(input, length, seed);
}
#else
#define CBOX_SYSTEM_XXH3 false
static inline uint64_t cbox__xxh3(const void *_Nullable input, size_t length, uint64_t seed) {
    return cbox_xxh3_64(input, length, seed);
}
#endif

uint64_t cbox_hash(const void *type_id, const uint8_t *key, size_t key_length) {
    // XXH3 over the key's bytes, seeded with the type id's bits: every bit of both reaches the hash, and
    // equal keys of different types spread apart. No key and the empty key hash alike, so the hash takes
    // no flag for it; slots tell them apart by their key word.
    return cbox__xxh3(key_length ? (const void *)key : NULL, key_length, (uint64_t)(uintptr_t)type_id);
}

uint64_t cbox_hash_type(const void *type_id) {
    // cbox_hash with no key, the length known here: XXH3 folds to its path for no input.
    return cbox__xxh3(NULL, 0, (uint64_t)(uintptr_t)type_id);
}

uint64_t cbox_hash_bytes(uint64_t seed, const uint8_t *bytes, size_t length) {
    return cbox__xxh3(length ? (const void *)bytes : NULL, length, seed);
}

bool cbox_hash_uses_xxhash_library(void) { return CBOX_SYSTEM_XXH3; }
