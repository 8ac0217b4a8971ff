package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"sync"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/config"
)

// globals are the flags every command takes.
type globals struct {
	profile, configPath, baseURL, username string
	demo                                   bool
	demoCount                              int
	verbose                                bool
	onWait                                 func(api.Wait) // set by commands that show long waits
}

func (g *globals) register(fs *flag.FlagSet) {
	fs.StringVar(&g.profile, "profile", g.profile, "profile of the config file")
	fs.StringVar(&g.configPath, "config", g.configPath, "config file path")
	fs.StringVar(&g.baseURL, "base-url", g.baseURL, "API base URL")
	fs.StringVar(&g.username, "username", g.username, "login e-mail or organization id")
	fs.BoolVar(&g.demo, "demo", g.demo, "use the built-in demo API")
	fs.IntVar(&g.demoCount, "demo-count", g.demoCount, "donations in the built-in demo")
	fs.BoolVar(&g.verbose, "verbose", g.verbose, "log each request to stderr")
}

// account is a ready client and what to call it on screen.
type account struct {
	client *api.Client
	label  string
	close  func()
}

// connect builds the client from --demo, or from flags, environment and the
// config file. A demo server is started in-process on a loopback port and
// spoken to over real HTTP, through the same client as a real account.
func connect(ctx context.Context, g *globals, e env) (*account, error) {
	cfg := api.Config{UserAgent: "donations-cli", OnWait: g.onWait}
	if g.verbose {
		var mu sync.Mutex // pages are fetched side by side; lines must not interleave
		cfg.Trace = func(x api.Exchange) {
			mu.Lock()
			defer mu.Unlock()
			logExchange(e, x)
		}
	}
	if g.demo {
		if g.demoCount < 0 {
			return nil, &config.Error{Msg: "--demo-count must be 0 or more"}
		}
		run, err := demo.Start(ctx, "", demo.Options{Count: g.demoCount})
		if err != nil {
			return nil, err
		}
		cfg.BaseURL, cfg.Username, cfg.APIKey = run.URL, demo.DefaultLogin, demo.DefaultKey
		c, err := api.New(cfg)
		if err != nil {
			run.Close()
			return nil, err
		}
		return &account{client: c, label: "demo", close: run.Close}, nil
	}
	s, err := config.Resolve(ctx, config.Overrides{ConfigPath: g.configPath, Profile: g.profile,
		BaseURL: g.baseURL, Username: g.username}, e.getenv)
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
	return &account{client: c, label: label, close: func() {}}, nil
}

func logExchange(e env, x api.Exchange) {
	status := fmt.Sprint(x.Status)
	switch {
	case errors.Is(x.Err, context.Canceled):
		status = "cancelled" // read ahead past the end, or interrupted
	case x.Err != nil:
		status = "error: " + x.Err.Error()
	}
	retry := ""
	if x.Attempt > 1 {
		retry = fmt.Sprintf(" (attempt %d)", x.Attempt)
	}
	fmt.Fprintf(e.stderr, "%s %s -> %s, %d bytes, %d ms%s\n", x.Method, x.URL, status, x.Bytes, x.Duration/time.Millisecond, retry)
}
