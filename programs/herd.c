/* herd: the line protocol of docs/protocol.md on standard input and output,
 * so that front ends, scripts and tests in any language can drive every
 * game of libherd. It uses only the public API. The command loop runs over
 * any pair of streams (herd_session.h), so that the protocol fuzzer runs it
 * in-process; main() is compiled out there (HERD_SESSION_NO_MAIN). */
#define _POSIX_C_SOURCE 200809L /* sigaction */
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <herd/fox.h>
#include <herd/herd.h>
#include <herd/record.h>

#include "herd_session.h"
#include "platform.h"
#include "program_io.h"
#include "program_record.h"

typedef struct session {
    herd_game *game; /* the current game, NULL until `new` or `set` */
    /* The record that `replay` read, while its game is the current one:
     * `record` keeps its tags, comments and clocks. */
    herd_record *replayed;
    int quit; /* set by `quit`: the program ends after its answer */
    char out[HERD_MAX_MOVES * HERD_MAX_MOVE_TEXT];
} session;

/* The stream the answers go to: the program runs one session at a time. */
static FILE *answers;

/* Set by herd_session_interrupt() (a signal handler), cleared before each
 * command; the current game's progress handler reads it. */
static volatile sig_atomic_t interrupt_requested;

void herd_session_interrupt(void)
{
    interrupt_requested = 1;
}

static int stop_requested(void *ud)
{
    (void)ud;
    return interrupt_requested != 0;
}

static void answer(const char *payload)
{
    if (payload && *payload)
        fprintf(answers, "= %s\n\n", payload);
    else
        fprintf(answers, "=\n\n");
    fflush(answers);
}

static void refuse(const char *message)
{
    fprintf(answers, "? %s\n\n", message);
    fflush(answers);
}

/* The game's own message when it has one, else the code's description. */
static void refuse_code(const session *s, int code)
{
    const char *m = s->game ? herd_last_error(s->game) : "";
    if (code == HERD_E_INTERRUPTED)
        m = "interrupted"; /* by the user, who knows which command */
    refuse(*m ? m : herd_strerror(code));
}

static int need_game(const session *s)
{
    if (s->game)
        return 1;
    refuse("no game: start one with new");
    return 0;
}

static int no_args(const char *args)
{
    int none = *args == '\0';
    if (!none)
        refuse("this command takes no arguments");
    return none;
}

/* Refuses with `usage: `, the line that `help` shows for the command of
 * that handler (its name and the table's arguments), then `more` (a printf
 * format and its arguments; "" for nothing more). Defined after the
 * command table, which every handler given is in. */
static void refuse_usage(session *s, void (*handler)(session *s, char *args), const char *more,
                         ...);

/* Reads a whole decimal number without sign or leading zeros (but "0"), as
 * every number of the protocol is written; returns 0 when the text is not
 * one or it is above max. */
static int parse_number(const char *text, unsigned long max, unsigned long *v)
{
    size_t digits = strspn(text, "0123456789");
    if (digits == 0 || text[digits] || (digits > 1 && text[0] == '0'))
        return 0;
    unsigned long x = 0;
    for (size_t i = 0; i < digits; i++) {
        unsigned long d = (unsigned long)(text[i] - '0');
        if (d > max || x > (max - d) / 10)
            return 0;
        x = x * 10 + d;
    }
    *v = x;
    return 1;
}

/* The current game's history starts anew: no record was replayed. */
static void forget_record(session *s)
{
    herd_record_free(s->replayed);
    s->replayed = NULL;
}

/* g becomes the current game, in place of the one before. */
static void replace_game(session *s, herd_game *g)
{
    herd_free(s->game);
    s->game = g;
    forget_record(s);
}

/* Blanks separate the arguments; herd_new() takes its options separated by
 * spaces. No argument holds a blank, so each tab can become a space. */
static void cmd_new(session *s, char *args)
{
    char name[32];
    size_t n = strcspn(args, " \t");
    if (n == 0 || n >= sizeof name) {
        refuse_usage(s, cmd_new, "");
        return;
    }
    memcpy(name, args, n);
    name[n] = '\0';
    for (char *tab = strchr(args, '\t'); tab; tab = strchr(tab, '\t'))
        *tab = ' ';
    herd_game *g;
    herd_error err;
    int rc = herd_new(name, args + n + strspn(args + n, " "), NULL, NULL, &g, &err);
    if (rc != HERD_OK) {
        refuse(err.message);
        return;
    }
    replace_game(s, g);
    size_t len;
    herd_position_to_text(g, s->out, sizeof s->out, &len);
    answer(s->out);
}

