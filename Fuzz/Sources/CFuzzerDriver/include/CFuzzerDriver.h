#ifndef PUSHBOOK_CFUZZER_DRIVER_H
#define PUSHBOOK_CFUZZER_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, LLVM 11 and later), linked in by `-sanitize=fuzzer`.
/// SwiftPM renames a debug executable's `main` to `<Module>_main`; each target defines that symbol
/// and hands over to this driver, so the same sources link in debug and release.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
