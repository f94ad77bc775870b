// Typed, non-variadic wrappers for libcurl's variadic option and info functions, which Swift
// cannot call. Each wrapper passes exactly one argument of one C type, so the compiler checks
// what Swift hands to libcurl. Prefix: fbs_ (FacebookSDKShim).
#ifndef CFACEBOOKCURLSHIM_H
#define CFACEBOOKCURLSHIM_H

#include <curl/curl.h>

/// The signature libcurl calls for CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*fbs_write_callback)(char *data, size_t size, size_t nitems, void *userdata);

CURLcode fbs_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode fbs_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode fbs_easy_setopt_ptr(CURL *handle, CURLoption option, const void *value);
CURLcode fbs_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode fbs_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode fbs_easy_setopt_write_callback(CURL *handle, CURLoption option, fbs_write_callback value);
/// A `struct curl_blob` option (CURLOPT_CAINFO_BLOB); libcurl copies the bytes (CURL_BLOB_COPY).
CURLcode fbs_easy_setopt_blob_copy(CURL *handle, CURLoption option, const void *data, size_t length);

CURLcode fbs_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode fbs_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode fbs_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value);
CURLcode fbs_easy_getinfo_ptr(CURL *handle, CURLINFO info, void **value);

CURLMcode fbs_multi_setopt_long(CURLM *handle, CURLMoption option, long value);

/// The CURLMsg fields Swift cannot reach through the anonymous union.
CURL *fbs_msg_easy_handle(const CURLMsg *message);
CURLcode fbs_msg_result(const CURLMsg *message);
int fbs_msg_is_done(const CURLMsg *message);

/// memfd_create(name, MFD_CLOEXEC): an anonymous file in memory, named in no file system; -1 and errno
/// on failure (Glibc's module does not export it to Swift).
int fbs_memfd_create(const char *name);

/// Constants that are macros of expressions and do not import.
long fbs_version_num(void);
long fbs_pipe_multiplex(void);
long fbs_http_version_2tls(void);
long fbs_http_version_1_1(void);
long fbs_http_version_2_prior_knowledge(void);
long fbs_proto_http_https(void);
long fbs_proto_https(void);
long fbs_global_default(void);
/// The `Accept-Encoding` value listing every content encoding this libcurl can decode.
const char *fbs_supported_encodings(void);

#endif
