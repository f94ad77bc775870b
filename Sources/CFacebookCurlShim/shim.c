#define _GNU_SOURCE
#include "CFacebookCurlShim.h"

#include <sys/mman.h>

CURLcode fbs_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode fbs_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode fbs_easy_setopt_ptr(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode fbs_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode fbs_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode fbs_easy_setopt_write_callback(CURL *handle, CURLoption option, fbs_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode fbs_easy_setopt_blob_copy(CURL *handle, CURLoption option, const void *data, size_t length) {
    struct curl_blob blob;
    blob.data = (void *)data;
    blob.len = length;
    blob.flags = CURL_BLOB_COPY;
    return curl_easy_setopt(handle, option, &blob);
}

int fbs_memfd_create(const char *name) { return memfd_create(name, MFD_CLOEXEC); }

CURLcode fbs_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
CURLcode fbs_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
CURLcode fbs_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}
CURLcode fbs_easy_getinfo_ptr(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLMcode fbs_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

CURL *fbs_msg_easy_handle(const CURLMsg *message) { return message->easy_handle; }
CURLcode fbs_msg_result(const CURLMsg *message) { return message->data.result; }
int fbs_msg_is_done(const CURLMsg *message) { return message->msg == CURLMSG_DONE; }

long fbs_version_num(void) { return LIBCURL_VERSION_NUM; }
long fbs_pipe_multiplex(void) { return CURLPIPE_MULTIPLEX; }
long fbs_http_version_2tls(void) { return CURL_HTTP_VERSION_2TLS; }
long fbs_http_version_1_1(void) { return CURL_HTTP_VERSION_1_1; }
long fbs_http_version_2_prior_knowledge(void) { return CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE; }
long fbs_proto_http_https(void) { return CURLPROTO_HTTP | CURLPROTO_HTTPS; }
long fbs_proto_https(void) { return CURLPROTO_HTTPS; }
long fbs_global_default(void) { return CURL_GLOBAL_DEFAULT; }

const char *fbs_supported_encodings(void) {
    const curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
    int zlib = (info->features & CURL_VERSION_LIBZ) != 0;
    int brotli = (info->features & CURL_VERSION_BROTLI) != 0;
    int zstd = (info->features & CURL_VERSION_ZSTD) != 0;
    if (zlib && brotli && zstd) return "deflate, gzip, br, zstd";
    if (zlib && brotli) return "deflate, gzip, br";
    if (zlib && zstd) return "deflate, gzip, zstd";
    if (zlib) return "deflate, gzip";
    return "identity";
}
