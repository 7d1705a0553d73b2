/* herd-server: serves the page and referees games between people on
 * different machines (docs/server.md). CivetWeb does the HTTP and the
 * WebSocket framing, jansson the JSON, SQLite or PostgreSQL the storage
 * (store.h); every action is checked by the library and committed before
 * anyone hears of it. One lock guards the rooms; a thread runs the clocks'
 * flags and the computer's moves (searched outside the lock), another
 * commits the changes in batches (outside the lock too), and with
 * PostgreSQL a third hears of the other processes' commits. */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <civetweb.h>

#include "server.h"

#ifndef HERD_SERVER_WEB_DIR
#define HERD_SERVER_WEB_DIR "build/web"
#endif

/* ------------------------------------------------------------ rooms */

room *server_find(server *srv, const char *id)
{
    for (size_t i = 0; i < srv->nrooms; i++)
        if (strcmp(srv->rooms[i]->id, id) == 0)
            return srv->rooms[i];
    return NULL;
}

/* Room for one more, so that adding a room stored already cannot fail. */
static int server_reserve(server *srv)
{
    if (srv->nrooms < srv->cap)
        return 0;
    size_t cap = srv->cap ? 2 * srv->cap : 64;
    room **p = realloc(srv->rooms, cap * sizeof *p);
    if (!p)
        return -1;
    srv->rooms = p;
    srv->cap = cap;
    return 0;
}

int server_add(server *srv, room *r)
{
    if (server_reserve(srv) != 0)
        return -1;
    srv->rooms[srv->nrooms++] = r;
    return 0;
}

static void send_json(struct mg_connection *conn, json_t *j)
{
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    if (text) {
        mg_websocket_write(conn, MG_WEBSOCKET_OPCODE_TEXT, text, strlen(text));
        free(text);
    }
    json_decref(j);
}

static void send_error(struct mg_connection *conn, const char *code, const char *message)
{
    send_json(conn, json_pack("{s:s, s:s, s:s}", "type", "error", "code", code, "message",
                              message));
}

void server_broadcast(server *srv, room *r)
{
    /* One state for all, each told its own seat. */
    json_t *st = NULL;
    (void)srv;
    for (client *c = r->clients; c; c = c->next) {
        if (!st && (st = room_state(r, -1, srv_now_ms())) == NULL)
            return;
        json_object_set_new(st, "seat", c->seat >= 0 ? json_integer(c->seat) : json_null());
        char *text = json_dumps(st, JSON_COMPACT);
        if (text)
            mg_websocket_write(c->conn, MG_WEBSOCKET_OPCODE_TEXT, text, strlen(text));
        free(text);
    }
    json_decref(st);
}

/* ------------------------------------------------------------ storing */

/* The committer: takes every job queued while the last batch ran and
 * writes them in one transaction (store_write(): one commit, one fsync),
 * outside the lock, so that the server goes on with other games meanwhile. */
static void *committer(void *arg)
{
    server *srv = arg;
    pthread_mutex_lock(&srv->lock);
    for (;;) {
        while (!srv->queue && !srv->closed)
            pthread_cond_wait(&srv->work, &srv->lock);
        if (!srv->queue)
            break;
        store_job *batch = NULL;
        while (srv->queue) { /* oldest first */
            store_job *j = srv->queue;
            srv->queue = j->next;
            j->next = batch;
            batch = j;
        }
        pthread_mutex_unlock(&srv->lock);
        store_write(srv->db, batch);
        pthread_mutex_lock(&srv->lock);
        srv->commits++;
        while (batch) { /* a job is its waiter's: read next before it is done */
            srv->jobs++;
            store_job *next = batch->next;
            batch->done = 1;
            /* Its waiter alone: waking every waiting thread at each commit
             * costs more than the commit under load. */
            pthread_cond_signal(batch->waiter);
            batch = next;
        }
    }
    pthread_mutex_unlock(&srv->lock);
    return NULL;
}

/* Queues a job and waits, the lock let go, until it is committed or refused. */
static int submit(server *srv, store_job *j)
{
    pthread_cond_t done;
    pthread_cond_init(&done, NULL);
    j->done = 0;
    j->rc = -1;
    j->waiter = &done;
    j->next = srv->queue;
    srv->queue = j;
    pthread_cond_signal(&srv->work);
    while (!j->done)
        pthread_cond_wait(&done, &srv->lock);
    pthread_cond_destroy(&done);
    return j->rc;
}

/* Waits while r's last change is being committed: until then nobody may
 * see it (it may yet be refused) or change it. */
static void wait_stored(server *srv, room *r)
{
    srv->room_waiters++;
    while (r->committing)
        pthread_cond_wait(&srv->committed, &srv->lock);
    srv->room_waiters--;
}

/* The actions r's last change left pending, as the job's rows, at their
 * places from r->seq on, with both clocks at `at`. */
