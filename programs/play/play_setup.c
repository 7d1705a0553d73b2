/* herd-play's setup screen and command line, built from the library's
 * registry (herd_game_desc_at): the games, each game's options with their
 * kinds, allowed values and defaults, its computer levels by name. Nothing
 * here knows a game: a game added to the library is offered as it is, and
 * every value is checked by creating the game with herd_new(), whose
 * message is the one shown. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

/* The width that --help's lines keep within. */
#define HELP_WIDTH 79

/* -------------------------------------------------- the games' options */

const herd_game_desc *play_config_game(const play_config *c)
{
    return herd_game_desc_at(c->game);
}

/* An option's default, as herd_new() takes it. */
static void option_default(const herd_option_desc *o, char *buf, size_t cap)
{
    if (o->kind == HERD_OPTION_POINT)
        snprintf(buf, cap, "%s", o->default_point ? o->default_point : "");
    else
        snprintf(buf, cap, "%llu", (unsigned long long)o->default_value);
}

/* The values an option takes, for people: "8..30", "13, 15 or 17", "a point
 * of the board". */
static void option_allowed(const herd_option_desc *o, char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = '\0';
    switch (o->kind) {
    case HERD_OPTION_POINT:
        snprintf(buf, cap, "a point of the board");
        break;
    case HERD_OPTION_CHOICE:
        for (size_t i = 0; i < o->choice_count && used < cap; i++) {
            int n = snprintf(buf + used, cap - used, "%s%llu",
                             i == 0                    ? ""
                             : i + 1 < o->choice_count ? ", "
                                                       : " or ",
                             (unsigned long long)o->choices[i]);
            if (n < 0)
                break;
            used += (size_t)n;
        }
        break;
    default:
        snprintf(buf, cap, "%llu..%llu", (unsigned long long)o->min, (unsigned long long)o->max);
    }
}

/* What the setup says of an option: "8..30, default 8: the board's width". */
static void option_note(const herd_option_desc *o, char *buf, size_t cap)
{
    char allowed[160], dflt[PLAY_VALUE_SIZE];
    option_allowed(o, allowed, sizeof allowed);
    option_default(o, dflt, sizeof dflt);
    snprintf(buf, cap, "%s, default %s: %s", allowed, dflt, o->description);
}

/* What the setup says of a game: "Herd of Horses: green against red". */
static void game_note(const herd_game_desc *d, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s: %s against %s", d->title, d->side_names[0], d->side_names[1]);
}

/* The level that the setup's level means: the game's default for 0. */
static int config_level(const play_config *c)
{
    return c->level ? c->level : play_config_game(c)->default_level;
}

/* Chooses game `index`, its options at their defaults. Returns 0, or -1
 * when there is no memory for the values (the choice stays as it was). */
int play_config_choose(play_config *c, size_t index)
{
    const herd_game_desc *d = herd_game_desc_at(index);
    char(*value)[PLAY_VALUE_SIZE] = calloc(d->option_count ? d->option_count : 1, PLAY_VALUE_SIZE);
    if (!value)
        return -1;
    for (size_t i = 0; i < d->option_count; i++)
        option_default(&d->options[i], value[i], PLAY_VALUE_SIZE);
    free(c->value);
    c->value = value;
    c->game = index;
    return 0;
}

void play_config_free(play_config *c)
{
    free(c->value);
    c->value = NULL;
}

/* The options text of the values ("w=10 h=8 n=6 seed=0"), every one given
 * (the library refuses an empty one, as it does in `new`); none with a
 * position. NULL when there is no memory. */
static char *options_text(const play_config *c)
{
    const herd_game_desc *d = play_config_game(c);
    size_t cap = 1;
    for (size_t i = 0; i < d->option_count; i++)
        cap += strlen(d->options[i].key) + strlen(c->value[i]) + 2;
    char *text = malloc(cap);
    if (!text)
        return NULL;
    size_t used = 0;
    text[0] = '\0';
    for (size_t i = 0; !c->position && i < d->option_count; i++) {
        int n = snprintf(text + used, cap - used, "%s%s=%s", used ? " " : "", d->options[i].key,
                         c->value[i]);
        if (n > 0)
            used += (size_t)n;
    }
    return text;
}