static void cmd_set(session *s, char *args)
{
    char name[32];
    size_t n = strcspn(args, " ");
    if (n == 0 || n >= sizeof name) {
        refuse_usage(s, cmd_set, "");
        return;
    }
    memcpy(name, args, n);
    name[n] = '\0';
    herd_game *g = s->game;
    int fresh = !g || strcmp(herd_game_name(g), name) != 0;
    if (fresh) {
        /* A position of another game starts a game of that kind. */
        herd_error err;
        if (herd_new(name, NULL, NULL, NULL, &g, &err) != HERD_OK) {
            refuse(err.message);
            return;
        }
    }
    int rc = herd_position_from_text(g, args);
    if (rc != HERD_OK) {
        refuse(*herd_last_error(g) ? herd_last_error(g) : herd_strerror(rc));
        if (fresh)
            herd_free(g);
        return;
    }
    if (fresh)
        replace_game(s, g);
    else
        forget_record(s); /* the history is cleared */
    answer(NULL);
}

static void cmd_save(session *s, char *args)
{
    (void)args;
    size_t len;
    herd_save(s->game, s->out, sizeof s->out, &len);
    answer(s->out);
}

/* A save of any game replaces the current game, as `set` does. */
static void cmd_load(session *s, char *args)
{
    herd_game *g;
    herd_error err;
    if (herd_new_from_save(args, NULL, NULL, &g, &err) != HERD_OK) {
        if (*args)
            refuse(err.message);
        else
            refuse_usage(s, cmd_load, "");
        return;
    }
    replace_game(s, g);
    answer(NULL);
}

static void cmd_position(session *s, char *args)
{
    (void)args;
    size_t len;
    herd_position_to_text(s->game, s->out, sizeof s->out, &len);
    answer(s->out);
}

