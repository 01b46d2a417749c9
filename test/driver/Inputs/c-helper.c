/* Plain C: compiled by clang as C, no device compile. */
int c_offset(void) { return (int)sizeof(char[100]); }
