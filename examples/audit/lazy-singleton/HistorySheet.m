#import "HistorySheet.h"

// Not a singleton: a new sheet each time, handed out autoreleased. Its static is a count.
static int made = 0;

@implementation HistorySheet

+ (id)historySheet
{
    HistorySheet *sheet = [[self alloc] init];
    made++;
    return [sheet autorelease];
}

- (void)beginForWindow:(NSWindow *)window
{
    [NSBundle loadNibNamed:@"History" owner:self];
    [NSApp beginSheet:panel modalForWindow:window modalDelegate:nil didEndSelector:NULL contextInfo:NULL];
}

@end
