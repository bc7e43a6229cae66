// Features of this project, switched on by removing the comment.
//#define WITH_SYNC 1
