package config

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Overrides are the command line's say, which wins over everything else.
type Overrides struct {
	ConfigPath string
	Profile    string
	BaseURL    string
	Username   string
	NoKey      bool // settle the account without fetching its key (offline use)
	// Names are what the browser offers, for checking the file's [keys],
	// columns and [views]; nil checks nothing.
	Names *ShapeNames
}

// ShapeNames are the browser's key bindings, columns and view settings.
type ShapeNames struct{ Bindings, Columns, ViewFields []string }

// Settings is a complete account configuration.
type Settings struct {
	Profile   string // "" when flags and environment alone configured it
	BaseURL   string
	Username  string
	APIKey    string
	KeySource string // where the key came from, for messages (never the key)
	File      string // the config file read, if any
	NoCache   bool   // the profile says cache = false
	CSVBOM    bool   // the profile says csv_bom = true
	LiveBell  bool   // the profile says live_bell = true
	// FiscalStart is the month the profile's years start in (fiscal_start), 0 if unset.
	FiscalStart int
	Shape       Shape // the file's theme, columns, keys and views
}

// ErrNotConfigured means nothing at all says which account to use.
var ErrNotConfigured = errors.New("not configured")

// NotConfiguredHelp tells a newcomer how to start; path is the config file looked for.
func NotConfiguredHelp(path string) string {
	return fmt.Sprintf(`donations has no account configured yet.

  Try it first with the built-in demo API (no account needed):
      donations --demo

  To use your account, either pass it on the command line:
      DONATIONS_API_KEY=... donations --base-url https://your.api.host --username you@example.org

  or write %s:
      default_profile = "main"
      [profiles.main]
      base_url = "https://your.api.host"
      username = "you@example.org"            # login e-mail or organization id
      api_key_cmd = "pass show donations/main" # or api_key_env = "VAR"`, path)
}

// Error is a configuration problem: exit status 2.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

func errorf(format string, args ...any) error { return &Error{fmt.Sprintf(format, args...)} }

// Resolve merges flags, environment and the config file, in that order of
// precedence, and fetches the API key. getenv is os.Getenv outside tests.
func Resolve(ctx context.Context, ov Overrides, getenv func(string) string) (Settings, error) {
	path := ov.ConfigPath
	if path == "" {
		path = DefaultPath(getenv)
	}
	file, err := loadFile(path, ov.ConfigPath != "")
	if err != nil {
		return Settings{}, err
	}
	s := Settings{}
	if file != nil {
		s.Shape = file.Shape
		if n := ov.Names; n != nil {
			if err := file.checkShape(file.raw, n.Bindings, n.Columns, n.ViewFields); err != nil {
				return Settings{}, err
			}
		}
	}
	prof, err := pickProfile(&s, file, path, first(ov.Profile, getenv(EnvProfile)))
	if err != nil {
		return Settings{}, err
	}
	s.BaseURL = first(ov.BaseURL, getenv(EnvBaseURL), prof.BaseURL)
	s.Username = first(ov.Username, getenv(EnvUser), prof.Username)
	envKey := getenv(EnvAPIKey)
	if s.BaseURL == "" && s.Username == "" && envKey == "" && s.Profile == "" {
		return Settings{}, ErrNotConfigured
	}
	where := "a profile of " + path
	if s.Profile != "" {
		where = fmt.Sprintf("profile %q in %s", s.Profile, path)
	}
	if s.BaseURL == "" {
		return Settings{}, errorf("no base URL: set base_url in %s, %s, or --base-url", where, EnvBaseURL)
	}
	if s.Username == "" && !strings.Contains(s.BaseURL, "@") {
		return Settings{}, errorf("no username: set username in %s (the login e-mail or the organization id), %s, or --username", where, EnvUser)
	}
	s.NoCache = prof.Cache != nil && !*prof.Cache
	s.CSVBOM = prof.CSVBOM
	s.LiveBell = prof.LiveBell
	s.FiscalStart = prof.FiscalStart
	if ov.NoKey {
		return s, nil
	}
	if err := apiKey(ctx, &s, prof, file, envKey, where, getenv); err != nil {
		return Settings{}, err
	}
	return s, nil
}

// loadFile reads the config file; a missing one is no error unless it was
// named on the command line.
func loadFile(path string, explicit bool) (*File, error) {
	file, err := Load(path)
	var fe *FileError
	var ce *Error
	switch {
	case err == nil:
		return file, nil
	case errors.Is(err, fs.ErrNotExist) && !explicit:
		return nil, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, errorf("config file %s does not exist", path)
	case errors.As(err, &fe):
		return nil, &Error{fe.Error()}
	case errors.As(err, &ce):
		return nil, ce
	}
	return nil, errorf("reading config file %s: %v", path, err)
}

