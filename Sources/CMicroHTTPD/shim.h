// GNU libmicrohttpd's declarations (Debian: libmicrohttpd-dev): its types,
// constants and callback signatures. Nothing here is linked: `haru web`
// loads libmicrohttpd.so.12 when it starts (Sources/HaruWeb/Server/LibMicroHTTPD.swift),
// so the other commands do not load it and the TLS libraries it pulls in.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>
