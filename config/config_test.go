package config

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeConfig(t *testing.T, text string, mode os.FileMode) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
	return path
}

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestParseReportsFileLineAndKey(t *testing.T) {
	cases := []struct {
		name, text string
		want       []string
	}{
		{"unknown key with suggestion", "[profiles.main]\nbase_url = \"https://x\"\nbase_ur = \"y\"\n",
			[]string{"config.toml:3", "profiles.main.base_ur", `did you mean "base_url"`}},
		{"unknown top-level key", "default_profil = \"main\"\n",
			[]string{"config.toml:1", `did you mean "default_profile"`}},
		{"unknown key, nothing close", "[profiles.main]\ncolour = \"red\"\n",
			[]string{"config.toml:2", "known keys: base_url"}},
		{"syntax error", "[profiles.main]\nbase_url = \"unterminated\n",
			[]string{"config.toml:2"}},
		{"wrong type", "[profiles.main]\nbase_url = 5\n",
			[]string{"config.toml", "base_url"}},
		{"two key sources", "[profiles.main]\napi_key_env = \"A\"\napi_key = \"b\"\n",
			[]string{"config.toml:3", "only one of"}},
		{"default profile missing", "default_profile = \"mian\"\n[profiles.main]\n",
			[]string{"config.toml:1", `did you mean "main"`}},
		{"profile that is not a table", "[profiles]\nmain = \"x\"\n",
			[]string{"config.toml:2", "[profiles.main]"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("/etc/x/config.toml", []byte(tc.text))
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("err = %v, want a FileError", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%q lacks %q", err.Error(), w)
				}
			}
		})
	}
}

func TestResolvePrecedence(t *testing.T) {
	path := writeConfig(t, `default_profile = "main"
[profiles.main]
base_url = "https://main.example.org"
username = "main@example.org"
api_key_env = "MAIN_KEY"
[profiles.other]
base_url = "https://other.example.org"
username = "4242"
api_key_cmd = "echo other-key"
`, 0o644)
	cases := []struct {
		name    string
		ov      Overrides
		env     map[string]string
		base    string
		user    string
		key     string
		profile string
	}{
		{"profile alone", Overrides{}, map[string]string{"MAIN_KEY": "k1"}, "https://main.example.org", "main@example.org", "k1", "main"},
		{"environment over profile", Overrides{}, map[string]string{"MAIN_KEY": "k1", EnvBaseURL: "https://env.example.org", EnvUser: "env", EnvAPIKey: "k2"},
			"https://env.example.org", "env", "k2", "main"},
		{"flags over environment", Overrides{BaseURL: "https://flag.example.org", Username: "flag"},
			map[string]string{"MAIN_KEY": "k1", EnvBaseURL: "https://env.example.org", EnvUser: "env"}, "https://flag.example.org", "flag", "k1", "main"},
		{"--profile picks another", Overrides{Profile: "other"}, nil, "https://other.example.org", "4242", "other-key", "other"},
		{"DONATIONS_PROFILE picks another", Overrides{}, map[string]string{EnvProfile: "other"}, "https://other.example.org", "4242", "other-key", "other"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.ov.ConfigPath = path
			s, err := Resolve(context.Background(), tc.ov, env(tc.env))
			if err != nil {
				t.Fatal(err)
			}
			if s.BaseURL != tc.base || s.Username != tc.user || s.APIKey != tc.key || s.Profile != tc.profile {
				t.Errorf("got %+v", s)
			}
		})
	}
}

func TestFlagsAndEnvironmentAloneAreEnough(t *testing.T) {
	home := t.TempDir() // no config file there
	s, err := Resolve(context.Background(), Overrides{BaseURL: "https://api.example.org", Username: "org_1"},
		env(map[string]string{"HOME": home, EnvAPIKey: "k"}))
	if err != nil {
		t.Fatal(err)
	}
	if s.APIKey != "k" || s.Profile != "" || s.File != "" {
		t.Errorf("got %+v", s)
	}
}

func TestNothingConfigured(t *testing.T) {
	home := t.TempDir()
	_, err := Resolve(context.Background(), Overrides{}, env(map[string]string{"HOME": home}))
	if !errors.Is(err, ErrNotConfigured) {
		t.Fatalf("err = %v, want ErrNotConfigured", err)
	}
	help := NotConfiguredHelp(DefaultPath(env(map[string]string{"HOME": home})))
	for _, want := range []string{"donations --demo", filepath.Join(home, ".config", "donations", "config.toml"), "DONATIONS_API_KEY"} {
		if !strings.Contains(help, want) {
			t.Errorf("help lacks %q", want)
		}
	}
}

