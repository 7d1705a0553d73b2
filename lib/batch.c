/* Batches (herd/batch.h): n games of one kind in one allocation, each a
 * game in caller memory (herd_copy_into()) so that the one-game calls read
 * it, stepped together. Each game keeps its legal actions, computed once
 * after every change, so that the masks, the random actions and the checks
 * of a step read them instead of generating the moves again: as a bit set
 * over the action space where the rules give one (legal_bits(), for a game
 * whose legal() runs up the space and would walk its whole board to list
 * their numbers), else as the list of their numbers. Games that number
 * their legal actions themselves (the rules' legal_indices()) give the
 * list; for the others, since the action space depends on the options
 * only, the batch tables it once: each number's action, and a hash from
 * action to number, which costs a probe where the games' own numbering
 * walks their board. A room of the core, as actions.c is. */
#include "core.h"

#include "bits.h"

#include "herd/batch.h"

struct herd_batch {
    const herd_rules *rules;
    herd_alloc_fn alloc;
    void *ud;
    size_t bytes;      /* the allocation, this struct included */
    size_t n;          /* games */
    size_t game_bytes; /* one game in caller memory, a multiple of max_align_t */
    size_t actions;    /* N of the action space */
    size_t floats;     /* one observation */
    uint32_t max_length;
    herd_option_values values; /* the options; each new game sets its seed */
    size_t seed_option;        /* the seed's place in values */
    herd_rng seeds;            /* the new games' seeds */
    herd_rng picks;            /* the random actions */
    unsigned char *games;      /* n games of game_bytes */
    herd_move *space;          /* each number's action: actions */
    uint16_t *slots;           /* a hash of space: number + 1, 0 for none */
    size_t slot_mask;          /* slots - 1, a power of 2 minus 1 */
    size_t words;              /* (actions + 63) / 64 with the rules' legal_bits(), else 0 */
    uint64_t *bits;            /* n x words: each game's legal actions */
    size_t list;               /* desc.max_moves + BLOCK without legal_bits(), else 0 */
    uint16_t *legal;           /* n x list: their numbers in legal()'s order, then BLOCK more */
    uint16_t *legal_count;     /* n */
    uint32_t *length;          /* n: the caller's actions in each game */
    char err[HERD_ERROR_MESSAGE_SIZE];
};

static size_t round_up(size_t n)
{
    size_t a = alignof(max_align_t);
    return (n + a - 1) / a * a;
}

static herd_game *game_at(const herd_batch *b, size_t i)
{
    return (herd_game *)(void *)(b->games + i * b->game_bytes);
}

static herd_msg batch_msg(herd_batch *b)
{
    herd_msg m = {b->err, sizeof b->err};
    return m;
}

/* The end of `count` items of `size` bytes placed at `at`, rounded up for
 * what comes next; 0 when `at` is 0 or the end does not fit in a size_t. */
static size_t place(size_t at, size_t count, size_t size)
{
    if (at == 0 || count > (SIZE_MAX - at - alignof(max_align_t)) / size)
        return 0;
    return round_up(at + count * size);
}

/* ----------------------------------------------------- a game's turn */

/* Plays the chance events that wait, from the game's own generator, as
 * herd_roll() draws them. Called only for games with chance events. */
static void play_chance(const herd_rules *r, void *state)
{
    herd_move moves[HERD_MAX_OUTCOMES];
    uint32_t weights[HERD_MAX_OUTCOMES];
    herd_head *h = state;
    size_t k;
    while (h->result == HERD_ONGOING && (k = r->chance(state, moves, weights)) > 0)
        r->play(state, moves[herdi_rng_pick(&h->rng, weights, k, r->chance_total)]);
}

_Static_assert(HERD_MAX_ACTIONS < UINT16_MAX && HERD_MAX_MOVES < UINT16_MAX,
               "action numbers and counts fit in 16 bits");

