/* Game records (herd/record.h, docs/records.md), the endings by the players
 * (herd_end()) and the players' clock: every game written and read back
 * byte for byte with every ending, every refusal of records.md with its
 * place, every allocation failure of the reader and the writer, and the
 * worked examples of docs/records.md replayed. */
#include "test_games.h"

#include "herd/record.h"

/* ------------------------------------------------------------ helpers */

/* The record's text (either form), which the caller frees. */
static char *write_text(const herd_record *r, int one_line, size_t *len_out)
{
    size_t len = 0;
    assert_int_equal(herd_record_write(r, one_line, NULL, 0, &len), HERD_E_BUFFER);
    char *buf = malloc(len + 1);
    assert_non_null(buf);
    size_t len2 = 0;
    assert_int_equal(herd_record_write(r, one_line, buf, len + 1, &len2), HERD_OK);
    assert_int_equal(len, len2);
    assert_int_equal(strlen(buf), len);
    if (len_out)
        *len_out = len;
    return buf;
}

static herd_record *parse_ok(const char *text)
{
    herd_record *r = NULL;
    herd_record_error err;
    int rc = herd_record_parse(text, strlen(text), NULL, NULL, &r, &err);
    if (rc != HERD_OK)
        print_error("refused: %s\n%s\n", err.message, text);
    assert_int_equal(rc, HERD_OK);
    return r;
}

/* Parses text, which must be refused with code, at line and column, with a
 * message that holds `part`; nothing is left allocated. */
static void expect_refusal(const char *text, int code, size_t line, size_t column,
                           const char *part)
{
    test_alloc a;
    ta_init(&a);
    herd_record *r = NULL;
    herd_record_error err;
    memset(&err, 0, sizeof err);
    int rc = herd_record_parse(text, strlen(text), ta_fn, &a, &r, &err);
    if (rc != code || err.line != line || err.column != column || !strstr(err.message, part))
        print_error("got %d '%s' (line %zu column %zu), wanted %d at %zu:%zu with '%s'\n", rc,
                    err.message, err.line, err.column, code, line, column, part);
    assert_int_equal(rc, code);
    assert_int_equal(err.code, code);
    assert_null(r);
    assert_int_equal(err.record, 1);
    assert_int_equal(err.line, line);
    assert_int_equal(err.column, column);
    assert_non_null(strstr(err.message, part));
    assert_int_equal(a.live_blocks, 0);
    assert_int_equal(a.bad_old_size + a.bad_pointer, 0);
}

/* Checks that text reads back as a record that writes the same text. */
static herd_record *round_trip(const char *text, int one_line)
{
    herd_record *r = parse_ok(text);
    char *again = write_text(r, one_line, NULL);
    if (strcmp(again, text) != 0)
        print_error("wrote\n%s\nread back and wrote\n%s\n", text, again);
    assert_string_equal(again, text);
    free(again);
    return r;
}

/* The status and position of two games agree. */
static void same_game(const herd_game *a, const herd_game *b)
{
    char ta[TEXT_CAP], tb[TEXT_CAP];
    herd_status sa, sb;
    position_text(a, ta);
    position_text(b, tb);
    assert_string_equal(ta, tb);
    assert_int_equal(herd_get_status(a, &sa), HERD_OK);
    assert_int_equal(herd_get_status(b, &sb), HERD_OK);
    assert_int_equal(sa.result, sb.result);
    assert_int_equal(sa.side, sb.side);
    assert_int_equal(sa.reason, sb.reason);
}

/* Whether the n bytes at w are a turn number, `31.`. */
static int turn_number(const char *w, size_t n)
{
    size_t digits = 0;
    while (digits < n && w[digits] >= '0' && w[digits] <= '9')
        digits++;
    return digits > 0 && digits + 1 == n && w[digits] == '.';
}

/* No movetext line is longer than 80 characters but a single word, and
 * none ends with a turn number: it stays with its action. */
static void lines_fit(const char *text)
{
    const char *movetext = strstr(text, "\n\n");
    assert_non_null(movetext);
    for (const char *p = movetext + 2; *p;) {
        const char *e = strchr(p, '\n');
        assert_non_null(e);
        size_t chars = 0;
        const char *last = p; /* the line's last word */
        for (const char *q = p; q < e; q++) {
            chars += ((unsigned char)*q & 0xC0) != 0x80;
            if (*q == ' ')
                last = q + 1;
        }
        if (chars > 80)
            assert_null(memchr(p, ' ', (size_t)(e - p)));
        if (turn_number(last, (size_t)(e - last)))
            fail_msg("a line ends with its turn number:\n%.*s", (int)(e - p), p);
        p = e + 1;
    }
}

/* The tags and notes a caller gives a record. */
static void annotate(herd_record *r, test_rng *rng)
{
    assert_int_equal(herd_record_set_tag(r, "Event", "Club \"night\" \\ 7"), HERD_OK);
    assert_int_equal(herd_record_set_tag(r, "Date", "2026.12.??"), HERD_OK);
    char side[32];
    const char *name = herd_record_tag(r, "Game");
    const herd_game_desc *d = herd_game_desc_find(name);
    for (int s = 0; s < 2; s++) {
        snprintf(side, sizeof side, "%s", d->side_names[s]);
        side[0] = (char)(side[0] - 'a' + 'A');
        assert_int_equal(herd_record_set_tag(r, side, s ? "herd level 3" : "Ann Ø"), HERD_OK);
    }
    assert_int_equal(herd_record_set_tag(r, "TimeControl", "300+5"), HERD_OK);
    assert_int_equal(herd_record_set_tag(r, "Zoo", "unknown tags stay"), HERD_OK);
    assert_int_equal(herd_record_set_tag(r, "Annotator", "second unknown"), HERD_OK);
    size_t plies = herd_record_plies(r);
    assert_int_equal(herd_record_set_comment(r, 0, "before it all"), HERD_OK);
    for (int k = 0; k < 4 && plies; k++) {
        size_t ply = 1 + trng_below(rng, (unsigned)plies);
        assert_int_equal(herd_record_set_clock(r, ply, (int64_t)trng_below(rng, 40000000)),
                         HERD_OK);
        if (k % 2)
            assert_int_equal(
                herd_record_set_comment(r, ply, "a long remark that the writer breaks over "
                                                "lines where it holds spaces, as it does here"),
                HERD_OK);
    }
    if (plies)
        assert_int_equal(herd_record_set_comment(r, plies, ""), HERD_OK);
}

/* Records g, writes, reads back and writes again in both forms; the game
 * at the record's end stands as g does. */
