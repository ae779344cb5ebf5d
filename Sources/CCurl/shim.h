// libcurl's types and constants from its header, and its functions through a table filled by
// dlopen/dlsym at first use instead of by the linker (see CurlLibrary.swift for why).
// Typed wrappers call the variadic functions, which Swift cannot call directly.
// https://curl.se/libcurl/c/curl_easy_setopt.html
// https://curl.se/libcurl/c/curl_easy_getinfo.html
// https://curl.se/libcurl/c/curl_multi_setopt.html
#ifndef BINGWALL_CCURL_SHIM_H
#define BINGWALL_CCURL_SHIM_H

#include <curl/curl.h>
#include <dlfcn.h>
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
} bw_curl_api;

/// Opens `soname` and fills `api`. Returns NULL on success, else what failed: dlerror's text,
/// or the name of the first missing function (a libcurl older than 7.73).
static inline const char *_Nullable bw_curl_load(const char *_Nonnull soname, bw_curl_api *_Nonnull api) {
  // RTLD_LOCAL: libcurl's symbols (and OpenSSL's, which it brings) serve only this table.
  void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (!library) return dlerror();
#define BW_CURL_RESOLVE(field, name) \
  if (!(*(void **)&api->field = dlsym(library, name))) return name;
  BW_CURL_RESOLVE(global_init, "curl_global_init")
  BW_CURL_RESOLVE(version_info, "curl_version_info")
  BW_CURL_RESOLVE(easy_init, "curl_easy_init")
  BW_CURL_RESOLVE(easy_cleanup, "curl_easy_cleanup")
  BW_CURL_RESOLVE(easy_strerror, "curl_easy_strerror")
  BW_CURL_RESOLVE(easy_option_by_id, "curl_easy_option_by_id")
  BW_CURL_RESOLVE(easy_setopt, "curl_easy_setopt")
  BW_CURL_RESOLVE(easy_getinfo, "curl_easy_getinfo")
  BW_CURL_RESOLVE(multi_init, "curl_multi_init")
  BW_CURL_RESOLVE(multi_cleanup, "curl_multi_cleanup")
  BW_CURL_RESOLVE(multi_setopt, "curl_multi_setopt")
  BW_CURL_RESOLVE(multi_add_handle, "curl_multi_add_handle")
  BW_CURL_RESOLVE(multi_remove_handle, "curl_multi_remove_handle")
  BW_CURL_RESOLVE(multi_perform, "curl_multi_perform")
  BW_CURL_RESOLVE(multi_poll, "curl_multi_poll")
  BW_CURL_RESOLVE(multi_info_read, "curl_multi_info_read")
  BW_CURL_RESOLVE(multi_strerror, "curl_multi_strerror")
  BW_CURL_RESOLVE(slist_append, "curl_slist_append")
  BW_CURL_RESOLVE(slist_free_all, "curl_slist_free_all")
#undef BW_CURL_RESOLVE
  return NULL;
}

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
