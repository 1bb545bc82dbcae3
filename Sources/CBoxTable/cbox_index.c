// The table's two indexes: the type index in its head and the overflow index it makes once it is large
// (see `cbox_table_head` in CBoxTable.h). Writers keep them in step with the slots within each write
// (`cbox__index`); readers look in them with `cbox_table_index_entry`; any thread may publish a ready object
// into an entry (`cbox_table_publish_ready`, in cbox_table.c, which publishes into the slot too). The
// concurrency contract is the table's (cbox_table.c).
#include "cbox_internal.h"

#include <stdlib.h>
#include <string.h>

/// The entry of the bucket `pair` (of either index) that holds the identity of `type_id` and `key_word`, or
/// NULL. Writers, and the invariant check, which the writer's lock keeps writes out of.
static const cbox_type_entry *_Nullable cbox__entry_in(const cbox_type_entry *pair, const void *type_id,
                                                       uint64_t key_word) {
    for (int i = 0; i < 2; i++) {
        if (pair[i].type == type_id && pair[i].key == key_word) return &pair[i];
    }
    return NULL;
}

/// Makes the bucket `pair` (of either index) say that the entry of `type_id` and `key_word` now holds `value`
/// (NULL: there is none), with `value`'s token (0 for NULL) stored in `ready` before it, so that a publication
/// for the value it replaces fails from then on. An identity not yet indexed takes a free entry of the bucket,
/// if it has one and `value` is not NULL; its `type` is published after its key and value. Returns false only
/// when the bucket is full of other identities. Writers only.
static bool cbox__index_in(cbox_type_entry *pair, const void *type_id, uint64_t key_word, void *_Nullable value) {
    uint64_t token = cbox__ready_token(value);
    for (int i = 0; i < 2; i++) {
        if (pair[i].type == type_id && pair[i].key == key_word) {
            __atomic_store_n(&pair[i].ready, token, __ATOMIC_RELEASE);
            __atomic_store_n(&pair[i].value, value, __ATOMIC_RELEASE);
            return true;
        }
        if (pair[i].type == NULL) {
            if (value == NULL) return true;
            pair[i].key = key_word;
            __atomic_store_n(&pair[i].ready, token, __ATOMIC_RELAXED);
            __atomic_store_n(&pair[i].value, value, __ATOMIC_RELAXED);
            __atomic_store_n(&pair[i].type, type_id, __ATOMIC_RELEASE);
            return true;
        }
    }
    return false;
}

/// Makes the overflow index and fills it with every live unkeyed or short-keyed entry that the type index
/// turned away (while their overflow buckets have room), then publishes it. Writers only; once per table.
static void cbox__make_overflow(cbox_table *table) {
    cbox_type_entry *overflow = NULL;
    if (posix_memalign((void **)&overflow, 64, CBOX_TYPE_OVERFLOW * sizeof(cbox_type_entry)) != 0) __builtin_trap();
    memset(overflow, 0, CBOX_TYPE_OVERFLOW * sizeof(cbox_type_entry));
    const cbox_slots *slots = table->head.current;
    for (uint64_t i = 0; i <= slots->mask; i++) {
        const cbox_slot *slot = &slots->slots[i];
        if (!cbox__is_live(slot->type) || !cbox_key_word_is_indexed(slot->key)) continue;
        const cbox_type_entry *pair = &table->head.types[2 * cbox_index_bucket(slot->type, slot->key)];
        if (cbox__entry_in(pair, slot->type, slot->key) != NULL) continue;
        cbox__index_in(&overflow[2 * cbox_overflow_bucket(slot->type, slot->key)], slot->type, slot->key,
                       slot->value);
    }
    __atomic_store_n(&table->head.overflow, overflow, __ATOMIC_RELEASE);
}

// An identity the overflow index holds never finds room in its type-index bucket later: entries keep their
// identities for the table's life.
void cbox__index(cbox_table *table, const void *type_id, uint64_t key_word, void *value) {
    if (cbox__index_in(&table->head.types[2 * cbox_index_bucket(type_id, key_word)], type_id, key_word, value)) {
        return;
    }
    if (table->head.overflow == NULL) {
        if (value == NULL || table->count < CBOX_TYPE_OVERFLOW_AFTER) return;
        cbox__make_overflow(table);
    }
    cbox__index_in(&table->head.overflow[2 * cbox_overflow_bucket(type_id, key_word)], type_id, key_word, value);
}

/// Empties the `count` entries of an index from `entries` on; they keep their identities.
static void cbox__empty_index(cbox_type_entry *entries, size_t count) {
    for (size_t i = 0; i < count; i++) {
        __atomic_store_n(&entries[i].ready, 0, __ATOMIC_RELEASE);
        __atomic_store_n(&entries[i].value, NULL, __ATOMIC_RELEASE);
    }
}

