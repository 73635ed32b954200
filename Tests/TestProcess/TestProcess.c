// The test process's temporary folder.
//
// The simulator runs recipe code in the test process, and that code writes where Xcode's would:
// FileManager.default.temporaryDirectory (a download moved into tmp/UUID/, Firebase's helper saving
// its image). A `pushbook` process gives itself a folder of its own and removes it at exit
// (ProcessTemporaryFolder), but setting TMPDIR is only safe before any thread starts, and a test
// process has no hook that runs that early except a constructor. So, before `main`, this makes
// `pushbook-test-process-XXXXXX` in the TMPDIR the process was given, points TMPDIR at it (for the
// tests, the recipe code they run and every process they start), and removes it when the process
// exits. A test process killed with SIGKILL leaves it.
#define _XOPEN_SOURCE 700
#include "TestProcess.h"
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char folder[PATH_MAX];
static pid_t owner;

static int removeEntry(const char *path, const struct stat *info, int flag, struct FTW *walk) {
    (void)info; (void)flag; (void)walk;
    remove(path);
    return 0;
}

static void removeFolder(void) {
    // Only the process that made it: a child that exits without exec must not take it away.
    if (folder[0] != '\0' && getpid() == owner) nftw(folder, removeEntry, 32, FTW_DEPTH | FTW_PHYS);
}

__attribute__((constructor)) static void claimFolder(void) {
    const char *base = getenv("TMPDIR");
    struct stat info;
    if (base == NULL || base[0] == '\0' || stat(base, &info) != 0 || !S_ISDIR(info.st_mode)) base = "/tmp";
    char template[PATH_MAX];
    int length = snprintf(template, sizeof template, "%s/pushbook-test-process-XXXXXX", base);
    if (length < 0 || length >= (int)sizeof template || mkdtemp(template) == NULL) return;
    memcpy(folder, template, (size_t)length + 1);
    owner = getpid();
    setenv("TMPDIR", folder, 1);
    atexit(removeFolder);
}

const char *pushbook_test_process_temporary_folder(void) {
    return folder[0] != '\0' ? folder : NULL;
}
