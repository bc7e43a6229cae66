#import "FolderWatcher.h"

@implementation FolderWatcher

- (void)setDelegate:(id)d
{
    [d retain];
    [delegate release];
    delegate = d;
}

- (void)dealloc
{
    [super dealloc];
}

@end
