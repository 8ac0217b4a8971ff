// Command donations browses an organization's donations through the Donations
// Read API: a terminal UI, a `list` command for scripts, and a demo server.
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"time"

	"donations/api"
)

// Exit statuses, as documented in the README and the help (exitCrash: crash.go).
const (
	exitOK     = 0
	exitAPI    = 1
	exitConfig = 2
	// exitInterrupted is the shell's status for a command stopped by
	// SIGINT (128+2): ctrl+c is a person's stop, not a failure.
	exitInterrupted = 130
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	code := guarded(os.Stderr, func() int { return run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv, time.Now, api.WallClock) })
	stop()
	os.Exit(code)
}

type env struct {
	stdout, stderr io.Writer
	getenv         func(string) string
	terms          terms
	// now is the clock date words ("last month", 30d) and the demo's end
	// are read by.
	now func() time.Time
	// clock is what the client waits and keeps its retry budget by:
	// api.WallClock but in tests, whose waits need not take real time.
	clock api.Clock
}

// run is the whole program, with its surroundings passed in so tests can run it.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string, now func() time.Time, clock api.Clock) int {
	a := &app{env: env{stdout, safeText{stderr}, getenv, detectTerms(stdout, stderr), now, clock}}
	return a.g.closeLog(a.env, execute(ctx, a.env, newRoot(a), args))
}
