#define DEPS_VALUE 7
