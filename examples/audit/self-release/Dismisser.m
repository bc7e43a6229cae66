#import "Dismisser.h"

@implementation Dismisser

- (void)show
{
    [NSBundle loadNibNamed:@"Dismiss" owner:self];
    [window makeKeyAndOrderFront:self];
}

// Closes its window (released when closed) and hands itself back autoreleased: its end.
- (id)dismiss
{
    [window close];
    return [self autorelease];
}

@end