int play_config_create(const play_config *c, herd_game **out, char *msg, size_t cap)
{
    const herd_game_desc *d = play_config_game(c);
    char *options = options_text(c);
    if (!options) {
        snprintf(msg, cap, "%s", herd_strerror(HERD_E_NOMEM));
        return HERD_E_NOMEM;
    }
    herd_error err;
    herd_game *g = NULL;
    int rc = herd_new(d->name, options, NULL, NULL, &g, &err);
    free(options);
    if (rc != HERD_OK) {
        snprintf(msg, cap, "%s", err.message);
        return rc;
    }
    if (c->position && (rc = herd_position_from_text(g, c->position)) != HERD_OK) {
        snprintf(msg, cap, "position: %s", herd_last_error(g));
        herd_free(g);
        return rc;
    }
    *out = g;
    return HERD_OK;
}

/* ------------------------------------------------------------ wrapping */

/* Where a line of text of at most `width` columns ends: the bytes it takes,
 * broken after a word, or inside a word longer than the line. *next is
 * where the next line starts (after the blanks). A UTF-8 character is one
 * column. */
static size_t wrap_at(const char *text, int width, size_t *next)
{
    size_t cut = 0, i = 0;
    int cols = 0;
    if (width < 1)
        width = 1; /* a line takes a character at least: the text goes on */
    while (text[i]) {
        if (text[i] == ' ')
            cut = i;
        if ((text[i] & 0xC0) != 0x80 && cols++ == width)
            break;
        i++;
    }
    if (!text[i] || !cut)
        cut = i; /* all of it, or a word longer than the line */
    *next = cut;
    while (text[*next] == ' ')
        (*next)++;
    return cut;
}

/* The columns of the first word of a text. */
static int first_word_width(const char *text)
{
    int cols = 0;
    for (size_t i = 0; text[i] && text[i] != ' '; i++)
        cols += (text[i] & 0xC0) != 0x80;
    return cols;
}

/* Writes text from (y, x) to the right edge and on the next lines from
 * column `indent`, broken between words, so that nothing is cut; starts on
 * the next line when its first word does not fit after x. Returns the rows
 * it took. */
static int put_wrapped(int y, int x, int indent, int attr, const char *text)
{
    int rows = 0;
    if (*text && x > indent && first_word_width(text) > COLS - x) {
        x = indent;
        rows = 1;
    }
    while (*text && y + rows < LINES) {
        size_t next, len = wrap_at(text, COLS - x, &next);
        play_put(y + rows, x, (int)len, attr, text);
        text += next;
        rows++;
        x = indent;
    }
    return rows ? rows : 1;
}

/* Prints text indented by `indent` columns, its further lines by `more`,
 * within HELP_WIDTH columns. */
static void print_wrapped(FILE *to, int indent, int more, const char *text)
{
    while (*text) {
        size_t next, len = wrap_at(text, HELP_WIDTH - indent, &next);
        fprintf(to, "%*s%.*s\n", indent, "", (int)len, text);
        text += next;
        indent = more;
    }
}

/* ------------------------------------------------------------ the setup */

enum { F_GAME, F_OPTION, F_PLAYERS, F_SIDE, F_LEVEL };

typedef struct field {
    int kind;
    size_t option; /* F_OPTION: which */
} field;

/* The fields of the setup now; *count of them. NULL when there is no memory. */
static field *setup_fields(const play_config *c, size_t *count)
{
    const herd_game_desc *d = play_config_game(c);
    field *f = malloc((d->option_count + 4) * sizeof *f);
    size_t n = 0;
    if (!f)
        return NULL;
    f[n++] = (field){F_GAME, 0};
    if (!c->position)
        for (size_t i = 0; i < d->option_count; i++)
            f[n++] = (field){F_OPTION, i};
    f[n++] = (field){F_PLAYERS, 0};
    if (c->players == PLAY_ONE)
        f[n++] = (field){F_SIDE, 0};
    if (c->players != PLAY_TWO)
        f[n++] = (field){F_LEVEL, 0};
    *count = n;
    return f;
}

