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

#endif
