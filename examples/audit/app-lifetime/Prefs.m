#import "Prefs.h"

static Prefs *shared = nil;

@implementation Prefs

// Made once, never released: `modules` lives as long as the application.
+ (id)sharedInstance {
    if (!shared)
        shared = [[self alloc] init];
    return shared;
}

- (id)init {
    if ((self = [super initWithWindowNibName:@"Prefs"])) {
        modules = [[NSMutableArray alloc] init];
    }
    return self;
}

@end
