// CBoxAtomics is header-only (static inline functions); a C target needs one source file, and this one checks
// that the header compiles on its own.
#include "CBoxAtomics.h"
