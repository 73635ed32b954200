// Only the header matters: the driver is libFuzzer's. This file gives SwiftPM a C target to build.
#include "CFuzzerDriver.h"
