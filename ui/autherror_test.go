package ui

import (
	"testing"

	"donations/api/demo"
)

// A refused key names the config file the account was read from: the file
// to correct.
func TestAuthenticationErrorNamesTheConfigFile(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{APIKey: "another-key"})
	d := newDriverWith(t, src, Options{Config: "/home/u/.config/donations/config.toml"}, 100, 30)
	d.mustShow("HTTP 401", "The account was read from /home/u/.config/donations/config.toml.")
}
