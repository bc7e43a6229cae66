#import "Browser.h"

@implementation Browser
- (id)init {
    if ((self = [super initWithWindowNibName:@"Browser"])) {
        mainNibLoaded = NO;
        history = [[NSMutableArray alloc] init];
    }
    return self;
}

// Sent at every nib Browser owns (B5): its body runs once (R9).
- (void)awakeFromNib {
    if (mainNibLoaded) return;
    mainNibLoaded = YES;
    [databaseButton retain];
}

- (void)dealloc {
    MPClear(databaseButton);
    MPClear(history);
    [super dealloc];
}
@end

@implementation StatusBarOwner
- (id)init {
    if ((self = [super init])) {
        // Not a window controller: keep the top-level objects to release them in dealloc (L7).
        nibObjects = [[NSMutableArray alloc] init];
        NSArray *topLevelObjects = nil;
        NSNib *nib = [[NSNib alloc] initWithNibNamed:@"StatusBar" bundle:nil];
        [nib instantiateNibWithOwner:self topLevelObjects:&topLevelObjects];
        [nib release];
        [nibObjects addObjectsFromArray:topLevelObjects];
    }
    return self;
}

- (void)dealloc {
    for (id object in nibObjects) [object release];
    MPClear(nibObjects);
    [super dealloc];
}
@end

@implementation EncodingAccessory
// A factory that loads the nib with an owner of its own and hands the view out autoreleased (L8).
+ (NSView *)accessory {
    EncodingAccessory *owner = [[[EncodingAccessory alloc] init] autorelease];
    if (![NSBundle loadNibNamed:@"EncodingAccessory" owner:owner]) return nil;
    return [owner->accessoryView autorelease];
}
@end
