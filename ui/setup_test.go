package ui

import (
	"context"
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

func setupKeys(s *Setup, keys ...string) tea.Cmd {
	var last tea.Cmd
	for _, k := range keys {
		var msg tea.KeyPressMsg
		switch k {
		case "tab":
			msg = tea.KeyPressMsg{Code: tea.KeyTab}
		case "enter":
			msg = tea.KeyPressMsg{Code: tea.KeyEnter}
		case "esc":
			msg = tea.KeyPressMsg{Code: tea.KeyEscape}
		case "right":
			msg = tea.KeyPressMsg{Code: tea.KeyRight}
		case "ctrl+u":
			msg = tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}
		default:
			for _, r := range k {
				_, last = s.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
			}
			continue
		}
		_, last = s.Update(msg)
	}
	return last
}

func TestSetupCollectsAnAccount(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		keys    []string
		source  KeySource
		value   string
		noCache bool
	}{
		{"key from the environment", []string{"https://api.example.org", "tab", "org_42", "tab", "tab", "tab", "enter"}, KeyFromEnv, "DONATIONS_API_KEY", false},
		{"key from a command", []string{"https://api.example.org", "tab", "org_42", "tab", "tab", "right", "tab", "pass show x", "enter"}, KeyFromCmd, "pass show x", false},
		{"key in the file", []string{"https://api.example.org", "tab", "org_42", "tab", "tab", "right", "right", "tab", "sk_1", "enter"}, KeyInFile, "sk_1", false},
		{"no store on disk", []string{"https://api.example.org", "tab", "org_42", "tab", "right", "tab", "tab", "enter"}, KeyFromEnv, "DONATIONS_API_KEY", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSetup("/home/u/.config/donations/config.toml", nil)
			cmd := setupKeys(s, tc.keys...)
			r := s.Result()
			if !r.Done || r.BaseURL != "https://api.example.org" || r.Username != "org_42" || r.KeySource != tc.source || r.KeyValue != tc.value || r.NoCache != tc.noCache {
				t.Fatalf("result %+v", r)
			}
			if cmd == nil || cmd() != tea.Quit() {
				t.Error("saving did not end the screen")
			}
			if tc.source == KeyInFile && strings.Contains(ansi.Strip(s.View().Content), "sk_1") {
				t.Error("the key is echoed on screen")
			}
		})
	}
}

func TestSetupValidatesAndCanBeLeft(t *testing.T) {
	t.Parallel()
	s := NewSetup("/tmp/c.toml", nil)
	setupKeys(s, "http://api.example.org", "tab", "tab", "tab", "tab", "enter")
	screen := ansi.Strip(s.View().Content)
	for _, want := range []string{"plain http is refused", "the login e-mail or the organization id", "donations --demo", "/tmp/c.toml"} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q:\n%s", want, screen)
		}
	}
	if s.Result().Done {
		t.Fatal("an invalid account was accepted")
	}
	if cmd := setupKeys(s, "esc"); cmd == nil || cmd() != tea.Quit() || s.Result().Done {
		t.Error("esc did not leave without a result")
	}
}

// refusing is an account checker whose server refuses every account it is
// given, as a demo server does a wrong key, until told otherwise.
type refusing struct {
	tried []SetupResult
	ok    bool
}

func (r *refusing) Check(_ context.Context, a SetupResult) error {
	r.tried = append(r.tried, a)
	if r.ok {
		return nil
	}
	return errors.New(`authentication failed (HTTP 401) on page 1 — the server said: {"error":"Authentication failed"}`)
}

// The account is tried before it is saved: a refusal shows the server's
// answer and keeps the screen; enter on the same answers saves it anyway,
// and a corrected account is tried again.
func TestSetupTriesTheAccountFirst(t *testing.T) {
	t.Parallel()
	check := &refusing{}
	s := NewSetup("/tmp/c.toml", check)
	cmd := setupKeys(s, "https://api.example.org", "tab", "org_42", "tab", "tab", "right", "right", "tab", "wrong", "enter")
	if cmd == nil || s.Result().Done {
		t.Fatal("saved without trying")
	}
	if !strings.Contains(ansi.Strip(s.View().Content), "Trying the account") {
		t.Errorf("the try is not shown:\n%s", ansi.Strip(s.View().Content))
	}
	if next := runCmd(t, s, cmd); next != nil || s.Result().Done {
		t.Fatal("a refused account was saved")
	}
	screen := ansi.Strip(s.View().Content)
	for _, want := range []string{"The try failed: authentication failed (HTTP 401)", `{"error":"Authentication failed"}`, "saves it anyway"} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "wrong") {
		t.Error("the key is echoed on screen")
	}
	// Corrected, it is tried again and saved once accepted.
	check.ok = true
	setupKeys(s, "ctrl+u", "right-key")
	cmd = setupKeys(s, "enter")
	if next := runCmd(t, s, cmd); next == nil || next() != tea.Quit() || !s.Result().Done || s.Result().KeyValue != "right-key" {
		t.Fatalf("the corrected account was not saved: %+v", s.Result())
	}
	if len(check.tried) != 2 || check.tried[1].KeyValue != "right-key" {
		t.Errorf("tried %+v", check.tried)
	}
}

func TestSetupSavesARefusedAccountWhenAskedTwice(t *testing.T) {
	t.Parallel()
	check := &refusing{}
	s := NewSetup("/tmp/c.toml", check)
	runCmd(t, s, setupKeys(s, "https://api.example.org", "tab", "org_42", "tab", "tab", "tab", "enter"))
	if cmd := setupKeys(s, "enter"); cmd == nil || cmd() != tea.Quit() || !s.Result().Done || len(check.tried) != 1 {
		t.Errorf("enter again did not save the refused account as it was: %+v, tried %d", s.Result(), len(check.tried))
	}
}

// runCmd runs a command the screen returned and gives it the message, as
// Bubble Tea does; it returns the screen's next command.
func runCmd(t *testing.T, s *Setup, cmd tea.Cmd) tea.Cmd {
	t.Helper()
	if cmd == nil {
		t.Fatal("no command")
	}
	_, next := s.Update(cmd())
	return next
}
