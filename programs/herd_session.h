/* The command loop of the herd program (docs/protocol.md) over any pair of
 * streams: programs/herd.c's main() runs it on standard input and output,
 * and the protocol fuzzer (tests/fuzz/fuzz_protocol.c) runs it in-process. */
#ifndef HERD_SESSION_H
#define HERD_SESSION_H

#include <stdio.h>

/* The longest command line, in bytes without its newline: room for the
 * one-line record of a game of some 70,000 actions (docs/protocol.md: 11
 * to 14 bytes an action). A longer line is answered `? line too long`. */
#define HERD_SESSION_MAX_LINE ((size_t)1 << 20)

/* Reads commands from `in` and answers each on `out` until `quit` or the
 * end of input; returns the exit status: 0, or 1 when out of memory or when
 * an answer could not be written (ferror(out) then says so, and the loop
 * stops: nobody reads the answers). */
int herd_session_run(FILE *in, FILE *out);

/* Stops the command that runs now, which answers `? interrupted`; the loop
 * reads on. Async-signal-safe: main() calls it on SIGINT. */
void herd_session_interrupt(void);

#endif /* HERD_SESSION_H */
