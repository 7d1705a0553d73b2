/* The main() of a fuzz harness built without libFuzzer: runs
 * LLVMFuzzerTestOneInput() once on every file named on the command line,
 * and on every file of every directory named there (not recursively), so
 * that CTest replays the seed corpora with any compiler. Arguments that
 * begin with '-' are libFuzzer's options and are ignored, so that one
 * command line serves both builds (`fuzz_NAME -runs=0 CORPUS`). */
#define _POSIX_C_SOURCE 200809L /* opendir */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
            while (d && (e = readdir(d)) != NULL) {
                char path[4096];
                snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
                if (e->d_name[0] == '.' || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
                    continue;
                if (run_file(path))
                    files++;
                else
                    failed++;
            }
            if (d)
                closedir(d);
        } else if (run_file(argv[i])) {
            files++;
        } else {
            failed++;
        }
    }
    printf("%ld inputs replayed\n", files);
    /* An empty corpus proves nothing. */
    return failed || files == 0;
}
