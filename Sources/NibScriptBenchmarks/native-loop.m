// The native reference for nibscript-bench: the same retain/release/autorelease/drain loop
// as the engine workload "engine API loop", on a real Objective-C runtime (GNUstep's libobjc
// and Foundation), so the two rates can be compared in one run on one machine.
//
// Built and run by nibscript-bench when gcc and gnustep-config are installed:
//     gcc -O2 `gnustep-config --objc-flags` native-loop.m -o native-loop `gnustep-config --base-libs`
// Usage: native-loop EVENTS   — prints "EVENTS NANOSECONDS".
#import <Foundation/Foundation.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv) {
    long events = argc > 1 ? atol(argv[1]) : 10000000;
    NSAutoreleasePool *outer = [[NSAutoreleasePool alloc] init];
    NSObject *a = [[NSObject alloc] init];
    // Five events a turn, as in the engine workload: retain, release, retain, autorelease,
    // and the pool's release of that autorelease when it drains.
    long turns = events / 5;
    long long start = now_ns();
    long i;
    for (i = 0; i < turns; i++) {
        NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
        [a retain];
        [a release];
        [a retain];
        [a autorelease];
        [pool drain];
    }
    long long elapsed = now_ns() - start;
    if ([a retainCount] != 1) { fprintf(stderr, "native-loop: wrong retain count %lu\n", (unsigned long)[a retainCount]); return 1; }
    [a release];
    [outer drain];
    printf("%ld %lld\n", turns * 5, elapsed);
    return 0;
}
