package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"donations/api"
	"donations/config"
	"donations/safefs"
)

// logFile is the --log file. A line that cannot be written is counted, and
// the command told of it when it ends, rather than lost without a word.
type logFile struct {
	f    *os.File
	path string
	err  error // the first write that failed
	lost int
}

// openLog opens the --log file to append to. Only a regular file is taken,
// never through a symlink, opened without waiting (a FIFO waited for a reader
// for good, past ctrl+c), and one that belongs to someone else is refused:
// the lines name the account's URLs. One of the user's own is made 0600, as
// a new one is.
func openLog(path string) (*logFile, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND|safefs.NoFollow|safefs.NonBlock, 0o600)
	if err != nil {
		// The open fails on a symlink (ELOOP) and on a FIFO no one reads
		// (ENXIO): say what the path is rather than the system's word.
		if info, lerr := os.Lstat(path); lerr == nil && !info.Mode().IsRegular() {
			return nil, logError(path, safefs.File(path, info, false))
		}
		return nil, &config.Error{Msg: fmt.Sprintf("--log %s: %v", path, errors.Unwrap(err))}
	}
	l := &logFile{f: f, path: path}
	if err := l.private(); err != nil {
		f.Close()
		return nil, logError(path, err)
	}
	return l, nil
}

// private checks the open file itself, so a file swapped in after the open
// is not the one checked.
func (l *logFile) private() error {
	info, err := l.f.Stat()
	if err == nil && info.Mode().IsRegular() && safefs.Owned(info) && info.Mode().Perm()&0o077 != 0 {
		if err = l.f.Chmod(0o600); err == nil {
			info, err = l.f.Stat()
		}
	}
	if err != nil {
		return err
	}
	return safefs.File(l.path, info, false)
}

func logError(path string, err error) error {
	var u *safefs.Unsafe
	if errors.As(err, &u) {
		return &config.Error{Msg: fmt.Sprintf("--log %s %s; give the path of a file of yours", path, u.Why())}
	}
	return &config.Error{Msg: fmt.Sprintf("--log %s: %v", path, err)}
}

// logExchange writes one request as --verbose and --log say it: the request,
// what came of it (the status, why the attempt failed and the retry that
// follows), then its size, time and attempt.
func logExchange(w io.Writer, x api.Exchange) error {
	attempt := ""
	if x.Attempt > 1 {
		attempt = fmt.Sprintf(" (attempt %d)", x.Attempt)
	}
	_, err := fmt.Fprintf(w, "%s %s -> %s, %d %s, %d ms%s\n", x.Method, x.URL, x.Outcome(), x.Bytes, x.BytesUnit(), x.Duration/time.Millisecond, attempt)
	return err
}

func (l *logFile) write(x api.Exchange) {
	if l.err == nil {
		l.err = logExchange(l.f, x)
		if l.err == nil {
			return
		}
	}
	l.lost++
}

// closeLog closes the --log file, if there is one, when the command has
// ended with code; a line it could not write makes a command that
// succeeded fail.
func (g *globals) closeLog(e env, code int) int {
	l := g.log
	if l == nil {
		return code
	}
	g.log = nil
	err := l.f.Close()
	if l.err != nil {
		fmt.Fprintf(e.stderr, "donations: --log %s: %d lines could not be written (%v)\n", l.path, l.lost, errors.Unwrap(l.err))
	} else if err != nil {
		fmt.Fprintf(e.stderr, "donations: --log %s: %v\n", l.path, errors.Unwrap(err))
	}
	if (l.err != nil || err != nil) && code == exitOK {
		return exitAPI
	}
	return code
}
