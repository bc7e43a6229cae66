#import "AppDelegate.h"
#import "PrefsController.h"
#import "Downloader.h"

@implementation AppDelegate

// An object of the main nib: it lives as long as the application. It makes its preferences
// controller once, the first time they are asked for, and never lets go of it.
- (IBAction)showPreferences:(id)sender {
    if (!prefs) {
        prefs = [[PrefsController alloc] init];
    }
    [prefs showWindow:sender];
}

// A downloader per download, released at once: its own leaks are real.
- (IBAction)download:(id)sender {
    Downloader *d = [[Downloader alloc] init];
    [d start];
    [d release];
}

@end