static const char *players_text[] = {"one against the computer", "two on this screen",
                                     "the computer against itself"};

typedef struct setup {
    play_config *c;
    field *fields; /* setup_fields() */
    size_t count;
    size_t at;                   /* the field with the cursor */
    int typing;                  /* a value is being typed into an option */
    char saved[PLAY_VALUE_SIZE]; /* the option's value before typing */
    char msg[256];
    int msg_error;
} setup;

/* Reads the fields again after a change of game or players. */
static int setup_refield(setup *st)
{
    size_t n;
    field *f = setup_fields(st->c, &n);
    if (!f)
        return -1;
    free(st->fields);
    st->fields = f;
    st->count = n;
    if (st->at >= n)
        st->at = n - 1;
    return 0;
}

/* Checks the values by creating the game they describe; a refusal sets
 * the message line to the library's message. */
static int setup_check(setup *st)
{
    herd_game *g = NULL;
    char why[200];
    int rc = play_config_create(st->c, &g, why, sizeof why);
    if (rc != HERD_OK) {
        snprintf(st->msg, sizeof st->msg, "Refused: %s", why);
        st->msg_error = 1;
        return rc;
    }
    herd_free(g);
    st->msg[0] = '\0';
    return HERD_OK;
}

/* Tries `text` as option i's value: kept when the library takes it, else
 * the value stays and the message line gives the library's refusal. */
static int setup_try(setup *st, size_t i, const char *text)
{
    char before[PLAY_VALUE_SIZE];
    snprintf(before, sizeof before, "%s", st->c->value[i]);
    snprintf(st->c->value[i], PLAY_VALUE_SIZE, "%s", text);
    int rc = setup_check(st);
    if (rc != HERD_OK) /* the message line keeps the refusal */
        snprintf(st->c->value[i], PLAY_VALUE_SIZE, "%s", before);
    return rc;
}

/* Leaves the value being typed: kept when the library takes it. */
static int setup_commit(setup *st)
{
    if (!st->typing)
        return HERD_OK;
    st->typing = 0;
    size_t i = st->fields[st->at].option;
    char typed[PLAY_VALUE_SIZE];
    snprintf(typed, sizeof typed, "%s", st->c->value[i]);
    snprintf(st->c->value[i], PLAY_VALUE_SIZE, "%s", st->saved);
    return setup_try(st, i, typed);
}

/* The next whole number after v in direction dir, as text ("-1" below 0,
 * "18446744073709551616" past the largest: texts the library refuses with
 * its message). */
static void next_number(unsigned long long v, int dir, char *buf, size_t cap)
{
    if (dir < 0 && v == 0)
        snprintf(buf, cap, "-1");
    else if (dir > 0 && v == 18446744073709551615ULL)
        snprintf(buf, cap, "18446744073709551616");
    else
        snprintf(buf, cap, "%llu", dir > 0 ? v + 1 : v - 1);
}

/* The next cell name after `name` in direction dir, in reading order over
 * rows a..z and columns 1..26; 0 past the ends. */
static int next_cell(const char *name, int dir, char *buf, size_t cap)
{
    int row = 0, col = 0;
    if (name[0] >= 'a' && name[0] <= 'z')
        row = name[0] - 'a', col = atoi(name + 1) - 1;
    int at = row * 26 + (col < 0 ? 0 : col > 25 ? 25 : col) + dir;
    if (at < 0 || at >= 26 * 26)
        return 0;
    snprintf(buf, cap, "%c%d", 'a' + at / 26, at % 26 + 1);
    return 1;
}

/* Left/Right on an option: the next value the game takes in that
 * direction. A range steps by one, a choice to the next choice, a point to
 * the next point in reading order that the game takes. Past the last one
 * the value stays and the library's refusal of the value beyond it is
 * shown (it names what the option takes). */