static int job_rows(store_job *j, room *r, int64_t at)
{
    for (size_t i = 0; i < r->npend; i++) {
        if (j->nrows == sizeof j->rows / sizeof j->rows[0])
            return -1;
        store_row *a = &j->rows[j->nrows++];
        a->game = r->id;
        a->seq = r->seq++;
        memcpy(a->kind, r->pend[i].kind, sizeof a->kind);
        a->side = r->pend[i].side;
        memcpy(a->move, r->pend[i].move, sizeof a->move);
        a->at_ms = at;
        a->left0 = herd_clock_left(&r->clock, 0, at);
        a->left1 = herd_clock_left(&r->clock, 1, at);
        a->running = r->clock.running;
    }
    r->npend = 0;
    return 0;
}

/* ------------------------------------------------------------ other processes */

static void *load_game(void *ud, const char *id, const char *game, const char *options,
                       const char *tc, int computer, int level, const char *token0,
                       const char *token1, const char *join_code, const char *next,
                       int64_t created)
{
    server *srv = ud;
    room *r = room_restore(id, game, options, tc, computer, level, token0, token1, join_code,
                           next, created);
    if (r && server_add(srv, r) != 0) {
        room_free(r);
        return NULL;
    }
    return r;
}

static int load_action(void *ud, void *r, const char *kind, int side, const char *move,
                       int64_t at_ms, int64_t left0, int64_t left1, int running)
{
    (void)ud;
    return room_replay(r, kind, side, move, at_ms, left0, left1, running);
}

/* What another process added to a game, read outside the lock: its row's
 * seats and rematch, and its new actions. */
typedef struct news {
    char token[2][SRV_TOKEN_HEX + 1], join_code[SRV_TOKEN_HEX + 1], next[SRV_ID_HEX + 1];
    store_row *rows;
    size_t n, cap;
} news;

static void *news_game(void *ud, const char *id, const char *game, const char *options,
                       const char *tc, int computer, int level, const char *token0,
                       const char *token1, const char *join_code, const char *next,
                       int64_t created)
{
    news *w = ud;
    (void)id, (void)game, (void)options, (void)tc, (void)computer, (void)level, (void)created;
    if (strlen(token0) > SRV_TOKEN_HEX || strlen(token1) > SRV_TOKEN_HEX ||
        strlen(join_code) > SRV_TOKEN_HEX || (*next && strlen(next) != SRV_ID_HEX))
        return NULL;
    strcpy(w->token[0], token0);
    strcpy(w->token[1], token1);
    strcpy(w->join_code, join_code);
    strcpy(w->next, next);
    return w;
}

static int news_action(void *ud, void *game, const char *kind, int side, const char *move,
                       int64_t at_ms, int64_t left0, int64_t left1, int running)
{
    news *w = game;
    (void)ud;
    if (w->n == w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 8;
        store_row *p = realloc(w->rows, cap * sizeof *p);
        if (!p)
            return -1;
        w->rows = p;
        w->cap = cap;
    }
    store_row *a = &w->rows[w->n++];
    if (strlen(kind) >= sizeof a->kind || strlen(move) >= sizeof a->move)
        return -1;
    strcpy(a->kind, kind);
    strcpy(a->move, move);
    a->side = side;
    a->at_ms = at_ms;
    a->left0 = left0;
    a->left1 = left1;
    a->running = running;
    return 0;
}

/* Plays rows that follow r's last action; 0, or -1 when r is left as it
 * was played up to the row that failed. */
static int play_rows(room *r, const store_row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (room_replay(r, rows[i].kind, rows[i].side, rows[i].move, rows[i].at_ms,
                        rows[i].left0, rows[i].left1, rows[i].running) != 0)
            return -1;
    return 0;
}

/* Reads the actions that other processes added to r and tells its clients.
 * The database is read with the lock let go; what is read is played only
 * if r did not change meanwhile (else it is read again), and not while a
 * change of r is being committed (that change catches up after it). */
static void server_sync(server *srv, room *r)
{
    for (;;) {
        int64_t from = r->seq;
        char id[SRV_ID_HEX + 1];
        memcpy(id, r->id, sizeof id);
        news w = {0};
        int applied = 0;
        store_loader ld = {&w, news_game, news_action};
        pthread_mutex_unlock(&srv->lock);
        int rc = store_load(srv->db, id, from, &ld);
        pthread_mutex_lock(&srv->lock);
        if (r->committing) {
            r->stale = 1;
        } else if (r->seq == from) {
            applied = 1;
            r->stale = 0;
            if (rc == 0) {
                memcpy(r->token, w.token, sizeof r->token);
                memcpy(r->join_code, w.join_code, sizeof r->join_code);
                memcpy(r->next, w.next, sizeof r->next);
            }
            if (rc == 0)
                rc = play_rows(r, w.rows, w.n);
            if (rc != 0)
                fprintf(stderr, "herd-server: game %s: its new actions do not replay\n", id);
            if (r->seq != from) {
                server_broadcast(srv, r);
                pthread_cond_signal(&srv->wake);
            }
        }
        free(w.rows);
        if (r->committing || applied)
            return;
    }
}

/* Another process committed actions of game `id` (store_listen()): played
 * from the notification when they follow what the room has, else read. */
