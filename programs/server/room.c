/* herd-server's rooms: a game with its seats, clock, draw offer and
 * rematch. Every action goes through the library (herd_apply(),
 * herd_end(), herd_clock_*()): the server is the only authority. The hex
 * dice are drawn with the operating system's generator (getrandom()), so
 * that nothing a client sees lets it foresee them. */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server.h"

static void set_error(srv_error *err, const char *code, const char *fmt, const char *arg)
{
    err->code = code;
    snprintf(err->message, sizeof err->message, fmt, arg ? arg : "");
}

static int timed(const room *r) { return r->clock.base_ms > 0 || r->clock.increment_ms > 0; }

int room_over(const room *r)
{
    herd_status st;
    return herd_get_status(r->g, &st) != HERD_OK || st.result != HERD_ONGOING;
}

int room_to_act(const room *r)
{
    herd_status st;
    if (herd_get_status(r->g, &st) != HERD_OK || st.result != HERD_ONGOING)
        return -1;
    return st.side;
}

static int pend(room *r, const char *kind, int side, const char *move)
{
    if (r->npend >= sizeof r->pend / sizeof r->pend[0])
        return -1;
    struct pending *p = &r->pend[r->npend++];
    snprintf(p->kind, sizeof p->kind, "%s", kind);
    p->side = side;
    snprintf(p->move, sizeof p->move, "%s", move ? move : "");
    return 0;
}

/* Keeps the mover's clock after history ply i (-1: none). */
static int keep_clock(room *r, size_t i, int64_t ms)
{
    if (i >= r->clk_cap) {
        size_t cap = r->clk_cap ? 2 * r->clk_cap : 64;
        while (cap <= i)
            cap *= 2;
        int64_t *p = realloc(r->clk, cap * sizeof *p);
        if (!p)
            return -1;
        r->clk = p;
        r->clk_cap = cap;
    }
    r->clk[i] = ms;
    return 0;
}

/* Rolls the pending chance events (the hex dice) with the OS's generator:
 * a uniform draw over the outcomes' probabilities. */
static int roll_pending(room *r, srv_error *err)
{
    while (!room_over(r) && herd_is_chance(r->g)) {
        herd_move out[64];
        double prob[64];
        size_t n = 0;
        uint64_t bits;
        if (herd_chance_outcomes(r->g, out, prob, 64, &n) != HERD_OK || n == 0 ||
            srv_random(&bits, sizeof bits) != 0) {
            set_error(err, "internal", "the dice could not be rolled%s", NULL);
            return -1;
        }
        double u = (double)(bits >> 11) * (1.0 / 9007199254740992.0), sum = 0;
        size_t k = 0;
        for (; k + 1 < n; k++) {
            sum += prob[k];
            if (u < sum)
                break;
        }
        int side = room_to_act(r);
        char text[HERD_MAX_MOVE_TEXT];
        if (herd_move_to_text(r->g, out[k], text, sizeof text, NULL) != HERD_OK ||
            herd_apply(r->g, out[k]) != HERD_OK ||
            keep_clock(r, herd_history_length(r->g) - 1, -1) != 0 ||
            pend(r, "roll", side, text) != 0) {
            set_error(err, "internal", "the dice could not be played%s", NULL);
            return -1;
        }
    }
    return 0;
}

/* After a move of `mover`: the clock (started when the first turn ends,
 * pressed when a turn ends, stopped at the end), the mover's time kept for
 * the record, any draw offer withdrawn, then the dice. */
static int after_move(room *r, int mover, int64_t now, srv_error *err)
{
    int to_act = room_to_act(r);
    if (timed(r)) {
        if (to_act < 0) {
            if (r->clock.running >= 0)
                herd_clock_stop(&r->clock, now);
        } else if (to_act != mover) {
            if (r->clock.running < 0)
                herd_clock_start(&r->clock, to_act, now);
            else
                herd_clock_press(&r->clock, now);
        }
    }
    if (keep_clock(r, herd_history_length(r->g) - 1,
                   timed(r) ? herd_clock_left(&r->clock, mover, now) : -1) != 0) {
        set_error(err, "internal", "out of memory%s", NULL);
        return -1;
    }
    r->draw_offer = -1;
    return roll_pending(r, err);
}

