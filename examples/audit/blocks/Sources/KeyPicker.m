#import "KeyPicker.h"

@implementation KeyPicker
- (id)init { return [super initWithWindowNibName:@"KeyPicker"]; }

// The panel is kept while its sheet is up and given back by the completion handler,
// after the sheet has ended (a block run later, once: R10).
- (IBAction)chooseKey:(id)sender {
    keyPanel = [[NSOpenPanel openPanel] retain];
    [keyPanel setDelegate:self];
    [keyPanel beginSheetModalForWindow:[self window] completionHandler:^(NSInteger returnCode) {
        NSString *chosen = [[keyPanel URL] path];
        // Not while the panel's own block still runs.
        dispatch_async(dispatch_get_main_queue(), ^{
            [keyPanel release], keyPanel = nil;
        });
        if (returnCode == NSCancelButton) {
            return;
        }
        NSLog(@"key: %@", chosen);
    }];
}

// This handler forgets the panel: kept at every click, never given back.
- (IBAction)exportKeys:(id)sender {
    exportPanel = [[NSSavePanel savePanel] retain];
    [exportPanel beginSheetModalForWindow:[self window] completionHandler:^(NSInteger returnCode) {
        if (returnCode == NSOKButton) {
            NSLog(@"export to %@", [exportPanel URL]);
        }
    }];
}
@end