static void on_notify(void *ud, const char *id, const store_row *rows, size_t n)
{
    server *srv = ud;
    pthread_mutex_lock(&srv->lock);
    room *r = server_find(srv, id);
    if (r && r->committing) {
        r->stale = 1; /* caught up when its own change is done */
    } else if (r && n > 0 && rows[0].seq == r->seq) {
        if (play_rows(r, rows, n) != 0)
            fprintf(stderr, "herd-server: game %s: its new actions do not replay\n", id);
        server_broadcast(srv, r);
        pthread_cond_signal(&srv->wake);
    } else if (r && !(n > 0 && rows[n - 1].seq < r->seq)) {
        server_sync(srv, r);
    }
    pthread_mutex_unlock(&srv->lock);
}

/* A game by its id: in memory, or (when other processes share the
 * database) read from it, since another process may have made it. */
static room *server_get(server *srv, const char *id)
{
    room *r = server_find(srv, id);
    if (r || !store_shared(srv->db) || strlen(id) != SRV_ID_HEX ||
        strspn(id, "0123456789abcdef") != SRV_ID_HEX)
        return r;
    store_loader ld = {srv, load_game, load_action};
    if (store_load(srv->db, id, 0, &ld) != 0)
        fprintf(stderr, "herd-server: game %s: its actions do not replay\n", id);
    return server_find(srv, id);
}

/* ------------------------------------------------------------ changes */

/* Runs one change of r (a seat's action, the computer's move, a flag) and
 * stores it, with what it brings: the rematch's new game, the record of a
 * game that ended. When either fails, r is as it was. When another process
 * took the action's place first, r catches up and the change is tried
 * again on the game as it now is (a move for a ply played meanwhile is
 * then refused as `stale-ply`). Returns 0, or -1 with err. */
typedef int (*change_fn)(server *srv, room *r, void *arg, srv_error *err);

static int change(server *srv, room *r, change_fn fn, void *arg, srv_error *err)
{
    for (int tries = 0;; tries++) {
        wait_stored(srv, r);
        herd_game *backup;
        if (herd_clone(r->g, NULL, NULL, &backup) != HERD_OK) {
            err->code = "internal";
            snprintf(err->message, sizeof err->message, "out of memory");
            return -1;
        }
        room saved = *r;
        int was_over = room_over(r), stored = 0;
        r->now = srv_now_ms();
        r->npend = 0;
        r->born = NULL;
        r->seats_changed = 0;
        int rc = fn(srv, r, arg, err);
        if (rc == 0 && (r->npend || r->born || r->seats_changed)) {
            store_job j = {0};
            room *born = r->born;
            if (born)
                born->created_ms = r->now;
            stored = job_rows(&j, r, r->now) != 0 || (born && job_rows(&j, born, r->now) != 0) ||
                             server_reserve(srv) != 0
                         ? -1
                         : 0;
            j.insert[0] = born;
            j.update = born || r->seats_changed ? r : NULL;
            if (stored == 0 && !was_over && room_over(r)) {
                /* The actions are the truth; a record that cannot be
                 * written is said, not a reason to refuse the game's end. */
                j.record = room_record(r);
                j.record_game = r->id;
                if (!j.record)
                    fprintf(stderr, "herd-server: game %s: its record could not be written\n",
                            r->id);
            }
            if (stored == 0) {
                r->committing = 1;
                stored = submit(srv, &j);
                r->committing = 0;
                if (srv->room_waiters)
                    pthread_cond_broadcast(&srv->committed);
            }
            free(j.record);
            if (stored != 0)
                rc = -1;
        }
        if (rc == 0) {
            herd_free(backup);
            if (r->born)
                server_add(srv, r->born); /* room reserved above */
            r->born = NULL;
            if (r->stale)
                server_sync(srv, r);
            return 0;
        }
        room_free(r->born);
        herd_free(r->g);
        /* What others changed meanwhile (the lock was let go) stays. */
        saved.g = backup;
        saved.clk = r->clk;
        saved.clk_cap = r->clk_cap;
        saved.clients = r->clients;
        saved.busy = r->busy;
        saved.stale = r->stale;
        *r = saved;
        r->npend = 0;
        r->born = NULL;
        if (stored == STORE_CONFLICT && tries < 3) {
            server_sync(srv, r);
            continue;
        }
        if (r->stale) /* news heard while it was being committed */
            server_sync(srv, r);
        if (stored != 0) {
            err->code = "storage";
            snprintf(err->message, sizeof err->message,
                     "the database refused the action: nothing changed");
        }
        return -1;
    }
}

struct seat_action {
    int seat;
    const char *kind;
    json_t *msg;
};

static int seat_act(server *srv, room *r, void *arg, srv_error *err)
{
    struct seat_action *a = arg;
    return room_act(srv, r, a->seat, a->kind, a->msg, err);
}

static int computer_act(server *srv, room *r, void *arg, srv_error *err)
{
    if (room_computer_move(srv, r, *(herd_move *)arg) != 0) {
        err->code = "internal";
        snprintf(err->message, sizeof err->message, "the computer's move was refused");
        return -1;
    }
    return 0;
}

static int flag_act(server *srv, room *r, void *arg, srv_error *err)
{
    int *flagged = arg;
    *flagged = room_flag(srv, r, r->now);
    if (*flagged < 0) {
        err->code = "internal";
        snprintf(err->message, sizeof err->message, "the flag could not be recorded");
        return -1;
    }
    return 0;
}

