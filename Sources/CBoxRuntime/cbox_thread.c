// Per-thread resolution state: kept in the extension words of the thread's reader record; its chain, made on
// the first push, is that record's held values, and is freed with the record when the thread ends.
#include "CBoxRuntime.h"

#include <stdlib.h>

static void cbox__slab_release(cbox_slab *slab) {
    if (__atomic_sub_fetch(&slab->references, 1, __ATOMIC_ACQ_REL) == 0) free(slab);
}

static void cbox__thread_destroy(void *extension) {
    cbox_thread *thread = extension;
    free(thread->chain);
    free(thread->edges);
    if (thread->slab) cbox__slab_release(thread->slab);
}

static cbox_slab *cbox__slab_make(uint64_t capacity, uint64_t references) {
    cbox_slab *slab = malloc(sizeof(cbox_slab) + capacity * sizeof(uint64_t));
    if (slab == NULL) __builtin_trap();
    slab->references = references;
    slab->capacity = capacity;
    slab->used = 0;
    return slab;
}

cbox_dependency_batch *cbox_dependency_batch_reserve_slow(cbox_thread *thread, uint64_t count) {
    uint64_t needed = count + 1;
    if (needed > CBOX_SLAB_SHARED_BATCH_WORDS) {  // a slab of its own, which only the batch refers to
        cbox_slab *own = cbox__slab_make(needed, 1);
        own->used = needed;
        cbox_dependency_batch *batch = (cbox_dependency_batch *)(void *)own->words;
        batch->slab = own;
        return batch;
    }
    if (thread->slab) cbox__slab_release(thread->slab);
    thread->slab = cbox__slab_make(CBOX_SLAB_WORDS, 1);
    return cbox_dependency_batch_reserve(thread, count);
}

void cbox_dependency_batch_release(cbox_dependency_batch *batch) { cbox__slab_release(batch->slab); }

void cbox_dependency_batch_publish(uint64_t *head, cbox_dependency_batch *batch) {
    uint64_t expected = __atomic_load_n(head, __ATOMIC_ACQUIRE);
    do {
        batch->words[CBOX_BATCH_NEXT] = expected;
    } while (!__atomic_compare_exchange_n(head, &expected, (uint64_t)(uintptr_t)batch, true, __ATOMIC_ACQ_REL,
                                          __ATOMIC_ACQUIRE));
}

bool cbox_edges_hand_over_plain(cbox_thread *thread, uint64_t mark, uint64_t *head) {
    uint64_t count = 0;
    void *const *edges = cbox_edges_from(thread, mark, &count);
    if (edges == NULL) return true;
    if (count > CBOX_HAND_OVER_MAX) return false;
    for (uint64_t i = 0; i < count; i++) {
        if (((uintptr_t)edges[i] & CBOX_EDGE_PLAIN) == 0) return false;
    }
    cbox_dependency_batch *batch = cbox_dependency_batch_reserve(thread, CBOX_BATCH_ENTRIES + count);
    uint64_t *words = batch->words;
    uint64_t *entries = words + CBOX_BATCH_ENTRIES;
    uint64_t distinct = 0;
    for (uint64_t i = 0; i < count; i++) {
        uint64_t entry = (uint64_t)(uintptr_t)edges[i];
        uint64_t kept = 0;
        while (kept < distinct && entries[kept] != entry) kept++;
        if (kept == distinct) entries[distinct++] = entry;
    }
    words[CBOX_BATCH_COUNT] = distinct;
    cbox_dependency_batch_publish(head, batch);
    cbox_edges_truncate(thread, mark);
    return true;
}

void cbox_thread_make_chain(cbox_thread *thread) {
    cbox_chain_entry *chain = malloc(CBOX_CHAIN_CAPACITY * sizeof(cbox_chain_entry));
    if (chain == NULL) __builtin_trap();
    thread->chain = chain;
    cbox_reader_extend(cbox_thread_reader(thread), cbox__thread_destroy, chain, &thread->chain_count,
                       sizeof(cbox_chain_entry));
}

bool cbox_thread_reserve_edges(cbox_thread *thread) {
    if (thread->edge_count < thread->edge_capacity) return true;
    uint64_t capacity = thread->edge_capacity ? (uint64_t)thread->edge_capacity * 2 : 64;
    if (capacity > UINT32_MAX) return false;  // marks are 32-bit
    void **edges = realloc(thread->edges, capacity * sizeof(void *));
    if (edges == NULL) return false;
    thread->edges = edges;
    thread->edge_capacity = (uint32_t)capacity;
    return true;
}
