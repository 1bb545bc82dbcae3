// Sandbox threads for verification: a body runs on a thread of its own, and the thread can give up in the
// middle of its stack (a factory that cannot go on) without unwinding it: `cbox_sandbox_abandon` jumps back to
// the thread's start, past every frame the body left, which are never resumed, so nothing they hold is
// released twice or used after release; the thread then ends, and the caller joins it. A thread abandoned
// in code that needs it alive (a lazily initialised global's initialiser, a dispatch queue's block) stays
// parked instead.
//
// The caller waits only while the body makes progress: a body blocked outside BoxKit (on a lock a parked
// thread holds, say) is left to its thread, which is detached, and the shared state lives until both sides
// let go of it. At most the number of threads the caller allows are alive at once: those it waits for, and
// those left blocked or parked.
//
// What the skipped frames leave: their retains are never released (what they made leaks; under
// LeakSanitizer a copy of the frames keeps it reachable); a lock they held stays held by a thread that no
// longer runs; and a record they linked into per-thread state (Swift's dynamic exclusivity checks link one
// per access in progress) points into the dead stack until the thread ends. Between the jump and the end,
// the thread runs no Swift code of BoxKit's (its thread-exit destructors are C): only a thread-exit
// destructor of per-thread state a factory made could read such a record.
#include "CBoxRuntime.h"

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <unwind.h>

_Static_assert(sizeof(time_t) == 8, "a deadline of any patience fits in time_t");

typedef struct cbox_sandbox {
    pthread_mutex_t lock;
    pthread_cond_t changed;  ///< signalled on progress and when the body finishes
    int done;
    int given_up;            ///< set by the caller, under `lock`, when it stops waiting
    int parked;              ///< set by the thread, under `lock`, before `done`, when it stays parked
    int owners;              ///< the caller and the thread; the last to let go frees the sandbox
    uint64_t progress;
    void (*body)(void *_Nullable);
    void *_Nullable context;
    void *_Nullable queue_at_start;  ///< libdispatch's current queue for the thread, before the body
    const void *stack_start;         ///< the start of the thread's frames, above every frame of the body
    sigjmp_buf start;                ///< where `cbox_sandbox_abandon` returns the thread to, to end it
} cbox_sandbox;

static __thread cbox_sandbox *cbox__sandbox;

/// Sandbox threads alive: from the reservation before one is started to its last step (never, for a parked
/// one).
static uint64_t cbox__sandbox_threads;

/// Reserves a place for a new sandbox thread; false when `limit` are alive.
static bool cbox__sandbox_reserve(uint64_t limit) {
    uint64_t alive = __atomic_load_n(&cbox__sandbox_threads, __ATOMIC_RELAXED);
    while (alive < limit) {
        if (__atomic_compare_exchange_n(&cbox__sandbox_threads, &alive, alive + 1, true, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED))
            return true;
    }
    return false;
}

static void cbox__sandbox_unreserve(void) { __atomic_sub_fetch(&cbox__sandbox_threads, 1, __ATOMIC_RELAXED); }

// MARK: - Code that needs its thread alive

// Where the abandoned frames ran code that keeps state about its thread, ending the thread does harm that
// parking it does not: a lazily initialised global's initialiser holds a lock that records its owner (on
// Linux, a thread that takes it after the owner ended spins for ever; on Apple platforms, it may trap), and
// libdispatch stops the program when a thread ends inside a queue's block (`DispatchQueue.sync`).

// The Swift runtime's entry for lazily initialised globals (`static let`, a global `let` outside `main`): it runs
// the initialiser once, holding a lock that other threads wait on.
extern void swift_once(intptr_t *predicate, void (*initialiser)(void *_Nullable), void *_Nullable context);

// libdispatch's queue whose block the calling thread runs, or a root queue on a thread outside any block
// (libdispatch deprecates choosing what to do by it; here it only tells whether the thread is in a block);
// weak, for a process without libdispatch, which then runs no block.
extern void *_Nullable dispatch_get_current_queue(void) __attribute__((weak));

/// The function that calls a lazily initialised global's initialiser (the runtime's, for every global),
/// found by `swift_once` on an initialiser of BoxKit's own; NULL until then, or if it cannot be found.
static void *cbox__global_initialiser_caller;
static intptr_t cbox__global_initialiser_probe;

