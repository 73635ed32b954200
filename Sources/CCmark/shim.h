#ifndef PUSHBOOK_CCMARK_SHIM_H
#define PUSHBOOK_CCMARK_SHIM_H
#include <cmark.h>
#endif
