/* herd-server's database: SQLite in WAL mode with synchronous=FULL, so
 * that a committed action survives a kill -9 and a power cut. Two tables:
 * games (the seats, the options with the seed, the rematch, the finished
 * record) and actions (every action of every game in order, with both
 * clocks after it). The server replays the actions at start. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

struct store {
    sqlite3 *db;
};

static const char schema[] =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA synchronous=FULL;"
    "CREATE TABLE IF NOT EXISTS games("
    " id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, tc TEXT NOT NULL,"
    " computer INTEGER NOT NULL, level INTEGER NOT NULL, token0 TEXT NOT NULL,"
    " token1 TEXT NOT NULL, join_code TEXT NOT NULL, next TEXT NOT NULL,"
    " created_ms INTEGER NOT NULL, record TEXT);"
    "CREATE TABLE IF NOT EXISTS actions("
    " game TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, side INTEGER NOT NULL,"
    " move TEXT NOT NULL, at_ms INTEGER NOT NULL, left0 INTEGER NOT NULL,"
    " left1 INTEGER NOT NULL, running INTEGER NOT NULL, PRIMARY KEY(game, seq));";

static int fail(store *s, const char *what)
{
    fprintf(stderr, "herd-server: database: %s: %s\n", what, sqlite3_errmsg(s->db));
    return -1;
}

int store_open(const char *path, store **out)
{
    store *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        fail(s, path);
        store_close(s);
        return -1;
    }
    sqlite3_busy_timeout(s->db, 5000);
    if (sqlite3_exec(s->db, schema, NULL, NULL, NULL) != SQLITE_OK) {
        fail(s, path);
        store_close(s);
        return -1;
    }
    *out = s;
    return 0;
}

void store_close(store *s)
{
    if (!s)
        return;
    sqlite3_close(s->db);
    free(s);
}

static int exec(store *s, const char *sql)
{
    return sqlite3_exec(s->db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 : fail(s, sql);
}

int store_begin(store *s) { return exec(s, "BEGIN IMMEDIATE"); }
int store_commit(store *s) { return exec(s, "COMMIT"); }
void store_rollback(store *s) { sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL); }

/* Prepares sql and binds its arguments: 's' a text, 'i' an int64. */
static sqlite3_stmt *prepare(store *s, const char *sql, const char *types, ...)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
        fail(s, "prepare");
        return NULL;
    }
    va_list ap;
    va_start(ap, types);
    for (int i = 0; types[i]; i++) {
        int rc = types[i] == 's' ? sqlite3_bind_text(st, i + 1, va_arg(ap, const char *), -1,
                                                     SQLITE_TRANSIENT)
                                 : sqlite3_bind_int64(st, i + 1, va_arg(ap, int64_t));
        if (rc != SQLITE_OK) {
            va_end(ap);
            sqlite3_finalize(st);
            fail(s, "bind");
            return NULL;
        }
    }
    va_end(ap);
    return st;
}

static int run(store *s, sqlite3_stmt *st)
{
    if (!st)
        return -1;
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : fail(s, "step");
}

int store_insert_game(store *s, const room *r)
{
    return run(s, prepare(s,
                          "INSERT INTO games(id, game, options, tc, computer, level, token0,"
                          " token1, join_code, next, created_ms) VALUES(?,?,?,?,?,?,?,?,?,?,?)",
                          "ssssiissssi", r->id, r->game, r->options, r->tc, (int64_t)r->computer,
                          (int64_t)r->level, r->token[0], r->token[1], r->join_code, r->next,
                          r->created_ms));
}

int store_update_seats(store *s, const room *r)
{
    return run(s, prepare(s, "UPDATE games SET token0=?, token1=?, join_code=? WHERE id=?",
                          "ssss", r->token[0], r->token[1], r->join_code, r->id));
}

int store_set_next(store *s, const room *r)
{
    return run(s, prepare(s, "UPDATE games SET next=? WHERE id=?", "ss", r->next, r->id));
}

int store_insert_action(store *s, const room *r, const char *kind, int side, const char *move,
                        int64_t at_ms)
{
    return run(s, prepare(s,
                          "INSERT INTO actions(game, seq, kind, side, move, at_ms, left0, left1,"
                          " running) VALUES(?,?,?,?,?,?,?,?,?)",
                          "sisisiiii", r->id, r->seq, kind, (int64_t)side, move, at_ms,
                          herd_clock_left(&r->clock, 0, at_ms),
                          herd_clock_left(&r->clock, 1, at_ms), (int64_t)r->clock.running));
}

int store_set_record(store *s, const char *id, const char *record)
{
    return run(s, prepare(s, "UPDATE games SET record=? WHERE id=?", "ss", record, id));
}

char *store_record(store *s, const char *id)
{
    sqlite3_stmt *st = prepare(s, "SELECT record FROM games WHERE id=?", "s", id);
    char *text = NULL;
    if (st && sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
        text = strdup((const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    return text;
}

static const char *col(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? (const char *)t : "";
}

int store_load(store *s, const store_loader *ld)
{
    sqlite3_stmt *g = prepare(s,
                              "SELECT id, game, options, tc, computer, level, token0, token1,"
                              " join_code, next, created_ms FROM games ORDER BY created_ms, id",
                              "");
    sqlite3_stmt *a = prepare(s,
                              "SELECT kind, side, move, at_ms, left0, left1, running FROM"
                              " actions WHERE game=? ORDER BY seq",
                              "");
    int rc = g && a ? 0 : -1, step;
    while (rc == 0 && (step = sqlite3_step(g)) == SQLITE_ROW) {
        room *r = ld->game(ld->ud, col(g, 0), col(g, 1), col(g, 2), col(g, 3),
                           sqlite3_column_int(g, 4), sqlite3_column_int(g, 5), col(g, 6),
                           col(g, 7), col(g, 8), col(g, 9), sqlite3_column_int64(g, 10));
        if (!r) {
            rc = -1;
            break;
        }
        sqlite3_reset(a);
        sqlite3_bind_text(a, 1, r->id, -1, SQLITE_TRANSIENT);
        while (rc == 0 && sqlite3_step(a) == SQLITE_ROW) {
            if (ld->action(ld->ud, r, col(a, 0), sqlite3_column_int(a, 1), col(a, 2),
                           sqlite3_column_int64(a, 3), sqlite3_column_int64(a, 4),
                           sqlite3_column_int64(a, 5), sqlite3_column_int(a, 6)) != 0)
                rc = -1;
        }
    }
    sqlite3_finalize(g);
    sqlite3_finalize(a);
    return rc;
}