// Each XDG variable names the folder when it is absolute; unset or relative
// (the spec says to ignore a relative value), the home folder's default.
func TestXDGDirs(t *testing.T) {
	for _, tc := range []struct{ env, value, underHome, want string }{
		{"XDG_CONFIG_HOME", "/xdg", ".config", "/xdg/donations"},
		{"XDG_CONFIG_HOME", "", ".config", "/home/u/.config/donations"},
		{"XDG_CONFIG_HOME", "rel", ".config", "/home/u/.config/donations"},
		{"XDG_CACHE_HOME", "/c", ".cache", "/c/donations"},
		{"XDG_CACHE_HOME", "cache", ".cache", "/home/u/.cache/donations"},
		{"XDG_CACHE_HOME", "./cache", ".cache", "/home/u/.cache/donations"},
		{"XDG_STATE_HOME", "state", ".local/state", "/home/u/.local/state/donations"},
	} {
		if got := Dir(env(map[string]string{tc.env: tc.value, "HOME": "/home/u"}), tc.env, tc.underHome); got != tc.want {
			t.Errorf("%s=%q: %s, want %s", tc.env, tc.value, got, tc.want)
		}
	}
	if got := DefaultPath(env(map[string]string{"XDG_CONFIG_HOME": "/xdg", "HOME": "/home/u"})); got != "/xdg/donations/config.toml" {
		t.Errorf("DefaultPath = %s", got)
	}
}

func TestKeySources(t *testing.T) {
	const secret = "s3cr3t-key-value"
	cases := []struct {
		name    string
		profile string
		mode    os.FileMode
		env     map[string]string
		key     string
		errHas  []string
	}{
		{"api_key in a private file", `api_key = "` + secret + `"`, 0o600, nil, secret, nil},
		{"api_key readable by others", `api_key = "` + secret + `"`, 0o644, nil, "", []string{"chmod 600", "others can read"}},
		{"api_key readable by group", `api_key = "` + secret + `"`, 0o640, nil, "", []string{"chmod 600"}},
		{"api_key_env", `api_key_env = "MY_KEY"`, 0o644, map[string]string{"MY_KEY": secret}, secret, nil},
		{"api_key_env unset", `api_key_env = "MY_KEY"`, 0o644, nil, "", []string{"api_key_env", "not set"}},
		{"api_key_cmd", `api_key_cmd = "printf '%s\n' ` + secret + `"`, 0o644, nil, secret, nil},
		{"api_key_cmd failing with the key in its output", `api_key_cmd = "echo ` + secret + `; echo oops ` + secret + ` >&2; exit 3"`, 0o644, nil, "",
			[]string{"api_key_cmd", "exit status 3", "not shown"}},
		{"api_key_cmd printing nothing", `api_key_cmd = "true"`, 0o644, nil, "", []string{"printed nothing"}},
		{"DONATIONS_API_KEY wins", `api_key_env = "MY_KEY"`, 0o644, map[string]string{"MY_KEY": "other", EnvAPIKey: secret}, secret, nil},
		{"no key at all", ``, 0o644, nil, "", []string{"no API key", EnvAPIKey}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := writeConfig(t, "[profiles.main]\nbase_url = \"https://a.example.org\"\nusername = \"u\"\n"+tc.profile+"\n", tc.mode)
			if err := os.Chmod(path, tc.mode); err != nil { // umask may have narrowed it
				t.Fatal(err)
			}
			s, err := Resolve(context.Background(), Overrides{ConfigPath: path}, env(tc.env))
			if tc.errHas == nil {
				if err != nil {
					t.Fatal(err)
				}
				if s.APIKey != tc.key {
					t.Errorf("key = %q, want %q", s.APIKey, tc.key)
				}
				return
			}
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.errHas {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%q lacks %q", err.Error(), w)
				}
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("error shows the key: %v", err)
			}
		})
	}
}

func TestResolveErrors(t *testing.T) {
	path := writeConfig(t, "[profiles.main]\nbase_url = \"https://a\"\nusername = \"u\"\napi_key_env = \"K\"\n", 0o600)
	empty := writeConfig(t, "", 0o600)
	cases := []struct {
		name string
		ov   Overrides
		want string
	}{
		{"unknown profile", Overrides{ConfigPath: path, Profile: "mian"}, `did you mean "main"`},
		{"missing explicit file", Overrides{ConfigPath: path + ".nope"}, "does not exist"},
		// No profile in use: the key's sources are named where they can be set.
		{"no key for an account of the command line", Overrides{ConfigPath: empty, BaseURL: "https://b", Username: "v"},
			"no API key: set " + EnvAPIKey + ", or api_key_cmd / api_key_env / api_key in a profile of " + empty},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Resolve(context.Background(), tc.ov, env(map[string]string{"K": "k"}))
			var ce *Error
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want a config error with %q", err, tc.want)
			}
		})
	}
}

func TestWriteNewIsPrivateAndReadsBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "config.toml")
	p := Profile{BaseURL: "https://api.example.org", Username: "org_1", APIKey: "k"}
	if err := WriteNew(path, "main", p); err != nil {
		t.Fatal(err)
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if f.Mode != 0o600 || f.DefaultProfile != "main" || f.Profiles["main"] != p {
		t.Errorf("read back %+v mode %o", f, f.Mode)
	}
	s, err := Resolve(context.Background(), Overrides{ConfigPath: path}, env(nil))
	if err != nil || s.APIKey != "k" {
		t.Errorf("resolve: %+v %v", s, err)
	}
	if err := WriteNew(path, "main", p); err == nil {
		t.Error("an existing file was overwritten")
	}
}
