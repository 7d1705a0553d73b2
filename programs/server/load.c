/* herd-load: K games of Flock played at once through a herd-server on this
 * machine, by 2K WebSocket clients (CivetWeb's client), each game one move
 * a second, for S seconds; then the line
 *   games K, actions A, p50 X ms, p99 Y ms, lost L, server peak RSS R MB
 * where the times run from a move sent to its state received by the
 * opponent, and lost counts the moves that got no answer (a state, or an
 * error: counted apart): at the end no move is sent and the program waits
 * for every answer, for at most 30 seconds. With --url2, each game's second
 * player is a client of a second server (two processes over PostgreSQL).
 * Loopback only, bounded in count and time. */
#define _GNU_SOURCE
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <civetweb.h>
#include <jansson.h>

typedef struct game game;

typedef struct player {
    struct mg_connection *conn;
} player;

struct game {
    pthread_mutex_t lock;
    char id[32], token[2][64];
    player p[2];
    int64_t ply;         /* the last state's */
    int to_act;          /* -1: over */
    char next[64];       /* the first legal move of the last state */
    int64_t sent_ply;    /* the ply of the move in flight, or -1 */
    int mover;
    double sent_at;
    double due;          /* when the next move goes */
};

typedef struct load {
    pthread_mutex_t lock;
    double *lat;
    size_t nlat, cap;
    long refused;        /* moves answered with an error */
} load;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static json_t *http_post(const char *host, int port, const char *path, json_t *body)
{
    char err[256];
    char *text = json_dumps(body, JSON_COMPACT);
    struct mg_connection *c = mg_connect_client(host, port, 0, err, sizeof err);
    json_t *out = NULL;
    if (c && text) {
        mg_printf(c,
                  "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"
                  "Content-Length: %zu\r\nConnection: close\r\n\r\n%s",
                  path, host, strlen(text), text);
        if (mg_get_response(c, err, sizeof err, 10000) >= 0) {
            char buf[4096];
            int n, len = 0;
            while (len < (int)sizeof buf - 1 &&
                   (n = mg_read(c, buf + len, sizeof buf - 1 - (size_t)len)) > 0)
                len += n;
            out = json_loadb(buf, (size_t)len, 0, NULL);
        }
    }
    if (c)
        mg_close_connection(c);
    free(text);
    json_decref(body); /* taken: the callers pass json_pack()'s */
    return out;
}

typedef struct ctx {
    load *L;
    game *g;
    int seat;
} ctx;

static int on_data(struct mg_connection *conn, int flags, char *data, size_t len, void *ud)
{
    ctx *c = ud;
    game *g = c->g;
    (void)conn;
    if ((flags & 0x0f) != MG_WEBSOCKET_OPCODE_TEXT)
        return 1;
    json_t *m = json_loadb(data, len, 0, NULL);
    const char *type = json_string_value(json_object_get(m, "type"));
    if (type && strcmp(type, "state") == 0) {
        double t = now_ms();
        json_int_t ply = json_integer_value(json_object_get(m, "ply"));
        pthread_mutex_lock(&g->lock);
        if (ply > g->ply) {
            g->ply = ply;
            g->to_act = (int)json_integer_value(json_object_get(m, "to_act"));
            const char *first = json_string_value(json_array_get(json_object_get(m, "legal"), 0));
            snprintf(g->next, sizeof g->next, "%s", first ? first : "");
        }
        /* The mover's opponent hears of the move: its latency. */
        if (g->sent_ply >= 0 && ply > g->sent_ply && c->seat != g->mover) {
            g->sent_ply = -1;
            pthread_mutex_lock(&c->L->lock);
            if (c->L->nlat < c->L->cap)
                c->L->lat[c->L->nlat++] = t - g->sent_at;
            pthread_mutex_unlock(&c->L->lock);
        }
        pthread_mutex_unlock(&g->lock);
    } else if (type && strcmp(type, "error") == 0) {
        /* An answer too: the move is not lost, it is refused. */
        pthread_mutex_lock(&g->lock);
        if (g->sent_ply >= 0 && c->seat == g->mover) {
            g->sent_ply = -1;
            pthread_mutex_lock(&c->L->lock);
            c->L->refused++;
            pthread_mutex_unlock(&c->L->lock);
        }
        pthread_mutex_unlock(&g->lock);
        fprintf(stderr, "herd-load: game %s: %.*s\n", g->id, (int)len, data);
    }
    json_decref(m);
    return 1;
}

/* CivetWeb's client has no option for it, and writes a frame's header and
 * its body apart: without TCP_NODELAY, Nagle's algorithm holds the body
 * until the server's delayed ACK (40 ms). Every TCP socket of this process
 * is a client's. */
static void no_delay(void)
{
    int one = 1;
    for (int fd = 3; fd < 65536; fd++)
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

/* Ends every connection at once: CivetWeb's client closes one by waiting
 * for its reading thread, which sees the end of its socket only then. */
static void shut_all(void)
{
    int type;
    socklen_t len = sizeof type;
    for (int fd = 3; fd < 65536; fd++)
        if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) == 0 && type == SOCK_STREAM)
            shutdown(fd, SHUT_RDWR);
}

