// The table: open addressing with linear probing over a power-of-two slot array.
//
// Concurrency contract: one writer at a time (the caller serialises writers), any number of readers that
// never lock. A slot is filled only while empty: the writer stores `key`, `value` and its token in `ready`,
// then publishes `type` with a release store. A deleted slot becomes a tombstone (`type` 1) and is never
// reused in place, so a reader that matched a slot's type always reads that occupant's key. Tombstones and
// growth are handled by rebuilding into a new array, published with one release store; the old array,
// removed values and removed long keys are retired and freed once no reader can hold them. The type index in
// the head mirrors the unkeyed and short-keyed entries it holds: every insert, replacement, removal and clear of
// such an entry updates it within the same write (a removal before the slot, an insert after it), so it holds
// what the slots hold, or what they held before the write in progress, never a value retired by an earlier
// write. An indexed identity keeps its entry for the table's life, removed or cleared, because a reader that
// matched it may be about to read the value. Each slot's and each index entry's `ready` word follows its
// value the same way (the value's token), except that any thread may replace the token of the value still
// there by that value's ready object (`cbox_table_publish_ready`): the one write that may not be the
// writer's. A rebuild copies each slot's `ready` word as it reads it, with an acquiring load. The overflow
// index follows the same rules for the identities whose type-index bucket is full; it is filled before it
// is published (one release store) and never moves or goes until the table is destroyed. The indexes' code
// is in cbox_index.c.
#include "cbox_internal.h"

#include <stdlib.h>
#include <sys/mman.h>

enum { CBOX_MIN_CAPACITY = 8 };

/// A growing table takes an array four times as large, rather than twice, while that array has at most this
/// many slots (64 KiB): a small table (most boxes hold tens to a few hundred services) then rehashes each
/// entry into a new array about a third as often while it fills (rehashing is most of what a growth costs),
/// and is just over one eighth full after a growth. Larger arrays double, so a large table's memory per entry
/// is what it would be with doubling throughout. Removals shrink an array that is at most one sixteenth full
/// (`cbox_table_remove`), so a table that grew fourfold gives its memory back as one that doubled does.
enum { CBOX_QUADRUPLE_MAX_SLOTS = 2048 };

/// Retired blocks (slot arrays, long keys) may wait for a collection until they add up to this many bytes:
/// freeing them needs a grace period, whose barrier (a `membarrier` system call) would otherwise be paid on
/// every growth of a small table. Retired values are never kept waiting: releasing them may run user code (a deinit).
#define CBOX_RETIRED_BLOCK_SLACK ((size_t)64 << 10)

/// Slot arrays this large are aligned to, and advised onto, transparent huge pages: a lookup in a
/// table of a million entries then costs its cache misses without a TLB miss on top.
#define CBOX_HUGE_ARRAY ((size_t)4 << 20)
#define CBOX_HUGE_PAGE ((size_t)2 << 20)

/// The bytes of a slot array of `capacity` slots, header included.
static size_t cbox__slots_size(size_t capacity) { return sizeof(cbox_slots) + capacity * sizeof(cbox_slot); }

/// The bytes of `slots`, header included.
static size_t cbox__slots_bytes(const cbox_slots *slots) { return cbox__slots_size((size_t)slots->mask + 1); }

static cbox_slots *cbox__slots_new(size_t capacity) {
    size_t bytes = cbox__slots_size(capacity);
    void *memory = NULL;
    if (posix_memalign(&memory, bytes >= CBOX_HUGE_ARRAY ? CBOX_HUGE_PAGE : 64, bytes) != 0) __builtin_trap();
#ifdef MADV_HUGEPAGE
    if (bytes >= CBOX_HUGE_ARRAY) madvise(memory, bytes, MADV_HUGEPAGE);
#endif
    memset(memory, 0, bytes);
    cbox_slots *slots = memory;
    slots->mask = capacity - 1;
    return slots;
}

static size_t cbox__key_length(uint64_t word) {
    if (word & CBOX_KEY_INLINE_BIT) return (size_t)((word >> 56) & 0x7f);
    return (size_t)((const cbox_key *)(uintptr_t)word)->length;
}

/// The bytes of the key whose key word is `*word` (not `CBOX_KEY_NONE`): an inline key's in the word itself
/// (byte i is bits 8i to 8i+7), copied into `inline_bytes` where memory holds them in another order; a long
/// key's where the table keeps them.
static const uint8_t *cbox__key_bytes(const uint64_t *word, uint8_t inline_bytes[CBOX_KEY_INLINE_MAX]) {
    if (!(*word & CBOX_KEY_INLINE_BIT)) return ((const cbox_key *)(uintptr_t)*word)->bytes;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    for (int i = 0; i < CBOX_KEY_INLINE_MAX; i++) inline_bytes[i] = (uint8_t)(*word >> (8 * i));
    return inline_bytes;
#else
    (void)inline_bytes;
    return (const uint8_t *)word;
#endif
}

