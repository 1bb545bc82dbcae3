// Declarations shared by the table and the reclamation code; not part of the public C API.
#ifndef CBOX_INTERNAL_H
#define CBOX_INTERNAL_H

#include "CBoxTable.h"

/// Advances the global epoch and returns the value it had: memory unlinked before this call and tagged
/// with the returned value is unreachable to every reader that announces a later epoch.
uint64_t cbox__epoch_retire_tag(void);

/// After a full barrier on every thread of the process, the smallest epoch announced by a reader inside a
/// read section, or UINT64_MAX when no reader is inside one.
uint64_t cbox__epoch_min_active(void);

#endif
