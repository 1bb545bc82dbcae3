// Hashing: the only file that includes xxhash.h.
#include "CBoxTable.h"

#include <xxhash.h>

uint64_t cbox_hash(const void *type_id, const uint8_t *key, size_t key_length, bool has_key) {
    uint64_t hash;
    if (has_key) {
        // The type id's bits seed XXH3 over the key's bytes, so equal keys of different types spread apart.
        hash = XXH3_64bits_withSeed(key_length ? (const void *)key : "", key_length, (uint64_t)(uintptr_t)type_id);
    } else {
        uintptr_t bits = (uintptr_t)type_id;
        hash = XXH3_64bits(&bits, sizeof bits);
    }
    return hash < 2 ? hash + 2 : hash;
}
