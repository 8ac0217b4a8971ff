package config

import (
	"os"
	"path/filepath"
)

// Dir is this program's folder under the XDG base directory that the
// variable env names (XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_STATE_HOME), or
// under underHome in the home folder when it is unset. A relative value is
// ignored, as the XDG spec says: it would put the files under whichever
// folder the program happened to start in.
func Dir(getenv func(string) string, env, underHome string) string {
	dir := getenv(env)
	if !filepath.IsAbs(dir) {
		home := getenv("HOME")
		if home == "" {
			home, _ = os.UserHomeDir()
		}
		dir = filepath.Join(home, underHome)
	}
	return filepath.Join(dir, "donations")
}
