// What the process is running in, for BoxKit's contexts: its environment, and the images it loaded.
#define _GNU_SOURCE  // RTLD_DEFAULT, on glibc
#include "CBoxRuntime.h"

#include <dlfcn.h>
#include <stdlib.h>

const char *cbox_environment_value(const char *name) {
    return getenv(name);
}

bool cbox_process_defines(const char *name) {
    return dlsym(RTLD_DEFAULT, name) != NULL;
}
