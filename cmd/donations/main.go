// Command donations browses an organization's donations through the Donations
// Read API: a terminal UI, a `list` command for scripts, and a demo server.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"donations/api"
	"donations/config"
)

// Exit statuses, as documented in the README.
const (
	exitOK     = 0
	exitAPI    = 1
	exitConfig = 2
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	code := guarded(os.Stderr, func() int { return run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv) })
	stop()
	os.Exit(code)
}

type env struct {
	stdout, stderr io.Writer
	getenv         func(string) string
}

// run is the whole program, with its surroundings passed in so tests can run it.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	e := env{stdout, safeText{stderr}, getenv}
	g := &globals{}
	root := flag.NewFlagSet("donations", flag.ContinueOnError)
	root.SetOutput(stderr)
	g.register(root)
	root.Usage = func() { fmt.Fprint(stderr, usage) }
	if err := root.Parse(args); err != nil {
		return usageError(err)
	}
	rest := root.Args()
	if len(rest) == 0 {
		return runTUI(ctx, g, e)
	}
	switch rest[0] {
	case "list":
		return runList(ctx, g, rest[1:], e)
	case "demo-server":
		return runDemoServer(ctx, g, rest[1:], e)
	case "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "donations: unknown command %q\n\n%s", rest[0], usage)
	return exitConfig
}

func usageError(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitConfig
}

const usage = `donations — browse an organization's donations through the Donations Read API

Usage:
  donations [global flags]                 terminal browser on the configured profile
  donations --demo                         terminal browser on the built-in demo API
  donations list [filters] [flags]         write matching donations to stdout, page by page
  donations demo-server [flags]            serve the demo API on 127.0.0.1
  donations help

Global flags:
  --profile NAME      profile of the config file (default: default_profile)
  --config PATH       config file (default: $XDG_CONFIG_HOME/donations/config.toml)
  --base-url URL      the account's API base URL (https; http only on loopback)
  --username U        login e-mail or organization id
  --demo              use the built-in demo API (no account needed)
  --demo-count N      donations in the built-in demo (default 5000)
  --verbose           log each request to stderr (method, URL, status, bytes, ms)

list flags:
  --format table|json|ndjson|csv   (default: table on a terminal, ndjson otherwise)
  --email E  --first-name F  --last-name L  --campaign-id N  --id N
  --per-page N   page size, 1..100 (default 100)
  --pages N      stop after N pages (0 = all)
  --newest N     the N most recent donations, newest first
  --concurrency N  pages fetched at once when reading everything (default 4)

The API key comes from DONATIONS_API_KEY, or the profile's api_key_cmd,
api_key_env or api_key. It is never printed.

Exit status: 0 ok, 1 API or network failure, 2 usage or configuration error.
`

// reportError prints err for a person and returns the exit status it deserves.
func reportError(e env, err error) int {
	var cfg *config.Error
	var apiErr *api.Error
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(e.stderr, "donations: interrupted")
		return exitAPI
	case errors.As(err, &cfg):
		fmt.Fprintln(e.stderr, "donations:", cfg.Msg)
		return exitConfig
	case errors.As(err, &apiErr) && apiErr.Kind == api.KindInsecure:
		fmt.Fprintln(e.stderr, "donations:", err)
		return exitConfig
	case errors.As(err, &apiErr):
		fmt.Fprintln(e.stderr, "donations:", err)
		if h := apiErr.Hint(); h != "" {
			fmt.Fprintln(e.stderr, h)
		}
		return exitAPI
	}
	fmt.Fprintln(e.stderr, "donations:", err)
	return exitAPI
}
