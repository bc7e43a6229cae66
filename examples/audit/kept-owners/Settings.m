#import "Settings.h"
#import "Shelf.h"

@implementation Settings

// One object, kept in a static: a singleton under another name than `+shared…`.
static Settings *settings = nil;

+ (Settings *)defaultSettings {
    if (!settings) settings = [[Settings alloc] init];
    return settings;
}

- (Shelf *)shelf {
    if (!shelf) {
        shelf = [[Shelf alloc] init];
    }
    return shelf;
}

- (void)dealloc {
    [shelf release];
    [super dealloc];
}

@end
