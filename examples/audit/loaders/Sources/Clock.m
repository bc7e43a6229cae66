#import "Clock.h"

@implementation ClockApplication
@end

@implementation ClockDelegate
- (void)showAlarm {
    alarm = [[NSWindowController alloc] initWithWindowNibName:@"Alarm"];
    [alarm showWindow:self];
}
- (void)showTimer {
    [[[TimerWindowController alloc] initWithWindowNibName:@"Timer"] showWindow:self];
}
- (void)dealloc {
    [alarm release];
    [super dealloc];
}
@end

@implementation DialView
@end

@implementation ClockPane
- (void)mainViewDidLoad {
    faceColor = [[NSColor alloc] init];
}
- (void)dealloc {
    [faceColor release];
    [super dealloc];
}
@end

@implementation TimerWindowController
// Neither outlet was retained (Mac ivar outlets, N6): both releases are over-releases.
- (void)dealloc {
    [durationField release];
    [startButton release];
    [super dealloc];
}
@end

@implementation ClockDocument
// NSDocument makes the window controller that loads this nib, owner self, and that
// controller releases its top-level objects (L6): nothing to release here.
- (NSString *)windowNibName {
    return @"ClockDocument";
}
@end
