// OpenSSL's EVP digest functions through a table filled by dlopen/dlsym at first use instead of
// by the linker (see Libcrypto.swift for why), as CCurl, CSystemd and CVips do.
// https://www.openssl.org/docs/man3.0/man3/EVP_DigestInit_ex.html
#ifndef BINGWALL_CLIBCRYPTO_SHIM_H
#define BINGWALL_CLIBCRYPTO_SHIM_H

#include "../CLoader/loader.h"
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

/// Every field of bw_crypto_api with its function's name in libcrypto, for BW_LIBRARY_LOADER.
#define BW_CRYPTO_SYMBOLS(RESOLVE)               \
  RESOLVE(md_ctx_new, "EVP_MD_CTX_new")          \
  RESOLVE(md_ctx_free, "EVP_MD_CTX_free")        \
  RESOLVE(md_ctx_copy_ex, "EVP_MD_CTX_copy_ex")  \
  RESOLVE(sha256, "EVP_sha256")                  \
  RESOLVE(digest_init_ex, "EVP_DigestInit_ex")   \
  RESOLVE(digest_update, "EVP_DigestUpdate")     \
  RESOLVE(digest_final_ex, "EVP_DigestFinal_ex")

/// `bw_crypto_load(soname, api)` opens libcrypto and fills `api`; it names the first missing
/// function in an OpenSSL older than 1.1.
BW_LIBRARY_LOADER(bw_crypto_load, bw_crypto_api, BW_CRYPTO_SYMBOLS)

#endif
