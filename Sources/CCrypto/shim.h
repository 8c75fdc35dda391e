// SHA256_Init/Update/Final are deprecated in OpenSSL 3 (in favour of EVP)
// but kept, and for two-block messages much cheaper: see SHA256Context.
// Without this the Swift build warns at every use.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/sha.h>
#include <openssl/evp.h>