static void cbox__note_global_initialiser_caller(void *_Nullable context) {
    (void)context;
    cbox__global_initialiser_caller = _Unwind_FindEnclosingFunction(__builtin_return_address(0));
}

static _Unwind_Reason_Code cbox__look_for_global_initialiser(struct _Unwind_Context *frame, void *found) {
    if ((void *)_Unwind_GetRegionStart(frame) != cbox__global_initialiser_caller) return _URC_NO_REASON;
    *(bool *)found = true;
    return _URC_END_OF_STACK;
}

/// Whether the calling thread's stack runs a lazily initialised global's initialiser.
static bool cbox__initialises_global(void) {
    swift_once(&cbox__global_initialiser_probe, cbox__note_global_initialiser_caller, NULL);
    if (cbox__global_initialiser_caller == NULL) return false;
    bool found = false;
    _Unwind_Backtrace(cbox__look_for_global_initialiser, &found);
    return found;
}

/// The queue libdispatch sees the calling thread in, or NULL without libdispatch.
static void *_Nullable cbox__current_queue(void) {
    return dispatch_get_current_queue ? dispatch_get_current_queue() : NULL;
}

/// Whether the calling sandbox thread runs code that needs it alive: a lazily initialised global's
/// initialiser, or a block of a queue other than the one it started outside of.
static bool cbox__needs_its_thread(const cbox_sandbox *sandbox) {
    return cbox__current_queue() != sandbox->queue_at_start || cbox__initialises_global();
}

// MARK: - Under LeakSanitizer

// LeakSanitizer's, weak: present only in a process built with it.
extern void __lsan_do_leak_check(void) __attribute__((weak));

/// Copies of the frames abandoned threads skipped, kept under LeakSanitizer only; each block's first word
/// links the next.
static uintptr_t *cbox__skipped_frames;
static pthread_mutex_t cbox__skipped_frames_lock = PTHREAD_MUTEX_INITIALIZER;

/// Under LeakSanitizer, keeps a copy of the words of the frames an abandoned thread skips, from `low` up to
/// `high` (stacks grow down), where it looks for references: what those frames hold is never released, by
/// design, and is not a leak to report. Reads the skipped frames' red zones, so it is not instrumented.
__attribute__((no_sanitize("address"))) static void cbox__keep_skipped_frames(const uintptr_t *low,
                                                                            const uintptr_t *high) {
    if (__lsan_do_leak_check == NULL || high <= low) return;
    size_t count = (size_t)(high - low);
    uintptr_t *copy = malloc((count + 1) * sizeof *copy);
    if (copy == NULL) return;
    for (size_t i = 0; i < count; i++) copy[i + 1] = low[i];
    pthread_mutex_lock(&cbox__skipped_frames_lock);
    copy[0] = (uintptr_t)cbox__skipped_frames;
    cbox__skipped_frames = copy;
    pthread_mutex_unlock(&cbox__skipped_frames_lock);
}

// MARK: - Running

static void cbox__sandbox_let_go(cbox_sandbox *sandbox) {
    pthread_mutex_lock(&sandbox->lock);
    int owners = --sandbox->owners;
    pthread_mutex_unlock(&sandbox->lock);
    if (owners > 0) return;
    pthread_cond_destroy(&sandbox->changed);
    pthread_mutex_destroy(&sandbox->lock);
    free(sandbox);
}

static void cbox__sandbox_finish(cbox_sandbox *sandbox) {
    pthread_mutex_lock(&sandbox->lock);
    sandbox->done = 1;
    pthread_cond_signal(&sandbox->changed);
    pthread_mutex_unlock(&sandbox->lock);
    cbox__sandbox_let_go(sandbox);
}

static void *cbox__sandbox_main(void *opaque) {
    cbox_sandbox *sandbox = opaque;
    cbox__sandbox = sandbox;
    sandbox->queue_at_start = cbox__current_queue();
    sandbox->stack_start = __builtin_frame_address(0);
    // Reached a second time from `cbox_sandbox_abandon`, with the frames the body left skipped. `sandbox` is
    // not written after the `sigsetjmp`, so its value survives the jump.
    if (sigsetjmp(sandbox->start, 0) == 0) sandbox->body(sandbox->context);
    cbox__sandbox = NULL;
    cbox__sandbox_unreserve();  // before the caller, woken next, may return
    cbox__sandbox_finish(sandbox);
    return NULL;
}