static int by_bytes(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void cmd_legal(session *s, char *args)
{
    (void)args;
    static const char empty[] = "";
    herd_move moves[HERD_MAX_MOVES];
    char texts[HERD_MAX_MOVES][HERD_MAX_MOVE_TEXT];
    const char *order[HERD_MAX_MOVES];
    size_t n, len;
    int rc = herd_legal_moves(s->game, moves, HERD_MAX_MOVES, &n);
    if (rc != HERD_OK) {
        refuse(herd_strerror(rc));
        return;
    }
    for (size_t i = 0; i < n; i++) {
        herd_move_to_text(s->game, moves[i], texts[i], sizeof texts[i], &len);
        order[i] = texts[i];
    }
    qsort(order, n, sizeof *order, by_bytes);
    char *p = s->out;
    *p = '\0';
    for (size_t i = 0; i < n; i++) {
        size_t k = strlen(order[i]);
        if (i)
            *p++ = ' ';
        memcpy(p, order[i], k + 1);
        p += k;
    }
    answer(n ? s->out : empty);
}

static void cmd_play(session *s, char *args)
{
    herd_move m;
    int rc = herd_move_from_text(s->game, args, &m);
    if (rc == HERD_OK)
        rc = herd_apply(s->game, m);
    if (rc != HERD_OK)
        refuse_code(s, rc);
    else
        answer(NULL);
}

static void cmd_undo(session *s, char *args)
{
    (void)args;
    int rc = herd_undo(s->game);
    if (rc != HERD_OK)
        refuse_code(s, rc);
    else
        answer(NULL);
}

static void cmd_status(session *s, char *args)
{
    (void)args;
    herd_status st;
    herd_get_status(s->game, &st);
    if (st.result == HERD_ONGOING)
        snprintf(s->out, sizeof s->out, "ongoing %s", herd_side_name(s->game, st.side));
    else if (st.result == HERD_WIN)
        snprintf(s->out, sizeof s->out, "win %s %s", herd_side_name(s->game, st.side),
                 herd_reason_name(st.reason));
    else if (st.result == HERD_DRAW)
        snprintf(s->out, sizeof s->out, "draw %s", herd_reason_name(st.reason));
    else
        snprintf(s->out, sizeof s->out, "over %s", herd_reason_name(st.reason));
    answer(s->out);
}

enum { PERFT_MAX_DEPTH = 64 };

static void cmd_perft(session *s, char *args)
{
    unsigned long depth;
    uint64_t nodes;
    if (!parse_number(args, PERFT_MAX_DEPTH, &depth)) {
        refuse_usage(s, cmd_perft, ", with DEPTH from 0 to %d", PERFT_MAX_DEPTH);
        return;
    }
    int rc = herd_perft(s->game, (unsigned)depth, &nodes);
    if (rc != HERD_OK) {
        refuse_code(s, rc);
        return;
    }
    snprintf(s->out, sizeof s->out, "%llu", (unsigned long long)nodes);
    answer(s->out);
}

static void answer_move(session *s, herd_move m)
{
    size_t len;
    herd_move_to_text(s->game, m, s->out, sizeof s->out, &len);
    answer(s->out);
}

/* The optional LEVEL of genmove and hint: 0 (the default) when absent. */
static int parse_level(session *s, const char *args, int *level)
{
    unsigned long v = 0;
    int max = herd_max_level(s->game);
    if (*args && !parse_number(args, (unsigned long)max, &v)) {
        snprintf(s->out, sizeof s->out, "level must be a number from 0 to %d", max);
        refuse(s->out);
        return 0;
    }
    *level = (int)v;
    return 1;
}

static void cmd_genmove(session *s, char *args)
{
    int level;
    herd_move m;
    if (!parse_level(s, args, &level))
        return;
    int rc = herd_play_genmove(s->game, level, &m);
    if (rc != HERD_OK)
        refuse_code(s, rc);
    else
        answer_move(s, m);
}

/* The action genmove would play, not played: nothing changes. */
static void cmd_hint(session *s, char *args)
{
    int level;
    herd_move m;
    herd_status st;
    if (!parse_level(s, args, &level))
        return;
    int rc = herd_hint(s->game, level, &m);
    herd_get_status(s->game, &st);
    if (rc == HERD_OK)
        answer_move(s, m);
    else if (rc == HERD_E_STATE)
        refuse(st.result != HERD_ONGOING ? "the game is over" : "a chance event waits: roll first");
    else
        refuse(herd_strerror(rc));
}

/* `1:NAME 2:NAME ...` */
static void cmd_levels(session *s, char *args)
{
    (void)args;
    size_t len = 0;
    for (int level = 1; level <= herd_max_level(s->game); level++) {
        const char *name;
        int rc = herd_level_name(s->game, level, &name, NULL);
        if (rc != HERD_OK) {
            refuse(herd_strerror(rc));
            return;
        }
        len += (size_t)snprintf(s->out + len, sizeof s->out - len, "%s%d:%s", level > 1 ? " " : "",
                                level, name);
    }
    answer(s->out);
}

static void cmd_roll(session *s, char *args)
{
    (void)args;
    herd_move m;
    int rc = herd_roll(s->game, &m);
    if (rc != HERD_OK)
        refuse_code(s, rc);
    else
        answer_move(s, m);
}

static void cmd_solve(session *s, char *args)
{
    (void)args;
    int winner;
    unsigned plies;
    int rc = herd_solve(s->game, &winner, &plies);
    if (rc != HERD_OK) {
        refuse_code(s, rc);
        return;
    }
    snprintf(s->out, sizeof s->out, "%s %u", herd_side_name(s->game, winner), plies);
    answer(s->out);
}

/* `solvelimit [N]`: Fox and Geese's solve limit, set or read. */
static void cmd_solvelimit(session *s, char *args)
{
    unsigned long geese;
    if (strcmp(herd_game_name(s->game), "fox") != 0) {
        refuse("solvelimit is for fox only");
        return;
    }
    if (!*args) {
        int limit;
        int rc = herd_fox_solve_limit(s->game, &limit);
        if (rc != HERD_OK) {
            refuse_code(s, rc);
            return;
        }
        snprintf(s->out, sizeof s->out, "%d", limit);
        answer(s->out);
        return;
    }
    if (!parse_number(args, INT_MAX, &geese)) {
        refuse_usage(s, cmd_solvelimit, ", with N from %d to %d", HERD_FOX_GEESE_TO_WIN,
                     HERD_FOX_SOLVE_MAX);
        return;
    }
    int rc = herd_fox_set_solve_limit(s->game, (int)geese);
    if (rc != HERD_OK) {
        refuse_code(s, rc);
        return;
    }
    answer(NULL);
}

/* The current game's record in the one-line form (records.md): after
 * `replay`, with the replayed record's tags, comments and clocks. */
static void cmd_record(session *s, char *args)
{
    (void)args;
    herd_record *r = NULL;
    size_t len;
    int rc = herd_record_from_game(s->game, s->replayed, NULL, NULL, &r);
    char *text = rc == HERD_OK ? record_text(r, 1, &len) : NULL;
    herd_record_free(r);
    if (!text) {
        refuse(herd_strerror(rc == HERD_OK ? HERD_E_NOMEM : rc));
        return;
    }
    answer(text);
    free(text);
}

/* A record replayed becomes the current game; a refused one changes
 * nothing and is answered with the reader's message. */
static void cmd_replay(session *s, char *args)
{
    herd_record *r;
    herd_record_error err;
    herd_game *g;
    if (!*args) {
        refuse_usage(s, cmd_replay, "");
        return;
    }
    if (herd_record_parse(args, strlen(args), NULL, NULL, &r, &err) != HERD_OK) {
        refuse(err.message);
        return;
    }
    int rc = herd_record_game(r, HERD_RECORD_END, NULL, NULL, &g);
    if (rc != HERD_OK) {
        herd_record_free(r);
        refuse(herd_strerror(rc));
        return;
    }
    replace_game(s, g);
    s->replayed = r;
    answer(NULL);
}

/* Ends the game by its players (herd_end()). */
static void end_game(session *s, herd_reason reason, int side)
{
    int rc = herd_end(s->game, reason, side);
    if (rc != HERD_OK)
        refuse_code(s, rc);
    else
        answer(NULL);
}

/* The SIDE of resign and timeout: a side's name as `status` writes it. */
static int parse_side(session *s, const char *args, void (*handler)(session *s, char *args))
{
    for (int side = 0; side < 2; side++)
        if (strcmp(args, herd_side_name(s->game, side)) == 0)
            return side;
    refuse_usage(s, handler, ", with SIDE %s or %s", herd_side_name(s->game, 0),
                 herd_side_name(s->game, 1));
    return -1;
}

static void cmd_resign(session *s, char *args)
{
    int side = parse_side(s, args, cmd_resign);
    if (side >= 0)
        end_game(s, HERD_REASON_RESIGNED, side);
}

static void cmd_timeout(session *s, char *args)
{
    int side = parse_side(s, args, cmd_timeout);
    if (side >= 0)
        end_game(s, HERD_REASON_TIME, side);
}

static void cmd_draw(session *s, char *args)
{
    (void)args;
    end_game(s, HERD_REASON_AGREED, -1);
}

static void cmd_abandon(session *s, char *args)
{
    (void)args;
    end_game(s, HERD_REASON_ABANDONED, -1);
}

/* The game's name on the answer's first line, the board from the next. */
static void cmd_show(session *s, char *args)
{
    (void)args;
    size_t len, name = strlen(herd_game_name(s->game));
    memcpy(s->out, herd_game_name(s->game), name);
    s->out[name] = '\n';
    herd_show(s->game, s->out + name + 1, sizeof s->out - name - 1, &len);
    answer(s->out);
}

static void cmd_help(session *s, char *args);
static void cmd_games(session *s, char *args);

static void cmd_quit(session *s, char *args)
{
    (void)args; /* whatever follows `quit`, the program ends */
    answer(NULL);
    s->quit = 1;
}

/* What run() checks before a command's handler runs. */
enum {
    TAKES_ARGUMENTS = 1, /* else an argument is refused */
    NEEDS_GAME = 2       /* else it also runs before any `new` */
};

/* A command: its name, its arguments as `help` and --help show them after
 * the name (NULL: none), what it needs, and the handler that answers it
 * (one signature for all: a command without arguments ignores args, which
 * run() has checked is empty). */
typedef struct command {
    const char *name;
    const char *arguments;
    unsigned needs;
    void (*handler)(session *s, char *args);
} command;

/* Every command, in the order `help` and --help list them: run() finds a
 * command here and nowhere else. */
static const command commands[] = {
    {"games", NULL, 0, cmd_games},
    {"new", "GAME [KEY=VALUE ...]", TAKES_ARGUMENTS, cmd_new},
    {"set", "POSITION-TEXT", TAKES_ARGUMENTS, cmd_set},
    {"position", NULL, NEEDS_GAME, cmd_position},
    {"legal", NULL, NEEDS_GAME, cmd_legal},
    {"play", "ACTION", NEEDS_GAME | TAKES_ARGUMENTS, cmd_play},
    {"undo", NULL, NEEDS_GAME, cmd_undo},
    {"status", NULL, NEEDS_GAME, cmd_status},
    {"perft", "DEPTH", NEEDS_GAME | TAKES_ARGUMENTS, cmd_perft},
    {"genmove", "[LEVEL]", NEEDS_GAME | TAKES_ARGUMENTS, cmd_genmove},
    {"hint", "[LEVEL]", NEEDS_GAME | TAKES_ARGUMENTS, cmd_hint},
    {"levels", NULL, NEEDS_GAME, cmd_levels},
    {"roll", NULL, NEEDS_GAME, cmd_roll},
    {"solve", NULL, NEEDS_GAME, cmd_solve},
    {"solvelimit", "[N]", NEEDS_GAME | TAKES_ARGUMENTS, cmd_solvelimit},
    {"save", NULL, NEEDS_GAME, cmd_save},
    {"load", "SAVED", TAKES_ARGUMENTS, cmd_load},
    {"record", NULL, NEEDS_GAME, cmd_record},
    {"replay", "RECORD", TAKES_ARGUMENTS, cmd_replay},
    {"resign", "SIDE", NEEDS_GAME | TAKES_ARGUMENTS, cmd_resign},
    {"draw", NULL, NEEDS_GAME, cmd_draw},
    {"timeout", "SIDE", NEEDS_GAME | TAKES_ARGUMENTS, cmd_timeout},
    {"abandon", NULL, NEEDS_GAME, cmd_abandon},
    {"show", NULL, NEEDS_GAME, cmd_show},
    {"help", NULL, 0, cmd_help},
    {"quit", NULL, TAKES_ARGUMENTS, cmd_quit},
};
#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

/* A command's line in `help` and --help: its name and its arguments. */
static int command_line(char *out, size_t cap, const command *c)
{
    return snprintf(out, cap, "%s%s%s", c->name, c->arguments ? " " : "",
                    c->arguments ? c->arguments : "");
}

static void refuse_usage(session *s, void (*handler)(session *s, char *args), const char *more, ...)
{
    const command *c = commands;
    while (c->handler != handler)
        c++;
    size_t at = (size_t)snprintf(s->out, sizeof s->out, "usage: ");
    at += (size_t)command_line(s->out + at, sizeof s->out - at, c);
    va_list ap;
    va_start(ap, more);
    vsnprintf(s->out + at, sizeof s->out - at, more, ap);
    va_end(ap);
    refuse(s->out);
}

static void cmd_help(session *s, char *args)
{
    (void)args;
    size_t at = 0;
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        if (i)
            s->out[at++] = '\n';
        at += (size_t)command_line(s->out + at, sizeof s->out - at, &commands[i]);
    }
    answer(s->out);
}

