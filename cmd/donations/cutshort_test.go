//go:build unix

package main

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
)

// cutShortHome is syncedHome's store as a first sync killed after it
// recorded its end, but before it built the search index and the sums,
// leaves it (meta deferred still set), and the key a sync needs.
func cutShortHome(t *testing.T, count int) (env map[string]string, account []string) {
	t.Helper()
	env, account, path := syncedHome(t, demo.Options{Count: count})
	for _, q := range []string{
		`INSERT INTO meta(key, value) VALUES ('deferred', '1')`,
		`INSERT INTO donations_fts(donations_fts) VALUES ('delete-all')`,
		`DELETE FROM rollup_day`, `DELETE FROM rollup_dims`, `DELETE FROM donors`,
	} {
		craft(t, path, q)
	}
	env["DONATIONS_API_KEY"] = demo.DefaultKey
	return env, account
}

// The commands that open such a store finish it, which took seconds (20
// at a million donations) without a word: each now says so on stderr as
// it starts, and answers as before; the next command has nothing to
// finish and says nothing.
func TestCutShortStoreIsFinishedAloud(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
		out  string // what stdout holds
	}{
		{"list --offline", []string{"list", "--offline", "--newest", "1", "--format", "ndjson"}, `{"id":`},
		{"summary --offline", []string{"summary", "--offline", "--by", "status", "--format", "csv"}, "paid"},
		{"cache info", []string{"cache", "info"}, "donations:   300"},
		{"sync", []string{"sync", "--window", "0"}, "300 donations in the store"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name != "sync" && testing.Short() {
				// Each command finishes the store by the same build: the
				// race pass runs it once, under the sync's goroutines.
				t.Skip("the race pass finishes the store in the sync case")
			}
			env, account := cutShortHome(t, 300)
			r := runCmd(t, env, append(tc.args, account...)...)
			if r.code != 0 || !strings.Contains(r.stdout, tc.out) || !strings.Contains(r.stderr, finishingNote) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want %q on stdout and on stderr that the store is being finished", r.code, r.stdout, r.stderr, tc.out)
			}
			r = runCmd(t, env, append(tc.args, account...)...)
			if r.code != 0 || strings.Contains(r.stderr, "finishing") || strings.Contains(r.stdout, "finishing") {
				t.Fatalf("the next run: exit %d, %q %q; want nothing left to finish", r.code, r.stdout, r.stderr)
			}
		})
	}
}

// A sync that finishes such a store counts the build in its time, and
// says so: its own part alone could be a small fraction of what the user
// waited.
func TestSyncTimeCountsTheStoreFinished(t *testing.T) {
	t.Parallel()
	env, account := cutShortHome(t, 300)
	r := runCmd(t, env, append([]string{"sync", "--window", "0"}, account...)...)
	m := regexp.MustCompile(`· ([0-9.]+) s \(([0-9.]+) s of it finishing the store a stopped sync left\) ·`).FindStringSubmatch(r.stdout)
	if r.code != 0 || m == nil {
		t.Fatalf("exit %d, %q %q; want the sync's time to say what finishing the store took", r.code, r.stdout, r.stderr)
	}
	whole, _ := strconv.ParseFloat(m[1], 64)
	part, _ := strconv.ParseFloat(m[2], 64)
	if whole < part {
		t.Errorf("the sync says it took %v s, of which %v s finishing the store: the whole is less than its part", whole, part)
	}
}

// list and summary online never read the search index or the sums: they
// leave the build to the next command that does, rather than wait for it.
func TestOnlineCommandsLeaveTheStoreToFinish(t *testing.T) {
	t.Parallel()
	env, account := cutShortHome(t, 300)
	for _, args := range [][]string{
		{"list", "--newest", "1", "--format", "ndjson"},
		{"summary", "--by", "status", "--format", "csv"},
	} {
		if r := runCmd(t, env, append(args, account...)...); r.code != 0 || strings.Contains(r.stderr, "finishing") {
			t.Fatalf("%v: exit %d, %q; want an answer and no build", args, r.code, r.stderr)
		}
	}
	r := runCmd(t, env, append([]string{"list", "--offline", "--newest", "1", "--format", "ndjson"}, account...)...)
	if r.code != 0 || !strings.Contains(r.stderr, finishingNote) {
		t.Fatalf("list --offline after them: exit %d, %q; want it to finish the store they left", r.code, r.stderr)
	}
}

// stopOnNote is a stderr that stops the program (as ctrl+c ends main's
// context) the moment it says it is finishing the store.
type stopOnNote struct {
	syncBuffer
	stop func()
}

func (s *stopOnNote) Write(p []byte) (int, error) {
	if bytes.Contains(p, []byte(finishingNote)) {
		s.stop()
	}
	return s.syncBuffer.Write(p)
}

// ctrl+c while a command or the browser finishes the store stops it:
// exit 130, and the next command finishes the store and answers whole.
func TestCutShortBuildStopsOnInterrupt(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"list --offline", []string{"list", "--offline", "--format", "ndjson"}},
		{"the browser", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env, account := cutShortHome(t, 300)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			errb := &stopOnNote{stop: cancel}
			var out bytes.Buffer
			code := run(ctx, append(tc.args, account...), &out, errb, func(k string) string { return env[k] }, pinnedNow, api.WallClock)
			if code != exitInterrupted || !strings.Contains(errb.String(), "interrupted") {
				t.Fatalf("exit %d, %q; want %d: the stop reaches the build", code, errb.String(), exitInterrupted)
			}
			r := runCmd(t, env, append([]string{"list", "--offline", "--search", "@example.", "--format", "ndjson"}, account...)...)
			if r.code != 0 || !strings.Contains(r.stderr, finishingNote) || len(ndjsonIDs(t, r.stdout)) != 300 {
				t.Fatalf("the next command: exit %d, %d found, %q; want the store finished and all 300 found", r.code, len(ndjsonIDs(t, r.stdout)), r.stderr)
			}
		})
	}
}
