#import "Downloader.h"

@implementation Downloader

// Made per download and released: the window it loads and never releases leaks each time.
- (void)start {
    [NSBundle loadNibNamed:@"Progress" owner:self];
    [window makeKeyAndOrderFront:nil];
}

@end
