#import "Page.h"

@implementation Page

- (NSView *)content {
    if (!content) [NSBundle loadNibNamed:@"Page" owner:self];
    return content;
}

@end
