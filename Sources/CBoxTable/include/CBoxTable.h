// CBoxTable: BoxKit's registry, an open-addressing hash table of (type id, key bytes), hashed with XXH3.
//
// The table knows nothing of Swift. It maps a key to an opaque value pointer; the caller retains a value
// before inserting it and the table hands it back to the release function given at creation once no reader
// can still see it. Readers never lock: writers (serialised by the caller) publish slots with release
// stores, and everything a writer unlinks is retired and reclaimed only after every reader that might hold
// it has left its read section (epoch-based reclamation over per-thread reader records).
//
// Every exported symbol starts with `cbox_`.
#ifndef CBOXTABLE_H
#define CBOXTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#pragma clang assume_nonnull begin

// MARK: - Keys and hashing

/// A slot's key word: 0 for "no key"; bit 63 set for a key of at most 7 bytes stored inline (length in
/// bits 56-62, bytes little-endian below); otherwise a pointer to a table-owned `cbox_key`.
#define CBOX_KEY_NONE ((uint64_t)0)
/// The key word a query uses for a key longer than 7 bytes; never stored in a slot.
#define CBOX_KEY_LONG ((uint64_t)1)
#define CBOX_KEY_INLINE_BIT ((uint64_t)0x8000000000000000ULL)
#define CBOX_KEY_INLINE_MAX 7

/// A key longer than `CBOX_KEY_INLINE_MAX` bytes, owned by the table: its length, then its bytes.
typedef struct cbox_key {
    uint64_t length;
    uint8_t bytes[];
} cbox_key;

/// The XXH3 hash of a type id and an optional key (XXH3 over the key bytes, seeded with the type id's
/// bits): the hash every function of the table that takes one expects. "No key" and the empty key hash alike
/// (pass NULL and 0 for either): slots tell them apart by their key word (`cbox_key_word`). `key` may be NULL
/// when `key_length` is 0.
uint64_t cbox_hash(const void *type_id, const uint8_t *_Nullable key, size_t key_length);

/// `cbox_hash(type_id, NULL, 0)`, compiled for no key.
uint64_t cbox_hash_type(const void *type_id);

/// The XXH3 hash of `length` bytes at `bytes` (NULL when `length` is 0) with `seed`: for hashing bytes that
/// are no table key (a `.perArguments` string argument's).
uint64_t cbox_hash_bytes(uint64_t seed, const uint8_t *_Nullable bytes, size_t length);

/// Whether `cbox_hash` uses the xxHash library's XXH3 (its header found at build time, and `CBOX_OWN_XXH3`
/// not defined) rather than the project's own, which computes the same hash.
bool cbox_hash_uses_xxhash_library(void);

/// The project's own XXH3-64 of `length` bytes at `input` (NULL when `length` is 0) with `seed`: what the
/// xxHash library's `XXH3_64bits_withSeed` returns for the same arguments.
uint64_t cbox_xxh3_64(const void *_Nullable input, size_t length, uint64_t seed);

/// The key word of a key of at most `CBOX_KEY_INLINE_MAX` bytes, given packed little-endian in `bytes`
/// (zero above the last byte), as `cbox_key_word` makes it from the bytes.
static inline uint64_t cbox_key_word_inline(uint64_t bytes, size_t key_length) {
    return CBOX_KEY_INLINE_BIT | ((uint64_t)key_length << 56) | bytes;
}

