/* Loads libherd.dll as the C# assembly's P/Invoke does on Windows: by name,
 * then each function it imports by GetProcAddress (the names are the
 * arguments); then makes one game and prints its position text.
 * bindings/csharp/tests/wine_imports.sh builds and runs it under wine. */
#include <stdio.h>
#include <windows.h>

typedef int (*new_fn)(const char *, const char *, void *, void *, void **, void *);
typedef int (*text_fn)(void *, char *, size_t, size_t *);

int main(int argc, char **argv)
{
    HMODULE lib = LoadLibraryA("libherd.dll");
    if (!lib) {
        printf("libherd.dll did not load (error %lu)\n", (unsigned long)GetLastError());
        return 1;
    }
    int missing = 0;
    for (int i = 1; i < argc; i++)
        if (!GetProcAddress(lib, argv[i])) {
            printf("missing %s\n", argv[i]);
            missing++;
        }
    new_fn herd_new = (new_fn)(void (*)(void))GetProcAddress(lib, "herd_new");
    text_fn position = (text_fn)(void (*)(void))GetProcAddress(lib, "herd_position_to_text");
    char err[256], text[1024];
    void *g;
    size_t len;
    if (!herd_new || !position || herd_new("horses", "w=10 h=8 seed=7", NULL, NULL, &g, err) != 0 ||
        position(g, text, sizeof text, &len) != 0)
        return 1;
    printf("%d of %d imports found; %s\n", argc - 1 - missing, argc - 1, text);
    return missing != 0;
}