/* One line per game of the library's registry, its `new` keys with their
 * ranges and defaults. */
static void cmd_games(session *s, char *args)
{
    (void)args;
    size_t at = 0, len;
    for (size_t i = 0; i < herd_game_count(); i++) {
        if (i)
            s->out[at++] = '\n';
        herd_game_desc_to_text(herd_game_desc_at(i), s->out + at, sizeof s->out - at, &len);
        at += len;
    }
    answer(s->out);
}

/* Runs one command line; returns 0 when the program should end. */
static int run(session *s, char *line)
{
    /* Blanks (spaces and tabs) after the last argument are no part of it. */
    size_t end = strlen(line);
    while (end && (line[end - 1] == ' ' || line[end - 1] == '\t'))
        line[--end] = '\0';
    char *args = line + strcspn(line, " \t");
    if (*args) {
        *args++ = '\0';
        args += strspn(args, " \t");
    }
    const command *c = find_command(line);
    if (!c) {
        refuse("unknown command");
        return 1;
    }
    /* need_game() and no_args() answer when they refuse. */
    if ((c->needs & NEEDS_GAME) && !need_game(s))
        return 1;
    if (!(c->needs & TAKES_ARGUMENTS) && !no_args(args))
        return 1;
    c->handler(s, args);
    return !s->quit;
}