/// The `cbox_hash` of the live slot `slot`'s type and key: the hash it was inserted with.
static uint64_t cbox__slot_hash(const cbox_slot *slot) {
    if (slot->key == CBOX_KEY_NONE) return cbox_hash_type(slot->type);
    uint8_t inline_bytes[CBOX_KEY_INLINE_MAX];
    return cbox_hash(slot->type, cbox__key_bytes(&slot->key, inline_bytes), cbox__key_length(slot->key));
}

static int cbox__is_long_key(uint64_t word) { return word != CBOX_KEY_NONE && !(word & CBOX_KEY_INLINE_BIT); }

static void cbox__retire_key(cbox_table *table, uint64_t word) {
    if (!cbox__is_long_key(word)) return;
    size_t bytes = sizeof(cbox_key) + ((const cbox_key *)(uintptr_t)word)->length;
    table->long_key_bytes -= bytes;
    cbox__retire(&table->retired, (void *)(uintptr_t)word, bytes);
}

cbox_table *cbox_table_create(cbox_release_fn release) {
    cbox_table *table = NULL;
    if (posix_memalign((void **)&table, 64, sizeof(cbox_table)) != 0) __builtin_trap();
    memset(table, 0, sizeof *table);
    table->release = release;
    table->head.current = cbox__slots_new(CBOX_MIN_CAPACITY);
    return table;
}

/// The shared empty table (`cbox_table_empty`), once made.
static cbox_table *cbox__empty_table;

/// The release function of the empty table, which never holds a value.
static void cbox__release_nothing(void *value) { (void)value; }

