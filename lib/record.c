/* Game records (docs/records.md): a game's history as text and back, read
 * in bounded memory and replayed with the rules. The generic core: it sees
 * the games through their rules table and the public calls only. */
#include "herd/record.h"

#include "core.h"

int herd_record_from_game(const herd_game *g, const herd_record *base, herd_alloc_fn alloc,
                          void *ud, herd_record **out)
{
    (void)g, (void)base, (void)alloc, (void)ud, (void)out;
    return HERD_E_UNSUPPORTED;
}

void herd_record_free(herd_record *r)
{
    (void)r;
}

int herd_record_set_tag(herd_record *r, const char *key, const char *value)
{
    (void)r, (void)key, (void)value;
    return HERD_E_UNSUPPORTED;
}

const char *herd_record_tag(const herd_record *r, const char *key)
{
    (void)r, (void)key;
    return NULL;
}

size_t herd_record_tag_count(const herd_record *r)
{
    (void)r;
    return 0;
}

int herd_record_tag_at(const herd_record *r, size_t i, const char **key, const char **value)
{
    (void)r, (void)i, (void)key, (void)value;
    return HERD_E_UNSUPPORTED;
}

size_t herd_record_plies(const herd_record *r)
{
    (void)r;
    return 0;
}

int herd_record_move(const herd_record *r, size_t ply, herd_move *m)
{
    (void)r, (void)ply, (void)m;
    return HERD_E_UNSUPPORTED;
}

int herd_record_set_comment(herd_record *r, size_t ply, const char *text)
{
    (void)r, (void)ply, (void)text;
    return HERD_E_UNSUPPORTED;
}

const char *herd_record_comment(const herd_record *r, size_t ply)
{
    (void)r, (void)ply;
    return NULL;
}

int herd_record_set_clock(herd_record *r, size_t ply, int64_t ms_left)
{
    (void)r, (void)ply, (void)ms_left;
    return HERD_E_UNSUPPORTED;
}

int herd_record_clock(const herd_record *r, size_t ply, int64_t *ms_left)
{
    (void)r, (void)ply, (void)ms_left;
    return HERD_E_UNSUPPORTED;
}

int herd_record_status(const herd_record *r, herd_status *st)
{
    (void)r, (void)st;
    return HERD_E_UNSUPPORTED;
}

int herd_record_write(const herd_record *r, int one_line, char *buf, size_t cap, size_t *len)
{
    (void)r, (void)one_line, (void)buf, (void)cap, (void)len;
    return HERD_E_UNSUPPORTED;
}

int herd_record_game(const herd_record *r, size_t ply, herd_alloc_fn alloc, void *ud,
                     herd_game **out)
{
    (void)r, (void)ply, (void)alloc, (void)ud, (void)out;
    return HERD_E_UNSUPPORTED;
}

int herd_record_parse(const char *text, size_t len, herd_alloc_fn alloc, void *ud,
                      herd_record **out, herd_record_error *err)
{
    (void)text, (void)len, (void)alloc, (void)ud, (void)out, (void)err;
    return HERD_E_UNSUPPORTED;
}

int herd_record_reader_from_buffer(const char *text, size_t len, size_t max_bytes,
                                   herd_alloc_fn alloc, void *ud, herd_record_reader **out)
{
    (void)text, (void)len, (void)max_bytes, (void)alloc, (void)ud, (void)out;
    return HERD_E_UNSUPPORTED;
}

int herd_record_reader_from_file(FILE *f, size_t max_bytes, herd_alloc_fn alloc, void *ud,
                                 herd_record_reader **out)
{
    (void)f, (void)max_bytes, (void)alloc, (void)ud, (void)out;
    return HERD_E_UNSUPPORTED;
}

int herd_record_read(herd_record_reader *rd, herd_record **out, herd_record_error *err)
{
    (void)rd, (void)out, (void)err;
    return HERD_E_UNSUPPORTED;
}

void herd_record_reader_free(herd_record_reader *rd)
{
    (void)rd;
}
