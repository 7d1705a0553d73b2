/* herd_show() in every case of every game of the registry (test_games.h):
 * lines joined by newlines, none of them empty, and no newline after the
 * last, in every position along a game, ended games included. */
#include "test_games.h"

static void check_show(const herd_game *g)
{
    char text[1 << 14];
    size_t len = 0;
    assert_int_equal(herd_show(g, text, sizeof text, &len), HERD_OK);
    assert_int_equal(strlen(text), len);
    assert_true(len > 0);
    assert_int_not_equal(text[len - 1], '\n'); /* no final newline */
    assert_int_not_equal(text[0], '\n');
    assert_null(strstr(text, "\n\n"));   /* no empty line */
    assert_non_null(strchr(text, '\n')); /* several lines */
}

static void show_text_has_no_final_newline_and_no_empty_line(void **state)
{
    (void)state;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        herd_game *g = case_new(c, NULL, NULL);
        herd_status st;
        check_show(g);
        for (int ply = 0; ply < 2000; ply++) {
            assert_int_equal(herd_get_status(g, &st), HERD_OK);
            if (st.result != HERD_ONGOING)
                break;
            herd_move m;
            if (herd_is_chance(g))
                assert_int_equal(herd_roll(g, &m), HERD_OK);
            else
                assert_int_equal(herd_play_genmove(g, 1, &m), HERD_OK);
            check_show(g);
        }
        herd_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(show_text_has_no_final_newline_and_no_empty_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
