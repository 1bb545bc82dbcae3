// Epoch-based reclamation: per-thread reader records, the global epoch, and the grace-period check.
//
// A reader announces the global epoch in its record when it enters its outermost read section and clears
// it when it leaves. A writer tags what it unlinks with the epoch it advances past; the memory is freed once
// every reader inside a read section announced a later epoch. Readers pay no fence: the writer issues one
// on every thread with membarrier(2) before it reads the announcements. Where there is no membarrier (Apple
// platforms, a kernel without MEMBARRIER_CMD_PRIVATE_EXPEDITED, or a Linux build with CBOX_NO_MEMBARRIER
// defined, which tests Apple's protocol here), readers fence themselves instead (cbox_reader_needs_fence)
// and the writer's barrier is a fence of its own.
//
// A value a reader adds to its held values inside a read section is held past it: the collector reads each
// record's announcement (acquire) and then its held values, so a reader that left its section (or entered a
// later one: both stores release) is seen with every value it added before. A reader whose announcement
// still blocks the value needs no entry to be seen. Held values stay retired.
#include "cbox_internal.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

#if defined(__linux__)
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#if defined(__linux__) && defined(__NR_membarrier) && !defined(CBOX_NO_MEMBARRIER)
#define CBOX_MEMBARRIER 1
#else
#define CBOX_MEMBARRIER 0
#endif

__thread cbox_reader *cbox_reader_record;
uint64_t cbox_global_epoch = 1;
int cbox_reader_needs_fence = 1;

// The records of the threads attached now. A record is linked when its thread first uses BoxKit and
// unlinked and freed when the thread ends; the lock serialises those with the writers' scans, so a scan
// never reads a freed record and costs O(threads alive), however many threads came and went.
static cbox_reader *cbox__threads;
static size_t cbox__thread_count;
static pthread_mutex_t cbox__threads_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t cbox__thread_key;
static pthread_once_t cbox__once = PTHREAD_ONCE_INIT;
static int cbox__have_membarrier;

/// The thread-exit destructor of a record: forgets it in the thread's own pointer (so that a read made later
/// on this thread, from another key's destructor, attaches a record of its own), unlinks it, so that no
/// collection reads it any more, then destroys its extension and frees it.
static void cbox__thread_detach(void *opaque) {
    cbox_reader *record = opaque;
    if (cbox_reader_record == record) cbox_reader_record = NULL;
    pthread_mutex_lock(&cbox__threads_lock);
    cbox_reader **link = &cbox__threads;
    while (*link != record) link = &(*link)->next;
    *link = record->next;
    cbox__thread_count--;
    pthread_mutex_unlock(&cbox__threads_lock);
    if (record->extension_destroy != NULL) record->extension_destroy(record->extension);
    free(record);
}

static void cbox__init(void) {
    pthread_key_create(&cbox__thread_key, cbox__thread_detach);
#if CBOX_MEMBARRIER
    long supported = syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    if (supported > 0 && (supported & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
        syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0) {
        cbox__have_membarrier = 1;
        __atomic_store_n(&cbox_reader_needs_fence, 0, __ATOMIC_SEQ_CST);
    }
#endif
}

cbox_reader *cbox_reader_attach(void) {
    pthread_once(&cbox__once, cbox__init);
    cbox_reader *record = aligned_alloc(64, sizeof(cbox_reader));
    if (record == NULL) __builtin_trap();
    memset(record, 0, sizeof *record);
    pthread_mutex_lock(&cbox__threads_lock);
    record->next = cbox__threads;
    cbox__threads = record;
    cbox__thread_count++;
    pthread_mutex_unlock(&cbox__threads_lock);
    pthread_setspecific(cbox__thread_key, record);
    cbox_reader_record = record;
    return record;
}

size_t cbox_readers(void) {
    pthread_mutex_lock(&cbox__threads_lock);
    size_t count = cbox__thread_count;
    pthread_mutex_unlock(&cbox__threads_lock);
    return count;
}

void cbox_reader_extend(cbox_reader *reader, void (*destroy)(void *extension), const void *held,
                        const uint64_t *held_count, uint64_t held_stride) {
    pthread_mutex_lock(&cbox__threads_lock);
    reader->extension_destroy = destroy;
    reader->held = held;
    reader->held_count = held_count;
    reader->held_stride = held_stride;
    pthread_mutex_unlock(&cbox__threads_lock);
}

uint64_t cbox__epoch_retire_tag(void) { return __atomic_fetch_add(&cbox_global_epoch, 1, __ATOMIC_SEQ_CST); }

static void cbox__barrier_on_every_thread(void) {
    pthread_once(&cbox__once, cbox__init);
#if CBOX_MEMBARRIER
    if (cbox__have_membarrier) {
        syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
        return;
    }
#endif
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

static void cbox__readers_note(cbox__readers *readers, const void *value) {
    if (readers->held_count == readers->held_capacity) {
        size_t capacity = readers->held_capacity ? readers->held_capacity * 2 : 32;
        const void **held = realloc(readers->held, capacity * sizeof(void *));
        if (held == NULL) __builtin_trap();
        readers->held = held;
        readers->held_capacity = capacity;
    }
    readers->held[readers->held_count++] = value;
}

static int cbox__compare_pointers(const void *a, const void *b) {
    uintptr_t x = (uintptr_t)*(const void *const *)a, y = (uintptr_t)*(const void *const *)b;
    return (x > y) - (x < y);
}

void cbox__readers_read(cbox__readers *readers) {
    cbox__barrier_on_every_thread();
    readers->least = UINT64_MAX;
    readers->held_count = 0;
    pthread_mutex_lock(&cbox__threads_lock);
    for (cbox_reader *r = cbox__threads; r; r = r->next) {
        uint64_t epoch = __atomic_load_n(&r->active_epoch, __ATOMIC_ACQUIRE);
        if (epoch != 0 && epoch < readers->least) readers->least = epoch;
        if (r->held == NULL) continue;
        uint64_t count = __atomic_load_n(r->held_count, __ATOMIC_RELAXED);
        const char *entry = r->held;
        for (uint64_t i = 0; i < count; i++, entry += r->held_stride) {
            cbox__readers_note(readers, __atomic_load_n((const void *const *)entry, __ATOMIC_RELAXED));
        }
    }
    pthread_mutex_unlock(&cbox__threads_lock);
    if (readers->held_count > 1) qsort(readers->held, readers->held_count, sizeof(void *), cbox__compare_pointers);
}

bool cbox__readers_hold(const cbox__readers *readers, const void *value) {
    if (readers->held_count == 0) return false;
    return bsearch(&value, readers->held, readers->held_count, sizeof(void *), cbox__compare_pointers) != NULL;
}

void cbox__readers_free(cbox__readers *readers) {
    free(readers->held);
    readers->held = NULL;
    readers->held_count = readers->held_capacity = 0;
}

void cbox__readers_pause(void) { sched_yield(); }
