#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUF 256

static int count_words(const char *s) {
    int n = 0, in = 0;
    for (; *s; s++) {
        if (*s == ' ' || *s == '\n') in = 0;
        else if (!in) { in = 1; n++; }
    }
    return n;
}

int main(int argc, char **argv) {
    char line[BUF];
    long total = 0;
    while (fgets(line, sizeof line, stdin)) {
        total += count_words(line);
    }
    printf("%ld\n", total);
    return 0;
}
