/* herd-server's PostgreSQL backend (store.h), with libpq: several
 * herd-server processes share one database. Each commit that adds a game's
 * actions notifies the channel `herd` with the game's id (store.c); a
 * thread of each process listens on a connection of its own and tells the
 * server, which reads the new actions. Built when libpq is there. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"

#ifdef HERD_SERVER_LIBPQ
#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

#include <libpq-fe.h>

static void quiet(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

static void *pg_open(const char *url)
{
    PGconn *c = PQconnectdb(url);
    if (!c || PQstatus(c) != CONNECTION_OK) {
        fprintf(stderr, "herd-server: database: %s", c ? PQerrorMessage(c) : "out of memory\n");
        PQfinish(c);
        return NULL;
    }
    /* A notice (such as "relation already exists, skipping") is not news. */
    PQsetNoticeProcessor(c, quiet, NULL);
    return c;
}

static void pg_close(void *conn) { PQfinish(conn); }

static int pg_run(void *conn, const char *sql, const char *types, va_list ap, store_row_fn row,
                  void *ud)
{
    enum { MAXP = 16 };
    char text[4096], nums[MAXP][24];
    const char *values[MAXP];
    int n = 0;
    size_t len = 0;
    /* '?' becomes $1, $2...: the statements are written once for both
     * backends (none has a '?' in a quoted text). */
    for (const char *p = sql; *p && len + 8 < sizeof text; p++) {
        if (*p == '?' && n < MAXP)
            len += (size_t)snprintf(text + len, sizeof text - len, "$%d", ++n);
        else
            text[len++] = *p;
    }
    text[len] = '\0';
    if ((int)strlen(types) != n) {
        fprintf(stderr, "herd-server: database: %s: %d arguments for %zu\n", sql, n,
                strlen(types));
        return -1;
    }
    for (int i = 0; i < n; i++) {
        if (types[i] == 's') {
            values[i] = va_arg(ap, const char *);
        } else {
            snprintf(nums[i], sizeof nums[i], "%" PRId64, va_arg(ap, int64_t));
            values[i] = nums[i];
        }
    }
    PGresult *res = PQexecParams(conn, text, n, NULL, values, NULL, NULL, 0);
    ExecStatusType st = PQresultStatus(res);
    int out = -1;
    if (st == PGRES_COMMAND_OK) {
        out = atoi(PQcmdTuples(res));
    } else if (st == PGRES_TUPLES_OK) {
        int rows = PQntuples(res), ncol = PQnfields(res);
        out = rows;
        for (int r = 0; r < rows && row && out >= 0; r++) {
            const char *col[16];
            for (int i = 0; i < ncol && i < 16; i++)
                col[i] = PQgetisnull(res, r, i) ? NULL : PQgetvalue(res, r, i);
            if (row(ud, ncol < 16 ? ncol : 16, col) != 0)
                out = -1;
        }
    } else {
        fprintf(stderr, "herd-server: database: %s: %s", sql, PQerrorMessage(conn));
    }
    PQclear(res);
    return out;
}

typedef struct listener {
    PGconn *conn;
    pthread_t thread;
    int stop[2]; /* a pipe: written to stop the thread */
    void (*fn)(void *ud, const char *payload);
    void *ud;
} listener;

static void *listen_loop(void *arg)
{
    listener *l = arg;
    struct pollfd fds[2] = {{PQsocket(l->conn), POLLIN, 0}, {l->stop[0], POLLIN, 0}};
    for (;;) {
        if (poll(fds, 2, -1) < 0)
            continue;
        if (fds[1].revents)
            break;
        if (!PQconsumeInput(l->conn)) {
            fprintf(stderr, "herd-server: database: listening: %s", PQerrorMessage(l->conn));
            break;
        }
        PGnotify *n;
        while ((n = PQnotifies(l->conn)) != NULL) {
            l->fn(l->ud, n->extra);
            PQfreemem(n);
        }
    }
    return NULL;
}

static void pg_unlisten(void *arg)
{
    listener *l = arg;
    if (write(l->stop[1], "x", 1) != 1)
        perror("herd-server: stopping the listener");
    pthread_join(l->thread, NULL);
    close(l->stop[0]);
    close(l->stop[1]);
    PQfinish(l->conn);
    free(l);
}

static void *pg_listen(const char *url, void (*fn)(void *ud, const char *payload), void *ud)
{
    listener *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->fn = fn;
    l->ud = ud;
    if ((l->conn = pg_open(url)) == NULL || pipe(l->stop) != 0) {
        PQfinish(l->conn);
        free(l);
        return NULL;
    }
    PGresult *res = PQexec(l->conn, "LISTEN herd");
    int ok = PQresultStatus(res) == PGRES_COMMAND_OK;
    PQclear(res);
    if (!ok || pthread_create(&l->thread, NULL, listen_loop, l) != 0) {
        fprintf(stderr, "herd-server: database: LISTEN: %s", PQerrorMessage(l->conn));
        close(l->stop[0]);
        close(l->stop[1]);
        PQfinish(l->conn);
        free(l);
        return NULL;
    }
    return l;
}

const store_backend store_pg = {
    "PostgreSQL",
    NULL,
    "BEGIN",
    /* Two processes that start at once create the tables one after the
     * other (CREATE TABLE IF NOT EXISTS alone races). */
    "SELECT pg_advisory_xact_lock(4242)",
    pg_open,
    pg_close,
    pg_run,
    pg_listen,
    pg_unlisten,
};
#else
const store_backend store_pg = {"PostgreSQL", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
#endif