int herd_session_run(FILE *in, FILE *out)
{
    /* On the heap: 1 MiB is more than some threads' whole stack. */
    char *line = malloc(HERD_SESSION_MAX_LINE + 1);
    session *s = calloc(1, sizeof *s);
    if (!s || !line) {
        free(line);
        free(s);
        return 1;
    }
    answers = out;
    int going = 1, status_code = 0;
    while (going) {
        int status = read_line(in, line, HERD_SESSION_MAX_LINE + 1);
        if (status == LINE_END)
            break;
        /* An interrupt stops only the command that runs when it comes. The
         * handler runs at every node and playout: it only reads a flag, and
         * one playout of a large board takes milliseconds. */
        interrupt_requested = 0;
        if (s->game)
            herd_set_progress(s->game, stop_requested, NULL, 1);
        if (status == LINE_TOO_LONG)
            refuse("line too long");
        else if (status == LINE_NUL)
            refuse("line holds a NUL byte");
        else if (line[strspn(line, " \t")] != '\0') /* blank lines are ignored */
            going = run(s, line + strspn(line, " \t"));
        if (ferror(out)) { /* answers that go nowhere: the caller says so */
            status_code = 1;
            break;
        }
    }
    forget_record(s);
    herd_free(s->game);
    free(s);
    free(line);
    return status_code;
}

