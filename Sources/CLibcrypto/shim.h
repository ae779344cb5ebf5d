// OpenSSL's EVP digest functions through a table filled by dlopen/dlsym at first use instead of
// by the linker (see Libcrypto.swift for why), as CCurl, CSystemd and CVips do.
// https://www.openssl.org/docs/man3.0/man3/EVP_DigestInit_ex.html
#ifndef BINGWALL_CLIBCRYPTO_SHIM_H
#define BINGWALL_CLIBCRYPTO_SHIM_H

#include <dlfcn.h>
#include <stddef.h>

// OpenSSL's own opaque types (openssl/types.h), declared rather than included.
typedef struct evp_md_ctx_st EVP_MD_CTX;
typedef struct evp_md_st EVP_MD;
typedef struct engine_st ENGINE;

/// Every libcrypto function bingwall calls, resolved once from the loaded library; all are in
/// OpenSSL 1.1 and 3.
typedef struct bw_crypto_api {
  EVP_MD_CTX *_Nullable (*_Nonnull md_ctx_new)(void);
  void (*_Nonnull md_ctx_free)(EVP_MD_CTX *_Nullable context);
  int (*_Nonnull md_ctx_copy_ex)(EVP_MD_CTX *_Nonnull out, const EVP_MD_CTX *_Nonnull in);
  const EVP_MD *_Nullable (*_Nonnull sha256)(void);
  int (*_Nonnull digest_init_ex)(EVP_MD_CTX *_Nonnull context, const EVP_MD *_Nullable type,
                                 ENGINE *_Nullable engine);
  int (*_Nonnull digest_update)(EVP_MD_CTX *_Nonnull context, const void *_Nullable data, size_t count);
  int (*_Nonnull digest_final_ex)(EVP_MD_CTX *_Nonnull context, unsigned char *_Nullable digest,
                                  unsigned int *_Nullable size);
} bw_crypto_api;

/// Opens `soname` and fills `api`. Returns NULL on success, else what failed: dlerror's text, or
/// the name of the first missing function.
static inline const char *_Nullable bw_crypto_load(const char *_Nonnull soname, bw_crypto_api *_Nonnull api) {
  void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (!library) return dlerror();
#define BW_CRYPTO_RESOLVE(field, name) \
  if (!(*(void **)&api->field = dlsym(library, name))) return name;
  BW_CRYPTO_RESOLVE(md_ctx_new, "EVP_MD_CTX_new")
  BW_CRYPTO_RESOLVE(md_ctx_free, "EVP_MD_CTX_free")
  BW_CRYPTO_RESOLVE(md_ctx_copy_ex, "EVP_MD_CTX_copy_ex")
  BW_CRYPTO_RESOLVE(sha256, "EVP_sha256")
  BW_CRYPTO_RESOLVE(digest_init_ex, "EVP_DigestInit_ex")
  BW_CRYPTO_RESOLVE(digest_update, "EVP_DigestUpdate")
  BW_CRYPTO_RESOLVE(digest_final_ex, "EVP_DigestFinal_ex")
#undef BW_CRYPTO_RESOLVE
  return NULL;
}

#endif