static void record_round_trip(const herd_game *g, test_rng *rng)
{
    herd_record *r;
    assert_int_equal(herd_record_from_game(g, NULL, NULL, NULL, &r), HERD_OK);
    assert_int_equal(herd_record_plies(r), herd_history_length(g));
    annotate(r, rng);
    for (int one_line = 0; one_line < 2; one_line++) {
        char *text = write_text(r, one_line, NULL);
        if (!one_line)
            lines_fit(text);
        else
            assert_null(strchr(text, '\n'));
        herd_record *back = round_trip(text, one_line);
        herd_status sr, sg;
        assert_int_equal(herd_record_status(back, &sr), HERD_OK);
        assert_int_equal(herd_get_status(g, &sg), HERD_OK);
        assert_int_equal(sr.result, sg.result);
        assert_int_equal(sr.side, sg.side);
        assert_int_equal(sr.reason, sg.reason);
        herd_game *end;
        assert_int_equal(herd_record_game(back, HERD_RECORD_END, NULL, NULL, &end), HERD_OK);
        same_game(g, end);
        assert_int_equal(herd_history_length(end), herd_history_length(g));
        /* And the game at a ply between: g's history undone there. */
        size_t plies = herd_record_plies(back);
        size_t ply = plies ? trng_below(rng, (unsigned)plies + 1) : 0;
        herd_game *mid, *back_g;
        assert_int_equal(herd_record_game(back, ply, NULL, NULL, &mid), HERD_OK);
        assert_int_equal(herd_clone(g, NULL, NULL, &back_g), HERD_OK);
        if (ply < plies || herd_record_status(back, &sr) != HERD_OK ||
            sr.reason < HERD_REASON_RESIGNED)
            while (herd_history_length(back_g) > ply)
                assert_int_equal(herd_undo(back_g), HERD_OK);
        if (ply < plies) {
            /* the players' ending, if any, went with the first undo */
            herd_status st;
            herd_get_status(back_g, &st);
            assert_true(st.reason < HERD_REASON_RESIGNED);
        }
        if (ply == plies && sr.reason >= HERD_REASON_RESIGNED)
            same_game(g, mid);
        else
            same_game(back_g, mid);
        herd_free(mid);
        herd_free(back_g);
        herd_free(end);
        herd_record_free(back);
        free(text);
    }
    herd_record_free(r);
}

/* The record of a hare game of 6 computer actions (seed 3). */
static herd_record *hare_record(void)
{
    herd_game *g = game_new("hare", "seed=3");
    play_computer(g, 6);
    herd_record *r;
    assert_int_equal(herd_record_from_game(g, NULL, NULL, NULL, &r), HERD_OK);
    herd_free(g);
    return r;
}

/* A turn number that would end a line at column 80 goes to the next line
 * with its action: `1. d1-c1`, never `1.` alone at a line's end. */
static void a_turn_number_stays_with_its_action(void **state)
{
    (void)state;
    herd_record *r = hare_record();
    char word[76];
    memset(word, 'x', sizeof word - 1);
    word[sizeof word - 1] = '\0';
    /* `{` 75 letters `}`: 77 columns, so ` 1.` would end at column 80 */
    assert_int_equal(herd_record_set_comment(r, 0, word), HERD_OK);
    char *text = write_text(r, 0, NULL);
    lines_fit(text);
    const char *movetext = strstr(text, "\n\n") + 2;
    assert_int_equal(strcspn(movetext, "\n"), 77);
    assert_true(strncmp(movetext + 78, "1. ", 3) == 0);
    herd_record_free(round_trip(text, 0));
    free(text);
    herd_record_free(r);
}

/* --------------------------------------------------------- round trips */

static const herd_reason player_endings[] = {HERD_REASON_RESIGNED, HERD_REASON_TIME,
                                             HERD_REASON_AGREED, HERD_REASON_ABANDONED};

static void every_game_with_every_ending_reads_back_the_same(void **state)
{
    (void)state;
    test_rng rng;
    trng_seed(&rng, 40);
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        /* The rules' own ending (or a long game that goes on), then each of
         * the players' after a few actions. */
        herd_game *g = case_new(c, NULL, NULL);
        play_random_to_end(g, &rng, 600);
        record_round_trip(g, &rng);
        herd_free(g);
        for (size_t e = 0; e < 4; e++) {
            g = case_new(c, NULL, NULL);
            play_random_to_end(g, &rng, (int)trng_below(&rng, 40));
            if (!is_ongoing(g))
                assert_int_equal(herd_undo(g), HERD_OK);
            int side = (int)trng_below(&rng, 2);
            assert_int_equal(herd_end(g, player_endings[e], side), HERD_OK);
            record_round_trip(g, &rng);
            herd_free(g);
        }
    }
}

static void a_record_from_a_set_position_starts_there(void **state)
{
    (void)state;
    test_rng rng;
    trng_seed(&rng, 7);
    herd_game *g = game_new("fox", "geese=15 sideways=1 seed=9");
    play_random_to_end(g, &rng, 10);
    char text[TEXT_CAP];
    position_text(g, text);
    assert_int_equal(herd_position_from_text(g, text), HERD_OK);
    play_random_to_end(g, &rng, 12);
    herd_record *r;
    assert_int_equal(herd_record_from_game(g, NULL, NULL, NULL, &r), HERD_OK);
    assert_string_equal(herd_record_tag(r, "Start"), text);
    assert_string_equal(herd_record_tag(r, "Seed"), "9"); /* the creation seed stays */
    herd_record_free(r);
    record_round_trip(g, &rng);
    herd_free(g);
}

static void tags_keep_their_order_and_refuse_the_games_own(void **state)
{
    (void)state;
    herd_game *g = game_new("hex", "size=3 seed=2");
    herd_record *r;
    assert_int_equal(herd_record_from_game(g, NULL, NULL, NULL, &r), HERD_OK);
    assert_int_equal(herd_record_set_tag(r, "Zed", "1"), HERD_OK);
    assert_int_equal(herd_record_set_tag(r, "Blue", "B"), HERD_OK);
    assert_int_equal(herd_record_set_tag(r, "Red", "R"), HERD_OK);
    assert_int_equal(herd_record_set_tag(r, "Green", "not a side of hex"), HERD_OK);
    assert_int_equal(herd_record_set_tag(r, "Site", "here"), HERD_OK);
    static const char *const order[] = {"Game",   "Start",   "Options", "Seed", "Site", "Red",
                                        "Blue",   "Result",  "Library", "Zed",  "Green"};
    assert_int_equal(herd_record_tag_count(r), 11);
    for (size_t i = 0; i < 11; i++) {
        const char *key, *value;
        assert_int_equal(herd_record_tag_at(r, i, &key, &value), HERD_OK);
        assert_string_equal(key, order[i]);
        assert_string_equal(value, herd_record_tag(r, key));
    }
    assert_int_equal(herd_record_tag_at(r, 11, NULL, NULL), HERD_E_RANGE);
    /* Replaced in place, removed, refused. */
    assert_int_equal(herd_record_set_tag(r, "Zed", "2"), HERD_OK);
    assert_string_equal(herd_record_tag(r, "Zed"), "2");
    assert_int_equal(herd_record_set_tag(r, "Zed", NULL), HERD_OK);
    assert_null(herd_record_tag(r, "Zed"));
    assert_int_equal(herd_record_set_tag(r, "Zed", NULL), HERD_OK);
    static const char *const own[] = {"Game", "Start", "Options", "Seed", "Result", "Termination"};
    for (size_t i = 0; i < 6; i++)
        assert_int_equal(herd_record_set_tag(r, own[i], "x"), HERD_E_ARG);
    assert_int_equal(herd_record_set_tag(r, "bad key", "x"), HERD_E_PARSE);
    assert_int_equal(herd_record_set_tag(r, "", "x"), HERD_E_PARSE);
    assert_int_equal(herd_record_set_tag(r, "Event", "a\nb"), HERD_E_PARSE);
    assert_int_equal(herd_record_set_tag(r, "Event", "\xff"), HERD_E_PARSE);
    assert_int_equal(herd_record_set_tag(r, "Date", "2026-12-06"), HERD_E_PARSE);
    assert_int_equal(herd_record_set_tag(r, "TimeControl", "5 min"), HERD_E_PARSE);
    assert_int_equal(herd_record_set_tag(r, "TimeControl", "-"), HERD_OK);
    assert_int_equal(herd_record_set_tag(NULL, "Event", "x"), HERD_E_ARG);
    assert_int_equal(herd_record_set_tag(r, NULL, "x"), HERD_E_ARG);
    assert_int_equal(herd_record_tag_count(r), 11);
    /* Comments and clocks: range and refusals. */
    assert_int_equal(herd_record_set_comment(r, 1, "x"), HERD_E_RANGE);
    assert_int_equal(herd_record_set_comment(r, 0, "a } b"), HERD_E_PARSE);
    assert_int_equal(herd_record_set_comment(r, 0, "tab\there"), HERD_E_PARSE);
    assert_int_equal(herd_record_set_clock(r, 0, 1000), HERD_E_RANGE);
    int64_t ms;
    assert_int_equal(herd_record_clock(r, 0, &ms), HERD_E_RANGE);
    assert_null(herd_record_comment(r, 0));
    assert_int_equal(herd_record_set_comment(r, 0, "hi"), HERD_OK);
    assert_string_equal(herd_record_comment(r, 0), "hi");
    assert_int_equal(herd_record_set_comment(r, 0, NULL), HERD_OK);
    assert_null(herd_record_comment(r, 0));
    herd_move m;
    assert_int_equal(herd_record_move(r, 1, &m), HERD_E_RANGE);
    assert_int_equal(herd_record_move(r, 0, &m), HERD_E_RANGE);
    herd_record_free(r);
    herd_record_free(NULL);
    herd_free(g);
}

