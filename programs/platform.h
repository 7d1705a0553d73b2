/* What the programs of programs/ ask of the system beyond standard C, in
 * one place: POSIX, or on Windows its own API (docs/building.md). */
#ifndef HERD_PLATFORM_H
#define HERD_PLATFORM_H

#include <stdio.h>
#include <stdlib.h>

#ifdef _WIN32
#    include <fcntl.h>
#    include <io.h>
#    define PSAPI_VERSION 2 /* GetProcessMemoryInfo from kernel32, no psapi.lib */
#    include <windows.h>
#    include <psapi.h>
#    include <shellapi.h> /* CommandLineToArgvW: shell32 */
#else
#    include <sys/resource.h>
#endif

/* Standard input, output and error as bytes: the protocol's lines end in
 * "\n" on every system, where Windows' text mode would write "\r\n" (and
 * read a "\r\n" as "\n", which the programs do themselves). */
static inline void herd_binary_stdio(void)
{
#ifdef _WIN32
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
#endif
}

/* The program's arguments in UTF-8, as on other systems: Windows keeps
 * them in UTF-16, and its argv has them in the ANSI code page, which loses
 * what that lacks. The strings live as long as the program. */
static inline void herd_utf8_args(int *argc, char ***argv)
{
#ifdef _WIN32
    int n;
    wchar_t **wide = CommandLineToArgvW(GetCommandLineW(), &n);
    char **utf8 = wide ? malloc(((size_t)n + 1) * sizeof *utf8) : NULL;
    for (int i = 0; utf8 && i < n; i++) {
        int size = WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, NULL, 0, NULL, NULL);
        utf8[i] = size > 0 ? malloc((size_t)size) : NULL;
        if (!utf8[i] ||
            WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, utf8[i], size, NULL, NULL) != size) {
            utf8 = NULL; /* keep the system's argv */
            break;
        }
    }
    if (utf8) {
        utf8[n] = NULL;
        *argc = n;
        *argv = utf8;
    }
    if (wide)
        LocalFree(wide);
#else
    (void)argc;
    (void)argv;
#endif
}

/* The process's peak resident memory in bytes; 0 when unknown. */
static inline double herd_peak_memory(void)
{
#ifdef _WIN32
    PROCESS_MEMORY_COUNTERS pmc;
    if (!GetProcessMemoryInfo(GetCurrentProcess(), &pmc, sizeof pmc))
        return 0;
    return (double)pmc.PeakWorkingSetSize;
#else
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return (double)ru.ru_maxrss * 1024; /* Linux: kilobytes */
#endif
}

#endif /* HERD_PLATFORM_H */