/// The key word a query compares slots against: inline for short keys, `CBOX_KEY_LONG` otherwise.
static inline uint64_t cbox_key_word(const uint8_t *_Nullable key, size_t key_length, bool has_key) {
    if (!has_key) return CBOX_KEY_NONE;
    if (key_length > CBOX_KEY_INLINE_MAX) return CBOX_KEY_LONG;
    uint64_t bytes = 0;
    if (key_length >= 4) {  // two overlapping 4-byte loads cover 4 to 7 bytes
        uint32_t low, high;
        memcpy(&low, key, 4);
        memcpy(&high, key + key_length - 4, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        low = __builtin_bswap32(low);  // byte i of the key is byte i of the word from its low end, as below
        high = __builtin_bswap32(high);
#endif
        bytes = low | ((uint64_t)high << (8 * (key_length - 4)));
    } else if (key_length > 0) {  // bytes 0, length / 2 and length - 1 cover 1 to 3 bytes
        bytes = (uint64_t)key[0] | ((uint64_t)key[key_length / 2] << (8 * (key_length / 2))) |
                ((uint64_t)key[key_length - 1] << (8 * (key_length - 1)));
    }
    return cbox_key_word_inline(bytes, key_length);
}

// MARK: - The table

/// The `type` of a slot that was never filled: a probe that reaches one stops.
#define CBOX_SLOT_EMPTY ((uintptr_t)0)
/// The `type` of a slot whose entry was removed (a tombstone): probes go past it; it is reused only when the
/// array is rebuilt.
#define CBOX_SLOT_DELETED ((uintptr_t)1)
/// The least `type` of a live entry: a type id (the address of type metadata) is never a sentinel.
#define CBOX_SLOT_FIRST_TYPE ((uintptr_t)2)

/// One slot: the entry's type id (or `CBOX_SLOT_EMPTY` or `CBOX_SLOT_DELETED`), its key word, its value, and
/// its `ready` word, which follows the value as a type-index entry's does (see `cbox_type_entry`): the
/// value's token, or the ready object published for that value (`cbox_table_publish_ready`). `type`, `value`
/// and `ready` are read and written atomically; the key, the value and its token are written before `type`
/// publishes them, and a live slot's type and key never change. The entry's hash is not kept: it is
/// `cbox_hash` of the type and key, which a rebuild computes again, so that the slot has room for `ready` and
/// a lookup that finds a ready object reads no more than the slot.
typedef struct cbox_slot {
    const void *_Nullable type;
    uint64_t key;
    void *_Nullable value;
    uint64_t ready;
} cbox_slot;
_Static_assert(sizeof(cbox_slot) == 32, "a slot is 32 bytes, so that two share a 64-byte cache line");

/// A slot array; replaced whole (and the old one retired) when the table grows or sheds deleted slots.
/// The header is padded to one slot and the array is 64-byte aligned, so that no slot straddles two
/// cache lines.
typedef struct cbox_slots {
    uint64_t mask;
    uint64_t reserved[3];
    cbox_slot slots[];
} cbox_slots;
_Static_assert(offsetof(cbox_slots, slots) == sizeof(cbox_slot), "the header is padded to one slot");

/// The opaque table. Create with `cbox_table_create`; destroy with `cbox_table_destroy`.
typedef struct cbox_table cbox_table;

/// A note of the hash of a key registered in a table, filed under the two words of the Swift string value
/// it was registered with (which identify that value; they are never dereferenced here).
typedef struct cbox_key_note {
    const void *_Nullable type;
    uint64_t words[2];
    uint64_t hash;
} cbox_key_note;

#define CBOX_KEY_NOTES 64

/// One entry of a table's type index: a type id and a key word (`CBOX_KEY_NONE`, or the inline word of an
/// ASCII key: the identities `cbox_key_word_is_indexed` admits), the value of that entry (NULL while it has
/// none), and its `ready` word. An entry's `type` is written once, after its `key` and its first `value`, and
/// neither changes, even when the entry is removed or the table cleared; `value` follows every insert,
/// replacement and removal of that entry within the same write. So a reader that matched `type` and `key`
/// reads the value the slots hold, or held before the write in progress, or NULL: never another entry's value
/// or one retired before its read section began.
///
/// `ready` is 0 while `value` is NULL; `value | 1` (an unpublished token) when a writer stores `value`; or,
/// once `cbox_table_publish_ready` replaced that very token, an object the value keeps alive until the table
/// releases the value (a ready shared instance, which its owner never changes while the value is live). A
/// reader that reads such an object inside a read section may use it until the section ends, as it may the
/// value.
typedef struct cbox_type_entry {
    const void *_Nullable type;
    void *_Nullable value;
    uint64_t ready;
    uint64_t key;
} cbox_type_entry;

/// The `ready` word's low bit: set in the token a writer stores, clear in a published object.
#define CBOX_READY_TOKEN ((uint64_t)1)

/// The object a `ready` word (a slot's or an index entry's) holds, read with an acquiring load, or NULL while
/// it holds its value's token or nothing.
static inline void *_Nullable cbox_ready_object(const uint64_t *ready_word) {
    uint64_t ready = __atomic_load_n(ready_word, __ATOMIC_ACQUIRE);
    return (ready & CBOX_READY_TOKEN) ? NULL : (void *)(uintptr_t)ready;
}

/// Entries of the type index: buckets of two, so that two identities that share a bucket are both indexed.
/// 256 buckets (16 KiB per table): they hold nearly all of a box of a few hundred services or short keys, and
/// about half of a box of 1,000.
#define CBOX_TYPE_INDEX 512
_Static_assert(CBOX_TYPE_INDEX == 2 << 8, "cbox_index_bucket takes the top 8 bits of its mix");

/// How many bits of the mix `cbox_overflow_bucket` takes: one per doubling of the overflow index's buckets.
#define CBOX_TYPE_OVERFLOW_BITS 11
/// Entries of a table's overflow index, which holds identities whose type-index bucket is full: 2,048 buckets
/// of two (128 KiB), made once the table holds `CBOX_TYPE_OVERFLOW_AFTER` entries and an identity finds its
/// bucket full, and kept for the table's life. With it, about 9 in 10 identities of a box of 3,000 services
/// are found without a hash or a probe (the two indexes hold 512 and about 2,170 of 3,000 metadata-like type
/// ids, `OverflowIndexTests`); a small box never pays for it.
#define CBOX_TYPE_OVERFLOW (2 << CBOX_TYPE_OVERFLOW_BITS)
/// Where `cbox_overflow_bucket` takes its bits of the mix: below the 8 that `cbox_index_bucket` takes.
#define CBOX_TYPE_OVERFLOW_SHIFT 40
_Static_assert(CBOX_TYPE_OVERFLOW_SHIFT + CBOX_TYPE_OVERFLOW_BITS <= 56,
               "the overflow index's bits are disjoint from the type index's");

/// How many entries a table holds before an identity that finds its type-index bucket full makes the
/// overflow index: as many as the type index has entries, so that a box of a few hundred services, which the
/// type index nearly covers, never zeroes 128 KiB while it registers.
#define CBOX_TYPE_OVERFLOW_AFTER CBOX_TYPE_INDEX

/// Whether the type index holds entries with this key word: no key, or an ASCII key of at most
/// `CBOX_KEY_INLINE_MAX` bytes (its inline word), the keys a lookup can name by that word alone; never a
/// longer or non-ASCII key.
static inline bool cbox_key_word_is_indexed(uint64_t key_word) {
    return key_word == CBOX_KEY_NONE ||
           ((key_word & CBOX_KEY_INLINE_BIT) != 0 && (key_word & 0x0080808080808080ULL) == 0);
}

/// The mix of (`type_id`, `key_word`) that both indexes take their buckets from.
static inline uint64_t cbox_index_mix(const void *type_id, uint64_t key_word) {
    return ((uint64_t)(uintptr_t)type_id ^ key_word) * 0x9E3779B97F4A7C15ull;
}

/// The bucket of (`type_id`, `key_word`) in the type index: entries `2 * bucket` and `2 * bucket + 1`.
static inline size_t cbox_index_bucket(const void *type_id, uint64_t key_word) {
    return (size_t)(cbox_index_mix(type_id, key_word) >> 56);
}

/// The bucket of (`type_id`, `key_word`) in the overflow index: bits of the mix disjoint from the type
/// index's, so that the identities a full type-index bucket turns away spread over every overflow bucket.
static inline size_t cbox_overflow_bucket(const void *type_id, uint64_t key_word) {
    return (size_t)((cbox_index_mix(type_id, key_word) >> CBOX_TYPE_OVERFLOW_SHIFT) & (CBOX_TYPE_OVERFLOW / 2 - 1));
}

/// The bucket of `type_id`'s unkeyed entry: `cbox_index_bucket(type_id, CBOX_KEY_NONE)`.
static inline size_t cbox_type_bucket(const void *type_id) { return cbox_index_bucket(type_id, CBOX_KEY_NONE); }

/// The readable head of every `cbox_table`: the current slot array, published with a release store; the
/// notes of registered keys' hashes (made by the first note, freed with the table); the type index, which
/// finds up to `CBOX_TYPE_INDEX` unkeyed or short-keyed entries without a hash or a probe: the first two such
/// identities ever inserted into each bucket, which keep their index entries for the table's life; and the
/// overflow index (`CBOX_TYPE_OVERFLOW` entries, NULL until made, published with a release store once
/// filled, then never moved), which does the same for identities whose type-index bucket was full.
typedef struct cbox_table_head {
    cbox_slots *current;
    cbox_key_note *_Nullable notes;
    cbox_type_entry *_Nullable overflow;
    uint64_t reserved[5];
    cbox_type_entry types[CBOX_TYPE_INDEX];
} cbox_table_head;
_Static_assert(offsetof(cbox_table_head, types) == 64, "the type index starts on a cache line of its own");
_Static_assert(sizeof(cbox_type_entry) * 2 == 64, "a bucket is one 64-byte cache line");

/// Releases one value the table no longer holds (balances the retain made before inserting it).
typedef void (*cbox_release_fn)(void *value);

/// Creates an empty table. Destroy with `cbox_table_destroy`.
cbox_table *cbox_table_create(cbox_release_fn release);

/// Destroys `table`: releases every live and retired value and frees all memory. No reader may be using it.
void cbox_table_destroy(cbox_table *table);

/// The shared empty table: no entries, accepted by every function that only reads (each lookup misses, its
/// count is 0, its invariants hold), made by the first call and kept for the process's life. An owner that
/// may never insert points its readers at it and makes a table of its own with `cbox_table_create` at its
/// first insert, published with a release store where the readers load the table: a reader that loaded the
/// empty table meanwhile misses, as it would just before the insert, and nothing is retired, since the empty
/// table is never freed. Never pass it to a function that writes, nor to `cbox_table_destroy`.
const cbox_table *cbox_table_empty(void);

/// The one probe loop: the live slot of `slots` holding (`type_id`, key), searched from the home slot of
/// `hash` (`cbox_hash` of them), or NULL. The key is given as its bytes and its key word (`cbox_key_word`), as
/// everywhere in this API. Readers call it inside a read section; writers, which the caller serialises, on
/// the current array.
static inline const cbox_slot *_Nullable cbox_slots_probe(const cbox_slots *slots, uint64_t hash,
                                                          const void *type_id, const uint8_t *_Nullable key,
                                                          size_t key_length, uint64_t key_word) {
    uint64_t mask = slots->mask;
    for (uint64_t i = hash & mask;; i = (i + 1) & mask) {
        const cbox_slot *slot = &slots->slots[i];
        const void *slot_type = __atomic_load_n(&slot->type, __ATOMIC_ACQUIRE);
        if ((uintptr_t)slot_type == CBOX_SLOT_EMPTY) return NULL;
        if (slot_type != type_id) continue;
        uint64_t word = slot->key;
        if (word != key_word) {
            if (key_word != CBOX_KEY_LONG || word == CBOX_KEY_NONE || (word & CBOX_KEY_INLINE_BIT)) continue;
            const cbox_key *stored = (const cbox_key *)(uintptr_t)word;
            if (stored->length != key_length || (key_length && memcmp(stored->bytes, key, key_length) != 0)) continue;
        }
        return slot;
    }
}

/// The live slot of the current array for (`type_id`, key), whose `cbox_hash` is `hash`, or NULL. Read it
/// with `cbox_slot_value` and `cbox_slot_ready`, inside the read section (`cbox_read_begin`) in which it was
/// found: the slot array may be retired once that section ends. Never locks.
static inline const cbox_slot *_Nullable cbox_table_find_slot(const cbox_table *table, uint64_t hash,
                                                              const void *type_id, const uint8_t *_Nullable key,
                                                              size_t key_length, uint64_t key_word) {
    const cbox_slots *slots = __atomic_load_n(&((const cbox_table_head *)table)->current, __ATOMIC_ACQUIRE);
    return cbox_slots_probe(slots, hash, type_id, key, key_length, key_word);
}

/// The value `slot` holds. It stays valid until the read section in which the slot was found ends.
static inline void *cbox_slot_value(const cbox_slot *slot) {
    return (void *)__atomic_load_n(&slot->value, __ATOMIC_ACQUIRE);
}

/// The object published for the value `slot` holds, or NULL when there is none; valid, like the value, until
/// the read section in which the slot was found ends.
static inline void *_Nullable cbox_slot_ready(const cbox_slot *slot) { return cbox_ready_object(&slot->ready); }

/// Finds the value for (`type_id`, key), whose `cbox_hash` is `hash`. Call inside a read section
/// (`cbox_read_begin`); the value stays valid until the matching `cbox_read_end`. Never locks.
static inline void *_Nullable cbox_table_find(const cbox_table *table, uint64_t hash, const void *type_id,
                                              const uint8_t *_Nullable key, size_t key_length, uint64_t key_word) {
    const cbox_slot *slot = cbox_table_find_slot(table, hash, type_id, key, key_length, key_word);
    return slot ? cbox_slot_value(slot) : NULL;
}

/// The type index's entry for `type_id` and `key_word` (which `cbox_key_word_is_indexed`), or the overflow
/// index's when the type index does not hold it, or NULL when neither does (`cbox_table_find` then decides).
/// Read it with `cbox_type_entry_value` and `cbox_type_entry_ready`, inside a read section, like
/// `cbox_table_find`. Never locks.
///
/// - Complexity: O(1): no hash, no probe; the entry is on the cache line of its bucket (of the overflow
///   index's bucket when the type index's is full).
static inline const cbox_type_entry *_Nullable cbox_table_index_entry(const cbox_table *table, const void *type_id,
                                                                     uint64_t key_word) {
    const cbox_table_head *head = (const cbox_table_head *)table;
    const cbox_type_entry *pair = &head->types[2 * cbox_index_bucket(type_id, key_word)];
    if (__atomic_load_n(&pair[0].type, __ATOMIC_ACQUIRE) == type_id && pair[0].key == key_word) return &pair[0];
    if (__atomic_load_n(&pair[1].type, __ATOMIC_ACQUIRE) == type_id && pair[1].key == key_word) return &pair[1];
    const cbox_type_entry *overflow = __atomic_load_n(&head->overflow, __ATOMIC_ACQUIRE);
    if (overflow == NULL) return NULL;
    pair = &overflow[2 * cbox_overflow_bucket(type_id, key_word)];
    if (__atomic_load_n(&pair[0].type, __ATOMIC_ACQUIRE) == type_id && pair[0].key == key_word) return &pair[0];
    if (__atomic_load_n(&pair[1].type, __ATOMIC_ACQUIRE) == type_id && pair[1].key == key_word) return &pair[1];
    return NULL;
}

/// `cbox_table_index_entry` for `type_id`'s unkeyed entry.
static inline const cbox_type_entry *_Nullable cbox_table_type_entry(const cbox_table *table, const void *type_id) {
    return cbox_table_index_entry(table, type_id, CBOX_KEY_NONE);
}

/// The value of the entry `entry` indexes, or NULL while there is none. It stays valid until the
/// read section in which it was read ends.
static inline void *_Nullable cbox_type_entry_value(const cbox_type_entry *entry) {
    return __atomic_load_n(&entry->value, __ATOMIC_ACQUIRE);
}

/// The object published for the value `entry` indexes (see `cbox_type_entry`), or NULL when there is none.
/// It stays valid until the read section in which it was read ends: no load from the value is needed.
static inline void *_Nullable cbox_type_entry_ready(const cbox_type_entry *entry) {
    return cbox_ready_object(&entry->ready);
}

/// The value of the unkeyed entry for `type_id`, found through the table's type index or its overflow index
/// (`cbox_table_type_entry`); NULL when neither holds `type_id` or the type has no unkeyed entry,
/// and `cbox_table_find` then decides. Call inside a read section, like `cbox_table_find`. Never locks.
static inline void *_Nullable cbox_table_find_type(const cbox_table *table, const void *type_id) {
    const cbox_type_entry *entry = cbox_table_type_entry(table, type_id);
    return entry ? cbox_type_entry_value(entry) : NULL;
}

/// Publishes `object` as the ready object of `value`, if `value` is still the entry of `type_id` and key
/// (`hash` is their `cbox_hash`): in its slot of the current array, and in its type-index entry (or its
/// overflow-index entry) if an index holds it. Each replaces the token for `value` (never an object, never
/// another value's token); an entry whose token is already gone keeps what it has. Returns whether the slot
/// took it. An object whose low bit is set (an Objective-C tagged pointer on x86-64) is never published. The
/// one function that may write to a table without the writer's lock: any thread may call it, inside a read
/// section (the slot array may be retired meanwhile), holding `value` alive (so that its address cannot be
/// reused for another value meanwhile). `object` must stay valid until the table releases `value`. Without
/// the lock, a rebuild may copy the slot just before the publication and keep the token in the new array,
/// whose lookups then read the value, as before publication; a caller holding the writer's lock (and so
/// needing no read section) never loses a publication that way.
bool cbox_table_publish_ready(cbox_table *table, uint64_t hash, const void *type_id, const uint8_t *_Nullable key,
                              size_t key_length, uint64_t key_word, const void *value, const void *object);

/// The note for (`type_id`, `word0`, `word1`) among `CBOX_KEY_NOTES`.
static inline size_t cbox_key_note_index(const void *type_id, uint64_t word0, uint64_t word1) {
    uint64_t mixed = ((uint64_t)(uintptr_t)type_id ^ word0 ^ (word1 << 7)) * 0x9E3779B97F4A7C15ull;
    return (size_t)(mixed >> 58);
}
_Static_assert(CBOX_KEY_NOTES == 1 << 6, "cbox_key_note_index takes the top 6 bits of its mix");

/// Notes that a key registered as the Swift string value (`word0`, `word1`) for `type_id` hashes to `hash`,
/// over whatever that note held. Writers only.
void cbox_table_note_key(cbox_table *table, const void *type_id, uint64_t word0, uint64_t word1, uint64_t hash);

/// The hash noted for the string value (`word0`, `word1`) and `type_id`, if any. A hint, never more: a note
/// read while a writer replaces it may mix two, and a string value may have been freed and its words reused,
/// so the caller looks the key up with its own bytes, which the table compares in full, and hashes them
/// afresh when that finds nothing. Never locks, never writes.
static inline bool cbox_table_noted_hash(const cbox_table *table, const void *type_id, uint64_t word0,
                                         uint64_t word1, uint64_t *hash) {
    const cbox_key_note *notes = __atomic_load_n(&((const cbox_table_head *)table)->notes, __ATOMIC_ACQUIRE);
    if (notes == NULL) return false;
    const cbox_key_note *note = &notes[cbox_key_note_index(type_id, word0, word1)];
    if (__atomic_load_n(&note->type, __ATOMIC_RELAXED) != type_id) return false;
    if (__atomic_load_n(&note->words[0], __ATOMIC_RELAXED) != word0) return false;
    if (__atomic_load_n(&note->words[1], __ATOMIC_RELAXED) != word1) return false;
    *hash = __atomic_load_n(&note->hash, __ATOMIC_RELAXED);
    return true;
}

/// Inserts or replaces, returning whether an entry was replaced. `hash` must be `cbox_hash` of the type and
/// key, as for every lookup: the slot is found from it, and a rebuild places the entry by that hash again.
/// The table takes over one reference to `value`; a replaced value is retired and released later. The key
/// bytes are copied. Writers must be serialised by the caller. Like every allocating function here, traps
/// when memory is exhausted.
bool cbox_table_insert(cbox_table *table, uint64_t hash, const void *type_id, const uint8_t *_Nullable key,
                       size_t key_length, uint64_t key_word, void *value);

/// Removes the entry for the key, retiring its value. Returns whether there was one. Writers only.
bool cbox_table_remove(cbox_table *table, uint64_t hash, const void *type_id, const uint8_t *_Nullable key,
                       size_t key_length, uint64_t key_word);

/// Removes every entry, retiring every value. Writers only.
void cbox_table_clear(cbox_table *table);

/// Number of live entries.
size_t cbox_table_count(const cbox_table *table);

/// Number of slots in the current array (a power of two).
size_t cbox_table_capacity(const cbox_table *table);

/// The value in slot `index` of the current array, or NULL if that slot is empty or deleted. Writers only.
void *_Nullable cbox_table_value_at(const cbox_table *table, size_t index);

/// Shape of the table for tests and benchmarks.
typedef struct cbox_table_stats {
    size_t count;          ///< live entries
    size_t tombstones;     ///< deleted slots not yet shed by a rebuild
    size_t capacity;       ///< slots in the current array
    size_t max_probe;      ///< longest probe sequence of a live entry (1 = found in its home slot)
    size_t total_probe;    ///< sum of the probe lengths of all live entries
    size_t retired;        ///< values and blocks waiting for readers to leave
    size_t retired_bytes;  ///< bytes of the retired blocks (slot arrays, long keys) among them
    size_t bytes;          ///< bytes held: slot array, long keys and the retire list
} cbox_table_stats;

/// Fills `stats`. Writers only.
void cbox_table_get_stats(const cbox_table *table, cbox_table_stats *stats);

/// Checks every structural invariant. Returns NULL when all hold, else a static description of the first
/// broken one. Writers only.
const char *_Nullable cbox_table_check_invariants(const cbox_table *table);

// MARK: - Reclamation

/// Values whose grace period has ended, detached from their table so that they can be released outside
/// the writer's lock. Dispose with `cbox_batch_dispose`.
typedef struct cbox_batch cbox_batch;

/// Frees retired memory no reader can hold and detaches the values that became releasable. Writers only.
/// Returns NULL when no value is releasable yet; otherwise dispose the batch with `cbox_batch_dispose`.
///
/// A retired value that some reader holds (see `cbox_reader`) stays retired, for a later collection. Every other
/// retired value is detached: when readers still inside a read section that began before it was retired
/// keep it, the collection waits for them to leave (read sections run no user code, so they are short),
/// unless the calling thread is inside a read section itself. So a write releases what it replaced or
/// removed before it returns, unless a reader holds it.
cbox_batch *_Nullable cbox_table_collect(cbox_table *table);

/// Whether a writer should collect now: a retired value is waiting (its release may run user code, so it is
/// never deferred), or retired blocks add up to enough memory to be worth a grace period. Below that,
/// blocks wait for a later collection, so that growing a small table costs no barrier. Writers only.
bool cbox_table_collect_is_due(const cbox_table *table);

/// Releases every value in `batch` and frees it.
void cbox_batch_dispose(cbox_batch *batch);

/// The table's reclamation for a structure that the caller keeps and that readers traverse without a lock,
/// as they do a table (BoxKit's instances per argument value): the values a writer unlinks from it are
/// retired here and handed back to the release function given at creation once no reader can still see
/// them. Readers find values inside read sections (`cbox_read_begin`), or hold them past one as a table's
/// (see `cbox_reader`). Writers, which the caller serialises, retire and collect. Create with
/// `cbox_retire_list_create`; destroy with `cbox_retire_list_destroy`.
typedef struct cbox_retire_list cbox_retire_list;

/// Creates an empty retire list whose values go to `release`. Destroy with `cbox_retire_list_destroy`.
cbox_retire_list *cbox_retire_list_create(cbox_release_fn release);

/// Releases every value still retired in `list` and frees it. No reader may be using them.
void cbox_retire_list_destroy(cbox_retire_list *list);

/// Retires `value`, which the caller's structure no longer links: it is released by a collection once every
/// read section that began before this call has ended and no reader holds it. Writers only.
void cbox_retire_list_add(cbox_retire_list *list, void *value);

/// `cbox_table_collect` for the values retired in `list`: NULL when none is releasable yet; otherwise
/// dispose the batch with `cbox_batch_dispose`, outside the writer's lock. Writers only.
cbox_batch *_Nullable cbox_retire_list_collect(cbox_retire_list *list);

/// How many values wait in `list` for readers to leave. Writers only.
size_t cbox_retire_list_count(const cbox_retire_list *list);

// MARK: - Readers

/// One entry of a reader's cache of unkeyed hashes: a type id and `cbox_hash` of it with no key.
typedef struct cbox_type_hash {
    const void *_Nullable type;
    uint64_t hash;
} cbox_type_hash;

#define CBOX_TYPE_HASH_CACHE 256

#define CBOX_READER_EXTENSION_WORDS 8

/// A thread's reader record: the epoch it announced while inside a read section (0 when outside), the
/// nesting depth of its read sections, the values its owner holds past its read sections and how to free
/// what the owner keeps (`cbox_reader_extend`), words the owner keeps its own per-thread state in
/// (`extension`: zero until the owner writes them, never read by the table), and a cache of unkeyed hashes.
/// Owned by the library: made when its thread first reads, freed (after `extension_destroy`) when the thread
/// ends.
///
/// Held values: `held` points at entries `held_stride` bytes apart, each beginning with a value pointer,
/// of which the first `*held_count` are in use. A value added there inside the read section that found it
/// stays valid after that section ends, until it is removed, because a collection keeps every retired value
/// a reader holds (`cbox_table_collect`). Only the owning thread writes the count and the entries' first
/// words, atomically; collections read them under the records' lock.
typedef struct cbox_reader {
    uint64_t active_epoch;
    uint64_t read_depth;
    struct cbox_reader *_Nullable next;
    void (*_Nullable extension_destroy)(void *extension);
    const void *_Nullable held;
    const uint64_t *_Nullable held_count;
    uint64_t held_stride;
    uint64_t reserved;
    uint64_t extension[CBOX_READER_EXTENSION_WORDS];
    cbox_type_hash type_hashes[CBOX_TYPE_HASH_CACHE];
} cbox_reader;
_Static_assert(offsetof(cbox_reader, extension) == 64, "the extension starts on a cache line of its own");
_Static_assert(offsetof(cbox_reader, type_hashes) == 128, "the hash cache starts on a cache line of its own");
_Static_assert(sizeof(cbox_reader) % 64 == 0, "records are whole cache lines");
_Static_assert((CBOX_TYPE_HASH_CACHE & (CBOX_TYPE_HASH_CACHE - 1)) == 0, "the hash cache is indexed by a mask");

/// The current thread's record, or NULL before its first use. Use `cbox_reader_current`.
extern __thread cbox_reader *_Nullable cbox_reader_record __attribute__((tls_model("initial-exec")));
/// The global epoch; advanced by writers when they retire memory.
extern uint64_t cbox_global_epoch;
/// Nonzero when readers must fence after announcing their epoch (the kernel lacks `membarrier`).
extern int cbox_reader_needs_fence;

/// Whether readers fence themselves after announcing their epoch (there is no `membarrier` for the writer to
/// issue), for tests and diagnostics; decided when the process's first reader attaches.
static inline bool cbox_readers_fence(void) { return __atomic_load_n(&cbox_reader_needs_fence, __ATOMIC_RELAXED); }

/// Makes every reader fence itself after announcing its epoch, as where there is no `membarrier` (`on`), or
/// fence only where that is needed again (`!on`): to measure Apple platforms' read protocol on Linux.
void cbox_readers_force_fence(bool on);

/// Attaches a new reader record to the calling thread; it is freed when the thread ends. Never NULL.
cbox_reader *cbox_reader_attach(void);

/// The number of reader records attached now: one per live thread that has read a table (and per sandbox
/// thread a verification parked).
size_t cbox_readers(void);

/// Whether the calling thread has a reader record now (it attaches one on first use).
static inline bool cbox_reader_is_attached(void) { return cbox_reader_record != NULL; }

/// The calling thread's reader record.
static inline cbox_reader *cbox_reader_current(void) {
    cbox_reader *record = cbox_reader_record;
    if (__builtin_expect(record == NULL, 0)) record = cbox_reader_attach();
    return (cbox_reader *)record;
}

/// Declares the values the calling thread's record `reader` holds (see `cbox_reader`), and `destroy`, which
/// frees what the owner keeps from `reader->extension` when the thread ends, after no collection can read
/// the record any more. Once per record.
void cbox_reader_extend(cbox_reader *reader, void (*destroy)(void *extension), const void *held,
                        const uint64_t *held_count, uint64_t held_stride);

/// Enters a read section (nestable). Values found inside stay valid until the outermost `cbox_read_end`,
/// or, once added to the reader's held values before it, until they are removed from them.
///
/// The announcement is a release store, like the one in `cbox_read_end`: a collection that reads either
/// one also sees every held value added before it.
static inline void cbox_read_begin(cbox_reader *reader) {
    if (reader->read_depth++ == 0) {
        __atomic_store_n(&reader->active_epoch, __atomic_load_n(&cbox_global_epoch, __ATOMIC_ACQUIRE),
                         __ATOMIC_RELEASE);
        if (cbox_reader_needs_fence) {
            __atomic_thread_fence(__ATOMIC_SEQ_CST);
        } else {
            __atomic_signal_fence(__ATOMIC_SEQ_CST);
        }
    }
}

/// Leaves a read section entered with `cbox_read_begin`.
static inline void cbox_read_end(cbox_reader *reader) {
    if (--reader->read_depth == 0) __atomic_store_n(&reader->active_epoch, 0, __ATOMIC_RELEASE);
}

/// Leaves every read section of the calling thread's `reader` at once, for a thread that gives up in the
/// middle of them and never resumes (see `cbox_sandbox_abandon`).
static inline void cbox_read_abandon(cbox_reader *reader) {
    reader->read_depth = 0;
    __atomic_store_n(&reader->active_epoch, 0, __ATOMIC_RELEASE);
}

/// `cbox_hash(type_id, NULL, 0)`, memoised per reader: type ids are type metadata addresses, which live as
/// long as the process, so an entry never goes stale.
static inline uint64_t cbox_type_hash_cached(cbox_reader *reader, const void *type_id) {
    uintptr_t bits = (uintptr_t)type_id;
    cbox_type_hash *entry = &reader->type_hashes[((bits >> 4) ^ (bits >> 12)) & (CBOX_TYPE_HASH_CACHE - 1)];
    if (__builtin_expect(entry->type == type_id, 1)) return entry->hash;
    uint64_t hash = cbox_hash_type(type_id);
    entry->type = type_id;
    entry->hash = hash;
    return hash;
}

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif  // CBOXTABLE_H
