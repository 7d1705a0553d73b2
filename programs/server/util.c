/* herd-server: time, the operating system's random bits, token comparison. */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "server.h"

static int64_t clock_ms(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t srv_now_ms(void) { return clock_ms(CLOCK_REALTIME); }
int64_t srv_mono_ms(void) { return clock_ms(CLOCK_MONOTONIC); }

int srv_random(void *buf, size_t len)
{
    unsigned char *p = buf;
    while (len > 0) {
        ssize_t n = getrandom(p, len, 0);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

int srv_random_hex(char *out, size_t bytes)
{
    static const char hex[] = "0123456789abcdef";
    unsigned char raw[32];
    if (bytes > sizeof raw || srv_random(raw, bytes) != 0)
        return -1;
    for (size_t i = 0; i < bytes; i++) {
        out[2 * i] = hex[raw[i] >> 4];
        out[2 * i + 1] = hex[raw[i] & 15];
    }
    out[2 * bytes] = '\0';
    memset(raw, 0, sizeof raw);
    return 0;
}

/* Every byte of the secret is looked at whatever the given text holds, so
 * that the time taken does not tell how many leading digits were right. */
int srv_token_equal(const char *secret, const char *given)
{
    size_t n = strlen(secret), m = strnlen(given, SRV_TOKEN_HEX + 1);
    unsigned char diff = (unsigned char)(n != SRV_TOKEN_HEX || m != n);
    for (size_t i = 0; i < SRV_TOKEN_HEX && i < n; i++)
        diff |= (unsigned char)(secret[i] ^ (i < m ? given[i] : 0));
    return diff == 0;
}
