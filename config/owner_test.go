//go:build unix

package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// otherUID stands for another user: root can give a file to any uid.
const otherUID = 12345

func asRoot(t *testing.T) {
	t.Helper()
	if os.Getuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
}

// A config file that someone else could have written is refused before its
// api_key_cmd runs: another user's file, one its group may write, one in a
// folder (at any height) that others may write or that another user owns.
func TestConfigOthersCouldChangeIsRefused(t *testing.T) {
	cases := []struct {
		name   string
		root   bool // needs root to make
		setup  func(t *testing.T, path string)
		errHas []string
	}{
		{"another user's 0644 file", true, func(t *testing.T, p string) {
			must(t, os.Chmod(p, 0o644))
			must(t, os.Chown(p, otherUID, -1))
		}, []string{"belongs to another user (uid 12345)"}},
		{"a 0664 file of the user's group", false, func(t *testing.T, p string) {
			must(t, os.Chmod(p, 0o664))
		}, []string{"can be changed by its group (mode 0664)", "chmod g-w " + "%PATH%"}},
		{"a 0600 file under a 0777 grandparent", false, func(t *testing.T, p string) {
			must(t, os.Chmod(filepath.Dir(filepath.Dir(p)), 0o777))
		}, []string{"which every user can change (mode 0777)", "chmod o-w %GRANDPARENT%"}},
		{"a 0600 file under a group-writable parent", false, func(t *testing.T, p string) {
			must(t, os.Chmod(filepath.Dir(p), 0o770))
		}, []string{"which its group can change (mode 0770)"}},
		{"a 0600 file in another user's folder", true, func(t *testing.T, p string) {
			must(t, os.Chown(filepath.Dir(p), otherUID, -1))
		}, []string{"belongs to another user (uid 12345)"}},
		{"a 0600 file in a sticky world-writable folder of its own", false, func(t *testing.T, p string) {
			must(t, os.Chmod(filepath.Dir(p), 0o777|os.ModeSticky))
		}, []string{"which every user can change (mode 0777)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.root {
				asRoot(t)
			}
			top := t.TempDir()
			dir := filepath.Join(top, "a", "b")
			must(t, os.MkdirAll(dir, 0o700))
			must(t, os.Chmod(filepath.Join(top, "a"), 0o700))
			ran := filepath.Join(top, "ran")
			path := filepath.Join(dir, "config.toml")
			must(t, os.WriteFile(path, []byte(profileHead+"api_key_cmd = \"touch "+ran+"; echo "+hostileSecret+"\"\n"), 0o600))
			tc.setup(t, path)
			_, err := resolveFile(t, path, nil)
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("err = %v, want a config error", err)
			}
			for _, w := range tc.errHas {
				w = strings.NewReplacer("%PATH%", path, "%GRANDPARENT%", filepath.Join(top, "a")).Replace(w)
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%q lacks %q", err, w)
				}
			}
			if _, err := os.Stat(ran); err == nil {
				t.Error("api_key_cmd ran")
			}
		})
	}
}

// A file of root's, in root's folders, is one only root could change.
func TestConfigOfRootIsAccepted(t *testing.T) {
	path := writeConfig(t, profileHead+"api_key_cmd = \"echo "+hostileSecret+"\"\n", 0o644)
	if os.Getuid() == 0 {
		must(t, os.Chown(path, 0, 0))
	}
	s, err := resolveFile(t, path, nil)
	if err != nil || s.APIKey != hostileSecret {
		t.Fatalf("key %q, err %v", s.APIKey, err)
	}
}
