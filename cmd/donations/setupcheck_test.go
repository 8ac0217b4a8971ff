package main

import (
	"context"
	"errors"
	"strings"
	"testing"

	"donations/api"
	"donations/api/demo"
	"donations/ui"
)

// The setup screen's try asks the demo server over HTTP, with the key found
// where the screen says it is.
func TestSetupCheckTriesTheAccount(t *testing.T) {
	t.Parallel()
	run, err := demo.Start(context.Background(), "", demo.Options{Count: 10})
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	env := map[string]string{"MY_KEY": demo.DefaultKey, "WRONG_KEY": "not-the-key"}
	check := setupCheck{func(k string) string { return env[k] }}
	account := func(src ui.KeySource, value string) ui.SetupResult {
		return ui.SetupResult{BaseURL: run.URL, Username: demo.DefaultLogin, KeySource: src, KeyValue: value}
	}
	for _, ok := range []ui.SetupResult{account(ui.KeyFromEnv, "MY_KEY"), account(ui.KeyInFile, demo.DefaultKey),
		account(ui.KeyFromCmd, "printf %s "+demo.DefaultKey)} {
		if err := check.Check(context.Background(), ok); err != nil {
			t.Errorf("%v: %v", ok.KeySource, err)
		}
	}
	err = check.Check(context.Background(), account(ui.KeyFromEnv, "WRONG_KEY"))
	if !errors.Is(err, api.ErrAuth) || !strings.Contains(err.Error(), "401") || strings.Contains(err.Error(), "not-the-key") {
		t.Errorf("a wrong key: %v", err)
	}
	err = check.Check(context.Background(), account(ui.KeyFromEnv, "UNSET_KEY"))
	if err == nil || strings.Contains(err.Error(), "UNSET_KEY") {
		t.Errorf("an unset variable: %v", err)
	}
	err = check.Check(context.Background(), account(ui.KeyFromCmd, "exit 3"))
	if err == nil || !strings.Contains(err.Error(), "command that prints the API key") {
		t.Errorf("a failing command: %v", err)
	}
}
