#import "Clearing.h"

void inline _MPClear(id *addr) {
    [*addr release], *addr = nil;
}
