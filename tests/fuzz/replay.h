/* What each fuzz harness offers tests/fuzz/replay.c, the main() of the
 * builds without libFuzzer that CTest runs on the seed corpora: the input
 * function, and two hooks through which the replay covers every game of the
 * registry (herd_game_count()) at once. */
#ifndef HERD_FUZZ_REPLAY_H
#define HERD_FUZZ_REPLAY_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether the input plays the game `name`: the replay fails when a game of
 * the registry has no input of its own in the corpus. */
int fuzz_input_plays(const uint8_t *data, size_t size, const char *name);

/* An input that plays the game `name` with `options`, written into buf;
 * its length (at most cap), 0 for none. The replay runs one for every game
 * of the registry at its default, smallest and largest options. */
size_t fuzz_registry_input(const char *name, const char *options, uint8_t *buf, size_t cap);

#endif /* HERD_FUZZ_REPLAY_H */