room *room_new(const char *game, const char *options, const char *tc, int computer, int level,
               srv_error *err)
{
    room *r = calloc(1, sizeof *r);
    if (!r) {
        set_error(err, "internal", "out of memory%s", NULL);
        return NULL;
    }
    r->computer = computer;
    r->level = level;
    r->draw_offer = -1;
    r->created_ms = srv_now_ms();
    snprintf(r->game, sizeof r->game, "%s", game);
    uint64_t seed;
    char full[512];
    herd_error herr;
    if (strstr(options, "seed")) {
        set_error(err, "bad-options", "the server chooses the seed: leave `seed` out%s", NULL);
        goto fail;
    }
    if (strlen(game) >= sizeof r->game || strlen(options) > 200) {
        set_error(err, "bad-options", "no such game or options too long%s", NULL);
        goto fail;
    }
    if (srv_random(&seed, sizeof seed) != 0 || srv_random_hex(r->id, SRV_ID_HEX / 2) != 0) {
        set_error(err, "internal", "no random bits from the system%s", NULL);
        goto fail;
    }
    snprintf(full, sizeof full, "%s%sseed=%" PRIu64, options, *options ? " " : "", seed);
    if (herd_new(game, full, NULL, NULL, &r->g, &herr) != HERD_OK) {
        set_error(err, "bad-options", "%s", herr.message);
        goto fail;
    }
    if (herd_game_options_text(r->g, r->options, sizeof r->options, NULL) != HERD_OK ||
        herd_position_to_text(r->g, r->start, sizeof r->start, NULL) != HERD_OK) {
        set_error(err, "internal", "the game's options do not fit%s", NULL);
        goto fail;
    }
    if (strlen(tc) >= sizeof r->tc || herd_clock_init(&r->clock, tc) != HERD_OK) {
        set_error(err, "bad-time-control", "time control `%s`: `-` or `S+I` (seconds)", tc);
        goto fail;
    }
    herd_clock_time_control(&r->clock, r->tc, sizeof r->tc, NULL);
    if (computer >= 0 && (computer > 1 || level < 1 || level > herd_max_level(r->g))) {
        char range[64];
        snprintf(range, sizeof range, "1..%d", herd_max_level(r->g));
        set_error(err, "bad-level", "the computer's level: %s", range);
        goto fail;
    }
    if (roll_pending(r, err) != 0)
        goto fail;
    return r;
fail:
    room_free(r);
    return NULL;
}

void room_free(room *r)
{
    if (!r)
        return;
    herd_free(r->g);
    free(r->clk);
    free(r);
}

static int player_moves(const room *r)
{
    int n = 0;
    size_t len = herd_history_length(r->g);
    for (size_t i = 0; i < len; i++) {
        int chance = 0;
        herd_history_side(r->g, i, NULL, &chance);
        n += !chance;
    }
    return n;
}

static int end_game(room *r, herd_reason reason, int side, int64_t now, const char *kind,
                    srv_error *err)
{
    if (herd_end(r->g, reason, side) != HERD_OK) {
        set_error(err, "game-over", "%s", herd_last_error(r->g));
        return -1;
    }
    if (r->clock.running >= 0)
        herd_clock_stop(&r->clock, now);
    r->draw_offer = -1;
    return pend(r, kind, side, NULL);
}

