// CBoxRuntime: the state BoxKit keeps per thread while it resolves (the chain of resolutions in flight, the
// dependencies first creations record, the `.graph` instances of a resolve, verification sandboxes), the
// monitor where threads wait for a creation another thread claimed, and a mutex. Built on CBoxTable, whose
// reader records it extends: the chain's registrations are the values a thread holds past its read sections.
//
// Swift reaches these fields through the functions here, never by writing them. Every exported symbol starts
// with `cbox_`.
#ifndef CBOXRUNTIME_H
#define CBOXRUNTIME_H

#include "CBoxTable.h"

#ifdef __cplusplus
extern "C" {
#endif

#pragma clang assume_nonnull begin

// MARK: - The resolution chain

/// One entry of a thread's chain of resolutions in flight: the registration being resolved, while its
/// `onInitialised` hooks run a pointer to the instance just made (NULL otherwise), what its pop must finish
/// (`CBOX_ENTRY_` bits: 0 for nearly every entry), for an entry that records the resolutions nested in it
/// where its own start in the thread's edge buffer (`cbox_thread.edges`), and for a timed one (a creation an
/// observer is told of) its creation's number and when it started.
typedef struct cbox_chain_entry {
    const void *registration;  ///< written atomically: collections on other threads read it (a held value)
    const void *_Nullable pending;
    uint8_t records;  ///< `CBOX_ENTRY_` bits
    uint32_t mark;
    uint64_t creation;  ///< set for a timed entry only
    uint64_t started;   ///< set for a timed entry only: `cbox_clock_now()` when it started
} cbox_chain_entry;
_Static_assert(sizeof(cbox_chain_entry) == 40, "a chain entry is five words");

/// What a chain entry's pop must finish, as bits of its `records` byte.
enum {
    /// The resolutions nested in the entry are recorded as its registration's dependencies (a first creation).
    CBOX_ENTRY_RECORDS = 1,
    /// The entry is a creation an observer is told of when it ends (`cbox_chain_time_top`).
    CBOX_ENTRY_TIMED = 2,
    /// The timed entry's resolve made no new instance: it found one already made, or its factory failed
    /// (`cbox_chain_note_not_new`).
    CBOX_ENTRY_NOT_NEW = 4,
};

/// How many entries a thread's chain holds. The array is allocated once, when the thread attaches, and
/// never moved, so that a collection on another thread may read it; resolutions nest at most this deep on
/// one thread (the Swift side stops them `CBOX_CHAIN_RESERVE` entries short of it).
#define CBOX_CHAIN_CAPACITY 136
/// The entries kept free above the deepest resolution the Swift side allows: the hooks of an async
/// registration run on an entry of their own, above a chain already at that depth.
#define CBOX_CHAIN_RESERVE 8

/// A thread's resolution state, kept in the extension words of its reader record: its chain of resolutions
/// in flight, how many entries it has, the `.graph` instances of the resolution in flight (an object the Swift side
/// retains there while it holds `.graph` instances, NULL otherwise), the verification this thread runs as a
/// sandbox (an object the Swift side owns, NULL on other threads), how many of its chain entries record the
/// resolutions nested in them, the edges those entries recorded and have not yet handed over (opaque words
/// the Swift side encodes, some of them references it retains), and the slab its batches of dependencies
/// are carved from. All zero
/// until the thread's first resolve pushes onto the chain, which then allocates the chain and edge buffers,
/// freed with the reader record (which gives up its slab).
///
/// The registrations on the chain are the values its reader holds past its read sections: a registration
/// found in a read section and pushed before that section ends stays valid until it is popped.
typedef struct cbox_thread {
    cbox_chain_entry *_Nullable chain;  ///< `CBOX_CHAIN_CAPACITY` entries once allocated, never moved
    uint64_t chain_count;               ///< written atomically (collections read it), by this thread only
    void *_Nullable graph;
    void *_Nullable sandbox;
    uint64_t recording;
    void *_Nullable *_Nullable edges;
    uint32_t edge_count;     ///< 32-bit, as chain entries' marks are
    uint32_t edge_capacity;
    struct cbox_slab *_Nullable slab;
} cbox_thread;
_Static_assert(sizeof(cbox_thread) <= sizeof(((cbox_reader *)0)->extension), "the state fits the extension");
_Static_assert(_Alignof(cbox_thread) <= _Alignof(uint64_t), "the extension words align the state");

/// The resolution state of the thread whose reader record is `reader`: no load, no allocation.
static inline cbox_thread *cbox_thread_of(cbox_reader *reader) { return (cbox_thread *)(void *)reader->extension; }

/// The calling thread's resolution state.
static inline cbox_thread *cbox_thread_current(void) { return cbox_thread_of(cbox_reader_current()); }

/// The reader record whose extension `thread` is.
static inline cbox_reader *cbox_thread_reader(cbox_thread *thread) {
    return (cbox_reader *)(void *)((char *)thread - offsetof(cbox_reader, extension));
}

/// Allocates the chain of the calling thread's `thread` and declares it as its reader's held values (on the
/// first push). Traps when memory is exhausted.
void cbox_thread_make_chain(cbox_thread *thread);

/// The number of entries on the thread's chain.
static inline uint64_t cbox_chain_depth(const cbox_thread *thread) { return thread->chain_count; }

/// The entry `index` places from the bottom of the thread's chain (0 is the outermost resolution).
static inline cbox_chain_entry cbox_chain_entry_at(const cbox_thread *thread, uint64_t index) {
    return thread->chain[index];
}

/// Exposes `pending` (NULL withdraws it) as the instance of the entry on top of the chain, whose hooks run.
static inline void cbox_chain_set_pending(cbox_thread *thread, const void *_Nullable pending) {
    thread->chain[thread->chain_count - 1].pending = pending;
}

/// How many entries on the chain record the resolutions nested in them.
static inline uint64_t cbox_thread_recording(const cbox_thread *thread) { return thread->recording; }

/// The thread's `.graph` instances (a `_GraphInstances`), or NULL.
static inline void *_Nullable cbox_thread_graph(const cbox_thread *thread) { return thread->graph; }

/// Sets (or, with NULL, clears) the thread's `.graph` instances.
static inline void cbox_thread_set_graph(cbox_thread *thread, void *_Nullable graph) { thread->graph = graph; }

/// The verification this thread runs as a sandbox, or NULL.
static inline void *_Nullable cbox_thread_sandbox(const cbox_thread *thread) { return thread->sandbox; }

/// Sets (or, with NULL, clears) the verification this thread runs as a sandbox.
static inline void cbox_thread_set_sandbox(cbox_thread *thread, void *_Nullable sandbox) {
    thread->sandbox = sandbox;
}

/// The edges recorded from `mark` on, `*count` of them (NULL when there are none), which stay in the buffer
/// until `cbox_edges_truncate`.
static inline void *_Nullable *_Nullable cbox_edges_from(const cbox_thread *thread, uint64_t mark,
                                                         uint64_t *count) {
    *count = thread->edge_count > mark ? thread->edge_count - mark : 0;
    return *count ? thread->edges + mark : NULL;
}

/// Drops the edges recorded from `mark` on (the caller took them).
static inline void cbox_edges_truncate(cbox_thread *thread, uint64_t mark) { thread->edge_count = (uint32_t)mark; }

// MARK: - Batches of dependencies

/// A block of words that batches are carved from: each batch holds a reference (`references`), and so does
/// the thread whose current slab it is; the last one given back frees it. Only its thread writes `used` and
/// the words past it; the words of a batch are written once, by that thread, before the batch is published.
typedef struct cbox_slab {
    uint64_t references;  ///< atomic
    uint64_t capacity;
    uint64_t used;
    uint64_t words[];
} cbox_slab;

/// How many words a thread's slab holds: the batches of a few dozen first creations, and few enough that a
/// slab kept alive by one long-lived batch wastes little.
#define CBOX_SLAB_WORDS 512
/// The most words (its slab word included) a batch takes from a shared slab; a larger one gets a slab of its
/// own, so that one big batch cannot keep most of a shared slab alive.
#define CBOX_SLAB_SHARED_BATCH_WORDS (CBOX_SLAB_WORDS / 4)

/// A batch: `count` words for the caller, after the slab it was carved from.
typedef struct cbox_dependency_batch {
    cbox_slab *slab;
    uint64_t words[];
} cbox_dependency_batch;
_Static_assert(offsetof(cbox_dependency_batch, words) == sizeof(uint64_t),
               "a batch takes one word of its slab before the caller's, so slab words align both");

/// `cbox_dependency_batch_reserve` when the thread has no slab or its slab is full.
cbox_dependency_batch *cbox_dependency_batch_reserve_slow(cbox_thread *thread, uint64_t count);

/// Reserves a batch of `count` words (their content undefined) in the calling thread's slab, or in a new
/// one; the batch holds a reference to its slab until `cbox_dependency_batch_release`. Never locks;
/// allocates only when a slab is full (or for a batch of more than a quarter of one, which gets a slab of its
/// own).
static inline cbox_dependency_batch *cbox_dependency_batch_reserve(cbox_thread *thread, uint64_t count) {
    cbox_slab *slab = thread->slab;
    uint64_t needed = count + 1;
    bool fits = slab != NULL && needed <= CBOX_SLAB_SHARED_BATCH_WORDS && slab->used + needed <= slab->capacity;
    if (__builtin_expect(!fits, 0)) {
        return cbox_dependency_batch_reserve_slow(thread, count);
    }
    cbox_dependency_batch *batch = (cbox_dependency_batch *)(void *)&slab->words[slab->used];
    slab->used += needed;
    __atomic_add_fetch(&slab->references, 1, __ATOMIC_RELAXED);
    batch->slab = slab;
    return batch;
}

/// The caller's words of `batch`.
static inline uint64_t *cbox_dependency_batch_words(cbox_dependency_batch *batch) { return batch->words; }

/// Gives back `batch`'s reference to its slab, from any thread; frees the slab if it was the last.
void cbox_dependency_batch_release(cbox_dependency_batch *batch);

/// Where a batch's caller's words hold what the dependency list that links it reads (BoxKit's
/// `_DependencyList`, whose head word holds the batch published last): the batch published before it (0 for
/// none), how many entries it has, then the entries.
enum {
    CBOX_BATCH_NEXT = 0,
    CBOX_BATCH_COUNT = 1,
    CBOX_BATCH_ENTRIES = 2,
};

/// Publishes `batch`, whose count and entries are written, as the new head of the dependency list whose head
/// word is `head`: links the head before it (`CBOX_BATCH_NEXT`) and swaps it in with a compare-exchange that
/// releases the batch's words to readers that acquire the head, retried while other threads publish. Any
/// thread; never locks.
void cbox_dependency_batch_publish(uint64_t *head, cbox_dependency_batch *batch);

/// The bit that marks an edge, and the dependency-list entry it becomes, as a service type alone (a metadata
/// pointer, word-aligned, so the bit is otherwise clear), which holds no reference.
#define CBOX_EDGE_PLAIN 2

/// The most edges whose repeats are found by comparing each with those kept before it (cheap for the few
/// dependencies of one creation): all that `cbox_edges_hand_over_plain` takes; more are hashed by its caller.
#define CBOX_HAND_OVER_MAX 16

/// Hands the edges the calling thread (`thread`, its own state) recorded from `mark` on to the dependency
/// list whose head word is `head`, when there are at most `CBOX_HAND_OVER_MAX` and all are plain
/// (`CBOX_EDGE_PLAIN`): as one batch reserved in the thread's slab, each edge once, in the order first
/// recorded, published with `cbox_dependency_batch_publish`, and the edges dropped from the buffer. Returns
/// false, changing nothing, otherwise: the caller hands them over itself. With no edges, records nothing and
/// returns true. Nothing it does can run code of the caller's, so the buffer cannot change under it.
bool cbox_edges_hand_over_plain(cbox_thread *thread, uint64_t mark, uint64_t *head);

/// Pushes `registration` onto the calling thread's chain of resolutions in flight; `records` marks the
/// resolutions nested in it as ones to record. From now until it is popped the thread holds `registration`:
/// push it inside the read section that found it, and it stays valid after that section ends. The caller
/// keeps the chain below `CBOX_CHAIN_CAPACITY` entries (a full chain traps). Always inlined: every resolve
/// that runs a factory pushes, and a call would cost it more than the push.
__attribute__((always_inline)) static inline void cbox_chain_push(cbox_thread *thread, const void *registration,
                                                                  bool records) {
    uint64_t count = thread->chain_count;
    if (__builtin_expect(count == CBOX_CHAIN_CAPACITY, 0)) __builtin_trap();
    if (__builtin_expect(thread->chain == NULL, 0)) cbox_thread_make_chain(thread);
    cbox_chain_entry *entry = &((cbox_chain_entry *)thread->chain)[count];
    __atomic_store_n(&entry->registration, registration, __ATOMIC_RELAXED);
    entry->pending = NULL;
    entry->records = records ? CBOX_ENTRY_RECORDS : 0;
    entry->mark = thread->edge_count;
    __atomic_store_n(&thread->chain_count, count + 1, __ATOMIC_RELAXED);
    if (__builtin_expect(records, 0)) thread->recording++;
}

/// Makes the entry on top of the calling thread's chain (`thread`, its own state) record the resolutions
/// nested in it from now on, as a push with `records` would have: for a creation that begins after its
/// registration was pushed (BoxKit's `.perArguments`, which hashes the arguments first). No change when it
/// records already.
static inline void cbox_chain_record_top(cbox_thread *thread) {
    cbox_chain_entry *top = &thread->chain[thread->chain_count - 1];
    if (top->records & CBOX_ENTRY_RECORDS) return;
    if (top->records == 0) thread->recording++;
    top->records |= CBOX_ENTRY_RECORDS;
    top->mark = thread->edge_count;
}

/// Makes the entry on top of the calling thread's chain (`thread`, its own state) a timed one: creation number
/// `creation`, begun at `started` (`cbox_clock_now()`). Its pop then finishes it (`cbox_chain_top_finish`).
static inline void cbox_chain_time_top(cbox_thread *thread, uint64_t creation, uint64_t started) {
    cbox_chain_entry *top = &thread->chain[thread->chain_count - 1];
    if (top->records == 0) thread->recording++;
    top->records |= CBOX_ENTRY_TIMED;
    top->creation = creation;
    top->started = started;
}

/// Notes that the resolve on top of the calling thread's chain made no new instance (it found one already made,
/// or its factory failed), if its entry is timed (one load otherwise).
static inline void cbox_chain_note_not_new(cbox_thread *thread) {
    if (__builtin_expect(thread->recording == 0, 1)) return;
    cbox_chain_entry *top = &thread->chain[thread->chain_count - 1];
    if (top->records & CBOX_ENTRY_TIMED) top->records |= CBOX_ENTRY_NOT_NEW;
}

/// Grows the edge buffer so that one more edge fits; false when memory is exhausted.
bool cbox_thread_reserve_edges(cbox_thread *thread);

/// Appends `edge` to what the entry on top of the chain (a recording one) resolved, unless it is the edge
/// that entry recorded last (a factory resolving one service in a loop records it once). Returns whether it
/// was appended: the buffer then holds it (and whatever reference the caller took for it) until the caller
/// takes the entry's edges back, from its `mark`.
static inline bool cbox_edges_record(cbox_thread *thread, void *edge) {
    const cbox_chain_entry *top = &thread->chain[thread->chain_count - 1];
    if (thread->edge_count > top->mark && thread->edges[thread->edge_count - 1] == edge) return false;
    if (__builtin_expect(thread->edge_count == thread->edge_capacity, 0)) {
        if (!cbox_thread_reserve_edges(thread)) __builtin_trap();
    }
    thread->edges[thread->edge_count++] = edge;
    return true;
}

/// The registration whose resolution the calling thread is inside, when its nested resolutions are to be
/// recorded; NULL otherwise (also outside any resolution).
static inline const void *_Nullable cbox_chain_recording(const cbox_thread *thread) {
    if (__builtin_expect(thread->recording == 0, 1)) return NULL;
    const cbox_chain_entry *top = &thread->chain[thread->chain_count - 1];
    return (top->records & CBOX_ENTRY_RECORDS) ? top->registration : NULL;
}

/// The `CBOX_ENTRY_` bits of the entry on top of the calling thread's chain: what its pop must finish besides
/// popping. 0, after one load, while no entry on the chain records or is timed.
static inline uint8_t cbox_chain_top_finish(const cbox_thread *thread) {
    if (__builtin_expect(thread->recording == 0, 1)) return 0;
    return thread->chain[thread->chain_count - 1].records;
}

/// What `cbox_chain_pop` leaves to its caller, as bits.
enum {
    /// The pop ended the thread's outermost resolution while it holds `.graph` instances: release them.
    CBOX_POP_CLOSE_GRAPH = 1,
    /// The popped entry recorded the resolutions nested in it.
    CBOX_POP_RECORDED = 2,
};

/// Pops the entry pushed last. Returns 0, or the `CBOX_POP_` bits of what the caller must finish.
static inline unsigned cbox_chain_pop(cbox_thread *thread) {
    unsigned finish = 0;
    if (__builtin_expect(thread->recording != 0, 0) && thread->chain[thread->chain_count - 1].records) {
        thread->recording--;
        finish = CBOX_POP_RECORDED;
    }
    uint64_t count = thread->chain_count - 1;
    // Releasing: a collection that reads the lower count (acquiring) frees the popped registration only after
    // every use this thread made of it, which a relaxed store would let a weakly ordered CPU move past.
    __atomic_store_n(&thread->chain_count, count, __ATOMIC_RELEASE);
    if (count == 0 && thread->graph != NULL) finish |= CBOX_POP_CLOSE_GRAPH;
    return finish;
}

/// The most recent chain entry for `registration`, or NULL when it is not being resolved on this thread.
static inline cbox_chain_entry *_Nullable cbox_chain_find(cbox_thread *thread, const void *registration) {
    for (uint64_t i = thread->chain_count; i > 0; i--) {
        if (thread->chain[i - 1].registration == registration) return &thread->chain[i - 1];
    }
    return NULL;
}

// MARK: - Sandboxes

/// How `cbox_sandbox_run` ended.
typedef enum cbox_sandbox_result {
    /// The body returned, or gave its thread up with `cbox_sandbox_abandon`.
    CBOX_SANDBOX_FINISHED = 0,
    /// The body made no progress (`cbox_sandbox_progress`) for the patience given: it is blocked, or slow.
    /// Its thread is left running the body; it finishes on its own, or never.
    CBOX_SANDBOX_TIMED_OUT = 1,
    /// No thread could be started; the body did not run.
    CBOX_SANDBOX_NOT_STARTED = 2,
    /// `max_threads` sandbox threads were alive; the body did not run.
    CBOX_SANDBOX_TOO_MANY = 3,
} cbox_sandbox_result;

/// Runs `body(context)` on a new thread and waits until it returns or abandons its thread with
/// `cbox_sandbox_abandon`, or until `patience_ns` nanoseconds pass without a call to `cbox_sandbox_progress`
/// on that thread (the wait then ends; the thread goes on). When the body returned or abandoned its thread,
/// that thread has ended by the time this returns (but for one parked by `cbox_sandbox_abandon`). Starts no
/// thread while `max_threads` sandbox threads are alive: those `cbox_sandbox_run` calls wait for, those left
/// running after their caller's patience ran out, and those parked.
cbox_sandbox_result cbox_sandbox_run(void (*body)(void *_Nullable context), void *_Nullable context,
                                     uint64_t patience_ns, uint64_t max_threads);

/// On a thread started by `cbox_sandbox_run`: restarts the waiting caller's patience, and returns whether
/// the caller still waits; false once it has given up on the body (then the body should take on no more
/// work), and on any other thread.
bool cbox_sandbox_progress(void);

/// On a thread started by `cbox_sandbox_run`: leaves every read section and resolution of the thread
/// (without releasing anything they hold), wakes the waiting `cbox_sandbox_run`, and ends the thread without
/// returning to any frame the body left: what they hold is never released. A thread in code that needs it
/// alive (the initialiser of a lazily initialised global, whose lock must keep a live owner, or a dispatch
/// queue's block) is parked for the rest of the process instead.
_Noreturn void cbox_sandbox_abandon(void);

// MARK: - Locks

/// Whether `cbox_lock` is a plain pthread mutex, as on Apple platforms, where it is owner-aware (a waiter
/// lends the owner its priority), rather than the word lock used elsewhere. Define it as 1 to build Apple's
/// branch on Linux, where the tests run it.
#ifndef CBOX_PTHREAD_LOCK
#if defined(__APPLE__)
#define CBOX_PTHREAD_LOCK 1
#else
#define CBOX_PTHREAD_LOCK 0
#endif
#endif
/// `CBOX_PTHREAD_LOCK`, as a constant Swift sees however the setting was given.
enum { CBOX_LOCK_IS_PTHREAD_MUTEX = CBOX_PTHREAD_LOCK };

/// A heap-allocated mutex, behind every `_Lock` in BoxKit. Create with `cbox_lock_create`; destroy with
/// `cbox_lock_destroy`.
///
/// On Apple platforms it is a pthread mutex, which knows its owner there, so that a waiting thread lends the
/// owner its priority (its quality of service). Elsewhere its uncontended acquire and release are one atomic
/// operation each, on its first word (`CBOX_LOCK_FREE`, `CBOX_LOCK_HELD`, or `CBOX_LOCK_CONTENDED` while a
/// thread may wait): a compare-and-swap that acquires and an exchange that releases, which is all that
/// ThreadSanitizer needs to see to order what the lock guards. A thread that finds it held sleeps on a
/// condition variable inside it (`cbox_lock_wait`); without priority inheritance, which every section it
/// guards keeps short (no user code runs inside one).
typedef struct cbox_lock cbox_lock;

/// Creates an unlocked mutex. Destroy with `cbox_lock_destroy`.
cbox_lock *cbox_lock_create(void);
/// Destroys a mutex that no thread holds or waits for, and that no thread is still releasing: its release
/// may touch it after another thread has already taken it (`cbox_lock_wake`).
void cbox_lock_destroy(cbox_lock *lock);

#if CBOX_PTHREAD_LOCK

/// Locks; not recursive.
void cbox_lock_acquire(cbox_lock *lock);
/// Unlocks a mutex this thread locked.
void cbox_lock_release(cbox_lock *lock);

#else

enum { CBOX_LOCK_FREE = 0, CBOX_LOCK_HELD = 1, CBOX_LOCK_CONTENDED = 2 };

/// `cbox_lock_acquire` past a failed compare-and-swap: waits until this thread holds the lock, leaving it
/// `CBOX_LOCK_CONTENDED` (another thread may still wait).
void cbox_lock_wait(cbox_lock *lock);
/// `cbox_lock_release` of a contended lock, already marked free: wakes one waiting thread.
void cbox_lock_wake(cbox_lock *lock);

/// What the lock's word says now (`CBOX_LOCK_FREE`, `CBOX_LOCK_HELD` or `CBOX_LOCK_CONTENDED`), for tests and
/// diagnostics: it may change as soon as it is read.
static inline uint32_t cbox_lock_state(const cbox_lock *lock) {
    return __atomic_load_n((const uint32_t *)(const void *)lock, __ATOMIC_RELAXED);
}

/// Locks; not recursive. Uncontended: one compare-and-swap.
static inline void cbox_lock_acquire(cbox_lock *lock) {
    uint32_t expected = CBOX_LOCK_FREE;
    if (__builtin_expect(__atomic_compare_exchange_n((uint32_t *)(void *)lock, &expected, CBOX_LOCK_HELD, false,
                                                     __ATOMIC_ACQUIRE, __ATOMIC_RELAXED),
                         1)) {
        return;
    }
    cbox_lock_wait(lock);
}

/// Unlocks a mutex this thread locked. Uncontended: one exchange.
static inline void cbox_lock_release(cbox_lock *lock) {
    if (__builtin_expect(__atomic_exchange_n((uint32_t *)(void *)lock, CBOX_LOCK_FREE, __ATOMIC_RELEASE) ==
                             CBOX_LOCK_CONTENDED,
                         0)) {
        cbox_lock_wake(lock);
    }
}

#endif

// MARK: - The creation monitor

/// Where a thread waits for a creation another thread has claimed (see `_CreationClaim` in BoxKit). A
/// waiter calls `cbox_creations_enter`, then `cbox_creations_wait` for as long as the claim it waits for is
/// held (checking it with a sequentially consistent load), then `cbox_creations_leave`. A thread that
/// releases a claim (with a sequentially consistent store) then calls `cbox_creations_changed`, which wakes
/// the waiters, and costs one load when there are none.
void cbox_creations_enter(void);
/// Sleeps until a claim may have changed; between `cbox_creations_enter` and `cbox_creations_leave` only.
void cbox_creations_wait(void);
/// Ends what `cbox_creations_enter` began.
void cbox_creations_leave(void);
/// Wakes every waiting thread, if any waits; call after releasing a claim.
void cbox_creations_changed(void);

// MARK: - Executors

/// The identity of the serial executor the calling code runs on (an actor, or a custom executor), as the
/// Swift concurrency runtime tracks it for the current thread; NULL outside any task or actor (the generic
/// executor). Never waits or asserts.
const void *_Nullable cbox_current_executor_identity(void);

/// Whether the calling thread is the process's main thread, where the main actor's work runs.
bool cbox_is_main_thread(void);

// MARK: - Creation observers

/// Now, in nanoseconds of the monotonic clock (`CLOCK_MONOTONIC`): what creation times are measured in.
uint64_t cbox_clock_now(void);

/// How many creation observers the process has installed (BoxKit's `_CreationObservers`), plus, in the high 32
/// bits, how many of them have no slot. Defined in cbox_creations.c; read and written only through the functions
/// below.
extern uint64_t cbox_creation_observer_count;

/// The number of the last creation timed. Defined in cbox_creations.c; read only through
/// `cbox_creation_next_number`.
extern uint64_t cbox_creation_last_number;

/// Whether any creation observer is installed: one load, sequentially consistent.
static inline bool cbox_creation_observers_active(void) {
    return __atomic_load_n(&cbox_creation_observer_count, __ATOMIC_SEQ_CST) != 0;
}

/// Whether any creation observer without a slot is installed: one load, sequentially consistent.
static inline bool cbox_creation_observers_slotless(void) {
    return __atomic_load_n(&cbox_creation_observer_count, __ATOMIC_SEQ_CST) >> 32 != 0;
}

/// Counts a creation observer installed (`delta` 1) or removed (-1), with or without a slot; sequentially
/// consistent.
static inline void cbox_creation_observers_add(int64_t delta, bool slotless) {
    uint64_t step = slotless ? ((uint64_t)1 << 32) + 1 : 1;
    if (delta > 0) __atomic_add_fetch(&cbox_creation_observer_count, step, __ATOMIC_SEQ_CST);
    else __atomic_sub_fetch(&cbox_creation_observer_count, step, __ATOMIC_SEQ_CST);
}

/// A creation number no other creation in the process has had, from 1.
static inline uint64_t cbox_creation_next_number(void) {
    return __atomic_add_fetch(&cbox_creation_last_number, 1, __ATOMIC_RELAXED);
}

// MARK: - The process

/// The value of the environment variable `name`, or NULL when it is not set. Owned by the C library: copy it
/// before anything may change the environment.
const char *_Nullable cbox_environment_value(const char *name);

/// Whether an image loaded in the process (the executable or a library) defines the symbol `name`, as the
/// dynamic linker sees it (`dlsym` over every loaded image).
bool cbox_process_defines(const char *name);

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif  // CBOXRUNTIME_H