bool cbox_sandbox_progress(void) {
    cbox_sandbox *sandbox = cbox__sandbox;
    if (sandbox == NULL) return false;
    pthread_mutex_lock(&sandbox->lock);
    bool waited = !sandbox->given_up;
    if (waited) {
        sandbox->progress++;
        pthread_cond_signal(&sandbox->changed);
    }
    pthread_mutex_unlock(&sandbox->lock);
    return waited;
}

static struct timespec cbox__deadline(uint64_t patience_ns) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    uint64_t ns = (uint64_t)now.tv_nsec + patience_ns % 1000000000u;
    uint64_t seconds = patience_ns / 1000000000u + ns / 1000000000u;
    now.tv_sec += (time_t)seconds;  // at most about 18e9 s: far inside a 64-bit time_t
    now.tv_nsec = (long)(ns % 1000000000u);
    return now;
}

cbox_sandbox_result cbox_sandbox_run(void (*body)(void *_Nullable context), void *_Nullable context,
                                     uint64_t patience_ns, uint64_t max_threads) {
    if (!cbox__sandbox_reserve(max_threads)) return CBOX_SANDBOX_TOO_MANY;
    cbox_sandbox *sandbox = calloc(1, sizeof *sandbox);
    if (sandbox == NULL) {
        cbox__sandbox_unreserve();
        return CBOX_SANDBOX_NOT_STARTED;
    }
    sandbox->owners = 2;
    sandbox->body = body;
    sandbox->context = context;
    pthread_mutex_init(&sandbox->lock, NULL);
    pthread_condattr_t clock;
    pthread_condattr_init(&clock);
    pthread_condattr_setclock(&clock, CLOCK_MONOTONIC);
    pthread_cond_init(&sandbox->changed, &clock);
    pthread_condattr_destroy(&clock);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, (size_t)8 << 20);
    pthread_t thread;
    bool started = pthread_create(&thread, &attributes, cbox__sandbox_main, sandbox) == 0;
    pthread_attr_destroy(&attributes);
    if (!started) {
        sandbox->owners = 1;
        cbox__sandbox_let_go(sandbox);
        cbox__sandbox_unreserve();
        return CBOX_SANDBOX_NOT_STARTED;
    }
    pthread_mutex_lock(&sandbox->lock);
    uint64_t seen = sandbox->progress;
    struct timespec deadline = cbox__deadline(patience_ns);
    while (!sandbox->done) {
        int waited = pthread_cond_timedwait(&sandbox->changed, &sandbox->lock, &deadline);
        if (sandbox->progress != seen) {
            seen = sandbox->progress;
            deadline = cbox__deadline(patience_ns);
        } else if (waited == ETIMEDOUT && !sandbox->done) {
            sandbox->given_up = 1;  // decided under the lock: progress after this point is refused
            break;
        }
    }
    cbox_sandbox_result result = sandbox->done ? CBOX_SANDBOX_FINISHED : CBOX_SANDBOX_TIMED_OUT;
    bool ends = sandbox->done && !sandbox->parked;
    pthread_mutex_unlock(&sandbox->lock);
    cbox__sandbox_let_go(sandbox);
    // A finished thread is on its last steps (its thread-exit destructors among them): joining it returns
    // once it has ended, so that it is not left when the caller goes on. One given up on, or parked, is left
    // to itself.
    if (ends) {
        pthread_join(thread, NULL);
    } else {
        pthread_detach(thread);
    }
    return result;
}

// MARK: - Abandoning

_Noreturn void cbox_sandbox_abandon(void) {
    cbox_sandbox *sandbox = cbox__sandbox;
    if (sandbox == NULL) __builtin_trap();
    cbox_thread *thread = cbox_thread_current();
    __atomic_store_n(&thread->chain_count, 0, __ATOMIC_RELEASE);
    thread->recording = 0;
    thread->edge_count = 0;
    thread->graph = NULL;
    thread->sandbox = NULL;
    cbox_read_abandon(cbox_thread_reader(thread));
    if (cbox__needs_its_thread(sandbox)) {
        pthread_mutex_lock(&sandbox->lock);
        sandbox->parked = 1;
        pthread_mutex_unlock(&sandbox->lock);
        cbox__sandbox = NULL;
        cbox__sandbox_finish(sandbox);
        for (;;) pause();
    }
    cbox__keep_skipped_frames(__builtin_frame_address(0), sandbox->stack_start);
    siglongjmp(sandbox->start, 1);
}