static int do_move(room *r, int seat, json_t *msg, int64_t now, srv_error *err)
{
    json_t *ply = json_object_get(msg, "ply"), *mv = json_object_get(msg, "move");
    size_t len = herd_history_length(r->g);
    if (!json_is_integer(ply) || !json_is_string(mv)) {
        set_error(err, "bad-message", "a move needs `ply` (a whole number) and `move` (a text)%s",
                  NULL);
        return -1;
    }
    if (json_integer_value(ply) != (json_int_t)len) {
        char what[96];
        snprintf(what, sizeof what, "ply %" JSON_INTEGER_FORMAT " %s (the game is at ply %zu)",
                 json_integer_value(ply),
                 json_integer_value(ply) < (json_int_t)len ? "was already played" : "is not yet",
                 len);
        set_error(err, "stale-ply", "%s", what);
        return -1;
    }
    if (room_to_act(r) != seat) {
        set_error(err, "not-your-turn", "it is not your turn%s", NULL);
        return -1;
    }
    herd_move m;
    if (herd_move_from_text(r->g, json_string_value(mv), &m) != HERD_OK) {
        set_error(err, "bad-move", "%s", herd_last_error(r->g));
        return -1;
    }
    if (herd_apply(r->g, m) != HERD_OK) {
        set_error(err, "illegal-move", "%s", herd_last_error(r->g));
        return -1;
    }
    char text[HERD_MAX_MOVE_TEXT];
    herd_move_to_text(r->g, m, text, sizeof text, NULL);
    if (pend(r, "move", seat, text) != 0)
        return -1;
    return after_move(r, seat, now, err);
}

int room_computer_move(server *srv, room *r, herd_move m)
{
    (void)srv;
    srv_error err;
    int side = room_to_act(r);
    char text[HERD_MAX_MOVE_TEXT];
    if (side != r->computer || herd_move_to_text(r->g, m, text, sizeof text, NULL) != HERD_OK ||
        herd_apply(r->g, m) != HERD_OK)
        return -1;
    if (pend(r, "move", side, text) != 0)
        return -1;
    return after_move(r, side, r->now, &err);
}

static int do_rematch(room *r, int seat, srv_error *err)
{
    if (!room_over(r)) {
        set_error(err, "not-over", "a rematch comes after the game's end%s", NULL);
        return -1;
    }
    if (r->next[0]) {
        set_error(err, "rematch-made", "the rematch is game %s", r->next);
        return -1;
    }
    if (r->rematch[seat]) {
        set_error(err, "already-asked", "you asked for a rematch already%s", NULL);
        return -1;
    }
    r->rematch[seat] = 1;
    if (pend(r, "rematch", seat, NULL) != 0)
        return -1;
    if (r->computer < 0 && !r->rematch[1 - seat])
        return 0;
    /* Both want it (or the computer always does): the seats swap. */
    char options[256];
    room_public_options(r, options, sizeof options);
    room *n = room_new(r->game, options, r->tc, r->computer >= 0 ? 1 - r->computer : -1,
                       r->level, err);
    if (!n)
        return -1;
    memcpy(n->token[0], r->token[1], sizeof n->token[0]);
    memcpy(n->token[1], r->token[0], sizeof n->token[1]);
    memcpy(r->next, n->id, sizeof r->next);
    r->born = n;
    return 0;
}

int room_join(room *r, const char *code, int *seat, srv_error *err)
{
    if (!r->join_code[0] || !srv_token_equal(r->join_code, code)) {
        set_error(err, "bad-code", "this invitation is used or was never made%s", NULL);
        return -1;
    }
    *seat = r->token[0][0] ? 1 : 0;
    if (srv_random_hex(r->token[*seat], SRV_TOKEN_HEX / 2) != 0) {
        set_error(err, "internal", "no random bits from the system%s", NULL);
        return -1;
    }
    r->join_code[0] = '\0';
    r->seats_changed = 1;
    return pend(r, "join", *seat, NULL);
}

