/* herd-server: the library as referee between people on different machines.
 * The pieces share this header: rooms (room.c: a game, its seats, clock and
 * actions), the database (store.h: SQLite or PostgreSQL) and the web front
 * (server.c: CivetWeb's HTTP and WebSocket handlers, the clock and computer
 * thread, the committer).
 * docs/server.md describes the routes and the messages. */
#ifndef HERD_SERVER_H
#define HERD_SERVER_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include <herd/herd.h>
#include <herd/record.h>

#include "store.h"

/* 128 random bits as 32 hex digits, the NUL after. */
#define SRV_TOKEN_HEX 32
/* A game's id: 64 random bits as 16 hex digits. */
#define SRV_ID_HEX 16

struct mg_connection;
struct server;

/* One WebSocket connection: the seat it holds in its room (-1 a watcher,
 * -2 before its hello) and its rate limit (a token bucket). */
typedef struct client {
    struct mg_connection *conn;
    struct server *srv;
    struct room *room;
    int seat;
    double bucket;
    int64_t bucket_ms;
    int64_t last_ms;     /* its last message (monotonic): idle ones are closed */
    int closing;         /* 1: closed as idle; 2: after the rate limit */
    int dropped;         /* messages dropped since the rate limit */
    struct client *next; /* in its room's list */
    struct client *all;  /* in the server's list */
} client;

/* A game with its seats. Every field is read and written under the
 * server's lock; `busy` marks a computer's turn being searched outside it. */
typedef struct room {
    char id[SRV_ID_HEX + 1];
    char game[16];
    char options[256];   /* herd_game_options_text(), the seed included: never sent */
    char tc[32];         /* "-" or "S+I" */
    char token[2][SRV_TOKEN_HEX + 1]; /* "" for the computer's seat or one not yet claimed */
    char join_code[SRV_TOKEN_HEX + 1]; /* claims the free seat; "" once claimed */
    int computer;        /* the computer's seat, or -1 */
    int level;           /* its level */
    herd_game *g;
    char start[HERD_MAX_POSITION_TEXT];
    herd_clock clock;
    int64_t *clk;        /* the mover's clock after each ply of the history (-1: none) */
    size_t clk_cap;
    int draw_offer;      /* the seat that offers a draw, or -1 */
    int rematch[2];      /* which seats asked for a rematch */
    char next[SRV_ID_HEX + 1]; /* the rematch's id, or "" */
    int64_t seq;         /* actions stored so far */
    int64_t created_ms;
    int64_t now;         /* the time of the change under way: its actions' time */
    int busy;
    int committing;      /* its last change waits for the database: nobody sees or changes it */
    int seats_changed;   /* the last change rewrote the seats (a join) */
    int stale;           /* another process added actions while it was committing */
    client *clients;
    /* The actions of the last room_act() (or computer move, or flag), for
     * the caller to store before anyone hears of them. */
    struct pending {
        char kind[16];
        int side;
        char move[HERD_MAX_MOVE_TEXT];
    } pend[16];
    size_t npend;
    struct room *born; /* a rematch made by the last action, not yet stored */
} room;

typedef struct server {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    room **rooms;
    size_t nrooms, cap;
    client *clients;     /* every WebSocket connection */
    int64_t idle_ms;
    store *db;
    store_job *queue;    /* changes waiting for the database, newest first */
    pthread_cond_t work; /* the committer: jobs queued */
    pthread_cond_t committed; /* a room is free again (for room_waiters threads) */
    int room_waiters;
    int stopping;        /* the ticker's end */
    int closed;          /* the committer's end, once no connection is left */
    long commits, jobs;  /* transactions, and the changes they held */
    size_t max_message;  /* bytes of one WebSocket message */
    double rate, burst;  /* messages a second, and at once */
    int verbose;
} server;

/* ---- util.c */
int64_t srv_now_ms(void);      /* wall clock, milliseconds since the epoch */
int64_t srv_mono_ms(void);     /* monotonic milliseconds */
int srv_random(void *buf, size_t len); /* getrandom(); 0 or -1 */
int srv_random_hex(char *out, size_t bytes); /* 2 * bytes hex digits and a NUL */
int srv_token_equal(const char *secret, const char *given); /* constant time in the secret */

/* ---- room.c */
/* Ends every rule check with a code and a message for the client. */
typedef struct srv_error {
    const char *code;
    char message[200];
} srv_error;

room *room_new(const char *game, const char *options, const char *tc, int computer, int level,
               srv_error *err);
void room_free(room *r);
/* A room from the database's row, before its actions are replayed. */
room *room_restore(const char *id, const char *game, const char *options, const char *tc,
                   int computer, int level, const char *token0, const char *token1,
                   const char *join_code, const char *next, int64_t created);
/* Plays one action of a seat, with the library's checks; the caller stores
 * it. kind: move, resign, draw-offer, draw-accept, draw-decline, abort,
 * rematch. Returns 0, or -1 with err filled and nothing changed. */
int room_act(server *srv, room *r, int seat, const char *kind, json_t *msg, srv_error *err);
/* The computer's move or the clock's flag, when due; 1 when something changed. */
int room_flag(server *srv, room *r, int64_t now);
int room_computer_move(server *srv, room *r, herd_move m);
/* The state that every client of the room sees, with `seat` the viewer's. */
json_t *room_state(const room *r, int seat, int64_t now);
/* Replays one stored action (loading). */
int room_replay(room *r, const char *kind, int side, const char *move, int64_t at_ms,
                int64_t left0, int64_t left1, int running);
/* The record of a finished game (malloc'd), or NULL. */
char *room_record(const room *r);
int room_over(const room *r);
void room_public_options(const room *r, char *buf, size_t cap);
int room_to_act(const room *r); /* the side to act, -1 when over */
room *server_find(server *srv, const char *id);
int server_add(server *srv, room *r);
void server_broadcast(server *srv, room *r);
/* A seat claimed with the invitation's code: a token drawn for it. */
int room_join(room *r, const char *code, int *seat, srv_error *err);

#endif
