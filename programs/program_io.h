/* Reading and writing for the programs of programs/, one place for each:
 *
 * - Lines are read whole, in bounded memory: a line too long or holding a
 *   NUL byte is reported as such, never cut into pieces or at the NUL.
 * - Every program ends its output files and standard output with
 *   output_close(), so that a write that failed on the way (a full disk, a
 *   closed pipe) ends it with a message and status 1, never with status 0
 *   and a file cut short. A stream's error flag is sticky: one check at the
 *   end sees every write before it. */
#ifndef HERD_PROGRAM_IO_H
#define HERD_PROGRAM_IO_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Whether a write to f has failed so far (its buffer flushed first): for a
 * program that stops early rather than work on for output that is lost. */
static inline int output_failed(FILE *f)
{
    return fflush(f) != 0 || ferror(f);
}

/* Flushes and closes f: 0 when every write reached it, else the error
 * number of the failure (-1 where none is known: a write that failed before
 * the last flush). For a program that says so its own way (herd-play, on
 * its message line). */
static inline int output_finish(FILE *f)
{
    errno = 0;
    int failed = fflush(f) != 0 || ferror(f);
    int why = failed ? (errno ? errno : -1) : 0;
    if (fclose(f) != 0 && !failed)
        why = errno ? errno : -1;
    return why;
}

/* What output_finish()'s number means. */
static inline const char *output_error(int why)
{
    return why > 0 ? strerror(why) : "a write failed";
}

/* Flushes and closes f, which `program` wrote as `name` (a file name, or
 * "standard output"): 0 when every write reached it, else 1 after
 * "PROGRAM: cannot write NAME: WHY" on standard error. */
static inline int output_close(FILE *f, const char *program, const char *name)
{
    int why = output_finish(f);
    if (why)
        fprintf(stderr, "%s: cannot write %s: %s\n", program, name, output_error(why));
    return why != 0;
}

enum { LINE_END = 0, LINE_OK, LINE_TOO_LONG, LINE_NUL };

/* One byte of a line read: kept while there is room. */
static inline void line_byte(int b, char *line, size_t cap, size_t *n, int *status)
{
    if (b == '\0')
        *status = LINE_NUL;
    else if (*n + 1 < cap)
        line[(*n)++] = (char)b;
    else if (*status == LINE_OK)
        *status = LINE_TOO_LONG;
}

/* Reads one line into line[cap] without its newline (and a carriage return
 * before it, which takes no room). A line of cap bytes or more, or holding
 * a NUL byte, is read to its end all the same (LINE_TOO_LONG, LINE_NUL;
 * line holds its first bytes), so that the next call reads the next line.
 * LINE_END at the end of input. */
static inline int read_line(FILE *in, char *line, size_t cap)
{
    size_t n = 0;
    int c, status = LINE_OK, cr = 0;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (cr) /* a carriage return not before the newline is a byte of the line */
            line_byte('\r', line, cap, &n, &status);
        cr = c == '\r';
        if (!cr)
            line_byte(c, line, cap, &n, &status);
    }
    if (c == EOF && n == 0 && !cr && status == LINE_OK)
        return LINE_END;
    line[n] = '\0';
    return status;
}

#endif /* HERD_PROGRAM_IO_H */
