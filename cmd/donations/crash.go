package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"syscall"

	tea "charm.land/bubbletea/v2"

	"donations/textsafe"
)

// exitCrash is the status of a bug caught in flight. Go's own crash status
// is 2, which here means a usage error: scripts must be able to tell.
const exitCrash = 3

// stopSignals end the program cleanly, the terminal given back: ctrl+c, a
// kill, and the terminal going away.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// programOptions are the options of every Bubble Tea program here. Its
// context ends on stopSignals. Bubble Tea's own SIGINT and SIGTERM handler is
// turned off: racing with the context, it could block for good sending its
// message to an event loop that had already left, and the program hung on
// shutdown with the terminal still raw.
func programOptions(ctx context.Context) []tea.ProgramOption {
	return []tea.ProgramOption{tea.WithContext(ctx), tea.WithoutSignalHandler()}
}

// guarded runs the program and turns a panic on its way into a report and
// exitCrash, instead of Go's crash and status 2. The browser catches its own
// panics and gives the terminal back first (see tuiExit).
func guarded(stderr io.Writer, program func() int) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "donations: internal error: %v\nThis is a bug; please report it with what follows.\n%s", r, debug.Stack())
			code = exitCrash
		}
	}()
	return program()
}

// tuiExit is the status for how the browser ended. Bubble Tea recovers a
// panic in the program or in a command, restores the terminal, and reports
// it as killed; that must not read as a normal exit.
func tuiExit(stderr io.Writer, err error) int {
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, tea.ErrProgramPanic):
		fmt.Fprintln(stderr, "donations: internal error: the browser failed (see above); the terminal was restored. This is a bug; please report it.")
		return exitCrash
	case errors.Is(err, tea.ErrProgramKilled):
		return exitOK // interrupted or the terminal went away
	}
	fmt.Fprintln(stderr, "donations:", err)
	return exitAPI
}

// safeText writes what it is given with escape sequences, controls, bidi
// overrides and zero-width characters taken out. Errors quote servers, and a
// server's words must not drive the terminal. Each Write is one message.
type safeText struct{ w io.Writer }

func (s safeText) Write(p []byte) (int, error) {
	if _, err := io.WriteString(s.w, textsafe.Block(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}
