// Epoch-based reclamation: per-thread reader records, the global epoch, and the grace-period check.
//
// A reader announces the global epoch in its record when it enters its outermost read section and clears
// it when it leaves. A writer tags what it unlinks with the epoch it advances past; the memory is freed once
// every reader inside a read section announced a later epoch. Readers pay no fence: the writer issues one
// on every thread with membarrier(2) before it reads the announcements. Where the kernel lacks
// MEMBARRIER_CMD_PRIVATE_EXPEDITED, readers fence themselves instead (cbox_reader_needs_fence).
#include "cbox_internal.h"

#include <pthread.h>
#include <stdlib.h>

#if defined(__linux__)
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

__thread cbox_thread *cbox_thread_record;
uint64_t cbox_global_epoch = 1;
int cbox_reader_needs_fence = 1;

static cbox_thread *cbox__threads;  // every record ever attached; records are reused, never freed
static pthread_key_t cbox__thread_key;
static pthread_once_t cbox__once = PTHREAD_ONCE_INIT;
static int cbox__have_membarrier;

static void cbox__thread_detach(void *opaque) {
    cbox_thread *record = opaque;
    free(record->chain);
    record->chain = NULL;
    record->chain_count = 0;
    record->chain_capacity = 0;
    record->recording = 0;
    record->read_depth = 0;
    __atomic_store_n(&record->active_epoch, 0, __ATOMIC_RELEASE);
    __atomic_store_n(&record->in_use, 0, __ATOMIC_RELEASE);
}

static void cbox__init(void) {
    pthread_key_create(&cbox__thread_key, cbox__thread_detach);
#if defined(__linux__) && defined(__NR_membarrier)
    long supported = syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    if (supported > 0 && (supported & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
        syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0) {
        cbox__have_membarrier = 1;
        __atomic_store_n(&cbox_reader_needs_fence, 0, __ATOMIC_SEQ_CST);
    }
#endif
}

cbox_thread *cbox_thread_attach(void) {
    pthread_once(&cbox__once, cbox__init);
    cbox_thread *record = NULL;
    for (cbox_thread *r = __atomic_load_n(&cbox__threads, __ATOMIC_ACQUIRE); r; r = r->next) {
        uint64_t free_mark = 0;
        if (__atomic_load_n(&r->in_use, __ATOMIC_RELAXED) == 0 &&
            __atomic_compare_exchange_n(&r->in_use, &free_mark, 1, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
            record = r;
            break;
        }
    }
    if (record == NULL) {
        record = aligned_alloc(64, sizeof(cbox_thread));
        if (record == NULL) __builtin_trap();
        memset(record, 0, sizeof *record);
        record->in_use = 1;
        cbox_thread *head = __atomic_load_n(&cbox__threads, __ATOMIC_RELAXED);
        do {
            record->next = head;
        } while (!__atomic_compare_exchange_n(&cbox__threads, &head, record, true, __ATOMIC_RELEASE,
                                              __ATOMIC_RELAXED));
    }
    pthread_setspecific(cbox__thread_key, record);
    cbox_thread_record = record;
    return record;
}

bool cbox_thread_reserve_chain(cbox_thread *thread) {
    if (thread->chain_count < thread->chain_capacity) return true;
    uint64_t capacity = thread->chain_capacity ? thread->chain_capacity * 2 : 16;
    cbox_chain_entry *chain = realloc(thread->chain, capacity * sizeof(cbox_chain_entry));
    if (chain == NULL) return false;
    thread->chain = chain;
    thread->chain_capacity = capacity;
    return true;
}

uint64_t cbox__epoch_retire_tag(void) { return __atomic_fetch_add(&cbox_global_epoch, 1, __ATOMIC_SEQ_CST); }

uint64_t cbox__epoch_min_active(void) {
    pthread_once(&cbox__once, cbox__init);
#if defined(__linux__) && defined(__NR_membarrier)
    if (cbox__have_membarrier) {
        syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
    } else {
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
    }
#else
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
    uint64_t least = UINT64_MAX;
    for (cbox_thread *r = __atomic_load_n(&cbox__threads, __ATOMIC_ACQUIRE); r; r = r->next) {
        uint64_t epoch = __atomic_load_n(&r->active_epoch, __ATOMIC_ACQUIRE);
        if (epoch != 0 && epoch < least) least = epoch;
    }
    return least;
}
