#import "Installer.h"

@implementation Installer

// Not autoreleased: it releases itself when its window closes.
+ (Installer *)installer
{
    return [[Installer alloc] init];
}

- (void)installFrom:(NSString *)path
{
    [NSBundle loadNibNamed:@"Progress" owner:self];
    [progressBar setDoubleValue:0];
    [window makeKeyAndOrderFront:self];
}

- (IBAction)cancel:(id)sender
{
    [self closeInstaller];
}

- (void)downloadDidFinish:(id)download
{
    [infoText setStringValue:@"Installed"];
    [self closeInstaller];
}

// The window is released when closed; then the installer goes too.
- (void)closeInstaller
{
    if (window) [window close];
    [self autorelease];
}

@end
