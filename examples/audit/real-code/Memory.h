// Memory macros written to build under MRC and ARC alike, as many projects of 2011-2013 did.
#ifndef MEMORY_H
#define MEMORY_H
#if __has_feature(objc_arc)
#  define CLEAR(p)       p = nil
#  define DEALLOC_SUPER
#else
#  define CLEAR(p)       [p release], p = nil
#  define DEALLOC_SUPER  [super dealloc]
#endif
#define DROP(p) do { [p release]; p = nil; } while (0)
#endif