static void clocks_are_whole_seconds_and_read_back(void **state)
{
    (void)state;
    herd_game *g = game_new("horses", "w=8 h=8 n=4 seed=1");
    play_computer(g, 3);
    herd_record *r;
    assert_int_equal(herd_record_from_game(g, NULL, NULL, NULL, &r), HERD_OK);
    assert_int_equal(herd_record_set_clock(r, 1, 298500), HERD_OK);
    assert_int_equal(herd_record_set_clock(r, 2, 36000000 + 61000), HERD_OK);
    assert_int_equal(herd_record_set_comment(r, 2, "good"), HERD_OK);
    int64_t ms = 0;
    assert_int_equal(herd_record_clock(r, 1, &ms), HERD_OK);
    assert_int_equal(ms, 298000);
    assert_int_equal(herd_record_clock(r, 3, &ms), HERD_E_STATE);
    char *text = write_text(r, 1, NULL);
    assert_non_null(strstr(text, " {[%clk 0:04:58]} "));
    assert_non_null(strstr(text, " {[%clk 10:01:01] good} "));
    herd_record *back = round_trip(text, 1);
    assert_int_equal(herd_record_clock(back, 2, &ms), HERD_OK);
    assert_int_equal(ms, 36061000);
    assert_string_equal(herd_record_comment(back, 2), "good");
    assert_null(herd_record_comment(back, 1));
    assert_int_equal(herd_record_set_clock(back, 2, -1), HERD_OK);
    assert_int_equal(herd_record_clock(back, 2, &ms), HERD_E_STATE);
    herd_record_free(back);
    herd_record_free(r);
    free(text);
    herd_free(g);
}

/* Lines that end with \r\n read as those that end with \n; a line end in
 * a comment is the space the writer broke there. */
static void crlf_line_ends_read_as_lf(void **state)
{
    (void)state;
    herd_record *r = hare_record();
    assert_int_equal(
        herd_record_set_comment(r, 1, "a comment long enough to be broken over two lines by the "
                                      "writer of the library"),
        HERD_OK);
    char *lf = write_text(r, 0, NULL);
    const char *comment = strstr(lf, "{a comment");
    assert_non_null(comment);
    assert_true(strchr(comment, '\n') < strchr(comment, '}')); /* broken inside */
    char *crlf = malloc(2 * strlen(lf) + 1);
    size_t n = 0;
    for (const char *p = lf; *p; p++) {
        if (*p == '\n')
            crlf[n++] = '\r';
        crlf[n++] = *p;
    }
    crlf[n] = '\0';
    herd_record *back = parse_ok(crlf);
    char *again = write_text(back, 0, NULL);
    assert_string_equal(again, lf);
    assert_string_equal(herd_record_comment(back, 1), herd_record_comment(r, 1));
    free(again);
    free(crlf);
    free(lf);
    herd_record_free(back);
    herd_record_free(r);
}

/* A record with a base keeps the base's tags and the notes of the shared
 * plies: what the protocol's `replay` then `record` does. */
static void a_record_with_a_base_keeps_its_tags_and_shared_notes(void **state)
{
    (void)state;
    herd_game *g = game_new("flock", "w=5 h=5 seed=4");
    play_computer(g, 6);
    herd_record *base;
    assert_int_equal(herd_record_from_game(g, NULL, NULL, NULL, &base), HERD_OK);
    assert_int_equal(herd_record_set_tag(base, "White", "W"), HERD_OK);
    assert_int_equal(herd_record_set_comment(base, 2, "two"), HERD_OK);
    assert_int_equal(herd_record_set_comment(base, 5, "five"), HERD_OK);
    assert_int_equal(herd_record_set_clock(base, 5, 5000), HERD_OK);
    char *want = write_text(base, 1, NULL);
    herd_game *replayed;
    assert_int_equal(herd_record_game(base, HERD_RECORD_END, NULL, NULL, &replayed), HERD_OK);
    herd_record *again;
    assert_int_equal(herd_record_from_game(replayed, base, NULL, NULL, &again), HERD_OK);
    char *got = write_text(again, 1, NULL);
    assert_string_equal(got, want);
    herd_record_free(again);
    free(got);
    /* Two actions taken back and another played: the notes of the plies
     * still shared stay. */
    assert_int_equal(herd_undo(replayed), HERD_OK);
    assert_int_equal(herd_undo(replayed), HERD_OK);
    assert_int_equal(herd_end(replayed, HERD_REASON_AGREED, -1), HERD_OK);
    assert_int_equal(herd_record_from_game(replayed, base, NULL, NULL, &again), HERD_OK);
    assert_string_equal(herd_record_comment(again, 2), "two");
    assert_null(herd_record_comment(again, 4));
    assert_string_equal(herd_record_tag(again, "White"), "W");
    assert_string_equal(herd_record_tag(again, "Result"), "1/2-1/2");
    assert_string_equal(herd_record_tag(again, "Termination"), "agreed");
    herd_record_free(again);
    /* A base of another game is refused. */
    herd_game *other = game_new("hare", NULL);
    assert_int_equal(herd_record_from_game(other, base, NULL, NULL, &again), HERD_E_ARG);
    herd_free(other);
    herd_free(replayed);
    herd_record_free(base);
    free(want);
    herd_free(g);
}

/* ------------------------------------------------------------ refusals */

/* A record of a horses game at its start of w=8 h=8 n=4 seed 0, with the
 * movetext given: the base of the refusals. */
static char *horses_record(const char *movetext, const char *result, const char *extra_tag)
{
    static char buf[2048];
    herd_game *g = game_new("horses", "w=8 h=8 n=4 seed=0");
    char start[TEXT_CAP];
    position_text(g, start);
    herd_free(g);
    snprintf(buf, sizeof buf,
             "[Game \"horses\"]\n[Start \"%s\"]\n[Options \"w=8 h=8 n=4\"]\n[Seed \"0\"]\n"
             "[Result \"%s\"]\n%s\n%s\n",
             start, result, extra_tag, movetext);
    return buf;
}

/* Two legal first actions of that game (green's, then red's). */
static void first_actions(char green[16], char red[16])
{
    herd_game *g = game_new("horses", "w=8 h=8 n=4 seed=0");
    herd_move m;
    assert_int_equal(herd_genmove(g, 1, &m), HERD_OK);
    assert_int_equal(herd_move_to_text(g, m, green, 16, NULL), HERD_OK);
    assert_int_equal(herd_apply(g, m), HERD_OK);
    assert_int_equal(herd_genmove(g, 1, &m), HERD_OK);
    assert_int_equal(herd_move_to_text(g, m, red, 16, NULL), HERD_OK);
    herd_free(g);
}

