#import <Cocoa/Cocoa.h>

// Its window nib loaded by NSWindowController itself (initWithWindowNibName:).
@interface InspectorController : NSWindowController
@end