/* Makes game i: created on the first server, joined (on the second with
 * --url2), both players connected and said hello. 0, or -1 said on stderr. */
typedef struct setup {
    load *L;
    game *games;
    ctx *ctxs;
    const char (*hosts)[64];
    const int *ports;
    long k, next, ok;
    pthread_mutex_t lock;
} setup;

static int setup_game(setup *S, long i)
{
    game *g = &S->games[i];
    json_t *a = http_post(S->hosts[0], S->ports[0], "/api/games",
                          json_pack("{s:s, s:s}", "game", "flock", "options", "w=12 h=12"));
    const char *id = json_string_value(json_object_get(a, "id"));
    const char *code = json_string_value(json_object_get(a, "join_code"));
    char path[128];
    if (!id || !code) {
        fprintf(stderr, "herd-load: game %ld was not created\n", i);
        json_decref(a);
        return -1;
    }
    snprintf(g->id, sizeof g->id, "%s", id);
    snprintf(g->token[0], sizeof g->token[0], "%s", json_string_value(json_object_get(a, "token")));
    snprintf(path, sizeof path, "/api/games/%s/join", id);
    json_t *b = http_post(S->hosts[1], S->ports[1], path, json_pack("{s:s}", "code", code));
    const char *t1 = json_string_value(json_object_get(b, "token"));
    snprintf(g->token[1], sizeof g->token[1], "%s", t1 ? t1 : "");
    json_decref(a);
    json_decref(b);
    for (int s = 0; s < 2; s++) {
        char err[256];
        ctx *c = &S->ctxs[2 * i + s];
        c->L = S->L;
        c->g = g;
        c->seat = s;
        g->p[s].conn = mg_connect_websocket_client(S->hosts[s], S->ports[s], 0, err, sizeof err,
                                                   "/ws", NULL, on_data, NULL, c);
        if (!g->p[s].conn) {
            fprintf(stderr, "herd-load: client %ld.%d: %s\n", i, s, err);
            return -1;
        }
        json_t *h = json_pack("{s:s, s:s, s:s}", "type", "hello", "game", g->id, "token",
                              g->token[s]);
        char *text = json_dumps(h, JSON_COMPACT);
        mg_websocket_client_write(g->p[s].conn, MG_WEBSOCKET_OPCODE_TEXT, text, strlen(text));
        free(text);
        json_decref(h);
    }
    return 0;
}

/* Several threads make the games: each waits for the server's commit, so
 * that one at a time would take a commit's time per game. */
static void *setup_thread(void *arg)
{
    setup *S = arg;
    for (;;) {
        pthread_mutex_lock(&S->lock);
        long i = S->next < S->k ? S->next++ : -1;
        pthread_mutex_unlock(&S->lock);
        if (i < 0)
            return NULL;
        int rc = setup_game(S, i);
        pthread_mutex_lock(&S->lock);
        S->ok += rc == 0;
        pthread_mutex_unlock(&S->lock);
    }
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static long peak_rss_kb(long pid)
{
    char path[64], line[256];
    long kb = -1;
    snprintf(path, sizeof path, "/proc/%ld/status", pid);
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kb) == 1)
            break;
    if (f)
        fclose(f);
    return kb;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: herd-load --url ws://127.0.0.1:PORT --games K --seconds S [--pid SERVER_PID]\n"
               "                 [--url2 ws://127.0.0.1:PORT2 [--pid2 PID2]]\n"
               "  K games of Flock, 2K WebSocket clients, one move a second a game, for S\n"
               "  seconds (K <= 5000, S <= 600); loopback only. --pid: the server's process,\n"
               "  for its peak RSS. --url2: each game's second player on that server (two\n"
               "  processes sharing a PostgreSQL database); the RSS is then both servers'.\n"
               "  Prints: games K, actions A, p50 X ms, p99 Y ms, lost L, server peak RSS R MB\n");
}