int room_act(server *srv, room *r, int seat, const char *kind, json_t *msg, srv_error *err)
{
    (void)srv;
    int64_t now = r->now;
    int over = room_over(r);
    if (strcmp(kind, "rematch") == 0)
        return do_rematch(r, seat, err);
    if (over) {
        set_error(err, "game-over", "the game is over%s", NULL);
        return -1;
    }
    if (strcmp(kind, "move") == 0)
        return do_move(r, seat, msg, now, err);
    if (strcmp(kind, "resign") == 0)
        return end_game(r, HERD_REASON_RESIGNED, seat, now, "resign", err);
    if (strcmp(kind, "abort") == 0) {
        if (player_moves(r) > 0) {
            set_error(err, "too-late", "a game is aborted only before its first move%s", NULL);
            return -1;
        }
        return end_game(r, HERD_REASON_ABANDONED, -1, now, "abort", err);
    }
    if (strncmp(kind, "draw-", 5) == 0) {
        if (r->computer >= 0) {
            set_error(err, "no-draws", "the computer plays on: it takes no draw offer%s", NULL);
            return -1;
        }
        int other = 1 - seat;
        if (strcmp(kind, "draw-offer") == 0 && r->draw_offer != other) {
            if (r->draw_offer == seat) {
                set_error(err, "already-offered", "your draw offer stands%s", NULL);
                return -1;
            }
            r->draw_offer = seat;
            return pend(r, "draw-offer", seat, NULL);
        }
        if (strcmp(kind, "draw-decline") == 0 && r->draw_offer == other) {
            r->draw_offer = -1;
            return pend(r, "draw-decline", seat, NULL);
        }
        if ((strcmp(kind, "draw-accept") == 0 || strcmp(kind, "draw-offer") == 0) &&
            r->draw_offer == other)
            return end_game(r, HERD_REASON_AGREED, -1, now, "draw", err);
        if (strcmp(kind, "draw-accept") == 0 || strcmp(kind, "draw-decline") == 0) {
            set_error(err, "no-offer", "there is no draw offer to answer%s", NULL);
            return -1;
        }
    }
    set_error(err, "bad-message", "unknown message type `%s`", kind);
    return -1;
}

int room_flag(server *srv, room *r, int64_t now)
{
    (void)srv;
    srv_error err;
    if (room_over(r) || r->clock.running < 0)
        return 0;
    int side = herd_clock_flagged(&r->clock, now);
    if (side < 0)
        return 0;
    if (end_game(r, HERD_REASON_TIME, side, now, "time", &err) != 0)
        return -1;
    r->clock.left_ms[side] = 0; /* stopped past zero: it ran out */
    return 1;
}

int room_replay(room *r, const char *kind, int side, const char *move, int64_t at_ms,
                int64_t left0, int64_t left1, int running)
{
    int rc = HERD_OK;
    herd_move m;
    if (strcmp(kind, "move") == 0 || strcmp(kind, "roll") == 0) {
        rc = herd_move_from_text(r->g, move, &m);
        if (rc == HERD_OK)
            rc = herd_apply(r->g, m);
        if (rc == HERD_OK && strcmp(kind, "move") == 0)
            r->draw_offer = -1;
    } else if (strcmp(kind, "resign") == 0) {
        rc = herd_end(r->g, HERD_REASON_RESIGNED, side);
    } else if (strcmp(kind, "time") == 0) {
        rc = herd_end(r->g, HERD_REASON_TIME, side);
    } else if (strcmp(kind, "draw") == 0) {
        rc = herd_end(r->g, HERD_REASON_AGREED, -1);
    } else if (strcmp(kind, "abort") == 0) {
        rc = herd_end(r->g, HERD_REASON_ABANDONED, -1);
    } else if (strcmp(kind, "draw-offer") == 0) {
        r->draw_offer = side;
    } else if (strcmp(kind, "draw-decline") == 0) {
        r->draw_offer = -1;
    } else if (strcmp(kind, "rematch") == 0 && (side == 0 || side == 1)) {
        r->rematch[side] = 1;
    } else if (strcmp(kind, "join") != 0) {
        rc = HERD_E_PARSE;
    }
    if (rc != HERD_OK) {
        fprintf(stderr, "herd-server: game %s, action %" PRId64 " (%s %s): %s\n", r->id, r->seq,
                kind, move, herd_last_error(r->g));
        return -1;
    }
    if (strcmp(kind, "move") == 0 || strcmp(kind, "roll") == 0) {
        int64_t left = side == 0 ? left0 : left1;
        if (keep_clock(r, herd_history_length(r->g) - 1,
                       strcmp(kind, "move") == 0 && timed(r) ? left : -1) != 0)
            return -1;
    }
    r->clock.left_ms[0] = left0;
    r->clock.left_ms[1] = left1;
    r->clock.running = running;
    r->clock.since_ms = at_ms;
    r->seq++;
    return 0;
}

