// Per-thread resolution state: kept in the extension words of the thread's reader record; its chain, made on
// the first push, is that record's held values, and is freed with the record when the thread ends.
#include "CBoxRuntime.h"

#include <stdlib.h>

static void cbox__thread_destroy(void *extension) {
    cbox_thread *thread = extension;
    free(thread->chain);
    free(thread->edges);
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
    uint64_t capacity = thread->edge_capacity ? thread->edge_capacity * 2 : 64;
    if (capacity > UINT32_MAX) return false;  // marks are 32-bit
    void **edges = realloc(thread->edges, capacity * sizeof(void *));
    if (edges == NULL) return false;
    thread->edges = edges;
    thread->edge_capacity = capacity;
    return true;
}