#ifndef HERD_SESSION_NO_MAIN
static void usage(void)
{
    printf("Usage: herd [--help | --version]\n"
           "Plays the games of libherd over the line protocol of docs/protocol.md:\n"
           "one command per line on standard input, one answer each on standard output.\n"
           "Commands:\n");
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        char line[64];
        command_line(line, sizeof line, &commands[i]);
        printf("  %s\n", line);
    }
    printf("Games (GAME), their options (KEY=VALUE) and computer levels (LEVEL):\n");
    for (size_t i = 0; i < herd_game_count(); i++) {
        const herd_game_desc *d = herd_game_desc_at(i);
        const char *name;
        printf("  %s: %s (%s against %s)\n", d->name, d->title, d->side_names[0], d->side_names[1]);
        for (size_t k = 0; k < d->option_count; k++) {
            const herd_option_desc *o = &d->options[k];
            printf("    %s=", o->key);
            if (o->kind == HERD_OPTION_POINT)
                printf("POINT (default %s)", o->default_point);
            else if (o->kind == HERD_OPTION_CHOICE)
                for (size_t c = 0; c < o->choice_count; c++)
                    printf("%s%llu", c ? "|" : "", (unsigned long long)o->choices[c]);
            else
                printf("%llu..%llu", (unsigned long long)o->min, (unsigned long long)o->max);
            if (o->kind != HERD_OPTION_POINT)
                printf(" (default %llu)", (unsigned long long)o->default_value);
            printf(": %s\n", o->description);
        }
        printf("    levels:");
        for (int l = 1; l <= d->level_count; l++) {
            herd_game_desc_level(d, l, &name, NULL);
            printf(" %d:%s%s", l, name, l == d->default_level ? " (default)" : "");
        }
        printf("\n");
    }
    printf("Start with, e.g., 'new horses seed=1', then 'show' and 'help'.\n");
}

/* Writes a command-line argument into a message: control characters, the
 * quote, the backslash and every byte beyond ASCII as \xNN, so that a
 * terminal shows what was typed and acts on none of it. */
static void print_quoted(FILE *f, const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c < 0x20 || *c >= 0x7f || *c == '\'' || *c == '\\')
            fprintf(f, "\\x%02x", *c);
        else
            fputc(*c, f);
    }
}

/* --help and --version print and end the program; anything else on the
 * command line is refused with status 2, the usual status of a usage error.
 * Returns 1 when the program goes on to read commands. */
static int options(int argc, char **argv, int *status)
{
    if (argc < 2)
        return 1;
    *status = 0;
    if (argc == 2 && strcmp(argv[1], "--help") == 0) {
        usage();
    } else if (argc == 2 && strcmp(argv[1], "--version") == 0) {
        printf("herd (libherd) %s\n", herd_version_string());
    } else {
        if (argc > 2)
            fprintf(stderr, "herd: one option at most\n");
        else
        {
            fprintf(stderr, "herd: unknown option '");
            print_quoted(stderr, argv[1]);
            fprintf(stderr, "'\n");
        }
        fprintf(stderr, "Try 'herd --help'.\n");
        *status = 2;
    }
    return 0;
}

static void on_sigint(int sig)
{
    (void)sig;
    herd_session_interrupt();
}

int main(int argc, char **argv)
{
    herd_binary_stdio();
    herd_utf8_args(&argc, &argv);
    int exit_status;
    if (!options(argc, argv, &exit_status))
        return output_close(stdout, "herd", "standard output") ? 1 : exit_status;
        /* SIGINT stops a long command (perft 64 on a large board) instead of
         * the program, which answers `?` and reads on. */
#    ifdef _WIN32
    signal(SIGINT, on_sigint);
#    else
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART; /* reading standard input goes on */
    sigaction(SIGINT, &sa, NULL);
#    endif
    exit_status = herd_session_run(stdin, stdout);
    return output_close(stdout, "herd", "standard output") ? 1 : exit_status;
}
#endif
