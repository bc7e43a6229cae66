#import "PageChooser.h"

@implementation PageChooser

- (int)choosePage
{
    [NSBundle loadNibNamed:@"Chooser" owner:self];
    [NSApp runModalForWindow:sheet];
    [sheet orderOut:self];
    return [countField intValue];
}

- (void)dealloc
{
    [sheet release];
    [super dealloc];
}

@end
