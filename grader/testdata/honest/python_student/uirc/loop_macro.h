#define UIRC_FOR(var, bound) for (int32_t var = 0; var < (bound); var++)
