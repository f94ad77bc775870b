// SQLite 3, found through pkg-config (libsqlite3-dev on Debian): the friend picker's cache index
// (Legacy/FacebookSDK/Picker/Cache). The system library, never a vendored amalgamation.
#include <sqlite3.h>
