/* The main() of a fuzz harness built without libFuzzer: runs
 * LLVMFuzzerTestOneInput() once on every file named on the command line,
 * and on every file of every directory named there (not recursively), so
 * that CTest replays the seed corpora with any compiler; then on inputs the
 * harness makes for every game of the registry at its default, smallest
 * and largest options (replay.h). It fails when a game of the registry has
 * no input of its own among the files. Arguments that begin with '-' are
 * libFuzzer's options and are ignored, so that one command line serves both
 * builds (`fuzz_NAME -runs=0 CORPUS`). */
#define _POSIX_C_SOURCE 200809L /* opendir */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../game_options.h"
#include "replay.h"

/* For each game of the registry, the files that play it. */
static long inputs_of[64];

/* Runs one file; returns 1 when it was read. */
static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return 0;
    }
    size_t cap = 4096, size = 0;
    uint8_t *data = malloc(cap);
    size_t got;
    while (data && (got = fread(data + size, 1, cap - size, f)) > 0) {
        size += got;
        if (size == cap) {
            uint8_t *bigger = realloc(data, cap *= 2);
            if (!bigger)
                free(data);
            data = bigger;
        }
    }
    fclose(f);
    if (!data) {
        fprintf(stderr, "out of memory for %s\n", path);
        return 0;
    }
    for (size_t i = 0; i < herd_game_count() && i < 64; i++)
        inputs_of[i] += fuzz_input_plays(data, size, herd_game_desc_at(i)->name);
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    return 1;
}

int main(int argc, char **argv)
{
    long files = 0, failed = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (argv[i][0] == '-')
            continue;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "no such file or directory: %s\n", argv[i]);
            failed++;
        } else if (S_ISDIR(st.st_mode)) {
            DIR *d = opendir(argv[i]);
            struct dirent *e;
            if (!d) {
                fprintf(stderr, "cannot open %s: %s\n", argv[i], strerror(errno));
                failed++;
                continue;
            }
            /* readdir() says an error only through errno (a NULL also ends
             * the directory), and the loop's own calls may set errno. */
            while ((errno = 0, e = readdir(d)) != NULL) {
                char path[4096];
                snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
                if (e->d_name[0] == '.' || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
                    continue;
                if (run_file(path))
                    files++;
                else
                    failed++;
            }
            if (errno != 0) {
                fprintf(stderr, "cannot read %s: %s\n", argv[i], strerror(errno));
                failed++;
            }
            closedir(d);
        } else if (run_file(argv[i])) {
            files++;
        } else {
            failed++;
        }
    }
    /* Every game of the registry: a seed of its own in the corpus, and the
     * harness's inputs at its options. */
    static uint8_t made[1 << 16];
    static const option_pick picks[] = {OPTIONS_DEFAULT, OPTIONS_SMALLEST, OPTIONS_LARGEST};
    long from_registry = 0;
    for (size_t i = 0; i < herd_game_count(); i++) {
        const herd_game_desc *d = herd_game_desc_at(i);
        if (i >= 64 || !inputs_of[i]) {
            fprintf(stderr, "no input of the corpus plays %s\n", d->name);
            failed++;
        }
        for (size_t p = 0; p < sizeof picks / sizeof picks[0]; p++) {
            char options[160];
            game_options(d, picks[p], p + 1, options, sizeof options);
            size_t size = fuzz_registry_input(d->name, options, made, sizeof made);
            if (size == 0) {
                fprintf(stderr, "no input for %s %s\n", d->name, options);
                failed++;
                continue;
            }
            LLVMFuzzerTestOneInput(made, size);
            from_registry++;
        }
    }
    printf("%ld inputs replayed, %ld made for the %zu games of the registry\n", files,
           from_registry, herd_game_count());
    /* An empty corpus proves nothing. */
    return failed || files == 0;
}
