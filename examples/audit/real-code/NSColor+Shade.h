#import <Cocoa/Cocoa.h>
// A category on a framework class: it adds methods to NSColor and defines no class.
@interface NSColor (Shade)
- (NSColor *)darker;
@end