const cbox_table *cbox_table_empty(void) {
    cbox_table *empty = __atomic_load_n(&cbox__empty_table, __ATOMIC_ACQUIRE);
    if (__builtin_expect(empty != NULL, 1)) return empty;
    cbox_table *made = cbox_table_create(cbox__release_nothing);
    if (__atomic_compare_exchange_n(&cbox__empty_table, &empty, made, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        return made;
    }
    cbox_table_destroy(made);  // another thread made it first: `empty` is that one
    return empty;
}

void cbox_table_note_key(cbox_table *table, const void *type_id, uint64_t word0, uint64_t word1, uint64_t hash) {
    cbox_key_note *notes = table->head.notes;
    if (notes == NULL) {
        notes = calloc(CBOX_KEY_NOTES, sizeof(cbox_key_note));
        if (notes == NULL) __builtin_trap();
        __atomic_store_n(&table->head.notes, notes, __ATOMIC_RELEASE);
    }
    cbox_key_note *note = &notes[cbox_key_note_index(type_id, word0, word1)];
    __atomic_store_n(&note->type, type_id, __ATOMIC_RELAXED);
    __atomic_store_n(&note->words[0], word0, __ATOMIC_RELAXED);
    __atomic_store_n(&note->words[1], word1, __ATOMIC_RELAXED);
    __atomic_store_n(&note->hash, hash, __ATOMIC_RELAXED);
}

void cbox_table_destroy(cbox_table *table) {
    free(table->head.notes);
    free(table->head.overflow);
    cbox_slots *slots = table->head.current;
    for (uint64_t i = 0; i <= slots->mask; i++) {
        cbox_slot *slot = &slots->slots[i];
        if (!cbox__is_live(slot->type)) continue;
        if (cbox__is_long_key(slot->key)) free((void *)(uintptr_t)slot->key);
        table->release(slot->value);
    }
    free(slots);
    cbox__retired_destroy(&table->retired, table->release);
    free(table);
}

/// The first empty slot of `slots` from `hash`'s home slot on: where an entry with that hash goes (writers
/// only; the array has room).
static cbox_slot *cbox__first_empty(cbox_slots *slots, uint64_t hash) {
    uint64_t i = hash & slots->mask;
    while ((uintptr_t)slots->slots[i].type != CBOX_SLOT_EMPTY) i = (i + 1) & slots->mask;
    return &slots->slots[i];
}

/// A live slot of the array a rebuild copies from, with its hash.
typedef struct cbox__move {
    const cbox_slot *source;
    uint64_t hash;
} cbox__move;

/// How many live slots a rebuild into an array of at least `CBOX_REBUILD_PREFETCH_BYTES` hashes ahead of the
/// one it copies: each hash prefetches its home slot in the new array, so that in an array larger than the
/// caches the copies' scattered writes rarely wait for memory. A smaller array copies each slot as it hashes
/// it.
enum { CBOX_REBUILD_AHEAD = 16 };
#define CBOX_REBUILD_PREFETCH_BYTES ((size_t)512 << 10)

/// Copies the live slot `move.source` of the current array into `slots`, a new array not yet published, which
/// has no tombstones and room for it. `ready` is read with an acquiring load: a publication may replace it
/// meanwhile, and a reader that finds the object through the new array must see it as its publisher made it.
static void cbox__place(cbox_slots *slots, cbox__move move) {
    cbox_slot *slot = cbox__first_empty(slots, move.hash);
    slot->key = move.source->key;
    slot->value = move.source->value;
    slot->ready = __atomic_load_n(&move.source->ready, __ATOMIC_ACQUIRE);
    slot->type = move.source->type;
}

/// Rebuilds into an array with room for `count + extra` entries at a load of at most one half (or, growing a
/// small table, one quarter: `CBOX_QUADRUPLE_MAX_SLOTS`), dropping tombstones; publishes it and retires the
/// old array. Live slots are copied in their order in the old array, in a large array each `CBOX_REBUILD_AHEAD`
/// live slots after it was hashed.
static void cbox__rebuild(cbox_table *table, size_t extra) {
    cbox_slots *old = table->head.current;
    size_t capacity = CBOX_MIN_CAPACITY;
    while ((table->count + extra) * 2 > capacity) capacity *= 2;
    if (capacity > old->mask + 1 && capacity * 2 <= CBOX_QUADRUPLE_MAX_SLOTS) capacity *= 2;
    cbox_slots *fresh = cbox__slots_new(capacity);
    bool prefetches = cbox__slots_size(capacity) >= CBOX_REBUILD_PREFETCH_BYTES;
    cbox__move ahead[CBOX_REBUILD_AHEAD];
    size_t hashed = 0;
    for (uint64_t i = 0; i <= old->mask; i++) {
        const cbox_slot *source = &old->slots[i];
        if (!cbox__is_live(source->type)) continue;
        cbox__move move = {source, cbox__slot_hash(source)};
        if (!prefetches) {
            cbox__place(fresh, move);
            continue;
        }
        __builtin_prefetch(&fresh->slots[move.hash & fresh->mask], 1);
        cbox__move *waiting = &ahead[hashed++ % CBOX_REBUILD_AHEAD];
        if (hashed > CBOX_REBUILD_AHEAD) cbox__place(fresh, *waiting);
        *waiting = move;
    }
    for (size_t next = hashed > CBOX_REBUILD_AHEAD ? hashed - CBOX_REBUILD_AHEAD : 0; next < hashed; next++) {
        cbox__place(fresh, ahead[next % CBOX_REBUILD_AHEAD]);
    }
    __atomic_store_n(&table->head.current, fresh, __ATOMIC_RELEASE);
    table->tombstones = 0;
    cbox__retire(&table->retired, old, cbox__slots_bytes(old));
}

bool cbox_table_insert(cbox_table *table, uint64_t hash, const void *type_id, const uint8_t *key,
                       size_t key_length, uint64_t key_word, void *value) {
    cbox_slots *slots = table->head.current;
    cbox_slot *slot = (cbox_slot *)cbox_slots_probe(slots, hash, type_id, key, key_length, key_word);
    if (slot != NULL) {
        void *old = slot->value;
        __atomic_store_n(&slot->ready, cbox__ready_token(value), __ATOMIC_RELEASE);
        __atomic_store_n(&slot->value, value, __ATOMIC_RELEASE);
        if (cbox_key_word_is_indexed(key_word)) cbox__index(table, type_id, key_word, value);
        cbox__retire(&table->retired, old, CBOX_RETIRED_VALUE);
        cbox__seal(&table->retired);
        return true;
    }
    // Keep the load (live and deleted slots) at most one half, so that probes stay short and always end at
    // an empty slot.
    if ((table->count + table->tombstones + 1) * 2 > slots->mask + 1) {
        cbox__rebuild(table, 1);
        cbox__seal(&table->retired);
        slots = table->head.current;
    }
    uint64_t stored_word = key_word;
    if (key_word == CBOX_KEY_LONG) {
        cbox_key *copy = cbox__alloc(sizeof(cbox_key) + key_length);
        copy->length = key_length;
        memcpy(copy->bytes, key, key_length);
        table->long_key_bytes += sizeof(cbox_key) + key_length;
        stored_word = (uint64_t)(uintptr_t)copy;
    }
    slot = cbox__first_empty(slots, hash);
    slot->key = stored_word;
    __atomic_store_n(&slot->value, value, __ATOMIC_RELAXED);
    __atomic_store_n(&slot->ready, cbox__ready_token(value), __ATOMIC_RELAXED);
    __atomic_store_n(&slot->type, type_id, __ATOMIC_RELEASE);
    if (cbox_key_word_is_indexed(key_word)) cbox__index(table, type_id, key_word, value);
    table->count++;
    return false;
}

/// Replaces `value`'s token in the `ready` word `ready` by `object`; whether it did.
static bool cbox__publish_in(uint64_t *ready, const void *value, const void *object) {
    uint64_t token = cbox__ready_token(value);
    return __atomic_compare_exchange_n(ready, &token, (uint64_t)(uintptr_t)object, false, __ATOMIC_RELEASE,
                                       __ATOMIC_RELAXED);
}

bool cbox_table_publish_ready(cbox_table *table, uint64_t hash, const void *type_id, const uint8_t *key,
                              size_t key_length, uint64_t key_word, const void *value, const void *object) {
    if ((uintptr_t)object & CBOX_READY_TOKEN) return false;
    if (cbox_key_word_is_indexed(key_word)) {
        cbox_type_entry *entry = (cbox_type_entry *)cbox_table_index_entry(table, type_id, key_word);
        if (entry != NULL) cbox__publish_in(&entry->ready, value, object);
    }
    cbox_slot *slot = (cbox_slot *)cbox_table_find_slot(table, hash, type_id, key, key_length, key_word);
    return slot != NULL && cbox__publish_in(&slot->ready, value, object);
}

bool cbox_table_remove(cbox_table *table, uint64_t hash, const void *type_id, const uint8_t *key,
                       size_t key_length, uint64_t key_word) {
    cbox_slots *slots = table->head.current;
    cbox_slot *slot = (cbox_slot *)cbox_slots_probe(slots, hash, type_id, key, key_length, key_word);
    if (slot == NULL) return false;
    if (cbox_key_word_is_indexed(key_word)) cbox__index(table, type_id, key_word, NULL);
    __atomic_store_n(&slot->type, (const void *)CBOX_SLOT_DELETED, __ATOMIC_RELEASE);
    cbox__retire(&table->retired, slot->value, CBOX_RETIRED_VALUE);
    cbox__retire_key(table, slot->key);
    table->count--;
    table->tombstones++;
    // An array at most a sixteenth full is rebuilt at most a quarter full, so that removing most of a table's
    // entries gives its memory back; a mostly deleted one is rebuilt without its tombstones, so that churn
    // cannot grow memory or probe lengths. Every growth and every shrink leaves an array of the minimum size,
    // or over an eighth full and at most half full, so a table shrinks only after losing half its entries,
    // and a shrunk one grows again only after doubling them.
    size_t capacity = (size_t)slots->mask + 1;
    if (capacity > CBOX_MIN_CAPACITY && table->count * 16 <= capacity) {
        cbox__rebuild(table, table->count);
    } else if (table->tombstones * 4 > capacity) {
        cbox__rebuild(table, 0);
    }
    cbox__seal(&table->retired);
    return true;
}

void cbox_table_clear(cbox_table *table) {
    cbox__index_empty(table);
    cbox_slots *old = table->head.current;
    __atomic_store_n(&table->head.current, cbox__slots_new(CBOX_MIN_CAPACITY), __ATOMIC_RELEASE);
    for (uint64_t i = 0; i <= old->mask; i++) {
        cbox_slot *slot = &old->slots[i];
        if (!cbox__is_live(slot->type)) continue;
        cbox__retire(&table->retired, slot->value, CBOX_RETIRED_VALUE);
        cbox__retire_key(table, slot->key);
    }
    cbox__retire(&table->retired, old, cbox__slots_bytes(old));
    table->count = 0;
    table->tombstones = 0;
    cbox__seal(&table->retired);
}

size_t cbox_table_count(const cbox_table *table) { return table->count; }

size_t cbox_table_capacity(const cbox_table *table) { return (size_t)table->head.current->mask + 1; }

void *cbox_table_value_at(const cbox_table *table, size_t index) {
    const cbox_slots *slots = table->head.current;
    if (index > slots->mask || !cbox__is_live(slots->slots[index].type)) return NULL;
    return slots->slots[index].value;
}

void cbox_table_get_stats(const cbox_table *table, cbox_table_stats *stats) {
    const cbox_slots *slots = table->head.current;
    memset(stats, 0, sizeof *stats);
    stats->count = table->count;
    stats->tombstones = table->tombstones;
    stats->capacity = (size_t)slots->mask + 1;
    stats->retired = table->retired.count;
    stats->retired_bytes = table->retired.block_bytes;
    stats->bytes = sizeof(cbox_table) + sizeof(cbox_slots) + stats->capacity * sizeof(cbox_slot) +
                   table->long_key_bytes + table->retired.capacity * sizeof(cbox_retired) +
                   (table->head.notes ? CBOX_KEY_NOTES * sizeof(cbox_key_note) : 0) +
                   (table->head.overflow ? CBOX_TYPE_OVERFLOW * sizeof(cbox_type_entry) : 0);
    for (uint64_t i = 0; i <= slots->mask; i++) {
        const cbox_slot *slot = &slots->slots[i];
        if (!cbox__is_live(slot->type)) continue;
        size_t probe = (size_t)((i - (cbox__slot_hash(slot) & slots->mask)) & slots->mask) + 1;
        stats->total_probe += probe;
        if (probe > stats->max_probe) stats->max_probe = probe;
    }
}

const char *cbox_table_check_invariants(const cbox_table *table) {
    const cbox_slots *slots = table->head.current;
    size_t capacity = (size_t)slots->mask + 1;
    if (capacity < CBOX_MIN_CAPACITY || (capacity & (capacity - 1)) != 0) return "capacity is not a power of two";
    size_t live = 0, tombstones = 0, long_key_bytes = 0;
    for (uint64_t i = 0; i <= slots->mask; i++) {
        const cbox_slot *slot = &slots->slots[i];
        if ((uintptr_t)slot->type == CBOX_SLOT_DELETED) tombstones++;
        if (!cbox__is_live(slot->type)) continue;
        live++;
        if (slot->value == NULL) return "a live slot has no value";
        // Read once, atomically: a reader may publish an object in place of the token meanwhile.
        uint64_t ready = __atomic_load_n(&slot->ready, __ATOMIC_RELAXED);
        if (ready == 0) return "a live slot's ready word is empty";
        if ((ready & CBOX_READY_TOKEN) && ready != cbox__ready_token(slot->value)) {
            return "a slot's ready token is another value's";
        }
        if (slot->key == CBOX_KEY_LONG) return "a slot stores the query-only long-key word";
        if ((slot->key & CBOX_KEY_INLINE_BIT) && cbox__key_length(slot->key) > CBOX_KEY_INLINE_MAX) {
            return "an inline key is longer than the inline maximum";
        }
        if (cbox__is_long_key(slot->key)) {
            if (cbox__key_length(slot->key) <= CBOX_KEY_INLINE_MAX) return "a short key is stored out of line";
            long_key_bytes += sizeof(cbox_key) + cbox__key_length(slot->key);
        }
        size_t length = slot->key == CBOX_KEY_NONE ? 0 : cbox__key_length(slot->key);
        uint8_t inline_bytes[CBOX_KEY_INLINE_MAX];
        const uint8_t *bytes = slot->key == CBOX_KEY_NONE ? NULL : cbox__key_bytes(&slot->key, inline_bytes);
        uint64_t hash = cbox__slot_hash(slot);
        for (uint64_t j = hash & slots->mask; j != i; j = (j + 1) & slots->mask) {
            if ((uintptr_t)slots->slots[j].type == CBOX_SLOT_EMPTY) {
                return "an empty slot lies between an entry and its home slot";
            }
        }
        uint64_t word = cbox__is_long_key(slot->key) ? CBOX_KEY_LONG : slot->key;
        if (cbox_slots_probe(slots, hash, slot->type, bytes, length, word) != slot) {
            return "a key is stored in two live slots";
        }
    }
    if (live != table->count) return "the live count does not match the slots";
    const char *index_problem = cbox__check_type_index(table);
    if (index_problem != NULL) return index_problem;
    if (tombstones != table->tombstones) return "the tombstone count does not match the slots";
    if (live + tombstones >= capacity) return "the array has no empty slot, so a miss would never end";
    if ((live + tombstones) * 2 > capacity) return "the load is above one half";
    if (long_key_bytes != table->long_key_bytes) return "the long-key byte count does not match the slots";
    return cbox__retired_check(&table->retired);
}

cbox_batch *cbox_table_collect(cbox_table *table) { return cbox__collect(&table->retired, table->release); }

bool cbox_table_collect_is_due(const cbox_table *table) {
    return table->retired.values > 0 || table->retired.block_bytes >= CBOX_RETIRED_BLOCK_SLACK;
}