void room_public_options(const room *r, char *buf, size_t cap)
{
    /* The options without the seed, which would let a client foresee the
     * computer's choices. */
    size_t n = 0;
    const char *p = r->options;
    buf[0] = '\0';
    while (*p) {
        size_t w = strcspn(p, " ");
        if (strncmp(p, "seed=", 5) != 0 && n + w + 2 < cap) {
            if (n)
                buf[n++] = ' ';
            memcpy(buf + n, p, w);
            n += w;
            buf[n] = '\0';
        }
        p += w;
        while (*p == ' ')
            p++;
    }
}

static const char *result_name(herd_result res)
{
    switch (res) {
    case HERD_ONGOING: return "ongoing";
    case HERD_WIN: return "win";
    case HERD_DRAW: return "draw";
    default: return "over";
    }
}

static void player_name(const room *r, int side, char *buf, size_t cap)
{
    const char *name = NULL;
    if (side == r->computer && herd_level_name(r->g, r->level, &name, NULL) == HERD_OK)
        snprintf(buf, cap, "herd level %d (%s)", r->level, name);
    else
        snprintf(buf, cap, "player %d", side + 1);
}

json_t *room_state(const room *r, int seat, int64_t now)
{
    herd_status st;
    herd_get_status(r->g, &st);
    char options[256], pos[HERD_MAX_POSITION_TEXT], text[HERD_MAX_MOVE_TEXT];
    room_public_options(r, options, sizeof options);
    herd_position_to_text(r->g, pos, sizeof pos, NULL);
    json_t *moves = json_array(), *seats = json_array();
    size_t len = herd_history_length(r->g);
    for (size_t i = 0; i < len; i++) {
        herd_move m;
        herd_history_move(r->g, i, &m);
        herd_move_to_text(r->g, m, text, sizeof text, NULL);
        json_array_append_new(moves, json_string(text));
    }
    for (int s = 0; s < 2; s++) {
        char name[96];
        player_name(r, s, name, sizeof name);
        json_array_append_new(
            seats, json_pack("{s:s, s:s, s:s, s:b}", "side", herd_side_name(r->g, s), "player",
                             s == r->computer ? "computer" : "human", "name", name, "taken",
                             s == r->computer || r->token[s][0] != '\0'));
    }
    json_t *clock = json_null();
    if (timed(r))
        clock = json_pack("{s:[I,I], s:i, s:I, s:I}", "left",
                          (json_int_t)herd_clock_left(&r->clock, 0, now),
                          (json_int_t)herd_clock_left(&r->clock, 1, now), "running",
                          r->clock.running, "base", (json_int_t)r->clock.base_ms, "increment",
                          (json_int_t)r->clock.increment_ms);
    json_t *j = json_pack(
        "{s:s, s:s, s:s, s:s, s:s, s:o, s:s, s:s, s:o, s:I, s:{s:s, s:i, s:s}, s:i, s:o,"
        " s:i, s:[b,b], s:o, s:o}",
        "type", "state", "id", r->id, "game", r->game, "options", options, "time_control", r->tc,
        "seat", seat >= 0 ? json_integer(seat) : json_null(), "start", r->start, "position", pos,
        "moves", moves, "ply", (json_int_t)len, "status", "result", result_name(st.result), "side",
        st.side, "reason", herd_reason_name(st.reason) ? herd_reason_name(st.reason) : "",
        "to_act", room_to_act(r), "clock", clock, "draw_offer", r->draw_offer, "rematch",
        r->rematch[0], r->rematch[1], "next", r->next[0] ? json_string(r->next) : json_null(),
        "seats", seats);
    if (j && st.result == HERD_ONGOING && !herd_is_chance(r->g)) {
        herd_move legal[HERD_MAX_MOVES];
        size_t n = 0;
        json_t *list = json_array();
        herd_legal_moves(r->g, legal, HERD_MAX_MOVES, &n);
        for (size_t i = 0; i < n; i++) {
            herd_move_to_text(r->g, legal[i], text, sizeof text, NULL);
            json_array_append_new(list, json_string(text));
        }
        json_object_set_new(j, "legal", list);
    }
    if (j && st.result != HERD_ONGOING) {
        char url[64];
        snprintf(url, sizeof url, "/games/%s.hgr", r->id);
        json_object_set_new(j, "record", json_string(url));
    }
    return j;
}