/* The clocks' flags and the computer's moves. */
static void *ticker(void *arg)
{
    server *srv = arg;
    srv_error err;
    int64_t idle_seen = 0;
    pthread_mutex_lock(&srv->lock);
    while (!srv->stopping) {
        room *think = NULL;
        for (size_t i = 0; i < srv->nrooms; i++) {
            room *r = srv->rooms[i];
            int flagged = 0;
            if (r->committing)
                continue;
            if (r->clock.running >= 0 && !room_over(r) &&
                herd_clock_flagged(&r->clock, srv_now_ms()) >= 0) {
                if (change(srv, r, flag_act, &flagged, &err) == 0 && flagged > 0)
                    server_broadcast(srv, r);
            }
            if (!think && !r->busy && r->computer >= 0 && room_to_act(r) == r->computer)
                think = r;
        }
        /* Connections that send nothing are closed: a close frame, after
         * which CivetWeb ends the connection. Looked for four times a
         * second, not at each wake. */
        int64_t mono = srv_mono_ms();
        if (mono - idle_seen >= 250) {
            idle_seen = mono;
            for (client *c = srv->clients; c; c = c->all)
                if (!c->closing && mono - c->last_ms > srv->idle_ms) {
                    c->closing = 1;
                    send_error(c->conn, "idle", "nothing was sent for too long: closed");
                    mg_websocket_write(c->conn, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, "", 0);
                }
        }
        if (think) {
            herd_game *g;
            herd_move m;
            int64_t seq = think->seq;
            if (herd_clone(think->g, NULL, NULL, &g) == HERD_OK) {
                think->busy = 1;
                pthread_mutex_unlock(&srv->lock);
                int rc = herd_genmove(g, think->level, &m);
                herd_free(g);
                pthread_mutex_lock(&srv->lock);
                think->busy = 0;
                if (rc == HERD_OK && think->seq == seq &&
                    change(srv, think, computer_act, &m, &err) == 0)
                    server_broadcast(srv, think);
                else if (rc != HERD_OK && (think->busy = 2) != 0) /* not tried again */
                    fprintf(stderr, "herd-server: game %s: the computer found no move: %s\n",
                            think->id, herd_strerror(rc));
            }
            continue;
        }
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 50 * 1000000L;
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&srv->wake, &srv->lock, &ts);
    }
    pthread_mutex_unlock(&srv->lock);
    return NULL;
}

/* ------------------------------------------------------------ WebSocket */

static void detach(client *c)
{
    if (!c->room)
        return;
    for (client **p = &c->room->clients; *p; p = &(*p)->next)
        if (*p == c) {
            *p = c->next;
            break;
        }
    c->room = NULL;
    c->next = NULL;
}

static int ws_connect(const struct mg_connection *conn, void *cbdata)
{
    server *srv = cbdata;
    client *c = calloc(1, sizeof *c);
    if (!c)
        return 1; /* refused */
    c->conn = (struct mg_connection *)conn;
    c->srv = srv;
    c->seat = -2;
    c->bucket = srv->burst;
    c->bucket_ms = c->last_ms = srv_mono_ms();
    mg_set_user_connection_data(conn, c);
    pthread_mutex_lock(&srv->lock);
    c->all = srv->clients;
    srv->clients = c;
    pthread_mutex_unlock(&srv->lock);
    return 0;
}

static void hello(server *srv, client *c, json_t *msg)
{
    json_t *id = json_object_get(msg, "game"), *token = json_object_get(msg, "token");
    room *r = json_is_string(id) ? server_get(srv, json_string_value(id)) : NULL;
    if (!r) {
        send_error(c->conn, "no-game", "no game has this id");
        return;
    }
    wait_stored(srv, r);
    int seat = -1;
    if (token && !json_is_null(token)) {
        const char *t = json_is_string(token) ? json_string_value(token) : "";
        for (int s = 0; s < 2; s++)
            if (r->token[s][0] && srv_token_equal(r->token[s], t))
                seat = s;
        if (seat < 0) {
            send_error(c->conn, "bad-token", "this token holds no seat of this game");
            return;
        }
    }
    detach(c);
    c->room = r;
    c->seat = seat;
    c->next = r->clients;
    r->clients = c;
    send_json(c->conn, room_state(r, seat, srv_now_ms()));
}

static const char *const actions[] = {"move",         "resign",      "draw-offer", "draw-accept",
                                      "draw-decline", "abort",       "rematch"};

