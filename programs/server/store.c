/* herd-server's database, whichever the backend (store.h): two tables,
 * games (the seats' tokens, the options with the seed, the rematch, the
 * finished record) and actions (every action of every game in order, with
 * both clocks after it; the server replays them at start). The key
 * (game, seq) of an action orders a game's actions: a process that wants to
 * add an action at a place another one took first inserts nothing, and its
 * job is refused as a conflict (store.h) - two processes never both accept
 * an action for the same place. Writes go in batches: one transaction, one
 * commit (one fsync) for every job that came while the last one ran, each
 * job in a savepoint of its own so that one refused leaves the others. */
#define _GNU_SOURCE
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

struct store {
    const store_backend *be;
    char *where;
    void *w;               /* the writing connection: store_write()'s thread only */
    void *r;               /* the reading one, for loads and records */
    pthread_mutex_t rlock; /* guards r */
    void *listener;
    store_news_fn news;
    void *news_ud;
};

static const char *const tables[] = {
    "CREATE TABLE IF NOT EXISTS games("
    " id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, tc TEXT NOT NULL,"
    " computer BIGINT NOT NULL, level BIGINT NOT NULL, token0 TEXT NOT NULL,"
    " token1 TEXT NOT NULL, join_code TEXT NOT NULL, next TEXT NOT NULL,"
    " created_ms BIGINT NOT NULL, record TEXT)",
    "CREATE TABLE IF NOT EXISTS actions("
    " game TEXT NOT NULL, seq BIGINT NOT NULL, kind TEXT NOT NULL, side BIGINT NOT NULL,"
    " move TEXT NOT NULL, at_ms BIGINT NOT NULL, left0 BIGINT NOT NULL,"
    " left1 BIGINT NOT NULL, running BIGINT NOT NULL, PRIMARY KEY(game, seq))",
};

static int run(const store *s, void *conn, const char *sql, const char *types, store_row_fn row,
               void *ud, ...)
{
    va_list ap;
    va_start(ap, ud);
    int n = s->be->run(conn, sql, types, ap, row, ud);
    va_end(ap);
    return n;
}