static void setup_step_option(setup *st, size_t i, int dir)
{
    const herd_option_desc *o = &play_config_game(st->c)->options[i];
    char value[PLAY_VALUE_SIZE], next[PLAY_VALUE_SIZE];
    if (st->c->value[i][0])
        snprintf(value, sizeof value, "%s", st->c->value[i]);
    else
        option_default(o, value, sizeof value); /* an empty one steps from the default */
    if (o->kind == HERD_OPTION_POINT) {
        char at[PLAY_VALUE_SIZE], first[sizeof st->msg] = "Refused: no cell that way";
        snprintf(at, sizeof at, "%s", value);
        for (int tried = 0; next_cell(at, dir, next, sizeof next); tried++) {
            if (setup_try(st, i, next) == HERD_OK)
                return;
            if (!tried)
                snprintf(first, sizeof first, "%s", st->msg);
            snprintf(at, sizeof at, "%s", next);
        }
        snprintf(st->msg, sizeof st->msg, "%s", first);
        st->msg_error = 1;
        return;
    }
    char *end;
    unsigned long long v = strtoull(value, &end, 10);
    if (value[0] < '0' || value[0] > '9' || *end) {
        snprintf(st->msg, sizeof st->msg, "Type a value for %s.", o->key);
        st->msg_error = 1;
        return;
    }
    next_number(v, dir, next, sizeof next);
    if (o->kind == HERD_OPTION_CHOICE)
        for (size_t k = 0; k < o->choice_count; k++) {
            size_t at = dir > 0 ? k : o->choice_count - 1 - k;
            if (dir > 0 ? o->choices[at] > v : o->choices[at] < v) {
                snprintf(next, sizeof next, "%llu", (unsigned long long)o->choices[at]);
                break;
            }
        }
    setup_try(st, i, next);
}

static void setup_change(setup *st, const field *f, int dir)
{
    play_config *c = st->c;
    const herd_game_desc *d = play_config_game(c);
    switch (f->kind) {
    case F_GAME: {
        size_t n = herd_game_count();
        size_t index = (c->game + n + (dir > 0 ? 1 : n - 1)) % n;
        if (play_config_choose(c, index) != 0) {
            snprintf(st->msg, sizeof st->msg, "%s", herd_strerror(HERD_E_NOMEM));
            st->msg_error = 1;
            return;
        }
        c->human_side = 0;
        c->level = 0;       /* levels differ from game to game */
        c->position = NULL; /* a position belongs to the game it was given for */
        setup_refield(st);
        setup_check(st);
        break;
    }
    case F_OPTION:
        setup_step_option(st, f->option, dir);
        break;
    case F_PLAYERS:
        c->players = (c->players + 3 + dir) % 3;
        setup_refield(st);
        break;
    case F_SIDE:
        c->human_side = 1 - c->human_side;
        break;
    case F_LEVEL: {
        int want = config_level(c) + dir;
        if (want < 1 || want > d->level_count) {
            snprintf(st->msg, sizeof st->msg, "Refused: level %d is out of range 1..%d", want,
                     d->level_count);
            st->msg_error = 1;
        } else {
            c->level = want;
            st->msg[0] = '\0';
        }
        break;
    }
    }
}