static void handle(server *srv, client *c, json_t *msg)
{
    json_t *type = json_object_get(msg, "type");
    const char *t = json_is_string(type) ? json_string_value(type) : NULL;
    if (!json_is_object(msg) || !t) {
        send_error(c->conn, "bad-message", "a message is a JSON object with a `type`");
        return;
    }
    if (strcmp(t, "hello") == 0) {
        hello(srv, c, msg);
        return;
    }
    if (strcmp(t, "ping") == 0) {
        send_json(c->conn, json_pack("{s:s}", "type", "pong"));
        return;
    }
    size_t k = 0;
    while (k < sizeof actions / sizeof actions[0] && strcmp(actions[k], t) != 0)
        k++;
    if (k == sizeof actions / sizeof actions[0]) {
        send_error(c->conn, "bad-message", "unknown message type");
        return;
    }
    if (!c->room) {
        send_error(c->conn, "no-hello", "send `hello` with the game's id first");
        return;
    }
    if (c->seat < 0) {
        send_error(c->conn, "watcher", "a watcher cannot act: this connection holds no seat");
        return;
    }
    room *r = c->room;
    struct seat_action a = {c->seat, t, msg};
    srv_error err = {0};
    if (change(srv, r, seat_act, &a, &err) != 0) {
        send_error(c->conn, err.code, err.message);
        return;
    }
    server_broadcast(srv, r);
    if (r->computer >= 0) /* its turn may have come */
        pthread_cond_signal(&srv->wake);
}

static int ws_data(struct mg_connection *conn, int flags, char *data, size_t len, void *cbdata)
{
    server *srv = cbdata;
    client *c = mg_get_user_connection_data(conn);
    int opcode = flags & 0x0f;
    if (!c)
        return 0;
    if (opcode == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE)
        return 0;
    if (opcode == MG_WEBSOCKET_OPCODE_PING || opcode == MG_WEBSOCKET_OPCODE_PONG)
        return 1;
    pthread_mutex_lock(&srv->lock);
    int keep = 1;
    int64_t now = srv_mono_ms();
    c->bucket += (double)(now - c->bucket_ms) * srv->rate / 1000.0;
    if (c->bucket > srv->burst)
        c->bucket = srv->burst;
    c->bucket_ms = c->last_ms = now;
    if (c->closing == 2) {
        keep = ++c->dropped <= srv->burst; /* after the rate limit: read, dropped */
    } else if (!(flags & 0x80) || opcode != MG_WEBSOCKET_OPCODE_TEXT) {
        send_error(conn, "bad-frame", "messages are single text frames");
        keep = 0;
    } else if (len > srv->max_message) {
        send_error(conn, "too-large", "a message is at most max-message bytes");
        keep = 0;
    } else if (c->bucket < 1) {
        send_error(conn, "rate-limit", "too many messages: the connection is closed");
        /* A close frame, then what the client sent meanwhile is read and
         * dropped (a burst's worth at most): a socket closed with unread
         * data is reset, and the client would lose the error unread. */
        mg_websocket_write(conn, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, "", 0);
        c->closing = 2;
    } else {
        json_error_t jerr;
        c->bucket -= 1;
        json_t *msg = json_loadb(data, len, JSON_REJECT_DUPLICATES, &jerr);
        if (!msg) {
            char text[200];
            snprintf(text, sizeof text, "malformed JSON: %s (column %d)", jerr.text,
                     jerr.column);
            send_error(conn, "bad-json", text);
        } else {
            handle(srv, c, msg);
            json_decref(msg);
        }
    }
    pthread_mutex_unlock(&srv->lock);
    return keep;
}

static void ws_close(const struct mg_connection *conn, void *cbdata)
{
    server *srv = cbdata;
    client *c = mg_get_user_connection_data(conn);
    if (!c)
        return;
    pthread_mutex_lock(&srv->lock);
    detach(c);
    for (client **p = &srv->clients; *p; p = &(*p)->all)
        if (*p == c) {
            *p = c->all;
            break;
        }
    pthread_mutex_unlock(&srv->lock);
    mg_set_user_connection_data(conn, NULL);
    free(c);
}

/* ------------------------------------------------------------ HTTP */

static int reply_json(struct mg_connection *conn, int status, json_t *j)
{
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    if (!text)
        return 500;
    size_t len = strlen(text);
    mg_printf(conn,
              "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n"
              "Cache-Control: no-store\r\nConnection: close\r\n\r\n",
              status, mg_get_response_code_text(conn, status), len);
    mg_write(conn, text, len);
    free(text);
    return status;
}

static int reply_error(struct mg_connection *conn, int status, const char *code,
                       const char *message)
{
    return reply_json(conn, status, json_pack("{s:s, s:s}", "error", code, "message", message));
}

/* The request's JSON body, at most 4 KiB; NULL after replying an error. */
static json_t *read_body(struct mg_connection *conn, int *status)
{
    const struct mg_request_info *ri = mg_get_request_info(conn);
    char buf[4097];
    size_t n = 0;
    if (ri->content_length > 4096) {
        *status = reply_error(conn, 413, "too-large", "a request body is at most 4096 bytes");
        return NULL;
    }
    for (;;) {
        int got = mg_read(conn, buf + n, sizeof buf - 1 - n);
        if (got <= 0)
            break;
        n += (size_t)got;
        if (n == sizeof buf - 1) {
            *status = reply_error(conn, 413, "too-large", "a request body is at most 4096 bytes");
            return NULL;
        }
    }
    json_error_t jerr;
    json_t *j = json_loadb(buf, n, JSON_REJECT_DUPLICATES, &jerr);
    if (!json_is_object(j)) {
        json_decref(j);
        *status = reply_error(conn, 400, "bad-json", j ? "the body is a JSON object" : jerr.text);
        return NULL;
    }
    return j;
}

