#import "Highlighter.h"

@implementation Highlighter
- (id)init {
    self = [super init];
    if (self) {
        (void)[NSBundle loadNibNamed:@"Progress" owner:self];
    }
    return self;
}
- (void)dealloc {
    // The panel's +1 from the nib, given back through the bar inside it (L16).
    [[progressBar window] release];
    [super dealloc];
}
@end

@implementation Meter
- (id)init {
    self = [super init];
    if (self) {
        (void)[NSBundle loadNibNamed:@"Meter" owner:self];
    }
    return self;
}
- (void)dealloc {
    [meterBar stopAnimation:nil];
    [super dealloc];
}
@end
