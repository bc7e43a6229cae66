// A function that releases through the pointer it is given, behind a macro (R8).
void _MPClear(id *addr);
#define MPClear(x) _MPClear(&x)
