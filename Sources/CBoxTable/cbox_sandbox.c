// Sandbox threads for verification: a body runs on a thread of its own, and the thread can give up in the
// middle of its stack (a factory that cannot go on) without unwinding it: the frames are never resumed,
// so nothing they hold is released twice or used after release; the thread just stops, parked for good.
#include "CBoxTable.h"

#include <pthread.h>
#include <unistd.h>

typedef struct cbox_sandbox {
    pthread_mutex_t lock;
    pthread_cond_t finished;
    int done;
    void (*body)(void *_Nullable);
    void *_Nullable context;
} cbox_sandbox;

static __thread cbox_sandbox *cbox__sandbox;

static void cbox__sandbox_finish(cbox_sandbox *sandbox) {
    pthread_mutex_lock(&sandbox->lock);
    sandbox->done = 1;
    pthread_cond_signal(&sandbox->finished);
    pthread_mutex_unlock(&sandbox->lock);
}

static void *cbox__sandbox_main(void *opaque) {
    cbox_sandbox *sandbox = opaque;
    cbox__sandbox = sandbox;
    sandbox->body(sandbox->context);
    cbox__sandbox = NULL;
    cbox__sandbox_finish(sandbox);
    return NULL;
}

bool cbox_sandbox_run(void (*body)(void *_Nullable context), void *_Nullable context) {
    cbox_sandbox sandbox = {.done = 0, .body = body, .context = context};
    pthread_mutex_init(&sandbox.lock, NULL);
    pthread_cond_init(&sandbox.finished, NULL);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, (size_t)8 << 20);
    pthread_t thread;
    bool started = pthread_create(&thread, &attributes, cbox__sandbox_main, &sandbox) == 0;
    pthread_attr_destroy(&attributes);
    if (started) {
        pthread_mutex_lock(&sandbox.lock);
        while (!sandbox.done) pthread_cond_wait(&sandbox.finished, &sandbox.lock);
        pthread_mutex_unlock(&sandbox.lock);
    }
    pthread_cond_destroy(&sandbox.finished);
    pthread_mutex_destroy(&sandbox.lock);
    return started;
}

_Noreturn void cbox_sandbox_abandon(void) {
    cbox_sandbox *sandbox = cbox__sandbox;
    if (sandbox == NULL) __builtin_trap();
    cbox_thread *thread = cbox_thread_current();
    __atomic_store_n(&thread->chain_count, 0, __ATOMIC_RELAXED);
    thread->recording = 0;
    thread->edge_count = 0;
    thread->scope = NULL;
    thread->sandbox = NULL;
    thread->read_depth = 0;
    __atomic_store_n(&thread->active_epoch, 0, __ATOMIC_RELEASE);
    cbox__sandbox = NULL;
    cbox__sandbox_finish(sandbox);
    for (;;) pause();
}