static const char *str_or(json_t *j, const char *key, const char *dflt)
{
    json_t *v = json_object_get(j, key);
    return json_is_string(v) ? json_string_value(v) : v ? NULL : dflt;
}

static int create_game(server *srv, struct mg_connection *conn)
{
    int status;
    json_t *body = read_body(conn, &status);
    if (!body)
        return status;
    const char *game = str_or(body, "game", NULL), *options = str_or(body, "options", ""),
               *tc = str_or(body, "time_control", "-"),
               *opponent = str_or(body, "opponent", "friend");
    json_t *lv = json_object_get(body, "level"), *st = json_object_get(body, "seat");
    int level = json_is_integer(lv) ? (int)json_integer_value(lv) : 1;
    int seat = json_is_integer(st) ? (int)json_integer_value(st) : 0;
    if (!game || !options || !tc || !opponent ||
        (strcmp(opponent, "friend") != 0 && strcmp(opponent, "computer") != 0) ||
        (lv && (!json_is_integer(lv) || level < 1 || level > 99)) ||
        (st && (!json_is_integer(st) || seat < 0 || seat > 1))) {
        json_decref(body);
        return reply_error(conn, 400, "bad-request",
                           "fields: game (text), options (text), time_control (`-` or `S+I`), "
                           "opponent (`friend` or `computer`), level (1..), seat (0 or 1)");
    }
    srv_error err = {0};
    int computer = strcmp(opponent, "computer") == 0 ? 1 - seat : -1;
    room *r = room_new(game, options, tc, computer, level, &err);
    json_decref(body);
    if (!r)
        return reply_error(conn, 400, err.code, err.message);
    if (srv_random_hex(r->token[seat], SRV_TOKEN_HEX / 2) != 0 ||
        (computer < 0 && srv_random_hex(r->join_code, SRV_TOKEN_HEX / 2) != 0)) {
        room_free(r);
        return reply_error(conn, 500, "internal", "no random bits from the system");
    }
    pthread_mutex_lock(&srv->lock);
    /* Nobody knows the game before it is stored: it needs no guarding. */
    store_job job = {0};
    job.insert[0] = r;
    int rc = job_rows(&job, r, r->created_ms);
    if (rc == 0)
        rc = server_reserve(srv);
    if (rc == 0)
        rc = submit(srv, &job);
    if (rc != 0) {
        pthread_mutex_unlock(&srv->lock);
        room_free(r);
        return reply_error(conn, 503, "storage", "the database refused the game");
    }
    server_add(srv, r);
    json_t *out = json_pack("{s:s, s:i, s:s, s:s}", "id", r->id, "seat", seat, "token",
                            r->token[seat], "watch", "");
    char link[128];
    snprintf(link, sizeof link, "/#watch=%s", r->id);
    json_object_set_new(out, "watch", json_string(link));
    if (computer < 0) {
        snprintf(link, sizeof link, "/#join=%s.%s", r->id, r->join_code);
        json_object_set_new(out, "invite", json_string(link));
        json_object_set_new(out, "join_code", json_string(r->join_code));
    }
    if (computer >= 0)
        pthread_cond_signal(&srv->wake);
    pthread_mutex_unlock(&srv->lock);
    return reply_json(conn, 201, out);
}

struct join {
    const char *code;
    int seat;
};

static int join_act(server *srv, room *r, void *arg, srv_error *err)
{
    struct join *j = arg;
    (void)srv;
    return room_join(r, j->code, &j->seat, err);
}

/* POST /api/games/ID/join, its body read before the lock is taken. */
static int join_game(server *srv, struct mg_connection *conn, room *r, json_t *body)
{
    const char *code = str_or(body, "code", NULL);
    if (!code)
        return reply_error(conn, 400, "bad-request", "field: code (the invitation's code)");
    struct join j = {code, -1};
    srv_error err = {0};
    if (change(srv, r, join_act, &j, &err) != 0)
        return reply_error(conn, strcmp(err.code, "bad-code") == 0 ? 403 : 503, err.code,
                           err.message);
    server_broadcast(srv, r);
    return reply_json(conn, 200, json_pack("{s:s, s:i, s:s}", "id", r->id, "seat", j.seat, "token",
                                           r->token[j.seat]));
}

static int api_games(struct mg_connection *conn, void *cbdata)
{
    server *srv = cbdata;
    const struct mg_request_info *ri = mg_get_request_info(conn);
    const char *uri = ri->local_uri, *rest = uri + strlen("/api/games");
    int post = strcmp(ri->request_method, "POST") == 0;
    if (strcmp(uri, "/api/games") == 0)
        return post ? create_game(srv, conn)
                    : reply_error(conn, 405, "method", "POST /api/games creates a game");
    char id[SRV_ID_HEX + 1] = "";
    const char *tail = "";
    if (*rest == '/' && strlen(rest + 1) >= SRV_ID_HEX) {
        memcpy(id, rest + 1, SRV_ID_HEX);
        tail = rest + 1 + SRV_ID_HEX;
    }
    int join = strcmp(tail, "/join") == 0 && post, status;
    json_t *body = NULL;
    if (join && (body = read_body(conn, &status)) == NULL)
        return status;
    pthread_mutex_lock(&srv->lock);
    room *r = server_get(srv, id);
    if (r)
        wait_stored(srv, r);
    if (!r)
        status = reply_error(conn, 404, "no-game", "no game has this id");
    else if (*tail == '\0' && !post)
        status = reply_json(conn, 200, room_state(r, -1, srv_now_ms()));
    else if (join)
        status = join_game(srv, conn, r, body);
    else
        status = reply_error(conn, 404, "no-route", "no such route (docs/server.md)");
    pthread_mutex_unlock(&srv->lock);
    json_decref(body);
    return status;
}

