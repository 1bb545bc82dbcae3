// Epoch-based reclamation: per-thread reader records, the global epoch, the grace-period check, and the
// retire lists of tables and of the caller's own structures (`cbox_retire_list`).
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
static int cbox__fence_forced;

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
        __atomic_store_n(&cbox_reader_needs_fence, __atomic_load_n(&cbox__fence_forced, __ATOMIC_SEQ_CST),
                         __ATOMIC_SEQ_CST);
    }
#endif
}

// Extra fences are always safe: a writer still issues its membarrier, and a fenced reader is ordered either
// way. Turning them off is safe only where that membarrier is registered, so `false` returns to the need.
void cbox_readers_force_fence(bool on) {
    pthread_once(&cbox__once, cbox__init);
    __atomic_store_n(&cbox__fence_forced, on, __ATOMIC_SEQ_CST);
    __atomic_store_n(&cbox_reader_needs_fence, on || !cbox__have_membarrier, __ATOMIC_SEQ_CST);
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
        uint64_t count = __atomic_load_n(r->held_count, __ATOMIC_ACQUIRE);
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

// MARK: - Retire lists

#define CBOX_TAG_UNSEALED UINT64_MAX

struct cbox_batch {
    cbox_release_fn release;
    size_t count;
    void *values[];
};

void *cbox__alloc(size_t size) {
    void *memory = malloc(size);
    if (memory == NULL) __builtin_trap();
    return memory;
}

void cbox__retire(cbox__retired_list *list, void *pointer, uint64_t bytes) {
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 16;
        cbox_retired *grown = realloc(list->entries, capacity * sizeof(cbox_retired));
        if (grown == NULL) __builtin_trap();
        list->entries = grown;
        list->capacity = capacity;
    }
    list->entries[list->count++] = (cbox_retired){pointer, CBOX_TAG_UNSEALED, bytes};
    if (bytes == CBOX_RETIRED_VALUE) {
        list->values++;
    } else {
        list->block_bytes += bytes;
    }
}

void cbox__seal(cbox__retired_list *list) {
    if (list->unsealed_from == list->count) return;
    uint64_t tag = cbox__epoch_retire_tag();
    for (size_t i = list->unsealed_from; i < list->count; i++) list->entries[i].tag = tag;
    list->unsealed_from = list->count;
}

/// The newest tag of a retired value that no reader in `readers` holds; 0 when there is none.
static uint64_t cbox__newest_unheld_value(const cbox__retired_list *list, const cbox__readers *readers) {
    uint64_t newest = 0;
    for (size_t i = 0; i < list->count; i++) {
        const cbox_retired *retired = &list->entries[i];
        if (retired->bytes == CBOX_RETIRED_VALUE && !cbox__readers_hold(readers, retired->pointer)) {
            newest = retired->tag;
        }
    }
    return newest;
}

cbox_batch *cbox__collect(cbox__retired_list *list, cbox_release_fn release) {
    if (list->count == 0) return NULL;
    cbox__readers readers = {0};
    cbox__readers_read(&readers);
    // Readers that entered before a value was retired leave soon: no user code runs in a read section.
    // A writer inside a read section of its own would wait for itself, so it leaves the value for later.
    bool may_wait = cbox_reader_record == NULL || cbox_reader_record->read_depth == 0;
    if (may_wait && list->values > 0) {
        for (uint64_t newest; (newest = cbox__newest_unheld_value(list, &readers)) >= readers.least;) {
            cbox__readers_pause();
            cbox__readers_read(&readers);
        }
    }
    size_t kept = 0, values = 0;
    for (size_t i = 0; i < list->count; i++) {
        const cbox_retired *retired = &list->entries[i];
        if (retired->tag < readers.least && retired->bytes == CBOX_RETIRED_VALUE &&
            !cbox__readers_hold(&readers, retired->pointer)) {
            values++;
        }
    }
    cbox_batch *batch = NULL;
    if (values) {
        batch = cbox__alloc(sizeof(cbox_batch) + values * sizeof(void *));
        batch->release = release;
        batch->count = 0;
    }
    // Everything free goes; the rest keeps its order, so the list stays sorted by tag.
    for (size_t i = 0; i < list->count; i++) {
        cbox_retired retired = list->entries[i];
        if (retired.tag < readers.least && retired.bytes != CBOX_RETIRED_VALUE) {
            list->block_bytes -= retired.bytes;
            free(retired.pointer);
        } else if (retired.tag < readers.least && !cbox__readers_hold(&readers, retired.pointer)) {
            batch->values[batch->count++] = retired.pointer;
        } else {
            list->entries[kept++] = retired;
        }
    }
    cbox__readers_free(&readers);
    list->values -= values;
    list->count = kept;
    list->unsealed_from = kept;
    if (kept == 0 && list->capacity > 64) {
        free(list->entries);
        list->entries = NULL;
        list->capacity = 0;
    }
    return batch;
}

void cbox__retired_destroy(cbox__retired_list *list, cbox_release_fn release) {
    for (size_t i = 0; i < list->count; i++) {
        if (list->entries[i].bytes == CBOX_RETIRED_VALUE) {
            release(list->entries[i].pointer);
        } else {
            free(list->entries[i].pointer);
        }
    }
    free(list->entries);
    *list = (cbox__retired_list){0};
}

const char *cbox__retired_check(const cbox__retired_list *list) {
    for (size_t i = 1; i < list->count; i++) {
        if (list->entries[i].tag < list->entries[i - 1].tag) return "retired memory is not in epoch order";
    }
    if (list->unsealed_from != list->count) return "retired memory was left without an epoch";
    return NULL;
}

void cbox_batch_dispose(cbox_batch *batch) {
    for (size_t i = 0; i < batch->count; i++) batch->release(batch->values[i]);
    free(batch);
}

cbox_retire_list *cbox_retire_list_create(cbox_release_fn release) {
    cbox_retire_list *list = cbox__alloc(sizeof(cbox_retire_list));
    *list = (cbox_retire_list){.release = release};
    return list;
}

void cbox_retire_list_destroy(cbox_retire_list *list) {
    cbox__retired_destroy(&list->retired, list->release);
    free(list);
}

void cbox_retire_list_add(cbox_retire_list *list, void *value) {
    cbox__retire(&list->retired, value, CBOX_RETIRED_VALUE);
    cbox__seal(&list->retired);
}

cbox_batch *cbox_retire_list_collect(cbox_retire_list *list) { return cbox__collect(&list->retired, list->release); }

size_t cbox_retire_list_count(const cbox_retire_list *list) { return list->retired.count; }