static void every_refusal_names_its_place(void **state)
{
    (void)state;
    char green[16], red[16], movetext[256];
    first_actions(green, red);
    snprintf(movetext, sizeof movetext, "1. %s 2. %s *", green, red);
    herd_record *r0 = parse_ok(horses_record(movetext, "*", ""));
    herd_record_free(r0);

    /* Bad tag syntax. */
    char text[4096];
    snprintf(text, sizeof text, "[Game horses]\n%s", strchr(horses_record(movetext, "*", ""), '\n') + 1);
    expect_refusal(text, HERD_E_PARSE, 1, 1, "a tag must be [KEY \"VALUE\"]");
    snprintf(text, sizeof text, "%s", horses_record(movetext, "*", "[Event \"a\\n\"]\n"));
    expect_refusal(text, HERD_E_PARSE, 6, 10, "only \\\" and \\\\ are escapes");
    snprintf(text, sizeof text, "%s", horses_record(movetext, "*", "[Event \"open\n"));
    expect_refusal(text, HERD_E_PARSE, 6, 13, "no closing");
    snprintf(text, sizeof text, "%s", horses_record(movetext, "*", "[Seed \"1\"]\n"));
    expect_refusal(text, HERD_E_PARSE, 6, 1, "a tag given twice");
    snprintf(text, sizeof text, "%s", horses_record(movetext, "*", "[Date \"2026\"]\n"));
    expect_refusal(text, HERD_E_PARSE, 6, 8, "Date must be");
    snprintf(text, sizeof text, "%s", horses_record(movetext, "?", ""));
    expect_refusal(text, HERD_E_PARSE, 5, 10, "Result must be");
    expect_refusal("[Game \"horses\"]\n\n*\n", HERD_E_PARSE, 1, 1, "no Start tag");
    expect_refusal("", HERD_E_PARSE, 1, 1, "no record");

    /* An unknown game; a Start the rules refuse; options out of range. */
    snprintf(text, sizeof text, "%s", horses_record(movetext, "*", ""));
    memcpy(strstr(text, "horses"), "chess!", 6);
    expect_refusal(text, HERD_E_UNKNOWN, 1, 8, "no game is called that");
    snprintf(text, sizeof text, "%s", horses_record(movetext, "*", ""));
    char *a1 = strstr(text, "green=a1") + 6;
    memcpy(a1, "h8", 2); /* a green horse on a red one */
    expect_refusal(text, HERD_E_POSITION, 2, 9, "Start");
    snprintf(text, sizeof text, "%s", horses_record(movetext, "*", ""));
    memcpy(strstr(text, "w=8 h=8 n=4\"") + 2, "7", 1);
    expect_refusal(text, HERD_E_RANGE, 3, 11, "Options");

    /* An illegal action, a malformed one, the turn numbers. */
    snprintf(movetext, sizeof movetext, "1. %s 2. %s *", green, green);
    expect_refusal(horses_record(movetext, "*", ""), HERD_E_ILLEGAL, 7, 13,
                   "is not a legal action of red here");
    snprintf(movetext, sizeof movetext, "1. %s 2. zz9 *", green);
    expect_refusal(horses_record(movetext, "*", ""), HERD_E_PARSE, 7, 13, "'zz9' is no action of horses");
    snprintf(movetext, sizeof movetext, "1. %s 3. %s *", green, red);
    expect_refusal(horses_record(movetext, "*", ""), HERD_E_PARSE, 7, 10, "turn number 3, but this is turn 2");
    snprintf(movetext, sizeof movetext, "%s %s *", green, red); /* none: accepted */
    herd_record_free(parse_ok(horses_record(movetext, "*", "")));

    /* Comments: a '}' inside, one not closed, two after one action. */
    snprintf(movetext, sizeof movetext, "1. %s {a } b} 2. %s *", green, red);
    expect_refusal(horses_record(movetext, "*", ""), HERD_E_PARSE, 7, 15, "a '}' outside a comment");
    snprintf(movetext, sizeof movetext, "1. %s {open 2. %s *", green, red);
    expect_refusal(horses_record(movetext, "*", ""), HERD_E_PARSE, 7, 10, "a comment without its '}'");
    snprintf(movetext, sizeof movetext, "1. %s {a} {b} *", green);
    expect_refusal(horses_record(movetext, "*", ""), HERD_E_PARSE, 7, 14, "a second comment");
    snprintf(movetext, sizeof movetext, "1. %s {\x01} *", green);
    expect_refusal(horses_record(movetext, "*", ""), HERD_E_PARSE, 7, 10,
                   "the comment: holds a control character");
    snprintf(movetext, sizeof movetext, "1. %s {[%%clk 0:00:01]x} 2. %s {[%%clk 0:1:01]} *", green,
             red);
    r0 = parse_ok(horses_record(movetext, "*", "")); /* not the writer's clocks: free text */
    int64_t ms;
    assert_int_equal(herd_record_clock(r0, 1, &ms), HERD_E_STATE);
    assert_string_equal(herd_record_comment(r0, 1), "[%clk 0:00:01]x");
    assert_string_equal(herd_record_comment(r0, 2), "[%clk 0:1:01]");
    herd_record_free(r0);

    /* Results: the movetext's against the tag's, the tag's against the game. */
    snprintf(movetext, sizeof movetext, "1. %s 1-0", green);
    expect_refusal(horses_record(movetext, "*", ""), HERD_E_PARSE, 7, 10, "is not the Result tag's");
    snprintf(movetext, sizeof movetext, "1. %s 1-0", green);
    expect_refusal(horses_record(movetext, "1-0", ""), HERD_E_ILLEGAL, 5, 10,
                   "no Termination says how it ended");
    snprintf(movetext, sizeof movetext, "1. %s 1-0", green);
    expect_refusal(horses_record(movetext, "1-0", "[Termination \"corner\"]\n"), HERD_E_ILLEGAL, 6,
                   15, "goes on");
    snprintf(movetext, sizeof movetext, "1. %s 1/2-1/2", green);
    expect_refusal(horses_record(movetext, "1/2-1/2", "[Termination \"resigned\"]\n"),
                   HERD_E_ILLEGAL, 5, 10, "does not go with Termination resigned");
    snprintf(movetext, sizeof movetext, "1. %s 0-1", green);
    herd_record *r = parse_ok(horses_record(movetext, "0-1", "[Termination \"time\"]\n"));
    herd_status st;
    assert_int_equal(herd_record_status(r, &st), HERD_OK);
    assert_int_equal(st.result, HERD_WIN);
    assert_int_equal(st.side, 1);
    assert_int_equal(st.reason, HERD_REASON_TIME);
    herd_record_free(r);

    /* Truncated: no result, a cut tag, text after the record. */
    snprintf(movetext, sizeof movetext, "1. %s 2. %s", green, red);
    expect_refusal(horses_record(movetext, "*", ""), HERD_E_PARSE, 8, 1, "without its result");
    snprintf(text, sizeof text, "%s", horses_record(movetext, "*", ""));
    text[40] = '\0';
    expect_refusal(text, HERD_E_PARSE, 2, 25, "no closing");
    snprintf(movetext, sizeof movetext, "1. %s * x", green);
    expect_refusal(horses_record(movetext, "*", ""), HERD_E_PARSE, 7, 12, "text after");
}

