#import "Finder.h"

@implementation Finder

/* Kept for a later release: nothing loads the find panel any more.
- (void)loadUI {
    if (!window) [NSBundle loadNibNamed:@"Finder" owner:self];
}
*/

@end
