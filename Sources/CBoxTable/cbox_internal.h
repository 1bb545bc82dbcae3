// Declarations shared by the table and the reclamation code; not part of the public C API.
#ifndef CBOX_INTERNAL_H
#define CBOX_INTERNAL_H

#include "CBoxTable.h"

/// Advances the global epoch and returns the value it had: memory unlinked before this call and tagged
/// with the returned value is unreachable to every reader that announces a later epoch.
uint64_t cbox__epoch_retire_tag(void);

/// What the readers hold, as a collection sees it after a full barrier on every thread of the process.
typedef struct cbox__readers {
    uint64_t least;          ///< the smallest epoch announced inside a read section; UINT64_MAX when none is
    const void **held;       ///< the values the readers hold, sorted (`held_count` of them)
    size_t held_count;
    size_t held_capacity;
} cbox__readers;

/// Fills `readers` (zeroed, or filled before: it is refilled). Free it with `cbox__readers_free`.
void cbox__readers_read(cbox__readers *readers);

/// Whether some reader held `value` when `readers` was read.
bool cbox__readers_hold(const cbox__readers *readers, const void *value);

void cbox__readers_free(cbox__readers *readers);

/// Gives the processor to another thread before `cbox__readers_read` is called again.
void cbox__readers_pause(void);

/// What was unlinked and when: a value (`bytes` is `CBOX_RETIRED_VALUE`), released through the table's
/// release function, or a block of `bytes` bytes (a slot array or a long key), freed.
typedef struct cbox_retired {
    void *pointer;
    uint64_t tag;
    uint64_t bytes;
} cbox_retired;
_Static_assert(sizeof(cbox_retired) == 24, "a retire record is three words");

/// The `bytes` of a retired value; every block has at least one byte.
#define CBOX_RETIRED_VALUE ((uint64_t)0)

/// What a writer unlinked and no reader may still see once the epoch it is tagged with is past: a table's,
/// or a `cbox_retire_list`'s. In tag order; the entries from `unsealed_from` on wait for the tag of the
/// write in progress (`cbox__seal`). Writers only: the owner serialises them.
typedef struct cbox__retired_list {
    cbox_retired *entries;
    size_t count;
    size_t capacity;
    size_t unsealed_from;
    size_t values;       ///< entries that are values
    size_t block_bytes;  ///< the bytes of the entries that are blocks
} cbox__retired_list;

/// Retires `pointer`: a value (`bytes` is `CBOX_RETIRED_VALUE`) or a block of `bytes` bytes, untagged until
/// `cbox__seal`.
void cbox__retire(cbox__retired_list *list, void *pointer, uint64_t bytes);

/// Tags everything retired by the current write with the epoch that the write advances past.
void cbox__seal(cbox__retired_list *list);

/// Frees the blocks no reader can reach any more and detaches the values that became releasable, as
/// `cbox_table_collect` describes; NULL when no value is. The batch hands its values to `release`.
cbox_batch *cbox__collect(cbox__retired_list *list, cbox_release_fn release);

/// Releases every retired value through `release` and frees every retired block and the list's memory. No
/// reader may be using any of them.
void cbox__retired_destroy(cbox__retired_list *list, cbox_release_fn release);

/// The retire list's part of an invariant check: the first broken invariant, or NULL.
const char *cbox__retired_check(const cbox__retired_list *list);

/// `malloc` that traps when memory is exhausted.
void *cbox__alloc(size_t size);

struct cbox_table {
    cbox_table_head head;  // first, so that cbox_table_find can read it through cbox_table_head
    size_t count;
    size_t tombstones;
    size_t long_key_bytes;
    cbox_release_fn release;
    cbox__retired_list retired;
};

struct cbox_retire_list {
    cbox__retired_list retired;
    cbox_release_fn release;
};

/// Whether a slot's `type` says it holds an entry (not empty, not a tombstone).
static inline bool cbox__is_live(const void *type) { return (uintptr_t)type >= CBOX_SLOT_FIRST_TYPE; }

/// The token a writer stores in an entry's `ready` word with `value` (either index's, or a slot's): 0 for no
/// value.
static inline uint64_t cbox__ready_token(const void *value) {
    return value == NULL ? 0 : ((uint64_t)(uintptr_t)value | CBOX_READY_TOKEN);
}

// MARK: - The indexes (cbox_index.c)

/// Makes the indexes say that the entry of `type_id` and `key_word` (which `cbox_key_word_is_indexed`) now
/// holds `value` (NULL: there is none): the type index's bucket, or, when it is full of other identities, the
/// overflow index's, which the first such identity makes once the table holds `CBOX_TYPE_OVERFLOW_AFTER`
/// entries (the slots must already hold `value`). Writers only, within the write that changes the slots.
void cbox__index(cbox_table *table, const void *type_id, uint64_t key_word, void *value);

/// Empties every entry of both indexes (a clear); the entries keep their identities. Writers only.
void cbox__index_empty(cbox_table *table);

/// The indexes' part of `cbox_table_check_invariants`: the first broken invariant, or NULL.
const char *cbox__check_type_index(const cbox_table *table);

#endif
