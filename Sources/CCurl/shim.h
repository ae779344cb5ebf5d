// libcurl's types and constants from its header, and its functions through a table filled by
// dlopen/dlsym at first use instead of by the linker (see CurlLibrary.swift for why).
// Typed wrappers call the variadic functions, which Swift cannot call directly.
// https://curl.se/libcurl/c/curl_easy_setopt.html
// https://curl.se/libcurl/c/curl_easy_getinfo.html
// https://curl.se/libcurl/c/curl_multi_setopt.html
#ifndef BINGWALL_CCURL_SHIM_H
#define BINGWALL_CCURL_SHIM_H

#include <curl/curl.h>
#include "../CLoader/loader.h"
#include <stddef.h>

typedef size_t (*bw_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*bw_curl_xferinfo_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow,
                                         curl_off_t ultotal, curl_off_t ulnow);

/// Every libcurl function bingwall calls, resolved once from the loaded library. All are in
/// libcurl 7.73 and later (curl_easy_option_by_id is the newest); Debian 12 ships 7.88.
typedef struct bw_curl_api {
  CURLcode (*_Nonnull global_init)(long flags);
  curl_version_info_data *_Nullable (*_Nonnull version_info)(CURLversion stamp);
  CURL *_Nullable (*_Nonnull easy_init)(void);
  void (*_Nonnull easy_cleanup)(CURL *_Nonnull handle);
  const char *_Nonnull (*_Nonnull easy_strerror)(CURLcode code);
  const struct curl_easyoption *_Nullable (*_Nonnull easy_option_by_id)(CURLoption id);
  CURLcode (*_Nonnull easy_setopt)(CURL *_Nonnull handle, CURLoption option, ...);
  CURLcode (*_Nonnull easy_getinfo)(CURL *_Nonnull handle, CURLINFO info, ...);
  CURLM *_Nullable (*_Nonnull multi_init)(void);
  CURLMcode (*_Nonnull multi_cleanup)(CURLM *_Nonnull handle);
  CURLMcode (*_Nonnull multi_setopt)(CURLM *_Nonnull handle, CURLMoption option, ...);
  CURLMcode (*_Nonnull multi_add_handle)(CURLM *_Nonnull multi, CURL *_Nonnull easy);
  CURLMcode (*_Nonnull multi_remove_handle)(CURLM *_Nonnull multi, CURL *_Nonnull easy);
  CURLMcode (*_Nonnull multi_perform)(CURLM *_Nonnull multi, int *_Nonnull running);
  CURLMcode (*_Nonnull multi_poll)(CURLM *_Nonnull multi, struct curl_waitfd *_Nullable extra,
                                   unsigned int extraCount, int timeoutMilliseconds,
                                   int *_Nullable ready);
  CURLMsg *_Nullable (*_Nonnull multi_info_read)(CURLM *_Nonnull multi, int *_Nonnull left);
  const char *_Nonnull (*_Nonnull multi_strerror)(CURLMcode code);
  struct curl_slist *_Nullable (*_Nonnull slist_append)(struct curl_slist *_Nullable list,
                                                        const char *_Nonnull string);
  void (*_Nonnull slist_free_all)(struct curl_slist *_Nullable list);
  CURLMcode (*_Nonnull multi_wakeup)(CURLM *_Nonnull multi);
} bw_curl_api;

/// Every field of bw_curl_api with its function's name in libcurl, for BW_LIBRARY_LOADER.
#define BW_CURL_SYMBOLS(RESOLVE)                           \
  RESOLVE(global_init, "curl_global_init")                 \
  RESOLVE(version_info, "curl_version_info")               \
  RESOLVE(easy_init, "curl_easy_init")                     \
  RESOLVE(easy_cleanup, "curl_easy_cleanup")               \
  RESOLVE(easy_strerror, "curl_easy_strerror")             \
  RESOLVE(easy_option_by_id, "curl_easy_option_by_id")     \
  RESOLVE(easy_setopt, "curl_easy_setopt")                 \
  RESOLVE(easy_getinfo, "curl_easy_getinfo")               \
  RESOLVE(multi_init, "curl_multi_init")                   \
  RESOLVE(multi_cleanup, "curl_multi_cleanup")             \
  RESOLVE(multi_setopt, "curl_multi_setopt")               \
  RESOLVE(multi_add_handle, "curl_multi_add_handle")       \
  RESOLVE(multi_remove_handle, "curl_multi_remove_handle") \
  RESOLVE(multi_perform, "curl_multi_perform")             \
  RESOLVE(multi_poll, "curl_multi_poll")                   \
  RESOLVE(multi_info_read, "curl_multi_info_read")         \
  RESOLVE(multi_strerror, "curl_multi_strerror")           \
  RESOLVE(slist_append, "curl_slist_append")               \
  RESOLVE(slist_free_all, "curl_slist_free_all")           \
  RESOLVE(multi_wakeup, "curl_multi_wakeup")

