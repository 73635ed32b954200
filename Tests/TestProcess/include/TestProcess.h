#ifndef PUSHBOOK_TEST_PROCESS_H
#define PUSHBOOK_TEST_PROCESS_H

/// The test process's own temporary folder, which TMPDIR names from before `main` until the process
/// exits and which is removed then; NULL when it could not be made (TMPDIR is then as it was given).
const char *pushbook_test_process_temporary_folder(void);

#endif
