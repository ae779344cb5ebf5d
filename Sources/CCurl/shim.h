// Typed wrappers for libcurl's variadic calls, which Swift cannot call directly.
// https://curl.se/libcurl/c/curl_easy_setopt.html
// https://curl.se/libcurl/c/curl_easy_getinfo.html
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

static inline CURLMcode bw_curl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
  return curl_multi_setopt(handle, option, value);
}

#endif
