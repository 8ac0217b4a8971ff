package ui

import (
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
			s := NewSetup("/home/u/.config/donations/config.toml")
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
	s := NewSetup("/tmp/c.toml")
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
