// The test process's temporary folder.
//
// The simulator runs recipe code in the test process, and that code writes where Xcode's would:
// FileManager.default.temporaryDirectory (a download moved into tmp/UUID/, Firebase's helper saving
// its image). A `pushbook` process gives itself a folder of its own and removes it at exit
// (ProcessTemporaryFolder), but setting TMPDIR is only safe before any thread starts, and a test
// process has no hook that runs that early except a constructor. So, before `main`, this makes
// `pushbook-test-process-PID-XXXXXX` in the TMPDIR the process was given, points TMPDIR at it (for
// the tests, the recipe code they run and every process they start), holds a lock on it, and
// removes it when the process exits. A test process killed with SIGKILL cannot clean up: the next
// test process removes such folders once their process is gone and their lock is free, as
// ProcessTemporaryFolder.reclaimLeftovers does for `pushbook` processes.
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include "TestProcess.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static const char prefix[] = "pushbook-test-process-";
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

// The process id in a name `pushbook-test-process-PID-XXXXXX`, or 0 for any other name.
static pid_t leftoverProcess(const char *name) {
    size_t length = strlen(prefix);
    if (strncmp(name, prefix, length) != 0) return 0;
    const char *digits = name + length, *cursor = digits;
    long pid = 0;
    while (*cursor >= '0' && *cursor <= '9' && pid < 1L << 30) pid = pid * 10 + (*cursor++ - '0');
    if (cursor == digits || *cursor != '-' || strlen(cursor + 1) != 6) return 0;
    return (pid_t)pid;
}

// Removes the folders in `base` that test processes killed with SIGKILL left: the name above, a
// real folder of this user, no process PID, and its lock free (a live process holds its lock).
void pushbook_test_process_reclaim_leftovers(const char *base) {
    DIR *directory = opendir(base);
    if (directory == NULL) return;
    struct dirent *entry;
    while ((entry = readdir(directory)) != NULL) {
        pid_t pid = leftoverProcess(entry->d_name);
        if (pid <= 0 || pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH) continue;
        char path[PATH_MAX];
        int length = snprintf(path, sizeof path, "%s/%s", base, entry->d_name);
        struct stat info;
        if (length < 0 || length >= (int)sizeof path || lstat(path, &info) != 0 || !S_ISDIR(info.st_mode) || info.st_uid != getuid()) continue;
        int descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
        if (descriptor < 0) continue;
        if (flock(descriptor, LOCK_EX | LOCK_NB) == 0) nftw(path, removeEntry, 32, FTW_DEPTH | FTW_PHYS);
        close(descriptor);
    }
    closedir(directory);
}

// The test host writes to pipes of processes that may be gone (workers, the commands the tests run),
// as the `pushbook` command does, and like it (PushbookCLI.main) it ignores SIGPIPE: a write to a
// gone reader fails with EPIPE instead of ending the whole test run with signal 13. The writers that
// must survive SIGPIPE's default too (FrameChannel, the tests' ChildInput) block it themselves, and
// their tests restore the default for the moment they test it.
__attribute__((constructor)) static void ignorePipeSignal(void) {
    signal(SIGPIPE, SIG_IGN);
}

// The window in which a file's time stamps cannot vouch for it (FileFingerprint.racyWindow): 200 ms
// for the tests and every `pushbook` they start, so a test waits a quarter of a second for a
// change to be old enough, not a second. A window the runner set is kept.
__attribute__((constructor)) static void shortenRacyWindow(void) {
    setenv("PUSHBOOK_RACY_WINDOW_MS", "200", 0);
}

__attribute__((constructor)) static void claimFolder(void) {
    const char *base = getenv("TMPDIR");
    struct stat info;
    if (base == NULL || base[0] == '\0' || stat(base, &info) != 0 || !S_ISDIR(info.st_mode)) base = "/tmp";
    pushbook_test_process_reclaim_leftovers(base);
    char template[PATH_MAX];
    int length = snprintf(template, sizeof template, "%s/%s%ld-XXXXXX", base, prefix, (long)getpid());
    if (length < 0 || length >= (int)sizeof template || mkdtemp(template) == NULL) return;
    memcpy(folder, template, (size_t)length + 1);
    owner = getpid();
    // Held for the life of the process (the descriptor stays open; close-on-exec, so children
    // started by the tests do not hold it).
    int descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor >= 0) flock(descriptor, LOCK_EX | LOCK_NB);
    setenv("TMPDIR", folder, 1);
    atexit(removeFolder);
}

const char *pushbook_test_process_temporary_folder(void) {
    return folder[0] != '\0' ? folder : NULL;
}