int main(int argc, char **argv)
{
    const char *url = NULL, *url2 = NULL;
    long k = 0, seconds = 0, pid = 0, pid2 = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--url") == 0)
            url = argv[i + 1];
        else if (strcmp(argv[i], "--games") == 0)
            k = strtol(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--seconds") == 0)
            seconds = strtol(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--pid") == 0)
            pid = strtol(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--url2") == 0)
            url2 = argv[i + 1];
        else if (strcmp(argv[i], "--pid2") == 0)
            pid2 = strtol(argv[i + 1], NULL, 10);
        else
            k = -1;
    }
    int ports[2] = {0, 0};
    char hosts[2][64] = {"", ""};
    if (!url || sscanf(url, "ws://%63[^:]:%d", hosts[0], &ports[0]) != 2 ||
        (url2 && sscanf(url2, "ws://%63[^:]:%d", hosts[1], &ports[1]) != 2) || k < 1 ||
        k > 5000 || seconds < 1 || seconds > 600 || argc % 2 == 0) {
        usage(stderr);
        return 2;
    }
    if (!url2) {
        memcpy(hosts[1], hosts[0], sizeof hosts[1]);
        ports[1] = ports[0];
    }
    for (int i = 0; i < 2; i++)
        if (strcmp(hosts[i], "127.0.0.1") != 0 && strcmp(hosts[i], "localhost") != 0) {
            fprintf(stderr, "herd-load: loopback only (127.0.0.1 or localhost), not %s\n",
                    hosts[i]);
            return 2;
        }
    mg_init_library(0);
    load L = {0};
    pthread_mutex_init(&L.lock, NULL);
    L.cap = (size_t)(k * (seconds + 5) + 16);
    L.lat = malloc(L.cap * sizeof *L.lat);
    game *games = calloc((size_t)k, sizeof *games);
    ctx *ctxs = calloc((size_t)(2 * k), sizeof *ctxs);
    if (!L.lat || !games || !ctxs)
        return 1;
    for (long i = 0; i < k; i++) {
        pthread_mutex_init(&games[i].lock, NULL);
        games[i].sent_ply = -1;
        games[i].ply = -1;
    }
    double t0 = now_ms();
    setup S = {&L, games, ctxs, (const char(*)[64])hosts, ports, k, 0, 0,
               PTHREAD_MUTEX_INITIALIZER};
    pthread_t workers[16];
    for (int t = 0; t < 16; t++)
        pthread_create(&workers[t], NULL, setup_thread, &S);
    for (int t = 0; t < 16; t++)
        pthread_join(workers[t], NULL);
    if (S.ok != k) {
        fprintf(stderr, "herd-load: %ld of %ld games could be made\n", S.ok, k);
        return 1;
    }
    long ready = k;
    /* The games' moves spread over the second. */
    double start = now_ms();
    fprintf(stderr, "herd-load: %ld games made in %.1f s\n", k, (start - t0) / 1000.0);
    for (long i = 0; i < k; i++)
        games[i].due = start + 1000.0 * (double)i / (double)k;
    no_delay();
    long sent = 0;
    double end = now_ms() + 1000.0 * (double)seconds;
    while (now_ms() < end) {
        double t = now_ms();
        for (long i = 0; i < ready; i++) {
            game *g = &games[i];
            pthread_mutex_lock(&g->lock);
            if (t >= g->due && g->sent_ply < 0 && g->to_act >= 0 && g->ply >= 0 && g->next[0]) {
                char text[160];
                int n = snprintf(text, sizeof text, "{\"type\":\"move\",\"ply\":%lld,\"move\":\"%s\"}",
                                 (long long)g->ply, g->next);
                g->mover = g->to_act;
                g->sent_ply = g->ply;
                g->sent_at = t;
                /* One move a second: a game that fell behind does not catch up. */
                g->due = g->due + 1000.0 > t ? g->due + 1000.0 : t + 1000.0;
                mg_websocket_client_write(g->p[g->mover].conn, MG_WEBSOCKET_OPCODE_TEXT, text,
                                          (size_t)n);
                sent++;
            }
            pthread_mutex_unlock(&g->lock);
        }
        usleep(2000);
    }
    /* Every move sent gets an answer (docs/server.md): wait for them all,
     * for at most 30 seconds; what never came is lost. */
    double grace = now_ms() + 30000.0;
    long lost = 0;
    for (;;) {
        lost = 0;
        for (long i = 0; i < ready; i++) {
            pthread_mutex_lock(&games[i].lock);
            lost += games[i].sent_ply >= 0;
            pthread_mutex_unlock(&games[i].lock);
        }
        if (lost == 0 || now_ms() > grace)
            break;
        usleep(10000);
    }
    pthread_mutex_lock(&L.lock);
    qsort(L.lat, L.nlat, sizeof *L.lat, cmp);
    double p50 = L.nlat ? L.lat[L.nlat / 2] : 0, p99 = L.nlat ? L.lat[(L.nlat * 99) / 100] : 0;
    size_t got = L.nlat;
    long refused = L.refused;
    pthread_mutex_unlock(&L.lock);
    long rss = pid > 0 ? peak_rss_kb(pid) : -1;
    if (rss >= 0 && pid2 > 0)
        rss = peak_rss_kb(pid2) >= 0 ? rss + peak_rss_kb(pid2) : -1;
    char rss_text[32];
    if (rss >= 0)
        snprintf(rss_text, sizeof rss_text, "%.1f", rss / 1024.0);
    else
        snprintf(rss_text, sizeof rss_text, "?");
    printf("games %ld, actions %ld, p50 %.1f ms, p99 %.1f ms, lost %ld, server peak RSS %s MB\n",
           ready, sent, p50, p99, lost, rss_text);
    fprintf(stderr, "herd-load: %zu latencies measured, %ld moves refused\n", got, refused);
    fflush(stdout);
    shut_all();
    for (long i = 0; i < ready; i++)
        for (int s = 0; s < 2; s++)
            if (games[i].p[s].conn)
                mg_close_connection(games[i].p[s].conn);
    mg_exit_library();
    free(L.lat);
    free(games);
    free(ctxs);
    return lost == 0 && refused == 0 && ready == k ? 0 : 1;
}
