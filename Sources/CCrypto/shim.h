// OpenSSL's libcrypto, found through pkg-config (libssl-dev on Debian): HMAC-SHA256 for
// appsecret_proof. No hand-written cryptography.
#include <openssl/hmac.h>
#include <openssl/evp.h>