/// `bw_curl_load(soname, api)` opens libcurl and fills `api`; it names the first missing
/// function in a libcurl older than 7.73.
BW_LIBRARY_LOADER(bw_curl_load, bw_curl_api, BW_CURL_SYMBOLS)

/// Numeric and boolean options are passed as `long`, as libcurl requires.
static inline CURLcode bw_curl_easy_setopt_long(const bw_curl_api *_Nonnull api, CURL *_Nonnull handle,
                                                CURLoption option, long value) {
  return api->easy_setopt(handle, option, value);
}

/// Sizes such as CURLOPT_MAXFILESIZE_LARGE are `curl_off_t`, which is not always `long`.
static inline CURLcode bw_curl_easy_setopt_off_t(const bw_curl_api *_Nonnull api, CURL *_Nonnull handle,
                                                 CURLoption option, curl_off_t value) {
  return api->easy_setopt(handle, option, value);
}

static inline CURLcode bw_curl_easy_setopt_string(const bw_curl_api *_Nonnull api, CURL *_Nonnull handle,
                                                  CURLoption option, const char *_Nonnull value) {
  return api->easy_setopt(handle, option, value);
}

static inline CURLcode bw_curl_easy_setopt_pointer(const bw_curl_api *_Nonnull api, CURL *_Nonnull handle,
                                                   CURLoption option, void *_Nullable value) {
  return api->easy_setopt(handle, option, value);
}

static inline CURLcode bw_curl_easy_setopt_slist(const bw_curl_api *_Nonnull api, CURL *_Nonnull handle,
                                                 CURLoption option, struct curl_slist *_Nullable value) {
  return api->easy_setopt(handle, option, value);
}

static inline CURLcode bw_curl_easy_setopt_data_callback(const bw_curl_api *_Nonnull api,
                                                         CURL *_Nonnull handle, CURLoption option,
                                                         bw_curl_data_callback _Nonnull value) {
  return api->easy_setopt(handle, option, value);
}

static inline CURLcode bw_curl_easy_setopt_xferinfo_callback(const bw_curl_api *_Nonnull api,
                                                             CURL *_Nonnull handle,
                                                             bw_curl_xferinfo_callback _Nonnull value) {
  return api->easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

static inline CURLcode bw_curl_easy_getinfo_long(const bw_curl_api *_Nonnull api, CURL *_Nonnull handle,
                                                 CURLINFO info, long *_Nonnull value) {
  return api->easy_getinfo(handle, info, value);
}

static inline CURLcode bw_curl_easy_getinfo_string(const bw_curl_api *_Nonnull api, CURL *_Nonnull handle,
                                                   CURLINFO info, char *_Nullable *_Nonnull value) {
  return api->easy_getinfo(handle, info, value);
}

/// `CURL_GLOBAL_DEFAULT` is a macro built from other macros; this keeps Swift independent of
/// whether the importer folds it.
static inline CURLcode bw_curl_global_init_default(const bw_curl_api *_Nonnull api) {
  return api->global_init(CURL_GLOBAL_DEFAULT);
}

/// `CURLVERSION_NOW` is a macro naming the newest struct layout this header knows.
static inline curl_version_info_data *_Nullable bw_curl_version_info_now(const bw_curl_api *_Nonnull api) {
  return api->version_info(CURLVERSION_NOW);
}

static inline CURLMcode bw_curl_multi_setopt_long(const bw_curl_api *_Nonnull api, CURLM *_Nonnull handle,
                                                  CURLMoption option, long value) {
  return api->multi_setopt(handle, option, value);
}

/// The `CURLcode` of a `CURLMSG_DONE` message, which sits in an anonymous union.
/// https://curl.se/libcurl/c/curl_multi_info_read.html
static inline CURLcode bw_curl_msg_result(const CURLMsg *_Nonnull message) {
  return message->data.result;
}

#endif