/* A field's label, its value in the box and the note after it. */
static void field_text(const setup *st, const field *f, const char **label, char *value,
                       size_t vcap, char *note, size_t ncap)
{
    const play_config *c = st->c;
    const herd_game_desc *d = play_config_game(c);
    note[0] = '\0';
    switch (f->kind) {
    case F_GAME:
        *label = "Game";
        snprintf(value, vcap, "%s", d->name);
        game_note(d, note, ncap);
        break;
    case F_OPTION:
        *label = d->options[f->option].key;
        snprintf(value, vcap, "%s%s", c->value[f->option],
                 st->typing && f == &st->fields[st->at] ? "_" : "");
        option_note(&d->options[f->option], note, ncap);
        break;
    case F_PLAYERS:
        *label = "Players";
        snprintf(value, vcap, "%s", players_text[c->players]);
        break;
    case F_SIDE: {
        *label = "You play";
        char name[32];
        snprintf(name, sizeof name, "%s", d->side_names[c->human_side]);
        if (name[0] >= 'a' && name[0] <= 'z')
            name[0] = (char)(name[0] - 'a' + 'A');
        snprintf(value, vcap, "%s (%s)", name, c->human_side == 0 ? "moves first" : "moves second");
        break;
    }
    case F_LEVEL: {
        *label = "Computer level";
        int level = config_level(c);
        const char *name = "?", *description = "";
        herd_game_desc_level(d, level, &name, &description);
        snprintf(value, vcap, "%s", name);
        snprintf(note, ncap, "level %d of %d%s: %s", level, d->level_count,
                 level == d->default_level ? ", the default" : "", description);
        break;
    }
    }
}

static void draw_setup(setup *st)
{
    play_config *c = st->c;
    erase();
    char line[400], value[PLAY_VALUE_SIZE + 80], note[400];
    snprintf(line, sizeof line, "herd-play %s (libherd %s): setup", PLAY_VERSION,
             herd_version_string());
    play_put(0, 0, COLS, A_BOLD, line);
    /* The labels' column is as wide as the widest label. */
    int label_width = 0;
    for (size_t i = 0; i < st->count; i++) {
        const char *label;
        field_text(st, &st->fields[i], &label, value, sizeof value, note, sizeof note);
        int w = play_text_width(label);
        if (w > label_width)
            label_width = w;
    }
    int x = 2 + label_width + 2;
    int y = 2;
    for (size_t i = 0; i < st->count; i++) {
        const char *label;
        field_text(st, &st->fields[i], &label, value, sizeof value, note, sizeof note);
        int here = i == st->at;
        play_put(y, 2, label_width, here ? A_BOLD : 0, label);
        snprintf(line, sizeof line, "< %s >", value);
        play_put(y, x, COLS - x, here ? A_REVERSE : 0, line);
        int after = x + play_text_width(line) + 2;
        y += *note ? put_wrapped(y, after, x, A_DIM, note) : 1;
    }
    if (c->position) {
        play_put(y++, 2, COLS - 2, 0, "Starts from the position given:");
        y += put_wrapped(y, 4, 4, A_DIM, c->position);
    }
    y++;
    play_put(y++, 2, COLS - 2, 0, "Up/Down choose a line, Left/Right change it, or type a value.");
    play_put(y++, 2, COLS - 2, 0, "Enter starts the game with these values; Q quits.");
    if (st->msg[0])
        put_wrapped(y + 1, 2, 2, st->msg_error ? A_BOLD | COLOR_PAIR(PAIR_RED) : 0, st->msg);
    refresh();
}

/* A key typed into an option's value: the first one replaces the value;
 * the library's verdict is said at once, and the value is kept only when
 * leaving the line (setup_commit). */
static void setup_type(setup *st, int ch)
{
    char *v = st->c->value[st->fields[st->at].option];
    if (!st->typing) {
        snprintf(st->saved, sizeof st->saved, "%s", v);
        if (!play_is_backspace(ch))
            v[0] = '\0';
        st->typing = 1;
    }
    size_t len = strlen(v);
    if (play_is_backspace(ch)) {
        if (len)
            v[len - 1] = '\0';
    } else if (len + 1 < PLAY_VALUE_SIZE) {
        v[len] = (char)ch;
        v[len + 1] = '\0';
    }
    setup_check(st);
}