/* A game over by the rules with another Result than its own. */
static void a_result_the_final_position_contradicts_is_refused(void **state)
{
    (void)state;
    test_rng rng;
    trng_seed(&rng, 3);
    herd_game *g = game_new("hare", "seed=1");
    play_random_to_end(g, &rng, 1000);
    assert_false(is_ongoing(g));
    herd_record *r;
    assert_int_equal(herd_record_from_game(g, NULL, NULL, NULL, &r), HERD_OK);
    char *text = write_text(r, 1, NULL);
    herd_status st;
    herd_get_status(g, &st);
    const char *right = st.side == 0 ? "1-0" : "0-1", *wrong = st.side == 0 ? "0-1" : "1-0";
    /* Both the tag's and the movetext's result changed. */
    char *p;
    while ((p = strstr(text, right)) != NULL)
        memcpy(p, wrong, 3);
    herd_record *back = NULL;
    herd_record_error err;
    assert_int_equal(herd_record_parse(text, strlen(text), NULL, NULL, &back, &err),
                     HERD_E_ILLEGAL);
    assert_non_null(strstr(err.message, "but the final position is won"));
    assert_null(back);
    free(text);
    herd_record_free(r);
    herd_free(g);
}

/* ------------------------------------------------------------ readers */

static void a_reader_reads_records_one_after_another(void **state)
{
    (void)state;
    test_rng rng;
    trng_seed(&rng, 11);
    char *texts[3];
    size_t total = 0;
    for (int i = 0; i < 3; i++) {
        herd_game *g = game_new(i == 1 ? "hex" : "fox", i == 1 ? "size=3 seed=1" : "seed=4");
        play_random_to_end(g, &rng, 30);
        herd_record *r;
        assert_int_equal(herd_record_from_game(g, NULL, NULL, NULL, &r), HERD_OK);
        texts[i] = write_text(r, i == 2, NULL);
        total += strlen(texts[i]) + 2;
        herd_record_free(r);
        herd_free(g);
    }
    char *all = malloc(total + 1);
    snprintf(all, total + 1, "%s\n%s\n%s\n", texts[0], texts[1], texts[2]);
    FILE *f = tmpfile();
    assert_non_null(f);
    fputs(all, f);
    rewind(f);
    for (int from_file = 0; from_file < 2; from_file++) {
        test_alloc a;
        ta_init(&a);
        herd_record_reader *rd;
        if (from_file)
            assert_int_equal(herd_record_reader_from_file(f, 0, ta_fn, &a, &rd), HERD_OK);
        else
            assert_int_equal(
                herd_record_reader_from_buffer(all, strlen(all), 0, ta_fn, &a, &rd), HERD_OK);
        for (int i = 0; i < 3; i++) {
            herd_record *r;
            herd_record_error err;
            assert_int_equal(herd_record_read(rd, &r, &err), HERD_OK);
            char *again = write_text(r, i == 2, NULL);
            assert_string_equal(again, texts[i]);
            free(again);
            herd_record_free(r);
        }
        herd_record *r = (herd_record *)1;
        assert_int_equal(herd_record_read(rd, &r, NULL), HERD_E_STATE);
        assert_null(r);
        herd_record_reader_free(rd);
        assert_int_equal(a.live_blocks, 0);
    }
    fclose(f);
    for (int i = 0; i < 3; i++)
        free(texts[i]);
    free(all);
}

/* Records that straddle the file reader's chunks of 64 KiB read back as
 * they were written, and its window stays within max_bytes and a chunk. */
static void a_file_reader_reads_across_its_chunks(void **state)
{
    (void)state;
    test_rng rng;
    trng_seed(&rng, 12);
    FILE *f = tmpfile();
    assert_non_null(f);
    enum { RECORDS = 120 };
    char *texts[RECORDS];
    size_t total = 0;
    for (int i = 0; i < RECORDS; i++) {
        herd_game *g = game_new("hex", "size=5 seed=1");
        play_random_to_end(g, &rng, 300);
        herd_record *r;
        assert_int_equal(herd_record_from_game(g, NULL, NULL, NULL, &r), HERD_OK);
        texts[i] = write_text(r, i % 2, NULL);
        total += strlen(texts[i]);
        fputs(texts[i], f);
        fputs("\n", f);
        herd_record_free(r);
        herd_free(g);
    }
    assert_true(total > 65536 + 32768); /* past the first chunk */
    rewind(f);
    peak_alloc p;
    peak_init(&p);
    herd_record_reader *rd;
    assert_int_equal(herd_record_reader_from_file(f, 32768, peak_fn, &p, &rd), HERD_OK);
    for (int i = 0; i < RECORDS; i++) {
        herd_record *r;
        herd_record_error err;
        int rc = herd_record_read(rd, &r, &err);
        if (rc != HERD_OK)
            print_error("%s\n", err.message);
        assert_int_equal(rc, HERD_OK);
        char *again = write_text(r, i % 2, NULL);
        assert_string_equal(again, texts[i]);
        free(again);
        herd_record_free(r);
        free(texts[i]);
    }
    herd_record *r;
    assert_int_equal(herd_record_read(rd, &r, NULL), HERD_E_STATE);
    herd_record_reader_free(rd);
    assert_int_equal(p.a.live_blocks, 0);
    /* the window, and one record with the game that replays it */
    assert_true(p.peak < 32768 + 65536 + 65536);
    fclose(f);
}

/* A refused record is passed over; the next is read; the error names the
 * record's number and its line in the whole input. */
static void a_refused_record_is_passed_over(void **state)
{
    (void)state;
    char green[16], red[16], movetext[128], text[4096];
    first_actions(green, red);
    snprintf(movetext, sizeof movetext, "1. %s 2. %s *", green, red);
    char good[1024];
    snprintf(good, sizeof good, "%s", horses_record(movetext, "*", ""));
    snprintf(movetext, sizeof movetext, "1. %s 2. %s *", green, green);
    snprintf(text, sizeof text, "%s\n%s\n%s", good, horses_record(movetext, "*", ""), good);
    herd_record_reader *rd;
    assert_int_equal(herd_record_reader_from_buffer(text, strlen(text), 0, NULL, NULL, &rd),
                     HERD_OK);
    herd_record *r;
    herd_record_error err;
    assert_int_equal(herd_record_read(rd, &r, &err), HERD_OK);
    herd_record_free(r);
    assert_int_equal(herd_record_read(rd, &r, &err), HERD_E_ILLEGAL);
    assert_int_equal(err.record, 2);
    assert_int_equal(err.line, 15);
    assert_int_equal(err.column, 13);
    char want[128];
    snprintf(want, sizeof want, "record 2, line 15, column 13: %s is not a legal action of red here",
             green);
    assert_memory_equal(err.message, want, strlen(want));
    assert_int_equal(herd_record_read(rd, &r, &err), HERD_OK);
    herd_record_free(r);
    assert_int_equal(herd_record_read(rd, &r, &err), HERD_E_STATE);
    herd_record_reader_free(rd);
}

/* A movetext of 4 MiB on one line is refused at max_bytes in bounded
 * memory, and the reader stops there. */
