#ifndef PUSHBOOK_TEST_PROCESS_H
#define PUSHBOOK_TEST_PROCESS_H

/// The test process's own temporary folder, which TMPDIR names from before `main` until the process
/// exits and which is removed then; NULL when it could not be made (TMPDIR is then as it was given).
const char *pushbook_test_process_temporary_folder(void);

/// Removes the folders in `base` that test processes killed with SIGKILL left (what the process
/// does once before `main`, in the TMPDIR it was given): a name `pushbook-test-process-PID-XXXXXX`,
/// a real folder of this user, no process PID, and its lock free.
void pushbook_test_process_reclaim_leftovers(const char *base);

#endif
