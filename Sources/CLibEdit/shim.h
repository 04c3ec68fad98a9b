// CLibEdit: the parts of libedit (BSD editline + history) that the
// `LineEditing` module uses.
//
// Swift cannot call C variadic functions, and most of libedit's API goes
// through the variadic `el_set`, `el_get` and `history`. Each wrapper below
// fixes one variadic call to a concrete signature. Swift 6 also refuses to
// read the mutable C globals `stdin`/`stdout`/`stderr`, so the wrappers that
// need them touch them here, in C.
//
// Return values follow libedit: 0 (or a non-negative count) on success,
// -1 on failure.

#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H

#include <histedit.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

// MARK: - EditLine

/// `el_init(prog, stdin, stdout, stderr)`. `prog` selects the `prog:` lines
/// of ~/.editrc that apply. Returns NULL on failure.
static inline EditLine *clibedit_init(const char *prog) {
    return el_init(prog, stdin, stdout, stderr);
}

/// The prompt callback. The `1` argument is the delimiter that brackets
/// invisible prompt characters (terminal escape sequences), so that libedit
/// can compute the prompt's width: "\1\033[1m\1siri>\1\033[0m\1 ".
static inline int clibedit_set_prompt(EditLine *el, char *(*fn)(EditLine *)) {
    return el_set(el, EL_PROMPT_ESC, fn, '\1');
}

/// A prompt for callbacks that have nothing better to return.
static inline char *clibedit_empty_prompt(void) {
    static char empty[1] = "";
    return empty;
}

/// "emacs" or "vi".
static inline int clibedit_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

/// EL_SIGNAL: when 1, libedit restores the terminal around signals that
/// arrive during el_gets and follows window size changes.
static inline int clibedit_set_signal(EditLine *el, int flag) {
    return el_set(el, EL_SIGNAL, flag);
}

/// The read end of the program's interruption self-pipe (see the reader
/// below), or -1. NB: a static in a header has one copy per object file that
/// uses it, so only clibedit_use_interruptible_read sets it and only the reader
/// it installs reads it: both come from the same call site.
static int clibedit_interrupt_fd = -1;

/// Empties the self-pipe; returns whether an interruption was waiting.
static inline int clibedit_interrupt_take(void) {
    int taken = 0;
    char buffer[64];
    while (clibedit_interrupt_fd >= 0 && read(clibedit_interrupt_fd, buffer, sizeof buffer) > 0) {
        taken = 1;
    }
    return taken;
}

/// The character reader installed by clibedit_use_interruptible_read: reads one
/// character (UTF-8, decoded to a wide character) from the editor's input.
///
/// libedit's own reader retries a read that a signal interrupted once, and a
/// signal that comes in while it is not reading does not interrupt it at all,
/// so a Ctrl-C could be lost. This reader waits on the input and on the
/// interruption self-pipe together, and gives up (errno EINTR, return -1) as
/// soon as an interruption is there, so el_gets returns and the caller decides.
static inline int clibedit_interruptible_read(EditLine *el, wchar_t *out) {
    FILE *in = NULL;
    int fd = 0;
    if (el_get(el, EL_GETFP, 0, &in) == 0 && in != NULL) {
        fd = fileno(in);
    }
    mbstate_t state;
    memset(&state, 0, sizeof state);
    char byte;
    for (;;) {
        struct pollfd fds[2] = {{fd, POLLIN, 0}, {clibedit_interrupt_fd, POLLIN, 0}};
        int ready = poll(fds, clibedit_interrupt_fd >= 0 ? 2 : 1, -1);
        if (clibedit_interrupt_take()) {
            *out = L'\0';
            errno = EINTR;
            return -1;
        }
        if (ready < 0) {
            if (errno == EINTR) {
                continue;  // a signal that is not an interruption (a window resize)
            }
            *out = L'\0';
            return -1;
        }
        ssize_t count = read(fd, &byte, 1);
        if (count == 0) {
            *out = L'\0';
            return 0;
        }
        if (count < 0) {
            if (errno == EINTR || errno == EAGAIN) {
                continue;
            }
            *out = L'\0';
            return -1;
        }
        wchar_t wide;
        size_t used = mbrtowc(&wide, &byte, 1, &state);
        if (used == (size_t)-2) {
            continue;  // the middle of a multi-byte character
        }
        if (used == (size_t)-1) {
            memset(&state, 0, sizeof state);
            *out = (wchar_t)0xFFFD;  // not valid in the locale: a replacement character
            return 1;
        }
        *out = wide;
        return 1;
    }
}

/// Installs clibedit_interruptible_read as the editor's character reader,
/// woken by a byte on `interrupt_fd` (the non-blocking read end of the
/// program's interruption self-pipe, written by its SIGINT handler).
static inline int clibedit_use_interruptible_read(EditLine *el, int interrupt_fd) {
    clibedit_interrupt_fd = interrupt_fd;
    return el_set(el, EL_GETCFN, clibedit_interruptible_read);
}

/// EL_EDITMODE: 0 turns editing off (set before el_end).
static inline int clibedit_set_editmode(EditLine *el, int flag) {
    return el_set(el, EL_EDITMODE, flag);
}

/// An opaque pointer callbacks can get back with clibedit_client_data.
static inline int clibedit_set_client_data(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

static inline void *clibedit_client_data(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) {
        return NULL;
    }
    return data;
}

/// The stream libedit writes to (stdout here).
static inline FILE *clibedit_output_file(EditLine *el) {
    FILE *fp = NULL;
    if (el_get(el, EL_GETFP, 1, &fp) != 0) {
        return NULL;
    }
    return fp;
}

/// Makes the up/down keys and history search use `h`.
static inline int clibedit_use_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}

/// Registers an editor function `name` that keys can be bound to. `fn`
/// returns one of the CC_* codes.
static inline int clibedit_add_function(EditLine *el, const char *name,
                                        const char *help,
                                        unsigned char (*fn)(EditLine *, int)) {
    return el_set(el, EL_ADDFN, name, help, fn);
}

/// `bind key fn`, e.g. key "^I", fn "em-inc-search-prev".
static inline int clibedit_bind(EditLine *el, const char *key, const char *fn) {
    return el_set(el, EL_BIND, key, fn, (const char *)NULL);
}

/// Reads $EDITRC or ~/.editrc. -1 when there is none.
static inline int clibedit_source(EditLine *el) {
    return el_source(el, NULL);
}

/// Columns of the terminal on `fd`, or 0 when unknown.
static inline int clibedit_terminal_columns(int fd) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) {
        return 0;
    }
    return ws.ws_col;
}

// MARK: - History

/// Returns NULL on failure.
static inline History *clibedit_history_init(void) {
    return history_init();
}

static inline void clibedit_history_end(History *h) {
    history_end(h);
}

/// Keep at most `size` entries.
static inline int clibedit_history_set_size(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}

/// When `flag` is 1, an entry equal to the previous one is not added.
static inline int clibedit_history_set_unique(History *h, int flag) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, flag);
}

/// Adds `line` as the newest entry.
static inline int clibedit_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}

/// Appends the entries of the file at `path`.
static inline int clibedit_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}

/// Writes all entries to the file at `path` (mode 0600).
static inline int clibedit_history_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}

/// The number of entries.
static inline int clibedit_history_count(History *h) {
    HistEvent ev;
    if (history(h, &ev, H_GETSIZE) < 0) {
        return -1;
    }
    return ev.num;
}

#endif
