package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/export"
)

// tmuxSession runs a command in a detached tmux session of a fixed size and
// reads its screen, as a person at a terminal would see it.
type tmuxSession struct {
	t    *testing.T
	name string
}

func newTmux(t *testing.T, w, h int, command string) *tmuxSession {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is not installed; .ci/run installs it")
		}
		t.Skip("tmux is not installed (apt-get install tmux)")
	}
	s := &tmuxSession{t: t, name: fmt.Sprintf("donations-e2e-%d", time.Now().UnixNano())}
	cmd := s.tmux("new-session", "-d", "-s", s.name, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), command)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tmux: %v: %s", err, out)
	}
	t.Cleanup(func() { _ = s.tmux("kill-server").Run() })
	return s
}

// tmux runs a tmux command on the session's own server: on a shared one, a
// session ending as the last one stops the server while the next test's
// session is starting on it ("server exited unexpectedly").
func (s *tmuxSession) tmux(args ...string) *exec.Cmd {
	return exec.Command("tmux", append([]string{"-L", s.name}, args...)...)
}

func (s *tmuxSession) screen() string {
	out, err := s.tmux("capture-pane", "-p", "-t", s.name).Output()
	if err != nil {
		return ""
	}
	return string(out)
}

func (s *tmuxSession) send(keys ...string) {
	s.t.Helper()
	if out, err := s.tmux(append([]string{"send-keys", "-t", s.name}, keys...)...).CombinedOutput(); err != nil {
		s.t.Fatalf("send-keys %v: %v: %s", keys, err, out)
	}
}

func (s *tmuxSession) typeText(text string) { s.send("-l", text) }

// waitFor polls the screen until it shows every part, or fails with the screen.
func (s *tmuxSession) waitFor(parts ...string) string {
	s.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		screen := s.screen()
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(screen, p)
		}
		if ok {
			return screen
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("the screen never showed %q:\n%s", parts, screen)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (s *tmuxSession) alive() bool {
	return s.tmux("has-session", "-t", s.name).Run() == nil
}

// buildBinary is the program as a person runs it, built once for every
// test that needs it: each test's own build linked it again, and none of
// them changes it.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin, err := builtBinary()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

var builtBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "donations-e2e-")
	if err != nil {
		return "", err
	}
	whenTestsEnd(func() { os.RemoveAll(dir) })
	bin := filepath.Join(dir, "donations")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// e2eTarget picks a gift to find: a donor with a Latin-script name and few
