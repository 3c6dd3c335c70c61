/* Creating files safely where another user or a stray link could be
 * waiting: private directories (made 0700, refused when another user owns
 * them or others may write to them), new files under unique temporary
 * names opened with O_EXCL and O_NOFOLLOW and renamed into place after
 * fsync, lock files that are never links, the removal of temporary files
 * whose writer died, reading only regular files, and appending to a file
 * the user names without following a link planted there.  Every file the
 * program creates goes through here (doc/architecture.md). */
#ifndef NC_FILES_SAFE_FILE_H
#define NC_FILES_SAFE_FILE_H

#include <stdbool.h>
#include <sys/types.h>

/* dir and its missing parents, created 0700; then dir is checked as
 * sf_dir_check does.  0, or -1 with the reason in err. */
int sf_dir_make(const char *dir, char *err, int errlen);

/* An existing dir must be a directory of this user that no one else may
 * write to (group write is allowed for the user's own primary group).
 * 0 (also when it does not exist), or -1 with the reason. */
int sf_dir_check(const char *dir, char *err, int errlen);

/* A file being written under a temporary name beside its final one. */
typedef struct {
    int fd;
    char tmp[1200];
} SfTemp;

/* Opens PATH.tmpXXXXXX (random letters) new, with mode, and holds a flock
 * on it until it is committed or dropped, so sf_temp_sweep can tell a
 * live writer's file from a dead one's.  0, or -1 with errno. */
int sf_temp_open(SfTemp *t, const char *path, mode_t mode);

/* fsync, close, rename over path, fsync the directory: path then holds the
 * old contents or the new, never a part.  0, or -1 with errno (the
 * temporary file is removed). */
int sf_temp_commit(SfTemp *t, const char *path);

/* Closes and removes the temporary file; errno is kept. */
void sf_temp_drop(SfTemp *t);

/* Removes the temporary files in dir named like NAME.EXT.tmpXXXXXX (ext
 * given with its dot) that no live writer holds: a writer killed mid-save
 * leaves one behind.  The number removed. */
int sf_temp_sweep(const char *dir, const char *ext);

/* Opens (creating it 0600 when missing; with excl, only creating it) the
 * lock file path for reading and writing.  A link or anything but a
 * regular file there is refused.  The descriptor, or -1 with errno
 * (ELOOP for a link, EINVAL for another kind of file). */
int sf_open_lock(const char *path, bool excl);

/* Opens path for reading when it is a regular file (following links, as
 * the user may keep it elsewhere); a FIFO, a device or a directory is
 * refused at once instead of blocking or reading what is not a file.  The
 * descriptor; -1 with errno (EISDIR for a directory, EINVAL for another
 * kind of file) and the reason, without the path, in why: the caller
 * names the file as its own messages do. */
int sf_open_regular(const char *path, char *why, int whylen);

/* Opens path for appending, for output the user names (the match's and
 * self-play's --pgn, --datagen).  A regular file is appended to and a
 * missing one created with mode (O_EXCL); a link at path is refused, never
 * followed, as is a directory.  With devices, a FIFO or a character device
 * is opened as given, also through a link (/dev/stdout, a named pipe,
 * /dev/null: a FIFO waits for its reader), and so is a link to the file
 * the program's standard output or error already is (--pgn /dev/stdout
 * >FILE); without, nothing but a regular file is opened, and a FIFO is
 * refused without waiting.  The descriptor (close-on-exec, blocking); -1
 * with errno (ELOOP for a link, EINVAL for another kind of file) and the
 * reason, without the path, in why. */
int sf_open_append(const char *path, mode_t mode, bool devices, char *why, int whylen);

#endif
