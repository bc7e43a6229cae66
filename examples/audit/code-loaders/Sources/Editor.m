#import "Editor.h"

@implementation BannerView

+ (BannerView *)viewWithNibNamed:(NSString *)name owner:(id)owner {
    NSString *path = [[NSBundle bundleForClass:self] pathForResource:name ofType:@"nib"];
    NSMutableArray *topLevelObjects = [NSMutableArray array];
    [NSBundle loadNibFile:path externalNameTable:[NSDictionary dictionaryWithObjectsAndKeys:topLevelObjects, @"NSTopLevelObjects", owner, @"NSOwner", nil] withZone:NULL];
    BannerView *result = nil;
    NSMutableArray *others = [NSMutableArray array];
    for (id obj in topLevelObjects) {
        if ([obj isKindOfClass:self]) result = obj;
        else [others addObject:obj];
        /* The +1 each top-level object comes with is the code's to give back. */
        [obj autorelease];
    }
    [result setOtherTopLevelObjects:others];
    return result;
}

- (void)setOtherTopLevelObjects:(NSArray *)objs {
    objs = [objs copy];
    [otherTopLevelObjects release];
    otherTopLevelObjects = objs;
}

- (void)dealloc {
    [otherTopLevelObjects release];
    [super dealloc];
}

@end

@implementation Editor

- (BannerView *)newBannerForNibName:(NSString *)name {
    return [[BannerView viewWithNibNamed:name owner:self] retain];
}

- (void)showBanner {
    if (!banner) banner = [self newBannerForNibName:@"Banner"];
}

- (void)dealloc {
    [banner release];
    [super dealloc];
}

@end

@implementation ToolbarMaker

// The top-level objects come at +1 in `objects`, and nothing gives them back.
- (void)makeToolbar {
    NSNib *nib = [[NSNib alloc] initWithNibNamed:@"Toolbar" bundle:nil];
    [nib instantiateNibWithOwner:self topLevelObjects:&objects];
    [objects retain];
    [nib release];
}

- (void)dealloc {
    [objects release];
    [super dealloc];
}

@end

@implementation Inspector

- (NSView *)newInspectorView {
    [NSBundle loadNibNamed:@"Inspector" owner:self];
    NSView *result = outletView; // the top-level object's +1 goes to the caller
    outletView = nil;
    return result;
}

@end

@implementation Copier

- (void)copyAll {
    [NSBundle loadNibNamed:@"Progress" owner:self];
    [NSApp runModalForWindow:progressWindow];
    [progressWindow close];
    [progressWindow release];
    progressWindow = nil;
}

@end

@implementation GeneralPrefs

- (NSString *)preferencesNibName {
    return @"GeneralPrefs";
}

@end
