#import "PageLogger.h"

@implementation PageLogger

- (void)log
{
    [NSBundle loadNibNamed:@"Chooser" owner:self];
    [sheet orderOut:self];
}

- (void)dealloc
{
    [sheet release];
    [super dealloc];
}

@end
