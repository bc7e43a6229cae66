#import "ImageReader.h"

@implementation ImageReader

- (BOOL)readFile:(NSString *)path
{
    [NSBundle loadNibNamed:@"Chooser" owner:self];
    [NSApp runModalForWindow:sheet];
    [sheet orderOut:self];
    return [countField intValue] > 0;
}

@end