int play_run_setup(play_config *c, herd_game **out)
{
    setup st;
    memset(&st, 0, sizeof st);
    st.c = c;
    if (c->level > play_config_game(c)->level_count)
        c->level = play_config_game(c)->level_count;
    if (setup_refield(&st) != 0)
        return PLAY_QUIT;
    setup_check(&st);
    int result = -1;
    while (result < 0) {
        draw_setup(&st);
        field f = st.fields[st.at]; /* a copy: a change of game reads the fields again */
        int ch = getch();
        switch (ch) {
        case 'Q':
        case 3:
            result = PLAY_QUIT;
            break;
        case KEY_UP:
        case KEY_DOWN:
        case '\t':
            if (setup_commit(&st) == HERD_OK)
                st.at = (st.at + st.count + (ch == KEY_UP ? st.count - 1 : 1)) % st.count;
            break;
        case KEY_LEFT:
        case KEY_RIGHT:
            if (setup_commit(&st) == HERD_OK)
                setup_change(&st, &f, ch == KEY_RIGHT ? 1 : -1);
            break;
        case '\n':
        case '\r':
        case KEY_ENTER: {
            if (setup_commit(&st) != HERD_OK)
                break;
            char why[200];
            if (play_config_create(c, out, why, sizeof why) == HERD_OK) {
                result = 0;
            } else {
                snprintf(st.msg, sizeof st.msg, "Refused: %s", why);
                st.msg_error = 1;
            }
            break;
        }
        default:
            if (f.kind == F_OPTION && (play_is_backspace(ch) || (ch > ' ' && ch < 127))) {
                setup_type(&st, ch);
            } else if (ch != KEY_RESIZE && ch != ERR) {
                const char *name = keyname(ch);
                snprintf(st.msg, sizeof st.msg, "The key %s does nothing here.", name ? name : "?");
                st.msg_error = 1;
            }
            break;
        }
    }
    free(st.fields);
    return result;
}

/* ------------------------------------------------------- command line */

static void usage(FILE *to)
{
    fprintf(to, "usage: herd-play [GAME] [KEY=VALUE ...] [OPTIONS]\n"
                "Plays the games of libherd in a terminal: against a friend on the same\n"
                "screen or against the computer. A setup screen shows the values; Enter\n"
                "starts the game.\n\n"
                "Games (GAME), their options (KEY=VALUE) and computer levels (--level=N):\n");
    for (size_t i = 0; i < herd_game_count(); i++) {
        const herd_game_desc *d = herd_game_desc_at(i);
        char line[600], note[400];
        game_note(d, note, sizeof note);
        snprintf(line, sizeof line, "%s  %s", d->name, note);
        print_wrapped(to, 2, 6, line);
        /* The keys in a column as wide as the widest, the notes after it. */
        int width = (int)strlen("levels");
        for (size_t k = 0; k < d->option_count; k++)
            if ((int)strlen(d->options[k].key) > width)
                width = (int)strlen(d->options[k].key);
        for (size_t k = 0; k < d->option_count; k++) {
            option_note(&d->options[k], note, sizeof note);
            snprintf(line, sizeof line, "%-*s  %s", width, d->options[k].key, note);
            print_wrapped(to, 4, 4 + width + 2, line);
        }
        size_t used = (size_t)snprintf(line, sizeof line, "%-*s ", width, "levels");
        for (int level = 1; level <= d->level_count && used < sizeof line; level++) {
            const char *name = "?";
            herd_game_desc_level(d, level, &name, NULL);
            int n = snprintf(line + used, sizeof line - used, " %d %s%s%s", level, name,
                             level == d->default_level ? " (default)" : "",
                             level < d->level_count ? "," : "");
            if (n < 0)
                break;
            used += (size_t)n;
        }
        print_wrapped(to, 4, 4 + width + 2, line);
    }
    fprintf(to, "\nOptions:\n"
                "  --players=one|two|watch  one against the computer (default), two people,\n"
                "                           or the computer against itself\n"
                "  --side=1|2               the side you play against the computer\n"
                "  --level=N                the computer's level (1 and up; default: the game's)\n"
                "  --position=TEXT          start from a position text (docs/protocol.md)\n"
                "  --record=FILE            append each game's record to FILE as it ends\n"
                "                           (docs/records.md); R appends the record so far,\n"
                "                           to FILE or else to " PLAY_RECORD_FILE "\n"
                "  --replay=FILE            replay the first record of FILE: Left and Right\n"
                "                           step, Home and End go to the start and the end,\n"
                "                           P plays on from there (two people), C against\n"
                "                           the computer\n"
                "  --plain                  the plain view: the library's board, typed actions\n"
                "  --help, --version\n");
}