static void a_record_over_max_bytes_is_refused_in_bounded_memory(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    fputs(horses_record("", "*", ""), f);
    for (int i = 0; i < (1 << 20); i++)
        fputs("1. a", f);
    fputs(" *\n", f);
    rewind(f);
    peak_alloc p;
    peak_init(&p);
    herd_record_reader *rd;
    assert_int_equal(herd_record_reader_from_file(f, 100000, peak_fn, &p, &rd), HERD_OK);
    herd_record *r;
    herd_record_error err;
    assert_int_equal(herd_record_read(rd, &r, &err), HERD_E_NOMEM);
    assert_int_equal(err.record, 1);
    assert_int_equal(err.line, 1);
    assert_non_null(strstr(err.message, "longer than 100000 bytes"));
    assert_true(p.peak < 100000 + (1 << 16) + 4096);
    memset(&err, 0, sizeof err);
    assert_int_equal(herd_record_read(rd, &r, &err), HERD_E_NOMEM);
    assert_int_equal(err.record, 1);
    herd_record_reader_free(rd);
    assert_int_equal(p.a.live_blocks, 0);
    fclose(f);
    /* The same from a buffer, which is not copied. */
    const char *huge_tail = "1. a1-b3 ";
    size_t n = 200000, head = strlen(horses_record("", "*", ""));
    char *buf = malloc(head + n + 1);
    memcpy(buf, horses_record("", "*", ""), head);
    for (size_t i = 0; i < n; i++)
        buf[head + i] = huge_tail[i % 9];
    assert_int_equal(herd_record_reader_from_buffer(buf, head + n, 100000, NULL, NULL, &rd),
                     HERD_OK);
    assert_int_equal(herd_record_read(rd, &r, &err), HERD_E_NOMEM);
    herd_record_reader_free(rd);
    free(buf);
}

/* ------------------------------------------------ allocation failures */

static void every_allocation_failure_is_clean(void **state)
{
    (void)state;
    test_rng rng;
    trng_seed(&rng, 5);
    herd_game *g = game_new("hex", "size=3 seed=8");
    play_random_to_end(g, &rng, 40);
    herd_record *r;
    assert_int_equal(herd_record_from_game(g, NULL, NULL, NULL, &r), HERD_OK);
    annotate(r, &rng);
    char *text = write_text(r, 0, NULL);
    herd_record_free(r);
    /* Writer: from_game, and each setter. */
    for (long k = 1;; k++) {
        test_alloc a;
        ta_init(&a);
        a.fail_at = k;
        herd_record *w = NULL;
        int rc = herd_record_from_game(g, NULL, ta_fn, &a, &w);
        if (rc == HERD_OK) {
            rc = herd_record_set_tag(w, "Event", "e");
            if (rc == HERD_OK)
                rc = herd_record_set_comment(w, 1, "c");
            if (rc == HERD_OK)
                rc = herd_record_set_clock(w, 1, 1000);
            herd_record_free(w);
            assert_int_equal(a.live_blocks, 0);
            if (a.failures == 0)
                break;
            assert_int_equal(rc, HERD_E_NOMEM);
            continue;
        }
        assert_int_equal(rc, HERD_E_NOMEM);
        assert_null(w);
        assert_int_equal(a.live_blocks, 0);
    }
    /* Reader: parse, and the readers of a buffer and a file. */
    FILE *f = tmpfile();
    fputs(text, f);
    for (int how = 0; how < 3; how++)
        for (long k = 1;; k++) {
            test_alloc a;
            ta_init(&a);
            a.fail_at = k;
            herd_record *back = NULL;
            herd_record_error err;
            int rc;
            if (how == 0) {
                rc = herd_record_parse(text, strlen(text), ta_fn, &a, &back, &err);
            } else {
                herd_record_reader *rd = NULL;
                rewind(f);
                rc = how == 1 ? herd_record_reader_from_buffer(text, strlen(text), 0, ta_fn, &a,
                                                               &rd)
                              : herd_record_reader_from_file(f, 0, ta_fn, &a, &rd);
                if (rc == HERD_OK)
                    rc = herd_record_read(rd, &back, &err);
                herd_record_reader_free(rd);
            }
            if (a.failures == 0) {
                assert_int_equal(rc, HERD_OK);
                char *again = write_text(back, 0, NULL);
                assert_string_equal(again, text);
                free(again);
                herd_record_free(back);
                assert_int_equal(a.live_blocks, 0);
                break;
            }
            assert_int_equal(rc, HERD_E_NOMEM);
            if (rc == HERD_E_NOMEM && how != 1 && k > 1)
                assert_non_null(strstr(err.message, "record 1"));
            assert_null(back);
            assert_int_equal(a.live_blocks, 0);
            assert_int_equal(a.bad_old_size + a.bad_pointer, 0);
        }
    fclose(f);
    /* The game of a record. */
    assert_int_equal(herd_record_parse(text, strlen(text), NULL, NULL, &r, NULL), HERD_OK);
    for (long k = 1;; k++) {
        test_alloc a;
        ta_init(&a);
        a.fail_at = k;
        herd_game *end = NULL;
        int rc = herd_record_game(r, HERD_RECORD_END, ta_fn, &a, &end);
        if (a.failures == 0) {
            assert_int_equal(rc, HERD_OK);
            same_game(g, end);
            herd_free(end);
            assert_int_equal(a.live_blocks, 0);
            break;
        }
        assert_int_equal(rc, HERD_E_NOMEM);
        assert_null(end);
        assert_int_equal(a.live_blocks, 0);
    }
    herd_record_free(r);
    free(text);
    herd_free(g);
}

static void null_arguments_are_refused(void **state)
{
    (void)state;
    herd_record *r;
    herd_record_reader *rd;
    herd_game *g = game_new("hare", NULL);
    assert_int_equal(herd_record_from_game(NULL, NULL, NULL, NULL, &r), HERD_E_ARG);
    assert_int_equal(herd_record_from_game(g, NULL, NULL, NULL, NULL), HERD_E_ARG);
    assert_int_equal(herd_record_parse(NULL, 0, NULL, NULL, &r, NULL), HERD_E_ARG);
    assert_int_equal(herd_record_parse("", 0, NULL, NULL, NULL, NULL), HERD_E_ARG);
    assert_int_equal(herd_record_reader_from_buffer(NULL, 1, 0, NULL, NULL, &rd), HERD_E_ARG);
    assert_int_equal(herd_record_reader_from_file(NULL, 0, NULL, NULL, &rd), HERD_E_ARG);
    assert_int_equal(herd_record_read(NULL, &r, NULL), HERD_E_ARG);
    assert_int_equal(herd_record_write(NULL, 0, NULL, 0, NULL), HERD_E_ARG);
    assert_int_equal(herd_record_game(NULL, 0, NULL, NULL, NULL), HERD_E_ARG);
    assert_int_equal(herd_record_status(NULL, NULL), HERD_E_ARG);
    assert_int_equal(herd_record_plies(NULL), 0);
    assert_int_equal(herd_record_tag_count(NULL), 0);
    assert_null(herd_record_tag(NULL, "Game"));
    assert_null(herd_record_comment(NULL, 0));
    herd_record_reader_free(NULL);
    assert_int_equal(herd_record_from_game(g, NULL, NULL, NULL, &r), HERD_OK);
    assert_int_equal(herd_record_game(r, 1, NULL, NULL, &g), HERD_E_RANGE);
    char small[4];
    size_t len = 0;
    assert_int_equal(herd_record_write(r, 0, small, sizeof small, &len), HERD_E_BUFFER);
    assert_true(len > 4);
    herd_record_free(r);
    herd_free(g);
}

/* ------------------------------------------------------------ endings */

