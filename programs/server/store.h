/* herd-server's database: one interface (store.c) over two backends, SQLite
 * (store_sqlite.c: one process) and PostgreSQL (store_pg.c: several
 * processes sharing the games). store.c holds every SQL statement and the
 * order of writes; a backend only runs a statement and hands back its rows
 * as text, and PostgreSQL's also listens for the other processes' commits. */
#ifndef HERD_SERVER_STORE_H
#define HERD_SERVER_STORE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <herd/herd.h>

struct room;

/* Returned by store_write() for a job whose first action's place (game,
 * seq) another process took first: the game went on without it. */
#define STORE_CONFLICT 1

/* One action of a game, as stored: its place in the game's order and both
 * clocks after it. */
typedef struct store_row {
    const char *game;
    int64_t seq;
    char kind[16];
    int side;
    char move[HERD_MAX_MOVE_TEXT];
    int64_t at_ms, left0, left1;
    int running;
} store_row;

/* Everything one change of the server stores, all or nothing: new games
 * (a game created, a rematch born), a game's seats and rematch rewritten,
 * its actions, the record of a game that ended. The rooms named are not
 * changed by anyone while the job waits (server.c holds them). */
typedef struct store_job {
    const struct room *insert[2];
    const struct room *update;
    store_row rows[32];
    size_t nrows;
    const char *record_game; /* with record: the finished game's text */
    char *record;
    int rc;                  /* 0, -1 (refused) or STORE_CONFLICT */
    int done;
    void *waiter;            /* the caller's, to wake it */
    struct store_job *next;
} store_job;

/* A backend: one connection. run() executes sql ('?' for each argument;
 * types: 's' a text, 'i' an int64, as varargs), calls row() for each
 * row with its columns as texts (NULL for SQL's NULL), and returns the rows
 * changed, or -1 with a message on stderr. */
typedef int (*store_row_fn)(void *ud, int ncol, const char *const *col);
typedef struct store_backend {
    const char *name;
    const char *schema;        /* run once at open, before the shared tables */
    const char *begin;         /* starts a writing transaction */
    const char *exclusive;     /* then keeps other processes out of it (or NULL) */
    void *(*open)(const char *where);
    void (*close)(void *conn);
    int (*run)(void *conn, const char *sql, const char *types, va_list ap, store_row_fn row,
               void *ud);
    /* PostgreSQL: a thread that calls fn(ud, payload) for each notification
     * on the channel `herd`; NULL for a backend of one process. */
    void *(*listen)(const char *where, void (*fn)(void *ud, const char *payload), void *ud);
    void (*unlisten)(void *listener);
} store_backend;

extern const store_backend store_sqlite;
extern const store_backend store_pg; /* its open() is NULL when built without libpq */

typedef struct store store;

/* `where` is a SQLite file or a postgresql:// URL. */
int store_open(const char *where, store **out);
void store_close(store *s);
int store_shared(const store *s); /* 1 when other processes may write the same games */
/* Writes the jobs in one transaction (one commit: one fsync for all), each
 * all or nothing on its own; sets each job's rc. Called by one thread. */
void store_write(store *s, store_job *jobs);
char *store_record(store *s, const char *id); /* malloc'd text or NULL */
/* Calls ld->game for each game (or the one named by id), then ld->action
 * for each of its actions from seq `from` on, in order, with what game()
 * returned (NULL: stop). 0, or -1. */
typedef struct store_loader {
    void *ud;
    void *(*game)(void *ud, const char *id, const char *game, const char *options,
                         const char *tc, int computer, int level, const char *token0,
                         const char *token1, const char *join_code, const char *next,
                         int64_t created);
    int (*action)(void *ud, void *game, const char *kind, int side, const char *move,
                  int64_t at_ms, int64_t left0, int64_t left1, int running);
} store_loader;
int store_load(store *s, const char *id, int64_t from, const store_loader *ld);
/* Calls fn(ud, game id, rows, n) when another process committed actions
 * of that game (PostgreSQL's LISTEN/NOTIFY): the n rows it added, or n = 0
 * when they are to be read with store_load() (too many for a notification,
 * or a change of the game's row too). Nothing for SQLite. */
typedef void (*store_news_fn)(void *ud, const char *id, const store_row *rows, size_t n);
int store_listen(store *s, store_news_fn fn, void *ud);

#endif
