// Typed wrappers for libcurl's variadic calls, which Swift cannot call directly.
// https://curl.se/libcurl/c/curl_easy_setopt.html
// https://curl.se/libcurl/c/curl_easy_getinfo.html
// https://curl.se/libcurl/c/curl_multi_setopt.html
#ifndef BINGWALL_CCURL_SHIM_H
#define BINGWALL_CCURL_SHIM_H

#include <curl/curl.h>

typedef size_t (*bw_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*bw_curl_xferinfo_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow,
                                         curl_off_t ultotal, curl_off_t ulnow);

/// Numeric and boolean options are passed as `long`, as libcurl requires.
static inline CURLcode bw_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

/// Sizes such as CURLOPT_MAXFILESIZE_LARGE are `curl_off_t`, which is not always `long`.
static inline CURLcode bw_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode bw_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode bw_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode bw_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode bw_curl_easy_setopt_data_callback(CURL *handle, CURLoption option,
                                                         bw_curl_data_callback value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode bw_curl_easy_setopt_xferinfo_callback(CURL *handle, bw_curl_xferinfo_callback value) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

static inline CURLcode bw_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode bw_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode bw_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

/// `CURL_GLOBAL_DEFAULT` is a macro built from other macros; this keeps Swift independent of
/// whether the importer folds it.
static inline CURLcode bw_curl_global_init_default(void) {
  return curl_global_init(CURL_GLOBAL_DEFAULT);
}

/// `CURLVERSION_NOW` is a macro naming the newest struct layout this header knows.
static inline curl_version_info_data *bw_curl_version_info_now(void) {
  return curl_version_info(CURLVERSION_NOW);
}

static inline CURLMcode bw_curl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
  return curl_multi_setopt(handle, option, value);
}

/// The `CURLcode` of a `CURLMSG_DONE` message, which sits in an anonymous union.
/// https://curl.se/libcurl/c/curl_multi_info_read.html
static inline CURLcode bw_curl_msg_result(const CURLMsg *message) {
  return message->data.result;
}

#endif