int store_open(const char *where, store **out)
{
    store *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    pthread_mutex_init(&s->rlock, NULL);
    s->be = strncmp(where, "postgresql://", 13) == 0 || strncmp(where, "postgres://", 11) == 0
                ? &store_pg
                : &store_sqlite;
    s->where = strdup(where);
    if (!s->be->open) {
        fprintf(stderr, "herd-server: %s: this herd-server was built without %s (libpq-dev)\n",
                where, s->be->name);
        store_close(s);
        return -1;
    }
    int rc = s->where && (s->w = s->be->open(where)) != NULL ? 0 : -1;
    if (rc == 0 && s->be->schema)
        rc = run(s, s->w, s->be->schema, "", NULL, NULL) < 0 ? -1 : 0;
    if (rc == 0)
        rc = run(s, s->w, s->be->begin, "", NULL, NULL) < 0 ? -1 : 0;
    if (rc == 0 && s->be->exclusive)
        rc = run(s, s->w, s->be->exclusive, "", NULL, NULL) < 0 ? -1 : 0;
    for (size_t i = 0; rc == 0 && i < sizeof tables / sizeof tables[0]; i++)
        rc = run(s, s->w, tables[i], "", NULL, NULL) < 0 ? -1 : 0;
    if (rc == 0)
        rc = run(s, s->w, "COMMIT", "", NULL, NULL) < 0 ? -1 : 0;
    if (rc == 0 && (s->r = s->be->open(where)) == NULL)
        rc = -1;
    if (rc != 0) {
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
    if (s->listener)
        s->be->unlisten(s->listener);
    if (s->r)
        s->be->close(s->r);
    if (s->w)
        s->be->close(s->w);
    pthread_mutex_destroy(&s->rlock);
    free(s->where);
    free(s);
}

int store_shared(const store *s) { return s->be->listen != NULL; }

/* A notification's text: the game's id, then (when they fit and the job
 * changed nothing else) its rows, a line each, fields between tabs (no
 * move's text has a tab or a line break). */
#define NOTE_MAX 7900 /* PostgreSQL takes 8000 bytes */

static void note_text(const store_job *j, char *out, size_t cap)
{
    size_t n = (size_t)snprintf(out, cap, "%s", j->rows[0].game);
    if (j->update || j->insert[0] || j->insert[1] || j->record)
        return;
    for (size_t i = 0; i < j->nrows; i++) {
        const store_row *a = &j->rows[i];
        int w = snprintf(out + n, cap - n,
                         "\n%" PRId64 "\t%s\t%d\t%s\t%" PRId64 "\t%" PRId64 "\t%" PRId64 "\t%d",
                         a->seq, a->kind, a->side, a->move, a->at_ms, a->left0, a->left1,
                         a->running);
        if (w < 0 || (size_t)w >= cap - n) {
            out[strlen(j->rows[0].game)] = '\0'; /* does not fit: the id alone */
            return;
        }
        n += (size_t)w;
    }
}

static void on_note(void *ud, const char *text)
{
    store *s = ud;
    char id[64];
    size_t len = strcspn(text, "\n");
    if (len >= sizeof id)
        return;
    memcpy(id, text, len);
    id[len] = '\0';
    store_row rows[32];
    size_t n = 0;
    for (const char *p = text + len; *p == '\n' && n < 32; n++) {
        store_row *a = &rows[n];
        int used = 0;
        a->game = NULL;
        if (sscanf(p, "\n%" SCNd64 "\t%15[^\t]\t%d\t%63[^\t]\t%" SCNd64 "\t%" SCNd64 "\t%" SCNd64
                      "\t%d%n",
                   &a->seq, a->kind, &a->side, a->move, &a->at_ms, &a->left0, &a->left1,
                   &a->running, &used) != 8) {
            n = 0; /* not understood: read it from the tables */
            break;
        }
        a->game = NULL;
        p += used;
    }
    for (size_t i = 0; i < n; i++)
        rows[i].game = id;
    s->news(s->news_ud, id, rows, n);
}

int store_listen(store *s, store_news_fn fn, void *ud)
{
    if (!s->be->listen)
        return 0;
    s->news = fn;
    s->news_ud = ud;
    s->listener = s->be->listen(s->where, on_note, s);
    return s->listener ? 0 : -1;
}

static int insert_game(store *s, const room *r)
{
    return run(s, s->w,
               "INSERT INTO games(id, game, options, tc, computer, level, token0, token1,"
               " join_code, next, created_ms) VALUES(?,?,?,?,?,?,?,?,?,?,?)",
               "ssssiissssi", NULL, NULL, r->id, r->game, r->options, r->tc, (int64_t)r->computer,
               (int64_t)r->level, r->token[0], r->token[1], r->join_code, r->next, r->created_ms);
}

/* One job in its savepoint: 0, -1, or STORE_CONFLICT when its first action's
 * place is taken. */
static int write_job(store *s, const store_job *j)
{
    if (run(s, s->w, "SAVEPOINT job", "", NULL, NULL) < 0)
        return -1;
    int rc = 0;
    for (int i = 0; rc == 0 && i < 2; i++)
        if (j->insert[i] && insert_game(s, j->insert[i]) != 1)
            rc = -1;
    if (rc == 0 && j->update &&
        run(s, s->w, "UPDATE games SET token0=?, token1=?, join_code=?, next=? WHERE id=?",
            "sssss", NULL, NULL, j->update->token[0], j->update->token[1], j->update->join_code,
            j->update->next, j->update->id) != 1)
        rc = -1;
    for (size_t i = 0; rc == 0 && i < j->nrows; i++) {
        const store_row *a = &j->rows[i];
        int n = run(s, s->w,
                    "INSERT INTO actions(game, seq, kind, side, move, at_ms, left0, left1,"
                    " running) VALUES(?,?,?,?,?,?,?,?,?) ON CONFLICT DO NOTHING",
                    "sisisiiii", NULL, NULL, a->game, a->seq, a->kind, (int64_t)a->side, a->move,
                    a->at_ms, a->left0, a->left1, (int64_t)a->running);
        rc = n == 1 ? 0 : n == 0 ? STORE_CONFLICT : -1;
    }
    if (rc == 0 && j->record &&
        run(s, s->w, "UPDATE games SET record=? WHERE id=?", "ss", NULL, NULL, j->record,
            j->record_game) != 1)
        rc = -1;
    /* The other processes hear of it at the commit (and not at all without). */
    if (rc == 0 && s->be->listen && j->nrows > 0) {
        char note[NOTE_MAX];
        note_text(j, note, sizeof note);
        if (run(s, s->w, "SELECT pg_notify('herd', ?)", "s", NULL, NULL, note) < 0)
            rc = -1;
    }
    if (rc != 0)
        run(s, s->w, "ROLLBACK TO SAVEPOINT job", "", NULL, NULL);
    if (run(s, s->w, "RELEASE SAVEPOINT job", "", NULL, NULL) < 0 && rc == 0)
        rc = -1;
    return rc;
}

void store_write(store *s, store_job *jobs)
{
    int ok = run(s, s->w, s->be->begin, "", NULL, NULL) >= 0;
    for (store_job *j = jobs; j; j = j->next)
        j->rc = ok ? write_job(s, j) : -1;
    if (ok && run(s, s->w, "COMMIT", "", NULL, NULL) < 0) {
        ok = 0;
        for (store_job *j = jobs; j; j = j->next)
            if (j->rc == 0)
                j->rc = -1;
    }
    if (!ok)
        run(s, s->w, "ROLLBACK", "", NULL, NULL);
}

static int one_text(void *ud, int ncol, const char *const *col)
{
    char **out = ud;
    if (ncol > 0 && col[0] && !*out)
        *out = strdup(col[0]);
    return 0;
}

char *store_record(store *s, const char *id)
{
    char *text = NULL;
    pthread_mutex_lock(&s->rlock);
    run(s, s->r, "SELECT record FROM games WHERE id=?", "s", one_text, &text, id);
    pthread_mutex_unlock(&s->rlock);
    return text;
}

/* The games' rows, copied, for the actions' queries that follow. */
typedef struct game_rows {
    char **cell; /* 11 a row */
    size_t n, cap;
} game_rows;

static int keep_game(void *ud, int ncol, const char *const *col)
{
    game_rows *g = ud;
    if (ncol != 11)
        return -1;
    if (g->n == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 16;
        char **p = realloc(g->cell, cap * 11 * sizeof *p);
        if (!p)
            return -1;
        g->cell = p;
        g->cap = cap;
    }
    for (int i = 0; i < 11; i++)
        g->cell[g->n * 11 + (size_t)i] = strdup(col[i] ? col[i] : "");
    g->n++;
    return 0;
}

static int64_t num(const char *text) { return text ? strtoll(text, NULL, 10) : 0; }

struct replay {
    const store_loader *ld;
    void *game;
};

static int replay_action(void *ud, int ncol, const char *const *col)
{
    struct replay *p = ud;
    if (ncol != 7)
        return -1;
    return p->ld->action(p->ld->ud, p->game, col[0] ? col[0] : "", (int)num(col[1]),
                         col[2] ? col[2] : "", num(col[3]), num(col[4]), num(col[5]),
                         (int)num(col[6]));
}

int store_load(store *s, const char *id, int64_t from, const store_loader *ld)
{
    static const char cols[] = "SELECT id, game, options, tc, computer, level, token0, token1,"
                               " join_code, next, created_ms FROM games";
    char sql[256];
    game_rows g = {0};
    pthread_mutex_lock(&s->rlock);
    snprintf(sql, sizeof sql, "%s %s", cols, id ? "WHERE id=?" : "ORDER BY created_ms, id");
    int rc = run(s, s->r, sql, id ? "s" : "", keep_game, &g, id) < 0 ? -1 : 0;
    for (size_t i = 0; rc == 0 && i < g.n; i++) {
        char **c = &g.cell[i * 11];
        void *r = ld->game(ld->ud, c[0], c[1], c[2], c[3], (int)num(c[4]), (int)num(c[5]), c[6],
                           c[7], c[8], c[9], num(c[10]));
        struct replay p = {ld, r};
        if (!r || run(s, s->r,
                      "SELECT kind, side, move, at_ms, left0, left1, running FROM actions"
                      " WHERE game=? AND seq>=? ORDER BY seq",
                      "si", replay_action, &p, c[0], from) < 0)
            rc = -1;
    }
    pthread_mutex_unlock(&s->rlock);
    for (size_t i = 0; i < g.n * 11; i++)
        free(g.cell[i]);
    free(g.cell);
    return rc;
}
