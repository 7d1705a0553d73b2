/* The players' clock (herd/record.h): a value fed with the caller's
 * timestamps, Fischer increment, the TimeControl text of records. */
#include "herd/record.h"

#include "internal.h"

/* Seconds of a time control: a whole number without leading zeros, at
 * most 10^9 (so that milliseconds of two of them fit with room). */
#define CLOCK_MAX_SECONDS 1000000000u

int herd_clock_init(herd_clock *c, const char *time_control)
{
    if (!c || !time_control)
        return HERD_E_ARG;
    herd_clock k = {0, 0, {0, 0}, -1, 0};
    if (strcmp(time_control, "-") != 0) {
        herd_scan sc = {time_control};
        uint64_t base, inc;
        if (!herdi_scan_uint(&sc, CLOCK_MAX_SECONDS, &base) || base == 0 ||
            !herdi_scan_lit(&sc, "+") || !herdi_scan_uint(&sc, CLOCK_MAX_SECONDS, &inc) ||
            !herdi_scan_end(&sc))
            return HERD_E_PARSE;
        k.base_ms = (int64_t)base * 1000;
        k.increment_ms = (int64_t)inc * 1000;
        k.left_ms[0] = k.left_ms[1] = k.base_ms;
    }
    *c = k;
    return HERD_OK;
}

/* Whether the clock has a time control (`-` has none). */
static int timed(const herd_clock *c)
{
    return c->base_ms > 0;
}

int herd_clock_time_control(const herd_clock *c, char *buf, size_t cap, size_t *len)
{
    if (!c || (!buf && cap))
        return HERD_E_ARG;
    char text[48];
    if (timed(c))
        snprintf(text, sizeof text, "%lld+%lld", (long long)(c->base_ms / 1000),
                 (long long)(c->increment_ms / 1000));
    else
        strcpy(text, "-");
    size_t n = strlen(text);
    herd_set_len(len, n);
    if (n >= cap)
        return HERD_E_BUFFER;
    memcpy(buf, text, n + 1);
    return HERD_OK;
}

int64_t herd_clock_left(const herd_clock *c, int side, int64_t now_ms)
{
    if (!c || side < 0 || side > 1)
        return 0;
    if (!timed(c))
        return INT64_MAX;
    int64_t left = c->left_ms[side];
    if (c->running == side && now_ms > c->since_ms)
        left -= now_ms - c->since_ms;
    return left;
}

int herd_clock_flagged(const herd_clock *c, int64_t now_ms)
{
    if (!c || !timed(c))
        return -1;
    for (int side = 0; side < 2; side++)
        if (herd_clock_left(c, side, now_ms) <= 0)
            return side;
    return -1;
}

/* Charges the running side up to now and stops it. */
static void charge(herd_clock *c, int64_t now_ms)
{
    if (c->running >= 0 && timed(c))
        c->left_ms[c->running] -= now_ms - c->since_ms;
    c->running = -1;
}

static int before_start(const herd_clock *c, int64_t now_ms)
{
    return c->running >= 0 && now_ms < c->since_ms;
}

int herd_clock_start(herd_clock *c, int side, int64_t now_ms)
{
    if (!c || side < 0 || side > 1 || before_start(c, now_ms))
        return HERD_E_ARG;
    if (herd_clock_flagged(c, now_ms) >= 0)
        return HERD_E_STATE;
    charge(c, now_ms);
    c->running = side;
    c->since_ms = now_ms;
    return HERD_OK;
}

int herd_clock_press(herd_clock *c, int64_t now_ms)
{
    if (!c || before_start(c, now_ms))
        return HERD_E_ARG;
    int side = c->running;
    if (side < 0)
        return HERD_E_STATE;
    charge(c, now_ms);
    if (timed(c) && c->left_ms[side] <= 0)
        return HERD_E_STATE;
    c->left_ms[side] += c->increment_ms;
    c->running = 1 - side;
    c->since_ms = now_ms;
    return HERD_OK;
}

int herd_clock_stop(herd_clock *c, int64_t now_ms)
{
    if (!c || before_start(c, now_ms))
        return HERD_E_ARG;
    charge(c, now_ms);
    return HERD_OK;
}