/* KEY=VALUE for the chosen game: its value, or the library's refusal of
 * an option the game does not have. */
static int set_option(play_config *c, const char *arg)
{
    const herd_game_desc *d = play_config_game(c);
    size_t key_len = (size_t)(strchr(arg, '=') - arg);
    for (size_t k = 0; k < d->option_count; k++)
        if (strlen(d->options[k].key) == key_len && strncmp(d->options[k].key, arg, key_len) == 0) {
            snprintf(c->value[k], PLAY_VALUE_SIZE, "%s", arg + key_len + 1);
            return 0;
        }
    /* Not one of the game's options: the library says why. */
    herd_error err;
    herd_game *g = NULL;
    if (herd_new(d->name, arg, NULL, NULL, &g, &err) == HERD_OK) {
        herd_free(g); /* taken, yet not described: the setup cannot show it */
        snprintf(err.message, sizeof err.message, "'%.*s' is not in the game's description",
                 (int)key_len, arg);
    }
    fprintf(stderr, "herd-play: %s: %s\n", d->name, err.message);
    return 2;
}

int play_parse_args(int argc, char **argv, play_config *c)
{
    int i = 1;
    size_t game = 0;
    if (i < argc && argv[i][0] != '-' && !strchr(argv[i], '=')) {
        while (game < herd_game_count() && strcmp(herd_game_desc_at(game)->name, argv[i]) != 0)
            game++;
        if (game == herd_game_count()) {
            fprintf(stderr, "herd-play: unknown game '%s' (see herd-play --help)\n", argv[i]);
            return 2;
        }
        i++;
    }
    if (play_config_choose(c, game) != 0) {
        fprintf(stderr, "herd-play: %s\n", herd_strerror(HERD_E_NOMEM));
        return 1;
    }
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("herd-play %s (libherd %s)\n", PLAY_VERSION, herd_version_string());
            return 0;
        } else if (strcmp(a, "--plain") == 0) {
            c->plain = 1;
        } else if (strncmp(a, "--players=", 10) == 0) {
            const char *v = a + 10;
            if (strcmp(v, "one") == 0)
                c->players = PLAY_ONE;
            else if (strcmp(v, "two") == 0)
                c->players = PLAY_TWO;
            else if (strcmp(v, "watch") == 0)
                c->players = PLAY_WATCH;
            else {
                fprintf(stderr, "herd-play: --players takes one, two or watch\n");
                return 2;
            }
        } else if (strncmp(a, "--side=", 7) == 0) {
            if (strcmp(a + 7, "1") != 0 && strcmp(a + 7, "2") != 0) {
                fprintf(stderr, "herd-play: --side takes 1 or 2\n");
                return 2;
            }
            c->human_side = a[7] - '1';
        } else if (strncmp(a, "--level=", 8) == 0) {
            char *end;
            long v = strtol(a + 8, &end, 10);
            int max = play_config_game(c)->level_count;
            if (a[8] == '\0' || *end || v < 1 || v > max) {
                fprintf(stderr, "herd-play: --level takes 1..%d for %s\n", max,
                        play_config_game(c)->name);
                return 2;
            }
            c->level = (int)v;
        } else if (strncmp(a, "--position=", 11) == 0) {
            c->position = a + 11;
        } else if (strncmp(a, "--record=", 9) == 0 && a[9]) {
            c->record = a + 9;
        } else if (strncmp(a, "--replay=", 9) == 0 && a[9]) {
            c->replay = a + 9;
        } else if (a[0] != '-' && strchr(a, '=')) {
            int rc = set_option(c, a);
            if (rc)
                return rc;
        } else {
            fprintf(stderr, "herd-play: unknown argument '%s' (see herd-play --help)\n", a);
            return 2;
        }
    }
    return -1;
}