// gifts, whose gift has a tribute with a message and answered questions;
// and its place in the donor's gifts, newest first, and their number.
func e2eTarget(t *testing.T, url string) (api.Donation, int, int) {
	t.Helper()
	c, err := api.New(api.Config{BaseURL: url, Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
	if err != nil {
		t.Fatal(err)
	}
	p := c.Pager(api.Query{}, api.OldestFirst)
	for !p.Done() {
		b, err := p.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range b.Donations {
			h := d.Honor
			if h == nil || len(h.RecipientMessage.Value) < 10 || strings.Contains(h.RecipientMessage.Value, "\n") ||
				len(d.Questions) < 2 || d.Questions[1].Type.Value != "dropdown" || !ascii(d.DonorName()+h.HonoreeName.Value+h.RecipientMessage.Value) {
				continue
			}
			gifts := donorGiftIDs(t, c, d.Email.Value)
			if len(gifts) > 10 {
				continue
			}
			for i, id := range gifts {
				if id == d.ID.Value {
					return d, len(gifts) - 1 - i, len(gifts) // the browser lists them newest first
				}
			}
		}
	}
	t.Fatal("no suitable gift in the demo data")
	return api.Donation{}, 0, 0
}

func ascii(s string) bool {
	for _, r := range s {
		if r > 0x7e {
			return false
		}
	}
	return true
}

func donorGiftIDs(t *testing.T, c *api.Client, email string) []int64 {
	var ids []int64
	p := c.Pager(api.Query{Email: email}, api.OldestFirst)
	for !p.Done() {
		b, err := p.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range b.Donations {
			ids = append(ids, d.ID.Value)
		}
	}
	return ids
}

func TestEndToEndFindADonorInTmux(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and drives it in tmux")
	}
	run, err := demo.Start(context.Background(), "", demo.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	gift, index, count := e2eTarget(t, run.URL)
	bin := buildBinary(t)
	command := fmt.Sprintf("env HOME=%s DONATIONS_API_KEY=%s TZ=UTC %s --base-url %s --username %s",
		t.TempDir(), demo.DefaultKey, bin, run.URL, demo.DefaultOrgID)
	s := newTmux(t, 130, 70, command)

	// The first screen is the server's first page; once the background sync
	// has run, the list is the store's.
	s.waitFor("synced just now", " donations · newest first")
	s.send("f")
	s.waitFor("Filters", "E-mail")
	s.typeText(gift.Email.Value)
	s.send("Enter")
	s.waitFor("email="+gift.Email.Value, fmt.Sprintf("%d shown", count))
	for range index {
		s.send("j")
	}
	s.send("Enter")
	h := gift.Honor
	screen := s.waitFor("Tribute", h.HonoreeName.Value, h.RecipientMessage.Value[:10])
	for _, want := range []string{gift.PaymentChargeID.Value, gift.Questions[1].Question.Value, export.AnswerText(gift.Questions[1].Answer), h.TributeType.Value} {
		if !strings.Contains(screen, want) {
			t.Errorf("the detail lacks %q:\n%s", want, screen)
		}
	}
	s.send("q")
	deadline := time.Now().Add(5 * time.Second)
	for s.alive() && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if s.alive() {
		t.Errorf("q did not quit:\n%s", s.screen())
	}
}

func TestQuittingDuringALoadGivesTheTerminalBack(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and drives it in tmux")
	}
	run, err := demo.Start(context.Background(), "", demo.Options{Latency: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	bin := buildBinary(t)
	command := fmt.Sprintf("printf 'before\\n'; env HOME=%s DONATIONS_API_KEY=%s %s --base-url %s --username %s; echo \"exit=$?\"; sleep 30",
		t.TempDir(), demo.DefaultKey, bin, run.URL, demo.DefaultLogin)
	s := newTmux(t, 100, 30, command)
	s.waitFor("loading")
	start := time.Now()
	s.send("q")
	screen := s.waitFor("exit=0")
	t.Logf("quit %v after q, with a request in flight", time.Since(start).Round(time.Millisecond))
	if !strings.Contains(screen, "before") || strings.Contains(screen, "DATE") {
		t.Errorf("the shell's screen was not given back as it was:\n%s", screen)
	}
	cursor, err := s.tmux("display-message", "-p", "-t", s.name, "#{cursor_flag} #{alternate_on}").Output()
	if err != nil || strings.TrimSpace(string(cursor)) != "1 0" {
		t.Errorf("cursor visible / alternate screen = %q, want \"1 0\"", strings.TrimSpace(string(cursor)))
	}
}

func TestNoColorLeavesOnlyBoldAndReverse(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and drives it in tmux")
	}
	bin := buildBinary(t)
	for _, noColor := range []bool{false, true} {
		env := "COLORTERM=truecolor"
		if noColor {
			env += " NO_COLOR=1"
		}
		s := newTmux(t, 100, 30, fmt.Sprintf("env HOME=%s %s %s --demo --demo-end 2026-11-01", t.TempDir(), env, bin))
		s.waitFor("5,000 donations")
		out, err := s.tmux("capture-pane", "-e", "-p", "-t", s.name).Output()
		if err != nil {
			t.Fatal(err)
		}
		// SGR 38/48 set a foreground or background colour; 30-37 and 90-97 too.
		colour := regexp.MustCompile(`\x1b\[[0-9;]*(3[0-7]|38|9[0-7]|48)[;m]`)
		if got := colour.Match(out); got == noColor {
			t.Errorf("NO_COLOR=%v: colours on screen = %v", noColor, got)
		}
	}
}
