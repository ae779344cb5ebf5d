// The one way bingwall loads a C library: dlopen at first use, then dlsym for each function into
// a table, instead of linking it. CCurl, CLibcrypto, CSystemd and CVips include this header by
// relative path; it is not a module of its own. Macros only, so that the four modules that copy
// it in declare nothing twice.
#ifndef BINGWALL_CLOADER_LOADER_H
#define BINGWALL_CLOADER_LOADER_H

#include <dlfcn.h>
#include <stddef.h>

/// Defines `static inline const char *name(const char *soname, table *api)`, which opens `soname`
/// and fills `api` with every function `symbols` lists. It returns NULL on success, else what
/// failed: dlerror's text, or the name of the first missing function (a library too old).
///
/// `symbols` is a list macro that calls its argument once per function with the table's field
/// and the library's name for it: `#define SYMBOLS(RESOLVE) RESOLVE(init, "lib_init") ...`.
///
/// RTLD_LOCAL: the library's symbols (and those of the libraries it brings, OpenSSL or glib)
/// serve only this table. RTLD_NOW: a library behind it that lacks a function it calls (a partial
/// upgrade) fails here, as one warning, rather than killing bingwall at that function's first
/// call.
#define BW_LIBRARY_LOADER(name, table, symbols)                                                    \
  static inline const char *_Nullable name(const char *_Nonnull soname, table *_Nonnull api) {     \
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);                                         \
    if (!library) return dlerror();                                                                \
    symbols(BW_LIBRARY_RESOLVE)                                                                    \
    return NULL;                                                                                   \
  }

// One function of the table: stores dlsym's pointer in the field, or returns the missing name.
#define BW_LIBRARY_RESOLVE(field, symbol)                                                          \
  if (!(*(void **)&api->field = dlsym(library, symbol))) return symbol;

#endif
