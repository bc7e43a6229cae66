#import "TagWatcher.h"

@implementation TagWatcher

- (void)setDelegate:(id)d
{
    [d retain];
    [delegate release];
    delegate = d;
}

- (void)dealloc
{
    [delegate release];
    [super dealloc];
}

@end