void cbox__index_empty(cbox_table *table) {
    cbox__empty_index(table->head.types, CBOX_TYPE_INDEX);
    if (table->head.overflow != NULL) cbox__empty_index(table->head.overflow, CBOX_TYPE_OVERFLOW);
}

/// The bucket of (`type_id`, `key_word`) in one of the two indexes.
typedef size_t (*cbox__bucket_fn)(const void *type_id, uint64_t key_word);

/// Checks the `count` entries of one index: each identity once, in its own bucket (`bucket` says which; a
/// bucket's second entry only after its first), holding a ready word that is its value's token or a published
/// object (0 without a value). Adds the entries that hold a value to `*holding`.
static const char *_Nullable cbox__check_index(const cbox_type_entry *types, size_t count, cbox__bucket_fn bucket,
                                               size_t *holding) {
    for (size_t i = 0; i < count; i += 2) {
        if (types[i].type == NULL && types[i + 1].type != NULL) {
            return "a bucket's second entry is used before its first";
        }
        if (types[i].type != NULL && types[i].type == types[i + 1].type && types[i].key == types[i + 1].key) {
            return "an identity is indexed twice";
        }
        for (size_t j = i; j < i + 2; j++) {
            if (types[j].type == NULL && (types[j].value != NULL || types[j].key != 0)) {
                return "an unused type-index entry holds a value or a key";
            }
            if (types[j].type != NULL && bucket(types[j].type, types[j].key) != i / 2) {
                return "an identity is indexed in another bucket";
            }
            if (types[j].type != NULL && !cbox_key_word_is_indexed(types[j].key)) return "a long key is indexed";
            if (types[j].value != NULL) (*holding)++;
            // Read once, atomically: a reader may publish an object in place of the token meanwhile.
            uint64_t ready = __atomic_load_n(&types[j].ready, __ATOMIC_RELAXED);
            if (types[j].value == NULL ? ready != 0 : ready == 0) return "a type-index entry's ready word is stale";
            if ((ready & CBOX_READY_TOKEN) && ready != cbox__ready_token(types[j].value)) {
                return "a type-index entry's token is another value's";
            }
        }
    }
    return NULL;
}

/// How the bucket `pair` holds the live slot `slot`'s identity: 1 when it does (`*other_value` set when with
/// another value), 0 when it does not but has room, -1 when it is full of other identities.
static int cbox__bucket_holds(const cbox_type_entry *pair, const cbox_slot *slot, bool *other_value) {
    const cbox_type_entry *entry = cbox__entry_in(pair, slot->type, slot->key);
    if (entry != NULL) {
        if (entry->value != slot->value) *other_value = true;
        return 1;
    }
    return pair[0].type == NULL || pair[1].type == NULL ? 0 : -1;
}

// Each index sound (`cbox__check_index`); every unkeyed or short-keyed entry indexed, holding exactly its
// entry's value, in its type-index bucket, or, when that is full, in its overflow bucket once the overflow
// index exists (unless that is full too), and never in both; no value held for an identity without an entry.
const char *cbox__check_type_index(const cbox_table *table) {
    const cbox_type_entry *types = table->head.types;
    const cbox_type_entry *overflow = table->head.overflow;
    size_t holding = 0;
    const char *problem = cbox__check_index(types, CBOX_TYPE_INDEX, cbox_index_bucket, &holding);
    if (problem == NULL && overflow != NULL) {
        problem = cbox__check_index(overflow, CBOX_TYPE_OVERFLOW, cbox_overflow_bucket, &holding);
    }
    if (problem != NULL) return problem;
    const cbox_slots *slots = table->head.current;
    size_t matched = 0;
    for (uint64_t i = 0; i <= slots->mask; i++) {
        const cbox_slot *slot = &slots->slots[i];
        if (!cbox__is_live(slot->type) || !cbox_key_word_is_indexed(slot->key)) continue;
        bool other_value = false;
        int primary = cbox__bucket_holds(&types[2 * cbox_index_bucket(slot->type, slot->key)], slot, &other_value);
        int secondary = overflow == NULL ? -1
                        : cbox__bucket_holds(&overflow[2 * cbox_overflow_bucket(slot->type, slot->key)], slot,
                                             &other_value);
        if (other_value) return "the type index holds another value than its entry";
        if (primary == 1 && secondary == 1) return "an identity is in both the type index and the overflow index";
        if (primary == 0) return "an unkeyed or short-keyed entry is missing from a bucket with room for it";
        if (primary == -1 && secondary == 0) {
            return "an entry turned away by a full type-index bucket is missing from the overflow index";
        }
        if (primary == 1 || secondary == 1) matched++;
    }
    if (matched != holding) return "the type index holds a value for an identity without an entry";
    return NULL;
}
