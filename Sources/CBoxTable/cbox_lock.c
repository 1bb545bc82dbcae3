// A heap-allocated pthread mutex for the Swift side: its address never moves, and thread sanitizers
// understand it (Synchronization.Mutex's futex is invisible to ThreadSanitizer on Linux).
#include "CBoxTable.h"

#include <pthread.h>
#include <stdlib.h>

struct cbox_lock {
    pthread_mutex_t mutex;
};

cbox_lock *cbox_lock_create(void) {
    cbox_lock *lock = malloc(sizeof(cbox_lock));
    if (lock == NULL || pthread_mutex_init(&lock->mutex, NULL) != 0) __builtin_trap();
    return lock;
}

void cbox_lock_destroy(cbox_lock *lock) {
    pthread_mutex_destroy(&lock->mutex);
    free(lock);
}

void cbox_lock_acquire(cbox_lock *lock) {
    if (pthread_mutex_lock(&lock->mutex) != 0) __builtin_trap();
}

void cbox_lock_release(cbox_lock *lock) {
    if (pthread_mutex_unlock(&lock->mutex) != 0) __builtin_trap();
}