static int games_file(struct mg_connection *conn, void *cbdata)
{
    server *srv = cbdata;
    const char *uri = mg_get_request_info(conn)->local_uri;
    char id[SRV_ID_HEX + 1] = "";
    if (strlen(uri) == strlen("/games/") + SRV_ID_HEX + 4 && strcmp(uri + strlen(uri) - 4, ".hgr") == 0)
        memcpy(id, uri + strlen("/games/"), SRV_ID_HEX);
    pthread_mutex_lock(&srv->lock);
    room *r = server_get(srv, id);
    if (r)
        wait_stored(srv, r);
    char *text = r && room_over(r) ? store_record(srv->db, r->id) : NULL;
    int over = r && room_over(r);
    pthread_mutex_unlock(&srv->lock);
    if (!r)
        return reply_error(conn, 404, "no-game", "no game has this id");
    if (!over || !text) {
        free(text);
        return reply_error(conn, 409, "not-over", "a game's record is there once it has ended");
    }
    size_t len = strlen(text);
    mg_printf(conn,
              "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\n"
              "Content-Disposition: attachment; filename=\"%s.hgr\"\r\n"
              "Content-Length: %zu\r\nConnection: close\r\n\r\n",
              id, len);
    mg_write(conn, text, len);
    free(text);
    return 200;
}

static int no_page(struct mg_connection *conn, void *cbdata)
{
    (void)cbdata;
    static const char text[] =
        "herd-server: the page is not built. Build it with `bash tools/web.sh` (build/web), or\n"
        "start herd-server with --web DIR naming the folder of its index.html. The API\n"
        "(/api/games, /ws, /games/ID.hgr) works without it: docs/server.md.\n";
    mg_printf(conn,
              "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
              "Content-Length: %zu\r\nConnection: close\r\n\r\n%s",
              sizeof text - 1, text);
    return 503;
}

/* ------------------------------------------------------------ main */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: herd-server [--port N] [--host ADDR] [--db FILE|URL] [--web DIR]\n"
            "                   [--threads N] [--idle SECONDS] [--rate PER_SECOND]\n"
            "                   [--burst N] [--max-message BYTES]\n"
            "  --port N           TCP port (8080; 0: any free port, printed)\n"
            "  --host ADDR        address to listen on (127.0.0.1; 0.0.0.0: every one)\n"
            "  --db FILE          the SQLite database (herd-games.sqlite)\n"
            "  --db postgresql://USER@HOST:PORT/DB  a PostgreSQL database that several\n"
            "                     herd-server processes share (%s)\n"
            "  --web DIR          the page's files (%s)\n"
            "  --threads N        connections served at once (64; each WebSocket holds one)\n"
            "  --idle SECONDS     a WebSocket that sends nothing for this long is closed (60)\n"
            "  --rate R, --burst B  messages a connection may send: B at once, R a second (20, 40)\n"
            "  --max-message BYTES  the largest WebSocket message taken (4096)\n"
            "Routes and messages: docs/server.md.\n",
            store_pg.open ? "built with libpq" : "not in this build: no libpq", HERD_SERVER_WEB_DIR);
}