static void each_ending_sets_the_status_and_undo_takes_it_back(void **state)
{
    (void)state;
    static const struct {
        herd_reason reason;
        int side;
        herd_result result;
        int status_side;
    } cases[] = {
        {HERD_REASON_RESIGNED, 0, HERD_WIN, 1}, {HERD_REASON_RESIGNED, 1, HERD_WIN, 0},
        {HERD_REASON_TIME, 0, HERD_WIN, 1},     {HERD_REASON_TIME, 1, HERD_WIN, 0},
        {HERD_REASON_AGREED, -1, HERD_DRAW, -1}, {HERD_REASON_ABANDONED, 7, HERD_OVER, -1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        herd_game *g = game_new("fox", "seed=1");
        play_computer(g, 3);
        size_t history = herd_history_length(g);
        char before[TEXT_CAP];
        position_text(g, before);
        int to_act = side_to_act(g);
        assert_int_equal(herd_end(g, cases[i].reason, cases[i].side), HERD_OK);
        check_status(g, cases[i].result, cases[i].status_side, cases[i].reason);
        assert_int_equal(herd_history_length(g), history);
        expect_position(g, before);
        assert_int_equal(legal_count(g), 0);
        herd_move m = 0;
        assert_int_equal(herd_genmove(g, 0, &m), HERD_E_STATE);
        assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_E_STATE);
        assert_int_equal(herd_end(g, HERD_REASON_AGREED, -1), HERD_E_STATE);
        /* Clones and copies carry it. */
        herd_game *c;
        assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
        check_status(c, cases[i].result, cases[i].status_side, cases[i].reason);
        herd_free(c);
        /* Undo takes back the ending alone, then the actions. */
        assert_int_equal(herd_undo(g), HERD_OK);
        check_status(g, HERD_ONGOING, to_act, HERD_REASON_NONE);
        assert_int_equal(herd_history_length(g), history);
        assert_int_equal(herd_undo(g), HERD_OK);
        assert_int_equal(herd_history_length(g), history - 1);
        /* undo_turn: the ending as one step of its own. */
        play_computer(g, 1);
        assert_int_equal(herd_end(g, cases[i].reason, cases[i].side), HERD_OK);
        assert_int_equal(herd_undo_turn(g, 0), HERD_OK);
        assert_true(is_ongoing(g));
        assert_int_equal(herd_history_length(g), history);
        herd_free(g);
    }
}

static void a_bad_reason_or_side_is_refused_and_changes_nothing(void **state)
{
    (void)state;
    herd_game *g = game_new("horses", "seed=2");
    play_computer(g, 2);
    snapshot s;
    snap_take(&s, g);
    assert_int_equal(herd_end(NULL, HERD_REASON_AGREED, -1), HERD_E_ARG);
    assert_int_equal(herd_end(g, HERD_REASON_CORNER, 0), HERD_E_ARG);
    assert_int_equal(herd_end(g, HERD_REASON_NONE, 0), HERD_E_ARG);
    assert_int_equal(herd_end(g, (herd_reason)99, 0), HERD_E_ARG);
    assert_int_equal(herd_end(g, HERD_REASON_RESIGNED, 2), HERD_E_ARG);
    assert_int_equal(herd_end(g, HERD_REASON_TIME, -1), HERD_E_ARG);
    assert_non_null(strstr(herd_last_error(g), "side -1"));
    snap_check(&s, g);
    herd_free(g);
    /* A game over by the rules: E_STATE. */
    const game_case *c = first_case();
    herd_game *ended = ended_game_of(c);
    assert_int_equal(herd_end(ended, HERD_REASON_RESIGNED, 0), HERD_E_STATE);
    assert_int_equal(herd_end(ended, HERD_REASON_ABANDONED, -1), HERD_E_STATE);
    herd_free(ended);
}

static void the_fox_may_resign_in_a_chain_and_hex_before_its_dice(void **state)
{
    (void)state;
    /* Random games of the fox until one stands in a chain. */
    test_rng rng;
    trng_seed(&rng, 2);
    herd_game *g = NULL;
    char text[TEXT_CAP] = "";
    for (int i = 0; i < 1000 && !strstr(text, "chain=1"); i++) {
        if (!g || !is_ongoing(g)) {
            herd_free(g);
            g = game_new("fox", "seed=1");
        }
        assert_int_equal(step_random(g, &rng), HERD_OK);
        position_text(g, text);
    }
    assert_non_null(strstr(text, "chain=1"));
    assert_true(is_ongoing(g));
    assert_int_equal(herd_end(g, HERD_REASON_RESIGNED, 0), HERD_OK);
    check_status(g, HERD_WIN, 1, HERD_REASON_RESIGNED);
    assert_int_equal(herd_undo(g), HERD_OK);
    expect_position(g, text);
    assert_true(is_ongoing(g));
    herd_free(g);
    herd_game *h = game_new("hex", "size=3 seed=1");
    assert_true(herd_is_chance(h));
    assert_int_equal(herd_end(h, HERD_REASON_TIME, 0), HERD_OK);
    assert_false(herd_is_chance(h));
    assert_int_equal(herd_roll(h, NULL), HERD_E_STATE);
    size_t n = 1;
    assert_int_equal(herd_chance_outcomes(h, NULL, NULL, 0, &n), HERD_E_STATE);
    herd_free(h);
}

static void saves_carry_the_ending_and_old_saves_load(void **state)
{
    (void)state;
    for (size_t e = 0; e < 4; e++) {
        herd_game *g = game_new("horses", "w=8 h=8 n=4 seed=3");
        play_computer(g, 4);
        char plain[HERD_MAX_SAVE_TEXT], ended[HERD_MAX_SAVE_TEXT];
        assert_int_equal(herd_save(g, plain, sizeof plain, NULL), HERD_OK);
        assert_null(strstr(plain, " end="));
        assert_int_equal(herd_end(g, player_endings[e], 1), HERD_OK);
        assert_int_equal(herd_save(g, ended, sizeof ended, NULL), HERD_OK);
        static const char *const fields[] = {" end=resigned:red ", " end=time:red ",
                                             " end=agreed ", " end=abandoned "};
        assert_non_null(strstr(ended, fields[e]));
        herd_game *back;
        assert_int_equal(herd_new_from_save(ended, NULL, NULL, &back, NULL), HERD_OK);
        herd_status a, b;
        herd_get_status(g, &a);
        herd_get_status(back, &b);
        assert_int_equal(a.result, b.result);
        assert_int_equal(a.side, b.side);
        assert_int_equal(a.reason, b.reason);
        assert_true(herd_same_position(g, back));
        /* A load of a save without it clears it; so does a position. */
        assert_int_equal(herd_load(back, plain), HERD_OK);
        assert_true(is_ongoing(back));
        char text[TEXT_CAP];
        position_text(g, text);
        assert_int_equal(herd_position_from_text(g, text), HERD_OK);
        assert_true(is_ongoing(g));
        herd_free(back);
        herd_free(g);
    }
    /* Malformed endings, and one on a position over by the rules. */
    herd_game *g = game_new("horses", "w=8 h=8 n=4 seed=3");
    char save[HERD_MAX_SAVE_TEXT], bad[HERD_MAX_SAVE_TEXT + 32];
    assert_int_equal(herd_save(g, save, sizeof save, NULL), HERD_OK);
    char *seed_end = strchr(strstr(save, " seed=") + 1, ' ');
    static const char *const wrong[] = {" end=resigned", " end=resigned:blue", " end=draw",
                                        " end=agreed:red"};
    for (size_t i = 0; i < 4; i++) {
        snprintf(bad, sizeof bad, "%.*s%s%s", (int)(seed_end - save), save, wrong[i], seed_end);
        assert_int_equal(herd_load(g, bad), HERD_E_PARSE);
        assert_non_null(strstr(herd_last_error(g), "end must be"));
    }
    herd_free(g);
    const game_case *c = first_case();
    herd_game *over = ended_game_of(c);
    assert_int_equal(herd_save(over, save, sizeof save, NULL), HERD_OK);
    seed_end = strstr(save, " seed=");
    seed_end = strchr(seed_end + 1, ' ');
    snprintf(bad, sizeof bad, "%.*s end=agreed%s", (int)(seed_end - save), save, seed_end);
    herd_game *h = game_new(c->game, c->options);
    assert_int_equal(herd_load(h, bad), HERD_E_POSITION);
    herd_free(h);
    herd_free(over);
}