char *room_record(const room *r)
{
    herd_record *rec;
    if (herd_record_from_game(r->g, NULL, NULL, NULL, &rec) != HERD_OK)
        return NULL;
    time_t t = (time_t)(r->created_ms / 1000);
    struct tm tm;
    char date[32], name[96], key[32];
    gmtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    herd_record_set_tag(rec, "Date", date);
    herd_record_set_tag(rec, "Site", "herd-server");
    for (int s = 0; s < 2; s++) {
        const char *side = herd_side_name(r->g, s);
        snprintf(key, sizeof key, "%s", side);
        key[0] = (char)(key[0] >= 'a' && key[0] <= 'z' ? key[0] - 'a' + 'A' : key[0]);
        player_name(r, s, name, sizeof name);
        herd_record_set_tag(rec, key, name);
    }
    herd_record_set_tag(rec, "TimeControl", r->tc);
    size_t len = herd_history_length(r->g);
    for (size_t i = 0; i < len && i < r->clk_cap; i++)
        if (r->clk[i] >= 0)
            herd_record_set_clock(rec, i + 1, r->clk[i] > 0 ? r->clk[i] : 0);
    size_t need = 0;
    char *text = NULL;
    if (herd_record_write(rec, 0, NULL, 0, &need) == HERD_E_BUFFER &&
        (text = malloc(need + 1)) != NULL &&
        herd_record_write(rec, 0, text, need + 1, NULL) != HERD_OK) {
        free(text);
        text = NULL;
    }
    herd_record_free(rec);
    return text;
}

room *room_restore(const char *id, const char *game, const char *options, const char *tc,
                   int computer, int level, const char *token0, const char *token1,
                   const char *join_code, const char *next, int64_t created)
{
    room *r = calloc(1, sizeof *r);
    herd_error herr;
    if (!r)
        return NULL;
    r->computer = computer;
    r->level = level;
    r->draw_offer = -1;
    r->created_ms = created;
    if (strlen(id) != SRV_ID_HEX || strlen(game) >= sizeof r->game ||
        strlen(options) >= sizeof r->options || strlen(tc) >= sizeof r->tc ||
        strlen(token0) > SRV_TOKEN_HEX || strlen(token1) > SRV_TOKEN_HEX ||
        strlen(join_code) > SRV_TOKEN_HEX || (*next && strlen(next) != SRV_ID_HEX)) {
        fprintf(stderr, "herd-server: game %s: a field of the database is malformed\n", id);
        free(r);
        return NULL;
    }
    strcpy(r->id, id);
    strcpy(r->game, game);
    strcpy(r->options, options);
    strcpy(r->tc, tc);
    strcpy(r->token[0], token0);
    strcpy(r->token[1], token1);
    strcpy(r->join_code, join_code);
    strcpy(r->next, next);
    if (herd_new(game, options, NULL, NULL, &r->g, &herr) != HERD_OK ||
        herd_position_to_text(r->g, r->start, sizeof r->start, NULL) != HERD_OK ||
        herd_clock_init(&r->clock, tc) != HERD_OK) {
        fprintf(stderr, "herd-server: game %s: %s\n", id, r->g ? "bad time control" : herr.message);
        room_free(r);
        return NULL;
    }
    return r;
}