static size_t slot_of(const herd_batch *b, herd_move m)
{
    return (size_t)((m * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & b->slot_mask;
}

static void table_space(herd_batch *b, const void *state)
{
    memset(b->slots, 0, (b->slot_mask + 1) * sizeof *b->slots);
    for (size_t i = 0; i < b->actions; i++) {
        herd_move m = b->rules->action_move(state, i);
        size_t s = slot_of(b, m);
        while (b->slots[s])
            s = (s + 1) & b->slot_mask;
        b->space[i] = m;
        b->slots[s] = (uint16_t)(i + 1);
    }
}

/* The number of a legal action of a game of the batch: the hash's, or the
 * game's own for an action that the space writes another way. */
static uint16_t number_of(const herd_batch *b, const void *state, herd_move m)
{
    for (size_t s = slot_of(b, m); b->slots[s]; s = (s + 1) & b->slot_mask)
        if (b->space[b->slots[s] - 1] == m)
            return (uint16_t)(b->slots[s] - 1);
    size_t i = 0;
    b->rules->action_index(state, m, &i); /* a legal action has one */
    return (uint16_t)i;
}

/* The numbers of legal()'s moves, through the table; returns the count. */
static size_t number_legal(const herd_batch *b, const void *state, uint16_t *legal)
{
    herd_move moves[HERD_MAX_MOVES];
    size_t k = b->rules->legal(state, moves);
    for (size_t j = 0; j < k; j++)
        legal[j] = number_of(b, state, moves[j]);
    return k;
}

/* A list is read BLOCK numbers at a time, to the end of the block that
 * holds its last (a loop that ends at the count, or a search that stops at
 * the action, is mispredicted about once a game, where few games have
 * more than one or two blocks): its numbers are followed by BLOCK copies
 * of the first (a game of the batch always has a legal action), which the
 * masks set again and the checks find legal again. */
#define BLOCK 8

static void refresh_legal(herd_batch *b, size_t i)
{
    const herd_rules *r = b->rules;
    const void *state = game_at(b, i)->state;
    size_t k;
    if (b->words) {
        k = r->sparse->legal_bits(state, b->bits + i * b->words);
    } else {
        uint16_t *legal = b->legal + i * b->list;
        k = r->legal_indices ? r->legal_indices(state, legal) : number_legal(b, state, legal);
        for (size_t j = 0; j < BLOCK; j++)
            legal[k + j] = legal[0];
    }
    b->legal_count[i] = (uint16_t)k;
}

/* Game i's legal action of rank k (k below its count): the k-th of its
 * list, or of its bits counted from action 0 (legal()'s k-th all the
 * same: legal_bits() is for games that list in that order). */
static size_t legal_at(const herd_batch *b, size_t i, size_t k)
{
    if (b->list)
        return b->legal[i * b->list + k];
    /* Its word: past every word whose bits and those before number k or
     * fewer, counted without a branch on k (which would be mispredicted
     * about once a game). */
    const uint64_t *bits = b->bits + i * b->words;
    size_t w = 0, before = 0, sum = 0;
    for (size_t j = 0; j < b->words; j++) {
        sum += (size_t)herd_bit_count(bits[j]);
        size_t past = k >= sum;
        w += past;
        before += past * (sum - before);
    }
    return 64 * w + (size_t)herd_nth_bit(bits[w], (unsigned)(k - before));
}

/* Starts game i anew with a seed from the batch's generator, up to its
 * first decision. The options were accepted when the batch was made and
 * a seed only feeds the generator, so the start succeeds and goes on (a
 * start that did not would be drawn again). */
static void start_game(herd_batch *b, size_t i)
{
    herd_msg quiet = {NULL, 0};
    herd_game *g = game_at(b, i);
    const herd_head *h = herd_game_head(g);
    for (;;) {
        b->values.number[b->seed_option] = herdi_rng_next(&b->seeds);
        if (herdi_state_start(b->rules, g->state, &b->values, quiet) != HERD_OK)
            continue;
        if (b->rules->chance)
            play_chance(b->rules, g->state);
        if (h->result == HERD_ONGOING)
            break;
    }
    b->length[i] = 0;
    refresh_legal(b, i);
}

/* ------------------------------------------------------------ creation */

/* Whether the options as given name a seed. */
static int gives_seed(const herd_options *opt)
{
    for (size_t k = 0; k < opt->count; k++)
        if (strcmp(opt->item[k].key, "seed") == 0)
            return 1;
    return 0;
}

int herd_batch_new(const char *game, const char *options, size_t n, uint64_t seed,
                   uint32_t max_length, herd_alloc_fn alloc, void *ud, herd_batch **out,
                   herd_error *err)
{
    if (!out || !game)
        return herd_null_arg_error(err, !out ? "out" : "game");
    if (n == 0) {
        herd_set_error(err, HERD_E_ARG, "a batch holds at least 1 game");
        return HERD_E_ARG;
    }
    if (!alloc)
        alloc = herdi_default_alloc;
    /* The options read and checked once, as herd_new() would, and a first
     * game started from them on the stack: what the batch's layout needs
     * (the action space, the observation) is read from its state. */
    const herd_rules *r;
    herd_options opt;
    int rc = herdi_game_options(game, options, &r, &opt, err);
    if (rc != HERD_OK)
        return rc;
    char msgbuf[HERD_ERROR_MESSAGE_SIZE] = "";
    herd_msg msg = {msgbuf, sizeof msgbuf};
    herd_option_values values;
    union {
        max_align_t align;
        unsigned char bytes[HERD_MAX_STATE_SIZE];
    } first;
    rc = herdi_options_check(&opt, &r->desc, &values, msg);
    if (rc == HERD_OK)
        rc = herdi_state_start(r, first.bytes, &values, msg);
    if (rc != HERD_OK) {
        herd_set_error(err, rc, msgbuf);
        return rc;
    }
    if (gives_seed(&opt)) {
        herd_set_error(err, HERD_E_ARG,
                       "seed is the batch's own argument, which seeds its games: the options "
                       "may not give one");
        return HERD_E_ARG;
    }
    size_t game_bytes = herdi_game_handle_size(r), actions = r->num_actions(first.bytes), slots = 2;
    size_t words = r->sparse ? (actions + 63) / 64 : 0;
    size_t list = words ? 0 : r->desc.max_moves + BLOCK;
    while (slots < 2 * actions)
        slots *= 2;
    size_t space_at = round_up(sizeof(herd_batch));
    size_t slots_at = place(space_at, actions, sizeof(herd_move));
    size_t games_at = place(slots_at, slots, sizeof(uint16_t));
    size_t bits_at = place(games_at, n, game_bytes);
    size_t legal_at = words ? place(bits_at, n, words * sizeof(uint64_t)) : bits_at;
    size_t count_at = list ? place(legal_at, n, list * sizeof(uint16_t)) : legal_at;
    size_t length_at = place(count_at, n, sizeof(uint16_t));
    size_t bytes = place(length_at, n, sizeof(uint32_t));
    unsigned char *mem = bytes ? alloc(ud, NULL, 0, bytes) : NULL;
    if (!mem) {
        if (bytes)
            herdi_fail(msg, HERD_E_NOMEM,
                       "out of memory for the batch: the allocator refused the %zu bytes that "
                       "%zu games of %s need",
                       bytes, n, r->desc.name);
        else
            herdi_fail(msg, HERD_E_NOMEM,
                       "the batch is too large: %zu games of %s need more bytes than a size_t "
                       "holds",
                       n, r->desc.name);
        herd_set_error(err, HERD_E_NOMEM, msgbuf);
        return HERD_E_NOMEM;
    }
    herd_batch *b = (herd_batch *)(void *)mem;
    b->rules = r;
    b->alloc = alloc;
    b->ud = ud;
    b->bytes = bytes;
    b->n = n;
    b->game_bytes = game_bytes;
    b->actions = actions;
    size_t shape[3];
    r->observation_shape(first.bytes, shape);
    b->floats = shape[0] * shape[1] * shape[2];
    b->max_length = max_length;
    memset(&b->values, 0, sizeof b->values);
    r->options_of(first.bytes, &b->values);
    b->seed_option = (size_t)herdi_option_index(&r->desc, "seed");
    herdi_rng_seed(&b->seeds, seed);
    herdi_rng_seed(&b->picks, herdi_rng_next(&b->seeds));
    b->space = (herd_move *)(void *)(mem + space_at);
    b->slots = (uint16_t *)(void *)(mem + slots_at);
    b->slot_mask = slots - 1;
    table_space(b, first.bytes);
    b->games = mem + games_at;
    b->words = words;
    b->bits = (uint64_t *)(void *)(mem + bits_at);
    b->list = list;
    b->legal = (uint16_t *)(void *)(mem + legal_at);
    b->legal_count = (uint16_t *)(void *)(mem + count_at);
    b->length = (uint32_t *)(void *)(mem + length_at);
    b->err[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        herdi_game_place(r, first.bytes, b->games + i * game_bytes);
        start_game(b, i);
    }
    *out = b;
    return HERD_OK;
}

void herd_batch_free(herd_batch *b)
{
    if (b)
        b->alloc(b->ud, b, b->bytes, 0);
}

size_t herd_batch_count(const herd_batch *b)
{
    return b ? b->n : 0;
}

const herd_game *herd_batch_game(const herd_batch *b, size_t i)
{
    return b && i < b->n ? game_at(b, i) : NULL;
}

const char *herd_batch_last_error(const herd_batch *b)
{
    return b ? b->err : "";
}

/* ------------------------------------------------------------ reading */

/* HERD_E_ARG with a message unless n is the batch's count. */
static int check_count(herd_batch *b, size_t n, const char *what)
{
    if (n != b->n)
        return herdi_fail(batch_msg(b), HERD_E_ARG, "%s: %zu given for a batch of %zu games", what,
                          n, b->n);
    return HERD_OK;
}

/* HERD_E_BUFFER with a message unless cap holds `each` per game. */
static int check_room(herd_batch *b, size_t cap, size_t each, const char *what)
{
    if (cap / each < b->n)
        return herdi_fail(batch_msg(b), HERD_E_BUFFER,
                          "%s: room for %zu given, %zu games need %zu x %zu", what, cap, b->n, b->n,
                          each);
    return HERD_OK;
}

/* Each byte's eight bits as eight bytes of 0 or 1, its lowest bit first. */
#define SPREAD1(v)                                                                     \
    {                                                                                  \
        (v) & 1, (v) >> 1 & 1, (v) >> 2 & 1, (v) >> 3 & 1, (v) >> 4 & 1, (v) >> 5 & 1, \
            (v) >> 6 & 1, (v) >> 7 & 1                                                 \
    }
#define SPREAD4(v) SPREAD1(v), SPREAD1((v) + 1), SPREAD1((v) + 2), SPREAD1((v) + 3)
#define SPREAD16(v) SPREAD4(v), SPREAD4((v) + 4), SPREAD4((v) + 8), SPREAD4((v) + 12)
#define SPREAD64(v) SPREAD16(v), SPREAD16((v) + 16), SPREAD16((v) + 32), SPREAD16((v) + 48)
static const unsigned char spread[256][8] = {SPREAD64(0), SPREAD64(64), SPREAD64(128),
                                             SPREAD64(192)};

/* A mask's row of `actions` bytes from a game's bits: eight at a time from
 * a word in a local (a store through unsigned char may alias the bits,
 * which would then be read again for each eight), the whole row written. */
static void spread_bits(unsigned char *row, const uint64_t *bits, size_t actions)
{
    size_t j = 0;
    for (; j + 64 <= actions; j += 64) {
        uint64_t w = bits[j / 64];
        for (size_t k = 0; k < 64; k += 8, w >>= 8)
            memcpy(row + j + k, spread[w & 0xff], 8);
    }
    uint64_t w = j < actions ? bits[j / 64] : 0;
    for (; j + 8 <= actions; j += 8, w >>= 8)
        memcpy(row + j, spread[w & 0xff], 8);
    for (; j < actions; j++, w >>= 1)
        row[j] = (unsigned char)(w & 1);
}

int herd_batch_masks(herd_batch *b, unsigned char *masks, size_t cap, size_t *len)
{
    if (!b)
        return HERD_E_ARG;
    if (!masks && cap)
        return herd_null_msg(batch_msg(b), "masks");
    int rc = check_room(b, cap, b->actions, "masks");
    herd_set_len(len, b->n * b->actions);
    if (rc != HERD_OK)
        return rc;
    /* In locals: a store through unsigned char may alias any field, which
     * the compiler would then read again for every legal action. */
    size_t n = b->n, actions = b->actions, words = b->words, list = b->list;
    const uint64_t *bits = b->bits;
    const uint16_t *legal = b->legal, *count = b->legal_count;
    if (words) {
        for (size_t i = 0; i < n; i++, masks += actions, bits += words)
            spread_bits(masks, bits, actions);
        return HERD_OK;
    }
    /* Game by game, each row cleared just before its few ones are set:
     * the row is in the cache for them, and a row's memset is a few wide
     * stores where the whole array's would be the byte loop of a long
     * fill. The caller's buffer is written whole, whatever it held. */
    for (size_t i = 0; i < n; i++, masks += actions, legal += list) {
        memset(masks, 0, actions);
        for (size_t k = 0, end = count[i]; k < end; k += BLOCK)
            for (size_t j = 0; j < BLOCK; j++)
                masks[legal[k + j]] = 1;
    }
    return HERD_OK;
}

int herd_batch_observations(herd_batch *b, float *buf, size_t cap, size_t *len)
{
    if (!b)
        return HERD_E_ARG;
    if (!buf && cap)
        return herd_null_msg(batch_msg(b), "buf");
    int rc = check_room(b, cap, b->floats, "observations");
    herd_set_len(len, b->n * b->floats);
    if (rc != HERD_OK)
        return rc;
    for (size_t i = 0; i < b->n; i++) {
        const herd_game *g = game_at(b, i);
        herd_observation(g, herd_game_head(g)->side, buf + i * b->floats, b->floats, NULL);
    }
    return HERD_OK;
}

int herd_batch_sides(herd_batch *b, int *sides, size_t n)
{
    if (!b)
        return HERD_E_ARG;
    if (!sides)
        return herd_null_msg(batch_msg(b), "sides");
    int rc = check_count(b, n, "sides");
    if (rc != HERD_OK)
        return rc;
    for (size_t i = 0; i < n; i++)
        sides[i] = herd_game_head(game_at(b, i))->side;
    return HERD_OK;
}

int herd_batch_random_actions(herd_batch *b, size_t *actions, size_t n)
{
    if (!b)
        return HERD_E_ARG;
    if (!actions)
        return herd_null_msg(batch_msg(b), "actions");
    int rc = check_count(b, n, "actions");
    if (rc != HERD_OK)
        return rc;
    for (size_t i = 0; i < n; i++)
        actions[i] = legal_at(b, i, herdi_rng_below(&b->picks, b->legal_count[i]));
    return HERD_OK;
}

/* --------------------------------------------------------------- step */

/* The refusal of action a in game i: the code, with a message that names
 * the game, the action and, for an illegal one, the rules' reason (from a
 * refused apply on a copy). Apart from is_legal(), called for every game,
 * which would otherwise pay for the copy's stack pages each time. */
static int refuse_action(herd_batch *b, size_t i, size_t a)
{
    if (a >= b->actions)
        return herdi_fail(batch_msg(b), HERD_E_RANGE, "game %zu: action %zu is out of range 0..%zu",
                          i, a, b->actions - 1);
    union {
        max_align_t align;
        unsigned char bytes[HERD_MAX_STATE_SIZE];
    } copy;
    const herd_game *g = game_at(b, i);
    char why[HERD_ERROR_MESSAGE_SIZE] = "";
    herd_msg msg = {why, sizeof why};
    memcpy(copy.bytes, g->state, b->rules->state_size);
    b->rules->apply(copy.bytes, b->space[a], msg);
    return herdi_fail(batch_msg(b), HERD_E_ILLEGAL, "game %zu: action %zu is illegal: %s", i, a,
                      why[0] ? why : "not a legal action now");
}

/* Whether action a is legal in game i (a number out of range never is). */
static int is_legal(const herd_batch *b, size_t i, size_t a)
{
    if (a >= b->actions)
        return 0;
    if (b->words)
        return b->bits[i * b->words + a / 64] >> (a % 64) & 1;
    /* Four numbers a word: a number equal to a leaves a zero lane in
     * word ^ wants, which borrows into that lane's high bit (a borrow
     * reaches a lane above only from a zero lane, so any lane's bit says
     * that one is zero). */
    const uint64_t ones = UINT64_C(0x0001000100010001), highs = ones << 15, wants = ones * a;
    const uint16_t *legal = b->legal + i * b->list;
    uint64_t zero = 0;
    for (size_t k = 0, end = b->legal_count[i]; k < end; k += BLOCK)
        for (size_t j = 0; j < BLOCK; j += 4) {
            uint64_t word;
            memcpy(&word, legal + k + j, sizeof word);
            word ^= wants;
            zero |= (word - ones) & ~word & highs;
        }
    return zero != 0;
}

/* Game i's state asked of the caches, line by line, some games before the
 * step plays it: a move reads and writes its state at places that depend
 * on the move (the cells of a board), which the hardware's prefetchers do
 * not guess, and n states are more than the faster caches hold. */
#define PREFETCH_AHEAD 4
#define CACHE_LINE 64

static void prefetch_state(const herd_batch *b, size_t i)
{
    const char *state = (const char *)game_at(b, i)->state;
    for (size_t at = 0; at < b->rules->state_size; at += CACHE_LINE)
        herd_prefetch(state + at);
}

int herd_batch_step(herd_batch *b, const size_t *actions, size_t n, float *rewards,
                    unsigned char *done)
{
    if (!b)
        return HERD_E_ARG;
    if (!actions || !rewards || !done)
        return herd_null_msg(batch_msg(b), !actions ? "actions" : !rewards ? "rewards" : "done");
    int rc = check_count(b, n, "actions");
    if (rc != HERD_OK)
        return rc;
    for (size_t i = 0; i < n; i++)
        if (!is_legal(b, i, actions[i]))
            return refuse_action(b, i, actions[i]);
    const herd_rules *r = b->rules;
    for (size_t i = 0; i < n; i++) {
        herd_game *g = game_at(b, i);
        const herd_head *h = herd_game_head(g);
        if (i + PREFETCH_AHEAD < n)
            prefetch_state(b, i + PREFETCH_AHEAD);
        r->play(g->state, b->space[actions[i]]);
        if (r->chance)
            play_chance(r, g->state);
        b->length[i]++;
        rewards[2 * i] = rewards[2 * i + 1] = 0.0f;
        if (h->result != HERD_ONGOING) {
            if (h->result == HERD_WIN) {
                rewards[2 * i + (size_t)h->winner] = 1.0f;
                rewards[2 * i + 1 - (size_t)h->winner] = -1.0f;
            }
            done[i] = HERD_BATCH_ENDED;
            start_game(b, i);
        } else if (b->max_length && b->length[i] >= b->max_length) {
            done[i] = HERD_BATCH_TRUNCATED;
            start_game(b, i);
        } else {
            done[i] = HERD_BATCH_GOING;
            refresh_legal(b, i);
        }
    }
    return HERD_OK;
}
