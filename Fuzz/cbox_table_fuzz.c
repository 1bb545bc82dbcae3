// libFuzzer harness for the C table alone. The input is a program: each step reads an operation byte, a
// type id, a key length and key bytes, then inserts, replaces, finds, removes, clears or collects, against
// both the table and a plain shadow array. After every step the table's invariants must hold and every
// find must agree with the shadow; at the end every value must have been released exactly once.
//
// Build and run with `make fuzz` (clang's -fsanitize=fuzzer,address,undefined).
#include "CBoxTable.h"

#include <stdio.h>
#include <stdlib.h>

enum { MAX_ENTRIES = 256, MAX_KEY = 64 };

typedef struct {
    uintptr_t type;
    int has_key;
    size_t length;
    uint8_t key[MAX_KEY];
    int *value;  // a live value: a heap counter of how often it was released
} shadow_entry;

/// The type ids a program picks from. 0x1000, 0x60c0 and 0x9cc0 share one bucket of the type index (of
/// `CBOX_TYPE_INDEX` entries), and 0x1080, 0x4c80 and 0x9d40 another, so that buckets fill and a third type finds
/// its bucket full; `LLVMFuzzerTestOneInput` checks it, so that resizing the index cannot silently stop it.
static const uintptr_t fuzz_types[8] = {0x1000, 0x60c0, 0x9cc0, 0x1040, 0x1080, 0x4c80, 0x9d40, 0x10c0};

static shadow_entry shadow[MAX_ENTRIES];
static size_t shadow_count;
static long releases_owed;

static void release_value(void *value) {
    int *released = value;
    if (++*released != 1) {
        fprintf(stderr, "value released twice\n");
        abort();
    }
    releases_owed--;
    free(released);
}

static void check(cbox_table *table) {
    const char *broken = cbox_table_check_invariants(table);
    if (broken) {
        fprintf(stderr, "invariant broken: %s\n", broken);
        abort();
    }
    if (cbox_table_count(table) != shadow_count) {
        fprintf(stderr, "count %zu, shadow %zu\n", cbox_table_count(table), shadow_count);
        abort();
    }
}

static long find_shadow(uintptr_t type, int has_key, const uint8_t *key, size_t length) {
    for (size_t i = 0; i < shadow_count; i++) {
        shadow_entry *e = &shadow[i];
        if (e->type == type && e->has_key == has_key && e->length == length && memcmp(e->key, key, length) == 0) {
            return (long)i;
        }
    }
    return -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    for (size_t i = 0; i < 8; i += 4) {
        size_t bucket = cbox_type_bucket((const void *)fuzz_types[i]);
        if (cbox_type_bucket((const void *)fuzz_types[i + 1]) != bucket ||
            cbox_type_bucket((const void *)fuzz_types[i + 2]) != bucket) {
            fprintf(stderr, "fuzz_types[%zu...%zu] no longer share a bucket of the type index: choose others\n", i,
                    i + 2);
            abort();
        }
    }
    cbox_table *table = cbox_table_create(release_value);
    cbox_reader *reader = cbox_reader_current();
    shadow_count = 0;
    releases_owed = 0;
    size_t at = 0;
    while (at + 3 <= size) {
        uint8_t op = data[at++] % 4;
        size_t which = data[at++] % 8;
        uintptr_t type = fuzz_types[which];
        uint8_t shape = data[at++];
        int has_key = shape != 0xff;
        size_t length = has_key ? (size_t)(shape % (MAX_KEY + 1)) : 0;
        if (length > size - at) length = size - at;
        const uint8_t *key = data + at;
        at += length;
        uint64_t hash = cbox_hash((const void *)type, key, length);
        long found = find_shadow(type, has_key, key, length);
        switch (op) {
        case 0: {  // insert or replace
            int *value = calloc(1, sizeof(int));
            if (value == NULL) abort();
            bool replaced = cbox_table_insert(table, hash, (const void *)type, key, length, cbox_key_word(key, length, has_key), value);
            if (replaced != (found >= 0)) abort();
            releases_owed++;
            if (found >= 0) {
                shadow[found].value = value;
            } else if (shadow_count < MAX_ENTRIES) {
                shadow_entry *e = &shadow[shadow_count++];
                e->type = type;
                e->has_key = has_key;
                e->length = length;
                memcpy(e->key, key, length);
                e->value = value;
            } else {
                cbox_table_remove(table, hash, (const void *)type, key, length, cbox_key_word(key, length, has_key));  // keep the shadow bounded
            }
            break;
        }
        case 1: {  // find
            cbox_read_begin(reader);
            uint64_t word = cbox_key_word(key, length, has_key);
            const cbox_slot *slot = cbox_table_find_slot(table, hash, (const void *)type, key, length, word);
            void *value = slot ? cbox_slot_value(slot) : NULL;
            void *slot_ready = slot ? cbox_slot_ready(slot) : NULL;
            // The type index may not hold the identity (NULL), but what it holds is that entry's value, and
            // the ready object published for it (here the value itself), there or in the slot, is the current
            // value's or none.
            const cbox_type_entry *entry =
                cbox_key_word_is_indexed(word) ? cbox_table_index_entry(table, (const void *)type, word) : NULL;
            void *indexed = entry ? cbox_type_entry_value(entry) : NULL;
            void *ready = entry ? cbox_type_entry_ready(entry) : NULL;
            if (value != NULL && (shape & 2)) {
                cbox_table_publish_ready(table, hash, (const void *)type, key, length, word, value, value);
            }
            cbox_read_end(reader);
            if (value != (found >= 0 ? (void *)shadow[found].value : NULL)) {
                fprintf(stderr, "find disagrees with the shadow\n");
                abort();
            }
            if (indexed != NULL && indexed != value) {
                fprintf(stderr, "the type index disagrees with find\n");
                abort();
            }
            if (ready != NULL && ready != value) {
                fprintf(stderr, "the type index publishes another value's object\n");
                abort();
            }
            if (slot_ready != NULL && slot_ready != value) {
                fprintf(stderr, "a slot publishes another value's object\n");
                abort();
            }
            break;
        }
        case 2: {  // remove
            bool removed = cbox_table_remove(table, hash, (const void *)type, key, length, cbox_key_word(key, length, has_key));
            if (removed != (found >= 0)) abort();
            if (found >= 0) shadow[found] = shadow[--shadow_count];
            break;
        }
        case 3:  // clear, or collect
            if (shape & 1) {
                cbox_table_clear(table);
                shadow_count = 0;
            } else {
                cbox_batch *batch = cbox_table_collect(table);
                if (batch) cbox_batch_dispose(batch);
            }
            break;
        }
        check(table);
    }
    cbox_table_destroy(table);
    if (releases_owed != 0) {
        fprintf(stderr, "%ld values were never released\n", releases_owed);
        abort();
    }
    return 0;
}
