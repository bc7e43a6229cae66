#import "NoteDocument.h"

@implementation NoteDocument

- (NSString *)windowNibName
{
    return @"NoteDocument";
}

- (IBAction)snapshot:(id)sender
{
    history = [[NSMutableArray alloc] init];
}

- (void)dealloc
{
    [super dealloc];
}

@end
