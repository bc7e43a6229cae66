#import <Cocoa/Cocoa.h>

@interface KeyPicker : NSWindowController {
    NSOpenPanel *keyPanel;
    NSSavePanel *exportPanel;
}
- (IBAction)chooseKey:(id)sender;
- (IBAction)exportKeys:(id)sender;
@end
