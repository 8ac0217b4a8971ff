//go:build unix

package config

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

const hostileSecret = "SEKRIT-k3y-9f8e7d6c5b4a"

func resolveFile(t *testing.T, path string, getenv map[string]string) (Settings, error) {
	t.Helper()
	return Resolve(context.Background(), Overrides{ConfigPath: path}, env(getenv))
}

const profileHead = "[profiles.main]\nbase_url = \"https://a.example.org\"\nusername = \"u\"\n"

// A credential helper that misbehaves: the program neither hangs on it nor
// lets it fill memory, and nothing it started outlives it.
func TestKeyCmdThatMisbehaves(t *testing.T) {
	cases := []struct {
		name, cmd string
		key       string
		errHas    string
	}{
		{"prints the key forever", "exec yes " + hostileSecret, hostileSecret, ""},
		{"prints the key forever through a child", "yes " + hostileSecret, hostileSecret, ""},
		{"prints one endless line", "yes | tr -d '\\n'", "", "first line longer than 4096 bytes"},
		{"prints the key then more lines", "echo " + hostileSecret + "; echo second line", hostileSecret, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := writeConfig(t, profileHead+"api_key_cmd = \""+strings.ReplaceAll(tc.cmd, `\`, `\\`)+"\"\n", 0o600)
			s, err := resolveFile(t, path, nil)
			if tc.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errHas) {
					t.Fatalf("err = %v, want %q", err, tc.errHas)
				}
				return
			}
			if err != nil || s.APIKey != tc.key {
				t.Fatalf("key %q, err %v", s.APIKey, err)
			}
		})
	}
}

// Interrupted while a helper runs something slow: the helper and its
// children are stopped, and Resolve returns.
func TestKeyCmdStopsWithEverythingItStarted(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	path := writeConfig(t, profileHead+"api_key_cmd = \"sleep 100 & echo $! > "+pidFile+"; wait\"\n", 0o600)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := Resolve(ctx, Overrides{ConfigPath: path}, env(nil))
		done <- err
	}()
	pid := waitForPID(t, pidFile)
	cancel()
	select {
	case err := <-done:
		var ce *Error
		if !errors.Is(err, context.Canceled) || errors.As(err, &ce) {
			t.Errorf("err = %v, want it cancelled, not a configuration error", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Resolve still waits for the helper's child")
	}
	for deadline := time.Now().Add(10 * time.Second); syscall.Kill(pid, 0) == nil; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatal("the helper's child outlived it")
		}
	}
}

func waitForPID(t *testing.T, path string) int {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		b, _ := os.ReadFile(path)
		if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
			return pid
		}
	}
	t.Fatal("the helper never started")
	return 0
}

// A config file others can change, or that is not a file at all, is refused
// before anything in it is used.
func TestConfigFilesThatAreNotPrivateOrNotFiles(t *testing.T) {
	text := profileHead + "api_key_cmd = \"echo " + hostileSecret + "\"\n"
	cases := []struct {
		name   string
		setup  func(t *testing.T) string
		errHas []string
	}{
		{"world-writable file", func(t *testing.T) string {
			p := writeConfig(t, text, 0o600)
			must(t, os.Chmod(p, 0o666))
			return p
		}, []string{"can be changed by every user (mode 0666)", "run  chmod o-w "}},
		{"file in a world-writable folder", func(t *testing.T) string {
			p := writeConfig(t, text, 0o600)
			must(t, os.Chmod(filepath.Dir(p), 0o777))
			return p
		}, []string{"which every user can change (mode 0777)", "chmod o-w "}},
		{"symlink to a world-writable file", func(t *testing.T) string {
			p := writeConfig(t, text, 0o600)
			must(t, os.Chmod(p, 0o666))
			link := filepath.Join(t.TempDir(), "config.toml")
			must(t, os.Symlink(p, link))
			return link
		}, []string{"can be changed by every user"}},
		{"a named pipe", func(t *testing.T) string {
			p := filepath.Join(t.TempDir(), "fifo")
			must(t, syscall.Mkfifo(p, 0o600))
			return p
		}, []string{"is not a regular file (a named pipe)"}},
		{"/dev/zero", func(t *testing.T) string { return "/dev/zero" }, []string{"is not a regular file (a device)"}},
		{"a folder", func(t *testing.T) string { return t.TempDir() }, []string{"is not a regular file (a folder)"}},
		{"a file of 2 MB", func(t *testing.T) string {
			return writeConfig(t, text+strings.Repeat("# padding\n", 200_000), 0o600)
		}, []string{"larger than 1 MB"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := resolveFile(t, tc.setup(t), nil)
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("err = %v, want a config error", err)
			}
			for _, w := range tc.errHas {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%q lacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), hostileSecret) {
				t.Errorf("the key shown: %v", err)
			}
		})
	}
}

// A file holding api_key that others can read is refused, through a symlink too.
func TestReadableKeyFileRefusedThroughSymlink(t *testing.T) {
	p := writeConfig(t, profileHead+"api_key = \""+hostileSecret+"\"\n", 0o600)
	must(t, os.Chmod(p, 0o644))
	link := filepath.Join(t.TempDir(), "config.toml")
	must(t, os.Symlink(p, link))
	_, err := resolveFile(t, link, nil)
	if err == nil || !strings.Contains(err.Error(), "others can read it") || strings.Contains(err.Error(), hostileSecret) {
		t.Fatalf("err = %v", err)
	}
}

// No error quotes the value of a key field, whatever is wrong with it.
func TestKeyFieldValuesAreNeverQuoted(t *testing.T) {
	cases := []struct {
		name, profile string
		getenv        map[string]string
	}{
		{"unquoted api_key", "api_key = " + hostileSecret, nil},
		{"api_key with garbage after it", "api_key = \"" + hostileSecret + "\" " + hostileSecret, nil},
		{"unterminated api_key", "api_key = \"" + hostileSecret, nil},
		{"unquoted api_key_cmd", "api_key_cmd = " + hostileSecret, nil},
		{"the key itself in api_key_env", "api_key_env = \"" + hostileSecret + "\"", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := resolveFile(t, writeConfig(t, profileHead+tc.profile+"\n", 0o600), tc.getenv)
			if err == nil {
				t.Fatal("no error")
			}
			for i := 0; i+6 <= len(hostileSecret); i++ {
				if strings.Contains(err.Error(), hostileSecret[i:i+6]) {
					t.Fatalf("%q shown in %q", hostileSecret[i:i+6], err)
				}
			}
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
