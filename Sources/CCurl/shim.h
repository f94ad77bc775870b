// The libcurl headers, found through pkg-config (libcurl4-openssl-dev on Debian).
#include <curl/curl.h>