static void show_says_how_the_players_ended_it(void **state)
{
    (void)state;
    herd_game *g = game_new("hare", NULL);
    char board[4096];
    assert_int_equal(herd_end(g, HERD_REASON_RESIGNED, 0), HERD_OK);
    assert_int_equal(herd_show(g, board, sizeof board, NULL), HERD_OK);
    assert_non_null(strstr(board, "\nThe hounds resigned: the hare wins"));
    assert_int_equal(herd_undo(g), HERD_OK);
    assert_int_equal(herd_end(g, HERD_REASON_ABANDONED, -1), HERD_OK);
    assert_int_equal(herd_show(g, board, sizeof board, NULL), HERD_OK);
    assert_non_null(strstr(board, "\nThe game was abandoned without a result"));
    herd_playout_result res = HERD_PLAYOUT_RESULT_INIT;
    assert_int_equal(herd_playouts(g, 5, HERD_PLAYOUT_RANDOM, 1, 0, &res), HERD_OK);
    assert_int_equal(res.unfinished, 5);
    herd_free(g);
}

/* -------------------------------------------------------------- clock */

static void the_clock_runs_presses_and_flags(void **state)
{
    (void)state;
    herd_clock c;
    assert_int_equal(herd_clock_init(&c, "300+5"), HERD_OK);
    assert_int_equal(c.base_ms, 300000);
    assert_int_equal(c.increment_ms, 5000);
    assert_int_equal(c.running, -1);
    char tc[16];
    size_t len;
    assert_int_equal(herd_clock_time_control(&c, tc, sizeof tc, &len), HERD_OK);
    assert_string_equal(tc, "300+5");
    assert_int_equal(herd_clock_time_control(&c, tc, 3, &len), HERD_E_BUFFER);
    assert_int_equal(len, 5);
    assert_int_equal(herd_clock_press(&c, 0), HERD_E_STATE); /* nothing runs */
    assert_int_equal(herd_clock_start(&c, 0, 1000), HERD_OK);
    assert_int_equal(herd_clock_left(&c, 0, 11000), 290000);
    assert_int_equal(herd_clock_left(&c, 1, 11000), 300000);
    assert_int_equal(herd_clock_press(&c, 11000), HERD_OK);
    assert_int_equal(c.running, 1);
    assert_int_equal(herd_clock_left(&c, 0, 50000), 295000); /* 290 + 5 */
    assert_int_equal(herd_clock_press(&c, 500), HERD_E_ARG); /* time went back */
    /* A pause: the time off is nobody's. */
    assert_int_equal(herd_clock_stop(&c, 21000), HERD_OK);
    assert_int_equal(herd_clock_left(&c, 1, 999999), 290000);
    assert_int_equal(herd_clock_stop(&c, 0), HERD_OK); /* harmless when stopped */
    assert_int_equal(herd_clock_start(&c, 1, 100000), HERD_OK);
    assert_int_equal(herd_clock_flagged(&c, 389999), -1);
    assert_int_equal(herd_clock_flagged(&c, 390000), 1);
    assert_true(herd_clock_left(&c, 1, 400000) < 0);
    assert_int_equal(herd_clock_press(&c, 400000), HERD_E_STATE);
    assert_int_equal(c.running, -1);
    assert_int_equal(herd_clock_flagged(&c, 400000), 1);
    assert_int_equal(herd_clock_start(&c, 0, 400000), HERD_E_STATE);
    /* No time control: nothing runs out. */
    assert_int_equal(herd_clock_init(&c, "-"), HERD_OK);
    assert_int_equal(herd_clock_time_control(&c, tc, sizeof tc, NULL), HERD_OK);
    assert_string_equal(tc, "-");
    assert_int_equal(herd_clock_start(&c, 0, 0), HERD_OK);
    assert_int_equal(herd_clock_left(&c, 0, INT64_MAX / 2), INT64_MAX);
    assert_int_equal(herd_clock_flagged(&c, INT64_MAX / 2), -1);
    assert_int_equal(herd_clock_press(&c, 10), HERD_OK);
    /* Bad texts and arguments change nothing. */
    static const char *const bad[] = {"",     "300",  "300+", "+5",   "0+5",  "05+5",
                                      "300+05", "300 +5", "-1+0", "300+5x", "1000000001+0", "--"};
    herd_clock before = c;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(herd_clock_init(&c, bad[i]), HERD_E_PARSE);
        assert_memory_equal(&c, &before, sizeof c);
    }
    assert_int_equal(herd_clock_init(NULL, "-"), HERD_E_ARG);
    assert_int_equal(herd_clock_init(&c, NULL), HERD_E_ARG);
    assert_int_equal(herd_clock_start(&c, 2, 0), HERD_E_ARG);
    assert_int_equal(herd_clock_left(NULL, 0, 0), 0);
    assert_int_equal(herd_clock_flagged(NULL, 0), -1);
}

/* ------------------------------------------------- docs/records.md */

/* Every example record of docs/records.md (a block of its Examples that
 * begins with `[Game `) is read back and written as it stands, byte for byte: each was
 * written by the library. */
static void the_examples_of_the_docs_replay(void **state)
{
    (void)state;
    FILE *f = fopen(HERD_DOCS_DIR "/records.md", "rb");
    assert_non_null(f);
    static char doc[1 << 16];
    size_t n = fread(doc, 1, sizeof doc - 1, f);
    fclose(f);
    doc[n] = '\0';
    int examples = 0;
    char *from = strstr(doc, "\n## Examples\n");
    assert_non_null(from);
    for (char *p = from; (p = strstr(p, "```\n[Game \"")) != NULL;) {
        p += 4;
        char *end = strstr(p, "```");
        assert_non_null(end);
        char saved = *end;
        *end = '\0';
        herd_record_free(round_trip(p, 0));
        *end = saved;
        examples++;
        p = end;
    }
    assert_true(examples >= (int)herd_game_count());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_game_with_every_ending_reads_back_the_same),
        cmocka_unit_test(a_record_from_a_set_position_starts_there),
        cmocka_unit_test(tags_keep_their_order_and_refuse_the_games_own),
        cmocka_unit_test(clocks_are_whole_seconds_and_read_back),
        cmocka_unit_test(crlf_line_ends_read_as_lf),
        cmocka_unit_test(a_turn_number_stays_with_its_action),
        cmocka_unit_test(a_record_with_a_base_keeps_its_tags_and_shared_notes),
        cmocka_unit_test(every_refusal_names_its_place),
        cmocka_unit_test(a_result_the_final_position_contradicts_is_refused),
        cmocka_unit_test(a_reader_reads_records_one_after_another),
        cmocka_unit_test(a_file_reader_reads_across_its_chunks),
        cmocka_unit_test(a_refused_record_is_passed_over),
        cmocka_unit_test(a_record_over_max_bytes_is_refused_in_bounded_memory),
        cmocka_unit_test(every_allocation_failure_is_clean),
        cmocka_unit_test(null_arguments_are_refused),
        cmocka_unit_test(each_ending_sets_the_status_and_undo_takes_it_back),
        cmocka_unit_test(a_bad_reason_or_side_is_refused_and_changes_nothing),
        cmocka_unit_test(the_fox_may_resign_in_a_chain_and_hex_before_its_dice),
        cmocka_unit_test(saves_carry_the_ending_and_old_saves_load),
        cmocka_unit_test(show_says_how_the_players_ended_it),
        cmocka_unit_test(the_clock_runs_presses_and_flags),
        cmocka_unit_test(the_examples_of_the_docs_replay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