// pickProfile chooses the profile asked for, the file's default, or its only
// one, and records which in s.
func pickProfile(s *Settings, file *File, path, name string) (Profile, error) {
	if file == nil {
		if name != "" {
			return Profile{}, errorf("profile %q asked for, but there is no config file at %s", name, path)
		}
		return Profile{}, nil
	}
	s.File = path
	if name == "" {
		name = file.DefaultProfile
	}
	if name == "" && len(file.Profiles) == 1 {
		name = file.ProfileNames()[0]
	}
	if name == "" {
		return Profile{}, nil
	}
	p, ok := file.Profiles[name]
	if !ok {
		return Profile{}, errorf("%s: no profile %q%s", path, name, file.suggest(name))
	}
	s.Profile = name
	return p, nil
}

// apiKey fetches the key from the first source that has one: the
// environment, then the profile's api_key_cmd, api_key_env or api_key.
func apiKey(ctx context.Context, s *Settings, prof Profile, file *File, envKey, where string, getenv func(string) string) error {
	switch {
	case envKey != "":
		s.APIKey, s.KeySource = envKey, EnvAPIKey
	case prof.APIKeyCmd != "":
		key, err := runKeyCmd(ctx, prof.APIKeyCmd)
		if errors.Is(err, context.Canceled) {
			return err // interrupted: not a configuration error
		}
		if err != nil {
			return errorf("api_key_cmd of profile %q: %v", s.Profile, err)
		}
		s.APIKey, s.KeySource = key, "api_key_cmd"
	case prof.APIKeyEnv != "":
		// The variable's name is not shown: people paste the key itself there.
		s.APIKey, s.KeySource = getenv(prof.APIKeyEnv), "the variable named by api_key_env"
		if s.APIKey == "" {
			return errorf("profile %q takes its API key from the environment variable named by api_key_env in %s, which is not set (the name is not shown, in case it is the key itself)", s.Profile, s.File)
		}
	case prof.APIKey != "":
		if file.Mode&0o077 != 0 {
			return errorf("%s holds an API key but others can read it (mode %04o): run  chmod 600 %s", s.File, file.Mode, s.File)
		}
		s.APIKey, s.KeySource = prof.APIKey, "api_key in "+s.File
	case strings.Contains(s.BaseURL, "@"):
		s.KeySource = "the base URL"
	default:
		return errorf("no API key: set %s, or api_key_cmd / api_key_env / api_key in %s", EnvAPIKey, where)
	}
	return nil
}

func first(vals ...string) string {
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// keyCmdTimeout bounds a credential helper; maxKeyLine bounds the line read
// from it (a key is well under a hundred bytes).
const (
	keyCmdTimeout = 30 * time.Second
	maxKeyLine    = 4 << 10
)

// runKeyCmd runs a credential helper through sh -c, as git does, and reads
// the first line it prints. Its output is never put in an error, since it may
// be the key or part of it. When it overruns, or the program is interrupted,
// the helper and everything it started are stopped (see keycmd_unix.go), and
// the program waits at most a second more for them.
func runKeyCmd(ctx context.Context, command string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, keyCmdTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	cmd.Stdin = os.Stdin
	cmd.Stderr = nil // discarded: it may echo the secret
	cmd.WaitDelay = time.Second
	ownGroup(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("could not start: %v", err)
	}
	// A child the helper left behind may hold the pipe open after the
	// helper is stopped: stop reading when the time is up.
	stop := context.AfterFunc(ctx, func() { out.Close() })
	defer stop()
	line, tooLong := firstLine(out)
	// A helper that goes on printing (`yes`) gets a broken pipe, not our memory.
	out.Close()
	err = cmd.Wait()
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		return "", fmt.Errorf("did not finish within %s (its output is not shown)", keyCmdTimeout)
	case ctx.Err() != nil:
		return "", ctx.Err()
	case tooLong:
		return "", fmt.Errorf("printed a first line longer than %d bytes; it must print the API key alone on its first line", maxKeyLine)
	case err != nil && !(line != "" && brokenPipe(err)):
		return "", fmt.Errorf("failed (%v); its output is not shown because it may hold the key", err)
	}
	key := strings.TrimSpace(line)
	if key == "" {
		return "", fmt.Errorf("printed nothing: it must print the API key on its first line")
	}
	return key, nil
}

// firstLine reads up to the first newline, and at most maxKeyLine bytes.
func firstLine(r io.Reader) (line string, tooLong bool) {
	br := bufio.NewReaderSize(io.LimitReader(r, maxKeyLine+1), maxKeyLine+1)
	b, err := br.ReadSlice('\n')
	if err == nil || err == io.EOF {
		return string(b), false
	}
	return "", len(b) > maxKeyLine
}