static int number(const char *text, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    const char *db = "herd-games.sqlite", *host = "127.0.0.1", *web = HERD_SERVER_WEB_DIR;
    long port = 8080, threads = 64, idle = 60, rate = 20, burst = 40, max_message = 4096;
    for (int i = 1; i < argc; i += 2) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = 0;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (!v) {
            bad = 1;
        } else if (strcmp(a, "--port") == 0) {
            bad = number(v, 0, 65535, &port);
        } else if (strcmp(a, "--host") == 0) {
            host = v;
        } else if (strcmp(a, "--db") == 0) {
            db = v;
        } else if (strcmp(a, "--web") == 0) {
            web = v;
        } else if (strcmp(a, "--threads") == 0) {
            bad = number(v, 4, 100000, &threads);
        } else if (strcmp(a, "--idle") == 0) {
            bad = number(v, 1, 86400, &idle);
        } else if (strcmp(a, "--rate") == 0) {
            bad = number(v, 1, 100000, &rate);
        } else if (strcmp(a, "--burst") == 0) {
            bad = number(v, 1, 100000, &burst);
        } else if (strcmp(a, "--max-message") == 0) {
            bad = number(v, 256, 1 << 20, &max_message);
        } else {
            bad = 1;
        }
        if (bad) {
            fprintf(stderr, "herd-server: bad argument `%s`%s%s\n", a, v ? " " : "", v ? v : "");
            usage(stderr);
            return 2;
        }
    }

    sigset_t sigs;
    sigemptyset(&sigs);
    sigaddset(&sigs, SIGINT);
    sigaddset(&sigs, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &sigs, NULL); /* every thread made from here on too */
    signal(SIGPIPE, SIG_IGN);

    server srv = {0};
    pthread_mutex_init(&srv.lock, NULL);
    pthread_cond_init(&srv.wake, NULL);
    srv.rate = (double)rate;
    srv.burst = (double)burst;
    srv.max_message = (size_t)max_message;
    srv.idle_ms = idle * 1000;
    if (store_open(db, &srv.db) != 0)
        return 1;
    pthread_cond_init(&srv.work, NULL);
    pthread_cond_init(&srv.committed, NULL);
    /* Listening before loading: no other process's action falls between. */
    if (store_listen(srv.db, on_notify, &srv) != 0) {
        fprintf(stderr, "herd-server: %s: cannot listen for the other processes\n", db);
        return 1;
    }
    store_loader ld = {&srv, load_game, load_action};
    pthread_mutex_lock(&srv.lock);
    int loaded = store_load(srv.db, NULL, 0, &ld);
    pthread_mutex_unlock(&srv.lock);
    if (loaded != 0) {
        fprintf(stderr, "herd-server: %s: the stored games do not replay\n", db);
        return 1;
    }

    char listen[300], nthreads[32], idle_ms[32], index[4096];
    snprintf(listen, sizeof listen, "%s:%ld", host, port);
    snprintf(nthreads, sizeof nthreads, "%ld", threads);
    snprintf(idle_ms, sizeof idle_ms, "%ld", idle * 1000);
    snprintf(index, sizeof index, "%s/index.html", web);
    struct stat sb;
    int have_page = stat(index, &sb) == 0;
    const char *opts[] = {"listening_ports", listen, "num_threads", nthreads,
                          "websocket_timeout_ms", idle_ms, "enable_websocket_ping_pong", "yes",
                          "request_timeout_ms", "10000",
                          /* a move's state goes out at once, not after Nagle's wait */
                          "tcp_nodelay", "1",
                          "enable_directory_listing", "no",
                          /* the page offers games online when it sees this */
                          "additional_header", "X-Herd-Server: 1",
                          "extra_mime_types", ".mjs=text/javascript,.js=text/javascript",
                          have_page ? "document_root" : NULL, web, NULL};

    mg_init_library(0);
    struct mg_callbacks cb = {0};
    struct mg_context *ctx = mg_start(&cb, &srv, opts);
    if (!ctx) {
        fprintf(stderr, "herd-server: cannot listen on %s\n", listen);
        return 1;
    }
    mg_set_request_handler(ctx, "/api/games", api_games, &srv);
    mg_set_request_handler(ctx, "/games", games_file, &srv);
    if (!have_page)
        mg_set_request_handler(ctx, "/", no_page, &srv);
    mg_set_websocket_handler(ctx, "/ws", ws_connect, NULL, ws_data, ws_close, &srv);
    /* The time the server was down is nobody's: running clocks go on from
     * now, when it listens again. */
    pthread_mutex_lock(&srv.lock);
    int64_t now = srv_now_ms();
    for (size_t i = 0; i < srv.nrooms; i++)
        if (srv.rooms[i]->clock.running >= 0)
            srv.rooms[i]->clock.since_ms = now;
    pthread_mutex_unlock(&srv.lock);
    struct mg_server_port ports[4];
    int n = mg_get_server_ports(ctx, 4, ports);
    printf("herd-server: http://%s:%d/ (database %s, %zu games; page: %s)\n", host,
           n > 0 ? ports[0].port : (int)port, db, srv.nrooms,
           have_page ? web : "not built: bash tools/web.sh");
    fflush(stdout);

    pthread_t tick, commit;
    pthread_create(&commit, NULL, committer, &srv);
    pthread_create(&tick, NULL, ticker, &srv);
    int sig;
    sigwait(&sigs, &sig);
    pthread_mutex_lock(&srv.lock);
    srv.stopping = 1;
    pthread_cond_signal(&srv.wake);
    pthread_mutex_unlock(&srv.lock);
    pthread_join(tick, NULL);
    mg_stop(ctx); /* the connections' last changes are committed meanwhile */
    pthread_mutex_lock(&srv.lock);
    srv.closed = 1;
    pthread_cond_signal(&srv.work);
    pthread_mutex_unlock(&srv.lock);
    pthread_join(commit, NULL);
    mg_exit_library();
    store_close(srv.db); /* its listener first: it reads the rooms */
    for (size_t i = 0; i < srv.nrooms; i++)
        room_free(srv.rooms[i]);
    free(srv.rooms);
    pthread_cond_destroy(&srv.wake);
    pthread_cond_destroy(&srv.work);
    pthread_cond_destroy(&srv.committed);
    pthread_mutex_destroy(&srv.lock);
    printf("herd-server: stopped (%ld commits of %ld changes)\n", srv.commits, srv.jobs);
    return 0;
}
