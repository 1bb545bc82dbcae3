// Hashing: the only file that includes xxhash.h, in its header-only mode (XXH_INLINE_ALL, as libxxhash-dev's
// header offers it), so that XXH3 compiles into cbox_hash: a short key, or none, hashes in a few dozen
// instructions without a call through the shared library's entry point and its length dispatch.
#include "CBoxTable.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

uint64_t cbox_hash(const void *type_id, const uint8_t *key, size_t key_length) {
    // XXH3 over the key's bytes, seeded with the type id's bits: every bit of both reaches the hash, and
    // equal keys of different types spread apart. No key and the empty key hash alike, so the hash takes
    // no flag for it; slots tell them apart by their key word.
    return XXH3_64bits_withSeed(key_length ? (const void *)key : NULL, key_length, (uint64_t)(uintptr_t)type_id);
}

uint64_t cbox_hash_type(const void *type_id) {
    // cbox_hash with no key, the length known here: XXH3 folds to its few instructions for no input.
    return XXH3_64bits_withSeed(NULL, 0, (uint64_t)(uintptr_t)type_id);
}
