#import <Cocoa/Cocoa.h>

// Shows a progress window while it installs, then closes it and releases itself.
@interface Installer : NSObject {
    IBOutlet NSWindow *window;
    IBOutlet NSProgressIndicator *progressBar;
    IBOutlet NSTextField *infoText;
}
+ (Installer *)installer;
- (void)installFrom:(NSString *)path;
- (IBAction)cancel:(id)sender;
- (void)downloadDidFinish:(id)download;
- (void)closeInstaller __attribute__((ns_consumes_self));
@end
