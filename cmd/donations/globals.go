package main

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"donations/api"
	"donations/api/demo"
	"donations/config"
)

// globals are the flags every command takes, before or after its name.
type globals struct {
	profile, configPath, baseURL, username string
	demo                                   bool
	demoCount                              int
	demoShape                              string
	demoEnd                                time.Time // zero: the moment the program starts
	verbose                                bool
	noCache                                bool
	logPath                                string
	log                                    *logFile // the open --log file; closeLog closes it
}

// hooks are what a command hears from the client as it works, given to
// connect by the command itself.
type hooks struct {
	onWait func(api.Wait) // long waits, for the commands that show them
	// trace, when set, hears of every request instead of the --verbose
	// lines on stderr: the browser keeps them in its request log.
	trace    func(api.Exchange)
	allWaits bool // every wait, not only the long ones
}

func (g *globals) register(root *cobra.Command) {
	fs := root.PersistentFlags()
	fs.StringVar(&g.profile, "profile", "", "profile of the config file (default: default_profile)")
	fs.StringVar(&g.configPath, "config", "", "config file (default: $XDG_CONFIG_HOME/donations/config.toml)")
	fs.StringVar(&g.baseURL, "base-url", "", "the account's API base URL (https; http only on loopback)")
	fs.StringVar(&g.username, "username", "", "login e-mail or organization id")
	fs.BoolVar(&g.demo, "demo", false, "use the built-in demo API (no account needed)")
	g.demoCount = 5000
	intVar(fs, &g.demoCount, "demo-count", 0, 0, "donations in the built-in demo")
	g.demoShape = demo.ShapeSpec
	fs.Var(choiceFlag{&g.demoShape, demo.ShapeNames}, "demo-shape", "the built-in demo's shape: spec, or donorbox (nested donor, newest first, 50 a page, date-only filters)")
	fs.Var(momentFlag{&g.demoEnd}, "demo-end", "the moment the built-in demo's gifts end (default: now), e.g. 2026-11-01 or 2026-11-01T09:30:00Z")
	_ = root.RegisterFlagCompletionFunc("demo-shape", cobra.FixedCompletions(demo.ShapeNames, cobra.ShellCompDirectiveNoFileComp))
	fs.BoolVar(&g.verbose, "verbose", false, "log each request to stderr: method, URL, status, bytes, ms")
	fs.BoolVar(&g.noCache, "no-cache", false, "keep the local store in memory: no donor data written to disk")
	fs.StringVar(&g.logPath, "log", "", "append each request's line to this file too (as --verbose writes them)")
}

// account is a ready client and what to call it on screen.
type account struct {
	client  *api.Client
	label   string
	store   string // the local store's file; "" keeps it in memory
	csvBOM  bool   // the profile's csv_bom
	bell    bool   // the profile's live_bell
	profile string // the profile's name, for what the browser remembers
	file    string // the config file read, if any
	demo    string // with --demo, the demo server's address
	shape   config.Shape
	close   func()
}

// connect builds the client from --demo, or from flags, environment and the
// config file. A demo server is started in-process on a loopback port and
// spoken to over real HTTP, through the same client as a real account.
func connect(ctx context.Context, a *app, h hooks) (*account, error) {
	g, e := &a.g, a.env
	cfg := api.Config{UserAgent: "donations-cli", OnWait: h.onWait, AllWaits: h.allWaits, Clock: e.clock}
	trace, err := g.traces(e, h.trace)
	if err != nil {
		return nil, err
	}
	cfg.Trace = trace
	if g.demo {
		run, err := demo.Start(ctx, "", demo.Options{Count: demoSize(g.demoCount), Shape: g.demoShape, End: demoEnd(g.demoEnd, a.now)})
		if err != nil {
			return nil, err
		}
		cfg.BaseURL, cfg.Username, cfg.APIKey = run.URL, demo.DefaultLogin, demo.DefaultKey
		c, err := api.New(cfg)
		if err != nil {
			run.Close()
			return nil, err
		}
		shape, err := config.ReadShape(g.configPath, e.getenv, shapeNames())
		if err != nil {
			run.Close()
			return nil, err
		}
		return &account{client: c, label: "demo", profile: "demo", shape: shape, demo: run.URL, close: run.Close}, nil
	}
	s, err := config.Resolve(ctx, config.Overrides{ConfigPath: g.configPath, Profile: g.profile,
		BaseURL: g.baseURL, Username: g.username, Names: shapeNames()}, e.getenv)
	if err != nil {
		return nil, err
	}
	cfg.BaseURL, cfg.Username, cfg.APIKey = s.BaseURL, s.Username, s.APIKey
	c, err := api.New(cfg)
	if err != nil {
		var ae *api.Error
		if !errors.As(err, &ae) {
			err = &config.Error{Msg: err.Error()}
		}
		return nil, err
	}
	label := c.Username() + " @ " + hostOf(c.Endpoint())
	return &account{client: c, label: label, store: storeFile(ctx, a, s), csvBOM: s.CSVBOM, bell: s.LiveBell,
		profile: s.Profile, file: s.File, shape: s.Shape, close: func() {}}, nil
}

// traces is where each request is told: the command's own trace, or
// stderr with --verbose, and the --log file.
func (g *globals) traces(e env, own func(api.Exchange)) (func(api.Exchange), error) {
	var sinks []func(api.Exchange)
	switch {
	case own != nil:
		sinks = append(sinks, own)
	case g.verbose:
		sinks = append(sinks, func(x api.Exchange) { _ = logExchange(e.stderr, x) })
	}
	if g.logPath != "" && g.log == nil {
		l, err := openLog(g.logPath)
		if err != nil {
			return nil, err
		}
		g.log = l
	}
	if l := g.log; l != nil {
		sinks = append(sinks, l.write)
	}
	if len(sinks) == 0 {
		return nil, nil
	}
	var mu sync.Mutex // pages are fetched side by side; lines must not interleave
	return func(x api.Exchange) {
		mu.Lock()
		defer mu.Unlock()
		for _, sink := range sinks {
			sink(x)
		}
	}, nil
}
