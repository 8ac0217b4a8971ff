package main

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
)

// The API key must never appear in anything the program writes: every
// format, --verbose, and every error path, with the key given every way.
func TestTheAPIKeyIsNeverPrinted(t *testing.T) {
	if testing.Short() {
		t.Skip("many runs of the program over thousands of donations: left to go test ./...")
	}
	t.Parallel()
	const key = "sk_live_TOPSECRET_4f9a71"
	start := func(o demo.Options) *demo.Running {
		o.APIKey = key
		run, err := demo.Start(context.Background(), "", o)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(run.Close)
		return run
	}
	ok := start(demo.Options{Count: 120, Hostile: true, Drift: true})
	withUserinfo := func(run *demo.Running, user string) string {
		u, _ := url.Parse(run.URL)
		u.User = url.UserPassword(user, key)
		return u.String()
	}
	keyEnv := map[string]string{"DONATIONS_API_KEY": key}
	closed := start(demo.Options{Count: 1})
	closedURL := withUserinfo(closed, demo.DefaultLogin)
	closed.Close()

	dir := t.TempDir()
	leaky := filepath.Join(dir, "leaky.toml")
	_ = os.WriteFile(leaky, []byte("[profiles.main]\nbase_url = \""+ok.URL+"\"\nusername = \"u\"\napi_key = \""+key+"\"\n"), 0o644)
	_ = os.Chmod(leaky, 0o644)
	failingCmd := filepath.Join(dir, "cmd.toml")
	_ = os.WriteFile(failingCmd, []byte("[profiles.main]\nbase_url = \""+ok.URL+"\"\nusername = \"u\"\napi_key_cmd = \"echo "+key+"; echo "+key+" >&2; exit 1\"\n"), 0o600)

	cases := []struct {
		name string
		env  map[string]string
		args []string
	}{
		{"ndjson", keyEnv, []string{"list", "--base-url", ok.URL, "--username", demo.DefaultLogin, "--format", "ndjson", "--verbose"}},
		{"json", keyEnv, []string{"list", "--base-url", ok.URL, "--username", demo.DefaultLogin, "--format", "json", "--verbose"}},
		{"csv", keyEnv, []string{"list", "--base-url", ok.URL, "--username", demo.DefaultLogin, "--format", "csv", "--verbose"}},
		{"table", keyEnv, []string{"list", "--base-url", ok.URL, "--username", demo.DefaultLogin, "--format", "table", "--verbose"}},
		{"newest", keyEnv, []string{"list", "--base-url", ok.URL, "--username", demo.DefaultLogin, "--newest", "5", "--verbose"}},
		{"key in the URL", nil, []string{"list", "--base-url", withUserinfo(ok, demo.DefaultOrgID), "--verbose"}},
		{"wrong username", keyEnv, []string{"list", "--base-url", ok.URL, "--username", "nobody", "--verbose"}},
		{"wrong username, key in the URL", nil, []string{"list", "--base-url", withUserinfo(ok, "nobody"), "--verbose"}},
		{"403", keyEnv, []string{"list", "--base-url", start(demo.Options{Script: []int{403}}).URL, "--username", demo.DefaultLogin, "--verbose"}},
		{"404", nil, []string{"list", "--base-url", withUserinfo(start(demo.Options{Script: []int{404}}), demo.DefaultLogin) + "/wrong/prefix", "--verbose"}},
		{"bare 429s and 500s", keyEnv, []string{"list", "--base-url", start(demo.Options{Script: []int{demo.FaultBare429, 500, 0, 500}}).URL, "--username", demo.DefaultLogin, "--verbose"}},
		{"HTML instead of JSON", nil, []string{"list", "--base-url", withUserinfo(start(demo.Options{Script: []int{demo.FaultHTML200}}), demo.DefaultLogin), "--verbose"}},
		{"connection reset and cut", nil, []string{"list", "--base-url", withUserinfo(start(demo.Options{Script: []int{demo.FaultReset, demo.FaultCut}}), demo.DefaultLogin), "--verbose"}},
		{"nothing listening", nil, []string{"list", "--base-url", closedURL, "--verbose"}},
		{"plain http to a remote host", nil, []string{"list", "--base-url", "http://" + demo.DefaultLogin + ":" + key + "@api.example.org"}},
		{"not a URL", nil, []string{"list", "--base-url", "https://u:" + key + "@exa mple.org/%zz"}},
		{"cache info, key in the URL", nil, []string{"cache", "info", "--base-url", withUserinfo(ok, demo.DefaultLogin)}},
		{"list --offline, key in the URL", nil, []string{"list", "--offline", "--base-url", withUserinfo(ok, demo.DefaultLogin)}},
		{"report --offline, key in the URL", nil, []string{"report", "yoy", "--offline", "--base-url", withUserinfo(ok, demo.DefaultLogin)}},
		{"cache info, key in a URL Go cannot read", nil, []string{"cache", "info", "--base-url", "https://u:" + key + "@exa mple.org/%zz"}},
		{"api_key in a readable file", nil, []string{"list", "--config", leaky}},
		{"api_key_cmd failing", nil, []string{"list", "--config", failingCmd}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := map[string]string{"HOME": t.TempDir()}
			for k, v := range tc.env {
				env[k] = v
			}
			// What is checked is what the program writes, not when: a
			// test clock ends the retries' waits at once.
			r := runClocked(env, &apitest.Clock{}, tc.args...)
			if strings.Contains(r.stdout, key) || strings.Contains(r.stderr, key) {
				t.Errorf("the key was printed (exit %d):\nstdout: %.300s\nstderr: %s", r.code, r.stdout, r.stderr)
			}
			if r.stdout == "" && r.stderr == "" {
				t.Error("the program said nothing at all")
			}
		})
	}
}
