/* herd-server's SQLite backend (store.h): WAL mode with synchronous=FULL,
 * so that a committed action survives a kill -9 and a power cut. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

#include <sqlite3.h>

#include "store.h"

static void *sq_open(const char *path)
{
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        fprintf(stderr, "herd-server: database %s: %s\n", path,
                db ? sqlite3_errmsg(db) : "out of memory");
        sqlite3_close(db);
        return NULL;
    }
    sqlite3_busy_timeout(db, 5000);
    /* A commit is on the disk when it returns (the setting is a connection's). */
    if (sqlite3_exec(db, "PRAGMA synchronous=FULL", NULL, NULL, NULL) != SQLITE_OK) {
        fprintf(stderr, "herd-server: database %s: %s\n", path, sqlite3_errmsg(db));
        sqlite3_close(db);
        return NULL;
    }
    return db;
}

static void sq_close(void *conn) { sqlite3_close(conn); }

static int sq_run(void *conn, const char *sql, const char *types, va_list ap, store_row_fn row,
                  void *ud)
{
    sqlite3 *db = conn;
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    for (int i = 0; rc == SQLITE_OK && types[i]; i++)
        rc = types[i] == 's'
                 ? sqlite3_bind_text(st, i + 1, va_arg(ap, const char *), -1, SQLITE_TRANSIENT)
                 : sqlite3_bind_int64(st, i + 1, va_arg(ap, int64_t));
    int rows = 0, ncol = st ? sqlite3_column_count(st) : 0;
    while (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *col[16];
        for (int i = 0; i < ncol && i < 16; i++)
            col[i] = (const char *)sqlite3_column_text(st, i);
        rows++;
        if (row && row(ud, ncol < 16 ? ncol : 16, col) != 0) {
            sqlite3_finalize(st);
            return -1;
        }
        rc = SQLITE_OK;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        fprintf(stderr, "herd-server: database: %s: %s\n", sql, sqlite3_errmsg(db));
        return -1;
    }
    return ncol > 0 ? rows : sqlite3_changes(db);
}

const store_backend store_sqlite = {
    "SQLite",
    "PRAGMA journal_mode=WAL",
    "BEGIN IMMEDIATE", /* the write lock at once: no deadlock between two writers */
    NULL,
    sq_open,
    sq_close,
    sq_run,
    NULL,
    NULL,
};
