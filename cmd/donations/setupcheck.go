package main

import (
	"context"
	"time"

	"donations/api"
	"donations/config"
	"donations/ui"
)

// setupProfile is the profile the setup screen's answers make.
func setupProfile(r ui.SetupResult) config.Profile {
	p := config.Profile{BaseURL: r.BaseURL, Username: r.Username}
	if r.NoCache {
		p.Cache = new(bool) // cache = false
	}
	switch r.KeySource {
	case ui.KeyFromEnv:
		p.APIKeyEnv = r.KeyValue
	case ui.KeyFromCmd:
		p.APIKeyCmd = r.KeyValue
	case ui.KeyInFile:
		p.APIKey = r.KeyValue
	}
	return p
}

// setupCheck tries the setup screen's account with one request for one
// donation, so a wrong key or address is told before it is saved.
type setupCheck struct{ getenv func(string) string }

func (c setupCheck) Check(ctx context.Context, r ui.SetupResult) error {
	key, err := config.ProfileKey(ctx, setupProfile(r), c.getenv)
	if err != nil {
		return err
	}
	client, err := api.New(api.Config{BaseURL: r.BaseURL, Username: r.Username, APIKey: key, UserAgent: "donations-cli",
		Retry: api.RetryPolicy{MaxAttempts: 2, BaseDelay: time.Second, Budget: 20 * time.Second}})
	if err != nil {
		return err
	}
	_, err = client.Page(ctx, api.Query{Page: 1, PerPage: 1})
	return err
}
